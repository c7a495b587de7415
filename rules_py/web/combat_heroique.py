"""The ``combat-heroique`` tool: combatants, first-round roll, passes, actions, guard, reactions, magic.

A facade of :mod:`rules_py.combat_heroique`. The fight lives in the answer's
``etat``: the participants, each kept as the « new combatant » fields with its
dice filled in, and the engine's state as JSON. The page sends it back with
every call, as a hidden field read again by the same declarations
(:func:`lire_partie`). One button per action and combatant calls ``kar.combat_agir``.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import ActionPossible, Combattant, EtatDeCombat
from rules_py.constantes import PROFONDEUR_MAX, profondeur
from rules_py.d100 import Resultat, lire_jet
from rules_py.dice import Expression, parse
from rules_py.errors import InputError
from rules_py.outils.champs import Champ, ecrire, en_json, lire
from rules_py.outils.registre import Action, outil
from rules_py.systemes import BASIC_KAR
from rules_py.web import affichage as af
from rules_py.web.basic_kar import LIBELLES_RESULTATS, SYSTEME
from rules_py.web.commun import barres_distribution, de_100, terme

__all__ = ["MAX_COMBATTANTS", "EntreesCombat", "NouveauCombattant", "Partie", "lire_partie"]

MAX_COMBATTANTS = 12
LIGNES_DU_JOURNAL = 12
OP_AFFICHER = "kar.combat_afficher"
TAILLE_MAX_DE_L_ETAT = 500_000
"""The most characters and values the page may send back as the fight's state (about 4,000 actions)."""

ACTIONS_ACTIVES = tuple(a for a, d in ch.ACTIONS.items() if d.genre == "active")
REACTIONS = tuple(a for a, d in ch.ACTIONS.items() if d.genre == "reaction")
nouveau = functools.partial(Champ, groupe="Nouveau combattant")
detail = functools.partial(nouveau, plie=True)
"""A new combatant's detail: folded under « Plus d'options » (its default serves a first fight)."""
premier_round = functools.partial(Champ, groupe="Premier round : jet de Combat héroïque", plie=True)
options = functools.partial(Champ, groupe="Options du combat", plie=True)
pendant = functools.partial(Champ, groupe="Pendant le combat")
SEULE = (("", "INT et DEX (moyenne)"), ("INT", "l'INT seule (créature)"), ("DEX", "la DEX seule (créature)"))
LONGUEURS = (("courte", "Courte"), ("moyenne", "Moyenne"), ("longue", "Longue"), ("", "Aucune (arme de tir)"))
CHOIX = (("init", "+1d6 en Init"), ("garde", "En garde au début du combat"))
AIDE_CAMP = "Même camp : alliés ; vide : seul."
AIDE_FV = "Dague 2, arme normale 3, masse 4, hallebarde 5."
AIDE_JET = "Vide : lancé."
AIDE_CIBLE = "Vide : le seul adversaire."
AIDE_PV = "Vide : PV non suivis."
NOTE_KAR = "En campagne fantastique ou héroïque, faites aussi le jet sous le KAR."
DEJA_COMMENCE = (
    "Le combat a commencé : « Recommencer le combat » ou « Nouveau combat » pour ajouter quelqu'un."
)
AUCUN_COMBAT = "Aucun combat en cours : ajoutez des combattants, ou chargez le duel de Yang et Guo."
AIDE_JETS = "Donnée : le compteur lance le jet de l'action."
AIDE_RESULTAT = "Sert aux ripostes : défense critique contre une attaque normale réussie."
AIDE_ARME, ZERO = "Ex. 1d8+1 : « Lancer les dégâts » quand une attaque porte.", parse("0")


# -- The declarations: a new combatant, the fight kept by the page, the whole form ---------------------


@dataclass(frozen=True, slots=True)
class NouveauCombattant:
    """The fields of a new combatant; the fight's state keeps each participant so, its dice filled in."""

    nom: Annotated[str, nouveau("Nom du combattant", lecteur=ch.nom_de_combattant)] = "Yang"
    camp: Annotated[str | None, detail("Camp (facultatif)", lecteur=ch.nom_de_combattant, aide=AIDE_CAMP)] = (
        None
    )
    intelligence: Annotated[int | None, detail("INT", cle="INT", minimum=0, aide="Intelligence")] = 12
    dexterite: Annotated[int | None, detail("DEX", cle="DEX", minimum=0, aide="Dextérité")] = 12
    caracteristique: Annotated[str | None, detail("Init calculée sur", choix=SEULE)] = None
    fv: Annotated[int, detail("FV", minimum=1, aide=AIDE_FV)] = 3
    longueur: Annotated[str | None, detail("Longueur de l'arme", choix=LONGUEURS)] = "moyenne"
    pv: Annotated[int | None, detail("PV (facultatif)", cle="PV", minimum=1, aide=AIDE_PV, fiche="pv")] = None
    attaque: Annotated[int | None, detail("Attaque (en %)", minimum=0, aide=AIDE_JETS, competence=True)] = (
        None
    )
    defense: Annotated[int | None, detail("Parade ou esquive (en %)", minimum=0, aide=AIDE_JETS)] = None
    arme: Annotated[Expression | None, detail("Dégâts de l'arme (facultatif)", aide=AIDE_ARME)] = None
    bonus: Annotated[Expression, detail("Bonus aux dommages", aide="Ex. 1d3, ou 0.")] = ZERO
    armure: Annotated[int, detail("Armure (points)", minimum=0)] = 0
    tranchante: Annotated[bool, detail("Arme tranchante ou empalante")] = True
    competence: Annotated[int, premier_round("Combat héroïque (en %)", minimum=0)] = 50
    jet: Annotated[
        int | None,
        premier_round(
            "Jet lu (facultatif)", minimum=1, maximum=100, lu=True, lecteur=lire_jet, aide=AIDE_JET
        ),
    ] = None
    choix: Annotated[str, premier_round("Sur une réussite simple", choix=CHOIX)] = "init"
    d6: Annotated[
        int | None,
        premier_round(
            "1d6 lu (facultatif)", minimum=1, maximum=6, lu=True, aide="Vide : lancé s'il le faut."
        ),
    ] = None


DEFAUTS = {**ecrire(NouveauCombattant()), "nom": None}
"""What a participant kept in the state leaves out (its name always kept): the link stays short."""


@dataclass(frozen=True, slots=True)
class Partie:
    """The fight kept by the page: its participants (dice given) and the engine's state."""

    participants: tuple[NouveauCombattant, ...]
    combat: EtatDeCombat


def _borner(valeur: object) -> None:
    """Size and depth limits (depth: the one limit of what comes from outside), before anything reads it."""
    if profondeur(valeur) > PROFONDEUR_MAX:
        raise InputError("trop de niveaux imbriqués")
    pile, taille = [valeur], 0
    while pile:
        element = pile.pop()
        enfants = [*element.keys(), *element.values()] if isinstance(element, Mapping) else element
        if isinstance(enfants, list):
            pile += enfants
        taille += len(element) if isinstance(element, str | list | Mapping) else 1
        if taille > TAILLE_MAX_DE_L_ETAT:
            raise InputError("trop grand")


def _combat(participants: Sequence[NouveauCombattant], entrees: EntreesCombat | None = None) -> EtatDeCombat:
    """The combat at its start: each participant's first round read from its dice, Init and options."""
    moteur = []
    for p in participants:
        premier = ch.lancer_premier_round(p.competence, None, p.choix, jet=p.jet, d6=p.d6)
        arme = (p.nom, p.camp, p.intelligence, p.dexterite, p.fv, p.longueur)
        premier_round = (premier.resultat, premier.choix, premier.d6, p.caracteristique, p.pv)
        moteur.append(ch.Participant(*arme, *premier_round))
    return ch.creer_combat(
        moteur,
        longueur_des_armes=True if entrees is None else entrees.longueur_des_armes,
        influence_du_nombre=True if entrees is None else entrees.influence_du_nombre,
    )


def _noms_isoles(combat: EtatDeCombat, lus: Mapping[str, str]) -> EtatDeCombat:
    """The state read back from JSON, its names the ones read from the reader (isolated in every sentence)."""
    attaque = combat.attaque_en_cours
    if attaque is not None:
        attaque = dataclasses.replace(attaque, attaquant=lus[attaque.attaquant], cible=lus[attaque.cible])
    combattants = tuple(dataclasses.replace(c, nom=lus[c.nom]) for c in combat.combattants)
    return dataclasses.replace(combat, combattants=combattants, attaque_en_cours=attaque)


def lire_partie(valeur: object, libelle: str) -> Partie | None:
    """The state sent back by the page, checked: limits, each participant, the engine's state."""
    try:
        _borner(valeur)
        if not isinstance(valeur, Mapping):
            raise InputError("ce n'est pas un objet")
        brut = valeur.get("participants")
        if not isinstance(brut, list) or len(brut) > MAX_COMBATTANTS:
            raise InputError(f"« participants » doit être une liste d'au plus {MAX_COMBATTANTS} combattants")
        if not brut:
            return None
        participants = tuple(lire(NouveauCombattant, p) for p in brut)
        depart = _combat(participants)
        combat = depart if valeur.get("combat") is None else ch.etat_depuis_dict(valeur.get("combat"))
        if [c.nom for c in combat.combattants] != [c.nom for c in depart.combattants]:
            raise InputError("les combattants ne sont pas ceux de la liste")
        combat = _noms_isoles(combat, {c.nom: c.nom for c in depart.combattants})
    except InputError as erreur:
        raise InputError(
            f"L'état du combat gardé par la page n'est pas valide ({erreur.message.rstrip('.')}) : "
            "recommencez avec « Nouveau combat »."
        ) from None
    return Partie(participants, combat)


RESULTATS_D_ACTION = (("", "Non précisé"), *LIBELLES_RESULTATS.items())
TOUTES_LES_ACTIONS = tuple((a, d.libelle) for a, d in ch.ACTIONS.items())


@dataclass(frozen=True)
class ConduiteDuCombat:
    """What the fight's own buttons read: the options, what an action needs, and the hidden state.

    A half-typed new combatant never blocks the fight: only « Ajouter » reads those fields.
    """

    longueur_des_armes: Annotated[bool, options("Appliquer la longueur des armes")] = True
    influence_du_nombre: Annotated[bool, options("Appliquer l'influence du nombre")] = True
    cible: Annotated[
        str | None, pendant("Cible (facultatif)", lecteur=ch.nom_de_combattant, aide=AIDE_CIBLE)
    ] = None
    metres: Annotated[int, pendant("Mètres de mouvement", minimum=1, plie=True)] = 1
    degats: Annotated[int | None, pendant("Dégâts subis (PV)", minimum=0, aide="Pour « Blesser ».")] = None
    pm: Annotated[
        int | None,
        pendant("Coût du sortilège (PM)", cle="PM", minimum=1, aide="Pour la concentration.", plie=True),
    ] = None
    resultat: Annotated[
        str | None, pendant("Résultat du jet", choix=RESULTATS_D_ACTION, aide=AIDE_RESULTAT, plie=True)
    ] = None
    combattant: Annotated[str | None, Champ("Combattant", cache=True)] = None
    action: Annotated[
        str | None, Champ("Action", cle="action_choisie", choix=TOUTES_LES_ACTIONS, cache=True)
    ] = None
    jusqu_a: Annotated[int | None, Champ("Passe visée", minimum=0, cache=True)] = None
    etat: Annotated[Partie | None, Champ("État du combat", cache=True, lecteur=lire_partie)] = None
    confirme: Annotated[bool, Champ("Confirmé", cache=True)] = False

    @property
    def participants(self) -> tuple[NouveauCombattant, ...]:
        return () if self.etat is None else self.etat.participants

    def partie(self) -> Partie:
        if self.etat is None:
            raise InputError(AUCUN_COMBAT)
        return self.etat


@dataclass(frozen=True, slots=True)
class EntreesCombat(ConduiteDuCombat, NouveauCombattant):
    """The whole form: a new combatant, then the fight's options, what an action needs, the hidden state."""


# -- Display -----------------------------------------------------------------------------------------


def _init_de_depart(c: Combattant) -> str:
    parts = [str(c.init_de_base)]
    parts += [terme(v) for v in (c.bonus_premier_round, c.modificateur_longueur, c.modificateur_nombre) if v]
    detail = f" ({' '.join(parts)})" if len(parts) > 1 else ""
    return f"{af.nombre(c.init_de_depart)}{detail}"


def _libelle(possible: ActionPossible, c: Combattant) -> str:
    court = possible.libelle.split(" (")[0]
    if possible.action == "mouvement":
        return f"{court} (2 par mètre)"
    if possible.action == "concentration":
        return f"{court} ({f'reste {c.concentration_restante}' if c.concentration_restante else '2 × PM'})"
    return f"{court} ({'PM' if possible.cout is None else possible.cout})"


def _bouton(possible: ActionPossible, c: Combattant, cible: str | None = None) -> dict[str, Any]:
    libelle = _libelle(possible, c).replace(" (", f" sur {cible} (", 1) if cible else _libelle(possible, c)
    return af.bouton(
        libelle,
        "kar.combat_agir",
        {"combattant": c.nom, "action_choisie": possible.action, **({"cible": cible} if cible else {})},
        actif=possible.possible,
        titre="" if possible.possible else (possible.raison or ""),
    )


def _boutons_d_action(combat: EtatDeCombat, c: Combattant, possible: ActionPossible) -> list[dict[str, Any]]:
    """One button per action, or per action and target for an attack: the target beside the action."""
    if not ch.ACTIONS[possible.action].attaque:
        return [_bouton(possible, c)]
    cibles = [x.nom for x in combat.combattants if x.camp != c.camp] or [None]
    return [_bouton(possible, c, cible) for cible in cibles]


def _boutons_du_combattant(combat: EtatDeCombat, c: Combattant) -> list[af.Bloc]:
    possibles = {p.action: p for p in ch.actions_possibles(combat, c.nom)}
    blocs = []
    attaque = combat.attaque_en_cours
    if attaque is not None and attaque.cible == c.nom:
        legende = f"{attaque.attaquant} attaque {c.nom} : réagir maintenant"
        blocs.append(af.boutons([_bouton(possibles[a], c) for a in REACTIONS], legende=legende))
    actions = ("riposte", *ACTIONS_ACTIVES) if c.riposte_a is not None else ACTIONS_ACTIVES
    boutons = [b for a in actions for b in _boutons_d_action(combat, c, possibles[a])]
    if c.pv is not None:
        boutons.append(af.bouton(f"Blesser {c.nom}", "kar.combat_blesser", {"combattant": c.nom}))
    if c.pv is not None and combat.coup is not None and combat.coup.cible == c.nom:
        boutons.append(af.bouton(f"Lancer les dégâts de {combat.coup.attaquant}", "kar.combat_degats"))
    boutons.append(af.bouton(f"Retirer {c.nom}", "kar.combat_retirer", {"combattant": c.nom}))
    etat = ch.etat_du_combattant(combat, c)
    blocs.append(af.boutons(boutons, legende=f"{c.nom} — Init {af.nombre(c.init)}{', ' * bool(etat)}{etat}"))
    return blocs


def _pv_et_etat(combat: EtatDeCombat, c: Combattant) -> tuple[str, str]:
    pv = "—" if c.pv is None else f"{c.pv}/{c.pv_max}"
    return pv, ch.etat_du_combattant(combat, c, pv=False) or "—"


def _recent(combat: EtatDeCombat) -> EtatDeCombat:
    return dataclasses.replace(combat, journal=combat.journal[-LIGNES_DU_JOURNAL:])


def _boutons_du_decompte(combat: EtatDeCombat) -> list[dict[str, Any]]:
    if combat.passe == 0:
        titre = "Passe 0 : le round est fini, passez au round suivant."
        boutons = [af.bouton("Passe suivante", "kar.combat_passe", actif=False, titre=titre)]
    else:
        boutons = [af.bouton(f"Passe suivante ({combat.passe - 1})", "kar.combat_passe")]
    utile = ch.prochaine_passe_utile(combat)
    if 0 < utile < combat.passe - 1:
        qui = ", ".join(f"{c.nom}" for c in combat.combattants if c.init == utile)
        boutons.append(af.bouton(f"Aller à la passe {utile} ({qui})", "kar.combat_passe", {"jusqu_a": utile}))
    boutons.append(af.bouton("Round suivant", "kar.combat_round"))
    return [*boutons, af.bouton("Recommencer le combat", "kar.combat_recommencer")]


def _situation(combat: EtatDeCombat) -> str:
    peuvent = ch.combattants_a_cette_passe(combat)
    debut = f"Round {combat.numero_round}, passe {combat.passe}"
    if peuvent:
        return (
            f"{debut} : {', '.join(map(format, peuvent))} {'peuvent' if len(peuvent) > 1 else 'peut'} agir."
        )
    if combat.passe == 0:
        return f"{debut} : fin du round."
    return f"{debut} : personne n'agit à cette passe."


def _blocs_du_combat(combat: EtatDeCombat, *, pertes_dites: bool = False) -> list[af.Bloc]:
    """The fight's display; the actions lost at the next pass are said unless a question says them."""
    peuvent = ch.combattants_a_cette_passe(combat)
    blocs = [af.texte(_situation(combat), "resultat")]
    if ch.actions_perdues(combat) and not pertes_dites:
        blocs.append(af.texte(ch.annonce_des_pertes(combat), "resultat"))
    attaque = combat.attaque_en_cours
    if attaque is not None:
        qualite = "" if attaque.resultat is None else f", {LIBELLES_RESULTATS[attaque.resultat.value]}"
        action = ch.ACTIONS[attaque.action].libelle.split(" (")[0].lower()
        blocs.append(
            af.texte(
                f"{attaque.attaquant} attaque {attaque.cible} ({action}{qualite}) : {attaque.cible} peut "
                "parer, esquiver ou contre-attaquer maintenant, avant toute autre action.",
                "resultat",
            )
        )
    blocs.append(
        af.tableau(
            ["Combattant", "Camp", "Init de départ", "Init", "PV", "État"],
            [
                [c.nom, c.camp, _init_de_depart(c), af.nombre(c.init), *_pv_et_etat(combat, c)]
                for c in combat.combattants
            ],
            legende="Les combattants",
            surligne=next((i for i, c in enumerate(combat.combattants) if c.nom in peuvent), None),
        )
    )
    # The rows of who acts now (or must react to an attack) first: on a phone they sit right under the
    # outcome and the count, the others' rows after them (sorted is stable: the fight's order otherwise).
    cible = attaque.cible if attaque is not None else None
    for c in sorted(combat.combattants, key=lambda c: c.nom != cible and c.nom not in peuvent):
        blocs += _boutons_du_combattant(combat, c)
    blocs.append(af.boutons(_boutons_du_decompte(combat), legende="Le décompte", principal=True))
    blocs.append(af.texte("Journal du combat (dernières lignes) :", "note"))
    blocs.append(af.liste(list(combat.journal[-LIGNES_DU_JOURNAL:])))
    return blocs


def _reponse(
    participants: Sequence[NouveauCombattant],
    combat: EtatDeCombat | None,
    avant: Sequence[af.Bloc] = (),
    *,
    pertes_dites: bool = False,
) -> dict[str, Any]:
    """The fight as data (the engine's state, who may act, each one's actions), its state and its display."""
    if combat is None:
        texte = "Aucun combattant : ajoutez-en avec le formulaire, ou chargez le duel de Yang et Guo."
        return {"systeme": SYSTEME, "etat": None, "affichage": [*avant, af.texte(texte, "resultat")]}
    return {
        "systeme": SYSTEME,
        **en_json(combat),
        "peuvent_agir": ch.combattants_a_cette_passe(combat),
        "commence": ch.commence(combat),
        "combattants": [
            {**en_json(c), "init_de_depart": c.init_de_depart, "actions": ch.actions_possibles(combat, c.nom)}
            for c in combat.combattants
        ],
        "etat": {  # the log as far as shown, each participant without its defaults: a link holds it all
            "participants": [{k: v for k, v in ecrire(p).items() if v != DEFAUTS[k]} for p in participants],
            "combat": ch.etat_en_dict(_recent(combat)),
        },
        "affichage": [*avant, *_blocs_du_combat(combat, pertes_dites=pertes_dites)],
    }


# -- Adding a combatant: Init, the first-round roll of Combat héroïque ---------------------------------


def _blocs_premier_round(p: NouveauCombattant, premier: ch.PremierRound) -> list[af.Bloc]:
    effet = ch.effet_du_premier_round(premier.resultat, premier.choix, premier.d6)
    morceaux = []
    if effet.bonus_init:
        morceaux.append(f"{'+' if effet.bonus_init > 0 else '−'}1d6 en Init ({abs(effet.bonus_init)})")
    if effet.en_garde:
        morceaux.append("en garde au début du combat")
    blocs = [
        af.texte(
            f"{p.nom} : jet de Combat héroïque {de_100(premier.jet)} sous {p.competence} — "
            f"{LIBELLES_RESULTATS[premier.resultat.value]} : {' et '.join(morceaux) or 'rien'}.",
        ),
        af.des([premier.jet], 100),
    ]
    if premier.d6 is not None:
        blocs.append(af.des([premier.d6], 6))
    if premier.resultat is Resultat.ECHEC_CRITIQUE:
        blocs.append(af.texte(NOTE_KAR, "note"))
    return blocs


nouveau_ = NouveauCombattant


def ajouter(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Add a combatant (Init from INT and DEX, first-round roll) and set the combat up again."""
    if entrees.etat is not None and ch.commence(entrees.etat.combat):
        raise InputError(DEJA_COMMENCE, champ="nom")
    if len(entrees.participants) >= MAX_COMBATTANTS:
        raise InputError(f"Au plus {MAX_COMBATTANTS} combattants dans un combat.", champ="nom")
    nouveau = NouveauCombattant(**{f.name: getattr(entrees, f.name) for f in dataclasses.fields(nouveau_)})
    premier = ch.lancer_premier_round(nouveau.competence, rng, nouveau.choix, jet=nouveau.jet, d6=nouveau.d6)
    nouveau = dataclasses.replace(nouveau, jet=premier.jet, d6=premier.d6)
    participants = (*entrees.participants, nouveau)
    return {
        **_reponse(participants, _combat(participants, entrees), _blocs_premier_round(nouveau, premier)),
        "premier_round": {"competence": nouveau.competence, **en_json(premier)}
        | {"des_lus": entrees.jet is not None},
        "tires": {"jet": premier.jet, "d6": premier.d6},
    }


YANG_ET_GUO = (
    NouveauCombattant("Yang", intelligence=12, dexterite=12, jet=30, d6=3),
    NouveauCombattant("Guo", intelligence=11, dexterite=11, jet=30, d6=2),
)
"""The text's duel (l.117-118): Init 12 and 11, swords (FV 3), both succeed and roll 3 and 2 on the 1d6."""


def exemple(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """The text's duel: Yang (Init 12, +3) and Guo (11, +2), swords of FV 3 (asked first over a fight)."""
    if entrees.etat is not None and not entrees.confirme:
        texte = "Remplacer le combat en cours par le duel de Yang et Guo ? « Annuler la dernière action » "
        return _question(entrees, texte + "le rendra.", "Oui, charger le duel", "kar.combat_exemple")
    return _reponse(YANG_ET_GUO, _combat(YANG_ET_GUO, entrees))


def afficher(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Show the combat kept by the page again (after an error, for instance)."""
    return _reponse(entrees.participants, None if entrees.etat is None else entrees.etat.combat)


def _question(
    entrees: EntreesCombat, texte: str, oui: str, op: str, *, pertes_dites: bool = False, **args: Any
) -> dict[str, Any]:
    """The fight unchanged, and a question in the page: « oui » calls ``op`` again, confirmed.
    ``pertes_dites``: the question says the actions lost, the fight's display below does not again."""
    boutons = [af.bouton(oui, op, {**args, "confirme": True}), af.bouton("Non, continuer", OP_AFFICHER)]
    question = [af.texte(texte, "resultat"), af.boutons(boutons, legende="Confirmer")]
    partie = entrees.partie()
    return _reponse(partie.participants, partie.combat, question, pertes_dites=pertes_dites)


def effacer(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Forget every combatant: a new combat (asked first when a fight is kept)."""
    if entrees.etat is None or entrees.confirme:
        return _reponse((), None)
    texte = "Effacer tout le combat et ses combattants ? « Annuler la dernière action » le rendra."
    return _question(entrees, texte, "Oui, effacer le combat", "kar.combat_effacer")


def retirer(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Remove a combatant, before the combat starts or during it (fallen, fled)."""
    restants = tuple(p for p in entrees.participants if p.nom != entrees.combattant)
    if len(restants) == len(entrees.participants):
        raise ch.combattant_inconnu(entrees.combattant)
    if restants and ch.commence(entrees.partie().combat):
        return _reponse(restants, ch.retirer(entrees.partie().combat, entrees.combattant))
    return _reponse(restants, _combat(restants, entrees) if restants else None)


def recommencer(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """The same combatants, back to round 1 (with the options of the form; asked first once started)."""
    participants = entrees.partie().participants
    if ch.commence(entrees.partie().combat) and not entrees.confirme:
        texte = "Revenir au round 1 avec les mêmes combattants ? « Annuler la dernière action » le rendra."
        return _question(entrees, texte, "Oui, recommencer le combat", "kar.combat_recommencer")
    return _reponse(participants, _combat(participants, entrees))


# -- During the fight ---------------------------------------------------------------------------------


def agir(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """One action of one combatant (the button's ``combattant`` and ``action``), with its cost."""
    if entrees.action is None:
        raise InputError("« Action » : choisissez l'action du combattant.", champ="action_choisie")
    partie = entrees.partie()
    nom, action, combat = entrees.combattant, entrees.action, partie.combat
    cible = ch.cible_de_l_attaque(combat, nom, action, entrees.cible)
    p = next((p for p in partie.participants if p.nom == nom), None)
    jete = None if entrees.resultat or p is None else ch.jet_d_action(action, p.attaque, p.defense, rng)
    resultat = entrees.resultat if jete is None else jete.resultat
    apres = ch.agir(combat, nom, action, cible=cible, metres=entrees.metres, pm=entrees.pm, resultat=resultat)
    avant, init = ({c.nom: c.init for c in e.combattants}[nom] for e in (combat, apres))
    blocs = [af.texte(apres.journal[-1], "resultat"), *_blocs_du_jet(jete)]
    fait = dict(combattant=nom, action=action, cout=avant - init, init_avant=avant, init_apres=init)
    return {**_reponse(partie.participants, apres, blocs), "derniere_action": fait, "jet": jete}


def _blocs_du_jet(j: ch.JetDAction | None) -> list[af.Bloc]:
    if j is None:
        return []
    odds = ", ".join(f"{LIBELLES_RESULTATS[r.value]} {af.pourcentage(p)}" for r, p in j.probabilites.items())
    return [af.texte(f"{j.texte} Chances : {odds}."), af.des([j.jet], 100)]


def passe(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Count down one pass, or down to pass ``jusqu_a``; asked first when someone would lose an action."""
    partie = entrees.partie()
    visee = partie.combat.passe - 1 if entrees.jusqu_a is None else entrees.jusqu_a
    apres = ch.aller_a_la_passe(partie.combat, visee)
    if ch.actions_perdues(partie.combat) and not entrees.confirme:
        texte = f"{ch.annonce_des_pertes(partie.combat)} Passer quand même à la passe {apres.passe} ?"
        oui = f"Oui, passer à la passe {apres.passe}"
        return _question(entrees, texte, oui, "kar.combat_passe", pertes_dites=True, jusqu_a=visee)
    return _reponse(partie.participants, apres)


def blesser(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """The button's combatant loses the PV of the field « Dégâts subis »."""
    if entrees.degats is None:
        raise InputError("Indiquez les dégâts subis (en PV).", champ="degats")
    apres = ch.blesser(entrees.partie().combat, entrees.combattant, entrees.degats)
    return _reponse(entrees.partie().participants, apres, [af.texte(apres.journal[-1], "resultat")])


def degats(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """Roll the damage of the hit just landed (the attacker's weapon, the target's armour); PV lost."""
    partie, qui = entrees.partie(), {p.nom: p for p in entrees.participants}
    a, c = (qui[nom] for nom in ch.coup_porte(partie.combat).noms)
    apres, coup, loi = ch.lancer_degats(partie.combat, a.arme, a.bonus, c.armure, a.tranchante, rng)
    blocs = [af.texte(ligne, "resultat") for ligne in apres.journal[-2:]]
    blocs.append(barres_distribution(loi, coup.degats, legende="Probabilité de chaque total de dégâts"))
    jet = {"coup": coup, "distribution": loi, "des": [*coup.des_arme, *coup.des_bonus], "total": coup.degats}
    return {**_reponse(partie.participants, apres, blocs), **jet}


def round_suivant(entrees: EntreesCombat, rng: random.Random) -> dict[str, Any]:
    """The next round: everyone back to their Init of departure; guard and concentration carry over."""
    partie = entrees.partie()
    return _reponse(partie.participants, ch.round_suivant(partie.combat))


# The tracker's buttons are declared after their functions: the decorator is applied to the first here.
outil(
    BASIC_KAR,
    "combat-heroique",
    "Combat héroïque : Init, passes et actions",
    "Suit un combat héroïque passe par passe : Init, jet du premier round, coût de chaque action.",
    "kar.combat_ajouter",
    "Ajouter le combattant",
    Action("kar.combat_exemple", "Duel de Yang et Guo", exemple),
    *(
        Action(op, libelle, fonction, entrees=ConduiteDuCombat, bouton=bouton)
        for op, libelle, fonction, bouton in (
            (OP_AFFICHER, "Afficher le combat", afficher, True),
            ("kar.combat_effacer", "Nouveau combat", effacer, True),
            ("kar.combat_retirer", "Retirer", retirer, False),
            ("kar.combat_recommencer", "Recommencer le combat", recommencer, False),
            ("kar.combat_agir", "Agir", agir, False),
            ("kar.combat_passe", "Passe suivante", passe, False),
            ("kar.combat_round", "Round suivant", round_suivant, False),
            ("kar.combat_blesser", "Blesser", blesser, False),
            ("kar.combat_degats", "Lancer les dégâts", degats, False),
        )
    ),
    garde_un_etat=True,
    montre_l_etat=OP_AFFICHER,
)(ajouter)
