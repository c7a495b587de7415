"""The tools of El Toto (facade of :mod:`rules_py.el_toto`), one declaration each.

Every roll may be typed in instead (faces read on the table, separated by
spaces); the share link fills in the faces drawn, so it replays the result.
The duel is a fight over several passes: its state (the PV each side lost at
each pass, :class:`~rules_py.el_toto.CombatElToto`) is a hidden field the page
sends back with every call, so the share link brings the fight back too.

>>> from rules_py.web import Moteur
>>> r = Moteur(1).appeler("toto.reserve", {"des": "3", "faces": "6 4 1"})["resultat"]
>>> r["des"], r["reussites"], r["maladresse"], r["probabilites"]["3"]
([6, 4, 1], 3, False, '11/54')
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.dice import Distribution
from rules_py.errors import InputError, RulesError
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution, note_de_lecture, terme
from rules_py.web.declaration import Champ, champs
from rules_py.web.outil import Action, outils_du_systeme

__all__ = ["EntreesDuel", "EntreesReserve", "des_en_mots", "reussites_en_mots"]

NOMS = {"a": "A", "b": "B"}
DES_LUS = "Dés lus sur la table (facultatif)"
DES = et.MAX_DES
MOD = et.MAX_MODIFICATEUR


def _lu(libelle: str, groupe: str = DES_LUS, aide: str = "Facultatif : faces lues, sinon lancé.") -> Champ:
    """Faces read on the table for one roll (emptied after each result: the next action rolls)."""
    return Champ(libelle, minimum=1, maximum=et.FACES, lu=True, groupe=groupe, aide=aide)


# -- words and blocks ------------------------------------------------------------------


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


Spec = tuple[str, Any, Any]
Ligne = tuple[str, str]
Noms = Mapping[str, str]
"""Each side's name, by side (``a``, ``b``)."""


def _f(cle: str, genre: Any, libelle: str, defaut: Any = None, **meta: Any) -> Spec:
    """One field ``(clé, type annoté, défaut)`` of a tool below; an integer is at least 0 unless said."""
    return cle, Annotated[genre, Champ(libelle, **{"minimum": 0, **meta})], defaut


def _n(cle: str, libelle: str, defaut: Any = None, **meta: Any) -> Spec:
    """A number of dice: 0 to 100."""
    return _f(cle, int, libelle, defaut, maximum=DES, **meta)


def _lus(cle: str, libelle: str, groupe: str = "") -> Spec:
    return cle, Annotated[list[int] | None, _lu(libelle, groupe)], None


def _camps(*specs: Spec) -> list[Spec]:
    """The fields of side A then side B (each a ``camp``): ``{c}``, ``{N}`` set, under « Combattant N »."""
    resultat = []
    for camp, nom in NOMS.items():
        for cle, genre, defaut in specs:
            meta = dataclasses.replace(genre.__metadata__[0], groupe=f"Combattant {nom}", camp=camp)
            meta = dataclasses.replace(meta, libelle=meta.libelle.format(N=nom))
            valeur = defaut[camp] if isinstance(defaut, dict) else defaut
            resultat.append((cle.format(c=camp), Annotated[genre.__origin__, meta], valeur))
    return resultat


def _entrees(nom: str, *specs: Spec) -> Any:
    """The frozen dataclass ``nom`` of a tool's inputs, declared once by ``specs``."""
    classe = dataclasses.make_dataclass(
        nom, [(c, g, dataclasses.field(default=d)) for c, g, d in specs], frozen=True, slots=True
    )
    classe.__module__ = __name__
    return classe


_outil = outils_du_systeme("El Toto")


# -- I. Règles de base : la réserve (C1, C2) --------------------------------------------------


def _resume_reserve(jet: et.Jet) -> str:
    if not jet.des:
        return "Aucun dé : le jet échoue."
    if jet.maladresse:
        return "Maladresse (échec critique) : tous les dés montrent 1."
    if jet.reussites == 0:
        return "Aucune réussite : le jet échoue."
    return f"{reussites_en_mots(jet.reussites).capitalize()}."


def _jet_de_reserve(
    nombre: int, entrees: Any, rng: random.Random, champ: str, avant: list[Ligne], apres: Sequence[Ligne] = ()
) -> dict[str, Any]:
    """A pool rolled (or read in field ``faces``): its answer and blocks, ``avant`` and ``apres`` the odds."""
    faces = entrees.faces
    with _champs_de(entrees, des="faces", nombre_de_des=champ):
        jet = et.lancer_jet(nombre, rng=rng, des_lus=faces)
    loi = et.distribution_reussites(nombre)
    p_maladresse = et.chance_de_maladresse(nombre)
    reponse = {
        "nombre_de_des": nombre,
        **dataclasses.asdict(jet),
        "reussi": jet.reussi,
        "probabilites": loi,
        "probabilite_maladresse": p_maladresse,
        "probabilite_reussite": _au_moins(loi, 1),
        "des_lus": faces is not None,
        "tires": {"faces": list(jet.des)},
    }
    valeurs = [
        *avant,
        ("Réussites", af.nombre(jet.reussites)),
        ("Chance d'au moins une réussite", af.pourcentage(_au_moins(loi, 1))),
    ]
    if jet.reussites > 1:
        au_moins = af.pourcentage(_au_moins(loi, jet.reussites))
        valeurs.append((f"Chance d'au moins {reussites_en_mots(jet.reussites)}", au_moins))
    valeurs += [("Chance de maladresse", af.pourcentage(p_maladresse)), *apres]
    blocs = [af.texte(_resume_reserve(jet), "resultat")]
    if jet.des:
        blocs.append(af.des(jet.des, et.FACES, _classes(jet)))
    blocs += [
        af.valeurs(valeurs),
        _barres(loi, f"Probabilité de chaque nombre de réussites avec {des_en_mots(nombre)}", jet.reussites),
    ]
    if faces is not None:
        blocs.append(note_de_lecture("les dés lus"))
    return {**reponse, "affichage": blocs}


AIDE_ENERGIE = "Facultatif : chaque point ajoute un dé."
AIDE_PLAFOND = "Le score que le MJ désigne pour l'action : au plus autant de points sur ce jet."
AIDE_FACES = "Laissez vide pour lancer ; sinon les faces lues, séparées par des espaces (ex. 4 6 1)."
RESUME_RESERVE = (
    "Lance une réserve de d6 (avec l'Énergie dépensée), ou lit les dés de la table, avec ses chances."
)
EntreesReserve = _entrees(
    "EntreesReserve",
    _n("des", "Nombre de dés", 4, aide="Capacité + Talent, ou Aptitude + Compétence."),
    _f("energie", int | None, "Points d'Énergie dépensés", aide=AIDE_ENERGIE),
    _f("plafond", int | None, "Plafond (Hargne ou Survie)", aide=AIDE_PLAFOND),
    _f("reste", int | None, "Énergie restante avant le jet", aide="Facultatif : vérifie la réserve."),
    ("faces", Annotated[list[int] | None, _lu("Dés lus sur la table", "", AIDE_FACES)], None),
)


@_outil("reserve-el-toto", "Jet de dés d'El Toto", RESUME_RESERVE, "toto.reserve", "Lancer")
def reserve(entrees: EntreesReserve, rng: random.Random) -> dict[str, Any]:
    """Roll a pool (dice + Énergie spent, capped) or read it: faces, successes, maladresse, exact odds."""
    with _champs_de(entrees, points="energie", energie="reste"):
        depense = et.des_avec_energie(entrees.des, entrees.energie, entrees.plafond, entrees.reste)
    nombre, points = depense.des, depense.points_depenses
    restante = depense.energie_restante if entrees.reste is not None else None
    lances = des_en_mots(nombre)
    if points:
        lances += f" ({af.nombre(entrees.des)} + {af.nombre(points)} d'Énergie)"
    apres = () if restante is None else (("Énergie restante après le jet", af.nombre(restante)),)
    return {
        **_jet_de_reserve(nombre, entrees, rng, "des", [("Dés lancés", lances)], apres),
        "energie_depensee": points,
        "energie_restante": restante,
    }


# -- II. Combat : Lancer et Bagarre (potentiel de combat) ------------------------------------


LU = ("faces", Annotated[list[int] | None, _lu("Dés lus sur la table", "")], None)
CHANCES = "(ou lit ceux de la table), avec la chance de chaque nombre de réussites."
EntreesLancer = _entrees("EntreesLancer", _f("force", int, "Force", 2), _f("lancer", int, "Lancer", 3), LU)
EntreesBagarre = _entrees(
    "EntreesBagarre", _f("hargne", int, "Hargne", 3), _f("agresser", int, "Agresser", 2), LU
)


def _pool(nom: str, scores: tuple[str, str], nombre: int, entrees: Any, rng: random.Random) -> dict[str, Any]:
    """The pool of two scores, rolled (or read) like any pool of El Toto."""
    valeurs = [af.nombre(getattr(entrees, s.lower())) for s in scores]
    calcul = f"{scores[0]} {valeurs[0]} + {scores[1]} {valeurs[1]} = {des_en_mots(nombre)}"
    return _jet_de_reserve(nombre, entrees, rng, scores[1].lower(), [(f"Dés de {nom}", calcul)])


@_outil("lancer-el-toto", "Lancer", f"Lance Force + Lancer dés {CHANCES}", "toto.lancer", "Lancer")
def lancer(entrees: EntreesLancer, rng: random.Random) -> dict[str, Any]:
    """A throw: Force + Lancer dice, rolled or read, with the exact odds of its successes."""
    return _pool("Lancer", ("Force", "Lancer"), et.des_de_lancer(entrees.force, entrees.lancer), entrees, rng)


@_outil("bagarre-el-toto", "Bagarre", f"Lance Hargne + Agresser dés {CHANCES}", "toto.bagarre", "Lancer")
def bagarre(entrees: EntreesBagarre, rng: random.Random) -> dict[str, Any]:
    """A brawl: Hargne + Agresser dice, rolled or read, with the exact odds of its successes."""
    nombre = et.des_de_bagarre(entrees.hargne, entrees.agresser)
    return _pool("Bagarre", ("Hargne", "Agresser"), nombre, entrees, rng)


# -- I. Règles de base : Énergie et points de vie (C2, C3) ----------------------------------


RESUME_ENERGIE = "Calcule les points d'Énergie, le plafond par jet et les points de vie d'un personnage."
SURVIE, RESISTANCE = _f("survie", int, "Survie", 4), _f("resistance", int, "Résistance", 3)
EntreesEnergie = _entrees(
    "EntreesEnergie", _f("hargne", int, "Hargne", 3), _f("trempe", int, "Trempe", 2), SURVIE, RESISTANCE
)


@_outil("energie-el-toto", "Énergie et points de vie", RESUME_ENERGIE, "toto.energie", "Calculer")
def energie(entrees: EntreesEnergie, rng: random.Random) -> dict[str, Any]:
    """Énergie points, the cap per roll (Hargne or Survie) and the Points de Vie."""
    hargne, trempe, survie, resistance = (entrees.hargne, entrees.trempe, entrees.survie, entrees.resistance)
    points = et.points_d_energie(hargne, trempe, survie)
    vie = et.points_de_vie(resistance, hargne)
    n = af.nombre
    lignes = [
        ("Points d'Énergie", f"{n(hargne)} + {n(trempe)} + {n(survie)} = {n(points)}"),
        ("Plafond par jet si le MJ désigne la Hargne", n(hargne)),
        ("Plafond par jet si le MJ désigne la Survie", n(survie)),
        ("Points de vie", f"{n(resistance)} × 2 + {n(hargne)} + 5 = {n(vie)}"),
    ]
    return {
        "points_d_energie": points,
        "plafond_hargne": hargne,
        "plafond_survie": survie,
        "points_de_vie": vie,
        "affichage": [
            af.texte(f"{n(points)} points d'Énergie ; {n(vie)} points de vie.", "resultat"),
            af.valeurs(lignes),
            af.texte("Chaque point d'Énergie dépensé ajoute un dé au jet.", "note"),
        ],
    }


# -- II. Combat : le duel, passe après passe (C4, C7) --------------------------------------------

AIDE_ATTAQUE = "Le reste du PdC va à la défense."
AIDE_ESQUIVE = "Facultatif : une esquive remplace la défense (moins les dés d'initiative)."
AIDE_VIE, RP = "Résistance × 2 + Hargne + 5.", "resistance_protection"  # RP: a sheet's key
QUOI = {"attaque": "attaque", "defense": "défense", "resistance": "Résistance + Protection"}


def _lire_combat(valeur: Any, libelle: str) -> et.CombatElToto:
    """The fight the page sends back (the JSON of :class:`~rules_py.el_toto.CombatElToto`)."""
    try:
        return et.CombatElToto(tuple(valeur["passes"]))
    except (RulesError, LookupError, TypeError):
        raise InputError(f"« {libelle} » est illisible : cliquez sur « Nouveau combat ».") from None


RESUME_DUEL = (
    "Joue un duel entre deux combattants nommés, passe après passe, jusqu'aux blessures ; "
    "ou cherche la meilleure répartition du PdC."
)
COMBAT = Champ("Combat", cache=True, lecteur=_lire_combat)
"""The fight in progress: hidden, sent back by the page with every call and kept in the share link."""
EntreesDuel = _entrees(
    "EntreesDuel",
    *_camps(
        ("nom_{c}", Annotated[str, Champ("Nom de {N}")], NOMS),
        _f("vie_{c}", int, "{N} : Vie (points de vie)", 15, minimum=1, aide=AIDE_VIE),
        _n("pdc_{c}", "PdC de {N}", 6, aide="Arts Martiaux + compétence."),
        _n("initiative_{c}", "{N} : dés d'initiative", {"a": 1, "b": 2}, aide="Main droite."),
        _n("attaque_{c}", "{N} : dés d'attaque", {"a": 3, "b": 2}, aide=AIDE_ATTAQUE),
        _f("esquive_{c}", int | None, "{N} : Agilité + Esquiver", None, aide=AIDE_ESQUIVE),
        _f("force_{c}", int, "{N} : Force", {"a": 2, "b": 1}),
        _f("bonus_arme_{c}", int, "{N} : bonus de l'arme", {"a": 1, "b": 0}, minimum=-MOD, maximum=MOD),
        _n("resistance_{c}", "{N} : Résistance + Protection", {"a": 3, "b": 2}, aide="En dés.", fiche=RP),
        _lus("des_attaque_{c}", "Dés lus : attaque de {N}"),
        _lus("des_defense_{c}", "Dés lus : défense (ou esquive) de {N}"),
        _lus("des_resistance_{c}", "Dés lus : Résistance + Protection de {N}"),
    ),
    ("etat", Annotated[et.CombatElToto, COMBAT], et.CombatElToto()),
    ("confirme", Annotated[bool, Champ("Confirmé", cache=True)], False),
)


def _combattant(entrees: Any, camp: str) -> et.Combattant:
    """One side of the duel from its fields: split, Esquive, weapon, Force, Résistance + Protection."""

    noms = ("pdc", "initiative", "attaque", "esquive", "bonus_arme", "force", "resistance")
    v = {nom: getattr(entrees, f"{nom}_{camp}") for nom in noms}
    with _champs_de(entrees, **{nom: f"{nom}_{camp}" for nom in noms}):
        repartition = et.repartir(v["pdc"], v["initiative"], v["attaque"])
        esquive = None if v["esquive"] is None else et.des_d_esquive(v["esquive"], 0, v["initiative"])
        return et.Combattant(repartition, v["bonus_arme"], v["force"], v["resistance"], esquive)


def _phrase_initiative(initiative: et.Initiative, a: et.Combattant, b: et.Combattant, noms: Noms) -> str:
    ia, ib = a.repartition.initiative, b.repartition.initiative
    if initiative is et.Initiative.SIMULTANEE:
        ensemble = f"{noms['a']} et {noms['b']} frappent en même temps"
        return f"Égalité d'initiative ({des_en_mots(ia)} chacun) : {ensemble}."
    premier, second = (noms["a"], noms["b"]) if initiative is et.Initiative.A else (noms["b"], noms["a"])
    return (
        f"{premier} a l'initiative ({des_en_mots(max(ia, ib))} contre {af.nombre(min(ia, ib))}) : {premier} "
        f"attaque, puis {second} riposte."
    )


def phrase_issue(
    attaque: et.Attaque, attaquant: et.Combattant, cible: str, *, premiere: bool, quoi: str = "l'attaque"
) -> str:
    """What one attack does: damage and PV lost, the riposte die, or nothing (C4)."""
    impact = af.nombre(attaque.impact)
    if attaque.impact < 0:
        if premiere:
            return f"Impact {impact} : {cible} prend l'avantage, +1 dé à l'attaque de sa riposte."
        return f"Impact {impact} : {quoi} ne porte pas."
    if attaque.impact == 0:
        return "Impact 0 : il ne se passe rien."
    somme = et.somme_des_dommages(attaque.impact, attaquant.bonus_arme, attaquant.force)
    formule = f"{impact} {terme(attaquant.bonus_arme)} − 2 {terme(attaquant.force)} = {af.nombre(somme)}"
    debut = f"Impact {impact} : dommages {formule}" + ("" if somme >= 0 else ", compté 0")
    if attaque.dommages == 0:
        return f"{debut} ; pas de dommages, donc pas de jet de Résistance + Protection."
    return (
        f"{debut}, moins {reussites_en_mots(attaque.resistance.reussites)} de Résistance + Protection : "
        f"{perd(cible, attaque.points_de_vie_perdus)}."
    )


def _tableau_attaque(
    attaque: et.Attaque, cible: et.Combattant, rang: int, riposte: bool, nom: str, autre: str
) -> af.Bloc:
    titre = {0: f"Attaque de {nom}", 1: f"1. Attaque de {nom}", 2: f"2. Riposte de {nom}"}[rang]
    defense = f"Esquive de {autre}" if cible.esquive is not None else f"Défense de {autre}"
    des = des_en_mots(len(attaque.attaque.des)) + (", +1 de riposte" if riposte else "")
    return _tableau_jets(
        [
            _ligne_jet(f"Attaque de {nom} ({des})", attaque.attaque),
            _ligne_jet(f"{defense} ({des_en_mots(len(attaque.defense.des))})", attaque.defense),
            _ligne_resistance(autre, cible.resistance, attaque),
        ],
        titre,
    )


def _chances_passe(lois: et.LoisDeLaPasse, a: str, b: str) -> list[af.Bloc]:
    valeurs = [
        (f"L'attaque de {a} porte (impact > 0)", _porte(lois.impact_de_a)),
        (f"{b} perd des PV", _porte(lois.perdus_par_b)),
        (f"L'attaque de {b} porte (impact > 0)", _porte(lois.impact_de_b)),
        (f"{a} perd des PV", _porte(lois.perdus_par_a)),
    ]
    if lois.initiative is not et.Initiative.SIMULTANEE:
        second = b if lois.initiative is et.Initiative.A else a
        valeurs.append((f"{second} gagne le dé de riposte", af.pourcentage(lois.de_de_riposte)))
    return _chances(*valeurs, quoi=" de la passe")


def _blocs_combat(entrees: Any, combat: et.CombatElToto) -> tuple[dict[str, et.Sante], list[af.Bloc]]:
    """The passes played (each side's PV lost, with that hit's wound), the PV left and worst wound (C7)."""
    vies = {c: getattr(entrees, f"vie_{c}") for c in "ab"}
    sante = {c: combat.sante(c, vies[c]) for c in "ab"}
    if not combat.passes:
        return sante, []

    def coup(perdus: int, vie: int) -> str:
        return f"{af.nombre(perdus)} ({GRAVITES[et.blessure(perdus, vie).gravite]})" if perdus else "0"

    lignes = [
        [f"Passe {af.nombre(i)}", *(coup(p, vies[c]) for p, c in zip(passe, "ab", strict=True))]
        for i, passe in enumerate(combat.passes, 1)
    ]
    lignes.append(
        ["PV restants / Vie", *(f"{af.nombre(sante[c].restants)} / {af.nombre(vies[c])}" for c in "ab")]
    )
    lignes.append(["Pire blessure", *(_blessure_en_mots(sante[c].blessure) for c in "ab")])
    n = len(combat.passes)
    legende = f"Le combat après {af.nombre(n)} passe{'s' if n > 1 else ''} (PV perdus à chaque passe)"
    return sante, [af.tableau(["", entrees.nom_a, entrees.nom_b], lignes, legende=legende, surligne=n + 1)]


CRITERES = {et.Critere.TOUCHER: "Toucher", et.Critere.TOUCHER_SANS_ETRE_TOUCHE: "Toucher sans être touché"}


def _en_texte(repartition: et.Repartition | et.ConseilDuCamp) -> str:
    return " / ".join(
        af.nombre(n) for n in (repartition.initiative, repartition.attaque, repartition.defense)
    )


def _blocs_conseils(
    a: et.Combattant, b: et.Combattant, trouves: dict[str, dict[str, et.ConseilDuCamp]], noms: Noms
) -> list[af.Bloc]:
    blocs: list[af.Bloc] = []
    for camp, soi, autre, nom_autre in (("a", a, b, noms["b"]), ("b", b, a, noms["a"])):
        lignes = [
            [CRITERES[critere], _en_texte(c), af.pourcentage(c.chance), af.pourcentage(c.chance_actuelle)]
            for critere, c in ((k, trouves[camp][k.value]) for k in et.Critere)
        ]
        esquive = f", esquive de {des_en_mots(autre.esquive)}" if autre.esquive is not None else ""
        pdc, adverse = (
            des_en_mots(soi.repartition.pdc),
            f"{nom_autre} ({_en_texte(autre.repartition)}{esquive})",
        )
        legende = f"Meilleure répartition du PdC de {noms[camp]} ({pdc}) contre {adverse}"
        entetes = [
            "Critère",
            "Conseillée (init. / att. / déf.)",
            "Chance",
            f"Annoncée ({_en_texte(soi.repartition)})",
        ]
        blocs.append(af.tableau(entetes, lignes, legende=legende))
        if soi.esquive is not None:
            note = "la colonne « Annoncée » la compte, la recherche suppose une défense avec la main gauche"
            blocs.append(af.texte(f"{noms[camp]} a annoncé une esquive : {note}.", "note"))
    return blocs


def duel_repartition(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """The split of each side's PdC that maximises its chance of landing a hit; the fight is kept as is."""
    a, b = _combattant(entrees, "a"), _combattant(entrees, "b")
    noms = {"a": entrees.nom_a, "b": entrees.nom_b}
    with _champs_de(entrees):
        trouves = et.conseils_de_repartition(a, b)
    m = trouves["a"][et.Critere.TOUCHER.value]
    resume = (
        f"Pour toucher, {noms['a']} met {af.nombre(m.initiative)} en initiative, {af.nombre(m.attaque)} en "
        f"attaque et {af.nombre(m.defense)} en défense : {af.pourcentage(m.chance)}."
    )
    sante, blocs = _blocs_combat(entrees, entrees.etat)
    blocs = [af.texte(resume, "resultat"), *_blocs_conseils(a, b, trouves, noms), *blocs]
    return {"conseils": trouves, "sante": sante, "etat": entrees.etat, "affichage": blocs}


def nouveau_combat(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """Forget the passes played (asked first in the page): the next pass is the first of a new fight."""
    if entrees.etat.passes and not entrees.confirme:
        texte = "Effacer les passes jouées et repartir de la première ? Sinon, jouez la « Passe suivante »."
        oui = af.bouton("Oui, nouveau combat", "toto.duel_nouveau", {"confirme": True})
        question = [af.texte(texte, "resultat"), af.boutons([oui], legende="Confirmer")]
        return {"etat": entrees.etat, "affichage": question + _blocs_combat(entrees, entrees.etat)[1]}
    texte = f"Nouveau combat entre {entrees.nom_a} et {entrees.nom_b} : la prochaine passe est la première."
    return {"etat": et.CombatElToto(), "affichage": [af.texte(texte, "resultat")]}


@_outil(
    "duel-el-toto",
    "Duel, passe après passe",
    RESUME_DUEL,
    "toto.duel",
    "Passe suivante",
    Action("toto.duel_repartition", "Meilleure répartition", duel_repartition),
    Action("toto.duel_nouveau", "Nouveau combat", nouveau_combat),
)
def duel(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """Play the fight's next pass (rolled, or dice read hand by hand) with its exact odds and the PV left."""
    a, b = _combattant(entrees, "a"), _combattant(entrees, "b")
    noms = {"a": entrees.nom_a, "b": entrees.nom_b}
    lus = {n: getattr(entrees, n) for n in et.CHAMPS_DES_LUS_ECHANGE if getattr(entrees, n) is not None}
    with _champs_de(entrees):
        combat, echange = et.jouer_passe(entrees.etat, a, b, rng=rng, des_lus=lus)
    lois = et.distribution_passe(a, b)
    ordre, rangs = echange.initiative, echange.rangs
    attaques = {"a": (echange.attaque_de_a, a, b), "b": (echange.attaque_de_b, b, a)}
    numero = f"Passe {af.nombre(len(combat.passes))} : "
    blocs = [af.texte(numero + _phrase_initiative(ordre, a, b, noms), "resultat")]
    json_attaques = {}
    for camp in sorted(attaques, key=lambda c: rangs[c]):
        attaque, attaquant, cible = attaques[camp]
        autre = "b" if camp == "a" else "a"
        riposte = len(attaque.attaque.des) > attaquant.repartition.attaque
        json_attaques[camp] = {**dataclasses.asdict(attaque), "rang": rangs[camp], "de_de_riposte": riposte}
        blocs.append(_tableau_attaque(attaque, cible, rangs[camp], riposte, noms[camp], noms[autre]))
        blocs.append(af.texte(phrase_issue(attaque, attaquant, noms[autre], premiere=rangs[camp] == 1)))
    sante, blocs_combat = _blocs_combat(entrees, combat)
    blocs += [*blocs_combat, *_chances_passe(lois, noms["a"], noms["b"])]
    for x, y, attaque in (("a", "b", echange.attaque_de_a), ("b", "a", echange.attaque_de_b)):
        impact, perdus = getattr(lois, f"impact_de_{x}"), getattr(lois, f"perdus_par_{y}")
        blocs.append(_barres(impact, f"Impact de l'attaque de {noms[x]}", attaque.impact))
        legende = f"PV perdus par {noms[y]}, après sa Résistance + Protection"
        blocs.append(_barres(perdus, legende, attaque.points_de_vie_perdus))
    jets = {f"des_{jet}_{c}": f"{quoi} de {noms[c]}" for c in "ab" for jet, quoi in QUOI.items()}
    return {
        "initiative": ordre,
        "combattants": {"a": a, "b": b},
        "attaques": {camp: json_attaques[camp] for camp in "ab"},
        "probabilites": lois,
        "sante": sante,
        "etat": combat,
        "des_lus": bool(lus),
        "jets_lus": list(lus),
        "tires": echange.faces,
        "affichage": [*blocs, *_note_des_lus(entrees, jets)],
    }


# -- II. Combat : le combat rapide (C5) ------------------------------------------------------


def _phrase_combat_rapide(issue: et.CombatRapide) -> str:
    a, b = issue.jet_a.reussites, issue.jet_b.reussites
    if issue.vainqueur is et.Vainqueur.EGALITE:
        return f"Égalité ({reussites_en_mots(a)} de chaque côté) : il ne se passe rien."
    gagnant, perdant = ("A", "B") if issue.vainqueur is et.Vainqueur.A else ("B", "A")
    debut = f"{gagnant} remporte la passe ({af.nombre(max(a, b))} réussites contre {af.nombre(min(a, b))})"
    if issue.dommages == 0:
        return f"{debut}, mais son arme ne fait perdre aucun PV."
    return (
        f"{debut} : {af.nombre(issue.dommages)} point{'s' if issue.dommages > 1 else ''}, moins "
        f"{reussites_en_mots(issue.resistance.reussites)} de Résistance + Protection : "
        f"{perd(perdant, issue.points_de_vie_perdus)}."
    )


PERDUS_RAPIDE = "PV perdus par {0} (0 : {0} gagne, égalité ou rien à perdre)"
ISSUES = {
    et.Vainqueur.A: "A remporte la passe",
    et.Vainqueur.EGALITE: "Égalité",
    et.Vainqueur.B: "B remporte la passe",
}


RESUME_COMBAT_RAPIDE = (
    "Joue une passe de combat rapide (PdC + bouclier de chaque côté), avec les chances exactes."
)
EntreesCombatRapide = _entrees(
    "EntreesCombatRapide",
    *_camps(
        _n("pdc_{c}", "PdC de {N}", {"a": 5, "b": 6}),
        _n("bouclier_{c}", "{N} : bonus de bouclier", {"a": 1, "b": 0}),
        _f("bonus_arme_{c}", int, "{N} : bonus de l'arme", {"a": 1, "b": 0}, minimum=-MOD, maximum=MOD),
        _n("resistance_{c}", "{N} : Résistance + Protection", {"a": 3, "b": 2}, aide="En dés.", fiche=RP),
        _lus("des_{c}", "Dés lus : PdC + bouclier de {N}"),
    ),
    _lus("des_resistance", "Dés lus : Résistance + Protection du perdant", "Perdant de la passe"),
)


@_outil(
    "combat-rapide-el-toto", "Combat rapide", RESUME_COMBAT_RAPIDE, "toto.combat_rapide", "Jouer la passe"
)
def combat_rapide(entrees: EntreesCombatRapide, rng: random.Random) -> dict[str, Any]:
    """One exchange of quick combat, rolled or read, with the exact law of its outcome."""
    des = {}
    for c in "ab":
        with _champs_de(entrees, bonus_bouclier=f"bouclier_{c}"):
            des[c] = et.des_de_combat_rapide(getattr(entrees, f"pdc_{c}"), getattr(entrees, f"bouclier_{c}"))
    reglages = {f"{n}_{c}": getattr(entrees, f"{n}_{c}") for n in ("resistance", "bonus_arme") for c in "ab"}
    with _champs_de(entrees):
        issue = et.lancer_combat_rapide(
            des["a"],
            des["b"],
            **reglages,
            rng=rng,
            des_lus_a=entrees.des_a,
            des_lus_b=entrees.des_b,
            des_lus_resistance=entrees.des_resistance,
        )
    lois = et.lois_combat_rapide(des["a"], des["b"], **reglages)
    perdant = {et.Vainqueur.A: "b", et.Vainqueur.B: "a"}.get(issue.vainqueur)
    lignes = [
        _ligne_jet(f"PdC + bouclier de A ({des_en_mots(des['a'])})", issue.jet_a),
        _ligne_jet(f"PdC + bouclier de B ({des_en_mots(des['b'])})", issue.jet_b),
    ]
    if perdant:
        lignes.append(_ligne_resistance(NOMS[perdant], reglages[f"resistance_{perdant}"], issue))
    perdus = {camp: issue.points_de_vie_perdus if perdant == camp else 0 for camp in "ab"}
    lus = {"des_a": "PdC de A", "des_b": "PdC de B", "des_resistance": "Résistance"}
    return {
        **dataclasses.asdict(issue),
        **_jets(a=issue.jet_a, b=issue.jet_b, resistance=issue.resistance),
        "perdant": perdant,
        "probabilites": lois,
        "des_lus": any(getattr(entrees, champ) is not None for champ in lus),
        "affichage": [
            af.texte(_phrase_combat_rapide(issue), "resultat"),
            _tableau_jets(lignes, "Les jets de la passe"),
            *_chances(*((texte, af.pourcentage(lois.vainqueur[v])) for v, texte in ISSUES.items())),
            _barres(lois.perdus_par_b, PERDUS_RAPIDE.format("B"), perdus["b"]),
            _barres(lois.perdus_par_a, PERDUS_RAPIDE.format("A"), perdus["a"]),
            *_note_des_lus(entrees, lus),
        ],
    }


# -- II. Combat : à distance (C6) ------------------------------------------------------------


RESUME_DISTANCE = "Résout un tir contre une cible prévenue (esquive) ou non, dommages et résistance compris."
PREVENU, CIBLE = "Compte seulement si la cible est prévenue.", "Cible"
T, C = {"groupe": "Tireur", "camp": "tireur"}, {"groupe": CIBLE, "camp": "cible"}
EntreesDistance = _entrees(
    "EntreesDistance",
    _n("pdc", "PdC du tireur", 5, **T),
    _f("bonus_arme", int, "Bonus de l'arme", 1, minimum=-MOD, maximum=MOD, **T),
    _f("force", int, "Force du tireur", 0, **T),
    _lus("des_attaque", "Dés lus : PdC du tireur", "Tireur"),
    ("prevenu", Annotated[bool, Champ("La cible est prévenue", groupe="Cible")], True),
    _f("esquive", int | None, "Cible : Agilité + Esquiver", 3, maximum=DES, aide=PREVENU, **C),
    _n("resistance", "Cible : Résistance + Protection", 3, aide="En dés.", fiche=RP, **C),
    _lus("des_defense", "Dés lus : Agilité + Esquiver", "Cible"),
    _lus("des_resistance", "Dés lus : Résistance + Protection", "Cible"),
)


@_outil("distance-el-toto", "Combat à distance", RESUME_DISTANCE, "toto.distance", "Tirer")
def distance(e: EntreesDistance, rng: random.Random) -> dict[str, Any]:
    """A ranged shot: unopposed, or against Agilité + Esquiver; damage as in the duel."""
    if not e.prevenu and e.des_defense:
        raise InputError("La cible n'est pas prévenue : elle ne lance pas d'esquive.", champ="des_defense")
    defense = et.des_d_esquive_a_distance(e.esquive or 0, 0, prevenu=e.prevenu)
    with _champs_de(e):
        tir = et.lancer_attaque(
            e.pdc,
            defense,
            e.resistance,
            bonus_arme=e.bonus_arme,
            force=e.force,
            rng=rng,
            des_attaque=e.des_attaque,
            des_defense=e.des_defense,
            des_resistance=e.des_resistance,
        )
    impact = et.distribution_impact(e.pdc, defense)
    perdus = et.distribution_points_de_vie_perdus(
        e.pdc, defense, e.resistance, bonus_arme=e.bonus_arme, force=e.force
    )
    tireur = et.Combattant(et.Repartition(0, e.pdc, 0), e.bonus_arme, e.force)
    lignes = [_ligne_jet(f"PdC du tireur ({des_en_mots(e.pdc)})", tir.attaque)]
    if e.prevenu:
        lignes.append(_ligne_jet(f"Agilité + Esquiver de la cible ({des_en_mots(defense)})", tir.defense))
    lignes.append(_ligne_resistance("la cible", e.resistance, tir))
    lus = {"des_attaque": "PdC", "des_defense": "esquive", "des_resistance": "Résistance"}
    porte = [("Le tir porte (impact > 0)", _porte(impact)), ("La cible perd des PV", _porte(perdus))]
    return {
        "prevenu": e.prevenu,
        **dataclasses.asdict(tir),
        **_jets(attaque=tir.attaque, defense=tir.defense, resistance=tir.resistance),
        "probabilites": {"impact": impact, "points_de_vie_perdus": perdus},
        "des_lus": any(getattr(e, champ) is not None for champ in lus),
        "affichage": [
            af.texte(
                ("Cible prévenue. " if e.prevenu else "Cible non prévenue : jet sans opposition. ")
                + phrase_issue(tir, tireur, "la cible", premiere=False, quoi="le tir"),
                "resultat",
            ),
            _tableau_jets(lignes, "Les jets du tir"),
            *_chances(*porte),
            _barres(impact, "Impact du tir", tir.impact),
            _barres(
                perdus, "PV perdus par la cible, après sa Résistance + Protection", tir.points_de_vie_perdus
            ),
            *_note_des_lus(e, lus),
        ],
    }


# -- II. Combat : blessures et malus (C7) ------------------------------------------------------


SAIGNEMENT = {None: "aucune", 60: "−1 PV par heure", 10: "−1 PV toutes les 10 minutes", 1: "−1 PV par minute"}
GRAVITES = {n.gravite: n.libelle.lower() for n in et.NIVEAUX_DE_BLESSURE} | {et.Gravite.AUCUNE: "aucune"}


def _blessure_en_mots(blessure: et.Blessure) -> str:
    """``Blessure grave : malus de 3 dés ; perte de PV : −1 PV toutes les 10 minutes`` (C7)."""
    if blessure.gravite is et.Gravite.AUCUNE:
        return "Aucun PV perdu : pas de blessure"
    malus = f"malus de {des_en_mots(blessure.malus_des)}" if blessure.malus_des else "pas de malus"
    perte = SAIGNEMENT[blessure.minutes_par_point_de_vie]
    return f"Blessure {GRAVITES[blessure.gravite]} : {malus} ; perte de PV : {perte}"


def _plage_en_texte(premier: int, dernier: int | None) -> str:
    if dernier is None:
        return f"{af.nombre(premier)} et plus"
    if premier == dernier:
        return af.nombre(premier)
    separateur = " ou " if dernier == premier + 1 else " à "
    return f"{af.nombre(premier)}{separateur}{af.nombre(dernier)}"


def _tableau_blessures(vie: int, gravite: et.Gravite) -> af.Bloc:
    plages = et.plages_de_blessure(vie)

    def malus(des: int | None) -> str:
        return "autant de dés que de PV perdus" if des is None else des_en_mots(des) if des else "aucun"

    return af.tableau(
        ["Blessure", "PV perdus en un coup", "Malus", "Perte de PV"],
        [
            [n.libelle, _plage_en_texte(p, d), malus(n.malus_des), SAIGNEMENT[n.minutes_par_point_de_vie]]
            for n, p, d in plages
        ],
        legende=f"Blessures pour une Vie de {af.nombre(vie)}",
        surligne=next((i for i, (n, _, _) in enumerate(plages) if n.gravite is gravite), None),
    )


RESUME_BLESSURE = "Donne le niveau d'une blessure, son malus en dés et la perte de PV qui suit, selon la Vie."
AIDE_RESERVE = "Facultatif : la réserve, avant le malus."
EntreesBlessure = _entrees(
    "EntreesBlessure",
    _f("perdus", int, "PV perdus en un coup", 6),
    _f("vie", int, "Vie (points de vie du personnage)", 15, minimum=1, aide=AIDE_VIE),
    _f("reserve", int | None, "Dés d'un jet à venir", maximum=DES, aide=AIDE_RESERVE),
)


@_outil("blessure-el-toto", "Niveau de blessure", RESUME_BLESSURE, "toto.blessure", "Évaluer")
def blessure(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """The wound left by the PV lost in one hit: level, malus in dice, bleeding; the pool after the malus."""
    resultat = et.blessure(entrees.perdus, entrees.vie)
    blocs = [af.texte(_blessure_en_mots(resultat) + ".", "resultat")]
    apres = None
    if entrees.reserve is not None:
        apres = et.des_apres_malus(entrees.reserve, resultat.malus_des)
        valeur = f"{af.nombre(entrees.reserve)} − {af.nombre(resultat.malus_des)} → {des_en_mots(apres)}"
        blocs.append(
            af.valeurs([("Réserve après le malus", valeur + (" : le jet échoue" if apres == 0 else ""))])
        )
    blocs.append(_tableau_blessures(entrees.vie, resultat.gravite))
    return {**dataclasses.asdict(resultat), "reserve_apres_malus": apres, "affichage": blocs}


# -- III. Survie (C8) -------------------------------------------------------------------------


def _phrase_survie(e: EntreesSurvie, s: et.Survie) -> str:
    mh_texte = f"MH = {af.nombre(e.hostilite)} {terme(e.equipement)} = {af.nombre(s.mh)}"
    if s.total is None:
        return f"{mh_texte} : pas de conséquence, pas de jet."
    total = (
        f"total = {af.nombre(s.mh)} + {reussites_en_mots(s.jet_survie.reussites)} + {af.nombre(e.milieu)} "
        f"(Milieu) = {af.nombre(s.total)}"
    )
    if s.total >= 0:
        partage = f"{reussites_en_mots(s.reussites_a_partager)} à répartir entre les autres personnages"
        partage = partage if s.reussites_a_partager else "rien à répartir"
        return f"{mh_texte} ; {total} : pas de conséquence ; {partage}."
    return (
        f"{mh_texte} ; {total} : {af.nombre(s.dommages)} point{'s' if s.dommages > 1 else ''} de dommages "
        f"dus aux intempéries, moins {reussites_en_mots(s.resistance.reussites)} de Résistance : "
        f"{perd('le personnage', s.points_de_vie_perdus)}."
    )


RESUME_SURVIE = (
    "Calcule le MH, fait le jet de Survie s'il le faut : réussites à répartir, ou dommages et Résistance."
)
C, P, NEGATIF = "Conditions", "Personnage", "0 ou moins."
EntreesSurvie = _entrees(
    "EntreesSurvie",
    _f("hostilite", int, "Modificateur d'hostilité", -3, minimum=-MOD, maximum=0, aide=NEGATIF, groupe=C),
    _f("equipement", int, "Modificateur dû à l'équipement", 1, minimum=-MOD, maximum=MOD, groupe=C),
    _f("milieu", int, "Milieu", 1, groupe=C),
    _n("survie", "Dés du jet de Survie", 4, groupe=P),
    _n("resistance", "Dés du jet de Résistance", 3, groupe=P),
    _lus("des_survie", "Dés lus : jet de Survie", DES_LUS),
    _lus("des_resistance", "Dés lus : jet de Résistance", DES_LUS),
)


@_outil("survie-el-toto", "Jet de Survie", RESUME_SURVIE, "toto.survie", "Lancer")
def survie(e: EntreesSurvie, rng: random.Random) -> dict[str, Any]:
    """A survival check: MH, the Survie roll if needed, shared successes or damage after Résistance."""
    valeur_mh = et.mh(e.hostilite, e.equipement)
    with _champs_de(e):
        s = et.lancer_survie(
            valeur_mh,
            e.milieu,
            e.survie,
            e.resistance,
            rng=rng,
            des_survie=e.des_survie,
            des_resistance=e.des_resistance,
        )
    lois = et.lois_survie(valeur_mh, e.milieu, e.survie, e.resistance)
    jets = {"des_survie": ("Survie", s.jet_survie), "des_resistance": ("Résistance", s.resistance)}
    utilises = {nom: quoi for nom, (quoi, jet) in jets.items() if getattr(e, nom) is not None and jet.des}
    ignores = [quoi for nom, (quoi, jet) in jets.items() if getattr(e, nom) and not jet.des]
    survie = _ligne_jet(f"Survie ({des_en_mots(e.survie)})", s.jet_survie, s.total is not None)
    resistance = _ligne_jet(f"Résistance ({des_en_mots(e.resistance)})", s.resistance, s.dommages > 0)
    blocs = [
        af.texte(_phrase_survie(e, s), "resultat"),
        _tableau_jets([survie, resistance], "Les jets"),
        *_chances(
            ("Aucun PV perdu", af.pourcentage(lois.points_de_vie_perdus.probability(0))),
            ("Au moins une réussite à répartir", _porte(lois.reussites_a_partager)),
        ),
        _barres(lois.points_de_vie_perdus, "PV perdus (après la Résistance)", s.points_de_vie_perdus),
        _barres(lois.reussites_a_partager, "Réussites à répartir", s.reussites_a_partager),
        *_note_des_lus(e, utilises),
    ]
    if ignores:
        blocs.append(af.texte(f"Jet non fait, dés lus ignorés : {', '.join(ignores)}.", "note"))
    return {
        **dataclasses.asdict(s),
        "jet_de_survie": s.total is not None,
        **_jets(survie=s.jet_survie, resistance=s.resistance),
        "reussites": s.jet_survie.reussites,
        "consequence": s.consequence,
        "probabilites": lois,
        "des_lus": bool(utilises),
        "affichage": blocs,
    }
