"""Re-exports for the content tests still importing from conftest."""

from tests.site.pages import page_html, page_text

__all__ = ["page_html", "page_text"]
