"""Basic maison widgets through the facade: the forms' values several test modules share.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from rules_py.web.typographie import typographie

typo = typographie

CARS = {"for": "12", "con": "13", "tai": "11", "dex": "14", "int": "15", "pou": "10", "cha": "9"}
FINE = "\u202f"
BARBARE = (
    "Athlétisme : 30/0/9 ; Perception : 20/0/20 ; Premiers secours : 10/0/0 ; Pistage : 20/15/0 ; "
    "Survie : 20/0/10 ; Bagarre : 0/30/9 ; Esquive : 0/30/7 ; Discrétion : 0/25/10"
)
"""The page's example of a Barbare (cultures-et-professions.md), one skill per « ; »."""
