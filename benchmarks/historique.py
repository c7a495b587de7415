"""The benchmarks' history as data: one dated JSON file per measurement.

Each benchmark ends by calling :func:`enregistrer`, which writes its figures to
``benchmarks/resultats/<banc>/<AAAA-MM-JJ>[-n].json`` (``-2``, ``-3``… for a second
and third run the same day), with the date, the commit measured and the machine's
load. The files are committed with the change they measure: the history is read
with :func:`historique`, never retyped in prose.

>>> import tempfile
>>> dossier = Path(tempfile.mkdtemp())
>>> premier = enregistrer("moteur", {"pire_expression_ms": 18.8}, "au repos",
...                       date=datetime.date(2026, 12, 3), dossier=dossier, commit="25e36a1")
>>> premier.relative_to(dossier).as_posix()
'moteur/2026-12-03.json'
>>> enregistrer("moteur", {"pire_expression_ms": 18.5}, date=datetime.date(2026, 12, 3),
...             dossier=dossier, commit="25e36a1").name
'2026-12-03-2.json'
>>> [(m["date"], m["mesures"]["pire_expression_ms"]) for m in historique("moteur", dossier)]
[('2026-12-03', 18.8), ('2026-12-03', 18.5)]
>>> enregistrer("Moteur !", {}, dossier=dossier)
Traceback (most recent call last):
    ...
ValueError: banc : « Moteur ! » n’est pas un nom de banc (lettres minuscules, chiffres et tirets).
"""

from __future__ import annotations

import datetime
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

DOSSIER = Path(__file__).resolve().parent / "resultats"
_NOM_DE_BANC = re.compile(r"[a-z0-9][a-z0-9-]*")
_NOM_DE_FICHIER = re.compile(r"(\d{4}-\d{2}-\d{2})(?:-(\d+))?\.json")


def commit_courant() -> str | None:
    """The short hash of the checked-out commit, ``None`` outside a git work tree."""
    try:
        sortie = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=DOSSIER.parent,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return sortie.stdout.strip() or None


def _verifier(nom: str, mesures: dict[str, Any], note: str) -> None:
    """A clear French message naming the field, for a bad benchmark name, figures or note."""
    if not isinstance(nom, str) or not _NOM_DE_BANC.fullmatch(nom):
        raise ValueError(
            f"banc : « {nom} » n’est pas un nom de banc (lettres minuscules, chiffres et tirets)."
        )
    if not isinstance(mesures, dict):
        raise ValueError(f"mesures : un dictionnaire attendu (reçu : {type(mesures).__name__}).")
    if not isinstance(note, str):
        raise ValueError(f"note : un texte attendu (reçu : {type(note).__name__}).")
    try:
        json.dumps(mesures, allow_nan=False)
    except (TypeError, ValueError) as erreur:
        raise ValueError(
            f"mesures : des nombres, textes, listes et dictionnaires seulement ({erreur})."
        ) from None


def enregistrer(
    nom: str,
    mesures: dict[str, Any],
    note: str = "",
    *,
    date: datetime.date | None = None,
    dossier: Path | None = None,
    commit: str | None = None,
) -> Path:
    """Write one dated measurement of the benchmark ``nom`` and return the file's path.

    ``mesures`` holds the figures, each key naming its unit (``…_ms``, ``…_s``, ``…_mo``, ratios
    without unit); ``note`` says in French what was measured and on what machine. The date is today's
    (UTC) and the commit the checked-out one, unless given. An existing file is never overwritten: a
    second run the same day gets ``-2``, and so on.
    """
    _verifier(nom, mesures, note)
    jour = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    dossier_du_banc = (dossier or DOSSIER) / nom
    dossier_du_banc.mkdir(parents=True, exist_ok=True)
    contenu = {
        "banc": nom,
        "date": jour,
        "commit": commit or commit_courant(),
        "machine": {"processeurs": os.cpu_count(), "charge": round(os.getloadavg()[0], 1)},
        "mesures": mesures,
        "note": note,
    }
    numero = 1
    while True:
        chemin = dossier_du_banc / (f"{jour}.json" if numero == 1 else f"{jour}-{numero}.json")
        try:
            with chemin.open("x", encoding="utf-8") as fichier:
                json.dump(contenu, fichier, ensure_ascii=False, indent=2)
                fichier.write("\n")
        except FileExistsError:
            numero += 1
            continue
        return chemin


def _ordre(chemin: Path) -> tuple[str, int]:
    """Date, then run number of the day (``2026-12-03.json`` before ``2026-12-03-2.json``)."""
    correspondance = _NOM_DE_FICHIER.fullmatch(chemin.name)
    if correspondance is None:
        raise ValueError(f"{chemin} : nom de fichier inattendu (AAAA-MM-JJ.json ou AAAA-MM-JJ-n.json).")
    return correspondance[1], int(correspondance[2] or 1)


def historique(nom: str, dossier: Path | None = None) -> list[dict[str, Any]]:
    """Every recorded measurement of the benchmark ``nom``, oldest first."""
    fichiers = sorted(((dossier or DOSSIER) / nom).glob("*.json"), key=_ordre)
    return [json.loads(fichier.read_text(encoding="utf-8")) for fichier in fichiers]


def derniere(nom: str, dossier: Path | None = None) -> dict[str, Any]:
    """The latest recorded measurement of the benchmark ``nom``."""
    mesures = historique(nom, dossier)
    if not mesures:
        raise ValueError(f"banc : aucune mesure enregistrée pour « {nom} ».")
    return mesures[-1]
