"""Reproducible measurements of the site: build time, browser start-up, widget latency."""
