"""The words and blocks El Toto's tools share, the helpers that declare their inputs, and its registrar.

Words (``3 dés``, ``2 réussites``, ``B perd 2 PV``, a wound and its malus), the blocks of an answer
(dice, rolls, exact odds, bar charts, the note on dice read on the table), the engine's errors named
after the form's fields, the fields of a tool (``_champ``, ``_nombre_de_des``, ``_lu``, each side's
``CAMP_A`` and ``CAMP_B``), and ``_outil``, the system's tools' decorator.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from rules_py import el_toto as et
from rules_py.dice import Distribution
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ, champs
from rules_py.outils.registre import outils_du_systeme
from rules_py.systemes import EL_TOTO
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution

NOMS = {"a": "A", "b": "B"}
CAMPS_A_B = tuple((camp, f"Combattant {nom}") for camp, nom in NOMS.items())
"""The two sides of a fight, as its tools declare them (side, heading)."""
DES_LUS = "Dés lus sur la table (facultatif)"
DES = et.MAX_DES
MOD = et.MAX_MODIFICATEUR


def _lu(
    libelle: str, groupe: str = DES_LUS, aide: str = "Facultatif : faces lues, sinon lancé.", **meta: Any
) -> Champ:
    """Faces read on the table for one roll (emptied after each result: the next action rolls)."""
    return Champ(libelle, minimum=1, maximum=et.FACES, lu=True, groupe=groupe, aide=aide, **meta)


def des_en_mots(nombre: int) -> str:
    """``0 dé``, ``1 dé``, ``3 dés``.

    >>> des_en_mots(1), des_en_mots(4)
    ('1 dé', '4 dés')
    """
    return f"{af.nombre(nombre)} dé" + ("s" if nombre > 1 else "")


def reussites_en_mots(nombre: int) -> str:
    """``aucune réussite``, ``1 réussite``, ``3 réussites``.

    >>> reussites_en_mots(0), reussites_en_mots(2)
    ('aucune réussite', '2 réussites')
    """
    if nombre == 0:
        return "aucune réussite"
    return f"{af.nombre(nombre)} réussite" + ("s" if nombre > 1 else "")


def perd(nom: str, points: int) -> str:
    """``B perd 2 PV`` or ``B ne perd aucun PV``.

    >>> perd("B", 2), perd("la cible", 0)
    ('B perd 2 PV', 'la cible ne perd aucun PV')
    """
    return f"{nom} perd {af.nombre(points)} PV" if points else f"{nom} ne perd aucun PV"


SAIGNEMENT = {None: "aucune", 60: "−1 PV par heure", 10: "−1 PV toutes les 10 minutes", 1: "−1 PV par minute"}
GRAVITES = {n.gravite: n.libelle.lower() for n in et.NIVEAUX_DE_BLESSURE} | {et.Gravite.AUCUNE: "aucune"}


def _blessure_en_mots(blessure: et.Blessure) -> str:
    """``Blessure grave : malus de 3 dés ; perte de PV : −1 PV toutes les 10 minutes`` (C7)."""
    if blessure.gravite is et.Gravite.AUCUNE:
        return "Aucun PV perdu : pas de blessure"
    malus = f"malus de {des_en_mots(blessure.malus_des)}" if blessure.malus_des else "pas de malus"
    perte = SAIGNEMENT[blessure.minutes_par_point_de_vie]
    return f"Blessure {GRAVITES[blessure.gravite]} : {malus} ; perte de PV : {perte}"


def _classes(jet: et.Jet) -> list[str]:
    """How each die looks: échec, succès, double (a 6), or maladresse (every die on 1)."""
    if jet.maladresse:
        return ["maladresse"] * len(jet.des)
    return [("echec", "succes", "double")[et.reussites_du_de(face)] for face in jet.des]


def _barres(dist: Distribution[int], legende: str, surligne: int | None = None) -> af.Bloc:
    """The bar chart of a law of integers, in at most 40 bars (ranges when wider, under the same caption)."""
    return barres_distribution(dist, surligne, legende=legende, legende_tranches=legende, etiquette=af.nombre)


def _au_moins(dist: Distribution[int], seuil: int) -> Fraction:
    return dist.probability_where(lambda issue: issue >= seuil)


def _porte(dist: Distribution[int]) -> str:
    return af.pourcentage(dist.probability_where(lambda issue: issue > 0))


def _chances(*lignes: tuple[str, str], quoi: str = "") -> list[af.Bloc]:
    """The exact odds of the result, computed before the dice: one line per event."""
    return [af.texte(f"Chances exactes{quoi}, avant les dés :"), af.valeurs(lignes)]


def _note_des_lus(entrees: object, noms: Mapping[str, str]) -> list[af.Bloc]:
    """The note naming the rolls read on the table (``noms``: field → roll), the others rolled."""
    lus = [quoi for champ, quoi in noms.items() if getattr(entrees, champ) is not None]
    if not lus:
        return []
    return [af.texte(f"Dés lus sur la table : {', '.join(lus)} ; les autres jets ont été lancés.", "note")]


def _ligne_jet(libelle: str, jet: et.Jet, lance: bool = True) -> list[str]:
    if not lance:
        return [libelle, "pas lancé", "—"]
    detail = reussites_en_mots(jet.reussites) + (" (maladresse)" if jet.maladresse else "")
    return [libelle, " ".join(map(str, jet.des)) if jet.des else "—", detail]


def _ligne_resistance(qui: str, des: int, coup: et.Attaque | et.CombatRapide) -> list[str]:
    """The Résistance + Protection roll of ``qui`` against a hit: made only when it did damage."""
    return _ligne_jet(
        f"Résistance + Protection de {qui} ({des_en_mots(des)})", coup.resistance, coup.dommages > 0
    )


def _jets(**jets: et.Jet) -> dict[str, Any]:
    """The faces and successes of named rolls (``des_x``, ``reussites_x``); the faces are the dice drawn."""
    faces = {f"des_{nom}": jet.des for nom, jet in jets.items()}
    return {**faces, **{f"reussites_{nom}": jet.reussites for nom, jet in jets.items()}, "tires": faces}


def _tableau_jets(lignes: list[list[str]], legende: str) -> af.Bloc:
    return af.tableau(["Jet", "Dés", "Réussites"], lignes, legende=legende)


@contextmanager
def _champs_de(entrees: object, **noms: str) -> Iterator[None]:
    """The engine's errors named after the form's fields (``noms``: engine name → field key)."""
    libelles = {c.cle: c.meta.libelle for c in champs(type(entrees))}
    try:
        yield
    except RulesError as erreur:
        cle = noms.get(erreur.champ or "", erreur.champ or "")
        if cle not in libelles:
            raise
        message = erreur.message.replace(f"« {erreur.champ} »", f"« {libelles[cle]} »")
        raise InputError(message, champ=cle) from None


Ligne = tuple[str, str]
Noms = Mapping[str, str]
"""Each side's name, by side (``a``, ``b``)."""


def _champ(libelle: str, **meta: Any) -> Champ:
    """A field of a tool below: an integer is at least 0 unless said."""
    return Champ(libelle, **{"minimum": 0, **meta})


def _nombre_de_des(libelle: str, **meta: Any) -> Champ:
    """A number of dice: 0 to 100."""
    return _champ(libelle, maximum=DES, **meta)


CAMP_A = {"groupe": "Combattant A", "camp": "a"}
CAMP_B = {"groupe": "Combattant B", "camp": "b"}
"""The heading and side of each fighter's fields (« Remplir depuis » fills one side at a time)."""


_outil = outils_du_systeme(EL_TOTO)
