"""BaSIC — combat héroïque: the helpers and the example of Yang and Guo, shared by several test modules.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import EtatDeCombat, Participant
from rules_py.d100 import Resultat

RC, R, E, EC = Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE, Resultat.ECHEC, Resultat.ECHEC_CRITIQUE


def yang_et_guo() -> EtatDeCombat:
    """l.117-118: Yang Init 12 and Guo 11, swords (FV 3), both succeed and take +1d6: 3 and 2."""
    return ch.creer_combat(
        [
            Participant("Yang", "Yang", 12, 12, 3, "moyenne", R, "init", 3),
            Participant("Guo", "Guo", 11, 11, 3, "moyenne", R, "init", 2),
        ]
    )


def seul(nom: str = "Zhang", init: int = 13, fv: int = 3, **autres: Any) -> dict[str, Any]:
    """A participant as JSON data: INT = DEX = ``init``, a failed first-round roll."""
    return {
        "nom": nom,
        "camp": autres.pop("camp", nom),
        "intelligence": init,
        "dexterite": init,
        "fv": fv,
        "longueur": autres.pop("longueur", "moyenne"),
        "resultat": autres.pop("resultat", "echec"),
        **autres,
    }


def c(etat: EtatDeCombat, nom: str) -> ch.Combattant:
    """The combatant called ``nom``."""
    return next(x for x in etat.combattants if x.nom == nom)


def inits(etat: EtatDeCombat) -> dict[str, int]:
    """Current Init of each combatant."""
    return {x.nom: x.init for x in etat.combattants}


def aller_a(etat: EtatDeCombat, passe: int) -> EtatDeCombat:
    """Count passes down to ``passe``."""
    while etat.passe > passe:
        etat = ch.passe_suivante(etat)
    return etat


def possible(etat: EtatDeCombat, nom: str, action: str) -> ch.ActionPossible:
    """The entry of actions_possibles for ``action``."""
    return next(a for a in ch.actions_possibles(etat, nom) if a.action == action)


Etape = Callable[[EtatDeCombat], EtatDeCombat]

ETAPES_YANG_GUO: list[tuple[str, Etape, int, dict[str, int], dict[str, bool]]] = [
    (
        "l.119 a 15 Yang se met en garde: 12",
        lambda e: ch.agir(e, "Yang", "se_mettre_en_garde"),
        15,
        {"Yang": 12, "Guo": 13},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 on decompte jusqu'a 13",
        lambda e: aller_a(e, 13),
        13,
        {"Yang": 12, "Guo": 13},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 a 13 Guo attaque rapide reussie: 10",
        lambda e: ch.agir(e, "Guo", "attaque_rapide", cible="Yang", resultat="reussite"),
        13,
        {"Yang": 12, "Guo": 10},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 Yang pare depuis sa garde, sans cout",
        lambda e: ch.agir(e, "Yang", "parade_en_garde", resultat="reussite"),
        13,
        {"Yang": 12, "Guo": 10},
        {"Yang": False, "Guo": False},
    ),
    ("l.121 passe 12", ch.passe_suivante, 12, {"Yang": 12, "Guo": 10}, {"Yang": False, "Guo": False}),
    (
        "l.121 a 12 Yang attaque normale: 6",
        lambda e: ch.agir(e, "Yang", "attaque_normale", cible="Guo"),
        12,
        {"Yang": 6, "Guo": 10},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.121 Guo parade rapide: 8",
        lambda e: ch.agir(e, "Guo", "parade_rapide"),
        12,
        {"Yang": 6, "Guo": 8},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.122 on decompte jusqu'a 8",
        lambda e: aller_a(e, 8),
        8,
        {"Yang": 6, "Guo": 8},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.122 a 8 Guo 2e attaque rapide (+3): 2",
        lambda e: ch.agir(e, "Guo", "attaque_rapide", cible="Yang"),
        8,
        {"Yang": 6, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 on decompte jusqu'a 6",
        lambda e: aller_a(e, 6),
        6,
        {"Yang": 6, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 a 6 Yang attaque rapide (2e, +3): 0",
        lambda e: ch.agir(e, "Yang", "attaque_rapide", cible="Guo"),
        6,
        {"Yang": 0, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 Guo parade rapide: 0",
        lambda e: ch.agir(e, "Guo", "parade_rapide"),
        6,
        {"Yang": 0, "Guo": 0},
        {"Yang": False, "Guo": False},
    ),
]


def rejouer_yang_et_guo(jusqu_a: int) -> EtatDeCombat:
    """Replay the first ``jusqu_a`` steps of the example."""
    etat = yang_et_guo()
    for _, etape, *_ in ETAPES_YANG_GUO[:jusqu_a]:
        etat = etape(etat)
    return etat
