"""Actions possibles, the action attempted (B9): :func:`agir` takes one action and returns the new state."""

from __future__ import annotations

from dataclasses import replace

from rules_py.basic_kar import issue_du_coup, riposte_possible
from rules_py.combat_heroique.actions import _COUTS, ACTIONS, _refus, _trouver
from rules_py.combat_heroique.lecture import _resultat
from rules_py.combat_heroique.round_et_passes import (
    AttaqueEnCours,
    Combattant,
    CoupPorte,
    EtatDeCombat,
)
from rules_py.d100 import Resultat
from rules_py.errors import InputError
from rules_py.validation import choix, entier

# -- agir : one action, a new state ----------------------------------------------------------------

_VERBES: dict[str, str] = {
    "attaque_normale": "fait une attaque normale",
    "attaque_rapide": "fait une attaque rapide",
    "se_mettre_en_garde": "se met en garde",
    "parade_rapide": "fait une parade rapide",
    "esquive_rapide": "fait une esquive rapide",
    "parade_en_garde": "pare depuis sa garde",
    "esquive_en_garde": "esquive depuis sa garde",
    "contre_attaque": "contre-attaque depuis sa garde",
    "riposte": "riposte (attaque rapide)",
    "mouvement": "se déplace",
    "attente": "attend",
    "concentration": "se concentre",
    "lancer_sortilege": "lance son sortilège",
}

_LIBELLES_RESULTAT: dict[Resultat, str] = {
    Resultat.REUSSITE_CRITIQUE: "réussite critique",
    Resultat.REUSSITE: "réussite",
    Resultat.ECHEC: "échec",
    Resultat.ECHEC_CRITIQUE: "échec critique",
}


def _parametres(
    etat: EtatDeCombat,
    c: Combattant,
    action: str,
    cible: object,
    metres: object,
    pm: object,
    resultat: object,
) -> tuple[str | None, int, int | None, Resultat | None]:
    definition = ACTIONS[action]
    nom_cible: str | None = None
    if definition.attaque and definition.genre != "reaction" and cible is not None:
        nom_cible = _trouver(etat, cible, "cible").nom
        if nom_cible == c.nom:
            raise InputError(f"{c.nom} ne peut pas se prendre pour cible.", champ="cible")
    nombre_de_metres = entier(metres, "metres", minimum=1) if action == "mouvement" else 1
    valeur_pm: int | None = None
    if action == "concentration" and pm is not None:
        valeur_pm = entier(pm, "PM", minimum=1)
        if c.sortilege_pm and valeur_pm != c.sortilege_pm:
            raise InputError(
                f"{c.nom} se concentre déjà sur un sortilège de {c.sortilege_pm} PM.", champ="PM"
            )
    if action == "concentration" and pm is None and not c.sortilege_pm:
        raise InputError("Indiquez le coût du sortilège en PM.", champ="PM")
    valeur_resultat = None if resultat is None else _resultat(resultat, "resultat")
    return nom_cible, nombre_de_metres, valeur_pm, valeur_resultat


def agir(
    etat: EtatDeCombat,
    nom: object,
    action: object,
    *,
    cible: object = None,
    metres: object = None,
    pm: object = None,
    resultat: object = None,
) -> EtatDeCombat:
    """Take one action and return the new state; a refused action raises InputError saying why.

    ``cible`` names whom an attack aims at (its target may then answer);
    ``metres`` is the move's length; ``pm`` the spell's cost; ``resultat``
    the roll's result, used to grant a riposte (critical defence against a
    normal hit).

    >>> from rules_py.combat_heroique import creer_combat
    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> e = agir(e, "Zhang", "concentration", pm=8)
    >>> e.combattants[0].init, e.combattants[0].concentration_restante, e.journal[-1]
    (0, 3, 'Passe 13 : Zhang se concentre (sortilège de 8 PM : 13 sur 16, reste 3) — Init 13 → 0.')
    """
    genre = choix(action, "action", ACTIONS)
    c = _trouver(etat, nom)
    nom_cible, nombre_de_metres, valeur_pm, valeur_resultat = _parametres(
        etat, c, genre, cible, metres, pm, resultat
    )
    cout = _COUTS[genre](c, nombre_de_metres, valeur_pm)
    raison = _refus(etat, c, genre, cout)
    if raison is not None:
        raise InputError(raison, champ="action")
    assert cout is not None
    definition = ACTIONS[genre]
    apres = replace(c, init=c.init - cout, attaques=c.attaques + int(definition.attaque))
    details: list[str] = []
    if genre == "mouvement":
        details.append(f"{nombre_de_metres} m")
    if nom_cible is not None:
        details.append(f"sur {nom_cible}")
    if valeur_resultat is not None:
        details.append(_LIBELLES_RESULTAT[valeur_resultat])
    notes: list[str] = []
    if c.sortilege_pm and genre not in ("concentration", "lancer_sortilege"):
        apres = replace(apres, sortilege_pm=0, concentration_restante=0)
        notes.append("concentration perdue")
    attaque_en_cours = None
    if genre == "se_mettre_en_garde":
        apres = replace(apres, en_garde=True)
    elif definition.depuis_la_garde:
        apres = replace(apres, en_garde=False)
        notes.append("garde utilisée")
    elif genre == "concentration":
        total = c.concentration_restante or 2 * (valeur_pm or 0)
        reste = total - cout
        apres = replace(apres, sortilege_pm=c.sortilege_pm or valeur_pm or 0, concentration_restante=reste)
        details.append(f"sortilège de {apres.sortilege_pm} PM : {cout} sur {total}, reste {reste}")
    elif genre == "lancer_sortilege":
        details.append(f"{c.sortilege_pm} PM")
        apres = replace(apres, sortilege_pm=0, concentration_restante=0)
    if genre == "riposte":
        apres = replace(apres, riposte_a=None)
    if definition.genre == "reaction":
        attaque = etat.attaque_en_cours
        assert attaque is not None
        if (
            not definition.attaque
            and attaque.resultat is not None
            and valeur_resultat is not None
            and riposte_possible(attaque.resultat, valeur_resultat)
            and etat.passe > 0
        ):
            apres = replace(apres, riposte_a=etat.passe - 1)
            notes.append(f"riposte possible à la passe {etat.passe - 1}")
    elif definition.attaque and nom_cible is not None:
        attaque_en_cours = AttaqueEnCours(c.nom, nom_cible, etat.passe, genre, valeur_resultat)
    ligne = _ligne(etat.passe, c, genre, details, cout, apres, notes)
    combattants = tuple(apres if x.nom == c.nom else x for x in etat.combattants)
    coup = _coup_porte(
        etat.attaque_en_cours if definition.genre == "reaction" else None, genre, valeur_resultat
    )
    return replace(
        etat,
        combattants=combattants,
        attaque_en_cours=attaque_en_cours,
        journal=(*etat.journal, ligne),
        coup=coup or _coup_porte(attaque_en_cours),
    )


def _coup_porte(
    attaque: AttaqueEnCours | None, reaction: str | None = None, defense: Resultat | None = None
) -> CoupPorte | None:
    """The hit of ``attaque`` (B1): unanswered, or answered by the parry or dodge ``reaction`` of result
    ``defense``; None when it misses, is blocked, or its result or the defence's is not known."""
    if attaque is None or attaque.resultat is None or reaction == "contre_attaque":
        return None
    if reaction is not None and defense is None:
        return None
    issue = issue_du_coup(attaque.resultat, defense, True)
    return CoupPorte(attaque.attaquant, attaque.cible, issue) if issue in ("normale", "critique") else None


def _ligne(
    passe: int, c: Combattant, action: str, details: list[str], cout: int, apres: Combattant, notes: list[str]
) -> str:
    texte = f"Passe {passe} : {c.nom} {_VERBES[action]}"
    if details:
        texte += f" ({', '.join(details)})"
    if action == "concentration" or cout:
        texte += f" — Init {c.init} → {apres.init}"
    else:
        texte += " — sans coût"
    if notes:
        texte += " ; " + " ; ".join(notes)
    return texte + "."
