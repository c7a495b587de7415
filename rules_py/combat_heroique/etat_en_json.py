"""Aide de jeu, the fight the page keeps: the state as plain JSON data, and read back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields

from rules_py.combat_heroique.actions import ACTIONS
from rules_py.combat_heroique.lecture import _entier_ou_rien, _resultat, nom_de_combattant
from rules_py.combat_heroique.regles_additionnelles import _longueur
from rules_py.combat_heroique.round_et_passes import (
    AttaqueEnCours,
    Combattant,
    CoupPorte,
    EtatDeCombat,
)
from rules_py.errors import InputError
from rules_py.validation import booleen, choix, entier

# -- État en JSON : plain dicts for the page ---------------------------------------------------------


def etat_en_dict(etat: EtatDeCombat) -> dict[str, object]:
    """The state as plain JSON data (lists, dicts, str, int, bool, None).

    >>> from rules_py.combat_heroique import creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> etat_depuis_dict(etat_en_dict(e)) == e
    True
    """
    attaque = etat.attaque_en_cours
    return {
        "numero_round": etat.numero_round,
        "passe": etat.passe,
        "combattants": [{f.name: getattr(c, f.name) for f in fields(Combattant)} for c in etat.combattants],
        "attaque_en_cours": None
        if attaque is None
        else {
            "attaquant": attaque.attaquant,
            "cible": attaque.cible,
            "passe": attaque.passe,
            "action": attaque.action,
            "resultat": None if attaque.resultat is None else attaque.resultat.value,
        },
        "journal": list(etat.journal),
        **({} if etat.coup is None else {"coup": asdict(etat.coup)}),
    }


def _objet(valeur: object, champ: str, cles: Sequence[str]) -> Mapping[str, object]:
    if not isinstance(valeur, Mapping):
        raise InputError(f"« {champ} » doit être un objet.", champ=champ)
    manquantes = [k for k in cles if k not in valeur]
    if manquantes:
        raise InputError(f"Il manque « {manquantes[0]} » dans « {champ} ».", champ=manquantes[0])
    return valeur


def _combattant_depuis_dict(valeur: object) -> Combattant:
    d = _objet(valeur, "combattant", [f.name for f in fields(Combattant) if not f.name.startswith("pv")])
    return Combattant(
        nom=nom_de_combattant(d["nom"], "nom"),
        camp=nom_de_combattant(d["camp"], "camp"),
        fv=entier(d["fv"], "fv", minimum=1),
        longueur=_longueur(d["longueur"]),
        init_de_base=entier(d["init_de_base"], "init_de_base", minimum=0),
        bonus_premier_round=entier(d["bonus_premier_round"], "bonus_premier_round", minimum=-6, maximum=6),
        modificateur_longueur=_choix_entier(d["modificateur_longueur"], "modificateur_longueur", (-3, 0, 3)),
        modificateur_nombre=_choix_entier(d["modificateur_nombre"], "modificateur_nombre", (-3, 0)),
        init=entier(d["init"], "init"),
        en_garde=booleen(d["en_garde"], "en_garde"),
        attaques=entier(d["attaques"], "attaques", minimum=0),
        sortilege_pm=entier(d["sortilege_pm"], "sortilege_pm", minimum=0),
        concentration_restante=entier(d["concentration_restante"], "concentration_restante", minimum=0),
        riposte_a=_entier_ou_rien(d["riposte_a"], "riposte_a", 0),
        pv_max=_entier_ou_rien(d.get("pv_max"), "pv_max", 1),
        pv=_entier_ou_rien(d.get("pv"), "pv"),
    )


def _choix_entier(valeur: object, champ: str, valeurs: Sequence[int]) -> int:
    nombre = entier(valeur, champ)
    if nombre not in valeurs:
        raise InputError(f"« {champ} » vaut {', '.join(map(str, valeurs))} (reçu : {nombre}).", champ=champ)
    return nombre


def etat_depuis_dict(donnees: object) -> EtatDeCombat:
    """Read back a state kept by the page, checking every field (InputError when it is not valid).

    >>> etat_depuis_dict({"numero_round": 1})
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Il manque « passe » dans « etat ».
    """
    d = _objet(donnees, "etat", ("numero_round", "passe", "combattants", "attaque_en_cours", "journal"))
    liste = d["combattants"]
    if not isinstance(liste, list) or not liste:
        raise InputError("« combattants » doit être une liste non vide.", champ="combattants")
    combattants = tuple(_combattant_depuis_dict(c) for c in liste)
    noms = [c.nom for c in combattants]
    if len(set(noms)) != len(noms):
        raise InputError("Deux combattants portent le même nom.", champ="nom")
    journal = d["journal"]
    if not isinstance(journal, list) or not all(isinstance(ligne, str) for ligne in journal):
        raise InputError("« journal » doit être une liste de textes.", champ="journal")
    attaque = None
    if d["attaque_en_cours"] is not None:
        a = _objet(
            d["attaque_en_cours"], "attaque_en_cours", ("attaquant", "cible", "passe", "action", "resultat")
        )
        attaque = AttaqueEnCours(
            attaquant=choix(a["attaquant"], "attaquant", noms),
            cible=choix(a["cible"], "cible", noms),
            passe=entier(a["passe"], "passe", minimum=0),
            action=choix(
                a["action"], "action", [k for k, v in ACTIONS.items() if v.attaque and v.genre != "reaction"]
            ),
            resultat=None if a["resultat"] is None else _resultat(a["resultat"], "resultat"),
        )
    coup = None
    if d.get("coup") is not None:
        c = _objet(d["coup"], "coup", ("attaquant", "cible", "issue"))
        issue = choix(c["issue"], "issue", ("normale", "critique"))
        coup = CoupPorte(choix(c["attaquant"], "attaquant", noms), choix(c["cible"], "cible", noms), issue)
    return EtatDeCombat(
        numero_round=entier(d["numero_round"], "numero_round", minimum=1),
        passe=entier(d["passe"], "passe", minimum=0),
        combattants=combattants,
        attaque_en_cours=attaque,
        journal=tuple(journal),
        coup=coup,
    )
