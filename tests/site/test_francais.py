"""Grammalecte reads the site as a reader does: the built pages' visible text (the tools' labels, help and
static results included), then the PDFs' text. Nothing is left but the reviewed game words and accepted
findings below, each with its reason.

Grammalecte is Debian's ``python3-grammalecte`` (``make debian-packages``), run by the system's Python:
without it the test fails and says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.francais import POUR_LES_PDF, Constat, paragraphes_des_pages, paragraphes_des_pdf, verifier

pytestmark = pytest.mark.site

MOTS_DU_JEU = {
    "KAR": "le karma de BaSIC — KAR",
    "BaSIC": "le nom du système BaSIC — KAR",
    "Init": "l’initiative du combat héroïque, comme l’écrit le texte",
    "PdC": "les points de chance d’El Toto",
    "FV": "la force de volonté du combat héroïque",
    "PE": "les points d’expérience",
    "PdV": "les points de vie, comme l’écrit le texte d’El Toto",
    "NdS": "le niveau de succès d’Actions d100",
    "MD": "le modificateur de dégâts, un mot des joueurs que la recherche comprend",
    "DEX": "la Dextérité",
    "INT": "l’Intelligence",
    "TAI": "la Taille",
    "CHA": "le Charisme",
    "ATT": "l’attaque",
    "PARade": "les capitales du texte source, qui donnent le sigle (PAR)",
    "ATTaque": "les capitales du texte source, qui donnent le sigle (ATT)",
    "empalante": "l’arme empalante du texte source",
    "dépensable": "le point de chance dépensable du texte d’El Toto",
    "Chaosium": "l’éditeur du Basic System",
    "System": "le nom propre « Basic System »",
    "Casus": "le magazine Casus Belli",
    "Belli": "le magazine Casus Belli",
    "backstab": "le terme des joueurs cité par le texte source (coup mortel)",
    "fumble": "le mot des joueurs que la recherche comprend (la maladresse)",
    "degats": "l’exemple d’une faute de frappe que la recherche corrige (« dégats » trouve « dégâts »)",
    "Cmd": "la touche du Mac (Cmd+P)",
    "A4": "le format de papier",
    "Guo": "un personnage des exemples",
    "Ruan": "un personnage des exemples",
    "Zhang": "un personnage des exemples",
    "Brugor": "un personnage des exemples",
    "Bera": "un personnage des exemples",
    "Rostolan": "un personnage des exemples",
}
"""Words of the games that Grammalecte's dictionary does not know, each with what it is."""
NOTATION_DES_DES = re.compile(r"\d*d\d+")
"""The dice's notation (d6, 1d100, 2d3): not French words."""

ACCEPTES: list[tuple[str, str, str]] = [
    (
        r"unit_nbsp_avant_unités3",
        r"\d (PV|PM|PA)\b",
        "PV, PM, PA sont des sigles du jeu, pas des unités de mesure ; l’espace insécable ne précède que %",
    ),
    (
        r"g2__typo_ordinaux_chiffres_exposants__b5_a1_1",
        r"\d+d\d+",
        "« 2d3+4 » est la notation des dés, pas un ordinal",
    ),
    (
        r"g3__gn_(la|ma_ta_sa|start)_\d*m__b\d_a\d_1",
        r"\b(la|La|sa) (FOR|CON|TAI|DEX|INT|POU|CHA)\b|\bCON Constitution\b",
        "les sigles des caractéristiques sont féminins (la Force) ; Grammalecte les lit au masculin",
    ),
    (
        r"g2__conf_la_là__b2_a1_1|g2__eleu_élisions_manquantes__b6_a1_1",
        r"\b(la|plus la) M[re]\b",
        "Mr et Me sont la marge de réussite et la marge d’échec d’Actions d100",
    ),
    (
        r"g2__conf_où_ou__b2_a1_1",
        r"\bPAR ou (d’)?Esquive\b",
        "« ou » entre deux compétences : la parade ou l’esquive",
    ),
    (
        r"g3__gn_nombre_chiffres_1m__b\d_a\d_1",
        r"[×÷] \d+ (arrondi|lu)\b|\b\d+ opposé à \d+|\b95 à 100 raté\b|tranche de 6 points commencée"
        r"|vingtième de la compétence|FV ÷ 2 arrondi",
        "le nombre d’une formule ou d’une tranche ne commande pas l’accord du mot qui suit",
    ),
    (
        r"gv1__imp_verbe_groupe(2_groupe3_t|3_d)__b2_a1_1",
        r"\b(Sert|Perd|perd) (aux|en|connaissance|toute)\b|^(Devient|Meurt)\b",
        "les cellules des tableaux décrivent à l’indicatif sans sujet (« Sert aux ripostes »)",
    ),
    (
        r"g3__gn_det_mas_sing_2m__b1_a2_1",
        r"au sol divisées par 2",
        "« divisées » s’accorde avec « compétences d’attaque, parade et esquive », plus haut",
    ),
    (
        r"g3__gn_les_1m__b2_a1_1",
        r"les gui\b",
        "les gui, créatures du bestiaire de BaSIC — KAR, nom invariable du texte source",
    ),
    (
        r"g3__gn_la_2m__b1_a2_1",
        r"culture (Primitif|Nomade|Barbare)",
        "le nom d’une culture (Primitif, Nomade) est un nom propre, invariable",
    ),
    (
        r"gv2__conj_les_nom__b1_a3_1",
        r"que les dommages les ramène",
        "le sujet de « ramène » est « une armure », au singulier",
    ),
    (
        r"majuscule_début_paragraphe",
        r"^(dans une campagne|si le jet est raté|total ≥ 0)",
        "un élément de liste qui continue la phrase qui l’annonce commence par une minuscule",
    ),
    (
        r"g3__gn_nombre_chiffres_1m__b2_a1_1",
        r"\(1 tir à distance|\b\d (mêlée|magie|action longue)\b",
        "les numéros des catégories d’action, pas des quantités",
    ),
    (
        r"g3__gn_la_2m__b1_a2_1",
        r"« Premiers Soins »|compétence Premiers secours",
        "le nom de compétence cité tel que le texte source l’écrit",
    ),
    (
        r"g3__gn_det_epi_plur_2m__b1_a4_1",
        r"Bonus ou malus aux dégâts tiré",
        "« tiré » s’accorde avec « bonus ou malus »",
    ),
    (
        r"g3__gn_start_2m__b1_a[34]_1",
        r"blessures légère, sérieuse",
        "chaque adjectif qualifie une blessure : la blessure légère, la sérieuse…",
    ),
    (
        r"g3__gn_nombre_lettres_1m__b2_a1_1",
        r"deux si EXPERT",
        "EXPERT est un niveau de compétence, pas un nom à accorder",
    ),
    (
        r"g3__gn_nombre_chiffres_1m__b2_a1_1",
        r"1d3\+2 lancé deux fois",
        "« lancé » s’accorde avec l’expression de dés « 1d3+2 »",
    ),
    (
        r"num_grand_nombre_soudé",
        r"^\d{5}$",
        "les faces des dés d’un exemple, lues une à une, pas un nombre",
    ),
    (
        r"g0__virg_fin_dialogue__b2_a1_1",
        r"« Perception, p\. \d+ »",
        "le numéro de page d’un renvoi du PDF, dans la citation du nom de la compétence",
    ),
    (
        r"doublon",
        r"\b(Impact|Dommages|Initiative) \1 =|1d100 1d100 donne",
        "un terme et sa formule (« Impact », « Impact = … ») que pdftotext joint en une ligne",
    ),
    (
        r"orthographe",
        r"culture/profession/libres",
        "Grammalecte découpe « profession/libres » et lit « res » seul",
    ),
    (
        r"orthographe|esp_avant_après_tiret|g3__gn_pfx_de_2m__b1_a[14]_1",
        r"Modifica‐ Circons|Modifi‐ Circons|coût augavec la menté|pourarrondi au- centage|épéechaîne"
        r"|personnage \(Résis‐|^[35]à[47]$",
        "pdftotext mêle deux colonnes d’un tableau du PDF, qui les imprime séparées",
    ),
]
"""Accepted findings: (Grammalecte's rule, a pattern of the words around the finding, the reason)."""


def _accepte(constat: Constat) -> bool:
    if constat.regle == "orthographe" and (
        constat.extrait in MOTS_DU_JEU or NOTATION_DES_DES.fullmatch(constat.extrait)
    ):
        return True
    return any(
        re.fullmatch(regle, constat.regle) and re.search(motif, constat.entourage)
        for regle, motif, _ in ACCEPTES
    )


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, str]:
    """The built pages' paragraphs, with the first page that shows each."""
    return paragraphes_des_pages(site)


def _rapport(constats: list[Constat], sources: dict[str, str]) -> str:
    return "\n".join(f"{sources[c.paragraphe]} : {c}" for c in constats)


def test_grammalecte_ne_trouve_rien_dans_les_pages(pages: dict[str, str]) -> None:
    """The pages' visible text, tooltips and labels: zero finding outside the reviewed lists."""
    restants = [c for c in verifier(list(pages)) if not _accepte(c)]
    assert not restants, f"{len(restants)} constats de Grammalecte :\n{_rapport(restants, pages)}"


def test_grammalecte_ne_trouve_rien_dans_les_pdf(site: Path, pages: dict[str, str]) -> None:
    """The PDFs' text (cover, contents, cross-references, sheets): zero spelling or typography finding."""
    pdf = {texte: nom for texte, nom in paragraphes_des_pdf(site, pages).items() if texte not in pages}
    restants = [c for c in verifier(list(pdf), POUR_LES_PDF) if not _accepte(c)]
    assert not restants, f"{len(restants)} constats de Grammalecte :\n{_rapport(restants, pdf)}"


def test_sans_grammalecte_le_test_echoue_en_le_disant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python without Grammalecte: a French failure naming the Debian package, never a skip."""
    python_nu = tmp_path / "python3"
    python_nu.write_text('#!/bin/sh\nexec /usr/bin/python3 -I -S "$@"\n', encoding="utf-8")
    python_nu.chmod(0o755)
    monkeypatch.setattr("tests.site.francais.PYTHON_DU_SYSTEME", str(python_nu))
    with pytest.raises(RuntimeError, match="installez le paquet Debian python3-grammalecte"):
        verifier(["Bonjour."])
