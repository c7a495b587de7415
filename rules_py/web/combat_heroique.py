"""The ``combat-heroique`` widget: combatants, first-round roll, passes, actions, guard, reactions, magic.

A facade of :mod:`rules_py.combat_heroique`. The whole fight lives in the
result's ``etat`` (the participants as entered, and the engine's state as
JSON); the page sends it back with every call and it is checked again each
time. One button per action and combatant calls ``kar.combat_agir``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import ActionPossible, Combattant, EtatDeCombat
from rules_py.d100 import Resultat
from rules_py.errors import InputError
from rules_py.validation import choix
from rules_py.web import affichage as af
from rules_py.web.basic_kar import LIBELLES_RESULTATS, SYSTEME
from rules_py.web.commun import case, champ_entier, de_100, jet_d100, rejouer, terme, vide
from rules_py.web.registre import Action, Champ, Widget, operation, widget
from rules_py.web.typographie import typographie

__all__ = ["MAX_COMBATTANTS"]

MAX_COMBATTANTS = 12
LIGNES_DU_JOURNAL = 12

CHAMPS_AJOUT = (
    "nom",
    "camp",
    "INT",
    "DEX",
    "caracteristique",
    "fv",
    "longueur",
    "competence",
    "jet",
    "choix",
    "d6",
    "longueur_des_armes",
    "influence_du_nombre",
)
ACTIONS_ACTIVES = (
    "attaque_normale",
    "attaque_rapide",
    "se_mettre_en_garde",
    "mouvement",
    "attente",
    "concentration",
    "lancer_sortilege",
)
REACTIONS = ("parade_rapide", "esquive_rapide", "parade_en_garde", "esquive_en_garde", "contre_attaque")
LIBELLES_ACTIONS = {
    "parade_en_garde": "Parade depuis la garde",
    "esquive_en_garde": "Esquive depuis la garde",
    "contre_attaque": "Contre-attaque depuis la garde",
}


# -- Reading the state back from the page ----------------------------------------------------------


def _commence(combat: EtatDeCombat) -> bool:
    """Whether anything happened since the combat was set up (an action, a pass, a round)."""
    return combat.numero_round > 1 or len(combat.journal) > 2


def _lire_partie(args: Mapping[str, Any]) -> tuple[list[dict[str, Any]], EtatDeCombat | None]:
    """The participants and the engine's state kept by the page, checked field by field."""
    brut = args.get("etat")
    if vide(brut):
        return [], None
    try:
        if not isinstance(brut, Mapping):
            raise InputError("ce n'est pas un objet")
        participants = brut.get("participants")
        if not isinstance(participants, list) or len(participants) > MAX_COMBATTANTS:
            raise InputError(f"« participants » doit être une liste d'au plus {MAX_COMBATTANTS} combattants")
        if not participants:
            return [], None
        depart = ch.creer_combat(participants)
        combat = depart if brut.get("combat") is None else ch.etat_depuis_dict(brut.get("combat"))
        if [c.nom for c in combat.combattants] != [c.nom for c in depart.combattants]:
            raise InputError("les combattants ne sont pas ceux de la liste")
    except InputError as erreur:
        raise InputError(
            f"L'état du combat gardé par la page n'est pas valide ({erreur.message.rstrip('.')}) : "
            "recommencez avec « Nouveau combat ».",
            champ="etat",
        ) from None
    return [dict(p) for p in participants], combat


def _etat(participants: list[dict[str, Any]], combat: EtatDeCombat) -> dict[str, Any]:
    return {"participants": participants, "combat": ch.etat_en_dict(combat)}


def _creer(participants: list[dict[str, Any]], args: Mapping[str, Any]) -> EtatDeCombat:
    return ch.creer_combat(
        participants,
        longueur_des_armes=case(args, "longueur_des_armes", True, stricte=True),
        influence_du_nombre=case(args, "influence_du_nombre", True, stricte=True),
    )


def _exiger_un_combat(combat: EtatDeCombat | None) -> EtatDeCombat:
    if combat is None:
        raise InputError(
            "Aucun combat en cours : ajoutez des combattants, ou chargez l'exemple de Yang et Guo."
        )
    return combat


# -- Display -----------------------------------------------------------------------------------------


def _init_de_depart(c: Combattant) -> str:
    parts = [str(c.init_de_base)]
    parts += [terme(v) for v in (c.bonus_premier_round, c.modificateur_longueur, c.modificateur_nombre) if v]
    detail = f" ({' '.join(parts)})" if len(parts) > 1 else ""
    return f"{af.nombre(c.init_de_depart)}{detail}"


def _etat_du_combattant(combat: EtatDeCombat, c: Combattant) -> str:
    morceaux = []
    if c.en_garde:
        morceaux.append("en garde")
    if c.concentration_restante:
        morceaux.append(f"concentration : reste {c.concentration_restante}")
    elif c.sortilege_pm:
        morceaux.append(f"sortilège de {c.sortilege_pm} PM prêt")
    if c.riposte_a is not None:
        morceaux.append(f"riposte à la passe {c.riposte_a}")
    attaque = combat.attaque_en_cours
    if attaque is not None and attaque.cible == c.nom:
        morceaux.append(f"attaqué par {attaque.attaquant}")
    return ", ".join(morceaux) or "—"


def _libelle(possible: ActionPossible, c: Combattant) -> str:
    court = LIBELLES_ACTIONS.get(possible.action, ch.ACTIONS[possible.action].libelle.split(" (")[0])
    if possible.action == "mouvement":
        return f"{court} (2 par mètre)"
    if possible.action == "concentration":
        return f"{court} ({f'reste {c.concentration_restante}' if c.concentration_restante else '2 × PM'})"
    if possible.cout is None:
        return f"{court} (PM)"
    return f"{court} ({possible.cout})"


def _bouton(possible: ActionPossible, c: Combattant) -> dict[str, Any]:
    return af.bouton(
        _libelle(possible, c),
        "kar.combat_agir",
        {"combattant": c.nom, "action": possible.action},
        actif=possible.possible,
        titre="" if possible.possible else (possible.raison or ""),
    )


def _boutons_du_combattant(combat: EtatDeCombat, c: Combattant, commence: bool) -> list[af.Bloc]:
    possibles = {p.action: p for p in ch.actions_possibles(combat, c.nom)}
    blocs = []
    attaque = combat.attaque_en_cours
    if attaque is not None and attaque.cible == c.nom:
        blocs.append(
            af.boutons(
                [_bouton(possibles[a], c) for a in REACTIONS],
                legende=f"{c.nom} est attaqué par {attaque.attaquant} : réagir maintenant",
            )
        )
    boutons = [_bouton(possibles[a], c) for a in ACTIONS_ACTIVES]
    if c.riposte_a is not None:
        boutons.insert(0, _bouton(possibles["riposte"], c))
    if not commence:
        boutons.append(af.bouton(f"Retirer {c.nom}", "kar.combat_retirer", {"combattant": c.nom}))
    etat = _etat_du_combattant(combat, c)
    blocs.append(
        af.boutons(boutons, legende=f"{c.nom} — Init {af.nombre(c.init)}{'' if etat == '—' else ', ' + etat}")
    )
    return blocs


def _prochaine_passe_utile(combat: EtatDeCombat) -> int:
    """The next pass, below the current one, at which someone may act (0 when nobody can)."""
    return max((c.init for c in combat.combattants if 0 < c.init < combat.passe), default=0)


def _boutons_du_decompte(combat: EtatDeCombat) -> list[dict[str, Any]]:
    if combat.passe == 0:
        suivante = af.bouton(
            "Passe suivante",
            "kar.combat_passe",
            actif=False,
            titre="Passe 0 : le round est fini, passez au round suivant.",
        )
    else:
        suivante = af.bouton(f"Passe suivante ({combat.passe - 1})", "kar.combat_passe")
    boutons = [suivante]
    utile = _prochaine_passe_utile(combat)
    if 0 < utile < combat.passe - 1:
        qui = ", ".join(c.nom for c in combat.combattants if c.init == utile)
        boutons.append(af.bouton(f"Aller à la passe {utile} ({qui})", "kar.combat_passe", {"jusqu_a": utile}))
    boutons += [
        af.bouton("Round suivant", "kar.combat_round"),
        af.bouton("Recommencer le combat", "kar.combat_recommencer"),
    ]
    return boutons


def _situation(combat: EtatDeCombat) -> str:
    peuvent = ch.combattants_a_cette_passe(combat)
    debut = f"Round {combat.numero_round}, passe {combat.passe}"
    if peuvent:
        return f"{debut} : {', '.join(peuvent)} {'peuvent' if len(peuvent) > 1 else 'peut'} agir."
    if combat.passe == 0:
        return f"{debut} : fin du round."
    return f"{debut} : personne n'agit à cette passe."


def _blocs_du_combat(combat: EtatDeCombat) -> list[af.Bloc]:
    commence = _commence(combat)
    peuvent = ch.combattants_a_cette_passe(combat)
    blocs = [af.texte(_situation(combat), "resultat")]
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
    rang = next((i for i, c in enumerate(combat.combattants) if c.nom in peuvent), None)
    blocs.append(
        af.tableau(
            ["Combattant", "Camp", "Init de départ", "Init", "État"],
            [
                [c.nom, c.camp, _init_de_depart(c), af.nombre(c.init), _etat_du_combattant(combat, c)]
                for c in combat.combattants
            ],
            legende="Les combattants",
            surligne=rang,
        )
    )
    for c in combat.combattants:
        blocs += _boutons_du_combattant(combat, c, commence)
    blocs.append(af.boutons(_boutons_du_decompte(combat), legende="Le décompte"))
    blocs.append(af.texte("Journal du combat (dernières lignes) :", "note"))
    blocs.append(af.liste(list(combat.journal[-LIGNES_DU_JOURNAL:])))
    return blocs


def _donnees_du_combat(combat: EtatDeCombat) -> dict[str, Any]:
    attaque = combat.attaque_en_cours
    return {
        "numero_round": combat.numero_round,
        "passe": combat.passe,
        "peuvent_agir": list(ch.combattants_a_cette_passe(combat)),
        "commence": _commence(combat),
        "attaque_en_cours": None
        if attaque is None
        else {
            "attaquant": attaque.attaquant,
            "cible": attaque.cible,
            "action": attaque.action,
            "resultat": None if attaque.resultat is None else attaque.resultat.value,
        },
        "combattants": [
            {
                "nom": c.nom,
                "camp": c.camp,
                "init": c.init,
                "init_de_depart": c.init_de_depart,
                "en_garde": c.en_garde,
                "fv": c.fv,
                "longueur": c.longueur,
                "attaques": c.attaques,
                "riposte_a": c.riposte_a,
                "sortilege_pm": c.sortilege_pm,
                "concentration_restante": c.concentration_restante,
                "actions": [
                    {
                        "action": p.action,
                        "cout": p.cout,
                        "possible": p.possible,
                        "raison": None if p.raison is None else typographie(p.raison),
                    }
                    for p in ch.actions_possibles(combat, c.nom)
                ],
            }
            for c in combat.combattants
        ],
        "journal": [typographie(ligne) for ligne in combat.journal],
    }


def _reponse(
    participants: list[dict[str, Any]],
    combat: EtatDeCombat | None,
    avant: Sequence[af.Bloc] = (),
    **autres: Any,
) -> dict[str, Any]:
    if combat is None:
        blocs = [
            *avant,
            af.texte(
                "Aucun combattant : ajoutez-en avec le formulaire, ou chargez l'exemple de Yang et Guo.",
                "resultat",
            ),
        ]
        return {"systeme": SYSTEME, "etat": None, **autres, "affichage": blocs}
    return {
        "systeme": SYSTEME,
        **_donnees_du_combat(combat),
        **autres,
        "etat": _etat(participants, combat),
        "affichage": [*avant, *_blocs_du_combat(combat)],
    }


# -- Adding a combatant: Init, the first-round roll of Combat héroïque ---------------------------------


def _texte(args: Mapping[str, Any], champ: str, defaut: str | None = None) -> str:
    valeur = args.get(champ)
    if vide(valeur):
        if defaut is not None:
            return defaut
        raise InputError(f"« {champ} » est vide : écrivez un nom.", champ=champ)
    if not isinstance(valeur, str):
        raise InputError(f"« {champ} » doit être un texte.", champ=champ)
    return valeur.strip()


def _caracteristiques(args: Mapping[str, Any]) -> tuple[int | None, int | None, str | None]:
    seule = None if vide(args.get("caracteristique")) else args.get("caracteristique")
    seule = None if seule is None else choix(seule, "caracteristique", ch.CARACTERISTIQUES)
    intelligence = None if seule == "DEX" else champ_entier(args, "INT", minimum=0)
    dexterite = None if seule == "INT" else champ_entier(args, "DEX", minimum=0)
    return intelligence, dexterite, seule


def _premier_round(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The first-round roll of Combat héroïque, read or rolled, and the 1d6 when it counts."""
    competence = champ_entier(args, "competence", minimum=0)
    jet, lu = jet_d100(args, "jet", rng)
    resultat = ch.resoudre_jet_de_combat_heroique(competence, jet)
    retenu = choix(
        "init" if vide(args.get("choix")) else args.get("choix"), "choix", ch.CHOIX_DU_PREMIER_ROUND
    )
    utilise_le_d6 = resultat is not Resultat.ECHEC and not (
        resultat is Resultat.REUSSITE and retenu == "garde"
    )
    d6, d6_lu = None, False
    if utilise_le_d6:
        d6_lu = not vide(args.get("d6"))
        d6 = champ_entier(args, "d6", minimum=1, maximum=6) if d6_lu else rng.randint(1, 6)
    return {
        "competence": competence,
        "jet": jet,
        "des_lus": lu,
        "resultat": resultat.value,
        "choix": retenu if resultat is Resultat.REUSSITE else None,
        "d6": d6,
        "d6_lu": d6_lu,
    }


def _blocs_premier_round(nom: str, premier: Mapping[str, Any]) -> list[af.Bloc]:
    resultat = Resultat(premier["resultat"])
    effet = ch.effet_du_premier_round(resultat, premier["choix"], premier["d6"])
    morceaux = []
    if effet.bonus_init:
        morceaux.append(f"{'+' if effet.bonus_init > 0 else '−'}1d6 en Init ({abs(effet.bonus_init)})")
    if effet.en_garde:
        morceaux.append("en garde au début du combat")
    suite = " et ".join(morceaux) or "rien"
    blocs = [
        af.texte(
            f"{nom} : jet de Combat héroïque {de_100(premier['jet'])} sous {premier['competence']} — "
            f"{LIBELLES_RESULTATS[resultat.value]} : {suite}.",
        ),
        af.des([premier["jet"]], 100),
    ]
    if premier["d6"] is not None:
        blocs.append(af.des([premier["d6"]], 6))
    if resultat is Resultat.ECHEC_CRITIQUE:
        blocs.append(
            af.texte("En campagne fantastique ou héroïque, faites aussi le jet sous le KAR.", "note")
        )
    return blocs


@operation("kar.combat_ajouter")
def ajouter(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Add a combatant (Init from INT and DEX, first-round roll) and set the combat up again."""
    participants, combat = _lire_partie(args)
    if combat is not None and _commence(combat):
        raise InputError(
            "Le combat a commencé : « Recommencer le combat » ou « Nouveau combat » pour ajouter quelqu'un.",
            champ="nom",
        )
    if len(participants) >= MAX_COMBATTANTS:
        raise InputError(f"Au plus {MAX_COMBATTANTS} combattants dans un combat.", champ="nom")
    nom = _texte(args, "nom")
    camp = _texte(args, "camp", nom)
    intelligence, dexterite, seule = _caracteristiques(args)
    fv = champ_entier(args, "fv", minimum=1)
    longueur = None if vide(args.get("longueur")) else choix(args.get("longueur"), "longueur", ch.LONGUEURS)
    premier = _premier_round(args, rng)
    participant = {
        "nom": nom,
        "camp": camp,
        "intelligence": intelligence,
        "dexterite": dexterite,
        "fv": fv,
        "longueur": longueur,
        "resultat": premier["resultat"],
        "choix": premier["choix"],
        "d6": premier["d6"],
        "caracteristique": seule,
    }
    participants.append(participant)
    combat = _creer(participants, args)
    return _reponse(
        participants,
        combat,
        _blocs_premier_round(nom, premier),
        premier_round=premier,
        rejouer=rejouer(args, (*CHAMPS_AJOUT, "etat"), jet=premier["jet"], d6=premier["d6"]),
    )


@operation("kar.combat_exemple")
def exemple(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The text's duel: Yang (Init 12, +3) and Guo (11, +2), swords of FV 3, ready for round 1."""
    participants = [{**asdict(p), "resultat": p.resultat.value} for p in ch.EXEMPLE_YANG_ET_GUO]
    combat = _creer(participants, args)
    intro = af.texte(
        "Exemple du texte : Yang (Init 12) et Guo (Init 11), armés d'épées (FV 3), réussissent leur jet de "
        "Combat héroïque et tirent 3 et 2 au 1d6. Rejouez le duel avec les boutons : à 15, Yang se met en "
        "garde ; à 13, Guo fait une attaque rapide, que Yang pare depuis sa garde…"
    )
    return _reponse(participants, combat, [intro])


@operation("kar.combat_afficher")
def afficher(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Show the combat kept by the page again (after an error, for instance)."""
    participants, combat = _lire_partie(args)
    return _reponse(participants, combat)


@operation("kar.combat_effacer")
def effacer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Forget every combatant: a new combat."""
    return _reponse([], None)


@operation("kar.combat_retirer")
def retirer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Remove a combatant before the combat starts."""
    participants, combat = _lire_partie(args)
    combat = _exiger_un_combat(combat)
    if _commence(combat):
        raise InputError("Le combat a commencé : on ne retire plus personne (« Recommencer le combat »).")
    nom = args.get("combattant")
    restants = [p for p in participants if p["nom"] != nom]
    if len(restants) == len(participants):
        raise InputError(f"Aucun combattant ne s'appelle « {str(nom)[:30]} ».", champ="combattant")
    return _reponse(restants, _creer(restants, args) if restants else None)


@operation("kar.combat_recommencer")
def recommencer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same combatants, back to round 1 (with the options of the form)."""
    participants, combat = _lire_partie(args)
    _exiger_un_combat(combat)
    return _reponse(participants, _creer(participants, args))


# -- During the fight ---------------------------------------------------------------------------------


def _cible(combat: EtatDeCombat, c: Combattant, action: str, args: Mapping[str, Any]) -> str | None:
    """Whom an attack aims at: the field « cible », or the only opponent."""
    definition = ch.ACTIONS[action]
    if not definition.attaque or definition.genre == "reaction":
        return None
    if not vide(args.get("cible")):
        return str(args.get("cible")).strip()
    adversaires = [x.nom for x in combat.combattants if x.camp != c.camp]
    if len(adversaires) > 1:
        raise InputError(
            f"Plusieurs adversaires possibles ({', '.join(adversaires)}) : écrivez le nom de la cible.",
            champ="cible",
        )
    return adversaires[0] if adversaires else None


def _combattant(combat: EtatDeCombat, nom: object) -> Combattant:
    for c in combat.combattants:
        if c.nom == nom:
            return c
    raise InputError(f"Aucun combattant ne s'appelle « {str(nom)[:30]} ».", champ="combattant")


@operation("kar.combat_agir")
def agir(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One action of one combatant (the button's ``combattant`` and ``action``), with its cost."""
    participants, combat = _lire_partie(args)
    combat = _exiger_un_combat(combat)
    c = _combattant(combat, args.get("combattant"))
    action = choix(args.get("action"), "action", ch.ACTIONS)
    apres = ch.agir(
        combat,
        c.nom,
        action,
        cible=_cible(combat, c, action, args),
        metres=args.get("metres") if action == "mouvement" else None,
        pm=None if action != "concentration" or vide(args.get("PM")) else args.get("PM"),
        resultat=None if vide(args.get("resultat")) else args.get("resultat"),
    )
    nouveau = _combattant(apres, c.nom)
    fait = {
        "combattant": c.nom,
        "action": action,
        "cout": c.init - nouveau.init,
        "init_avant": c.init,
        "init_apres": nouveau.init,
    }
    return _reponse(participants, apres, [af.texte(apres.journal[-1], "resultat")], derniere_action=fait)


@operation("kar.combat_passe")
def passe(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Count down one pass, or down to pass ``jusqu_a`` (a lower pass of this round)."""
    participants, combat = _lire_partie(args)
    combat = ch.passe_suivante(_exiger_un_combat(combat))
    if not vide(args.get("jusqu_a")):
        cible = champ_entier(args, "jusqu_a", minimum=0, maximum=combat.passe)
        while combat.passe > cible:
            combat = ch.passe_suivante(combat)
    return _reponse(participants, combat)


@operation("kar.combat_round")
def round_suivant(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The next round: everyone back to their Init of departure; guard and concentration carry over."""
    participants, combat = _lire_partie(args)
    return _reponse(participants, ch.round_suivant(_exiger_un_combat(combat)))


# -- The fallback: the duel of Yang and Guo, action by action ------------------------------------------


def rejeu_yang_et_guo() -> list[list[str]]:
    """The text's duel replayed by the engine: pass, combatant, action, cost, Init after.

    >>> rejeu_yang_et_guo()[0]
    ['15', 'Yang', 'Se mettre en garde', '3', '12']
    """
    etat = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
    lignes = []
    for etape in ch.ETAPES_YANG_ET_GUO:
        avant = _combattant(etat, etape.nom)
        etat = ch.jouer_etape(etat, etape)
        apres = _combattant(etat, etape.nom)
        libelle = LIBELLES_ACTIONS.get(etape.action, ch.ACTIONS[etape.action].libelle.split(" (")[0])
        if ch.ACTIONS[etape.action].attaque and avant.attaques:
            libelle += " (2e attaque, +3)"
        lignes.append([str(etape.passe), etape.nom, libelle, str(avant.init - apres.init), str(apres.init)])
    return lignes


def _statique_combat(options: Mapping[str, Any]) -> list[af.Bloc]:
    depart = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
    return [
        af.texte(
            "Le duel de Yang et Guo rejoué par le moteur : Init de départ "
            + " ; ".join(f"{c.nom} {_init_de_depart(c)}" for c in depart.combattants)
            + "."
        ),
        af.tableau(
            ["Passe", "Combattant", "Action", "Coût", "Init après"],
            rejeu_yang_et_guo(),
            legende="Le duel de Yang et Guo, action par action",
        ),
        af.texte("Les deux combattants ont 0 en Init : fin du round."),
    ]


RESULTATS_D_ACTION = (
    ("", "Non précisé"),
    ("reussite_critique", "Jet réussi (critique)"),
    ("reussite", "Jet réussi"),
    ("echec", "Jet raté"),
    ("echec_critique", "Jet raté (maladresse)"),
)


def _declarer() -> None:
    combattant, premier_round = "Nouveau combattant", "Premier round : jet de Combat héroïque"
    options, pendant = "Options du combat", "Pendant le combat"
    champs = (
        Champ("nom", "Nom du combattant", genre="texte", defaut="Yang", groupe=combattant),
        Champ(
            "camp",
            "Camp (facultatif)",
            genre="texte",
            facultatif=True,
            aide="Les combattants d'un même camp sont alliés ; vide : un camp à lui seul.",
            groupe=combattant,
        ),
        Champ("INT", "INT", defaut=12, minimum=0, groupe=combattant),
        Champ("DEX", "DEX", defaut=12, minimum=0, groupe=combattant),
        Champ(
            "caracteristique",
            "Init calculée sur",
            genre="choix",
            defaut="",
            choix=(
                ("", "INT et DEX (moyenne)"),
                ("INT", "l'INT seule (créature)"),
                ("DEX", "la DEX seule (créature)"),
            ),
            groupe=combattant,
        ),
        Champ(
            "fv",
            "Facteur de vitesse (FV)",
            defaut=3,
            minimum=1,
            aide="Dague 2, arme normale 3, masse 4, hallebarde 5.",
            groupe=combattant,
        ),
        Champ(
            "longueur",
            "Longueur de l'arme",
            genre="choix",
            defaut="moyenne",
            choix=(
                ("courte", "Courte"),
                ("moyenne", "Moyenne"),
                ("longue", "Longue"),
                ("", "Aucune (arme de tir)"),
            ),
            groupe=combattant,
        ),
        Champ("competence", "Compétence Combat héroïque (en %)", defaut=50, minimum=0, groupe=premier_round),
        Champ(
            "jet",
            "Jet de Combat héroïque (facultatif)",
            genre="texte",
            facultatif=True,
            aide="1d100 lu sur la table ; vide : lancé.",
            groupe=premier_round,
            ephemere=True,
        ),
        Champ(
            "choix",
            "Sur une réussite simple",
            genre="choix",
            defaut="init",
            choix=(("init", "+1d6 en Init"), ("garde", "En garde au début du combat")),
            groupe=premier_round,
        ),
        Champ(
            "d6",
            "1d6 lu (facultatif)",
            genre="texte",
            facultatif=True,
            aide="Vide : lancé s'il le faut.",
            groupe=premier_round,
            ephemere=True,
        ),
        Champ(
            "longueur_des_armes", "Appliquer la longueur des armes", genre="case", defaut=True, groupe=options
        ),
        Champ(
            "influence_du_nombre",
            "Appliquer l'influence du nombre",
            genre="case",
            defaut=True,
            groupe=options,
        ),
        Champ(
            "cible",
            "Cible des attaques (facultatif)",
            genre="texte",
            facultatif=True,
            aide="Nom du combattant visé ; vide : le seul adversaire.",
            groupe=pendant,
        ),
        Champ("metres", "Mètres de mouvement", defaut=1, minimum=1, groupe=pendant),
        Champ(
            "PM",
            "Coût du sortilège (PM)",
            genre="texte",
            facultatif=True,
            aide="Pour la concentration.",
            groupe=pendant,
        ),
        Champ(
            "resultat",
            "Résultat du jet de l'action (facultatif)",
            genre="choix",
            defaut="",
            choix=RESULTATS_D_ACTION,
            aide="Sert aux ripostes : défense critique contre une attaque normale réussie.",
            groupe=pendant,
        ),
    )
    widget(
        Widget(
            nom="combat-heroique",
            titre="Combat héroïque : Init, passes et actions",
            champs=champs,
            actions=(
                Action("kar.combat_ajouter", "Ajouter le combattant"),
                Action("kar.combat_exemple", "Exemple : Yang et Guo"),
                Action("kar.combat_afficher", "Afficher le combat"),
                Action("kar.combat_effacer", "Nouveau combat"),
            ),
            statique=_statique_combat,
        )
    )


_declarer()
