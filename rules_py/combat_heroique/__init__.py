"""BaSIC — combat héroïque (4.3): Init, passes, weapon speed, action costs, as a state machine.

A widget drives it one action at a time: :func:`creer_combat`, then
:func:`agir`, :func:`passe_suivante` and :func:`round_suivant`, each returning
a **new** :class:`EtatDeCombat` with a French log line;
:func:`actions_possibles` lists what a combatant may do now and what it
costs. The state turns into plain JSON data and back
(:func:`etat_en_dict`, :func:`etat_depuis_dict`), so the page keeps it. Dice
are not rolled here: the first-round roll comes in as a result (see
:func:`lancer_premier_round`), and attack results, when given, only decide
ripostes; :mod:`rules_py.basic_kar` resolves hits and counter-attacks.

Its modules follow the sections of the rules page, in the text's order:
:mod:`~rules_py.combat_heroique.initiative` (Principes: the Init, the first-round roll),
:mod:`~rules_py.combat_heroique.round_et_passes` (Round et passes: the state, the count of passes),
:mod:`~rules_py.combat_heroique.facteur_de_vitesse` (Facteur de vitesse des armes),
:mod:`~rules_py.combat_heroique.actions` (Actions possibles: costs and refusals) and
:mod:`~rules_py.combat_heroique.action_tentee` (:func:`agir`),
:mod:`~rules_py.combat_heroique.exemple` (Exemple: the duel of Yang and Guo),
:mod:`~rules_py.combat_heroique.regles_additionnelles` (Règles additionnelles: length, numbers),
then the page's counter (Aide de jeu): :mod:`~rules_py.combat_heroique.aide_de_jeu`,
:mod:`~rules_py.combat_heroique.degats` (wounds and damage) and
:mod:`~rules_py.combat_heroique.etat_en_json` (the state kept by the page);
:mod:`~rules_py.combat_heroique.lecture` holds the reading helpers they share. A module imports only
from those before it in this order: lecture, initiative, facteur_de_vitesse, regles_additionnelles,
round_et_passes, actions, action_tentee, exemple, aide_de_jeu, degats, etat_en_json.
"""

from rules_py.combat_heroique.action_tentee import agir
from rules_py.combat_heroique.actions import (
    ACTIONS,
    COUT_ATTENTE,
    COUT_PAR_METRE,
    SURCOUT_ATTAQUE_SUIVANTE,
    ActionPossible,
    DefinitionDAction,
    actions_possibles,
    combattant_inconnu,
)
from rules_py.combat_heroique.aide_de_jeu import (
    JetDAction,
    PerteDAction,
    actions_perdues,
    aller_a_la_passe,
    annonce_des_pertes,
    cible_de_l_attaque,
    commence,
    etat_du_combattant,
    jet_d_action,
    prochaine_passe_utile,
    retirer,
)
from rules_py.combat_heroique.degats import Blessure, blesser, blessure
from rules_py.combat_heroique.degats import coup_porte as coup_porte
from rules_py.combat_heroique.degats import lancer_degats as lancer_degats
from rules_py.combat_heroique.etat_en_json import etat_depuis_dict, etat_en_dict
from rules_py.combat_heroique.exemple import ETAPES_YANG_ET_GUO, EXEMPLE_YANG_ET_GUO, Etape, jouer_etape
from rules_py.combat_heroique.facteur_de_vitesse import FACTEURS_DE_VITESSE, FacteurDeVitesse
from rules_py.combat_heroique.initiative import (
    CARACTERISTIQUES,
    CHOIX_DU_PREMIER_ROUND,
    EffetDuPremierRound,
    PremierRound,
    effet_du_premier_round,
    init_de_base,
    lancer_premier_round,
    resoudre_jet_de_combat_heroique,
    utilise_le_d6,
)
from rules_py.combat_heroique.lecture import nom_de_combattant
from rules_py.combat_heroique.regles_additionnelles import (
    BONUS_DE_LONGUEUR,
    CLASSEMENT_DES_ARMES,
    LONGUEURS,
    MALUS_DU_NOMBRE,
    modificateur_de_longueur,
    modificateurs_du_nombre,
)
from rules_py.combat_heroique.round_et_passes import (
    AttaqueEnCours,
    Combattant,
    EtatDeCombat,
    Participant,
    combattants_a_cette_passe,
    creer_combat,
    passe_suivante,
    round_suivant,
)
from rules_py.combat_heroique.round_et_passes import CoupPorte as CoupPorte

# CoupPorte, coup_porte and lancer_degats are public but were never in this list (the page's facade
# and the tests use them): they are re-exported above as themselves.
__all__ = [
    "ACTIONS",
    "BONUS_DE_LONGUEUR",
    "CARACTERISTIQUES",
    "CHOIX_DU_PREMIER_ROUND",
    "CLASSEMENT_DES_ARMES",
    "COUT_ATTENTE",
    "COUT_PAR_METRE",
    "ETAPES_YANG_ET_GUO",
    "EXEMPLE_YANG_ET_GUO",
    "FACTEURS_DE_VITESSE",
    "LONGUEURS",
    "MALUS_DU_NOMBRE",
    "SURCOUT_ATTAQUE_SUIVANTE",
    "ActionPossible",
    "AttaqueEnCours",
    "Blessure",
    "Combattant",
    "DefinitionDAction",
    "EffetDuPremierRound",
    "Etape",
    "EtatDeCombat",
    "FacteurDeVitesse",
    "JetDAction",
    "Participant",
    "PerteDAction",
    "PremierRound",
    "actions_perdues",
    "actions_possibles",
    "agir",
    "aller_a_la_passe",
    "annonce_des_pertes",
    "blesser",
    "blessure",
    "cible_de_l_attaque",
    "combattant_inconnu",
    "combattants_a_cette_passe",
    "commence",
    "creer_combat",
    "effet_du_premier_round",
    "etat_depuis_dict",
    "etat_du_combattant",
    "etat_en_dict",
    "init_de_base",
    "jet_d_action",
    "jouer_etape",
    "lancer_premier_round",
    "modificateur_de_longueur",
    "modificateurs_du_nombre",
    "nom_de_combattant",
    "passe_suivante",
    "prochaine_passe_utile",
    "resoudre_jet_de_combat_heroique",
    "retirer",
    "round_suivant",
    "utilise_le_d6",
]
