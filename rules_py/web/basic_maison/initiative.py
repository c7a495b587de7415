"""The tool of the page « Initiative »: a fight's initiative followed round after round (the declared
action, then DEX − PA + 1d6), its state kept by the page."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _outil, carac
from rules_py.web.commun import champs_de

# == Initiative =================================================================

ACTIONS_COURTES: Mapping[bm.Action, str] = {
    bm.Action.TIR_A_DISTANCE: "Tir à distance",
    bm.Action.MELEE: "Corps à corps",
    bm.Action.MAGIE: "Magie",
    bm.Action.ACTION_LONGUE: "Action longue",
}
_ACTIONS = tuple(
    (action.value, f"{rang}. {ACTIONS_COURTES[action]}" + (" (coup mortel, viser…)" if rang == 4 else ""))
    for rang, (action, _) in enumerate(bm.ORDRE_DES_ACTIONS, 1)
)
_ARMURES = (("0", "Aucune armure (0 PA)"), *((str(a.pa), f"{a.type} ({a.pa} PA)") for a in bm.ARMURES))
_AIDE_D6 = "Un d6 par combattant, dans l'ordre de la liste, séparés par des espaces."
ETAT_ILLISIBLE = "Le suivi d'initiative est illisible : cliquez sur « Tout effacer » et recommencez."


SANS_COMBAT = bm.SuiviDInitiative()


def lire_suivi(etat: object, libelle: str) -> bm.SuiviDInitiative | None:
    """The state sent back by the page; a malformed one is None (« Tout effacer » still works)."""
    try:
        return bm.SuiviDInitiative.lire(etat)  # type: ignore[arg-type]
    except (RulesError, LookupError, TypeError, ValueError, AttributeError):
        return None


@dataclass(frozen=True, slots=True)
class EntreesInitiative:
    """The combatant to add (name, DEX, armour, declared action), the d6 read, and the fight followed."""

    nom: Annotated[str, Champ("Nom du combattant")] = ""
    dex: Annotated[int, carac("DEX")] = 12
    armure: Annotated[str, Champ("Armure", choix=_ARMURES)] = "0"
    pa: Annotated[int | None, Champ("PA (facultatif)", minimum=0, aide="Remplace l'armure choisie.")] = None
    action: Annotated[str, Champ("Action déclarée", choix=_ACTIONS)] = bm.Action.MELEE.value
    des: Annotated[list[int] | None, Champ("d6 lus (facultatif)", lu=True, aide=_AIDE_D6)] = None
    etat: Annotated[bm.SuiviDInitiative | None, Champ("Suivi du combat", cache=True, lecteur=lire_suivi)] = (
        SANS_COMBAT
    )
    retirer: Annotated[str, Champ("Combattant à retirer", cache=True)] = ""

    def suivi(self) -> bm.SuiviDInitiative:
        if self.etat is None:
            raise InputError(ETAT_ILLISIBLE)
        return self.etat


NOTE_D_INITIATIVE = (
    "Score = DEX − PA de l'armure + 1d6. L'action déclarée passe avant le score ; à score égal dans la "
    "même action, les combattants agissent en même temps. « En tête » : chance d'agir le premier de son "
    "action, égalités comprises."
)


def _ligne_de_combattant(c: bm.Combattant, score: bm.ScoreDInitiative | None, chance: Fraction) -> list[str]:
    """A combatant's row: action, DEX − PA, its score (or its range before the roll), its chance to lead."""
    bas, haut = (bm.score_d_initiative(c.dex, c.pa, d6) for d6 in (1, 6))
    texte = (
        f"{af.nombre(score.score)} (d6 : {score.d6})" if score else f"de {af.nombre(bas)} à {af.nombre(haut)}"
    )
    return [c.nom, ACTIONS_COURTES[c.action], f"{c.dex} − {c.pa}", texte, af.pourcentage(chance)]


def _reponse_d_initiative(suivi: bm.SuiviDInitiative, message: str, des_lus: bool = False) -> dict[str, Any]:
    """The fight as the page shows it: the order (once rolled), the combatants with their chances."""
    initiative = suivi.initiative()
    groupes = initiative.groupes if initiative else ()
    chances = {c.nom: c for c in bm.chances_d_initiative(suivi.combattants)}
    scores = {s.nom: s for s in initiative.scores} if initiative else {}
    blocs = [af.texte(message, "resultat")]
    if initiative:
        ordre = [
            [
                g.rang,
                " et ".join(", ".join(g.combattants).rsplit(", ", 1))
                + " — en même temps" * (len(g.combattants) > 1),
                ACTIONS_COURTES[g.action],
                af.nombre(g.score),
            ]
            for g in groupes
        ]
        legende = f"Round {suivi.round} : ordre d'action"
        blocs += [
            af.tableau(("Ordre", "Combattants", "Action", "Score"), ordre, legende=legende),
            af.des([s.d6 for s in initiative.scores], 6),
        ]
    if suivi.combattants:
        lignes = [
            _ligne_de_combattant(c, scores.get(c.nom), chances[c.nom].en_tete) for c in suivi.combattants
        ]
        legende = "Combattants, dans l'ordre où se donnent les d6 lus"
        blocs.append(
            af.tableau(("Combattant", "Action", "DEX − PA", "Score", "En tête"), lignes, legende=legende)
        )
    blocs.append(af.texte(NOTE_D_INITIATIVE, "note"))
    if suivi.combattants:
        retirer = [
            af.bouton(f"Retirer {c.nom}", "basic.initiative.retirer", {"retirer": c.nom})
            for c in suivi.combattants
        ]
        blocs.append(af.boutons(retirer, legende="Retirer un combattant"))
    if des_lus:
        blocs.append(af.texte("Ordre calculé avec les d6 lus sur la table.", "note"))
    return {
        "etat": suivi,
        **champs_de(suivi),
        "des_lus": des_lus,
        "scores": initiative.scores if initiative else (),
        "groupes": [{**champs_de(g), "simultane": len(g.combattants) > 1} for g in groupes],
        "chances": chances,
        "affichage": blocs,
    }


def initiative_retirer(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Remove a combatant; the others keep their d6 and their order."""
    suivi = entrees.suivi().retirer(entrees.retirer)
    return _reponse_d_initiative(suivi, f"{entrees.retirer} quitte le combat.")


def _lancer_initiative(entrees: EntreesInitiative, rng: random.Random, suivant: bool) -> dict[str, Any]:
    suivi = entrees.suivi().lancer(rng, entrees.des, suivant=suivant)
    lus = entrees.des is not None
    message = f"Round {suivi.round} : initiative {'lue' if lus else 'lancée'}."
    return {**_reponse_d_initiative(suivi, message, des_lus=lus), "tires": {"des": list(suivi.des or ())}}


def initiative_lancer(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Roll (or read) one d6 per combatant and order them (A9); the first roll opens round 1."""
    return _lancer_initiative(entrees, rng, suivant=False)


def initiative_round_suivant(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Next round: the same combatants, new d6."""
    return _lancer_initiative(entrees, rng, suivant=True)


def initiative_vider(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Start again with no combatant."""
    return _reponse_d_initiative(
        bm.SuiviDInitiative(), "Suivi effacé : ajoutez les combattants du prochain combat."
    )


@_outil(
    "initiative-basic",
    "Suivi de l'initiative",
    "Suit l'initiative d'un combat : action déclarée, puis DEX − PA + 1d6, round après round.",
    "basic.initiative.ajouter",
    "Ajouter ou modifier",
    Action("basic.initiative.lancer", "Lancer l'initiative", initiative_lancer),
    Action("basic.initiative.round_suivant", "Round suivant", initiative_round_suivant),
    Action("basic.initiative.vider", "Tout effacer", initiative_vider),
    Action("basic.initiative.retirer", "Retirer", initiative_retirer, bouton=False),
    exemple_par="basic.initiative.lancer",
    garde_un_etat=True,
)
def initiative_ajouter(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Add a combatant (or update the one of that name); the order waits for the next roll."""
    nom = bm.nom_de_combattant(entrees.nom)
    pa = int(entrees.armure) if entrees.pa is None else entrees.pa
    suivi, nouveau = entrees.suivi().ajouter(bm.Combattant(nom, entrees.dex, pa, bm.Action(entrees.action)))
    message = f"{nom} {'rejoint le combat' if nouveau else 'est mis à jour'}."
    message += " Lancez l'initiative quand tout le monde a déclaré son action."
    return _reponse_d_initiative(suivi, message)
