"""Run Grammalecte on paragraphs: ``{"paragraphes": [...], "options": {...}}`` in JSON on standard input
(``options``: Grammalecte's options to change, as ``{"nbsp": false}``), a JSON list of findings out.

Grammalecte comes from Debian (``python3-grammalecte``), installed for the system's Python
(``/usr/lib/python3/dist-packages``), not for the project's virtual environment: the suite runs this
file with ``/usr/bin/python3`` (see ``tests/site/francais.py``). Without Grammalecte it says so in
French and exits with status 3.

Each finding: ``{"paragraphe": i, "debut": n, "fin": n, "regle": id, "message": texte, "extrait": texte}``;
a spelling finding has the rule ``orthographe``.
"""

from __future__ import annotations

import json
import sys

PAQUET_MANQUANT = 3


def verifier(paragraphes: list[str], options: dict[str, bool]) -> list[dict[str, object]]:
    """The findings of Grammalecte (grammar, typography, spelling) in ``paragraphes``."""
    try:
        import grammalecte  # Debian’s package, for the system’s Python only
    except ImportError:
        sys.stderr.write(
            "Grammalecte est introuvable : installez le paquet Debian python3-grammalecte "
            "(make debian-packages).\n"
        )
        sys.exit(PAQUET_MANQUANT)
    correcteur = grammalecte.GrammarChecker("fr")
    moteur = correcteur.getGCEngine()
    choix = {**moteur.getOptions(), **options}
    constats: list[dict[str, object]] = []
    for indice, texte in enumerate(paragraphes):
        grammaire, orthographe = correcteur.getParagraphErrors(texte, dOptions=choix)
        for erreur in grammaire:
            constats.append(
                {
                    "paragraphe": indice,
                    "debut": erreur["nStart"],
                    "fin": erreur["nEnd"],
                    "regle": erreur["sRuleId"],
                    "message": erreur["sMessage"],
                    "extrait": texte[erreur["nStart"] : erreur["nEnd"]],
                }
            )
        for mot in orthographe:
            constats.append(
                {
                    "paragraphe": indice,
                    "debut": mot["nStart"],
                    "fin": mot["nEnd"],
                    "regle": "orthographe",
                    "message": "Mot inconnu du dictionnaire.",
                    "extrait": mot["sValue"],
                }
            )
    return constats


if __name__ == "__main__":
    demande = json.load(sys.stdin)
    json.dump(verifier(demande["paragraphes"], demande["options"]), sys.stdout, ensure_ascii=False)
