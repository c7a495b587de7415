"""Actions possibles (B9): the actions and their cost in Init, and why one is refused at this moment."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules_py.combat_heroique.round_et_passes import (
    Combattant,
    EtatDeCombat,
)
from rules_py.d100 import arrondi_superieur
from rules_py.errors import InputError

# -- 4) Actions possibles (B9) ---------------------------------------------------------------------

SURCOUT_ATTAQUE_SUIVANTE = 3
COUT_PAR_METRE = 2
COUT_ATTENTE = 1


@dataclass(frozen=True, slots=True)
class DefinitionDAction:
    """An action of the heroic combat: its French label, its kind, and what it counts as."""

    action: str
    libelle: str
    genre: str
    attaque: bool
    moitie_de_la_competence: bool
    depuis_la_garde: bool


ACTIONS: dict[str, DefinitionDAction] = {
    d.action: d
    for d in (
        DefinitionDAction("attaque_normale", "Attaque normale (2 × FV)", "active", True, False, False),
        DefinitionDAction(
            "attaque_rapide", "Attaque rapide (FV, compétence / 2)", "active", True, True, False
        ),
        DefinitionDAction("se_mettre_en_garde", "Se mettre en garde (FV)", "active", False, False, False),
        DefinitionDAction(
            "parade_rapide", "Parade rapide (FV / 2, compétence / 2)", "reaction", False, True, False
        ),
        DefinitionDAction(
            "esquive_rapide", "Esquive rapide (FV / 2, compétence / 2)", "reaction", False, True, False
        ),
        DefinitionDAction(
            "parade_en_garde", "Parade depuis la garde (sans coût)", "reaction", False, False, True
        ),
        DefinitionDAction(
            "esquive_en_garde", "Esquive depuis la garde (sans coût)", "reaction", False, False, True
        ),
        DefinitionDAction(
            "contre_attaque",
            "Contre-attaque depuis la garde (FV, compétence / 2)",
            "reaction",
            True,
            True,
            True,
        ),
        DefinitionDAction(
            "riposte", "Riposte (attaque rapide, FV, compétence / 2)", "riposte", True, True, False
        ),
        DefinitionDAction("mouvement", "Mouvement (2 points par mètre)", "active", False, False, False),
        DefinitionDAction("attente", "Attente (1 point)", "active", False, False, False),
        DefinitionDAction("concentration", "Concentration (2 × PM)", "active", False, False, False),
        DefinitionDAction("lancer_sortilege", "Lancer le sortilège (PM)", "active", False, False, False),
    )
}
"""Lines 108-115 and 143-163; every attack after the first with the weapon costs +3."""


# -- Coûts et refus: one function per action, shared by actions_possibles and agir ------------------


def _surcout(c: Combattant) -> int:
    return SURCOUT_ATTAQUE_SUIVANTE if c.attaques else 0


def _cout_concentration(c: Combattant, pm: int | None) -> int | None:
    total = c.concentration_restante if c.concentration_restante else (None if pm is None else 2 * pm)
    return None if total is None else min(total, max(c.init, 0))


_COUTS: dict[str, Callable[[Combattant, int, int | None], int | None]] = {
    "attaque_normale": lambda c, m, pm: 2 * c.fv + _surcout(c),
    "attaque_rapide": lambda c, m, pm: c.fv + _surcout(c),
    "se_mettre_en_garde": lambda c, m, pm: c.fv,
    "parade_rapide": lambda c, m, pm: arrondi_superieur(c.fv, 2),
    "esquive_rapide": lambda c, m, pm: arrondi_superieur(c.fv, 2),
    "parade_en_garde": lambda c, m, pm: 0,
    "esquive_en_garde": lambda c, m, pm: 0,
    "contre_attaque": lambda c, m, pm: c.fv + _surcout(c),
    "riposte": lambda c, m, pm: c.fv + _surcout(c),
    "mouvement": lambda c, m, pm: COUT_PAR_METRE * m,
    "attente": lambda c, m, pm: COUT_ATTENTE,
    "concentration": lambda c, m, pm: _cout_concentration(c, pm),
    "lancer_sortilege": lambda c, m, pm: c.sortilege_pm or None,
}


def _refus_du_moment(etat: EtatDeCombat, c: Combattant, action: str) -> str | None:
    """Why the moment is wrong: no attack to answer, no guard, no riposte due, not this combatant's pass."""
    definition = ACTIONS[action]
    if definition.genre == "reaction":
        attaque = etat.attaque_en_cours
        if attaque is None or attaque.cible != c.nom:
            return (
                f"Personne n'attaque {c.nom} en ce moment : parades, esquives et contre-attaques "
                "se déclarent quand on est attaqué."
            )
        if definition.depuis_la_garde and not c.en_garde:
            return f"{c.nom} n'est pas en garde."
        return None
    if definition.genre == "riposte":
        if c.riposte_a != etat.passe:
            return (
                f"{c.nom} n'a pas de riposte à cette passe : elle suit une parade ou une esquive critique "
                "contre une attaque normale, à la passe suivante."
            )
        return None
    if c.init > etat.passe:
        return f"{c.nom} a laissé passer sa passe ({c.init}) : ce round, plus que des défenses pour {c.nom}."
    if 0 < c.init < etat.passe:
        return f"Ce n'est pas encore à {c.nom} d'agir : son Init est {c.init}, la passe est {etat.passe}."
    return None


def _refus_de_l_etat(c: Combattant, action: str) -> str | None:
    """Why the combatant's own state forbids the action: already on guard, spell not ready."""
    if action == "se_mettre_en_garde" and c.en_garde:
        return f"{c.nom} est déjà en garde."
    if action == "concentration" and c.sortilege_pm and not c.concentration_restante:
        return f"{c.nom} a achevé sa concentration : le sortilège peut être lancé."
    if action == "lancer_sortilege" and (not c.sortilege_pm or c.concentration_restante):
        return f"{c.nom} doit d'abord achever la concentration (2 × PM du sortilège)."
    return None


def _refus(etat: EtatDeCombat, c: Combattant, action: str, cout: int | None) -> str | None:
    """Why ``action`` is not allowed now (None: allowed).

    Every action needs Init > 0 (B9), a parry or dodge from guard too, though it costs nothing
    more (the guard is paid already); a counter-attack from guard costs a quick attack and needs
    the Init for it.
    """
    raison = _refus_du_moment(etat, c, action) or _refus_de_l_etat(c, action)
    if raison is not None:
        return raison
    if c.init <= 0:
        return f"{c.nom} n'a plus d'Init ({c.init}) : plus d'action pour {c.nom} ce round."
    if ACTIONS[action].depuis_la_garde and cout == 0:
        return None
    if cout is not None and c.init - cout < 0:
        libelle = ACTIONS[action].libelle.split(" (")[0].lower()
        return f"Init insuffisante : « {libelle} » coûte {cout}, {c.nom} n'a plus que {c.init}."
    return None


@dataclass(frozen=True, slots=True)
class ActionPossible:
    """One action for one combatant now: its cost (None: depends on the PM) and why it is refused."""

    action: str
    libelle: str
    cout: int | None
    possible: bool
    raison: str | None
    moitie_de_la_competence: bool


def _trouver(etat: EtatDeCombat, nom: object, champ: str = "combattant") -> Combattant:
    for c in etat.combattants:
        if c.nom == nom:
            return c
    raise combattant_inconnu(nom, champ)


def combattant_inconnu(nom: object, champ: str = "combattant") -> InputError:
    """The error for a name no combatant bears (echoed between isolates), or for no name at all."""
    if not isinstance(nom, str) or not nom:
        return InputError("Choisissez un combattant.", champ=champ)
    return InputError(f"Aucun combattant ne s'appelle « \u2068{nom[:30]}\u2069 ».", champ=champ)


def actions_possibles(etat: EtatDeCombat, nom: object) -> tuple[ActionPossible, ...]:
    """Every action with its cost now (one metre for a move) and whether the combatant may take it.

    >>> from rules_py.combat_heroique import creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> [(a.action, a.cout) for a in actions_possibles(e, "Zhang") if a.possible][:3]
    [('attaque_normale', 6), ('attaque_rapide', 3), ('se_mettre_en_garde', 3)]
    """
    c = _trouver(etat, nom)
    resultat = []
    for action, definition in ACTIONS.items():
        cout = _COUTS[action](c, 1, None)
        raison = _refus(etat, c, action, cout)
        resultat.append(
            ActionPossible(
                action, definition.libelle, cout, raison is None, raison, definition.moitie_de_la_competence
            )
        )
    return tuple(resultat)
