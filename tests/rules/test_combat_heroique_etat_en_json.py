"""BaSIC — combat héroïque, the state in JSON, and properties: random walk, hostile inputs, a round of six.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import EtatDeCombat
from rules_py.d100 import Resultat
from rules_py.errors import InputError, RulesError
from tests.exemples import exemples
from tests.rules.combat_heroique_commun import R, aller_a, c, possible, seul, yang_et_guo

# -- État en JSON -------------------------------------------------------------------------------------


def etat_de_reference() -> dict[str, Any]:
    """A state with an attack awaiting an answer, as JSON data."""
    etat = ch.agir(aller_a(yang_et_guo(), 15), "Yang", "attaque_rapide", cible="Guo", resultat="reussite")
    return json.loads(json.dumps(ch.etat_en_dict(etat)))


def modifier(chemin: tuple[Any, ...], valeur: Any) -> dict[str, Any]:
    """The reference state with one field replaced (``...`` as value deletes it)."""
    donnees = etat_de_reference()
    cible = donnees
    for cle in chemin[:-1]:
        cible = cible[cle]
    if valeur is ...:
        del cible[chemin[-1]]
    else:
        cible[chemin[-1]] = valeur
    return donnees


class TestEtatDepuisDict:
    def test_aller_retour(self) -> None:
        """A state with a pending attack survives JSON."""
        donnees = etat_de_reference()
        etat = ch.etat_depuis_dict(donnees)
        assert etat.attaque_en_cours == ch.AttaqueEnCours("Yang", "Guo", 15, "attaque_rapide", R)
        assert ch.etat_en_dict(etat) == donnees

    @pytest.mark.parametrize(
        ("chemin", "valeur", "champ"),
        [
            (("passe",), ..., "passe"),
            (("passe",), -1, "passe"),
            (("numero_round",), 0, "numero_round"),
            (("combattants",), [], "combattants"),
            (("combattants",), {"a": 1}, "combattants"),
            (("combattants", 0), "Yang", "combattant"),
            (("combattants", 0, "init"), ..., "init"),
            (("combattants", 0, "longueur"), "geante", "longueur"),
            (("combattants", 0, "en_garde"), "oui", "en_garde"),
            (("combattants", 0, "modificateur_longueur"), 2, "modificateur_longueur"),
            (("combattants", 0, "bonus_premier_round"), 7, "bonus_premier_round"),
            (("combattants", 0, "riposte_a"), -1, "riposte_a"),
            (("combattants", 1, "nom"), "Yang", "nom"),
            (("journal",), "texte", "journal"),
            (("journal",), [1, 2], "journal"),
            (("attaque_en_cours", "cible"), "Wu", "cible"),
            (("attaque_en_cours", "action"), "parade_rapide", "action"),
            (("attaque_en_cours", "resultat"), "touche", "resultat"),
            (("attaque_en_cours", "passe"), ..., "passe"),
            (("attaque_en_cours",), [], "attaque_en_cours"),
        ],
    )
    def test_refus(self, chemin: tuple[Any, ...], valeur: Any, champ: str) -> None:
        """Every field is checked: a tampered state is an InputError naming the field."""
        with pytest.raises(InputError) as erreur:
            ch.etat_depuis_dict(modifier(chemin, valeur))
        assert erreur.value.champ == champ

    def test_pas_un_objet(self) -> None:
        """The state is an object."""
        with pytest.raises(InputError) as erreur:
            ch.etat_depuis_dict([1, 2])
        assert erreur.value.champ == "etat"

    def test_attaque_sans_resultat(self) -> None:
        """An attack without a result is kept as such."""
        donnees = modifier(("attaque_en_cours", "resultat"), None)
        assert ch.etat_depuis_dict(donnees).attaque_en_cours.resultat is None  # type: ignore[union-attr]


# -- Propriétés : marche aléatoire, JSON, cohérence actions_possibles / agir ------------------------------

participants_aleatoires = st.lists(
    st.fixed_dictionaries(
        {
            "init": st.integers(0, 20),
            "fv": st.integers(1, 5),
            "camp": st.sampled_from(["A", "B", "C"]),
            "longueur": st.sampled_from([None, *ch.LONGUEURS]),
            "resultat": st.sampled_from([r.value for r in Resultat]),
            "choix": st.sampled_from(ch.CHOIX_DU_PREMIER_ROUND),
            "d6": st.integers(1, 6),
        }
    ),
    min_size=1,
    max_size=6,
)


def parametres(data: st.DataObject, etat: EtatDeCombat, nom: str, action: str) -> dict[str, Any]:
    """Draw plausible parameters for ``action`` by ``nom``."""
    autres = [x.nom for x in etat.combattants if x.nom != nom]
    definition = ch.ACTIONS[action]
    options: dict[str, Any] = {}
    if definition.attaque and definition.genre != "reaction" and autres:
        options["cible"] = data.draw(st.sampled_from([None, *autres]))
    if action == "mouvement":
        options["metres"] = data.draw(st.integers(1, max(1, c(etat, nom).init // 2)))
    if action == "concentration" and not c(etat, nom).sortilege_pm:
        options["pm"] = data.draw(st.integers(1, 12))
    options["resultat"] = data.draw(st.sampled_from([None, *(r.value for r in Resultat)]))
    return options


@settings(max_examples=exemples(80), deadline=None)
@given(participants_aleatoires, st.data())
def test_marche_aleatoire(entrees: list[dict[str, Any]], data: st.DataObject) -> None:
    """Random play: possible actions succeed, refused ones raise InputError, Init stays >= 0, JSON holds."""
    etat = ch.creer_combat(
        [seul(f"C{i}", e.pop("init"), **e) for i, e in enumerate(entrees)]  # type: ignore[arg-type]
    )
    departs = {x.nom: x.init for x in etat.combattants}
    for _ in range(40):
        nom = data.draw(st.sampled_from([x.nom for x in etat.combattants]))
        actions = ch.actions_possibles(etat, nom)
        permises = [a.action for a in actions if a.possible]
        refusees = [a.action for a in actions if not a.possible]
        refusee = data.draw(st.sampled_from(refusees))
        with pytest.raises(InputError):
            ch.agir(etat, nom, refusee, **parametres(data, etat, nom, refusee))
        choix = data.draw(st.sampled_from([*permises, "passe", "round"]))
        longueur = len(etat.journal)
        if choix == "round":
            etat = ch.round_suivant(etat)
        elif choix == "passe":
            if etat.passe == 0:
                with pytest.raises(InputError):
                    ch.passe_suivante(etat)
                etat = ch.round_suivant(etat)
            else:
                etat = ch.passe_suivante(etat)
        else:
            etat = ch.agir(etat, nom, choix, **parametres(data, etat, nom, choix))
        assert len(etat.journal) > longueur
        assert all(x.init >= 0 or x.init == departs[x.nom] for x in etat.combattants)
        assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat


@settings(max_examples=exemples(200))
@given(
    st.sampled_from(list(ch.ACTIONS)),
    st.sampled_from(["Yang", "Guo", "Wu", "", None, 3]),
    st.fixed_dictionaries(
        {},
        optional={
            "cible": st.one_of(
                st.none(), st.text(max_size=5), st.integers(), st.sampled_from(["Yang", "Guo"])
            ),
            "metres": st.one_of(st.none(), st.integers(-3, 30), st.text(max_size=3), st.floats()),
            "pm": st.one_of(st.none(), st.integers(-3, 30), st.text(max_size=3)),
            "resultat": st.one_of(
                st.none(), st.text(max_size=5), st.sampled_from([r.value for r in Resultat])
            ),
        },
    ),
)
def test_entrees_hostiles(action: str, nom: Any, options: dict[str, Any]) -> None:
    """Any input to agir either works or raises a RulesError subclass."""
    with contextlib.suppress(RulesError):
        ch.agir(yang_et_guo(), nom, action, **options)


@settings(max_examples=exemples(100))
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=4),
        lambda enfants: (
            st.lists(enfants, max_size=3) | st.dictionaries(st.text(max_size=8), enfants, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_etat_hostile(donnees: Any) -> None:
    """Any JSON value given as a state either reads back or raises a RulesError subclass."""
    with contextlib.suppress(RulesError):
        ch.etat_depuis_dict(donnees)


# -- Performance -----------------------------------------------------------------------------------------


def un_round_a_six() -> EtatDeCombat:
    """A whole round, 3 against 3: each attacks quickly at their pass, the target parries when it can."""
    etat = ch.creer_combat([seul(f"C{i}", 10 + i, fv=2 + i % 3, camp="AB"[i % 2]) for i in range(6)])
    while True:
        for nom in ch.combattants_a_cette_passe(etat):
            adversaire = next(x.nom for x in etat.combattants if x.camp != c(etat, nom).camp)
            if possible(etat, nom, "attaque_rapide").possible:
                etat = ch.agir(etat, nom, "attaque_rapide", cible=adversaire, resultat="reussite")
                if possible(etat, adversaire, "parade_rapide").possible:
                    etat = ch.agir(etat, adversaire, "parade_rapide", resultat="reussite")
            else:
                etat = ch.agir(etat, nom, "attente")
        if etat.passe == 0:
            return etat
        etat = ch.passe_suivante(etat)


def test_round_a_six_aller_retour() -> None:
    """One heroic round of 6 combatants survives a JSON round trip (its speed: ``benchmarks/moteur.py``)."""
    etat = un_round_a_six()
    assert len(etat.journal) > 20
    assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat
