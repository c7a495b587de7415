"""The players' words in Chromium: each pair of ``synonymes.yml`` puts its rules page first."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from site_plugins.recherche.synonymes import synonymes
from tests.browser.test_recherche import premier_resultat
from tests.browser.widgets import aller

pytestmark = pytest.mark.browser

# the player's word (as the file writes it, folded) → the first result's page, and its section (None: any)
ATTENDUS: dict[str, tuple[str, str | None]] = {
    "fumble": ("basic-maison/tests/", "Maladresse"),
    "fumbles": ("basic-maison/tests/", "Maladresse"),
    "crit": ("actions-d100/marges-et-critiques/", None),
    "crits": ("actions-d100/marges-et-critiques/", None),
    "critical": ("actions-d100/marges-et-critiques/", None),
    "coup critique": ("actions-d100/marges-et-critiques/", None),
    "echec total": ("actions-d100/marges-et-critiques/", None),
    "pv": ("basic-maison/attributs-derives/", "Points de vie"),
    "pdv": ("basic-maison/attributs-derives/", "Points de vie"),
    "hp": ("basic-maison/attributs-derives/", "Points de vie"),
    "hit points": ("basic-maison/attributs-derives/", "Points de vie"),
    "pm": ("basic-maison/attributs-derives/", "Points de magie"),
    "mp": ("basic-maison/attributs-derives/", "Points de magie"),
    "init": ("basic-maison/initiative/", None),
    "ini": ("basic-maison/initiative/", None),
    "md": ("basic-maison/attributs-derives/", "Modificateur de dégâts"),
    "bonus aux degats": ("basic-maison/attributs-derives/", "Modificateur de dégâts"),
    "bonus de degats": ("basic-maison/attributs-derives/", "Modificateur de dégâts"),
    "bonus degats": ("basic-maison/attributs-derives/", "Modificateur de dégâts"),
    "dmg": ("basic-maison/combat/", "Dégâts"),
    "damage": ("basic-maison/combat/", "Dégâts"),
    "carac": ("basic-maison/caracteristiques/", None),
    "caracs": ("basic-maison/caracteristiques/", None),
    "stats": ("basic-maison/caracteristiques/", None),
    "comp": ("basic-maison/competences/", None),
    "skill": ("basic-maison/competences/", None),
    "empalement": ("basic-maison/combat/", "Réussite spéciale"),
    "impale": ("basic-maison/combat/", "Réussite spéciale"),
    "parer": ("basic-maison/combat/", None),
    "parry": ("basic-maison/combat/", None),
    "dodge": ("basic-maison/competences/", "Esquive"),
    "ko": ("basic-kar/combat/", "Assommer un adversaire"),
    "stun": ("basic-kar/combat/", "Assommer un adversaire"),
    "mourant": ("basic-maison/blessures-et-guerison/", "Agonie"),
    "soigner": ("basic-maison/blessures-et-guerison/", "Soins"),
    "heal": ("basic-maison/blessures-et-guerison/", None),
    # El Toto's pool is ruled in its basic rules and again with the wound malus (its combat page)
    "pool": ("el-toto/", None),
    "des de reserve": ("el-toto/", None),
    "dd": ("actions-d100/difficulte/", None),
    "degre de difficulte": ("actions-d100/difficulte/", None),
}

# what a player types (accents, case) for a few of them
TAPES = {
    "PV": "pv",
    "MD": "md",
    "Bonus aux dégâts": "bonus aux degats",
    "Degré de difficulté": "degre de difficulte",
}


def test_chaque_paire_du_fichier_a_sa_page_attendue() -> None:
    """The table below covers every pair of the file, and the file has at least 25 pairs."""
    assert set(ATTENDUS) == set(synonymes())
    assert len(synonymes()) >= 25


@pytest.mark.parametrize("mot", sorted(ATTENDUS) + sorted(TAPES))
def test_le_mot_du_joueur_donne_la_page_de_la_regle(site_page: Page, mot: str) -> None:
    """« fumble », « crit », « PV », « MD »… put the page of the rules' word first (and its section)."""
    page, section = ATTENDUS[TAPES.get(mot, mot)]
    aller(site_page, "./")
    chemin, titres = premier_resultat(site_page, mot)
    assert chemin.startswith(page), (chemin, titres)
    if section:
        assert section in titres, titres
