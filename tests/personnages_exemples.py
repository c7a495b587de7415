"""Sample characters shared by the rules and browser tests of the characters (one per system)."""

from __future__ import annotations

from typing import Any

RUAN = {
    "nom": "Ruan",
    "culture": "Barbare",
    "profession": "Guerrier",
    "for": "14",
    "con": "13",
    "tai": "16",
    "dex": "12",
    "int": "11",
    "pou": "10",
    "cha": "9",
    "scores": "Perception : 45\nDiscrétion : 30",
    "armes": "Épée/Rapière : 1d6+2 : 55 : 40",
    "armure": "Cuir rigide",
    "pa": "2",
}
"""Ruan, the Basic maison barbarian of the worked examples, as the sheet's form texts."""


def ruan(**fiche: str) -> dict[str, Any]:
    """Ruan as a stored character, with ``fiche`` changing some of his sheet's texts."""
    return {"id": "ruan", "systeme": "Basic maison", "fiche": {**RUAN, **fiche}}


PERSONNAGES = [
    ruan(),
    {
        "id": "renard",
        "systeme": "BaSIC — KAR",
        "fiche": {"nom": "Renard Blanc", "kar": "60", "kar_initial": "60", "scores": "Discrétion : 70"},
    },
    {
        "id": "toto",
        "systeme": "El Toto",
        "fiche": {"nom": "Toto", "hargne": "3", "trempe": "2", "survie": "1", "resistance": "2"},
    },
    {"id": "brugor", "systeme": "Actions d100", "fiche": {"nom": "Brugor", "scores": "Crochetage : 60"}},
]
"""One stored character of each system."""
