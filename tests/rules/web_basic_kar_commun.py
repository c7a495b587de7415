"""BaSIC — KAR widgets through the facade: the checks several test modules share (typography, replays).

Every operation is called as the page calls it, through ``Moteur(seed).appeler``
with the strings a form sends. Worked examples cite
``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.rules import facade
from tests.rules.facade import appeler, blocs, echec, rejoue


def typographie_francaise(texte: str) -> list[str]:
    """The page test's typography rules broken by ``texte`` (tests/site/test_pages_basic_kar.py)."""
    fautes = []
    if texte.count("%") != texte.count("\u202f%"):
        fautes.append("espace fine avant %")
    fautes += [f"espace fine avant {s}" for s in ";!?" if texte.count(s) != texte.count("\u202f" + s)]
    if " :" in texte:
        fautes.append("espace insécable avant :")
    if "'" in texte:
        fautes.append("apostrophe ’")
    if re.search(r"(?<![\w.])-\d", texte):
        fautes.append("signe moins −")
    if re.search(r"(?<![\dA-Za-z])[dD]\d", texte):
        fautes.append("1d100, pas d100")
    return fautes


def verifier_affichage(resultat: dict[str, Any]) -> None:
    """Display blocks are clean French typography."""
    for texte in facade.textes(resultat).split(" | "):
        assert not typographie_francaise(texte), (texte, typographie_francaise(texte))


def verifier_rejouer(op: str, args: dict[str, Any], graines: range = range(1, 6)) -> None:
    """For each seed, a result in clean typography whose share link replays it with any generator."""
    for graine in graines:
        resultat = appeler(op, args, graine)
        verifier_affichage(resultat)
        rejoue(op, resultat)


def boutons(resultat: dict[str, Any], legende: str) -> dict[str, dict[str, Any]]:
    """The buttons of the block whose legend starts with ``legende``, by label."""
    bloc = next(b for b in blocs(resultat, "boutons") if b.get("legende", "").startswith(legende))
    return {b["libelle"]: b for b in bloc["boutons"]}


# -- Short names the widgets' tests read errors, blocks and texts with -----------------------------------
refus = echec
blocs_de = blocs


def textes(valeur: Any) -> Iterator[str]:
    """Every text a reader sees in display blocks (not button arguments)."""
    yield from facade.textes({"affichage": valeur} if isinstance(valeur, list) else valeur).split(" | ")
