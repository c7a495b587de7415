"""The site's MkDocs plugins and Markdown extensions, one small package per purpose."""
