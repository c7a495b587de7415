"""The layers: the generic tool layer below the systems, the facade above; importing a module does the
same thing whoever imports it first, and the facade registers a system's tools when asked by name.

Each check runs in a fresh interpreter, so that what it imports is all that is imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_py.systemes import SYSTEMES
from rules_py.web import modules
from rules_py.web.outil import OUTILS

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide ne lance pas d'interpréteur")


def _dans_un_interpreteur_neuf(code: str) -> Any:
    """What ``code`` leaves in ``resultat``, run in a fresh Python (with ``modules_rules()`` at hand)."""
    prelude = (
        "import json, sys\n"
        "def modules_rules():\n"
        "    return sorted(n for n in sys.modules if n.startswith('rules_py'))\n"
    )
    suite = "\nprint(json.dumps(resultat))\n"
    sortie = subprocess.run(
        [sys.executable, "-c", prelude + code + suite], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(sortie.stdout)


def test_la_couche_des_outils_n_importe_ni_systeme_ni_facade() -> None:
    """``rules_py.outils`` depends on the dice and the validation only."""
    importes = _dans_un_interpreteur_neuf("import rules_py.outils.registre\nresultat = modules_rules()")
    assert not [n for n in importes if n.startswith(("rules_py.web", "rules_py.basic", "rules_py.el_toto"))]
    assert "rules_py.systemes" not in importes and "rules_py.personnages" not in importes


def test_les_personnages_importes_d_abord_n_importent_pas_la_facade() -> None:
    """The engine's characters need the records and the sheets, never the facade."""
    importes = _dans_un_interpreteur_neuf("import rules_py.personnages\nresultat = modules_rules()")
    assert not [n for n in importes if n.startswith("rules_py.web")]


def test_la_facade_seule_ne_connait_que_son_battement() -> None:
    """Importing the facade registers no tool: only « moteur.ping »."""
    code = "from rules_py.web import OPERATIONS\nresultat = sorted(OPERATIONS)"
    assert _dans_un_interpreteur_neuf(code) == ["moteur.ping"]


@pytest.mark.parametrize("cle", sorted(SYSTEMES))
def test_charger_un_systeme_enregistre_ses_outils_et_eux_seuls(cle: str) -> None:
    """``charger(système)`` (the worker, for a page's tools) registers all that system's tools, no other's."""
    code = (
        "from rules_py import web\nfrom rules_py.outils.registre import OUTILS\n"
        f"web.charger(web.SYSTEMES[{cle!r}])\nresultat = sorted(OUTILS)"
    )
    siens = [nom for nom, o in OUTILS.items() if o.regles.cle == cle]
    attendus = sorted(nom for nom in siens if not nom.startswith("personnage-"))
    assert _dans_un_interpreteur_neuf(code) == attendus


def test_une_operation_pas_encore_importee_l_est_a_son_premier_appel() -> None:
    """FOR 14 + TAI 16 = 30: +1d2, although the Basic tools were not imported before the call."""
    code = (
        "from rules_py.web import Moteur\n"
        "r = Moteur(1).appeler('basic.modificateur', {'for': '14', 'tai': '16'})\n"
        "resultat = [r['resultat']['modificateur'], 'rules_py.web.el_toto' in modules_rules()]"
    )
    assert _dans_un_interpreteur_neuf(code) == ["+1d2", False]


def test_une_operation_de_personnage_importe_tous_les_outils() -> None:
    """A character may fill any tool: preparing its operations imports every tool module."""
    code = (
        "from rules_py import web\nweb.preparer(['personnages.remplir'])\n"
        "resultat = [m for m in web.modules() if m not in sys.modules]"
    )
    assert _dans_un_interpreteur_neuf(code) == []


def test_une_operation_inconnue_reste_inconnue() -> None:
    """An unknown name (a hostile link) imports everything, then is refused in French as before."""
    code = "from rules_py.web import Moteur\nresultat = Moteur(1).appeler('inconnue.op', {})['erreur']"
    code += "['message']"
    assert _dans_un_interpreteur_neuf(code) == "Opération inconnue\xa0: «\xa0inconnue.op\xa0»."


def test_les_modules_des_outils_viennent_des_fiches_des_systemes() -> None:
    """The facade's modules are the records', in the site's order, then the characters'."""
    assert modules() == (
        "rules_py.web.basic_maison",
        "rules_py.web.basic_kar",
        "rules_py.web.combat_heroique",
        "rules_py.web.el_toto",
        "rules_py.web.actions_d100",
        "rules_py.web.des",
        "rules_py.web.personnages",
    )
