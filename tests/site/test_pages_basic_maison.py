"""What the build adds to the Basic maison pages: every ruling's « Note d'interprétation » (A1..A11 and
the gaps), the abbreviations, the cross-links resolved, and each widget with its static fallback, which
is the tool's own answer to the example its page declares."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme
from tests.site.pages import admonitions as admonitions_de_page
from tests.site.pages import page_html, page_text

pytestmark = pytest.mark.site

SECTION = "basic-maison/"
NOTE = "Note d’interprétation"


def admonitions(site: Path, page: str, kind: str) -> list[str]:
    """The folded text of every admonition of ``kind`` on a page of the section."""
    return admonitions_de_page(site, SECTION + page, kind)


def assert_note(site: Path, page: str, *phrases: str) -> None:
    """One « Note d’interprétation » of the page holds every phrase."""
    notes = admonitions(site, page, "interpretation")
    assert notes, f"aucune note d'interprétation sur {page}"
    for note in notes:
        if note.startswith(NOTE) and all(phrase in note for phrase in phrases):
            return
    pytest.fail(f"{page} : aucune note ne contient {phrases!r}\n" + "\n".join(notes))


def assert_in(text: str, *phrases: str) -> None:
    """Every phrase is in the text."""
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"absent : {missing!r}"


def ids(site: Path, page: str) -> set[str]:
    """The ids of the elements of a page of the section."""
    return set(re.findall(r'\bid="([^"]+)"', page_html(site, SECTION + page)))


PAGES = (
    "",
    "caracteristiques/",
    "attributs-derives/",
    "competences/",
    "cultures-et-professions/",
    "tests/",
    "blessures-et-guerison/",
    "combat/",
    "initiative/",
    "equipement/",
)


class _Replis(HTMLParser):
    """Each widget of a page: its name, the example options of its block, the text of its fallback."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.widgets: list[tuple[str, dict[str, object], list[str]]] = []
        self.profondeur = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributs = dict(attrs)
        if attributs.get("data-widget") and "regles-widget" in (attributs.get("class") or "").split():
            options = json.loads(unescape(attributs.get("data-options") or "{}"))
            self.widgets.append((attributs["data-widget"] or "", options, []))
        elif tag == "div" and "regles-widget__statique" in (attributs.get("class") or ""):
            self.profondeur = 1
        elif tag == "div" and self.profondeur:
            self.profondeur += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.profondeur:
            self.profondeur -= 1

    def handle_data(self, data: str) -> None:
        if self.profondeur:
            self.widgets[-1][2].append(data)


def _textes(valeur: object) -> list[str]:
    """The texts a reader sees in display blocks (not their technical keys)."""
    if isinstance(valeur, str):
        return [valeur]
    if isinstance(valeur, list):
        return [t for v in valeur for t in _textes(v)]
    if isinstance(valeur, dict):
        return [
            t
            for k, v in valeur.items()
            if k not in {"type", "classe", "op", "args", "faces"}
            for t in _textes(v)
        ]
    return []


def _plie(texte: str) -> str:
    return " ".join(texte.replace("\u00a0", " ").replace("\u202f", " ").split())


ATTENDUS = {
    "attributs-derives/": ["modificateur-degats", "attributs-basic"],
    "competences/": ["opposition-basic", "langue-basic"],
    "cultures-et-professions/": ["creation-basic"],
    "tests/": ["test-basic", "jet-de-caracteristique-basic"],
    "blessures-et-guerison/": ["blessures-basic", "soins-basic"],
    "combat/": ["actions-du-round-basic", "attaque-basic"],
    "initiative/": ["initiative-basic"],
}


@pytest.mark.parametrize("page", sorted(ATTENDUS))
def test_chaque_repli_est_la_reponse_de_l_outil_a_l_exemple_de_la_page(site: Path, page: str) -> None:
    """Each widget is on its page, and its fallback shows every text of the tool's answer to the example."""
    replis = _Replis()
    replis.feed(page_html(site, SECTION + page))
    assert [nom for nom, _, _ in replis.widgets] == ATTENDUS[page]
    for nom, options, morceaux in replis.widgets:
        rendu = _plie("".join(morceaux))
        attendus = [_plie(t) for t in _textes(mise_en_forme(OUTILS[nom].exemple(options)))]
        assert attendus and all(t in rendu for t in attendus), (nom, [t for t in attendus if t not in rendu])


def test_les_exemples_des_pages_donnent_les_nombres_du_texte(site: Path) -> None:
    """The fallbacks show the text's own worked examples: 67 % → maladresse at 87, the dagger's 2d3+4."""
    assert_in(page_text(site, SECTION + "tests/"), "Jet 87 contre 67 % : maladresse.")
    assert_in(page_text(site, SECTION + "combat/"), "Dégâts : 2d3+4 → 9 ; 9 − 0 PA = 9 PV perdus")
    assert_in(
        page_text(site, SECTION + "blessures-et-guerison/"), "Jet 70 : échec — perd connaissance 8 minutes"
    )
    assert_in(page_text(site, SECTION + "initiative/"), "Aldo et Cid — en même temps")


def test_les_abreviations_sont_expliquees(site: Path) -> None:
    """The build marks the rules' abbreviations with their meaning."""
    html = page_html(site, SECTION + "combat/")
    assert_in(html, '<abbr title="Points de vie">PV</abbr>', '<abbr title="Attaque">ATT</abbr>')
    assert '<abbr title="Force">FOR</abbr>' in page_html(site, SECTION + "attributs-derives/")


@pytest.mark.parametrize("page", PAGES)
def test_chaque_renvoi_mene_a_une_ancre_existante(site: Path, page: str) -> None:
    """Every link from a Basic maison page to another page of the section reaches an existing anchor."""
    html = page_html(site, SECTION + page)
    renvois = re.findall(r'href="((?:\.\./)*[a-z-]*/?)#([^"]+)"', html)
    assert renvois or page in ("", "equipement/")
    for chemin, ancre in renvois:
        cible = (site / SECTION / page / chemin).resolve()
        assert ancre in set(
            re.findall(r'\bid="([^"]+)"', (cible / "index.html").read_text(encoding="utf-8"))
        ), (
            chemin,
            ancre,
        )


@pytest.mark.parametrize(
    ("page", "phrases"),
    [
        ("blessures-et-guerison/", ("CON × 5 − 30 pour une blessure grave",)),
        ("blessures-et-guerison/", ("ne fait jamais remonter les PV au-delà de leur maximum",)),
        ("combat/", ("chances = ATT − (PAR ou Esquive) + 50 + modificateur",)),
        ("combat/", ("« pas de parade »", "aucune parade")),
        ("competences/", ("compétence active − compétence passive + 50", "hors combat")),
        ("competences/", ("Les tranches du texte commencent à 1 %",)),
    ],
)
def test_les_autres_notes_d_interpretation(site: Path, page: str, phrases: tuple[str, ...]) -> None:
    """The gaps decided by the site (weakened CON rolls, PV cap, circumstances in combat, new tools)."""
    assert_note(site, page, *phrases)


# --- the rulings A1..A11 (RULINGS.md): each shown on its page ---------------------------------


def test_regle_a1_bords_du_modificateur(site: Path) -> None:
    """A1: 5 or less gives −1d8; above 45 is marked « hors table »."""
    assert_note(
        site,
        "attributs-derives/",
        "« < 5 »",
        "la valeur 5 manque",
        "−1d8 pour un total FOR + TAI de 5 ou moins",
    )
    assert_note(site, "attributs-derives/", "à partir de 41, le site applique +1d8", "« hors table »", "MJ")


def test_regle_a2_pv_arrondis_au_superieur(site: Path) -> None:
    """A2: PV rounded up, PM = POU."""
    assert_note(site, "attributs-derives/", "PV = (CON + TAI) / 2, arrondi au supérieur", "égaux au POU")


def test_regle_a11_sur_les_competences(site: Path) -> None:
    """A11: Pouvoirs page 33 missing; Premiers Soins, Influence/Tromperie, Navigation named."""
    assert_note(site, "competences/", "« chapitre Pouvoirs page 33 »", "ne fait pas partie des sources")
    assert_note(site, "competences/", "« Premiers Soins »", "Premiers secours")
    assert_note(site, "competences/", "« Influence »", "« Tromperie »", "Tromperie/Baratin/Influence")
    assert_note(site, "competences/", "« Navigation »", "Navigation/Canotage")


def test_lacunes_des_competences(site: Path) -> None:
    """Gaps: the mounted-attack malus and the Magie vs POU opposition are left to the MJ."""
    assert_note(site, "competences/", "malus lors d’une attaque montée sans en donner la valeur")
    assert_note(site, "competences/", "comment le jet de Magie est opposé au POU", "le MJ décide")


def test_regle_a10_creation(site: Path) -> None:
    """A10: base + points, 65 % cap base included, EXPERT from 80 %."""
    assert_note(
        site,
        "cultures-et-professions/",
        "sa valeur de base",
        "plus les points dépensés",
        "aucune compétence au-dessus de 65 %, valeur de base comprise",
        "à partir de 80 %",
    )


def test_regle_a11_sur_les_cultures(site: Path) -> None:
    """A11: the culture lists' names are mapped, Orientation is kept undefined."""
    assert_note(
        site,
        "cultures-et-professions/",
        "« Premiers Soins » (Barbare, Nomade) est la compétence Premiers secours",
        "« Influence » et « Tromperie » (Civilisé) sont une seule compétence, Tromperie/Baratin/Influence",
        "« Navigation » (Barbare) est la compétence Navigation/Canotage",
        "« Orientation » (Primitif) n’est définie nulle part dans les sources",
    )


def test_regle_a3_ordre_des_verifications(site: Path) -> None:
    """A3: 01-03 then 98-00 then roll ≤ S; critical ≤ S/10 rounded up; fumble ≥ S + 20 ≤ 99."""
    assert_note(
        site,
        "tests/",
        "S = compétence + modificateur de circonstance (−20, −10, +10 ou +20)",
        "un résultat de 01 à 03 est une réussite, quel que soit S",
        "un résultat de 98 à 00 est un échec, quel que soit S",
        "67 % → critique de 01 à 07",
        "si S + 20 ne dépasse pas 99 (67 % → maladresse de 87 à 00)",
        "Dès 80 %, il n’y a donc plus de maladresse",
    )


def test_regle_a4_jet_de_caracteristique(site: Path) -> None:
    """A4: characteristic × multiplier (1 to 5, 3 by default), resolved like A3."""
    assert_note(
        site, "tests/", "caractéristique × multiplicateur (de 1 à 5, 3 par défaut)", "test de compétence"
    )


def test_regle_a7_blessure_grave(site: Path) -> None:
    """A7: damage × 2 ≥ current PV, at least 1 minute, order death → serious → agony."""
    assert_note(
        site,
        "blessures-et-guerison/",
        "dégâts × 2 ≥ PV avant le coup",
        "21 − CON minutes, et au moins 1 minute",
        "PV à 0 ou moins → mort ; sinon le jet de blessure grave ; puis, si les PV sont à 1, 2 ou 3 → agonie",
        "21 − CON heures, au moins 1 heure",
    )


def test_regle_a8_vitesse_de_guerison(site: Path) -> None:
    """A8: +1 per started block of 6 above 18."""
    assert_note(
        site, "blessures-et-guerison/", "19–24 : 4, 25–30 : 5", "CON / 6 arrondi au supérieur, et au moins 1"
    )


def test_regle_a5_opposition(site: Path) -> None:
    """A5: resolved like a test; the special hit lies inside the critical range."""
    assert_note(
        site,
        "combat/",
        "ATT − (PAR ou Esquive) + 50",
        "01 à 03 touche toujours, 98 à 00 rate toujours",
        "chances / 10, arrondi au supérieur",
    )
    assert_note(
        site,
        "combat/",
        "à l’intérieur de la plage de la réussite critique",
        "chances / 25, arrondi au supérieur, est une réussite spéciale",
        "une réussite critique qui accorde en plus un effet spécial",
    )


def test_regle_a6_degats_critiques(site: Path) -> None:
    """A6: the whole expression twice, modifier once, armour subtracted, never below 0."""
    assert_note(
        site,
        "combat/",
        "(1d3+2 → 2d3+4)",
        "une seule fois (il n’est pas doublé)",
        "retire les PA de l’armure",
        "jamais sous 0",
    )


def test_regle_a9_initiative(site: Path) -> None:
    """A9: category first, then score, equal scores act simultaneously."""
    assert_note(
        site,
        "initiative/",
        "DEX − PA de l’armure + 1d6",
        "(1 tir à distance, 2 mêlée, 3 magie, 4 action longue)",
        "par score décroissant",
        "simultanément",
    )
