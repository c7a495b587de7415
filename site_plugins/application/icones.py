"""The app's icons, drawn at build time with Pillow (a WeasyPrint dependency): a die in the site's colours."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

__all__ = ["TAILLES", "icone"]

TAILLES = (192, 512)
"""The sizes Chromium and Android ask for; iOS takes the 180 px ``apple-touch-icon``."""

# The five pips of a die's face, in fractions of the face's side.
POINTS = ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73))


def icone(taille: int, fond: str, accent: str, *, masquable: bool = False) -> bytes:
    """A PNG of ``taille`` pixels: a white die face showing five on ``fond``, its centre pip in ``accent``.

    A maskable icon keeps the die inside the central 80 % circle that any mask leaves visible.

    >>> icone(48, "#4051b5", "#ff6e42")[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    image = Image.new("RGB", (taille, taille), fond)
    dessin = ImageDraw.Draw(image)
    marge = taille * (0.25 if masquable else 0.16)
    cote = taille - 2 * marge
    dessin.rounded_rectangle((marge, marge, marge + cote, marge + cote), radius=cote * 0.16, fill="#ffffff")
    rayon = cote * 0.085
    for numero, (x, y) in enumerate(POINTS):
        cx, cy = marge + x * cote, marge + y * cote
        couleur = accent if numero == 2 else fond
        dessin.ellipse((cx - rayon, cy - rayon, cx + rayon, cy + rayon), fill=couleur)
    sortie = io.BytesIO()
    image.save(sortie, format="PNG", optimize=True)
    return sortie.getvalue()
