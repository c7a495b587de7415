"""The site as an installable web app, and each page's own description for shared links."""
