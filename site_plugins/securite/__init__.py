"""A Content-Security-Policy on every page: the site's own origin only."""
