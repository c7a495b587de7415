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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from fractions import Fraction

from rules_py.basic_kar import (
    Coup,
    demande_un_jet_de_kar,
    distribution_degats,
    est_une_blessure_grave,
    issue_du_coup,
    lancer_coup,
    probabilites_test,
    resoudre_test,
    riposte_possible,
    seuil_de_choc,
)
from rules_py.d100 import Resultat, arrondi_superieur, lire_jet
from rules_py.dice import Distribution
from rules_py.errors import InputError
from rules_py.validation import TexteLu, choix, entier

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

_LONGUEUR_MAX_DU_TEXTE = 60


def nom_de_combattant(valeur: object, champ: str = "nom") -> str:
    """A combatant's (or a camp's) name: a text of 1 to 60 characters, spaces around it dropped.

    A name the page read from the reader (a :class:`TexteLu`) stays one, so that every sentence of the
    fight isolates it.

    >>> nom_de_combattant(" Yang ")
    'Yang'
    """
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError(f"« {champ} » doit être un texte non vide.", champ=champ)
    if len(valeur) > _LONGUEUR_MAX_DU_TEXTE:
        raise InputError(
            f"« {champ} » est trop long ({len(valeur)} caractères, au plus {_LONGUEUR_MAX_DU_TEXTE}).",
            champ=champ,
        )
    return TexteLu(valeur.strip()) if isinstance(valeur, TexteLu) else valeur.strip()


def _booleen(valeur: object, champ: str) -> bool:
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


def _resultat(valeur: object, champ: str) -> Resultat:
    return Resultat(choix(valeur, champ, [r.value for r in Resultat]))


# -- 1) Principes : Init, jet de Combat héroïque au premier round (B8) -----------------------------

CARACTERISTIQUES: tuple[str, ...] = ("INT", "DEX")
"""For a creature whose INT or DEX is not significant, the Init is the other one alone."""

CHOIX_DU_PREMIER_ROUND: tuple[str, ...] = ("init", "garde")
"""After a plain success: +1d6 to the Init, or on guard at the start of the combat."""


def init_de_base(intelligence: object, dexterite: object, caracteristique: object = None) -> int:
    """The Init: (INT + DEX) / 2 rounded up, or the one significant characteristic of a creature.

    >>> init_de_base(12, 11), init_de_base(None, 14, "DEX")
    (12, 14)
    """
    if caracteristique is None:
        return arrondi_superieur(
            entier(intelligence, "INT", minimum=0) + entier(dexterite, "DEX", minimum=0), 2
        )
    seule = choix(caracteristique, "caracteristique", CARACTERISTIQUES)
    return entier(intelligence if seule == "INT" else dexterite, seule, minimum=0)


def resoudre_jet_de_combat_heroique(score: object, jet: object) -> Resultat:
    """The first-round roll of *Combat héroïque*: B2 thresholds, and 96-100 is the -1d6 case in every mode.

    >>> resoudre_jet_de_combat_heroique(60, 3), resoudre_jet_de_combat_heroique(100, 97)
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    """
    return resoudre_test(score, jet, "realiste")


@dataclass(frozen=True, slots=True)
class EffetDuPremierRound:
    """What the first-round roll gives for the whole combat: an Init bonus (or malus) and the guard."""

    bonus_init: int
    en_garde: bool


def _d6(valeur: object) -> int:
    if valeur is None:
        raise InputError("Il faut le résultat du d6.", champ="d6")
    return entier(valeur, "d6", minimum=1, maximum=6)


def effet_du_premier_round(
    resultat: object, choix_du_joueur: object = None, d6: object = None
) -> EffetDuPremierRound:
    """Critical: +1d6 and on guard; success: +1d6 or on guard (the player's choice); 96-100: -1d6.

    ``d6`` and the choice are read only when the result uses them.

    >>> effet_du_premier_round("reussite", "init", 3), effet_du_premier_round("echec_critique", None, 4)
    (EffetDuPremierRound(bonus_init=3, en_garde=False), EffetDuPremierRound(bonus_init=-4, en_garde=False))
    """
    valeur = _resultat(resultat, "resultat")
    if valeur is Resultat.REUSSITE_CRITIQUE:
        return EffetDuPremierRound(_d6(d6), True)
    if valeur is Resultat.ECHEC_CRITIQUE:
        return EffetDuPremierRound(-_d6(d6), False)
    if valeur is Resultat.ECHEC:
        return EffetDuPremierRound(0, False)
    if choix(choix_du_joueur, "choix", CHOIX_DU_PREMIER_ROUND) == "garde":
        return EffetDuPremierRound(0, True)
    return EffetDuPremierRound(_d6(d6), False)


@dataclass(frozen=True, slots=True)
class PremierRound:
    """A rolled first-round test: the d100, its result, the choice kept and the d6 (None if unused)."""

    jet: int
    resultat: Resultat
    choix: str | None
    d6: int | None


def utilise_le_d6(resultat: Resultat, choix_du_joueur: str) -> bool:
    """Whether the first-round result calls for the 1d6: critical, 96-100, or a success taken as +1d6.

    >>> utilise_le_d6(Resultat.REUSSITE, "garde"), utilise_le_d6(Resultat.ECHEC_CRITIQUE, "garde")
    (False, True)
    """
    if resultat is Resultat.REUSSITE:
        return choix_du_joueur != "garde"
    return resultat is not Resultat.ECHEC


def _lancer(rng: random.Random | None, faces: int, champ: str) -> int:
    if rng is None:
        raise InputError(f"Il faut le résultat du {'1d100' if faces == 100 else '1d6'}.", champ=champ)
    return rng.randint(1, faces)


def lancer_premier_round(
    score: object,
    rng: random.Random | None,
    choix_du_joueur: object = "init",
    *,
    jet: int | None = None,
    d6: int | None = None,
) -> PremierRound:
    """The *Combat héroïque* test: the d100 ``jet`` read on the table or rolled with ``rng``, then the
    1d6 (``d6`` read, or rolled) only when the result calls for it. With no ``rng``, every die used
    must be given.

    >>> from rules_py.dice import new_rng
    >>> lancer_premier_round(50, new_rng(3), "init")
    PremierRound(jet=31, resultat=<Resultat.REUSSITE: 'reussite'>, choix='init', d6=5)
    >>> lancer_premier_round(50, new_rng(3), "garde", jet=30, d6=4)
    PremierRound(jet=30, resultat=<Resultat.REUSSITE: 'reussite'>, choix='garde', d6=None)
    """
    valeur = entier(score, "score", minimum=0)
    retenu = choix(choix_du_joueur, "choix", CHOIX_DU_PREMIER_ROUND)
    jet = _lancer(rng, 100, "jet") if jet is None else lire_jet(jet, "jet")
    resultat = resoudre_test(valeur, jet, "realiste")
    if not utilise_le_d6(resultat, retenu):
        return PremierRound(jet, resultat, retenu if resultat is Resultat.REUSSITE else None, None)
    d6 = _lancer(rng, 6, "d6") if d6 is None else _d6(d6)
    return PremierRound(jet, resultat, retenu if resultat is Resultat.REUSSITE else None, d6)


# -- 3) Facteur de vitesse des armes ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FacteurDeVitesse:
    """One row of the weapon speed list: kind of weapon, its FV, the text's example."""

    categorie: str
    fv: int
    exemple: str | None


FACTEURS_DE_VITESSE: tuple[FacteurDeVitesse, ...] = (
    FacteurDeVitesse("Arme rapide", 2, "dague"),
    FacteurDeVitesse("Arme normale", 3, None),
    FacteurDeVitesse("Arme lente", 4, "masse d'armes"),
    FacteurDeVitesse("Arme très lente", 5, "hallebarde"),
)
"""Lines 98-101: the FV is usually 2 to 5; for firearms and bows it depends on the weapon."""


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


# -- Règles additionnelles : longueur des armes, nombre (B8) ---------------------------------------

LONGUEURS: tuple[str, ...] = ("courte", "moyenne", "longue")
"""Weapon length classes, from the shortest."""

BONUS_DE_LONGUEUR = 3
MALUS_DU_NOMBRE = 3

CLASSEMENT_DES_ARMES: dict[str, tuple[str, ...]] = {
    "longue": (
        "Corde",
        "Ruban",
        "Demi-hallebarde",
        "Épieu",
        "Faucille de guerre",
        "Hallebarde",
        "Hallebarde à crochet",
        "Lance à deux pointes",
        "Lance de cavalier",
        "Pique",
        "Trident",
        "Vouge",
    ),
    "moyenne": (
        "Bâton",
        "Canne",
        "Chaîne de combat",
        "Cimeterre",
        "Épée",
        "Épée-chaîne",
        "Fléau",
        "Hache",
        "Masse d'armes",
    ),
    "courte": ("Bagarre", "Couperet", "Dague", "Poignard", "Lutte"),
}
"""Lines 130-136: the text's classification of weapons by length."""


def _longueur(valeur: object) -> str | None:
    return None if valeur is None else choix(valeur, "longueur", LONGUEURS)


def modificateur_de_longueur(longueur: object, longueurs_adverses: Sequence[object]) -> int:
    """+3 with a longer class than every melee opponent, -3 with a shorter one, else 0.

    ``None`` is a combatant out of melee (bow, firearm): neither given nor counted.

    >>> modificateur_de_longueur("longue", ["moyenne"]), modificateur_de_longueur("courte", ["moyenne"])
    (3, -3)
    >>> modificateur_de_longueur("moyenne", ["courte", "longue"])
    0
    """
    rang = _longueur(longueur)
    adverses = [_longueur(v) for v in longueurs_adverses]
    return _modificateur_de_longueur(rang, [v for v in adverses if v is not None])


def _modificateur_de_longueur(longueur: str | None, adverses: Sequence[str]) -> int:
    if longueur is None or not adverses:
        return 0
    rang = LONGUEURS.index(longueur)
    rangs = [LONGUEURS.index(v) for v in adverses]
    if rang > max(rangs):
        return BONUS_DE_LONGUEUR
    if rang < min(rangs):
        return -BONUS_DE_LONGUEUR
    return 0


def modificateurs_du_nombre(camps: Sequence[object]) -> dict[str, int]:
    """-3 for every combatant of the side(s) with the fewest combatants, when the sides differ.

    >>> modificateurs_du_nombre(["PJ", "PJ", "gardes"])
    {'PJ': 0, 'gardes': -3}
    """
    effectifs = Counter(nom_de_combattant(c, "camp") for c in camps)
    return _modificateurs_du_nombre(effectifs)


def _modificateurs_du_nombre(effectifs: Mapping[str, int]) -> dict[str, int]:
    plus_petit, plus_grand = min(effectifs.values(), default=0), max(effectifs.values(), default=0)
    return {
        camp: -MALUS_DU_NOMBRE if nombre == plus_petit < plus_grand else 0
        for camp, nombre in effectifs.items()
    }


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
    avec_longueur = _booleen(longueur_des_armes, "longueur_des_armes")
    avec_nombre = _booleen(influence_du_nombre, "influence_du_nombre")
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


def commence(etat: EtatDeCombat) -> bool:
    """Whether anything happened since the combat was set up: an action, a pass or a round.

    >>> e = creer_combat([{"nom": "Zhang", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> commence(e), commence(passe_suivante(e))
    (False, True)
    """
    return etat.numero_round > 1 or len(etat.journal) > 2


def prochaine_passe_utile(etat: EtatDeCombat) -> int:
    """The next pass, below the one counted, at which someone may act (0 when nobody can).

    >>> e = creer_combat([{"nom": "Zhang", "intelligence": 13, "dexterite": 13, "fv": 3,
    ...                    "longueur": None, "resultat": "echec"}])
    >>> prochaine_passe_utile(e), prochaine_passe_utile(agir(e, "Zhang", "attaque_rapide"))
    (0, 10)
    """
    return max((c.init for c in etat.combattants if 0 < c.init < etat.passe), default=0)


def aller_a_la_passe(etat: EtatDeCombat, passe: object) -> EtatDeCombat:
    """Count down to ``passe``, a lower pass of this round (an error names the field ``jusqu_a``).

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

    >>> annonce_des_pertes(creer_combat(EXEMPLE_YANG_ET_GUO))
    'À la passe suivante, Yang perd son action de la passe 15 : ce round, plus que des défenses.'
    """
    pertes = actions_perdues(etat)
    return f"À la passe suivante, {' ; '.join(f'{p.nom} {p.quoi}' for p in pertes)}." if pertes else ""


def etat_du_combattant(etat: EtatDeCombat, c: Combattant, *, pv: bool = True) -> str:
    """What to know of ``c`` now, in a few words: PV, guard, spell, riposte, the attack to answer.

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


@dataclass(frozen=True, slots=True)
class Blessure:
    """PV lost by one combatant in one hit, and what follows (B6; 0 PV or less: out of the fight)."""

    nom: str
    degats: int
    pv_avant: int
    pv_apres: int
    grave: bool
    seuil_de_choc: int | None
    hors_de_combat: bool


def blessure(c: Combattant, degats: object) -> Blessure:
    """What one hit of ``degats`` does to ``c`` (PV followed): a serious wound asks a roll under PV x 5.

    >>> yang = replace(creer_combat(EXEMPLE_YANG_ET_GUO).combattants[0], pv_max=14, pv=14)
    >>> b = blessure(yang, 7)
    >>> b.pv_apres, b.grave, b.seuil_de_choc, b.hors_de_combat
    (7, True, 35, False)
    """
    if c.pv is None or c.pv_max is None:
        raise InputError(f"Les PV de {c.nom} ne sont pas suivis : indiquez-les à l'ajout.", champ="degats")
    valeur = entier(degats, "degats", minimum=0)
    apres = c.pv - valeur
    grave = est_une_blessure_grave(c.pv_max, valeur) and valeur > 0
    choc = seuil_de_choc(apres) if grave and apres > 0 else None
    return Blessure(c.nom, valeur, c.pv, apres, grave, choc, apres <= 0)


def blesser(etat: EtatDeCombat, nom: object, degats: object) -> EtatDeCombat:
    """``nom`` loses ``degats`` PV: the new state, with a log line saying what follows.

    >>> e = creer_combat([replace(EXEMPLE_YANG_ET_GUO[0], pv=14), EXEMPLE_YANG_ET_GUO[1]])
    >>> e = blesser(e, "Yang", 7)
    >>> e.combattants[0].pv, e.journal[-1]
    (7, 'Passe 15 : Yang perd 7 PV (14 → 7) — blessure grave : jet sous PV × 5 (35 %) pour rester debout.')
    """
    c = _trouver(etat, nom)
    b = blessure(c, degats)
    ligne = f"Passe {etat.passe} : {c.nom} perd {b.degats} PV ({b.pv_avant} → {b.pv_apres})"
    if b.hors_de_combat:
        ligne += " — hors de combat"
    elif b.seuil_de_choc is not None:
        ligne += f" — blessure grave : jet sous PV × 5 ({b.seuil_de_choc} %) pour rester debout"
    combattants = tuple(replace(x, pv=b.pv_apres) if x.nom == c.nom else x for x in etat.combattants)
    return replace(etat, combattants=combattants, journal=(*etat.journal, ligne + "."))


def coup_porte(etat: EtatDeCombat) -> CoupPorte:
    """The hit whose damage may be rolled now, or a French error saying there is none."""
    if etat.coup is None:
        raise InputError("Aucun coup porté dont lancer les dégâts : une attaque doit d'abord réussir.")
    return etat.coup


def lancer_degats(
    etat: EtatDeCombat,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
    rng: random.Random,
) -> tuple[EtatDeCombat, Coup, Distribution[int]]:
    """Roll the damage of the hit just landed (:attr:`EtatDeCombat.coup`), as the text says (B1): the
    weapon's dice (doubled on a critical) plus the damage bonus, less the target's armour (ignored by a
    critical of a cutting or impaling weapon); the target loses them as with :func:`blesser`.

    Returns the new state (the hit rolled: no more attack to answer), the hit and the law of its damage.

    >>> e = creer_combat([replace(EXEMPLE_YANG_ET_GUO[0], pv=14), replace(EXEMPLE_YANG_ET_GUO[1], pv=13)])
    >>> e = replace(e, coup=CoupPorte("Yang", "Guo", "critique"))
    >>> e, coup, loi = lancer_degats(e, "1d8+1", "1d3", 2, True, random.Random(3))
    >>> coup.des_arme, coup.des_bonus, coup.degats, e.combattants[1].pv, e.coup
    ((4,), (3,), 13, 0, None)
    >>> e.journal[-2].split(" — ")[1]
    'arme 1d8+1 (4) = 5 × 2 (critique) + bonus 1d3 (3) = 3, armure 2 ignorée : 13 PV.'
    >>> e.journal[-1]
    'Passe 15 : Guo perd 13 PV (13 → 0) — hors de combat.'
    """
    porte = coup_porte(etat)
    if arme is None:
        quoi = f"« Dégâts de l'arme » de {porte.attaquant} n'est pas indiqué"
        raise InputError(f"{quoi} : tapez les dégâts, puis « Blesser ».", champ="arme")
    attaque = {"normale": Resultat.REUSSITE, "critique": Resultat.REUSSITE_CRITIQUE}[porte.issue]
    regles = (arme, bonus, armure, tranchante_ou_empalante)
    coup = lancer_coup(attaque, None, *regles, rng, True)
    loi = distribution_degats(attaque, None, *regles)
    des = {
        q: " ".join(map(str, d)) or "aucun dé"
        for q, d in (("arme", coup.des_arme), ("bonus", coup.des_bonus))
    }
    armure = f", armure {coup.armure} ignorée" if coup.armure_ignoree else f" − {coup.armure} d'armure"
    texte_arme = f"arme {coup.arme} ({des['arme']}) = {coup.total_arme}"
    texte_arme += " × 2 (critique)" * (coup.issue == "critique")
    bonus = f"bonus {coup.bonus} ({des['bonus']}) = {coup.total_bonus}" + (armure if coup.armure else "")
    qui = f"Passe {etat.passe} : dégâts de {porte.attaquant} sur {porte.cible}"
    ligne = f"{qui} — {texte_arme} + {bonus} : {coup.degats} PV."
    lance = replace(etat, attaque_en_cours=None, coup=None, journal=(*etat.journal, ligne))
    return blesser(lance, porte.cible, coup.degats), coup, loi


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

    A parry or dodge from guard needs no Init (the guard is paid already); a
    counter-attack from guard costs a quick attack and needs the Init for it.
    """
    raison = _refus_du_moment(etat, c, action) or _refus_de_l_etat(c, action)
    if raison is not None or (ACTIONS[action].depuis_la_garde and cout == 0):
        return raison
    if c.init <= 0:
        return f"{c.nom} n'a plus d'Init ({c.init}) : plus d'action pour {c.nom} ce round."
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


def cible_de_l_attaque(etat: EtatDeCombat, nom: object, action: object, cible: str | None) -> str | None:
    """Whom an attack of ``nom`` aims at: ``cible`` when named, else the only opponent (None: none).

    A reaction has no target of its own; with several opponents the target must be named.

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


# -- État en JSON : plain dicts for the page ---------------------------------------------------------


def etat_en_dict(etat: EtatDeCombat) -> dict[str, object]:
    """The state as plain JSON data (lists, dicts, str, int, bool, None).

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


def _entier_ou_rien(valeur: object, champ: str, minimum: int | None = None) -> int | None:
    return None if valeur is None else entier(valeur, champ, minimum=minimum)


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
        en_garde=_booleen(d["en_garde"], "en_garde"),
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


# -- 5) Exemple : le duel de Yang et Guo, pas à pas (B9) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Etape:
    """One action of a worked example: at which pass, who, what (and on whom, with which result)."""

    passe: int
    nom: str
    action: str
    cible: str | None = None
    resultat: str | None = None


EXEMPLE_YANG_ET_GUO: tuple[Participant, ...] = (
    Participant("Yang", "Yang", 12, 12, 3, "moyenne", Resultat.REUSSITE, "init", 3),
    Participant("Guo", "Guo", 11, 11, 3, "moyenne", Resultat.REUSSITE, "init", 2),
)
"""Lines 117-118: Init 12 and 11, swords (FV 3), both succeed and take +1d6: 3 and 2."""

ETAPES_YANG_ET_GUO: tuple[Etape, ...] = (
    Etape(15, "Yang", "se_mettre_en_garde"),
    Etape(13, "Guo", "attaque_rapide", "Yang", "reussite"),
    Etape(13, "Yang", "parade_en_garde", resultat="reussite"),
    Etape(12, "Yang", "attaque_normale", "Guo"),
    Etape(12, "Guo", "parade_rapide"),
    Etape(8, "Guo", "attaque_rapide", "Yang"),
    Etape(6, "Yang", "attaque_rapide", "Guo"),
    Etape(6, "Guo", "parade_rapide"),
)
"""Lines 119-123, one action a step; Yang's parry at 13 is made from his guard."""


def jouer_etape(etat: EtatDeCombat, etape: Etape) -> EtatDeCombat:
    """Count the passes down to the step's pass, then take its action.

    >>> etat = creer_combat(EXEMPLE_YANG_ET_GUO)
    >>> for etape in ETAPES_YANG_ET_GUO:
    ...     etat = jouer_etape(etat, etape)
    >>> etat.passe, [c.init for c in etat.combattants]
    (6, [0, 0])
    """
    if etape.passe > etat.passe:
        raise InputError(
            f"La passe {etape.passe} est déjà passée (passe actuelle : {etat.passe}).", champ="passe"
        )
    while etat.passe > etape.passe:
        etat = passe_suivante(etat)
    return agir(etat, etape.nom, etape.action, cible=etape.cible, resultat=etape.resultat)
