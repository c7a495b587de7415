"""Widgets and operations of El Toto (facade of :mod:`rules_py.el_toto`).

One operation per widget action, each reading the form's fields by their
names, calling only the engine for the rules, and answering with the result's
keys plus the display blocks. Every roll may be typed in instead (faces read
on the table, numbers separated by spaces) and comes back with ``rejouer``:
the arguments that reproduce it without any randomness.

>>> from rules_py.web import Moteur
>>> r = Moteur(1).appeler("toto.reserve", {"des": "3", "faces": "6 4 1"})["resultat"]
>>> r["des"], r["succes"], r["maladresse"], r["probabilites"]["3"]
([6, 4, 1], 3, False, '11/54')
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

from rules_py import el_toto as et
from rules_py.dice import Distribution
from rules_py.errors import InputError, RulesError
from rules_py.validation import entier
from rules_py.web import affichage as af
from rules_py.web.commun import (
    barres_distribution,
    case,
    champ_entier,
    en_fractions,
    lire_des_lus,
    note_de_lecture,
    rejouer,
    terme,
    vide,
)
from rules_py.web.registre import Action, Champ, Widget, operation, widget

__all__ = ["Lecteur"]

NOMS = {"a": "A", "b": "B"}
DES_LUS = "Dés lus sur la table (facultatif)"


# -- reading the form ------------------------------------------------------------------


class Lecteur:
    """The fields of one widget's form: integers, boxes and dice read, errors naming the field.

    Messages name the field by its French label, and ``champ`` is the field's
    name, so the page shows the message next to it.

    >>> lire = Lecteur({"des": "12"}, (Champ("des", "Nombre de dés"),))
    >>> lire.entier("des", maximum=10)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « Nombre de dés » doit être au plus 10 (reçu : 12).
    """

    def __init__(self, args: Mapping[str, Any], champs: tuple[Champ, ...]) -> None:
        self.args = args
        self.libelles = {champ.nom: champ.libelle for champ in champs}
        self.lus: dict[str, Any] = {}

    def entier(
        self, nom: str, *, minimum: int | None = 0, maximum: int | None = None, defaut: int | None = None
    ) -> int:
        """A required integer (or ``defaut`` when the field is empty and a default is given)."""
        if defaut is not None and vide(self.args.get(nom)):
            valeur = defaut
        else:
            valeur = champ_entier(
                self.args, nom, self.libelles.get(nom, ""), minimum=minimum, maximum=maximum
            )
        self.lus[nom] = valeur
        return valeur

    def facultatif(self, nom: str, *, minimum: int | None = 0, maximum: int | None = None) -> int | None:
        """An optional integer: None when the field is empty."""
        if vide(self.args.get(nom)):
            self.lus[nom] = ""
            return None
        return self.entier(nom, minimum=minimum, maximum=maximum)

    def case(self, nom: str, defaut: bool) -> bool:
        """A checkbox: a bool, or its usual spellings in text (a shared link)."""
        self.lus[nom] = case(self.args, nom, defaut, libelle=self.libelles.get(nom, ""))
        return self.lus[nom]

    def faces(self, nom: str) -> list[int] | None:
        """Dice read on the table (numbers separated by spaces), or None to roll."""
        self.lus[nom] = ""
        return lire_des_lus(self.args, nom)

    @contextmanager
    def traduire(self, **correspondances: str) -> Iterator[None]:
        """Errors raised inside name a form field (``correspondances``: engine name → field name)."""
        try:
            yield
        except RulesError as erreur:
            nom = correspondances.get(erreur.champ or "", erreur.champ or "")
            if nom not in self.libelles:
                raise
            message = erreur.message.replace(f"« {erreur.champ} »", f"« {self.libelles[nom]} »")
            raise InputError(message, champ=nom) from None

    def rejouer(self, **des: tuple[int, ...]) -> dict[str, Any]:
        """The arguments read, with every roll made filled in its dice field."""
        return rejouer(self.lus, **des)


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


def _faces_en_texte(jet: et.Jet) -> str:
    return " ".join(map(str, jet.des)) if jet.des else "—"


def _barres(dist: Distribution[int], legende: str, surligne: int | None = None) -> af.Bloc:
    """The bar chart of a law of integers, in at most 40 bars (ranges when wider, under the same caption)."""
    return barres_distribution(dist, surligne, legende=legende, legende_tranches=legende, etiquette=af.nombre)


def _au_moins(dist: Distribution[int], seuil: int) -> Fraction:
    return dist.probability_where(lambda issue: issue >= seuil)


def _note_des_lus(lus: list[str]) -> list[af.Bloc]:
    if not lus:
        return []
    return [af.texte(f"Dés lus sur la table : {', '.join(lus)} ; les autres jets ont été lancés.", "note")]


def _ligne_jet(libelle: str, jet: et.Jet, lance: bool = True) -> list[str]:
    if not lance:
        return [libelle, "pas lancé", "—"]
    detail = reussites_en_mots(jet.reussites) + (" (maladresse)" if jet.maladresse else "")
    return [libelle, _faces_en_texte(jet), detail]


def _jet_json(jet: et.Jet) -> dict[str, Any]:
    return {"des": list(jet.des), "reussites": jet.reussites, "maladresse": jet.maladresse}


# -- I. Règles de base : la réserve (C1, C2) --------------------------------------------------

CHAMPS_RESERVE = (
    Champ(
        "des",
        "Nombre de dés",
        defaut=4,
        minimum=0,
        maximum=et.MAX_DES,
        aide="Capacité + Talent, ou Aptitude + Compétence.",
    ),
    Champ(
        "energie",
        "Points d'Énergie dépensés",
        facultatif=True,
        aide="Facultatif : chaque point ajoute un dé.",
    ),
    Champ(
        "plafond",
        "Plafond (Hargne ou Survie)",
        facultatif=True,
        aide="Le score que le MJ désigne pour l'action : au plus autant de points sur ce jet.",
    ),
    Champ("reste", "Énergie restante avant le jet", facultatif=True, aide="Facultatif : vérifie la réserve."),
    Champ(
        "faces",
        "Dés lus sur la table",
        genre="texte",
        facultatif=True,
        aide="Laissez vide pour lancer ; sinon les faces lues, séparées par des espaces (ex. 4 6 1).",
        ephemere=True,
    ),
)


def _depense(lire: Lecteur) -> tuple[int, et.DepenseEnergie | None]:
    """The dice to roll: the pool, plus the Énergie spent within the cap and the points left."""
    des = lire.entier("des", maximum=et.MAX_DES)
    points = lire.facultatif("energie") or 0
    plafond = lire.facultatif("plafond")
    reste = lire.facultatif("reste")
    if plafond is None:
        if points:
            raise InputError(
                "Indiquez le plafond que le MJ désigne pour cette action : la Hargne ou la Survie.",
                champ="plafond",
            )
        return des, None
    with lire.traduire(points="energie"):
        depense = et.depenser_energie(des, points, plafond, points if reste is None else reste)
    if depense.des > et.MAX_DES:
        raise InputError(
            f"Au plus {et.MAX_DES} dés par jet : {des} + {points} d'Énergie = {depense.des}.", champ="energie"
        )
    return depense.des, depense


def _resume_reserve(jet: et.Jet) -> str:
    if not jet.des:
        return "Aucun dé : le jet échoue."
    if jet.maladresse:
        return "Maladresse (échec critique) : tous les dés montrent 1."
    if jet.reussites == 0:
        return "Aucune réussite : le jet échoue."
    return f"{reussites_en_mots(jet.reussites).capitalize()}."


@operation("toto.reserve")
def reserve(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Roll a pool (dice + Énergie spent, capped) or read it: faces, successes, maladresse, exact odds."""
    lire = Lecteur(args, CHAMPS_RESERVE)
    nombre, depense = _depense(lire)
    faces = lire.faces("faces")
    with lire.traduire(des="faces", nombre_de_des="des"):
        jet = et.lancer_jet(nombre, rng=rng, des_lus=faces)
    joint = et.distribution_jet(nombre)
    loi = et.distribution_reussites(nombre)
    p_maladresse = joint.probability_where(lambda issue: issue[1])
    reponse: dict[str, Any] = {
        "nombre_de_des": nombre,
        "energie_depensee": depense.points_depenses if depense else 0,
        "energie_restante": depense.energie_restante if depense and lire.lus["reste"] != "" else None,
        "des": list(jet.des),
        "succes": jet.reussites,
        "maladresse": jet.maladresse,
        "reussi": jet.reussi,
        "probabilites": en_fractions(loi),
        "probabilite_maladresse": af.fraction(p_maladresse),
        "probabilite_reussite": af.fraction(_au_moins(loi, 1)),
        "des_lus": faces is not None,
        "rejouer": lire.rejouer(faces=jet.des),
    }
    valeurs = [("Dés lancés", des_en_mots(nombre))]
    if depense and depense.points_depenses:
        valeurs[0] = (
            "Dés lancés",
            f"{des_en_mots(nombre)} ({af.nombre(nombre - depense.points_depenses)} "
            f"+ {af.nombre(depense.points_depenses)} d'Énergie)",
        )
    valeurs += [
        ("Réussites", af.nombre(jet.reussites)),
        ("Chance d'au moins une réussite", af.pourcentage(_au_moins(loi, 1))),
    ]
    if jet.reussites > 1:
        valeurs.append(
            (
                f"Chance d'au moins {reussites_en_mots(jet.reussites)}",
                af.pourcentage(_au_moins(loi, jet.reussites)),
            )
        )
    valeurs.append(("Chance de maladresse", af.pourcentage(p_maladresse)))
    if reponse["energie_restante"] is not None:
        valeurs.append(("Énergie restante après le jet", af.nombre(reponse["energie_restante"])))
    blocs = [af.texte(_resume_reserve(jet), "resultat")]
    if jet.des:
        blocs.append(af.des(jet.des, et.FACES, _classes(jet)))
    blocs += [
        af.valeurs(valeurs),
        _barres(loi, f"Probabilité de chaque nombre de réussites avec {des_en_mots(nombre)}", jet.reussites),
    ]
    if faces is not None:
        blocs.append(note_de_lecture("les dés lus"))
    reponse["affichage"] = blocs
    return reponse


def _statique_reserve(options: Mapping[str, Any]) -> list[af.Bloc]:
    seuils = range(1, 7)
    lignes = []
    for nombre in range(1, 9):
        loi = et.distribution_reussites(nombre)
        p_maladresse = et.distribution_jet(nombre).probability_where(lambda issue: issue[1])
        lignes.append(
            [des_en_mots(nombre)]
            + [af.pourcentage(_au_moins(loi, k)) for k in seuils]
            + [af.pourcentage(p_maladresse)]
        )
    return [
        af.tableau(
            ["Dés lancés", *(f"≥ {k}" for k in seuils), "Maladresse"],
            lignes,
            legende="Chance d'obtenir au moins k réussites (colonnes ≥ k), et de faire une maladresse",
        )
    ]


widget(
    Widget(
        nom="reserve-el-toto",
        titre="Jet de dés d'El Toto",
        champs=CHAMPS_RESERVE,
        actions=(Action("toto.reserve", "Lancer"),),
        statique=_statique_reserve,
        options=("des",),
    )
)


# -- I. Règles de base : Énergie et points de vie (C2, C3) ----------------------------------

CHAMPS_ENERGIE = (
    Champ("hargne", "Hargne", defaut=3, minimum=0),
    Champ("trempe", "Trempe", defaut=2, minimum=0),
    Champ("survie", "Survie", defaut=4, minimum=0),
    Champ("resistance", "Résistance", defaut=3, minimum=0),
)


@operation("toto.energie")
def energie(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Énergie points, the cap per roll (Hargne or Survie) and the Points de Vie."""
    lire = Lecteur(args, CHAMPS_ENERGIE)
    hargne = lire.entier("hargne")
    trempe = lire.entier("trempe")
    survie = lire.entier("survie")
    resistance = lire.entier("resistance")
    points = et.points_d_energie(hargne, trempe, survie)
    vie = et.points_de_vie(resistance, hargne)
    return {
        "points_d_energie": points,
        "plafond_hargne": hargne,
        "plafond_survie": survie,
        "points_de_vie": vie,
        "affichage": [
            af.texte(
                f"{af.nombre(points)} points d'Énergie ; {af.nombre(vie)} points de vie.",
                "resultat",
            ),
            af.valeurs(
                [
                    (
                        "Points d'Énergie",
                        f"{af.nombre(hargne)} + {af.nombre(trempe)} + {af.nombre(survie)} "
                        f"= {af.nombre(points)}",
                    ),
                    ("Plafond par jet si le MJ désigne la Hargne", af.nombre(hargne)),
                    ("Plafond par jet si le MJ désigne la Survie", af.nombre(survie)),
                    (
                        "Points de vie",
                        f"{af.nombre(resistance)} × 2 + {af.nombre(hargne)} + 5 = {af.nombre(vie)}",
                    ),
                ]
            ),
            af.texte("Chaque point d'Énergie dépensé ajoute un dé au jet.", "note"),
        ],
    }


def _statique_energie(options: Mapping[str, Any]) -> list[af.Bloc]:
    hargnes = range(1, 6)
    return [
        af.texte(
            "Exemple : Hargne 3, Trempe 2, Survie 4 donnent 9 points d'Énergie, dont au plus 3 (Hargne) "
            "ou 4 (Survie) sur un même jet ; avec Résistance 3, le personnage a 14 points de vie."
        ),
        af.tableau(
            ["Résistance", *(f"Hargne {h}" for h in hargnes)],
            [[af.nombre(r), *(af.nombre(et.points_de_vie(r, h)) for h in hargnes)] for r in range(1, 7)],
            legende="Points de vie selon la Résistance et la Hargne",
        ),
    ]


widget(
    Widget(
        nom="energie-el-toto",
        titre="Énergie et points de vie",
        champs=CHAMPS_ENERGIE,
        actions=(Action("toto.energie", "Calculer"),),
        statique=_statique_energie,
    )
)


# -- II. Combat : le duel (C4) ------------------------------------------------------------------


def _champ_lu(nom: str, libelle: str, groupe: str = DES_LUS) -> Champ:
    """Faces read on the table for one roll (emptied after each result: the next action rolls)."""
    return Champ(
        nom,
        libelle,
        genre="texte",
        facultatif=True,
        aide="Facultatif : faces lues, sinon lancé.",
        groupe=groupe,
        ephemere=True,
    )


def _arme_et_resistance(camp: str, bonus: int, resistance: int) -> tuple[Champ, Champ]:
    """A side's weapon bonus and Résistance + Protection dice (the duel's and quick combat's)."""
    nom = NOMS[camp]
    groupe = f"Combattant {nom}"
    return (
        Champ(
            f"bonus_arme_{camp}",
            f"{nom} : bonus de l'arme",
            defaut=bonus,
            minimum=-et.MAX_MODIFICATEUR,
            groupe=groupe,
        ),
        Champ(
            f"resistance_{camp}",
            f"{nom} : Résistance + Protection",
            defaut=resistance,
            aide="En dés.",
            groupe=groupe,
        ),
    )


def _champs_camp(
    camp: str, pdc: int, initiative: int, attaque: int, bonus: int, force: int, resistance: int
) -> tuple[Champ, ...]:
    """One side of the duel: its split of the PdC, Esquive, weapon, Force, Résistance, and its dice read."""
    nom = NOMS[camp]
    groupe = f"Combattant {nom}"
    return (
        Champ(f"pdc_{camp}", f"PdC de {nom}", defaut=pdc, aide="Arts Martiaux + compétence.", groupe=groupe),
        Champ(
            f"initiative_{camp}",
            f"{nom} : dés d'initiative",
            defaut=initiative,
            aide="Main droite.",
            groupe=groupe,
        ),
        Champ(
            f"attaque_{camp}",
            f"{nom} : dés d'attaque",
            defaut=attaque,
            aide="Le reste du PdC va à la défense.",
            groupe=groupe,
        ),
        Champ(
            f"esquive_{camp}",
            f"{nom} : Agilité + Esquiver",
            facultatif=True,
            aide="Facultatif : une esquive remplace la défense (moins les dés d'initiative).",
            groupe=groupe,
        ),
        Champ(f"force_{camp}", f"{nom} : Force", defaut=force, groupe=groupe),
        *_arme_et_resistance(camp, bonus, resistance),
        _champ_lu(f"des_attaque_{camp}", f"Dés lus : attaque de {nom}", groupe),
        _champ_lu(f"des_defense_{camp}", f"Dés lus : défense (ou esquive) de {nom}", groupe),
        _champ_lu(f"des_resistance_{camp}", f"Dés lus : Résistance + Protection de {nom}", groupe),
    )


CHAMPS_DUEL = (*_champs_camp("a", 6, 1, 3, 1, 2, 3), *_champs_camp("b", 6, 2, 2, 0, 1, 2))

LIBELLES_JETS = {
    "des_attaque_a": "attaque de A",
    "des_defense_a": "défense de A",
    "des_resistance_a": "Résistance + Protection de A",
    "des_attaque_b": "attaque de B",
    "des_defense_b": "défense de B",
    "des_resistance_b": "Résistance + Protection de B",
}


def _combattant(lire: Lecteur, camp: str) -> et.Combattant:
    """One side of the duel from its fields: split, Esquive, weapon, Force, Résistance + Protection."""
    nom = NOMS[camp]
    pdc = lire.entier(f"pdc_{camp}", maximum=et.MAX_DES)
    initiative = lire.entier(f"initiative_{camp}", maximum=et.MAX_DES)
    attaque = lire.entier(f"attaque_{camp}", maximum=et.MAX_DES)
    if initiative > pdc:
        raise InputError(
            f"{nom} ne peut pas mettre {des_en_mots(initiative)} en initiative : son PdC est de {pdc}.",
            champ=f"initiative_{camp}",
        )
    if initiative + attaque > pdc:
        raise InputError(
            f"{nom} : {des_en_mots(initiative)} d'initiative et {des_en_mots(attaque)} d'attaque, "
            f"c'est plus que son PdC ({pdc}).",
            champ=f"attaque_{camp}",
        )
    agilite_esquiver = lire.facultatif(f"esquive_{camp}")
    bonus = lire.entier(f"bonus_arme_{camp}", minimum=-et.MAX_MODIFICATEUR, maximum=et.MAX_MODIFICATEUR)
    force = lire.entier(f"force_{camp}")
    resistance = lire.entier(f"resistance_{camp}", maximum=et.MAX_DES)
    esquive = None
    if agilite_esquiver is not None:
        esquive = et.des_d_esquive(agilite_esquiver, 0, initiative)
        if esquive > et.MAX_DES:
            raise InputError(f"Au plus {et.MAX_DES} dés d'esquive.", champ=f"esquive_{camp}")
    return et.Combattant(et.repartir(pdc, initiative, attaque), bonus, force, resistance, esquive)


def _phrase_initiative(initiative: et.Initiative, a: et.Combattant, b: et.Combattant) -> str:
    ia, ib = a.repartition.initiative, b.repartition.initiative
    if initiative is et.Initiative.SIMULTANEE:
        return f"Égalité d'initiative ({des_en_mots(ia)} chacun) : A et B frappent en même temps."
    premier, second = ("A", "B") if initiative is et.Initiative.A else ("B", "A")
    plus, moins = max(ia, ib), min(ia, ib)
    return (
        f"{premier} a l'initiative ({des_en_mots(plus)} contre {af.nombre(moins)}) : {premier} attaque, "
        f"puis {second} riposte."
    )


def _formule_dommages(attaque: et.Attaque, attaquant: et.Combattant) -> str:
    brut = attaque.impact + attaquant.bonus_arme - 2 + attaquant.force
    texte = (
        f"{af.nombre(attaque.impact)} {terme(attaquant.bonus_arme)} − 2 {terme(attaquant.force)}"
        f" = {af.nombre(brut)}"
    )
    return texte if brut >= 0 else f"{texte}, compté 0"


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
    debut = f"Impact {impact} : dommages {_formule_dommages(attaque, attaquant)}"
    if attaque.dommages == 0:
        return f"{debut} ; pas de dommages, donc pas de jet de Résistance + Protection."
    return (
        f"{debut}, moins {reussites_en_mots(attaque.resistance.reussites)} de Résistance + Protection : "
        f"{perd(cible, attaque.points_de_vie_perdus)}."
    )


def _attaque_json(attaque: et.Attaque, attaquant: et.Combattant, rang: int) -> dict[str, Any]:
    return {
        "rang": rang,
        "attaque": _jet_json(attaque.attaque),
        "defense": _jet_json(attaque.defense),
        "resistance": _jet_json(attaque.resistance),
        "impact": attaque.impact,
        "dommages": attaque.dommages,
        "points_de_vie_perdus": attaque.points_de_vie_perdus,
        "de_de_riposte": len(attaque.attaque.des) > attaquant.repartition.attaque,
    }


def _tableau_attaque(
    attaque: et.Attaque, camp: str, cible: et.Combattant, rang: int, riposte: bool
) -> af.Bloc:
    nom, autre = NOMS[camp], NOMS["b" if camp == "a" else "a"]
    titre = {0: f"Attaque de {nom}", 1: f"1. Attaque de {nom}", 2: f"2. Riposte de {nom}"}[rang]
    defense = f"Esquive de {autre}" if cible.esquive is not None else f"Défense de {autre}"
    return af.tableau(
        ["Jet", "Dés", "Réussites"],
        [
            _ligne_jet(
                f"Attaque de {nom} ({des_en_mots(len(attaque.attaque.des))}"
                + (", +1 de riposte)" if riposte else ")"),
                attaque.attaque,
            ),
            _ligne_jet(f"{defense} ({des_en_mots(len(attaque.defense.des))})", attaque.defense),
            _ligne_jet(
                f"Résistance + Protection de {autre} ({des_en_mots(cible.resistance)})",
                attaque.resistance,
                attaque.dommages > 0,
            ),
        ],
        legende=titre,
    )


def _chances_passe(lois: et.LoisDeLaPasse) -> list[af.Bloc]:
    touche_a = lois.impact_de_a.probability_where(lambda i: i > 0)
    touche_b = lois.impact_de_b.probability_where(lambda i: i > 0)
    valeurs = [
        ("L'attaque de A porte (impact > 0)", af.pourcentage(touche_a)),
        ("B perd des PV", af.pourcentage(lois.perdus_par_b.probability_where(lambda p: p > 0))),
        ("L'attaque de B porte (impact > 0)", af.pourcentage(touche_b)),
        ("A perd des PV", af.pourcentage(lois.perdus_par_a.probability_where(lambda p: p > 0))),
    ]
    if lois.initiative is not et.Initiative.SIMULTANEE:
        second = "B" if lois.initiative is et.Initiative.A else "A"
        valeurs.append((f"{second} gagne le dé de riposte", af.pourcentage(lois.de_de_riposte)))
    return [af.texte("Chances exactes de la passe, avant les dés :"), af.valeurs(valeurs)]


def _barres_passe(lois: et.LoisDeLaPasse, reel: dict[str, int]) -> list[af.Bloc]:
    return [
        _barres(lois.impact_de_a, "Impact de l'attaque de A", reel.get("impact_de_a")),
        _barres(
            lois.perdus_par_b, "PV perdus par B, après sa Résistance + Protection", reel.get("perdus_par_b")
        ),
        _barres(lois.impact_de_b, "Impact de l'attaque de B", reel.get("impact_de_b")),
        _barres(
            lois.perdus_par_a, "PV perdus par A, après sa Résistance + Protection", reel.get("perdus_par_a")
        ),
    ]


def _lois_json(lois: et.LoisDeLaPasse) -> dict[str, Any]:
    return {
        "impact_de_a": en_fractions(lois.impact_de_a),
        "impact_de_b": en_fractions(lois.impact_de_b),
        "perdus_par_a": en_fractions(lois.perdus_par_a),
        "perdus_par_b": en_fractions(lois.perdus_par_b),
        "de_de_riposte": af.fraction(lois.de_de_riposte),
    }


def _combattant_json(combattant: et.Combattant) -> dict[str, Any]:
    repartition = combattant.repartition
    return {
        "pdc": repartition.pdc,
        "initiative": repartition.initiative,
        "attaque": repartition.attaque,
        "defense": repartition.defense,
        "esquive": combattant.esquive,
        "des_de_defense": combattant.des_de_defense,
    }


@operation("toto.duel")
def duel(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play one pass of a duel (rolled, or dice read hand by hand) with its exact odds."""
    lire = Lecteur(args, CHAMPS_DUEL)
    a, b = _combattant(lire, "a"), _combattant(lire, "b")
    lus = {nom: lire.faces(nom) for nom in et.CHAMPS_DES_LUS_ECHANGE}
    lus = {nom: faces for nom, faces in lus.items() if faces is not None}
    with lire.traduire():
        echange = et.lancer_echange(a, b, rng=rng, des_lus=lus)
    lois = et.distribution_passe(a, b)
    ordre = echange.initiative
    rangs = (
        {"a": 0, "b": 0}
        if ordre is et.Initiative.SIMULTANEE
        else ({"a": 1, "b": 2} if ordre is et.Initiative.A else {"a": 2, "b": 1})
    )
    attaques = {"a": (echange.attaque_de_a, a, b), "b": (echange.attaque_de_b, b, a)}
    blocs = [af.texte(_phrase_initiative(ordre, a, b), "resultat")]
    for camp in sorted(attaques, key=lambda c: rangs[c]):
        attaque, attaquant, cible = attaques[camp]
        riposte = len(attaque.attaque.des) > attaquant.repartition.attaque
        blocs.append(_tableau_attaque(attaque, camp, cible, rangs[camp], riposte))
        autre = NOMS["b" if camp == "a" else "a"]
        blocs.append(af.texte(phrase_issue(attaque, attaquant, autre, premiere=rangs[camp] == 1)))
    blocs += _chances_passe(lois)
    blocs += _barres_passe(
        lois,
        {
            "impact_de_a": echange.attaque_de_a.impact,
            "impact_de_b": echange.attaque_de_b.impact,
            "perdus_par_b": echange.attaque_de_a.points_de_vie_perdus,
            "perdus_par_a": echange.attaque_de_b.points_de_vie_perdus,
        },
    )
    blocs += _note_des_lus([LIBELLES_JETS[nom] for nom in lus])
    des = {
        "des_attaque_a": echange.attaque_de_a.attaque.des,
        "des_defense_b": echange.attaque_de_a.defense.des,
        "des_resistance_b": echange.attaque_de_a.resistance.des,
        "des_attaque_b": echange.attaque_de_b.attaque.des,
        "des_defense_a": echange.attaque_de_b.defense.des,
        "des_resistance_a": echange.attaque_de_b.resistance.des,
    }
    return {
        "initiative": ordre.value,
        "combattants": {"a": _combattant_json(a), "b": _combattant_json(b)},
        "attaques": {
            "a": _attaque_json(echange.attaque_de_a, a, rangs["a"]),
            "b": _attaque_json(echange.attaque_de_b, b, rangs["b"]),
        },
        "probabilites": _lois_json(lois),
        "des_lus": bool(lus),
        "jets_lus": list(lus),
        "rejouer": lire.rejouer(**des),
        "affichage": blocs,
    }


CRITERES = {
    et.Critere.TOUCHER: "Toucher",
    et.Critere.TOUCHER_SANS_ETRE_TOUCHE: "Toucher sans être touché",
}

EXPLICATIONS_REPARTITION = (
    "« Toucher » : la chance que l'attaque porte (impact > 0) pendant la passe, riposte comprise. "
    "« Toucher sans être touché » : qu'elle porte et que celle de l'adversaire ne porte pas.",
    "La recherche essaie chaque répartition du PdC contre celle que l'adversaire a annoncée (son esquive "
    "comprise), en se défendant avec la main gauche ; à chance égale, elle garde le moins de dés "
    "d'initiative, puis le plus de dés d'attaque.",
    "Pourquoi aucun dé en initiative : sur une passe, frapper le premier ne rapporte rien dans ce calcul. "
    "Les dés d'initiative ne sont lancés ni en attaque ni en défense, et celui qui frappe en second peut "
    "gagner le dé de riposte. Le calcul ne compte pas ce que le texte ne chiffre pas : le malus d'une "
    "blessure reçue avant de riposter (le site ne l'applique qu'aux jets suivants), les coups spéciaux, "
    "la rupture du combat. C'est là que l'initiative peut servir, à l'appréciation du MJ.",
    "Le calcul vise un impact positif, pas un montant de dommages : le bonus de l'arme, la Force et la "
    "Résistance + Protection décident ensuite des PV perdus.",
)


def _en_jeu(combattant: et.Combattant, champ: str) -> et.Repartition:
    """The pools a side rolls in the pass: its initiative and attack hands, its defence or Esquive dice."""
    repartition = combattant.repartition
    try:
        return et.Repartition(repartition.initiative, repartition.attaque, combattant.des_de_defense)
    except InputError:
        raise InputError(f"Au plus {et.MAX_DES} dés en tout, esquive comprise.", champ=champ) from None


def _repartition_en_texte(repartition: et.Repartition) -> str:
    return " / ".join(
        af.nombre(n) for n in (repartition.initiative, repartition.attaque, repartition.defense)
    )


def conseils(a: et.Combattant, b: et.Combattant) -> dict[str, dict[str, Any]]:
    """For each side, the engine's best split against the other's announced pools, by both criteria."""
    camps = {"a": (a, b, "esquive_b"), "b": (b, a, "esquive_a")}
    resultat: dict[str, dict[str, Any]] = {}
    for camp, (soi, adversaire, champ) in camps.items():
        adverse = _en_jeu(adversaire, champ)
        actuelle = _en_jeu(soi, f"esquive_{camp}")
        resultat[camp] = {}
        for critere in et.Critere:
            conseil = et.meilleure_repartition(soi.repartition.pdc, adverse, critere)
            resultat[camp][critere.value] = {
                "initiative": conseil.repartition.initiative,
                "attaque": conseil.repartition.attaque,
                "defense": conseil.repartition.defense,
                "chance": conseil.chance,
                "chance_actuelle": et.chance_de_la_repartition(actuelle, adverse, critere),
            }
    return resultat


def _blocs_conseils(a: et.Combattant, b: et.Combattant, trouves: dict[str, dict[str, Any]]) -> list[af.Bloc]:
    blocs: list[af.Bloc] = []
    for camp, soi, autre in (("a", a, b), ("b", b, a)):
        nom, nom_autre = NOMS[camp], NOMS["b" if camp == "a" else "a"]
        annonce = _repartition_en_texte(soi.repartition)
        lignes = [
            [
                CRITERES[critere],
                " / ".join(
                    af.nombre(trouves[camp][critere.value][k]) for k in ("initiative", "attaque", "defense")
                ),
                af.pourcentage(trouves[camp][critere.value]["chance"]),
                af.pourcentage(trouves[camp][critere.value]["chance_actuelle"]),
            ]
            for critere in et.Critere
        ]
        blocs.append(
            af.tableau(
                ["Critère", "Conseillée (init. / att. / déf.)", "Chance", f"Annoncée ({annonce})"],
                lignes,
                legende=(
                    f"Meilleure répartition du PdC de {nom} ({des_en_mots(soi.repartition.pdc)}) contre "
                    f"{nom_autre} ({_repartition_en_texte(autre.repartition)}"
                    + (f", esquive de {des_en_mots(autre.esquive)}" if autre.esquive is not None else "")
                    + ")"
                ),
            )
        )
        if soi.esquive is not None:
            blocs.append(
                af.texte(
                    f"{nom} a annoncé une esquive : la colonne « Annoncée » la compte, la recherche suppose "
                    "une défense avec la main gauche.",
                    "note",
                )
            )
    blocs += [af.texte(texte, "note") for texte in EXPLICATIONS_REPARTITION]
    return blocs


@operation("toto.duel_repartition")
def duel_repartition(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The split of each side's PdC that maximises its chance of landing a hit (both engine criteria)."""
    lire = Lecteur(args, CHAMPS_DUEL)
    a, b = _combattant(lire, "a"), _combattant(lire, "b")
    trouves = conseils(a, b)
    json_conseils = {
        camp: {
            critere: {
                **valeurs,
                "chance": af.fraction(valeurs["chance"]),
                "chance_actuelle": af.fraction(valeurs["chance_actuelle"]),
            }
            for critere, valeurs in par_critere.items()
        }
        for camp, par_critere in trouves.items()
    }
    meilleure = trouves["a"][et.Critere.TOUCHER.value]
    resume = (
        f"Pour toucher, A met {af.nombre(meilleure['initiative'])} en initiative, "
        f"{af.nombre(meilleure['attaque'])} en attaque et {af.nombre(meilleure['defense'])} en défense : "
        f"{af.pourcentage(meilleure['chance'])}."
    )
    return {
        "conseils": json_conseils,
        "affichage": [af.texte(resume, "resultat"), *_blocs_conseils(a, b, trouves)],
    }


def _defauts(champs: tuple[Champ, ...]) -> dict[str, Any]:
    return {champ.nom: "" if champ.defaut is None else champ.defaut for champ in champs}


def _statique_duel(options: Mapping[str, Any]) -> list[af.Bloc]:
    lire = Lecteur(_defauts(CHAMPS_DUEL), CHAMPS_DUEL)
    a, b = _combattant(lire, "a"), _combattant(lire, "b")
    lois = et.distribution_passe(a, b)
    return [
        af.texte(
            "Exemple : A (PdC 6 réparti 1 / 3 / 2, arme +1, Force 2, Résistance + Protection 3 dés) contre "
            "B (PdC 6 réparti 2 / 2 / 2, arme +0, Force 1, Résistance + Protection 2 dés). "
            + _phrase_initiative(lois.initiative, a, b)
        ),
        *_chances_passe(lois),
        _barres(lois.perdus_par_b, "PV perdus par B, après sa Résistance + Protection"),
        _barres(lois.perdus_par_a, "PV perdus par A, après sa Résistance + Protection"),
        *_blocs_conseils(a, b, conseils(a, b)),
    ]


widget(
    Widget(
        nom="duel-el-toto",
        titre="Duel : une passe",
        champs=CHAMPS_DUEL,
        actions=(
            Action("toto.duel", "Jouer la passe"),
            Action("toto.duel_repartition", "Meilleure répartition"),
        ),
        statique=_statique_duel,
    )
)


# -- II. Combat : le combat rapide (C5) ------------------------------------------------------


def _champs_rapides(camp: str, pdc: int, bouclier: int, bonus: int, resistance: int) -> tuple[Champ, ...]:
    """One side of quick combat: PdC, shield, weapon, Résistance + Protection, and its dice read."""
    nom = NOMS[camp]
    groupe = f"Combattant {nom}"
    return (
        Champ(f"pdc_{camp}", f"PdC de {nom}", defaut=pdc, groupe=groupe),
        Champ(f"bouclier_{camp}", f"{nom} : bonus de bouclier", defaut=bouclier, groupe=groupe),
        *_arme_et_resistance(camp, bonus, resistance),
        _champ_lu(f"des_{camp}", f"Dés lus : PdC + bouclier de {nom}", groupe),
    )


CHAMPS_COMBAT_RAPIDE = (
    *_champs_rapides("a", 5, 1, 1, 3),
    *_champs_rapides("b", 6, 0, 0, 2),
    _champ_lu("des_resistance", "Dés lus : Résistance + Protection du perdant", "Perdant de la passe"),
)


def _des_rapides(lire: Lecteur, camp: str) -> int:
    pdc = lire.entier(f"pdc_{camp}", maximum=et.MAX_DES)
    bouclier = lire.entier(f"bouclier_{camp}", maximum=et.MAX_DES)
    nombre = et.des_de_combat_rapide(pdc, bouclier)
    if nombre > et.MAX_DES:
        raise InputError(f"Au plus {et.MAX_DES} dés : PdC + bouclier = {nombre}.", champ=f"bouclier_{camp}")
    return nombre


def _lire_combat_rapide(lire: Lecteur) -> dict[str, int]:
    valeurs = {"des_a": _des_rapides(lire, "a"), "des_b": _des_rapides(lire, "b")}
    for camp in ("a", "b"):
        valeurs[f"bonus_arme_{camp}"] = lire.entier(
            f"bonus_arme_{camp}", minimum=-et.MAX_MODIFICATEUR, maximum=et.MAX_MODIFICATEUR
        )
        valeurs[f"resistance_{camp}"] = lire.entier(f"resistance_{camp}", maximum=et.MAX_DES)
    return valeurs


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


def _chances_combat_rapide(loi: Distribution[tuple[et.Vainqueur, int]]) -> dict[str, Any]:
    perdus = {
        "a": loi.map(lambda issue: issue[1] if issue[0] is et.Vainqueur.B else 0),
        "b": loi.map(lambda issue: issue[1] if issue[0] is et.Vainqueur.A else 0),
    }
    vainqueur = {v.value: loi.probability_where(lambda issue, v=v: issue[0] is v) for v in et.Vainqueur}
    return {"vainqueur": vainqueur, "perdus": perdus}


def _blocs_chances_rapide(chances: dict[str, Any], reel: et.CombatRapide | None = None) -> list[af.Bloc]:
    vainqueur = chances["vainqueur"]
    perdus_a = reel.points_de_vie_perdus if reel and reel.vainqueur is et.Vainqueur.B else 0
    perdus_b = reel.points_de_vie_perdus if reel and reel.vainqueur is et.Vainqueur.A else 0
    return [
        af.valeurs(
            [
                ("A remporte la passe", af.pourcentage(vainqueur["a"])),
                ("Égalité", af.pourcentage(vainqueur["egalite"])),
                ("B remporte la passe", af.pourcentage(vainqueur["b"])),
            ]
        ),
        _barres(
            chances["perdus"]["b"],
            "PV perdus par B (0 : B gagne, égalité ou rien à perdre)",
            perdus_b if reel else None,
        ),
        _barres(
            chances["perdus"]["a"],
            "PV perdus par A (0 : A gagne, égalité ou rien à perdre)",
            perdus_a if reel else None,
        ),
    ]


@operation("toto.combat_rapide")
def combat_rapide(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One exchange of quick combat, rolled or read, with the exact law of its outcome."""
    lire = Lecteur(args, CHAMPS_COMBAT_RAPIDE)
    v = _lire_combat_rapide(lire)
    lus = {nom: lire.faces(nom) for nom in ("des_a", "des_b", "des_resistance")}
    with lire.traduire():
        issue = et.lancer_combat_rapide(
            v["des_a"],
            v["des_b"],
            resistance_a=v["resistance_a"],
            resistance_b=v["resistance_b"],
            bonus_arme_a=v["bonus_arme_a"],
            bonus_arme_b=v["bonus_arme_b"],
            rng=rng,
            des_lus_a=lus["des_a"],
            des_lus_b=lus["des_b"],
            des_lus_resistance=lus["des_resistance"],
        )
    loi = et.distribution_combat_rapide(
        v["des_a"],
        v["des_b"],
        resistance_a=v["resistance_a"],
        resistance_b=v["resistance_b"],
        bonus_arme_a=v["bonus_arme_a"],
        bonus_arme_b=v["bonus_arme_b"],
    )
    chances = _chances_combat_rapide(loi)
    perdant = {et.Vainqueur.A: "b", et.Vainqueur.B: "a"}.get(issue.vainqueur)
    lignes = [
        _ligne_jet(f"PdC + bouclier de A ({des_en_mots(v['des_a'])})", issue.jet_a),
        _ligne_jet(f"PdC + bouclier de B ({des_en_mots(v['des_b'])})", issue.jet_b),
    ]
    if perdant:
        lignes.append(
            _ligne_jet(
                f"Résistance + Protection de {NOMS[perdant]} ({des_en_mots(v[f'resistance_{perdant}'])})",
                issue.resistance,
                issue.dommages > 0,
            )
        )
    lus_faits = [nom for nom, faces in lus.items() if faces is not None]
    return {
        "des_a": list(issue.jet_a.des),
        "des_b": list(issue.jet_b.des),
        "reussites_a": issue.jet_a.reussites,
        "reussites_b": issue.jet_b.reussites,
        "vainqueur": issue.vainqueur.value,
        "perdant": perdant,
        "dommages": issue.dommages,
        "des_resistance": list(issue.resistance.des),
        "reussites_resistance": issue.resistance.reussites,
        "points_de_vie_perdus": issue.points_de_vie_perdus,
        "probabilites": {
            "vainqueur": en_fractions(chances["vainqueur"]),
            "perdus_par_a": en_fractions(chances["perdus"]["a"]),
            "perdus_par_b": en_fractions(chances["perdus"]["b"]),
        },
        "des_lus": bool(lus_faits),
        "rejouer": lire.rejouer(
            des_a=issue.jet_a.des, des_b=issue.jet_b.des, des_resistance=issue.resistance.des
        ),
        "affichage": [
            af.texte(_phrase_combat_rapide(issue), "resultat"),
            af.tableau(["Jet", "Dés", "Réussites"], lignes, legende="Les jets de la passe"),
            af.texte("Chances exactes, avant les dés :"),
            *_blocs_chances_rapide(chances, issue),
            *_note_des_lus(
                [
                    {"des_a": "PdC de A", "des_b": "PdC de B", "des_resistance": "Résistance"}[n]
                    for n in lus_faits
                ]
            ),
        ],
    }


def _statique_combat_rapide(options: Mapping[str, Any]) -> list[af.Bloc]:
    lire = Lecteur(_defauts(CHAMPS_COMBAT_RAPIDE), CHAMPS_COMBAT_RAPIDE)
    v = _lire_combat_rapide(lire)
    loi = et.distribution_combat_rapide(
        v["des_a"],
        v["des_b"],
        resistance_a=v["resistance_a"],
        resistance_b=v["resistance_b"],
        bonus_arme_a=v["bonus_arme_a"],
        bonus_arme_b=v["bonus_arme_b"],
    )
    return [
        af.texte(
            "Exemple : A lance PdC 5 + bouclier 1 = 6 dés, arme +1, Résistance + Protection 3 dés ; "
            "B lance PdC 6 sans bouclier, arme +0, Résistance + Protection 2 dés."
        ),
        *_blocs_chances_rapide(_chances_combat_rapide(loi)),
    ]


widget(
    Widget(
        nom="combat-rapide-el-toto",
        titre="Combat rapide",
        champs=CHAMPS_COMBAT_RAPIDE,
        actions=(Action("toto.combat_rapide", "Jouer la passe"),),
        statique=_statique_combat_rapide,
    )
)


# -- II. Combat : à distance (C6) ------------------------------------------------------------

CHAMPS_DISTANCE = (
    Champ("pdc", "PdC du tireur", defaut=5, groupe="Tireur"),
    Champ("bonus_arme", "Bonus de l'arme", defaut=1, minimum=-et.MAX_MODIFICATEUR, groupe="Tireur"),
    Champ("force", "Force du tireur", defaut=0, groupe="Tireur"),
    _champ_lu("des_attaque", "Dés lus : PdC du tireur", "Tireur"),
    Champ("prevenu", "La cible est prévenue", genre="case", defaut=True, groupe="Cible"),
    Champ(
        "esquive",
        "Cible : Agilité + Esquiver",
        defaut=3,
        aide="Compte seulement si la cible est prévenue.",
        groupe="Cible",
    ),
    Champ("resistance", "Cible : Résistance + Protection", defaut=3, aide="En dés.", groupe="Cible"),
    _champ_lu("des_defense", "Dés lus : Agilité + Esquiver", "Cible"),
    _champ_lu("des_resistance", "Dés lus : Résistance + Protection", "Cible"),
)


def _lire_distance(lire: Lecteur) -> dict[str, Any]:
    pdc = lire.entier("pdc", maximum=et.MAX_DES)
    prevenu = lire.case("prevenu", True)
    esquive = lire.entier("esquive", maximum=et.MAX_DES, defaut=0)
    return {
        "pdc": pdc,
        "prevenu": prevenu,
        "defense": et.des_d_esquive_a_distance(esquive, 0, prevenu=prevenu),
        "bonus_arme": lire.entier("bonus_arme", minimum=-et.MAX_MODIFICATEUR, maximum=et.MAX_MODIFICATEUR),
        "force": lire.entier("force"),
        "resistance": lire.entier("resistance", maximum=et.MAX_DES),
    }


def _blocs_chances_distance(
    impact: Distribution[int], perdus: Distribution[int], reel: et.Attaque | None = None
) -> list[af.Bloc]:
    return [
        af.valeurs(
            [
                ("Le tir porte (impact > 0)", af.pourcentage(impact.probability_where(lambda i: i > 0))),
                ("La cible perd des PV", af.pourcentage(perdus.probability_where(lambda p: p > 0))),
            ]
        ),
        _barres(impact, "Impact du tir", reel.impact if reel else None),
        _barres(
            perdus,
            "PV perdus par la cible, après sa Résistance + Protection",
            reel.points_de_vie_perdus if reel else None,
        ),
    ]


def _lois_distance(v: dict[str, Any]) -> tuple[Distribution[int], Distribution[int]]:
    return (
        et.distribution_impact(v["pdc"], v["defense"]),
        et.distribution_points_de_vie_perdus(
            v["pdc"], v["defense"], v["resistance"], bonus_arme=v["bonus_arme"], force=v["force"]
        ),
    )


@operation("toto.distance")
def distance(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A ranged shot: unopposed, or against Agilité + Esquiver; damage as in the duel."""
    lire = Lecteur(args, CHAMPS_DISTANCE)
    v = _lire_distance(lire)
    lus = {nom: lire.faces(nom) for nom in ("des_attaque", "des_defense", "des_resistance")}
    if not v["prevenu"] and lus["des_defense"]:
        raise InputError("La cible n'est pas prévenue : elle ne lance pas d'esquive.", champ="des_defense")
    with lire.traduire():
        tir = et.lancer_attaque(
            v["pdc"],
            v["defense"],
            v["resistance"],
            bonus_arme=v["bonus_arme"],
            force=v["force"],
            rng=rng,
            des_attaque=lus["des_attaque"],
            des_defense=lus["des_defense"],
            des_resistance=lus["des_resistance"],
        )
    impact, perdus = _lois_distance(v)
    tireur = et.Combattant(et.Repartition(0, v["pdc"], 0), v["bonus_arme"], v["force"])
    lignes = [_ligne_jet(f"PdC du tireur ({des_en_mots(v['pdc'])})", tir.attaque)]
    if v["prevenu"]:
        lignes.append(
            _ligne_jet(f"Agilité + Esquiver de la cible ({des_en_mots(v['defense'])})", tir.defense)
        )
    lignes.append(
        _ligne_jet(
            f"Résistance + Protection de la cible ({des_en_mots(v['resistance'])})",
            tir.resistance,
            tir.dommages > 0,
        )
    )
    lus_faits = [nom for nom, faces in lus.items() if faces is not None]
    return {
        "prevenu": v["prevenu"],
        "des_attaque": list(tir.attaque.des),
        "des_defense": list(tir.defense.des),
        "reussites_attaque": tir.attaque.reussites,
        "reussites_defense": tir.defense.reussites,
        "impact": tir.impact,
        "dommages": tir.dommages,
        "des_resistance": list(tir.resistance.des),
        "reussites_resistance": tir.resistance.reussites,
        "points_de_vie_perdus": tir.points_de_vie_perdus,
        "probabilites": {"impact": en_fractions(impact), "points_de_vie_perdus": en_fractions(perdus)},
        "des_lus": bool(lus_faits),
        "rejouer": lire.rejouer(
            des_attaque=tir.attaque.des, des_defense=tir.defense.des, des_resistance=tir.resistance.des
        ),
        "affichage": [
            af.texte(
                ("Cible prévenue. " if v["prevenu"] else "Cible non prévenue : jet sans opposition. ")
                + phrase_issue(tir, tireur, "la cible", premiere=False, quoi="le tir"),
                "resultat",
            ),
            af.tableau(["Jet", "Dés", "Réussites"], lignes, legende="Les jets du tir"),
            af.texte("Chances exactes, avant les dés :"),
            *_blocs_chances_distance(impact, perdus, tir),
            *_note_des_lus(
                [
                    {"des_attaque": "PdC", "des_defense": "esquive", "des_resistance": "Résistance"}[n]
                    for n in lus_faits
                ]
            ),
        ],
    }


def _statique_distance(options: Mapping[str, Any]) -> list[af.Bloc]:
    colonnes = [(False, 0), (True, 2), (True, 4)]
    lignes = [
        [des_en_mots(pdc)]
        + [
            af.pourcentage(
                et.distribution_impact(pdc, et.des_d_esquive_a_distance(e, 0, prevenu=p)).probability_where(
                    lambda i: i > 0
                )
            )
            for p, e in colonnes
        ]
        for pdc in range(1, 9)
    ]
    return [
        af.tableau(
            ["PdC du tireur", "Cible non prévenue", "Prévenue, esquive 2 dés", "Prévenue, esquive 4 dés"],
            lignes,
            legende="Chance que le tir porte (impact > 0)",
        )
    ]


widget(
    Widget(
        nom="distance-el-toto",
        titre="Combat à distance",
        champs=CHAMPS_DISTANCE,
        actions=(Action("toto.distance", "Tirer"),),
        statique=_statique_distance,
    )
)


# -- II. Combat : blessures et malus (C7) ------------------------------------------------------

CHAMPS_BLESSURE = (
    Champ("perdus", "PV perdus en un coup", defaut=6),
    Champ("vie", "Vie (points de vie du personnage)", defaut=15, aide="Résistance × 2 + Hargne + 5."),
    Champ(
        "reserve", "Dés d'un jet à venir", facultatif=True, aide="Facultatif : la réserve, avant le malus."
    ),
)

SAIGNEMENT = {None: "aucune", 60: "−1 PV par heure", 10: "−1 PV toutes les 10 minutes", 1: "−1 PV par minute"}


def _plage_en_texte(premier: int, dernier: int | None) -> str:
    if dernier is None:
        return f"{af.nombre(premier)} et plus"
    if premier == dernier:
        return af.nombre(premier)
    if dernier == premier + 1:
        return f"{af.nombre(premier)} ou {af.nombre(dernier)}"
    return f"{af.nombre(premier)} à {af.nombre(dernier)}"


def _tableau_blessures(vie: int, gravite: et.Gravite | None = None) -> af.Bloc:
    plages = et.plages_de_blessure(vie)
    lignes = []
    surligne = None
    for index, (niveau, premier, dernier) in enumerate(plages):
        malus = (
            "autant de dés que de PV perdus"
            if niveau.malus_des is None
            else (des_en_mots(niveau.malus_des) if niveau.malus_des else "aucun")
        )
        lignes.append(
            [
                niveau.libelle,
                _plage_en_texte(premier, dernier),
                malus,
                SAIGNEMENT[niveau.minutes_par_point_de_vie],
            ]
        )
        if niveau.gravite is gravite:
            surligne = index
    return af.tableau(
        ["Blessure", "PV perdus en un coup", "Malus", "Perte de PV"],
        lignes,
        legende=f"Blessures pour une Vie de {af.nombre(vie)}",
        surligne=surligne,
    )


@operation("toto.blessure")
def blessure(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The wound left by the PV lost in one hit: level, malus in dice, bleeding; the pool after the malus."""
    lire = Lecteur(args, CHAMPS_BLESSURE)
    perdus = lire.entier("perdus")
    vie = lire.entier("vie", minimum=1)
    reserve_des = lire.facultatif("reserve", maximum=et.MAX_DES)
    resultat = et.blessure(perdus, vie)
    niveau = next((n for n in et.NIVEAUX_DE_BLESSURE if n.gravite is resultat.gravite), None)
    if niveau is None:
        phrase = "Aucun PV perdu : pas de blessure."
    else:
        malus = f"malus de {des_en_mots(resultat.malus_des)}" if resultat.malus_des else "pas de malus"
        saignement = SAIGNEMENT[resultat.minutes_par_point_de_vie]
        phrase = f"Blessure {niveau.libelle.lower()} : {malus} ; perte de PV : {saignement}."
    reponse: dict[str, Any] = {
        "gravite": resultat.gravite.value,
        "malus_des": resultat.malus_des,
        "minutes_par_point_de_vie": resultat.minutes_par_point_de_vie,
        "reserve_apres_malus": None,
    }
    blocs = [af.texte(phrase, "resultat")]
    if reserve_des is not None:
        apres = et.des_apres_malus(reserve_des, resultat.malus_des)
        reponse["reserve_apres_malus"] = apres
        blocs.append(
            af.valeurs(
                [
                    (
                        "Réserve après le malus",
                        f"{af.nombre(reserve_des)} − {af.nombre(resultat.malus_des)} → {des_en_mots(apres)}"
                        + (" : le jet échoue" if apres == 0 else ""),
                    )
                ]
            )
        )
    blocs.append(_tableau_blessures(vie, resultat.gravite))
    reponse["affichage"] = blocs
    return reponse


def _statique_blessure(options: Mapping[str, Any]) -> list[af.Bloc]:
    vies = [10, 13, 15, 17, 20]
    if "vie" in options:
        vies = sorted({*vies, entier(options["vie"], "vie", minimum=1)})
    colonnes = [n.gravite for n in et.NIVEAUX_DE_BLESSURE]
    lignes = []
    for vie in vies:
        plages = {n.gravite: _plage_en_texte(p, d) for n, p, d in et.plages_de_blessure(vie)}
        lignes.append([af.nombre(vie), *(plages.get(g, "—") for g in colonnes)])
    return [
        af.tableau(
            ["Vie", *(n.libelle for n in et.NIVEAUX_DE_BLESSURE)],
            lignes,
            legende="PV perdus en un coup pour chaque niveau de blessure, selon la Vie",
        )
    ]


widget(
    Widget(
        nom="blessure-el-toto",
        titre="Niveau de blessure",
        champs=CHAMPS_BLESSURE,
        actions=(Action("toto.blessure", "Évaluer"),),
        statique=_statique_blessure,
        options=("vie",),
    )
)


# -- III. Survie (C8) -------------------------------------------------------------------------

CHAMPS_SURVIE = (
    Champ(
        "hostilite",
        "Modificateur d'hostilité",
        defaut=-3,
        minimum=-et.MAX_MODIFICATEUR,
        maximum=0,
        aide="0 ou moins.",
        groupe="Conditions",
    ),
    Champ(
        "equipement",
        "Modificateur dû à l'équipement",
        defaut=1,
        minimum=-et.MAX_MODIFICATEUR,
        groupe="Conditions",
    ),
    Champ("milieu", "Milieu", defaut=1, groupe="Conditions"),
    Champ("survie", "Dés du jet de Survie", defaut=4, groupe="Personnage"),
    Champ("resistance", "Dés du jet de Résistance", defaut=3, groupe="Personnage"),
    _champ_lu("des_survie", "Dés lus : jet de Survie"),
    _champ_lu("des_resistance", "Dés lus : jet de Résistance"),
)


def _lire_survie(lire: Lecteur) -> dict[str, int]:
    hostilite = lire.entier("hostilite", minimum=-et.MAX_MODIFICATEUR, maximum=0)
    equipement = lire.entier("equipement", minimum=-et.MAX_MODIFICATEUR, maximum=et.MAX_MODIFICATEUR)
    valeur_mh = et.mh(hostilite, equipement)
    if valeur_mh < -et.MAX_MODIFICATEUR:
        raise InputError(f"MH ne descend pas sous −{et.MAX_MODIFICATEUR} ici.", champ="equipement")
    return {
        "hostilite": hostilite,
        "equipement": equipement,
        "mh": valeur_mh,
        "milieu": lire.entier("milieu"),
        "survie": lire.entier("survie", maximum=et.MAX_DES),
        "resistance": lire.entier("resistance", maximum=et.MAX_DES),
    }


def _phrase_survie(v: dict[str, int], s: et.Survie) -> str:
    mh_texte = f"MH = {af.nombre(v['hostilite'])} {terme(v['equipement'])} = {af.nombre(s.mh)}"
    if s.total is None:
        return f"{mh_texte} : pas de conséquence, pas de jet."
    total = (
        f"total = {af.nombre(s.mh)} + {reussites_en_mots(s.jet_survie.reussites)} + {af.nombre(v['milieu'])} "
        f"(Milieu) = {af.nombre(s.total)}"
    )
    if s.total >= 0:
        partage = (
            f" ; {reussites_en_mots(s.reussites_a_partager)} à répartir entre les autres personnages"
            if s.reussites_a_partager
            else " ; rien à répartir"
        )
        return f"{mh_texte} ; {total} : pas de conséquence{partage}."
    return (
        f"{mh_texte} ; {total} : {af.nombre(s.dommages)} point{'s' if s.dommages > 1 else ''} de dommages "
        "dus aux intempéries, moins "
        f"{reussites_en_mots(s.resistance.reussites)} de Résistance : "
        f"{perd('le personnage', s.points_de_vie_perdus)}."
    )


def _blocs_chances_survie(loi: Distribution[tuple[int, int]], reel: et.Survie | None = None) -> list[af.Bloc]:
    perdus = loi.map(lambda issue: issue[0])
    partage = loi.map(lambda issue: issue[1])
    return [
        af.valeurs(
            [
                ("Aucun PV perdu", af.pourcentage(perdus.probability(0))),
                (
                    "Au moins une réussite à répartir",
                    af.pourcentage(partage.probability_where(lambda n: n > 0)),
                ),
            ]
        ),
        _barres(perdus, "PV perdus (après la Résistance)", reel.points_de_vie_perdus if reel else None),
        _barres(partage, "Réussites à répartir", reel.reussites_a_partager if reel else None),
    ]


@operation("toto.survie")
def survie(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A survival check: MH, the Survie roll if needed, shared successes or damage after Résistance."""
    lire = Lecteur(args, CHAMPS_SURVIE)
    v = _lire_survie(lire)
    lus = {nom: lire.faces(nom) for nom in ("des_survie", "des_resistance")}
    with lire.traduire():
        s = et.lancer_survie(
            v["mh"],
            v["milieu"],
            v["survie"],
            v["resistance"],
            rng=rng,
            des_survie=lus["des_survie"],
            des_resistance=lus["des_resistance"],
        )
    loi = et.distribution_survie(v["mh"], v["milieu"], v["survie"], v["resistance"])
    lignes = [
        _ligne_jet(f"Survie ({des_en_mots(v['survie'])})", s.jet_survie, s.total is not None),
        _ligne_jet(f"Résistance ({des_en_mots(v['resistance'])})", s.resistance, s.dommages > 0),
    ]
    jets = {"des_survie": ("Survie", s.jet_survie), "des_resistance": ("Résistance", s.resistance)}
    utilises = [nom for nom, faces in lus.items() if faces is not None and jets[nom][1].des]
    ignores = [jets[nom][0] for nom, faces in lus.items() if faces and not jets[nom][1].des]
    blocs = [
        af.texte(_phrase_survie(v, s), "resultat"),
        af.tableau(["Jet", "Dés", "Réussites"], lignes, legende="Les jets"),
        af.texte("Chances exactes, avant les dés :"),
        *_blocs_chances_survie(loi, s),
        *_note_des_lus([jets[nom][0] for nom in utilises]),
    ]
    if ignores:
        blocs.append(af.texte(f"Jet non fait, dés lus ignorés : {', '.join(ignores)}.", "note"))
    consequence = "aucune" if s.total is None or s.total >= 0 else "intemperies"
    return {
        "mh": s.mh,
        "jet_de_survie": s.total is not None,
        "des_survie": list(s.jet_survie.des),
        "reussites": s.jet_survie.reussites,
        "total": s.total,
        "consequence": consequence,
        "reussites_a_partager": s.reussites_a_partager,
        "dommages": s.dommages,
        "des_resistance": list(s.resistance.des),
        "reussites_resistance": s.resistance.reussites,
        "points_de_vie_perdus": s.points_de_vie_perdus,
        "probabilites": {
            "points_de_vie_perdus": en_fractions(loi.map(lambda issue: issue[0])),
            "reussites_a_partager": en_fractions(loi.map(lambda issue: issue[1])),
        },
        "des_lus": bool(utilises),
        "rejouer": lire.rejouer(des_survie=s.jet_survie.des, des_resistance=s.resistance.des),
        "affichage": blocs,
    }


def _statique_survie(options: Mapping[str, Any]) -> list[af.Bloc]:
    nombres = range(2, 7)
    lignes = [
        [
            af.nombre(valeur_mh),
            *(
                af.pourcentage(
                    et.distribution_survie(valeur_mh, 0, n, 0).probability_where(lambda issue: issue[0] == 0)
                )
                for n in nombres
            ),
        ]
        for valeur_mh in range(-1, -6, -1)
    ]
    return [
        af.tableau(
            ["MH", *(f"Survie {des_en_mots(n)}" for n in nombres)],
            lignes,
            legende="Chance de ne subir aucun dommage (Milieu 0, avant le jet de Résistance)",
        )
    ]


widget(
    Widget(
        nom="survie-el-toto",
        titre="Jet de Survie",
        champs=CHAMPS_SURVIE,
        actions=(Action("toto.survie", "Lancer"),),
        statique=_statique_survie,
    )
)
