"""Fuzzing the facade: any JSON-able arguments to any operation give a result or a French error.

Never a traceback, never the engine's « internal error »: every refusal is one of
the package's own errors, with its message.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_py.web import OPERATIONS, Moteur
from rules_py.web.outil import OUTILS
from tests.exemples import exemples

NOMS_DE_CHAMPS = sorted(
    {champ.cle for outil in OUTILS.values() for champ in outil.champs_du_formulaire}
    | {"etat", "jet", "jet_kar", "des", "faces", "index", "nom", "action", "combattant", "cible"}
)

valeurs_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda enfants: (
        st.lists(enfants, max_size=4) | st.dictionaries(st.text(max_size=12), enfants, max_size=4)
    ),
    max_leaves=12,
)
valeurs_plausibles = (
    st.integers(min_value=-50, max_value=250).map(str)
    | st.integers(min_value=-50, max_value=250)
    | st.sampled_from(["", "00", "01", "1d6+2", "realiste", "heroique", "moyen", "a_peine_difficile", "true"])
    | valeurs_json
)
arguments = st.dictionaries(
    st.sampled_from(NOMS_DE_CHAMPS) | st.text(max_size=8), valeurs_plausibles, max_size=8
)


def verifier(reponse: dict) -> None:
    """A result, or a refusal that is one of the package's own French errors."""
    json.dumps(reponse, ensure_ascii=False)
    if reponse["ok"]:
        assert isinstance(reponse["resultat"].get("affichage", []), list)
    else:
        erreur = reponse["erreur"]
        assert "interne" not in erreur, erreur
        assert isinstance(erreur["message"], str) and erreur["message"].strip()


@settings(max_examples=exemples(1000), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(op=st.sampled_from(sorted(OPERATIONS)), args=arguments, graine=st.integers(0, 2**16))
def test_n_importe_quels_arguments_a_n_importe_quelle_operation(op: str, args: dict, graine: int) -> None:
    """Random arguments to every operation: only results and French errors come back."""
    verifier(Moteur(graine).appeler(op, args))


@settings(max_examples=exemples(200), deadline=None)
@given(op=st.text(max_size=30) | st.sampled_from(sorted(OPERATIONS)), args=valeurs_json)
def test_n_importe_quel_json_meme_pas_un_objet(op: str, args: object) -> None:
    """Whatever arrives (a list, a number, an unknown operation), the answer is JSON with a French error."""
    reponse = json.loads(Moteur(1).appeler_json(op, json.dumps(args)))
    verifier(reponse)


def test_json_illisible() -> None:
    """Text that is not JSON is refused in French."""
    reponse = json.loads(Moteur().appeler_json("des.lancer", "{pas du json"))
    assert reponse == {"ok": False, "erreur": {"message": "Arguments illisibles (JSON invalide)."}}


def test_les_erreurs_internes_sont_rattrapees_en_francais() -> None:
    """A bug in an operation would still answer in French, flagged as internal, never raise."""
    from rules_py.outils.registre import OPERATIONS as TABLE

    def boguee(args: object, rng: object) -> dict:
        raise ZeroDivisionError

    TABLE["test.boguee"] = boguee
    try:
        reponse = Moteur().appeler("test.boguee", {})
    finally:
        del TABLE["test.boguee"]
    assert reponse["ok"] is False and reponse["erreur"]["interne"] is True
    assert reponse["erreur"]["message"].startswith("Erreur interne du moteur de règles")
    assert "ZeroDivisionError" in reponse["erreur"]["trace"] and "boguee" in reponse["erreur"]["trace"]


def test_chaque_bouton_nomme_une_operation_connue() -> None:
    """Each form button of each widget calls an operation the facade has."""
    for outil in OUTILS.values():
        for action in outil.boutons:
            assert action.op in OPERATIONS, (outil.nom, action.op)


def test_une_memoire_epuisee_dans_python_repond_en_francais() -> None:
    """Python out of memory in an operation (the wasm memory cannot grow): the internal French message,
    the engine itself still answering."""
    from rules_py.outils.registre import OPERATIONS as TABLE

    def gourmande(args: object, rng: object) -> dict:
        raise MemoryError

    TABLE["test.gourmande"] = gourmande
    try:
        reponse = Moteur().appeler("test.gourmande", {})
    finally:
        del TABLE["test.gourmande"]
    assert reponse["erreur"]["message"].startswith("Erreur interne du moteur de règles")
    assert "MemoryError" in reponse["erreur"]["trace"]
    assert Moteur().appeler("des.lancer", {"expression": "1d6", "des": "4"})["resultat"]["total"] == 4
