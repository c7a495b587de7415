"""The character sheets: one per system, each a declaration like a tool's inputs.

A sheet is a frozen dataclass whose fields carry a :class:`~rules_py.outils.champs.Champ`,
like a tool's inputs: the same declaration draws the form, checks a sheet typed in
the page, stored on the device or read from a file (:func:`~rules_py.outils.champs.lire`, the
French message names the field), and writes it back as plain JSON texts
(:func:`~rules_py.outils.champs.ecrire`). The keys of a sheet are the keys the tools use for the
same thing (``for``, ``tai``, ``kar``, ``hargne`` …), so that a tool is filled from a character
by matching keys (checked when a tool registers, :mod:`rules_py.outils.registre`). Each sheet
belongs to its system's record (:mod:`rules_py.systemes`); :mod:`rules_py.personnages` stores them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py import el_toto
from rules_py.combat_heroique.initiative import init_de_base
from rules_py.dice import parse
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ, ecrire

__all__ = [
    "ArmeDeFiche",
    "ArmeKar",
    "CompetenceActions",
    "Fiche",
    "FicheActions",
    "FicheBasic",
    "FicheElToto",
    "FicheKar",
    "Ligne",
    "competences",
    "lire_armes",
    "lire_armes_kar",
    "lire_competences",
    "lire_competences_actions",
    "listes",
    "valeurs",
    "verifier_nom",
]

VALEUR_MAX = 999
"""The highest score a sheet accepts (a skill may pass 100; nothing on a sheet reaches 1 000)."""

# == Lists written one per line ================================================================

LIGNES_MAX = 80
_SEPARATEUR = re.compile(r"\s*:\s*")


def _lignes(texte: object, libelle: str) -> list[tuple[int, list[str]]]:
    """The non-empty lines of a zone, cut at each colon, with their number."""
    if not isinstance(texte, str):
        raise InputError(f"« {libelle} » doit être un texte.")
    lignes = [(n, ligne.strip()) for n, ligne in enumerate(texte.splitlines(), 1) if ligne.strip()]
    if len(lignes) > LIGNES_MAX:
        raise InputError(f"« {libelle} » : au plus {LIGNES_MAX} lignes.")
    return [(n, _SEPARATEUR.split(ligne)) for n, ligne in lignes]


def _score_de_ligne(morceau: str, libelle: str, numero: int) -> int:
    """A score of a line (the ``%`` may follow it)."""
    morceau = morceau.removesuffix("%").strip()
    if not (morceau.isascii() and morceau.isdigit()) or int(morceau) > VALEUR_MAX:
        raise InputError(
            f"« {libelle} », ligne {numero} : « {morceau[:12]} » n'est pas un score "
            f"(un entier de 0 à {VALEUR_MAX})."
        )
    return int(morceau)


def _degats_de_ligne(morceau: str, libelle: str, numero: int) -> str:
    """A weapon's damage on a line, as a dice expression the engine reads (« 1d8+1 »)."""
    try:
        return str(parse(morceau))
    except RulesError as erreur:
        raise InputError(f"« {libelle} », ligne {numero} : {erreur.message}") from None


def _nom_de_ligne(morceau: str, libelle: str, numero: int) -> str:
    if not morceau or len(morceau) > 60:
        raise InputError(f"« {libelle} », ligne {numero} : le nom manque ou dépasse 60 caractères.")
    return morceau


def lire_competences(texte: object, libelle: str = "Compétences") -> tuple[tuple[str, int], ...]:
    """Skills written one per line, ``Nom : valeur`` (the ``%`` may follow the value).

    >>> lire_competences("Perception : 45\\nÉpée : 60 %")
    (('Perception', 45), ('Épée', 60))
    >>> lire_competences("Perception 45", "C")
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « C », ligne 1 : écrivez « Nom : valeur », par exemple « Perception : 45 ».
    """
    resultat = []
    for numero, morceaux in _lignes(texte, libelle):
        if len(morceaux) != 2:
            raise InputError(
                f"« {libelle} », ligne {numero} : écrivez « Nom : valeur », par exemple « Perception : 45 »."
            )
        nom = _nom_de_ligne(morceaux[0], libelle, numero)
        resultat.append((nom, _score_de_ligne(morceaux[1], libelle, numero)))
    return tuple(resultat)


@dataclass(frozen=True, slots=True)
class ArmeDeFiche:
    """A weapon on a Basic maison sheet: its damage and the two values of its skill (ATT and PAR)."""

    nom: str
    degats: str
    att: int
    par: int


def lire_armes(texte: object, libelle: str = "Armes") -> tuple[ArmeDeFiche, ...]:
    """Weapons one per line, ``Nom : dégâts : ATT : PAR`` (a weapon skill has both values).

    >>> lire_armes("Épée/Rapière : 1d6+2 : 55 : 40")
    (ArmeDeFiche(nom='Épée/Rapière', degats='1d6+2', att=55, par=40),)
    """
    resultat = []
    for numero, morceaux in _lignes(texte, libelle):
        if len(morceaux) != 4:
            raise InputError(
                f"« {libelle} », ligne {numero} : écrivez « Nom : dégâts : ATT : PAR », "
                "par exemple « Épée/Rapière : 1d6+2 : 55 : 40 »."
            )
        nom = _nom_de_ligne(morceaux[0], libelle, numero)
        degats = _degats_de_ligne(morceaux[1], libelle, numero)
        att, par = (_score_de_ligne(m, libelle, numero) for m in morceaux[2:])
        resultat.append(ArmeDeFiche(nom, degats, att, par))
    return tuple(resultat)


@dataclass(frozen=True, slots=True)
class ArmeKar:
    """A weapon on a BaSIC — KAR sheet, as the text puts it beside the weapon's name (001, 4.3, 3):
    its speed factor (FV), the score of its attack skill and its damage."""

    nom: str
    fv: int
    attaque: int
    degats: str


FV_MAX = 99
"""The highest speed factor a sheet accepts (the text: usually 2 to 5; a firearm's depends on it)."""


def lire_armes_kar(texte: object, libelle: str = "Armes") -> tuple[ArmeKar, ...]:
    """Weapons one per line, ``Nom : FV : attaque : dommages`` (the order of the text, 001).

    >>> lire_armes_kar("Épée : 3 : 65 % : 1d8+1")
    (ArmeKar(nom='Épée', fv=3, attaque=65, degats='1d8+1'),)
    >>> lire_armes_kar("Dague : 0 : 40 : 1d4+2", "A")
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « A », ligne 1 : le FV « 0 » doit être un entier de 1 à 99.
    """
    resultat = []
    for numero, morceaux in _lignes(texte, libelle):
        if len(morceaux) != 4:
            raise InputError(
                f"« {libelle} », ligne {numero} : écrivez « Nom : FV : attaque : dommages », "
                "par exemple « Épée : 3 : 65 : 1d8+1 »."
            )
        nom = _nom_de_ligne(morceaux[0], libelle, numero)
        fv = morceaux[1]
        if not (fv.isascii() and fv.isdigit()) or not 1 <= int(fv) <= FV_MAX:
            raise InputError(
                f"« {libelle} », ligne {numero} : le FV « {fv[:12]} » doit être un entier de 1 à {FV_MAX}."
            )
        attaque = _score_de_ligne(morceaux[2], libelle, numero)
        degats = _degats_de_ligne(morceaux[3], libelle, numero)
        resultat.append(ArmeKar(nom, int(fv), attaque, degats))
    return tuple(resultat)


@dataclass(frozen=True, slots=True)
class CompetenceActions:
    """A skill on an Actions d100 sheet: its score and whether a point was spent in it (004: only then
    is a 1 a critical success)."""

    nom: str
    score: int
    points: bool


_OUI, _NON = frozenset({"oui", "o"}), frozenset({"non", "n", "aucun", "aucun point"})


def lire_competences_actions(texte: object, libelle: str = "Compétences") -> tuple[CompetenceActions, ...]:
    """Skills one per line, ``Nom : valeur``, or ``Nom : valeur : non`` when no point was spent in it.

    A line without the mark is a skill with points spent (the sheets written before the mark existed
    read so, as the test assumed them).

    >>> lues = lire_competences_actions("Crochetage : 60\\nDiscrétion : 20 : non")
    >>> [(c.nom, c.score, c.points) for c in lues]
    [('Crochetage', 60, True), ('Discrétion', 20, False)]
    """
    resultat = []
    for numero, morceaux in _lignes(texte, libelle):
        if len(morceaux) not in (2, 3):
            raise InputError(
                f"« {libelle} », ligne {numero} : écrivez « Nom : valeur », ou « Nom : valeur : non » "
                "si aucun point n'est dépensé dans la compétence."
            )
        nom = _nom_de_ligne(morceaux[0], libelle, numero)
        score = _score_de_ligne(morceaux[1], libelle, numero)
        marque = morceaux[2].casefold() if len(morceaux) == 3 else "oui"
        if marque not in _OUI | _NON:
            raise InputError(
                f"« {libelle} », ligne {numero} : après la valeur, écrivez « oui » (au moins un point "
                f"dépensé) ou « non » (reçu : « {morceaux[2][:12]} »)."
            )
        resultat.append(CompetenceActions(nom, score, marque in _OUI))
    return tuple(resultat)


Ligne = tuple[str, int, dict[str, Any], str]
"""A line « Remplir depuis » offers for a tool's skill field: its name, its score, the other values it
fills by key (a weapon's FV and damage, a skill's points spent), and its label in the list."""


def _lignes_de_scores(scores: list[tuple[str, int]], unite: str = " %") -> list[Ligne]:
    return [(nom, valeur, {}, f"{nom} ({valeur}{unite})") for nom, valeur in scores]


def _zone_verifiee(lecteur: Callable[[object, str], object]) -> Callable[[object, str], str]:
    """A reader that checks the zone with ``lecteur`` and keeps the text as typed (exact round trip)."""

    def lire_zone(valeur: object, libelle: str) -> str:
        lecteur(valeur, libelle)
        assert isinstance(valeur, str)
        return valeur

    return lire_zone


def _nom() -> Champ:
    return Champ("Nom", cle="nom", lecteur=_texte_court, aide="Le nom du personnage (obligatoire).")


def verifier_nom(fiche: Any) -> None:
    """A character has a name (the blank sheet's form starts without one)."""
    if not fiche.nom.strip():
        erreur = InputError("« Nom » est vide : entrez le nom du personnage.")
        erreur.champ = "nom"
        raise erreur


def _texte_court(valeur: object, libelle: str) -> str:
    if not isinstance(valeur, str):
        raise InputError(f"« {libelle} » doit être un texte.")
    if len(valeur) > 80:
        raise InputError(f"« {libelle} » est trop long (au plus 80 caractères).")
    return valeur


def _score(libelle: str, cle: str, groupe: str, aide: str = "") -> Champ:
    return Champ(libelle, cle=cle, minimum=0, maximum=VALEUR_MAX, groupe=groupe, aide=aide)


COMPETENCES_AIDE = "Une par ligne : « Nom : valeur », par exemple « Perception : 45 »."
_COMPETENCES = _zone_verifiee(lire_competences)
_ARMES = _zone_verifiee(lire_armes)
_ARMES_KAR = _zone_verifiee(lire_armes_kar)
_COMPETENCES_ACTIONS = _zone_verifiee(lire_competences_actions)

# == The four sheets ===========================================================================

CARACTERISTIQUES = "Caractéristiques"
IDENTITE = "Identité"
COMBAT = "Combat"


@dataclass(frozen=True, slots=True)
class FicheBasic:
    """A Basic maison character: culture, profession, the seven characteristics, skills, weapons, armour."""

    nom: Annotated[str, _nom()] = ""
    culture: Annotated[
        str, Champ("Culture", choix=tuple((c.nom, c.nom) for c in bm.CULTURES), groupe=IDENTITE)
    ] = bm.CULTURES[0].nom
    profession: Annotated[str, Champ("Profession", lecteur=_texte_court, groupe=IDENTITE)] = ""
    force: Annotated[int, _score("FOR (Force)", "for", CARACTERISTIQUES)] = 12
    constitution: Annotated[int, _score("CON (Constitution)", "con", CARACTERISTIQUES)] = 13
    taille: Annotated[int, _score("TAI (Taille)", "tai", CARACTERISTIQUES)] = 11
    dexterite: Annotated[int, _score("DEX (Dextérité)", "dex", CARACTERISTIQUES)] = 14
    intelligence: Annotated[int, _score("INT (Intelligence)", "int", CARACTERISTIQUES)] = 15
    pouvoir: Annotated[int, _score("POU (Pouvoir)", "pou", CARACTERISTIQUES)] = 10
    charisme: Annotated[int, _score("CHA (Charisme)", "cha", CARACTERISTIQUES)] = 9
    scores: Annotated[
        str,
        Champ("Compétences", zone=True, aide=COMPETENCES_AIDE, lecteur=_COMPETENCES, groupe="Compétences"),
    ] = ""
    armes: Annotated[
        str,
        Champ(
            "Armes",
            zone=True,
            groupe=COMBAT,
            aide=(
                "Une par ligne : « Nom : dégâts : ATT : PAR », par exemple "
                "« Épée/Rapière : 1d6+2 : 55 : 40 »."
            ),
            lecteur=_ARMES,
        ),
    ] = ""
    armure: Annotated[str, Champ("Armure portée", lecteur=_texte_court, groupe=COMBAT)] = ""
    pa: Annotated[int, _score("PA de l'armure", "pa", COMBAT)] = 0

    def caracteristiques(self) -> dict[str, int]:
        return {
            "FOR": self.force,
            "CON": self.constitution,
            "TAI": self.taille,
            "DEX": self.dexterite,
            "INT": self.intelligence,
            "POU": self.pouvoir,
            "CHA": self.charisme,
        }

    def derives(self) -> dict[str, Any]:
        """The attributes the engine computes: PV, PM, damage modifier, healing rate (A1, A2, A8)."""
        attributs = bm.attributs(self.caracteristiques())
        modificateur = attributs.modificateur_de_degats
        return {
            "pv": attributs.points_de_vie,
            "pv_max": attributs.points_de_vie,
            "pm": attributs.points_de_magie,
            "for_tai": modificateur.somme,
            "modificateur_de_degats": "hors table" if modificateur.hors_table else modificateur.modificateur,
            "vitesse_de_guerison": attributs.vitesse_de_guerison,
        }

    def competences(self) -> list[tuple[str, int]]:
        """Skills, then each weapon's ATT and PAR (a weapon skill has the two values)."""
        liste = list(lire_competences(self.scores))
        for arme in lire_armes(self.armes):
            liste += [(f"{arme.nom} (ATT)", arme.att), (f"{arme.nom} (PAR)", arme.par)]
        return liste

    def listes(self) -> dict[str, tuple[str, list[Ligne]]]:
        """What « Remplir depuis » offers a tool's skill field (by the field's key): the skills."""
        return {"competence": ("Compétence", _lignes_de_scores(self.competences()))}


@dataclass(frozen=True, slots=True)
class FicheKar:
    """A BaSIC — KAR character: the characteristics the rules use, KAR, PV and PE, skills."""

    nom: Annotated[str, _nom()] = ""
    constitution: Annotated[int, _score("CON (Constitution)", "CON", CARACTERISTIQUES)] = 12
    intelligence: Annotated[int, _score("INT (Intelligence)", "INT", CARACTERISTIQUES)] = 12
    dexterite: Annotated[int, _score("DEX (Dextérité)", "DEX", CARACTERISTIQUES)] = 12
    pouvoir: Annotated[int, _score("POU (Pouvoir)", "POU", CARACTERISTIQUES)] = 12
    kar: Annotated[int, Champ("KAR actuel (%)", minimum=0, maximum=100, groupe="KAR")] = 60
    kar_initial: Annotated[int, Champ("KAR initial (%)", minimum=0, maximum=100, groupe="KAR")] = 60
    pv_initiaux: Annotated[int, _score("PV initiaux", "pv_initiaux", "Points")] = 12
    pe_initiaux: Annotated[int, _score("PE initiaux", "pe_initiaux", "Points")] = 12
    scores: Annotated[
        str,
        Champ("Compétences", zone=True, aide=COMPETENCES_AIDE, lecteur=_COMPETENCES, groupe="Compétences"),
    ] = ""
    armes: Annotated[
        str,
        Champ(
            "Armes",
            zone=True,
            groupe=COMBAT,
            aide=(
                "Une par ligne : « Nom : FV : attaque : dommages », par exemple « Épée : 3 : 65 : 1d8+1 » "
                "(le facteur de vitesse, le score de la compétence d'attaque, les dommages)."
            ),
            lecteur=_ARMES_KAR,
        ),
    ] = ""
    compteur_init: Annotated[
        int,
        _score(
            "Compteur d'Init",
            "compteur_init",
            COMBAT,
            "Le pion du compteur d'Init : il part de l'Init et descend avec chaque action du round.",
        ),
    ] = 0

    def derives(self) -> dict[str, Any]:
        """PV, and the Init: (INT + DEX) / 2 rounded up (B8)."""
        init = init_de_base(self.intelligence, self.dexterite)
        return {"pv": self.pv_initiaux, "pv_max": self.pv_initiaux, "init": init}

    def competences(self) -> list[tuple[str, int]]:
        return list(lire_competences(self.scores))

    def listes(self) -> dict[str, tuple[str, list[Ligne]]]:
        """The skills, then each weapon: its attack score, with its FV and damage for the tools."""
        lignes = _lignes_de_scores(self.competences())
        for arme in lire_armes_kar(self.armes):
            libelle = f"{arme.nom} : attaque {arme.attaque} %, FV {arme.fv}, dommages {arme.degats}"
            lignes.append(
                (f"{arme.nom} (attaque)", arme.attaque, {"fv": arme.fv, "arme": arme.degats}, libelle)
            )
        return {"competence": ("Compétence", lignes)}


@dataclass(frozen=True, slots=True)
class FicheElToto:
    """An El Toto character: its scores; PV (Vie), Énergie and PdC computed by the engine."""

    nom: Annotated[str, _nom()] = ""
    force: Annotated[int, _score("Force", "force", CARACTERISTIQUES)] = 2
    agilite: Annotated[int, _score("Agilité", "agilite", CARACTERISTIQUES)] = 2
    resistance: Annotated[int, _score("Résistance", "resistance", CARACTERISTIQUES)] = 2
    hargne: Annotated[int, _score("Hargne", "hargne", CARACTERISTIQUES)] = 2
    trempe: Annotated[int, _score("Trempe", "trempe", CARACTERISTIQUES)] = 2
    survie: Annotated[int, _score("Survie", "survie", CARACTERISTIQUES)] = 2
    arts_martiaux: Annotated[int, _score("Arts martiaux", "arts_martiaux", COMBAT)] = 1
    competence_arme: Annotated[
        int,
        _score(
            "Compétence de l'arme", "competence_arme", COMBAT, "Le PdC vaut Arts martiaux + cette compétence."
        ),
    ] = 1
    bonus_arme: Annotated[
        int,
        Champ(
            "Bonus de l'arme",
            cle="bonus_arme",
            minimum=-el_toto.MAX_MODIFICATEUR,
            maximum=el_toto.MAX_MODIFICATEUR,
            groupe=COMBAT,
        ),
    ] = 0
    bouclier: Annotated[
        int,
        Champ(
            "Bonus de bouclier",
            cle="bouclier",
            minimum=0,
            maximum=el_toto.MAX_DES,
            groupe=COMBAT,
            aide="En dés : le combat rapide lance le PdC + le bonus de bouclier.",
        ),
    ] = 0
    protection: Annotated[int, _score("Protection", "protection", COMBAT)] = 0
    scores: Annotated[
        str,
        Champ(
            "Compétences",
            zone=True,
            aide="Une par ligne : « Nom : valeur », par exemple « Esquiver : 2 ».",
            lecteur=_COMPETENCES,
        ),
    ] = ""

    def derives(self) -> dict[str, Any]:
        """Vie (C3), Énergie (C2), the PdC, and the dice of the roll of Résistance + Protection (C4).

        The Énergie is also ``reste``, the points left before a roll in the pool tool
        (its ``energie`` is the points spent on that roll: not the sheet's).
        """
        vie = el_toto.points_de_vie(self.resistance, self.hargne)
        energie = el_toto.points_d_energie(self.hargne, self.trempe, self.survie)
        return {
            "vie": vie,
            "points_d_energie": energie,
            "reste": energie,
            "pdc": el_toto.potentiel_de_combat(self.arts_martiaux, self.competence_arme),
            "resistance_protection": self.resistance + self.protection,
        }

    def competences(self) -> list[tuple[str, int]]:
        return list(lire_competences(self.scores))

    def listes(self) -> dict[str, tuple[str, list[Ligne]]]:
        return {"competence": ("Compétence", _lignes_de_scores(self.competences(), ""))}


@dataclass(frozen=True, slots=True)
class FicheActions:
    """An Actions d100 character: its characteristics, its skills (in %) and where points were spent."""

    nom: Annotated[str, _nom()] = ""
    caracteristiques: Annotated[
        str,
        Champ(
            CARACTERISTIQUES,
            zone=True,
            aide="Une par ligne : « Nom : valeur », par exemple « Force : 12 ».",
            lecteur=_COMPETENCES,
        ),
    ] = ""
    scores: Annotated[
        str,
        Champ(
            "Compétences",
            zone=True,
            aide=(
                "Une par ligne : « Nom : valeur », par exemple « Crochetage : 60 » ; terminez la ligne "
                "par « non » si aucun point n'est dépensé dans la compétence (« Discrétion : 20 : non »)."
            ),
            lecteur=_COMPETENCES_ACTIONS,
        ),
    ] = ""

    def derives(self) -> dict[str, Any]:
        return {}

    def competences(self) -> list[tuple[str, int]]:
        return [(c.nom, c.score) for c in lire_competences_actions(self.scores)]

    def listes(self) -> dict[str, tuple[str, list[Ligne]]]:
        """The skills, each with its points-spent mark (the test's ``points``); the characteristics."""
        lignes: list[Ligne] = []
        for c in lire_competences_actions(self.scores):
            libelle = f"{c.nom} ({c.score} %{'' if c.points else ', aucun point dépensé'})"
            lignes.append((c.nom, c.score, {"points": c.points}, libelle))
        caracteristiques = _lignes_de_scores(list(lire_competences(self.caracteristiques)), "")
        return {
            "competence": ("Compétence", lignes),
            "caracteristique": ("Caractéristique", caracteristiques),
        }


Fiche = FicheBasic | FicheKar | FicheElToto | FicheActions


def valeurs(fiche: Fiche) -> dict[str, Any]:
    """Everything a tool may take from the character, by key: the sheet's fields, then the computed ones.

    >>> v = valeurs(FicheBasic(nom="Ruan", force=14, taille=16, constitution=13))
    >>> v["for"], v["tai"], v["pv"], v["for_tai"], v["modificateur_de_degats"]
    ('14', '16', 15, 30, '+1d2')
    """
    return {**ecrire(fiche), **fiche.derives()}


def competences(fiche: Fiche) -> list[tuple[str, int]]:
    """The character's skills (and weapon values) as (name, score), in the sheet's order."""
    return fiche.competences()


def listes(fiche: Fiche) -> dict[str, tuple[str, list[Ligne]]]:
    """What « Remplir depuis » offers a tool's field that takes a score of the sheet, by the field's key:
    ``caracteristique`` (a characteristic), else ``competence`` (a skill, a weapon); each with its title."""
    return fiche.listes()
