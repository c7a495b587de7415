"""The tools of the page « Tests »: the d100 test of a skill and the characteristic roll; with the
circumstance field and the d100 answer (thresholds, odds, display) that skill against skill and the
attack reuse."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from rules_py import basic_maison as bm
from rules_py.d100 import Resultat
from rules_py.outils.champs import Champ
from rules_py.validation import entier
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _face, _outil, _plages_texte, jet_lu
from rules_py.web.commun import note_de_lecture, pour_cent, resultats_du_d100, signe

T = TypeVar("T", bound=Hashable)


def _choix_entier(valeur: object, libelle: str) -> int:
    """A choice whose values are numbers (« +10 » is 10), checked against the declared choices."""
    return entier(valeur, libelle)


# == Tests et jets de caractéristique ===========================================

LIBELLES_DES_RESULTATS: Mapping[Resultat, str] = {
    Resultat.REUSSITE_CRITIQUE: "Réussite critique",
    Resultat.REUSSITE: "Réussite",
    Resultat.ECHEC: "Échec",
    Resultat.ECHEC_CRITIQUE: "Maladresse",
}
_NOMS_DES_CIRCONSTANCES = {c.modificateur: c.circonstance for c in bm.TABLE_DE_CIRCONSTANCES}
_CIRCONSTANCES = tuple(
    (str(m), f"{nom} ({signe(m)})") for m, nom in sorted({0: "Aucune", **_NOMS_DES_CIRCONSTANCES}.items())
)


def circonstance(**options: Any) -> Champ:
    """The circumstance modifier, one of the table's (« +10 » is read as 10)."""
    return Champ("Circonstance", choix=_CIRCONSTANCES, lecteur=_choix_entier, **options)


AFFAIBLI = Champ("Très faible", aide="Après une blessure grave : −30\u202f% à tous les jets.")


@dataclass(frozen=True, slots=True)
class EntreesTest:
    """A skill, a circumstance, weakened or not, and the d100 if it was read on the table."""

    score: Annotated[int, Champ("Compétence (%)", minimum=0, competence=True)] = 50
    circonstance: Annotated[int, circonstance()] = 0
    affaibli: Annotated[bool, AFFAIBLI] = False
    jet: Annotated[int | None, jet_lu()] = None


_MULTIPLICATEURS = tuple(
    (str(m), f"× {m}" + {1: " (très difficile)", 3: " (le plus courant)", 5: " (facile)"}.get(m, ""))
    for m in bm.MULTIPLICATEURS
)


@dataclass(frozen=True, slots=True)
class EntreesCaracteristique:
    """A characteristic, its multiplier, weakened or not, and the d100 if it was read on the table."""

    caracteristique: Annotated[int, Champ("Caractéristique", minimum=0)] = 13
    multiplicateur: Annotated[int, Champ("Multiplicateur", choix=_MULTIPLICATEURS, lecteur=_choix_entier)] = (
        bm.MULTIPLICATEUR_PAR_DEFAUT
    )
    affaibli: Annotated[bool, AFFAIBLI] = False
    jet: Annotated[int | None, jet_lu()] = None


def _blocs_du_d100(
    phrase: str,
    jet: int,
    note: str | None,
    libelles: Mapping[T, str],
    plages: Mapping[T, Sequence[tuple[int, int]]],
    probabilites: Mapping[T, Fraction],
    resultat: T,
) -> list[af.Bloc]:
    """A d100 rolled or read: the sentence, the die, a note, the faces of each result and their odds."""
    return [
        af.texte(phrase, "resultat"),
        af.des([jet], 100),
        *([af.texte(note, "note")] if note else []),
        *resultats_du_d100(
            ("Résultat", "Jets du d100"),
            list(libelles),
            lambda r: [libelles[r], _plages_texte(plages.get(r, []))],
            probabilites,
            libelles.__getitem__,
            resultat,
            legende_des_chances="Probabilité de chaque résultat",
        ),
    ]


def _circonstance(modificateur: int) -> str:
    """A circumstance added to a chance: `` −20 (Très difficile)``, nothing for none."""
    return f" {signe(modificateur)} ({_NOMS_DES_CIRCONSTANCES[modificateur]})" if modificateur else ""


def _opposition(active: int, passive: int, circonstance: int) -> str:
    """The chance of an opposition as the text computes it: ``60 − 45 + 50 −20 (Très difficile)``."""
    return f"{active} − {passive} + 50{_circonstance(circonstance)}"


def _notes_de_seuils(seuils: bm.Seuils) -> af.Bloc:
    notes = f"01 à 0{bm.REUSSITE_AUTOMATIQUE} : toujours une réussite ; {bm.ECHEC_AUTOMATIQUE} à 00 : "
    notes += "toujours un échec."
    if seuils.critique <= 0:
        notes += " Score nul ou négatif : aucune réussite critique possible."
    if seuils.maladresse is None:
        notes += f" Score de {pour_cent(100 - bm.ECART_DE_MALADRESSE)} ou plus : plus de maladresse, "
        notes += f"{bm.ECHEC_AUTOMATIQUE}–00 reste un simple échec automatique."
    return af.texte(notes, "note")


def _d100(lu: int | None, rng: random.Random) -> int:
    return rng.randint(1, 100) if lu is None else lu


def _reponse_de_test(
    entete: dict[str, Any],
    calcul: str | None,
    seuils: bm.Seuils,
    affaibli: bool,
    lu: int | None,
    rng: random.Random,
) -> dict[str, Any]:
    """A d100 rolled (or read) under ``seuils`` (A3: 01-03 succeed even under a chance of 0 or
    below), its thresholds, odds and display."""
    jet = _d100(lu, rng)
    resultat = bm.resultat_sous(seuils, jet)
    plages = bm.plages_du_d100(lambda face: bm.resultat_sous(seuils, face))
    probabilites = bm.probabilites_sous(seuils)
    phrase = (
        f"Jet {_face(jet)} contre {pour_cent(seuils.score)} : {LIBELLES_DES_RESULTATS[resultat].lower()}."
    )
    note = f"{calcul} = {pour_cent(seuils.score)}." if calcul else None
    blocs = _blocs_du_d100(phrase, jet, note, LIBELLES_DES_RESULTATS, plages, probabilites, resultat)
    blocs.append(_notes_de_seuils(seuils))
    if lu is not None:
        blocs.append(note_de_lecture())
    return {
        "systeme": "basic",
        **entete,
        "affaibli": affaibli,
        "score_effectif": seuils.score,
        "jet": jet,
        "des_lus": lu is not None,
        "resultat": resultat,
        "reussi": resultat.reussi,
        "seuil_critique": max(0, seuils.critique),
        "seuil_maladresse": seuils.maladresse,
        "plages": {r: plages.get(r, []) for r in Resultat},
        "probabilites": probabilites,
        "tires": {"jet": jet},
        "affichage": blocs,
    }


def _affaibli(texte: str, affaibli: bool) -> str:
    return texte + (f" {af.nombre(bm.MALUS_AFFAIBLI)} (très faible)" if affaibli else "")


@_outil(
    "test-basic",
    "Test de compétence",
    "Résout un test de compétence à 1d100 : seuils, chances exactes, critique et maladresse.",
    "basic.test",
    "Lancer le test",
)
def jet_de_competence(entrees: EntreesTest, rng: random.Random) -> dict[str, Any]:
    """A d100 test (A3): a skill + circumstance (−30 when weakened); rolled or read."""
    modificateur, affaibli = entrees.circonstance, entrees.affaibli
    calcul = _affaibli(f"Compétence {pour_cent(entrees.score)}{_circonstance(modificateur)}", affaibli)
    entete = {"mode": "competence", "score": entrees.score, "circonstance": modificateur}
    calcul_ou_rien = calcul if modificateur or affaibli else None
    seuils = bm.seuils(entrees.score, modificateur, affaibli=affaibli)
    return _reponse_de_test(entete, calcul_ou_rien, seuils, affaibli, entrees.jet, rng)


@_outil(
    "jet-de-caracteristique-basic",
    "Jet de caractéristique",
    "Résout un jet sous caractéristique × multiplicateur (de 1 à 5), comme un test.",
    "basic.jet_de_caracteristique",
    "Lancer le jet",
)
def jet_de_caracteristique(entrees: EntreesCaracteristique, rng: random.Random) -> dict[str, Any]:
    """A characteristic roll: characteristic × multiplier (1..5), resolved like a test (A4)."""
    score = bm.cible_de_caracteristique(entrees.caracteristique, entrees.multiplicateur)
    caracteristique, multiplicateur = entrees.caracteristique, entrees.multiplicateur
    calcul = _affaibli(f"Caractéristique {caracteristique} × {multiplicateur}", entrees.affaibli)
    entete = dict(
        mode="caracteristique", score=score, caracteristique=caracteristique, multiplicateur=multiplicateur
    )
    seuils = bm.seuils(score, affaibli=entrees.affaibli)
    return _reponse_de_test(entete, calcul, seuils, entrees.affaibli, entrees.jet, rng)
