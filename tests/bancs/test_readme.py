"""The README's table of goals gives the latest recorded figure of each benchmark, and its date."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from benchmarks.historique import derniere

README = Path(__file__).resolve().parents[2] / "README.md"
MOIS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]

# A row of the README's « Performances » table (found by its label), the benchmark it reports, and the
# figures of that benchmark's latest measurement it shows: (path in « mesures », unit as printed).
LIGNES = [
    ("pire distribution permise", "moteur", [(("pire_expression_ms",), "ms")]),
    ("construction sans PDF", "build", [(("construction_sans_pdf_s",), "s")]),
    ("`mkdocs serve`", "serve", [(("page_enregistree_a_texte_affiche_mediane_s",), "s")]),
    (
        "1re visite / plancher",
        "navigateur",
        [(("premiere_visite_ratio",), ""), (("premiere_visite_ms",), "ms"), (("plancher_ms",), "")],
    ),
    (
        "visite répétée / plancher",
        "navigateur",
        [(("visite_repetee_ratio",), ""), (("visite_repetee_ms",), "ms")],
    ),
    (
        "navigation instantanée",
        "navigateur",
        [(("navigation_instantanee_ms",), "ms"), (("aller_retour_p95_ms",), "ms")],
    ),
    (
        "serveur simple",
        "reseau",
        [
            (("4G", "simple", "premier_widget_ratio"), ""),
            (("4G", "simple", "octets_jusqu_au_premier_widget_mo"), "Mo"),
            (("4G", "simple", "lcp_outils_s"), "s"),
        ],
    ),
    (
        "Lighthouse",
        "phare",
        [(("performance_min",), ""), (("performance_max",), ""), (("tbt_max_ms",), "ms")],
    ),
    ("sept tâches de table", "table", [(("taps",), ""), (("defilement_px",), "px")]),
]


def en_francais(nombre: float) -> str:
    """A figure as the README prints it: decimal comma, thousands after a non-breaking space."""
    if isinstance(nombre, int):
        return f"{nombre:,}".replace(",", "\u00a0")
    return str(nombre).replace(".", ",")


def date_en_francais(date: str) -> str:
    """``2026-12-03`` as the README's table writes it: « 3 déc. 2026 »."""
    jour = datetime.date.fromisoformat(date)
    return f"{jour.day} {MOIS[jour.month - 1]} {jour.year}"


def ligne_du_tableau(libelle: str) -> str:
    """The one row of the README's « Performances » table whose label contains ``libelle``."""
    section = README.read_text(encoding="utf-8").split("## Performances", 1)[1].split("\n## ", 1)[0]
    lignes = [ligne for ligne in section.splitlines() if ligne.startswith("| ") and libelle in ligne]
    assert len(lignes) == 1, (libelle, lignes)
    return lignes[0]


@pytest.mark.parametrize(("libelle", "banc", "chiffres"), LIGNES, ids=[ligne[0] for ligne in LIGNES])
def test_le_tableau_du_readme_donne_la_derniere_mesure(
    libelle: str, banc: str, chiffres: list[tuple[tuple[str, ...], str]]
) -> None:
    """Each row shows the figures and the date of its benchmark's latest file in benchmarks/resultats/."""
    mesure = derniere(banc)
    ligne = ligne_du_tableau(libelle)
    assert date_en_francais(mesure["date"]) in ligne
    for chemin, unite in chiffres:
        valeur = mesure["mesures"]
        for cle in chemin:
            valeur = valeur[cle]
        attendu = f"{en_francais(valeur)} {unite}".rstrip()
        assert attendu in ligne, (attendu, ligne)


def test_les_nombres_s_ecrivent_a_la_francaise() -> None:
    """Decimal comma, a non-breaking space between thousands, and the README's date format."""
    assert [en_francais(18.5), en_francais(1948), en_francais(0.254)] == ["18,5", "1\u00a0948", "0,254"]
    assert date_en_francais("2026-12-03") == "3 déc. 2026"
