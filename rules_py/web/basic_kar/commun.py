"""What the BaSIC — KAR tools share: the system's tools' decorator (``_outil``), the campaign modes,
the results in the KAR rules' words, the d100 fields and the blocks of a roll."""

from __future__ import annotations

import random
from dataclasses import fields
from fractions import Fraction
from typing import Any

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat, lire_jet
from rules_py.outils.champs import Champ
from rules_py.outils.registre import outils_du_systeme
from rules_py.systemes import BASIC_KAR
from rules_py.web import affichage as af
from rules_py.web.commun import de_100, note_de_lecture

__all__ = ["LIBELLES_RESULTATS", "MODES", "SYSTEME"]

SYSTEME = "kar"

MODES: tuple[tuple[str, str], ...] = (("realiste", "Réaliste"), ("heroique", "Héroïque ou fantastique"))
"""The two campaign modes (B1), with the labels a reader sees."""

LIBELLES_RESULTATS: dict[str, str] = {
    Resultat.REUSSITE_CRITIQUE.value: "réussite critique",
    Resultat.REUSSITE.value: "réussite",
    Resultat.ECHEC.value: "échec",
    Resultat.ECHEC_CRITIQUE.value: "maladresse",
}
"""The four results in the words of the KAR rules (the critical failure is the *maladresse*)."""

AIDE_JET = "Laissez vide pour lancer ; « 00 » vaut 100."
AIDE_KAR = "Sert en campagne fantastique ou héroïque, pour le jet sous le KAR."
AIDE_JET_KAR = "Après un 96 à 100 en campagne fantastique ou héroïque ; vide : lancé."
RETENTER, ANNONCER = "Retenter au round suivant", "Annoncer n points"
"""The labels of the second buttons of two tools, which their help texts name."""
AIDE_REPRISE = f"Pour « {RETENTER} » ; vide : lancé."
AIDE_CONTRE = "Avant division : la contre-attaque se fait à la moitié, arrondie au supérieur."
AIDE_POINTS = f"Pour « {ANNONCER} » ; n ne dépasse pas l’écart entre KAR initial et actuel."


def _jet(libelle: str = "Jet de 1d100 (facultatif)", aide: str = AIDE_JET, groupe: str = "") -> Champ:
    """A d100 read on the table (« 00 » is 100), emptied after each result: the next action rolls."""
    return Champ(libelle, minimum=1, maximum=100, lu=True, lecteur=lire_jet, aide=aide, groupe=groupe)


def _mode(groupe: str = "") -> Champ:
    return Champ("Campagne", choix=MODES, groupe=groupe)


def _kar(libelle: str = "KAR", groupe: str = "", camp: str = "") -> Champ:
    return Champ(libelle, minimum=0, aide=AIDE_KAR, groupe=groupe, camp=camp)


def _suite_sous_le_kar(
    score: int, jet: int, mode: str, kar: int, jet_kar: int | None, rng: random.Random
) -> bk.JetDeKar | None:
    """After 96-100 in a heroic campaign, the roll under the KAR the text requires (001: « le personnage
    doit rouler sous son KAR ») — test-kar's own test; None when none is due."""
    if not bk.demande_un_jet_de_kar(jet, mode):
        return None
    return bk.lancer_test(score, mode, rng, kar, jet, jet_kar).kar


def _blocs_du_kar(qui: str, score: int, suite: bk.JetDeKar | None, lu: bool) -> list[af.Bloc]:
    """The blocks of one side's roll under the KAR, its name first; nothing when none was due."""
    if suite is None:
        return []
    blocs = _blocs_kar(suite, bk.probabilite_perte_de_kar(score, suite.kar), lu)
    blocs[0] = af.texte(f"{qui} : {blocs[0]['texte'][0].lower()}{blocs[0]['texte'][1:]}", "resultat")
    return blocs


def _plage(debut: int, fin: int) -> str:
    """A range of d100 results ("01 à 03"), or a dash when it is empty.

    >>> _plage(1, 3), _plage(4, 3), _plage(7, 7)
    ('01 à 03', '—', '07')
    """
    if fin < debut:
        return "—"
    if fin == debut:
        return de_100(debut)
    return f"{de_100(debut)} à {de_100(fin)}"


def _resultat(valeur: Resultat | str) -> str:
    return LIBELLES_RESULTATS[Resultat(valeur).value]


def _champs(resultat: Any) -> dict[str, Any]:
    """A dataclass's fields by name (the engine's answer as the JSON's keys)."""
    return {f.name: getattr(resultat, f.name) for f in fields(resultat)}


def _reponse(
    resultat: Any, blocs: list[af.Bloc], lu: bool = False, quoi: str = "le jet lu", **autres: Any
) -> dict[str, Any]:
    """The answer: the engine's result (its fields), ``autres``, the blocks and the note on dice read."""
    if lu:
        blocs.append(note_de_lecture(quoi))
    return {"systeme": SYSTEME, **_champs(resultat), **autres, "affichage": blocs}


def _blocs_kar(suite: bk.JetDeKar, perte: Fraction, lu: bool) -> list[af.Bloc]:
    issue = f"réussi : le KAR reste à {suite.kar}." if suite.reussi else "raté : le KAR passe"
    issue += "" if suite.reussi else f" de {suite.kar} à {suite.kar_apres}."
    garder = af.pourcentage(bk.probabilite_de_garder_le_kar(suite.kar))
    chances = [
        ("Chances de réussir le jet sous le KAR", garder),
        ("Chances qu’un test fasse perdre du KAR", af.pourcentage(perte)),
    ]
    blocs = [*_jet_d100(f"Jet sous le KAR ({suite.kar}) : {de_100(suite.jet)} — {issue}", suite.jet)]
    return [*blocs, af.valeurs(chances), *([note_de_lecture("le jet sous le KAR lu")] if lu else [])]


def _jet_d100(texte: str, jet: int) -> list[af.Bloc]:
    """The sentence of a d100 roll, and its die."""
    return [af.texte(texte, "resultat"), af.des([jet], 100)]


def _oui_non(probabilite: Fraction, legende: str, oui: str, non: str, surligne: bool) -> af.Bloc:
    return af.barres(
        {True: probabilite, False: 1 - probabilite},
        legende=legende,
        etiquette=lambda x: oui if x else non,
        surligne=surligne,
    )


_outil = outils_du_systeme(BASIC_KAR)
