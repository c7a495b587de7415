"""The benchmarks' history: dated JSON files, written by each benchmark through one helper."""

from __future__ import annotations

import datetime
import json
import math
import re
from pathlib import Path

import pytest

from benchmarks import historique, moteur
from benchmarks.historique import DOSSIER, derniere, enregistrer

BANCS = {"moteur", "build", "serve", "navigateur", "table", "reseau", "phare"}
CLES = {"banc", "date", "commit", "machine", "mesures", "note"}
JOUR = datetime.date(2026, 12, 4)


def test_chaque_banc_de_make_bench_a_son_historique() -> None:
    """The results folder holds one folder per benchmark that ``make bench`` runs, and nothing else."""
    assert {dossier.name for dossier in DOSSIER.iterdir()} == BANCS
    assert all(historique.historique(banc) for banc in BANCS)


@pytest.mark.parametrize(
    "fichier", sorted(DOSSIER.glob("*/*.json")), ids=lambda f: f"{f.parent.name}/{f.name}"
)
def test_chaque_mesure_enregistree_est_datee_et_annotee(fichier: Path) -> None:
    """Each recorded measurement names its benchmark and date as its path does, with figures and a note."""
    mesure = json.loads(fichier.read_text(encoding="utf-8"))
    assert set(mesure) == CLES
    assert mesure["banc"] == fichier.parent.name
    assert re.fullmatch(rf"{mesure['date']}(-\d+)?\.json", fichier.name)
    datetime.date.fromisoformat(mesure["date"])
    assert mesure["mesures"] and isinstance(mesure["mesures"], dict)
    assert mesure["note"].strip()
    assert mesure["commit"] is None or re.fullmatch(r"[0-9a-f]{7,40}", mesure["commit"])


def test_un_second_releve_du_jour_prend_le_numero_suivant(tmp_path: Path) -> None:
    """Two runs the same day give ``AAAA-MM-JJ.json`` then ``AAAA-MM-JJ-2.json``, read back in that order."""
    premier = enregistrer("moteur", {"pire_expression_ms": 18.8}, "premier", date=JOUR, dossier=tmp_path)
    second = enregistrer("moteur", {"pire_expression_ms": 18.5}, "second", date=JOUR, dossier=tmp_path)
    assert (premier.name, second.name) == ("2026-12-04.json", "2026-12-04-2.json")
    assert derniere("moteur", tmp_path)["note"] == "second"
    assert json.loads(premier.read_text(encoding="utf-8"))["mesures"] == {"pire_expression_ms": 18.8}


@pytest.mark.parametrize(
    ("nom", "mesures", "message"),
    [
        ("Moteur", {}, "banc\u00a0: «\u00a0Moteur\u00a0» n’est pas un nom de banc"),
        ("moteur", [1, 2], "mesures\u00a0: un dictionnaire attendu (reçu\u00a0: list)."),
        ("moteur", {"duree_ms": math.nan}, "mesures\u00a0: des nombres, textes, listes et dictionnaires"),
        ("moteur", {"duree": object()}, "mesures\u00a0: des nombres, textes, listes et dictionnaires"),
    ],
)
def test_une_mesure_mal_formee_est_refusee_en_francais(
    nom: str, mesures: object, message: str, tmp_path: Path
) -> None:
    """A bad benchmark name or figures that JSON cannot hold: a French message naming the field, no file."""
    with pytest.raises(ValueError, match=re.escape(message)):
        enregistrer(nom, mesures, dossier=tmp_path)  # type: ignore[arg-type]
    assert not any(tmp_path.iterdir())


def test_un_banc_sans_mesure_le_dit(tmp_path: Path) -> None:
    """Asking for the latest figures of a benchmark never run: a French message, not an IndexError."""
    message = "banc\u00a0: aucune mesure enregistrée pour «\u00a0phare\u00a0»."
    with pytest.raises(ValueError, match=re.escape(message)):
        derniere("phare", tmp_path)


def test_le_banc_du_moteur_enregistre_ses_mesures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A (shortened) run of ``benchmarks.moteur`` writes its figures as today's JSON file."""
    monkeypatch.setattr(historique, "DOSSIER", tmp_path)
    monkeypatch.setattr(moteur, "REPETITIONS", 1)
    monkeypatch.setattr(moteur, "candidats", lambda: ["1d6", "3d6"])
    monkeypatch.setattr(moteur, "MESURES", moteur.MESURES[:1])
    monkeypatch.setattr(moteur, "entrees_hostiles", lambda: ["1d6+" * 50])
    moteur.main()
    (fichier,) = (tmp_path / "moteur").iterdir()
    mesure = json.loads(fichier.read_text(encoding="utf-8"))
    assert mesure["mesures"]["pire_expression"] in {"1d6", "3d6"}
    assert mesure["mesures"]["expressions_essayees"] == 2
    assert set(mesure["mesures"]["durees"]) == {
        "distribution de 100d100 (9 901 totaux, la plus grande permise)",
        "distribution de cette pire expression permise trouvée",
    }
    assert f"mesures enregistrées dans {fichier}" in capsys.readouterr().out
