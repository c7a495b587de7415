"""Aide de jeu: what the page's Init counter adds to the rules.

Whether the fight has begun, the next pass where someone may act, the rolls of actions, the actions
lost if the count goes on, each combatant's state, leaving the fight, the target of an attack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from rules_py.basic_kar import demande_un_jet_de_kar, probabilites_test, resoudre_test
from rules_py.combat_heroique.action_tentee import (
    _LIBELLES_RESULTAT,
)
from rules_py.combat_heroique.actions import ACTIONS, _trouver, actions_possibles
from rules_py.combat_heroique.initiative import _lancer
from rules_py.combat_heroique.round_et_passes import (
    Combattant,
    EtatDeCombat,
    _en_cours,
    passe_suivante,
)
from rules_py.d100 import Resultat, arrondi_superieur, lire_jet
from rules_py.errors import InputError
from rules_py.validation import choix, entier


def commence(etat: EtatDeCombat) -> bool:
    """Whether anything happened since the combat was set up: an action, a pass or a round.

    >>> from rules_py.combat_heroique import creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> commence(e), commence(passe_suivante(e))
    (False, True)
    """
    return etat.numero_round > 1 or len(etat.journal) > 2


def prochaine_passe_utile(etat: EtatDeCombat) -> int:
    """The next pass, below the one counted, at which someone may act (0 when nobody can).

    >>> from rules_py.combat_heroique import agir, creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> prochaine_passe_utile(e), prochaine_passe_utile(agir(e, "Zhang", "attaque_rapide"))
    (0, 10)
    """
    return max((c.init for c in etat.combattants if 0 < c.init < etat.passe), default=0)


def aller_a_la_passe(etat: EtatDeCombat, passe: object) -> EtatDeCombat:
    """Count down to ``passe``, a lower pass of this round (an error names the field ``jusqu_a``).

    >>> from rules_py.combat_heroique import creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> aller_a_la_passe(e, 8).passe
    8
    """
    etat = passe_suivante(etat)
    try:
        visee = entier(passe, "passe visée", minimum=0, maximum=etat.passe)
    except InputError as erreur:
        erreur.champ = "jusqu_a"
        raise
    while etat.passe > visee:
        etat = passe_suivante(etat)
    return etat


_REACTIONS = tuple(a for a, d in ACTIONS.items() if d.genre == "reaction")
_ACTIVES = tuple(a for a, d in ACTIONS.items() if d.genre == "active")


@dataclass(frozen=True, slots=True)
class JetDAction:
    """An attack, parry or dodge rolled from the tracker (or its d100 read): chance, d100, result, odds."""

    competence: int
    chance: int
    jet: int
    resultat: Resultat
    probabilites: dict[Resultat, Fraction]

    @property
    def texte(self) -> str:
        moitie = f" (la moitié de {self.competence})" if self.chance != self.competence else ""
        kar = " ; 96 à 100 : jet sous le KAR" if demande_un_jet_de_kar(self.jet, "heroique") else ""
        return f"d100 : {self.jet:02d} sous {self.chance}{moitie} — {_LIBELLES_RESULTAT[self.resultat]}{kar}."


def jet_d_action(
    action: object, attaque: object, defense: object, rng: random.Random | None, jet: object = None
) -> JetDAction | None:
    """The roll of an action (B2, heroic campaign) with the attack skill, or the parry or dodge skill
    for a defence; a quick one at half the skill, rounded up (B9). None: no roll for it, or no skill given.

    >>> j = jet_d_action("attaque_rapide", 55, 40, None, jet=25)
    >>> j.chance, j.resultat.value, j.probabilites[Resultat.REUSSITE], j.texte
    (28, 'reussite', Fraction(13, 50), 'd100 : 25 sous 28 (la moitié de 55) — réussite.')
    >>> jet_d_action("parade_en_garde", 55, 40, None, jet=25).chance, jet_d_action("attente", 55, 40, None)
    (40, None)
    """
    definition = ACTIONS[choix(action, "action", ACTIONS)]
    competence = attaque if definition.attaque else defense if definition.genre == "reaction" else None
    if competence is None:
        return None
    score = entier(competence, "competence", minimum=0)
    chance = arrondi_superieur(score, 2) if definition.moitie_de_la_competence else score
    valeur = _lancer(rng, 100, "jet") if jet is None else lire_jet(jet)
    resultat = resoudre_test(chance, valeur, "heroique")
    return JetDAction(score, chance, valeur, resultat, probabilites_test(chance, "heroique"))


@dataclass(frozen=True, slots=True)
class PerteDAction:
    """What one combatant would lose if the pass were counted down now: ``quoi`` reads after the name."""

    nom: str
    quoi: str


def actions_perdues(etat: EtatDeCombat) -> tuple[PerteDAction, ...]:
    """Who loses an action available at this pass if the count goes on now (B9: one acts at one's Init).

    A combatant whose Init is the pass and who may still act would then only defend this round;
    a riposte due at this pass is lost; an attack not yet answered stays unanswered.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, agir, creer_combat
    >>> e = creer_combat(EXEMPLE_YANG_ET_GUO)
    >>> [(p.nom, p.quoi) for p in actions_perdues(e)]
    [('Yang', 'perd son action de la passe 15 : ce round, plus que des défenses')]
    >>> actions_perdues(agir(e, "Yang", "attente"))
    ()
    """
    pertes: list[PerteDAction] = []
    for c in etat.combattants if etat.passe > 0 else ():
        possibles = {p.action for p in actions_possibles(etat, c.nom) if p.possible}
        attaque = etat.attaque_en_cours
        if attaque is not None and attaque.cible == c.nom and possibles & set(_REACTIONS):
            pertes.append(PerteDAction(c.nom, f"ne se défend plus contre l'attaque de {attaque.attaquant}"))
        if "riposte" in possibles:
            pertes.append(PerteDAction(c.nom, f"perd sa riposte de la passe {etat.passe}"))
        elif possibles & set(_ACTIVES):
            quoi = f"perd son action de la passe {etat.passe} : ce round, plus que des défenses"
            pertes.append(PerteDAction(c.nom, quoi))
    return tuple(pertes)


def annonce_des_pertes(etat: EtatDeCombat) -> str:
    """The page's sentence for :func:`actions_perdues` ("" when nobody loses anything).

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> annonce_des_pertes(creer_combat(EXEMPLE_YANG_ET_GUO))
    'À la passe suivante, Yang perd son action de la passe 15 : ce round, plus que des défenses.'
    """
    pertes = actions_perdues(etat)
    return f"À la passe suivante, {' ; '.join(f'{p.nom} {p.quoi}' for p in pertes)}." if pertes else ""


def etat_du_combattant(etat: EtatDeCombat, c: Combattant, *, pv: bool = True) -> str:
    """What to know of ``c`` now, in a few words: PV, guard, spell, riposte, the attack to answer.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> yang = creer_combat(EXEMPLE_YANG_ET_GUO).combattants[0]
    >>> etat_du_combattant(creer_combat(EXEMPLE_YANG_ET_GUO), replace(yang, en_garde=True, pv_max=14, pv=0))
    'PV 0/14 (hors de combat), en garde'
    """
    morceaux = []
    if pv and c.pv is not None:
        morceaux.append(f"PV {c.pv}/{c.pv_max}{' (hors de combat)' * (c.pv <= 0)}")
    morceaux += _en_cours(c)
    if c.riposte_a is not None:
        morceaux.append(f"riposte à la passe {c.riposte_a}")
    attaque = etat.attaque_en_cours
    if attaque is not None and attaque.cible == c.nom:
        morceaux.append(f"cible de {attaque.attaquant}")
    return ", ".join(morceaux)


def retirer(etat: EtatDeCombat, nom: object) -> EtatDeCombat:
    """Take a combatant out of the fight at any time (fallen, fled): the others go on as they are.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> e = retirer(creer_combat(EXEMPLE_YANG_ET_GUO), "Guo")
    >>> [c.nom for c in e.combattants], e.journal[-1]
    (['Yang'], 'Passe 15 : Guo quitte le combat.')
    """
    c = _trouver(etat, nom)
    restants = tuple(x for x in etat.combattants if x.nom != c.nom)
    if not restants:
        raise InputError(f"{c.nom} est seul dans le combat : « Nouveau combat » pour tout effacer.")
    attaque = etat.attaque_en_cours
    if attaque is not None and c.nom in (attaque.attaquant, attaque.cible):
        attaque = None
    ligne = f"Passe {etat.passe} : {c.nom} quitte le combat."
    return replace(etat, combattants=restants, attaque_en_cours=attaque, journal=(*etat.journal, ligne))


def cible_de_l_attaque(etat: EtatDeCombat, nom: object, action: object, cible: str | None) -> str | None:
    """Whom an attack of ``nom`` aims at: ``cible`` when named, else the only opponent (None: none).

    A reaction has no target of its own; with several opponents the target must be named.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> cible_de_l_attaque(creer_combat(EXEMPLE_YANG_ET_GUO), "Yang", "attaque_rapide", None)
    'Guo'
    """
    definition = ACTIONS[choix(action, "action", ACTIONS)]
    if not definition.attaque or definition.genre == "reaction":
        return None
    if cible is not None:
        return cible
    c = _trouver(etat, nom)
    adversaires = [x.nom for x in etat.combattants if x.camp != c.camp]
    if len(adversaires) > 1:
        raise InputError(
            f"Plusieurs adversaires possibles ({', '.join(map(format, adversaires))}) : "
            "écrivez le nom de la cible.",
            champ="cible",
        )
    return adversaires[0] if adversaires else None
