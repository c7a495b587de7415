"""Round et passes (B9): the combat's state, its setting up, the count of passes and the next round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace

from rules_py.combat_heroique.initiative import CARACTERISTIQUES, effet_du_premier_round, init_de_base
from rules_py.combat_heroique.lecture import _entier_ou_rien, _resultat, nom_de_combattant
from rules_py.combat_heroique.regles_additionnelles import (
    _longueur,
    _modificateur_de_longueur,
    _modificateurs_du_nombre,
)
from rules_py.d100 import Resultat
from rules_py.errors import InputError
from rules_py.validation import booleen, choix, entier

# -- 2) Round et passes : l'état du combat (B9) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Participant:
    """A combatant as entered before the fight (INT or DEX may be None for a creature).

    With no camp (None), a combatant is a camp of its own: its name."""

    nom: str
    camp: str
    intelligence: int | None
    dexterite: int | None
    fv: int
    longueur: str | None
    resultat: Resultat
    choix: str | None = None
    d6: int | None = None
    caracteristique: str | None = None
    pv: int | None = None


@dataclass(frozen=True, slots=True)
class Combattant:
    """A combatant during the fight: the Init of each round's start, its parts, and the current state."""

    nom: str
    camp: str
    fv: int
    longueur: str | None
    init_de_base: int
    bonus_premier_round: int
    modificateur_longueur: int
    modificateur_nombre: int
    init: int
    en_garde: bool
    attaques: int
    sortilege_pm: int
    concentration_restante: int
    riposte_a: int | None
    pv_max: int | None = None
    """The PV declared when the fight was set up (None: not followed)."""
    pv: int | None = None

    @property
    def init_de_depart(self) -> int:
        """The Init each round starts from: base + first-round roll + length + numbers."""
        return (
            self.init_de_base
            + self.bonus_premier_round
            + self.modificateur_longueur
            + self.modificateur_nombre
        )


@dataclass(frozen=True, slots=True)
class AttaqueEnCours:
    """The last attack made, which its target may still answer (parry, dodge, counter-attack)."""

    attaquant: str
    cible: str
    passe: int
    action: str
    resultat: Resultat | None


@dataclass(frozen=True, slots=True)
class CoupPorte:
    """The last action's hit, whose damage may still be rolled: an attack that succeeded, not parried
    nor dodged yet, or one whose parry or dodge failed. ``issue``: « normale » or « critique »."""

    attaquant: str
    cible: str
    issue: str

    @property
    def noms(self) -> tuple[str, str]:
        return self.attaquant, self.cible


@dataclass(frozen=True, slots=True)
class EtatDeCombat:
    """The whole combat: round, pass being counted, combatants, the attack awaiting an answer, the log;
    the hit whose damage may be rolled (:func:`lancer_degats`)."""

    numero_round: int
    passe: int
    combattants: tuple[Combattant, ...]
    attaque_en_cours: AttaqueEnCours | None
    journal: tuple[str, ...]
    coup: CoupPorte | None = None


def _participant(donnees: object, index: int) -> Participant:
    if isinstance(donnees, Participant):
        donnees = asdict(donnees)
    if not isinstance(donnees, Mapping):
        raise InputError(f"Le combattant n° {index + 1} doit être un objet.", champ="participants")
    champs = {f.name for f in fields(Participant)}
    inconnus = sorted(str(k) for k in donnees if k not in champs)
    if inconnus:
        raise InputError(f"Champ inconnu pour un combattant : « {inconnus[0]} ».", champ=inconnus[0])
    manquants = [c for c in ("nom", "fv", "resultat") if c not in donnees]
    if manquants:
        raise InputError(f"Il manque « {manquants[0]} » au combattant n° {index + 1}.", champ=manquants[0])
    caracteristique = donnees.get("caracteristique")
    nom = nom_de_combattant(donnees["nom"], "nom")
    camp = donnees.get("camp")
    return Participant(
        nom=nom,
        camp=nom if camp is None else nom_de_combattant(camp, "camp"),
        intelligence=donnees.get("intelligence"),  # type: ignore[arg-type]
        dexterite=donnees.get("dexterite"),  # type: ignore[arg-type]
        fv=entier(donnees["fv"], "fv", minimum=1),
        longueur=_longueur(donnees.get("longueur")),
        resultat=_resultat(donnees["resultat"], "resultat"),
        choix=donnees.get("choix"),  # type: ignore[arg-type]
        d6=donnees.get("d6"),  # type: ignore[arg-type]
        caracteristique=None
        if caracteristique is None
        else choix(caracteristique, "caracteristique", CARACTERISTIQUES),
        pv=_entier_ou_rien(donnees.get("pv"), "pv", 1),
    )


def creer_combat(
    participants: Sequence[Participant | Mapping[str, object]],
    *,
    longueur_des_armes: object = True,
    influence_du_nombre: object = True,
) -> EtatDeCombat:
    """Start a combat: each starting Init (base, first-round roll, length, numbers); round 1 at the highest.

    >>> e = creer_combat([
    ...     Participant("Yang", "A", 12, 12, 3, "moyenne", Resultat.REUSSITE, "init", 3),
    ...     Participant("Guo", "B", 11, 11, 3, "moyenne", Resultat.REUSSITE, "init", 2),
    ... ])
    >>> e.passe, [c.init for c in e.combattants]
    (15, [15, 13])
    """
    if isinstance(participants, (str, bytes, Mapping)) or not isinstance(participants, Sequence):
        raise InputError("« participants » doit être une liste de combattants.", champ="participants")
    if not participants:
        raise InputError("Il faut au moins un combattant.", champ="participants")
    avec_longueur = booleen(longueur_des_armes, "longueur_des_armes")
    avec_nombre = booleen(influence_du_nombre, "influence_du_nombre")
    entrees = [_participant(p, i) for i, p in enumerate(participants)]
    noms = Counter(p.nom for p in entrees)
    double = next((nom for nom, n in noms.items() if n > 1), None)
    if double is not None:
        raise InputError(
            f"Deux combattants s'appellent « {double} » : les noms doivent différer.", champ="nom"
        )
    nombre = _modificateurs_du_nombre(Counter(p.camp for p in entrees)) if avec_nombre else {}
    combattants = []
    for p in entrees:
        effet = effet_du_premier_round(p.resultat, p.choix, p.d6)
        adverses = [q.longueur for q in entrees if q.camp != p.camp and q.longueur is not None]
        longueur = _modificateur_de_longueur(p.longueur, adverses) if avec_longueur else 0
        base = init_de_base(p.intelligence, p.dexterite, p.caracteristique)
        combattants.append(
            Combattant(
                nom=p.nom,
                camp=p.camp,
                fv=p.fv,
                longueur=p.longueur,
                init_de_base=base,
                bonus_premier_round=effet.bonus_init,
                modificateur_longueur=longueur,
                modificateur_nombre=nombre.get(p.camp, 0),
                init=base + effet.bonus_init + longueur + nombre.get(p.camp, 0),
                en_garde=effet.en_garde,
                attaques=0,
                sortilege_pm=0,
                concentration_restante=0,
                riposte_a=None,
                pv_max=p.pv,
                pv=p.pv,
            )
        )
    etat = EtatDeCombat(1, 0, tuple(combattants), None, ())
    return _debut_de_round(etat, 1)


def _detail_init(c: Combattant) -> str:
    parts = [f"base {c.init_de_base}"]
    for libelle, valeur in (
        ("premier round", c.bonus_premier_round),
        ("longueur d'arme", c.modificateur_longueur),
        ("nombre", c.modificateur_nombre),
    ):
        if valeur:
            parts.append(f"{libelle} {valeur:+d}")
    parts += _en_cours(c)
    return f"{c.nom} {c.init_de_depart} ({', '.join(parts)})"


def _en_cours(c: Combattant) -> list[str]:
    """What a combatant is in the middle of: on guard, concentrating, a spell ready."""
    morceaux = ["en garde"] if c.en_garde else []
    if c.concentration_restante:
        morceaux.append(f"concentration : reste {c.concentration_restante}")
    elif c.sortilege_pm:
        morceaux.append(f"sortilège de {c.sortilege_pm} PM prêt")
    return morceaux


def _debut_de_round(etat: EtatDeCombat, numero: int) -> EtatDeCombat:
    combattants = tuple(
        replace(c, init=c.init_de_depart, attaques=0, riposte_a=None) for c in etat.combattants
    )
    passe = max(0, *(c.init for c in combattants))
    ligne = f"Round {numero} : Init de départ — " + " ; ".join(_detail_init(c) for c in combattants) + "."
    return EtatDeCombat(
        numero, passe, combattants, None, (*etat.journal, ligne, _annonce_de_passe(passe, combattants))
    )


def _annonce_de_passe(passe: int, combattants: Sequence[Combattant]) -> str:
    qui = [c.nom for c in combattants if c.init == passe and c.init > 0]
    if not qui:
        return f"Passe {passe}."
    return f"Passe {passe} : {', '.join(map(format, qui))} {'peuvent' if len(qui) > 1 else 'peut'} agir."


def combattants_a_cette_passe(etat: EtatDeCombat) -> tuple[str, ...]:
    """The combatants whose current Init is the pass being counted (and above 0): they may act now.

    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> combattants_a_cette_passe(e)
    ('Zhang',)
    """
    return tuple(c.nom for c in etat.combattants if c.init == etat.passe and c.init > 0)


def passe_suivante(etat: EtatDeCombat) -> EtatDeCombat:
    """Count down one pass; an attack not answered by then stays unanswered, a riposte not taken is lost.

    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> passe_suivante(e).passe
    12
    """
    if etat.passe <= 0:
        raise InputError("Passe 0 : le round est fini, passez au round suivant.", champ="passe")
    passe = etat.passe - 1
    combattants = tuple(
        replace(c, riposte_a=None) if c.riposte_a is not None and c.riposte_a > passe else c
        for c in etat.combattants
    )
    return replace(
        etat,
        passe=passe,
        combattants=combattants,
        attaque_en_cours=None,
        journal=(*etat.journal, _annonce_de_passe(passe, combattants)),
    )


def round_suivant(etat: EtatDeCombat) -> EtatDeCombat:
    """Start the next round: each back to their Init of departure; guard and concentration carry over.

    >>> e = creer_combat([{"nom": "Zhang", "camp": "A", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> round_suivant(e).numero_round
    2
    """
    return _debut_de_round(etat, etat.numero_round + 1)
