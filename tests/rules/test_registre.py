"""A tool's registration checks what no type says: one name and one operation each, its system
registered, its operations under its system's prefix, its kept state and its sides declared, and the
keys it takes from a character sheet present on that sheet. Each broken rule is named in French."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Annotated, Any

import pytest

from rules_py.outils.champs import Champ
from rules_py.outils.registre import OPERATIONS, OUTILS, operation, outil
from rules_py.outils.systeme import Systeme, enregistrer_systeme
from rules_py.systemes import BASIC_MAISON, DES, EL_TOTO
from rules_py.web.outil import OUTILS as TOUS


@dataclasses.dataclass(frozen=True, slots=True)
class Score:
    score: Annotated[int, Champ("Score")] = 50


@dataclasses.dataclass(frozen=True, slots=True)
class Suivi:
    score: Annotated[int, Champ("Score")] = 50
    etat: Annotated[dict[str, Any] | None, Champ("Suivi", cache=True, lecteur=lambda v, _: dict(v))] = None


@dataclasses.dataclass(frozen=True, slots=True)
class DeuxCamps:
    hargne_a: Annotated[int, Champ("Hargne", camp="a", groupe="A")] = 1
    hargne_b: Annotated[int, Champ("Hargne", camp="b", groupe="B")] = 1


@dataclasses.dataclass(frozen=True, slots=True)
class DepuisLaFiche:
    blessure: Annotated[int, Champ("Blessure", fiche="blessure_grave")] = 0


def _rien(entrees: Any, rng: random.Random) -> dict[str, Any]:
    return {"affichage": []}


def _declarer(systeme: Systeme, op: str, entrees: type, **options: Any) -> None:
    resume = "Un outil d'essai."
    outil(systeme, "essai-registre", "Essai", resume, op, "Essayer", entrees=entrees, **options)(_rien)


@pytest.fixture(autouse=True)
def _sans_trace() -> Any:
    """Whatever a test registered is taken back (a refused declaration registers nothing)."""
    yield
    OUTILS.pop("essai-registre", None)
    for op in [op for op in OPERATIONS if op.endswith(".essai")]:
        del OPERATIONS[op]


def test_une_operation_declaree_deux_fois_est_refusee() -> None:
    """An operation that exists already is refused, by name."""
    with pytest.raises(ValueError, match=re.escape("opération « des.lancer » déclarée deux fois")):
        operation("des.lancer")(lambda args, rng: {})


def test_un_outil_declare_deux_fois_est_refuse() -> None:
    """A second tool of a page name, or a second tool with an existing operation, is refused."""
    with pytest.raises(ValueError, match="outil « jet-de-des » déclaré deux fois"):
        outil(DES, "jet-de-des", "Essai", "Essai.", "des.essai", "Go", entrees=Score)(_rien)
    with pytest.raises(ValueError, match=re.escape("opération « des.lancer » déclarée deux fois")):
        _declarer(DES, "des.lancer", Score)
    assert "essai-registre" not in OUTILS


def test_un_systeme_declare_deux_fois_est_refuse() -> None:
    """A second record with a key or a name already registered is refused."""
    with pytest.raises(ValueError, match="système « El Toto » \\(toto\\) déclaré deux fois"):
        enregistrer_systeme(Systeme("toto", "El Toto", "rules_py.el_toto", ()))
    with pytest.raises(ValueError, match="système « El Toto » \\(autre\\) déclaré deux fois"):
        enregistrer_systeme(Systeme("autre", "El Toto", "rules_py.el_toto", ()))


def test_un_systeme_non_enregistre_est_refuse() -> None:
    """A tool of a system no record registered is refused, naming the system."""
    rolemaster = Systeme("rm", "Rolemaster", "rolemaster", ())
    with pytest.raises(ValueError, match="système « Rolemaster » non enregistré"):
        _declarer(rolemaster, "rm.essai", Score)


def test_une_operation_hors_du_prefixe_du_systeme_est_refusee() -> None:
    """An operation's name starts with its system's key."""
    message = "l'opération « toto.essai » doit commencer par « basic. »"
    with pytest.raises(ValueError, match=re.escape(message)):
        _declarer(BASIC_MAISON, "toto.essai", Score)


def test_un_etat_garde_se_declare() -> None:
    """A hidden ``etat`` needs ``garde_un_etat=True`` and the word the field; the description says it."""
    with pytest.raises(ValueError, match="garde_un_etat=True"):
        _declarer(DES, "des.essai", Suivi)
    with pytest.raises(ValueError, match="garde_un_etat=True"):
        _declarer(DES, "des.essai", Score, garde_un_etat=True)
    _declarer(DES, "des.essai", Suivi, garde_un_etat=True)
    assert OUTILS["essai-registre"].description()["garde_un_etat"] is True


def test_l_operation_qui_montre_l_etat_se_declare() -> None:
    """``montre_l_etat`` names one of the tool's operations, in a tool that keeps a state."""
    message = "montre_l_etat nomme une de ses opérations, dans un outil qui garde un état"
    with pytest.raises(ValueError, match=message):
        _declarer(DES, "des.essai", Suivi, garde_un_etat=True, montre_l_etat="des.ailleurs")
    with pytest.raises(ValueError, match=message):
        _declarer(DES, "des.essai", Score, montre_l_etat="des.essai")
    _declarer(DES, "des.essai", Suivi, garde_un_etat=True, montre_l_etat="des.essai")
    assert OUTILS["essai-registre"].operation_de_l_etat == "des.essai"


def test_les_outils_du_site_qui_gardent_un_etat() -> None:
    """The heroic tracker, the El Toto duel and the Basic maison initiative keep a state, and only they."""
    assert sorted(nom for nom, o in TOUS.items() if o.garde_un_etat) == [
        "combat-heroique",
        "duel-el-toto",
        "initiative-basic",
    ]


def test_les_camps_se_declarent() -> None:
    """The sides of the fields and those declared are the same, or the tool is refused."""
    with pytest.raises(ValueError, match=r"camps déclarés \[\], camps de ses champs \['a', 'b'\]"):
        _declarer(EL_TOTO, "toto.essai", DeuxCamps)
    _declarer(EL_TOTO, "toto.essai", DeuxCamps, camps=(("a", "A"), ("b", "B")))
    assert OUTILS["essai-registre"].description()["camps"] == [["a", "A"], ["b", "B"]]


def test_une_cle_de_fiche_absente_de_la_fiche_est_refusee() -> None:
    """A field filled from the sheet's key « blessure_grave », which the El Toto sheet does not have."""
    with pytest.raises(ValueError) as erreur:
        _declarer(EL_TOTO, "toto.essai", DepuisLaFiche)
    assert str(erreur.value) == (
        "outil « essai-registre », champ « blessure » : la clé « blessure_grave » "
        "n'est pas sur la fiche de personnage d’El Toto"
    )
