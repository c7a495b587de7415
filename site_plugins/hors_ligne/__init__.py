"""Offline: a service worker, versioned per build, precaches the whole site after a first visit."""
