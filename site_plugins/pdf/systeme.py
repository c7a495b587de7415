"""The system libraries WeasyPrint needs, checked before any work starts.

Without Pango, WeasyPrint cannot be imported at all; without HarfBuzz-Subset (4.1 or later) it
falls back to fontTools with a warning per font, which aborts a strict build at its end, after
every page and PDF was made. The PDF plugin asks here first and stops the build at once with
a French message naming the Debian package to install (``make debian-packages`` installs them).
"""

from __future__ import annotations

__all__ = ["bibliotheques_manquantes"]

PAQUETS = "libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 fonts-dejavu-core"
"""The Debian packages WeasyPrint needs here (the Makefile's list has them too)."""


def bibliotheques_manquantes() -> list[str]:
    """The system libraries WeasyPrint lacks on this machine, each named with its Debian package.

    >>> bibliotheques_manquantes()
    []
    """
    try:
        from weasyprint.text.ffi import harfbuzz, harfbuzz_subset  # loads the libraries
    except OSError as erreur:
        return [f"Pango ou HarfBuzz (paquets Debian {PAQUETS}) : {erreur}"]
    if harfbuzz_subset is None:
        return ["HarfBuzz-Subset (paquet Debian libharfbuzz-subset0)"]
    if not harfbuzz.hb_version_atleast(4, 1, 0):
        return ["HarfBuzz 4.1 ou plus récent (paquets Debian libharfbuzz0b et libharfbuzz-subset0)"]
    return []
