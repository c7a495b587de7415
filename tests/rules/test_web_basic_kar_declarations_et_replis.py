"""BaSIC — KAR, every widget: declarations, fallbacks for the pages' examples, typography.

Every operation is called as the page calls it, through ``Moteur(seed).appeler``
with the strings a form sends. Worked examples cite
``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import pytest

from rules_py.web import Moteur
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.rules import facade
from tests.rules.facade import appeler, statique
from tests.rules.test_web_formulaires import exemples
from tests.rules.web_basic_kar_commun import typographie_francaise

KAR_WIDGETS = (
    "test-kar",
    "resistance-kar",
    "situations-kar",
    "assommer-kar",
    "blessure-grave-kar",
    "coup-critique-kar",
    "contre-attaque-kar",
    "scories-kar",
)


# == every widget ==========================================================================================


@pytest.mark.parametrize("nom", KAR_WIDGETS)
def test_declarations(nom: str) -> None:
    """Each widget: a French title, labelled fields, actions naming real operations, clean typography."""
    declaration = OUTILS[nom]
    assert declaration.titre and declaration.actions
    visibles = [declaration.titre]
    for champ in declaration.champs_du_formulaire:
        meta = champ.meta
        visibles += [meta.libelle, meta.aide, meta.groupe, *(libelle for _, libelle in champ.options)]
    visibles += [action.libelle for action in declaration.actions]
    for texte in map(typographie, visibles):  # as the built page shows them (site_plugins/widgets/bloc.py)
        assert not typographie_francaise(texte), (nom, texte)
    for action in declaration.actions:
        assert Moteur(1).appeler(action.op, {})["ok"] in (True, False)


@pytest.mark.parametrize("nom", KAR_WIDGETS)
def test_statiques_en_typographie_francaise(nom: str) -> None:
    """Every fallback, for its page's example, is non-empty and typographically clean."""
    repli = statique(nom, exemples()[nom])
    assert repli
    for texte in facade.textes(repli).split(" | "):
        assert not typographie_francaise(texte), (nom, texte)


@pytest.mark.parametrize(
    ("nom", "attendu"),
    [
        ("test-kar", "Jet sous le KAR (60)\u00a0: 72 — raté\u00a0: le KAR passe de 60 à 55."),
        ("coup-critique-kar", "6 × 2 + 2 (armure 2 ignorée) = 14."),
        ("situations-kar", "Seuil final\u00a0: 15\u202f%."),
        ("blessure-grave-kar", "Jet sous PV × 5 = 30\u00a0: 54 — raté"),
        ("contre-attaque-kar", "réussites de même qualité, 20 points d’écart (au moins 20)"),
        ("scories-kar", "KAR | 25 + 15 = 40"),
    ],
)
def test_le_repli_statique_est_la_reponse_a_l_exemple_de_la_page(nom: str, attendu: str) -> None:
    """The fallback is the first action's own answer to the page's example, which replays the text's."""
    exemple = exemples()[nom]
    repli = statique(nom, exemple)
    reponse = appeler(OUTILS[nom].actions[0].op, exemple)["affichage"]
    assert repli == [b for b in reponse if b["type"] != "boutons"]  # buttons act in the browser only
    assert attendu in facade.textes(repli)


@pytest.mark.parametrize(
    ("texte", "attendu"),
    [
        ("Passe 13 : Yang", "Passe 13\u00a0: Yang"),
        ("25% perdus ; ok !", "25\u202f% perdus\u202f; ok\u202f!"),
        ("Init -6, 21-30", "Init −6, 21-30"),
        ("d'Init « x »", "d’Init «\u00a0x\u00a0»"),
    ],
)
def test_typographie(texte: str, attendu: str) -> None:
    """The engines' texts get French typography (and typography twice changes nothing)."""
    assert typographie(texte) == attendu == typographie(attendu)
