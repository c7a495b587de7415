"""The tools of the page « Attributs dérivés »: the table of the damage modifier, then the derived
attributes and base values of a character, whose seven characteristics (:class:`Caracteristiques`) the
inputs of other tools extend."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.dice import distribution
from rules_py.outils.champs import champs
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _barres_totaux, _expr, _outil, carac
from rules_py.web.commun import champs_de, pour_cent

# == Modificateur de dégâts =====================================================

TABLE_DU_MODIFICATEUR = bm.TABLE_DU_MODIFICATEUR_DE_DEGATS


def _tableau_du_modificateur(modificateur: bm.ModificateurDeDegats) -> af.Bloc:
    """The page's table, the engine's row highlighted, and a « hors table » row beyond 45."""
    lignes = [[ligne.plage.replace("-", "–"), _expr(ligne.modificateur)] for ligne in TABLE_DU_MODIFICATEUR]
    maxima = [ligne.maximum for ligne in TABLE_DU_MODIFICATEUR]
    if modificateur.hors_table:
        lignes.append([f"{maxima[-1] + 1} ou plus", f"hors table ({_expr(lignes[-1][1])} appliqué)"])
    surligne = next((i for i, maximum in enumerate(maxima) if modificateur.somme <= maximum), len(maxima))
    return af.tableau(("FOR + TAI", "Modificateur de dégâts"), lignes, surligne=surligne)


def _notes_hors_table(modificateur: bm.ModificateurDeDegats) -> list[af.Bloc]:
    """The note of a sum beyond the table (none within it)."""
    derniere = TABLE_DU_MODIFICATEUR[-1]
    texte = (
        f"FOR + TAI = {modificateur.somme} : hors table. La table s'arrête à {derniere.maximum} ; le site "
    )
    texte += f"applique {_expr(derniere.modificateur)}, mais demandez au MJ."
    return [af.texte(texte, "note")] if modificateur.hors_table else []


@dataclass(frozen=True, slots=True)
class EntreesModificateur:
    """FOR and TAI, the two characteristics the damage modifier adds."""

    force: Annotated[int, carac("FOR", cle="for")] = 12
    taille: Annotated[int, carac("TAI", cle="tai")] = 13


def _statique_modificateur(entrees: EntreesModificateur) -> list[af.Bloc]:
    return [_tableau_du_modificateur(bm.modificateur_de_degats(entrees.force, entrees.taille))]


@_outil(
    "modificateur-degats",
    "Modificateur de dégâts",
    "Lit la table du modificateur de dégâts pour FOR + TAI, hors table au-delà de 45.",
    "basic.modificateur",
    "Lire la table",
    statique=_statique_modificateur,
)
def modificateur(entrees: EntreesModificateur, rng: random.Random) -> dict[str, Any]:
    """FOR and TAI → the sum, the table's modifier, « hors table » beyond 45 (A1)."""
    resultat = bm.modificateur_de_degats(entrees.force, entrees.taille)
    valeur = "hors table" if resultat.hors_table else _expr(resultat.modificateur)
    texte = (
        f"FOR {entrees.force} + TAI {entrees.taille} = {resultat.somme} : modificateur de dégâts {valeur}."
    )
    blocs = [af.texte(texte, "resultat"), *_notes_hors_table(resultat), _tableau_du_modificateur(resultat)]
    if resultat.expression.dice:
        legende = f"Valeurs possibles du modificateur {_expr(resultat.modificateur)}"
        blocs.append(_barres_totaux(distribution(resultat.expression), legende))
    return {"for": entrees.force, "tai": entrees.taille, **champs_de(resultat), "affichage": blocs}


# == Attributs dérivés et valeurs de base =======================================


CARACS = "Caractéristiques"


@dataclass(frozen=True, slots=True)
class Caracteristiques:
    """The seven characteristics, the inputs of every tool that needs a whole character."""

    force: Annotated[int, carac("FOR", CARACS, cle="for")] = 12
    con: Annotated[int, carac("CON", CARACS)] = 13
    tai: Annotated[int, carac("TAI", CARACS)] = 11
    dex: Annotated[int, carac("DEX", CARACS)] = 14
    int_: Annotated[int, carac("INT", CARACS, cle="int")] = 15
    pou: Annotated[int, carac("POU", CARACS)] = 10
    cha: Annotated[int, carac("CHA", CARACS)] = 9

    def valeurs(self) -> dict[str, int]:
        """The characteristics keyed by abbreviation (``FOR`` …), as the engine reads them."""
        return {c.meta.libelle: getattr(self, c.attribut) for c in champs(Caracteristiques)}


def modificateur_ecrit(mod: bm.ModificateurDeDegats) -> str:
    """The damage modifier as a sheet shows it: its dice, or « hors table » beyond the table."""
    return "hors table (demandez au MJ)" if mod.hors_table else _expr(mod.modificateur)


def _formule(formule_texte: str) -> str:
    """A base formula as the pages print it (``DEX × 2``)."""
    return formule_texte.replace(" x ", " × ")


@_outil(
    "attributs-basic",
    "Attributs dérivés et valeurs de base",
    "Calcule PV, PM, modificateur de dégâts, vitesse de guérison et la base de chaque compétence.",
    "basic.attributs",
    "Calculer",
)
def attributs(entrees: Caracteristiques, rng: random.Random) -> dict[str, Any]:
    """The seven characteristics → PV, PM, damage modifier, healing rate, the base of every skill."""
    c = entrees.valeurs()
    derives = bm.attributs(c)
    bases = {
        nom: bm.base_de_competence(competence.nom, c, variante)
        for nom, competence, variante, _ in bm.competences_et_variantes()
    }
    mod = derives.modificateur_de_degats
    experts = [nom for nom, base in bases.items() if bm.est_expert(base)]
    blocs: list[af.Bloc] = [
        af.texte(
            f"PV {derives.points_de_vie}, PM {derives.points_de_magie}, modificateur de dégâts "
            f"{'hors table' if mod.hors_table else _expr(mod.modificateur)}, "
            f"vitesse de guérison {derives.vitesse_de_guerison}.",
            "resultat",
        ),
        af.valeurs(
            [
                (
                    f"Points de vie : (CON {c['CON']} + TAI {c['TAI']}) / 2, arrondi au supérieur",
                    derives.points_de_vie,
                ),
                (f"Points de magie : POU {c['POU']}", derives.points_de_magie),
                (
                    f"Modificateur de dégâts : FOR + TAI = {mod.somme}",
                    modificateur_ecrit(mod),
                ),
                (f"Vitesse de guérison : CON {c['CON']}", derives.vitesse_de_guerison),
            ]
        ),
    ]
    for categorie, titre in (
        (bm.TypeDeCompetence.STANDARD, "Compétences standards"),
        (bm.TypeDeCompetence.PROFESSIONNELLE, "Compétences professionnelles"),
    ):
        blocs.append(
            af.tableau(
                ("Compétence", "Valeur de base", "Formule"),
                [
                    [nom, pour_cent(bases[nom]) + (" — EXPERT" if nom in experts else ""), _formule(formule)]
                    for nom, competence, _, formule in bm.competences_et_variantes()
                    if competence.categorie is categorie
                ],
                legende=titre,
            )
        )
    blocs += [
        af.texte(f"{bm.ORIENTATION.nom} (Primitif) : {bm.ORIENTATION.note}", "note"),
        *_notes_hors_table(mod),
    ]
    return {
        "caracteristiques": c,
        **champs_de(derives),
        "bases": bases,
        "experts": experts,
        "affichage": blocs,
    }
