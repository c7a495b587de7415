"""Widget blocks: ``/// widget | kind`` → a form, a status area and a static fallback."""
