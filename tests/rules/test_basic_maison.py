"""Basic maison: the source's worked examples, every ruling A1-A11, exhaustive d100 checks, properties.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import basic_maison as bm
from rules_py.basic_maison import (
    ABREVIATIONS,
    ACTIONS_DU_ROUND,
    ALIAS_DE_COMPETENCES,
    ARMES_A_DISTANCE,
    ARMES_DE_MELEE,
    ARMURES,
    CARACTERISTIQUES,
    COMPETENCES,
    COMPETENCES_PROFESSIONNELLES,
    COMPETENCES_STANDARDS,
    CULTURES,
    MALUS_AFFAIBLI,
    MAXIMUM_A_LA_CREATION,
    MAXIMUM_PROFESSIONNELLES,
    MULTIPLICATEUR_PAR_DEFAUT,
    MULTIPLICATEURS,
    ORDRE_DES_ACTIONS,
    ORIENTATION,
    POINTS_DE_CULTURE,
    POINTS_DE_PROFESSION,
    POINTS_LIBRES,
    POINTS_TOTAL,
    SEUIL_EXPERT,
    SOINS,
    TABLE_DE_CIRCONSTANCES,
    TABLE_DU_MODIFICATEUR_DE_DEGATS,
    Action,
    ActionsDuRound,
    BilanDeCreation,
    ChoixDeCompetences,
    Combattant,
    Degats,
    EtatDeBlessure,
    ModificateurDeDegats,
    Repartition,
    ResultatDAttaque,
    Seuils,
    TypeDeCompetence,
    actions_du_round,
    attributs,
    base_de_competence,
    chance_de_toucher,
    chances_d_initiative,
    cible_de_caracteristique,
    degats_finals,
    distribution_des_degats,
    distribution_du_soin,
    duree_d_inconscience,
    est_expert,
    expression_des_degats,
    formule_de_competence,
    lancer_agonie,
    lancer_attaque,
    lancer_choc,
    lancer_degats,
    lancer_initiative,
    lancer_jet_de_caracteristique,
    lancer_soin,
    lancer_test,
    lire_caracteristiques,
    modificateur_de_degats,
    modificateur_pour_somme,
    nombre_d_attaques,
    ordre_d_initiative,
    points_de_magie,
    points_de_vie,
    probabilites_d_attaque,
    probabilites_de_caracteristique,
    probabilites_de_test,
    resoudre_agonie,
    resoudre_attaque,
    resoudre_choc,
    resoudre_degats,
    resoudre_jet_de_caracteristique,
    resoudre_test,
    score_d_initiative,
    seuils,
    soigner,
    subir_degats,
    trouver_arme,
    trouver_competence,
    trouver_culture,
    trouver_soin,
    verifier_creation,
    vitesse_de_guerison,
)
from rules_py.d100 import Resultat
from rules_py.dice import new_rng, parse
from rules_py.errors import DiceSyntaxError, InputError, RulesError

SRC = "000_c3d369694123e7ef.txt"

R = Resultat
CARS = {"FOR": 12, "CON": 13, "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9}
"""A plain character: Athlétisme 26, Esquive 28, Perception 25, Pistage 28 …"""


def lecture_a3(s: int, jet: int) -> Resultat:
    """A3 read straight from the ruling, independently of the module."""
    if jet <= 3:
        reussi = True
    elif jet >= 98:
        reussi = False
    else:
        reussi = jet <= s
    if reussi:
        return R.REUSSITE_CRITIQUE if jet <= math.ceil(s / 10) else R.REUSSITE
    if s + 20 <= 99 and jet >= s + 20:
        return R.ECHEC_CRITIQUE
    return R.ECHEC


def lecture_a5(chance: int, jet: int) -> str:
    """A5 read straight from the ruling: A3, and a critical at roll <= ceil(chance/25) is special."""
    resultat = lecture_a3(chance, jet)
    if resultat is R.REUSSITE_CRITIQUE and jet <= math.ceil(chance / 25):
        return "reussite_speciale"
    return resultat.value


def tolerance(p: Fraction, n: int) -> float:
    """Five standard deviations of a frequency over ``n`` draws, plus a hair."""
    return 5 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-9


# == Caractéristiques ===========================================================


class TestCaracteristiques:
    @pytest.mark.parametrize(
        ("ligne", "abreviation", "nom"),
        [
            (9, "FOR", "Force"),
            (10, "CON", "Constitution"),
            (11, "TAI", "Taille"),
            (12, "DEX", "Dextérité"),
            (13, "INT", "Intelligence"),
            (14, "POU", "Pouvoir"),
            (15, "CHA", "Charisme"),
        ],
    )
    def test_les_sept_caracteristiques_dans_l_ordre(self, ligne: int, abreviation: str, nom: str) -> None:
        """SRC lines 9-15: the seven characteristics, in the text's order."""
        caracteristique = CARACTERISTIQUES[ligne - 9]
        assert (caracteristique.abreviation, caracteristique.nom) == (abreviation, nom)
        assert ABREVIATIONS[ligne - 9] == abreviation

    def test_ce_qui_arrive_a_zero(self) -> None:
        """SRC lines 18-30: CON 0 kills, DEX 0 paralyses; the text says nothing for TAI."""
        a_zero = {c.abreviation: c.a_zero for c in CARACTERISTIQUES}
        assert a_zero["CON"] == "meurt" and a_zero["DEX"] == "est paralysé" and a_zero["TAI"] is None

    def test_lues_en_nombres_ou_en_texte(self) -> None:
        """The seven scores are read from numbers or text spelling integers."""
        assert lire_caracteristiques({**CARS, "FOR": " 12 "}) == CARS

    @pytest.mark.parametrize(
        ("valeurs", "champ", "message"),
        [
            ({k: v for k, v in CARS.items() if k != "POU"}, "POU", "« POU » manque"),
            ({**CARS, "CHA": -1}, "CHA", "au moins 0"),
            ({**CARS, "DEX": "douze"}, "DEX", "nombre entier"),
            ({**CARS, "DEX": True}, "DEX", "nombre entier"),
            ({**CARS, "CHANCE": 3}, "CHANCE", "Caractéristique inconnue"),
            ([12, 13], "caracteristiques", "par abréviation"),
        ],
    )
    def test_une_caracteristique_invalide_est_refusee(
        self, valeurs: object, champ: str, message: str
    ) -> None:
        """General conventions: a missing, negative, unknown or non-integer characteristic is refused."""
        with pytest.raises(InputError, match=message) as erreur:
            lire_caracteristiques(valeurs)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestPointsDeVieEtDeMagie:
    @pytest.mark.parametrize(
        ("con", "tai", "pv"),
        [(13, 12, 13), (12, 12, 12), (13, 13, 13), (0, 0, 0), (0, 1, 1), (1, 0, 1), (18, 17, 18), (3, 4, 4)],
    )
    def test_les_pv_arrondis_au_superieur(self, con: int, tai: int, pv: int) -> None:
        """SRC line 33 and A2: PV = (CON + TAI) / 2, rounded up."""
        assert points_de_vie(con, tai) == pv

    def test_les_pm_valent_le_pou(self) -> None:
        """SRC line 34 and A2: PM = POU."""
        assert [points_de_magie(pou) for pou in (0, 7, 18)] == [0, 7, 18]

    def test_attributs(self) -> None:
        """The derived attributes come from the same functions."""
        resume = attributs(CARS)
        assert resume.points_de_vie == points_de_vie(13, 11) == 12
        assert resume.points_de_magie == 10
        assert resume.modificateur_de_degats == modificateur_de_degats(12, 11)
        assert resume.vitesse_de_guerison == vitesse_de_guerison(13) == 3

    def test_une_con_negative_est_refusee(self) -> None:
        """A negative CON is refused, not clamped."""
        with pytest.raises(InputError) as erreur:
            points_de_vie(-1, 12)
        assert erreur.value.champ == "CON"


# == Modificateur de dégâts =====================================================


class TestModificateurDeDegats:
    @pytest.mark.parametrize(
        ("ligne", "minimum", "maximum", "modificateur"),
        [
            (40, 0, 5, "-1d8"),
            (41, 6, 10, "-1d6"),
            (42, 11, 15, "-1d4"),
            (43, 16, 20, "-1d2"),
            (44, 21, 25, "0"),
            (45, 26, 30, "+1d2"),
            (46, 31, 35, "+1d4"),
            (47, 36, 40, "+1d6"),
            (48, 41, 45, "+1d8"),
        ],
    )
    def test_les_lignes_de_la_table(self, ligne: int, minimum: int, maximum: int, modificateur: str) -> None:
        """SRC lines 40-48: each row of the table, the first one including 5 (A1)."""
        row = TABLE_DU_MODIFICATEUR_DE_DEGATS[ligne - 40]
        assert (row.minimum, row.maximum, row.modificateur) == (minimum, maximum, modificateur)
        for somme in (minimum, maximum):
            assert modificateur_de_degats(somme, 0) == ModificateurDeDegats(somme, modificateur, False)

    @pytest.mark.parametrize(
        ("for_", "tai", "modificateur", "hors_table"),
        [
            (2, 3, "-1d8", False),
            (0, 0, "-1d8", False),
            (3, 3, "-1d6", False),
            (20, 25, "+1d8", False),
            (21, 20, "+1d8", False),
            (21, 25, "+1d8", True),
            (50, 50, "+1d8", True),
        ],
    )
    def test_interpretation_a1_les_bornes_de_la_table(
        self, for_: int, tai: int, modificateur: str, hors_table: bool
    ) -> None:
        """A1: 5 gives -1d8, 6 gives -1d6, 41-45 +1d8, and above 45 +1d8 marked hors table."""
        resultat = modificateur_de_degats(for_, tai)
        assert (resultat.somme, resultat.modificateur, resultat.hors_table) == (
            for_ + tai,
            modificateur,
            hors_table,
        )

    def test_chaque_somme_for_tai(self) -> None:
        """Every FOR + TAI from 0 to 120 matches a straight reading of the table with A1."""
        bornes = [(5, "-1d8"), (10, "-1d6"), (15, "-1d4"), (20, "-1d2"), (25, "0")]
        bornes += [(30, "+1d2"), (35, "+1d4"), (40, "+1d6"), (45, "+1d8")]
        for somme in range(121):
            attendu = next((m for borne, m in bornes if somme <= borne), "+1d8")
            assert modificateur_de_degats(somme, 0) == ModificateurDeDegats(somme, attendu, somme > 45)
            assert modificateur_de_degats(0, somme).modificateur == attendu

    def test_les_plages_et_les_expressions(self) -> None:
        """Each row prints its range, and each modifier is a dice expression."""
        assert [row.plage for row in TABLE_DU_MODIFICATEUR_DE_DEGATS[:2]] == ["5 ou moins", "6-10"]
        assert str(modificateur_de_degats(3, 2).expression) == "-1d8"
        assert str(modificateur_de_degats(12, 12).expression) == "0"

    def test_une_for_ou_une_tai_negative_est_refusee(self) -> None:
        """A negative FOR or TAI is refused, naming the field."""
        for args, champ in (((-1, 10), "FOR"), ((10, -1), "TAI")):
            with pytest.raises(InputError) as erreur:
                modificateur_de_degats(*args)
            assert erreur.value.champ == champ

    def test_pour_somme(self) -> None:
        """A1 read from a known sum FOR + TAI gives what the two scores give."""
        for somme in range(121):
            assert modificateur_pour_somme(somme) == modificateur_de_degats(somme, 0)
        with pytest.raises(InputError) as erreur:
            modificateur_pour_somme(-1)
        assert erreur.value.champ == "FOR + TAI"


# == Compétences ================================================================

FORMULES_STANDARDS = [
    (64, "Athlétisme", (("FOR", 1), ("DEX", 1))),
    (67, "Bagarre", (("FOR", 1), ("DEX", 1))),
    (70, "Chant/Danse", (("DEX", 1), ("CHA", 1))),
    (73, "Discrétion", (("DEX", 1), ("INT", 1))),
    (76, "Équitation", (("DEX", 1), ("POU", 1))),
    (79, "Esquive", (("DEX", 2),)),
    (82, "Natation", (("FOR", 1), ("CON", 1))),
    (85, "Perception", (("INT", 1), ("POU", 1))),
    (88, "Perspicacité", (("INT", 1), ("POU", 1))),
    (91, "Premiers secours", (("INT", 1), ("DEX", 1))),
    (94, "Tromperie/Baratin/Influence", (("INT", 1), ("CHA", 1))),
]

FORMULES_PROFESSIONNELLES = [
    (99, "Acrobatie", (("FOR", 1), ("DEX", 1))),
    (101, "Art", (("POU", 1), ("CHA", 1))),
    (103, "Artisanat", (("DEX", 1), ("INT", 1))),
    (106, "Commerce", (("INT", 1), ("CHA", 1))),
    (108, "Connaissance", (("INT", 2),)),
    (111, "Crochetage", (("DEX", 2),)),
    (114, "Déguisement", (("INT", 1), ("CHA", 1))),
    (117, "Écriture/Lecture", (("INT", 2),)),
    (121, "Éloquence", (("POU", 1), ("CHA", 1))),
    (124, "Guérison", (("INT", 1), ("POU", 1))),
    (127, "Jeux de Hasard", (("INT", 1), ("POU", 1))),
    (130, "Jouer d'un Instrument", (("DEX", 1), ("CHA", 1))),
    (133, "Langue", (("INT", 1), ("CHA", 1))),
    (140, "Navigation/Canotage", (("INT", 1), ("CON", 1))),
    (143, "Passe-passe", (("DEX", 1), ("CHA", 1))),
    (146, "Pistage", (("INT", 1), ("CON", 1))),
    (149, "Sens de la Rue", (("POU", 1), ("CHA", 1))),
    (152, "Survie", (("CON", 1), ("POU", 1))),
]


class TestCompetences:
    @pytest.mark.parametrize(("ligne", "nom", "formule"), FORMULES_STANDARDS)
    def test_les_formules_des_competences_standards(
        self, ligne: int, nom: str, formule: tuple[tuple[str, int], ...]
    ) -> None:
        """SRC lines 64-94: every standard skill with its base formula."""
        competence = trouver_competence(nom)
        assert (competence.nom, competence.categorie, competence.formule) == (
            nom,
            TypeDeCompetence.STANDARD,
            formule,
        )
        assert base_de_competence(nom, CARS) == sum(CARS[abr] * fois for abr, fois in formule)

    @pytest.mark.parametrize(("ligne", "nom", "formule"), FORMULES_PROFESSIONNELLES)
    def test_les_formules_des_competences_professionnelles(
        self, ligne: int, nom: str, formule: tuple[tuple[str, int], ...]
    ) -> None:
        """SRC lines 99-152: every professional skill with its base formula."""
        competence = trouver_competence(nom)
        assert (competence.categorie, competence.formule) == (TypeDeCompetence.PROFESSIONNELLE, formule)
        assert base_de_competence(nom, CARS) == sum(CARS[abr] * fois for abr, fois in formule)

    def test_toutes_les_competences_dans_l_ordre(self) -> None:
        """The tables hold exactly the text's skills, in its order, plus Orientation (A11)."""
        assert [c.nom for c in COMPETENCES_STANDARDS] == [nom for _, nom, _ in FORMULES_STANDARDS]
        professionnelles = [nom for _, nom, _ in FORMULES_PROFESSIONNELLES]
        professionnelles.insert(professionnelles.index("Navigation/Canotage"), "Magie")
        assert [c.nom for c in COMPETENCES_PROFESSIONNELLES] == professionnelles
        assert (*COMPETENCES_STANDARDS, *COMPETENCES_PROFESSIONNELLES, ORIENTATION) == COMPETENCES

    @pytest.mark.parametrize(
        ("variante", "base"), [("pretre", 10 + 9), ("Prêtres", 19), ("mage", 15 + 10), ("Mages", 25)]
    )
    def test_les_variantes_de_magie(self, variante: str, base: int) -> None:
        """SRC line 136: Magie is POU + CHA for Prêtres, INT + POU for Mages."""
        assert base_de_competence("Magie", CARS, variante) == base

    @pytest.mark.parametrize(
        ("nom", "variante", "message"),
        [
            ("Magie", None, "précisez la variante"),
            ("Magie", "druide", "variante inconnue"),
            ("Magie", "", "texte non vide"),
            ("Esquive", "mage", "n'a pas de variante"),
        ],
    )
    def test_une_variante_invalide_est_refusee(self, nom: str, variante: str | None, message: str) -> None:
        """Magie needs its variant; other skills take none."""
        with pytest.raises(InputError, match=message) as erreur:
            base_de_competence(nom, CARS, variante)
        assert erreur.value.champ == "variante"

    @pytest.mark.parametrize(
        ("ecrit", "nom"),
        [
            ("Athléstisme", "Athlétisme"),
            ("Perceptio", "Perception"),
            ("Premiers Soins", "Premiers secours"),
            ("Influence", "Tromperie/Baratin/Influence"),
            ("Tromperie", "Tromperie/Baratin/Influence"),
            ("Navigation", "Navigation/Canotage"),
            ("Equitation", "Équitation"),
            ("  jouer d’un   instrument ", "Jouer d'un Instrument"),
            ("ECRITURE/LECTURE", "Écriture/Lecture"),
        ],
    )
    def test_interpretation_a11_les_autres_graphies(self, ecrit: str, nom: str) -> None:
        """A11: the text's other spellings (lines 64, 74, 161, 162, 165) name the right skill."""
        assert trouver_competence(ecrit).nom == nom
        assert ALIAS_DE_COMPETENCES.get(ecrit, nom) == nom

    def test_interpretation_a11_orientation(self) -> None:
        """A11: Orientation (line 174) is kept, flagged as undefined, with base 0."""
        assert trouver_competence("orientation") is ORIENTATION
        assert not ORIENTATION.definie and "nulle part" in (ORIENTATION.note or "")
        assert base_de_competence("Orientation", {}) == 0
        assert ORIENTATION.formule_texte == "—"

    def test_interpretation_a11_le_chapitre_pouvoirs(self) -> None:
        """A11: the « chapitre Pouvoirs page 33 » (line 137) is noted as outside the sources."""
        assert "ne fait pas partie des sources" in (trouver_competence("Magie").note or "")

    def test_seules_les_caracteristiques_de_la_formule(self) -> None:
        """A base needs only the characteristics of its formula; a missing one is named."""
        assert base_de_competence("Esquive", {"DEX": 14}) == 28
        with pytest.raises(InputError, match="« CHA » manque") as erreur:
            base_de_competence("Chant/Danse", {"DEX": 14})
        assert erreur.value.champ == "CHA"

    @pytest.mark.parametrize("nom", ["Sorcellerie", "", "   ", 12, None])
    def test_une_competence_inconnue_est_refusee(self, nom: object) -> None:
        """An unknown or empty skill name is refused in French."""
        with pytest.raises(InputError) as erreur:
            trouver_competence(nom)  # type: ignore[arg-type]
        assert erreur.value.champ == "competence"

    def test_le_texte_des_formules(self) -> None:
        """Formulas print like the text."""
        assert trouver_competence("Esquive").formule_texte == "DEX x 2"
        assert trouver_competence("Bagarre").formule_texte == "FOR + DEX"
        assert trouver_competence("Magie").formule_texte == "POU + CHA (Prêtres) ou INT + POU (Mages)"

    def test_formule_de_competence(self) -> None:
        """The formula of a skill, or of a variant."""
        assert formule_de_competence(trouver_competence("Survie")) == (("CON", 1), ("POU", 1))
        assert formule_de_competence(trouver_competence("Magie"), "pretre") == (("POU", 1), ("CHA", 1))

    def test_les_competences_a_specialite(self) -> None:
        """Art, Artisanat, Connaissance, Langue… name what must be chosen (lines 102-133)."""
        specialisees = {c.nom for c in COMPETENCES if c.specialite}
        assert specialisees == {
            "Art",
            "Artisanat",
            "Connaissance",
            "Écriture/Lecture",
            "Jouer d'un Instrument",
            "Langue",
            "Magie",
        }

    @pytest.mark.parametrize(
        ("ligne", "valeur", "expert"), [(54, 79, False), (54, 80, True), (54, 150, True)]
    )
    def test_expert_a_80(self, ligne: int, valeur: int, expert: bool) -> None:
        """SRC line 54 and A10: EXPERT from 80 %."""
        assert est_expert(valeur) is expert
        assert SEUIL_EXPERT == 80


# == Cultures ===================================================================


class TestCultures:
    @pytest.mark.parametrize(
        ("ligne", "nom", "standards", "professionnelles"),
        [
            (
                160,
                "Barbare",
                [
                    (("Athlétisme",), 1),
                    (("Perception",), 1),
                    (("Premiers secours",), 1),
                    (("Équitation",), 1),
                ],
                [
                    "Artisanat",
                    "Connaissance",
                    "Jouer d'un Instrument",
                    "Guérison",
                    "Navigation/Canotage",
                    "Pistage",
                    "Survie",
                ],
            ),
            (
                164,
                "Civilisé",
                [(("Tromperie/Baratin/Influence",), 1), (("Perspicacité",), 1)],
                [
                    "Art",
                    "Artisanat",
                    "Commerce",
                    "Connaissance",
                    "Jouer d'un Instrument",
                    "Langue",
                    "Sens de la Rue",
                ],
            ),
            (
                168,
                "Nomade",
                [
                    (("Discrétion",), 1),
                    (("Perception",), 1),
                    (("Premiers secours",), 1),
                    (("Athlétisme", "Équitation", "Natation"), 2),
                ],
                ["Artisanat", "Connaissance", "Jouer d'un Instrument", "Langue", "Pistage", "Survie"],
            ),
            (
                172,
                "Primitif",
                [
                    (("Discrétion",), 1),
                    (("Esquive",), 1),
                    (("Perception",), 1),
                    (("Athlétisme", "Natation"), 1),
                ],
                [
                    "Artisanat",
                    "Connaissance",
                    "Jouer d'un Instrument",
                    "Guérison",
                    "Orientation",
                    "Pistage",
                    "Survie",
                ],
            ),
        ],
    )
    def test_les_quatre_cultures(
        self, ligne: int, nom: str, standards: list[tuple[tuple[str, ...], int]], professionnelles: list[str]
    ) -> None:
        """SRC lines 160-174: each culture's standard skills (with choices) and professional list (A11)."""
        culture = trouver_culture(nom)
        assert culture.standards == tuple(ChoixDeCompetences(options, n) for options, n in standards)
        assert list(culture.professionnelles) == professionnelles
        assert culture is CULTURES[(ligne - 160) // 4]

    def test_chaque_nom_est_une_competence(self) -> None:
        """Every skill a culture names is a skill of the tables, of the right kind."""
        for culture in CULTURES:
            for nom in culture.competences_standards:
                assert trouver_competence(nom).categorie is TypeDeCompetence.STANDARD
            for nom in (*culture.professionnelles, *culture.au_choix):
                assert trouver_competence(nom).categorie is TypeDeCompetence.PROFESSIONNELLE
            assert set(culture.au_choix) <= set(culture.professionnelles)

    def test_interpretation_a11_les_remarques_des_cultures(self) -> None:
        """A11: each culture where the text uses another name says so."""
        assert "Premiers Soins" in CULTURES[0].remarques[0]
        assert "Influence" in CULTURES[1].remarques[0]
        assert "Orientation" in CULTURES[3].remarques[0]

    @pytest.mark.parametrize(("ecrit", "nom"), [("civilisee", "Civilisé"), ("Primitive", "Primitif")])
    def test_les_autres_graphies_des_cultures(self, ecrit: str, nom: str) -> None:
        """SRC line 158 spells « Civilisée » and « Primitive »: both are found."""
        assert trouver_culture(ecrit).nom == nom

    def test_une_culture_inconnue_est_refusee(self) -> None:
        """An unknown culture is refused, listing the four."""
        with pytest.raises(InputError, match="Barbare, Civilisé, Nomade, Primitif"):
            trouver_culture("Elfe")


# == Création ===================================================================


def creation(culture: str, *repartitions: Repartition, cars: dict[str, int] = CARS) -> BilanDeCreation:
    """Check a creation for ``culture`` with the given rows."""
    return verifier_creation(cars, culture, list(repartitions))


class TestCreation:
    def test_les_points_a_repartir(self) -> None:
        """SRC line 181 and A10: 100 culture, 100 profession, 150 free = 350; 65 % at most."""
        assert (POINTS_DE_CULTURE, POINTS_DE_PROFESSION, POINTS_LIBRES, POINTS_TOTAL) == (100, 100, 150, 350)
        assert MAXIMUM_A_LA_CREATION == 65 and MAXIMUM_PROFESSIONNELLES == 3

    def test_une_creation_complete_et_valide(self) -> None:
        """A10: value = base + points; what is left in each pool is reported."""
        bilan = verifier_creation(
            CARS,
            "Nomade",
            [
                Repartition("Athlétisme", culture=20, profession=10, libre=9),
                Repartition("Natation", culture=20),
                Repartition("Discrétion", culture=10, libre=10),
                Repartition("Artisanat", culture=20, specialite="Tissage"),
                Repartition("Langue", culture=30, specialite="Elfique", libre=5),
                Repartition("Magie", profession=30, variante="mage", specialite="Lumière"),
                Repartition("Premiers Soins", profession=10),
            ],
        )
        assert bilan.valide, bilan.violations
        assert (bilan.reste_culture, bilan.reste_profession, bilan.reste_libre) == (0, 50, 126)
        feuille = {(c.nom, c.specialite): c for c in bilan.competences}
        athletisme = feuille["Athlétisme", ""]
        assert (athletisme.base, athletisme.points, athletisme.valeur) == (26, 39, 65)
        assert feuille["Magie", "Lumière"].valeur == 25 + 30
        assert feuille["Premiers secours", ""].valeur == 29 + 10
        assert [c.nom for c in bilan.competences[:11]] == [c.nom for c in COMPETENCES_STANDARDS]
        assert feuille["Esquive", ""].points == 0 and feuille["Esquive", ""].valeur == 28
        assert bilan.culture == "Nomade" and bilan.remarques == ()

    @pytest.mark.parametrize(
        ("repartitions", "message"),
        [
            (
                [Repartition("Athlétisme", culture=39, libre=1)],
                "Athlétisme : 66 % dépasse le maximum de 65 %",
            ),
            (
                [Repartition(nom, culture=35) for nom in ("Athlétisme", "Perception", "Équitation")],
                "Points de culture : 105 dépensés pour 100 disponibles.",
            ),
            ([Repartition("Perception", profession=101)], "Points de profession : 101 dépensés pour 100"),
            (
                [Repartition(c.nom, libre=30) for c in COMPETENCES_STANDARDS[:6]],
                "Points libres : 180 dépensés pour 150 disponibles.",
            ),
        ],
    )
    def test_les_depassements_des_points_et_du_maximum(
        self, repartitions: list[Repartition], message: str
    ) -> None:
        """A10: overspending a pool and going above 65 % are reported in French."""
        bilan = creation("Barbare", *repartitions)
        assert not bilan.valide
        assert any(message in violation for violation in bilan.violations), bilan.violations

    def test_65_tout_juste_est_permis(self) -> None:
        """A10: 65 % itself is allowed, base included."""
        assert creation("Barbare", Repartition("Athlétisme", culture=39)).valide

    def test_une_base_au_dessus_de_65_est_gardee(self) -> None:
        """New ruling: a base alone above 65 % stays (noted); only points may not be added to it."""
        fort = {**CARS, "DEX": 35}
        bilan = creation("Primitif", cars=fort)
        assert bilan.valide
        assert any("Esquive : la base seule (70 %)" in r for r in bilan.remarques)
        bilan = creation("Primitif", Repartition("Esquive", culture=1), cars=fort)
        assert bilan.violations == (
            "Esquive : 71 % dépasse le maximum de 65 % à la création (base incluse).",
        )

    def test_les_points_de_culture_sur_les_competences_de_la_culture(self) -> None:
        """SRC lines 158-174: culture points go to the culture's standard and listed professional skills."""
        bilan = creation(
            "Barbare", Repartition("Discrétion", culture=10), Repartition("Commerce", culture=10)
        )
        assert bilan.violations == (
            "Discrétion n'est pas une compétence de la culture Barbare : "
            "elle ne peut pas recevoir de points de culture.",
            "Commerce n'est pas une compétence de la culture Barbare : "
            "elle ne peut pas recevoir de points de culture.",
        )

    def test_influence_pour_le_civilise(self) -> None:
        """A11: for Civilisé, « Influence » and « Tromperie » are the skill Tromperie/Baratin/Influence."""
        assert creation("Civilisé", Repartition("Influence", culture=20)).valide

    @pytest.mark.parametrize(
        ("culture", "choisies", "valide"),
        [
            ("Nomade", ("Athlétisme", "Natation"), True),
            ("Nomade", ("Athlétisme", "Équitation", "Natation"), False),
            ("Primitif", ("Natation",), True),
            ("Primitif", ("Athlétisme", "Natation"), False),
        ],
    )
    def test_les_choix_parmi_les_competences_standards(
        self, culture: str, choisies: tuple[str, ...], valide: bool
    ) -> None:
        """SRC lines 169 and 173: « deux parmi » and « ou » limit the skills taking culture points."""
        bilan = creation(culture, *(Repartition(nom, culture=10) for nom in choisies))
        assert bilan.valide is valide
        if not valide:
            assert "au plus parmi" in bilan.violations[0]

    def test_trois_competences_professionnelles_par_la_culture(self) -> None:
        """SRC line 158: up to three of the culture's professional skills."""
        pros = ["Guérison", "Pistage", "Survie", "Navigation"]
        assert creation("Barbare", *(Repartition(nom, culture=10) for nom in pros[:3])).valide
        bilan = creation("Barbare", *(Repartition(nom, culture=10) for nom in pros))
        assert bilan.violations == (
            "Trois compétences professionnelles au plus viennent de la culture "
            "(4 reçoivent des points de culture).",
        )

    def test_trois_competences_professionnelles_par_la_profession(self) -> None:
        """SRC line 179: up to three professional skills from the profession (professions are not listed)."""
        pros = ["Commerce", "Crochetage", "Déguisement", "Passe-passe"]
        assert creation("Barbare", *(Repartition(nom, profession=10) for nom in pros[:3])).valide
        bilan = creation("Barbare", *(Repartition(nom, profession=10) for nom in pros))
        assert "4 reçoivent des points de profession" in bilan.violations[0]

    def test_les_points_libres_sur_une_competence_acquise(self) -> None:
        """SRC line 98: a professional skill is had only through culture or profession; free points follow."""
        bilan = creation("Barbare", Repartition("Acrobatie", libre=10))
        assert bilan.violations == (
            "Acrobatie : compétence professionnelle acquise ni par la culture ni par la profession ; "
            "elle ne peut pas recevoir de points libres.",
        )
        assert creation("Barbare", Repartition("Acrobatie", profession=1, libre=10)).valide
        assert creation("Barbare", Repartition("Survie", culture=1, libre=10)).valide
        assert creation("Barbare", Repartition("Esquive", libre=10)).valide

    def test_orientation(self) -> None:
        """A11: Orientation may be chosen by a Primitif; base 0, with the note."""
        bilan = creation("Primitif", Repartition("Orientation", culture=30))
        assert bilan.valide and bilan.competences[-1].valeur == 30
        assert bilan.remarques == (f"Orientation : {ORIENTATION.note}",)

    def test_chaque_specialite_compte_a_part(self) -> None:
        """Two specialities of a skill are two skills, each counted among the three."""
        bilan = creation(
            "Civilisé",
            Repartition("Art", culture=5, specialite="Peinture"),
            Repartition("Art", culture=5, specialite="Poésie"),
        )
        assert bilan.valide and [c.specialite for c in bilan.competences[-2:]] == ["Peinture", "Poésie"]
        assert (
            "Art (Poésie)"
            in creation("Barbare", Repartition("Art", libre=5, specialite="Poésie")).violations[0]
        )

    @pytest.mark.parametrize(
        ("repartitions", "champ", "message"),
        [
            ([Repartition("Esquive"), Repartition("esquive")], "competences", "apparaît deux fois"),
            (
                [Repartition("Art", specialite="Chant"), Repartition("Art", specialite=" chant ")],
                "competences",
                "apparaît deux fois",
            ),
            ([Repartition("Esquive", specialite="roulade")], "specialite", "ne se choisit pas"),
            ([Repartition("Art", specialite=3)], "specialite", "doit être un texte"),  # type: ignore[arg-type]
            ([Repartition("Esquive", culture=-5)], "Esquive : points de culture", "au moins 0"),
            ([Repartition("Esquive", libre="beaucoup")], "Esquive : points libres", "nombre entier"),  # type: ignore[arg-type]
            ([Repartition("Vol")], "competence", "Compétence inconnue"),
            ([Repartition("Magie", profession=10)], "variante", "précisez la variante"),
            ([{"competence": "Esquive"}], "competences", "répartition de points"),
            ("Esquive", "competences", "liste de répartitions"),
            (12, "competences", "liste de répartitions"),
        ],
    )
    def test_une_repartition_invalide_est_refusee(
        self, repartitions: object, champ: str, message: str
    ) -> None:
        """Malformed rows are input errors naming the field, not rule violations."""
        with pytest.raises(InputError, match=message) as erreur:
            verifier_creation(CARS, "Barbare", repartitions)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


# == Tests ======================================================================


class TestResoudreTest:
    @pytest.mark.parametrize(
        ("ligne", "jet", "resultat"),
        [
            (184, 1, R.REUSSITE_CRITIQUE),
            (184, 7, R.REUSSITE_CRITIQUE),
            (184, 8, R.REUSSITE),
            (184, 67, R.REUSSITE),
            (185, 68, R.ECHEC),
            (185, 86, R.ECHEC),
            (185, 87, R.ECHEC_CRITIQUE),
            (185, 97, R.ECHEC_CRITIQUE),
            (185, 100, R.ECHEC_CRITIQUE),
        ],
    )
    def test_l_exemple_du_texte_a_67(self, ligne: int, jet: int, resultat: Resultat) -> None:
        """SRC lines 184-185: at 67 %, critical on 01-07 (7 %), maladresse from 87."""
        assert resoudre_test(67, jet) is resultat
        assert seuils(67) == Seuils(67, 7, 87)
        assert probabilites_de_test(67)[R.REUSSITE_CRITIQUE] == Fraction(7, 100)

    @pytest.mark.parametrize(("ligne", "score"), [(185, 80), (185, 81), (185, 100), (185, 79)])
    def test_pas_de_maladresse_a_partir_de_80(self, ligne: int, score: int) -> None:
        """SRC line 185 and A3: from 80 % no maladresse, 98-00 stays a plain automatic failure."""
        resultats = [resoudre_test(score, jet) for jet in range(1, 101)]
        if score >= 80:
            assert R.ECHEC_CRITIQUE not in resultats and seuils(score).maladresse is None
            assert resultats[97:] == [R.ECHEC] * 3
        else:
            assert resultats[97:] == [R.ECHEC, R.ECHEC_CRITIQUE, R.ECHEC_CRITIQUE]

    @pytest.mark.parametrize(("ligne", "jet"), [(190, 1), (190, 2), (190, 3)])
    def test_01_03_toujours_une_reussite(self, ligne: int, jet: int) -> None:
        """SRC line 190 and A3: 01-03 succeeds whatever S, even at 0 or below."""
        assert resoudre_test(0, jet) is R.REUSSITE
        assert resoudre_test(5, jet, -20) is R.REUSSITE
        assert resoudre_test(5, jet, -20, affaibli=True) is R.REUSSITE

    @pytest.mark.parametrize(("ligne", "jet"), [(191, 98), (191, 99), (191, 100), (191, "00")])
    def test_98_00_toujours_un_echec(self, ligne: int, jet: int | str) -> None:
        """SRC line 191 and A3: 98-00 fails whatever the skill; « 00 » is 100."""
        assert resoudre_test(500, jet) is R.ECHEC
        assert resoudre_test(500, jet, 20) is R.ECHEC

    def test_un_score_negatif(self) -> None:
        """A3 literally: S = 5 - 20 = -15 succeeds only on 01-03, never critically; maladresse from 5."""
        assert seuils(5, -20) == Seuils(-15, -1, 5)
        resultats = Counter(resoudre_test(5, jet, -20) for jet in range(1, 101))
        assert resultats == {R.REUSSITE: 3, R.ECHEC: 1, R.ECHEC_CRITIQUE: 96}

    def test_pas_de_reussite_critique_a_zero(self) -> None:
        """A3: at S = 0 the critical threshold is 0: 01-03 are plain successes."""
        assert seuils(0) == Seuils(0, 0, 20)
        assert [resoudre_test(0, jet) for jet in (1, 3, 4, 19, 20)] == [R.REUSSITE] * 2 + [R.ECHEC] * 2 + [
            R.ECHEC_CRITIQUE
        ]

    def test_la_reussite_critique_d_un_petit_score_dans_01_03(self) -> None:
        """A3: at 25 % the critical range is 01-03, all inside the automatic success."""
        assert [resoudre_test(25, jet) for jet in (1, 3, 4)] == [R.REUSSITE_CRITIQUE] * 2 + [R.REUSSITE]
        assert [resoudre_test(2, jet) for jet in (1, 2, 3)] == [R.REUSSITE_CRITIQUE, R.REUSSITE, R.REUSSITE]

    def test_tous_les_tests_selon_a3(self) -> None:
        """Every d100 result x every score 0..150 x every circumstance x weakened or not, against A3."""
        for score, circonstance, affaibli in product(range(151), (-20, -10, 0, 10, 20), (False, True)):
            s = score + circonstance - (30 if affaibli else 0)
            limites = seuils(score, circonstance, affaibli=affaibli)
            assert limites.score == s
            for jet in range(1, 101):
                attendu = lecture_a3(s, jet)
                assert resoudre_test(score, jet, circonstance, affaibli=affaibli) is attendu, (s, jet)

    def test_toutes_les_probabilites_selon_a3(self) -> None:
        """The exact odds are the counts of the A3 reading over the 100 faces, for S from -50 to 170."""
        for score, circonstance, affaibli in product(range(0, 151, 7), (-20, 0, 20), (False, True)):
            s = score + circonstance - (30 if affaibli else 0)
            compte = Counter(lecture_a3(s, jet) for jet in range(1, 101))
            attendu = {r: Fraction(compte[r], 100) for r in Resultat}
            assert probabilites_de_test(score, circonstance, affaibli=affaibli) == attendu

    @pytest.mark.parametrize(
        ("ligne", "modificateur", "circonstance", "debut"),
        [
            (198, -20, "Très difficile", "Tirer de nuit sur cible mobile"),
            (199, -10, "Difficile", "Tirer sur cible mobile ou de petite taille"),
            (200, 10, "Facile", "Tirer sur cible immobile et de grande taille"),
            (201, 20, "Plus que facile", "Suivre un flâneur"),
        ],
    )
    def test_la_table_de_circonstances(
        self, ligne: int, modificateur: int, circonstance: str, debut: str
    ) -> None:
        """SRC lines 198-209: the four circumstances with their examples A-D; each moves S."""
        row = TABLE_DE_CIRCONSTANCES[ligne - 198]
        assert (row.modificateur, row.circonstance) == (modificateur, circonstance)
        assert row.exemple.startswith(debut)
        assert seuils(50, modificateur).score == 50 + modificateur

    @pytest.mark.parametrize("circonstance", [5, -30, 30, -15, "facile", None])
    def test_une_circonstance_hors_de_la_table(self, circonstance: object) -> None:
        """A circumstance is 0 or one of the table's modifiers."""
        with pytest.raises(InputError) as erreur:
            resoudre_test(50, 10, circonstance)  # type: ignore[arg-type]
        assert erreur.value.champ == "circonstance"

    def test_affaibli(self) -> None:
        """A7: after a failed serious-wound roll, -30 % to every roll."""
        assert seuils(67, affaibli=True) == Seuils(37, 4, 57)
        assert resoudre_test(67, 40, affaibli=True) is R.ECHEC
        with pytest.raises(InputError) as erreur:
            resoudre_test(67, 40, affaibli="oui")  # type: ignore[arg-type]
        assert erreur.value.champ == "affaibli"

    @pytest.mark.parametrize(
        ("score", "jet", "champ"),
        [
            (50, 0, "jet"),
            (50, 101, "jet"),
            (50, "abc", "jet"),
            (50, None, "jet"),
            (50, True, "jet"),
            (-1, 50, "score"),
            ("", 50, "score"),
            (1.5, 50, "score"),
        ],
    )
    def test_un_jet_ou_un_score_invalide_est_refuse(self, score: object, jet: object, champ: str) -> None:
        """General conventions: rolls are 1..100 (« 00 » = 100), skills integers >= 0."""
        with pytest.raises(InputError) as erreur:
            resoudre_test(score, jet)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_lancer_un_test_revient_a_le_resoudre(self) -> None:
        """A rolled test is the resolver applied to the die drawn from the injected generator."""
        for seed in range(50):
            jet = lancer_test(45, new_rng(seed), -10)
            assert jet == lancer_test(45, new_rng(seed), -10)
            assert jet.score == 35 and jet.resultat is resoudre_test(45, jet.jet, -10)

    def test_les_frequences_des_tests_lances(self) -> None:
        """20 000 seeded rolls at 67 % agree with the exact odds."""
        rng = new_rng(20261129)
        n = 20_000
        compte = Counter(lancer_test(67, rng).resultat for _ in range(n))
        for resultat, p in probabilites_de_test(67).items():
            assert abs(compte[resultat] / n - float(p)) <= tolerance(p, n)


# == Jets de caractéristique ====================================================


class TestJetDeCaracteristique:
    @pytest.mark.parametrize(("ligne", "multiplicateur", "cible"), [(212, 5, 65), (212, 1, 13), (212, 3, 39)])
    def test_l_exemple_du_texte_en_cha(self, ligne: int, multiplicateur: int, cible: int) -> None:
        """SRC line 212: a CHA 13 roll under CHA x 5 (easy) or CHA x 1 (very hard); x 3 most of the time."""
        assert cible_de_caracteristique(13, multiplicateur) == cible
        assert resoudre_jet_de_caracteristique(13, cible, multiplicateur) is R.REUSSITE
        assert resoudre_jet_de_caracteristique(13, cible + 1, multiplicateur).reussi is False

    def test_le_multiplicateur_par_defaut(self) -> None:
        """A4: the default multiplier is 3; multipliers run 1..5."""
        assert MULTIPLICATEUR_PAR_DEFAUT == 3 and MULTIPLICATEURS == (1, 2, 3, 4, 5)
        assert cible_de_caracteristique(13) == 39

    def test_tous_les_jets_de_caracteristique_selon_a3(self) -> None:
        """A4: every characteristic 0..25 x multiplier x roll is resolved exactly like A3 on the target."""
        for valeur, multiplicateur, affaibli in product(range(26), MULTIPLICATEURS, (False, True)):
            s = valeur * multiplicateur - (30 if affaibli else 0)
            for jet in range(1, 101):
                assert resoudre_jet_de_caracteristique(valeur, jet, multiplicateur, affaibli=affaibli) is (
                    lecture_a3(s, jet)
                )
            compte = Counter(lecture_a3(s, jet) for jet in range(1, 101))
            assert probabilites_de_caracteristique(valeur, multiplicateur, affaibli=affaibli) == {
                r: Fraction(compte[r], 100) for r in Resultat
            }

    @pytest.mark.parametrize(
        ("valeur", "multiplicateur", "champ"),
        [(13, 0, "multiplicateur"), (13, 6, "multiplicateur"), (-1, 3, "caracteristique")],
    )
    def test_un_jet_de_caracteristique_invalide_est_refuse(
        self, valeur: int, multiplicateur: int, champ: str
    ) -> None:
        """A4: the multiplier is 1..5; a characteristic is >= 0."""
        with pytest.raises(InputError) as erreur:
            resoudre_jet_de_caracteristique(valeur, 50, multiplicateur)
        assert erreur.value.champ == champ

    def test_lancer_un_jet_de_caracteristique(self) -> None:
        """A rolled characteristic roll is the resolver applied to the drawn die."""
        for seed in range(30):
            jet = lancer_jet_de_caracteristique(12, new_rng(seed), 4, affaibli=seed % 2 == 0)
            affaibli = seed % 2 == 0
            assert jet.score == 48 - (30 if affaibli else 0)
            assert jet.resultat is resoudre_jet_de_caracteristique(12, jet.jet, 4, affaibli=affaibli)


# == Blessures et guérison ======================================================

E = EtatDeBlessure


class TestSubirDegats:
    @pytest.mark.parametrize(
        ("pv", "degats", "pv_apres", "etat", "grave", "agonie"),
        [
            (12, 12, 0, E.MORT, False, False),
            (12, 30, -18, E.MORT, False, False),
            (1, 1, 0, E.MORT, False, False),
            (12, 6, 6, E.BLESSURE_GRAVE, True, False),
            (13, 6, 7, E.BLESSURE_LEGERE, False, False),
            (13, 7, 6, E.BLESSURE_GRAVE, True, False),
            (12, 5, 7, E.BLESSURE_LEGERE, False, False),
            (12, 10, 2, E.AGONIE, True, True),
            (8, 5, 3, E.AGONIE, True, True),
            (9, 5, 4, E.BLESSURE_GRAVE, True, False),
            (5, 2, 3, E.AGONIE, False, True),
            (2, 1, 1, E.AGONIE, True, True),
            (3, 0, 3, E.AGONIE, False, True),
            (20, 0, 20, E.AUCUNE, False, False),
        ],
    )
    def test_interpretation_a7_l_ordre_des_etats(
        self, pv: int, degats: int, pv_apres: int, etat: EtatDeBlessure, grave: bool, agonie: bool
    ) -> None:
        """SRC lines 221-226 and A7: mort first, then damage x 2 >= current PV, then PV 1-3 agonie."""
        blessure = subir_degats(pv, degats, 13)
        assert (blessure.pv_avant, blessure.degats, blessure.pv_apres) == (pv, degats, pv_apres)
        assert (blessure.etat, blessure.blessure_grave, blessure.agonie) == (etat, grave, agonie)
        attendus = [nom for nom, oui in (("choc", grave), ("agonie", agonie)) if oui]
        assert [jet.nom for jet in blessure.jets] == attendus

    def test_les_jets_demandes(self) -> None:
        """SRC lines 221 and 224: CON x 5 once (minutes, -30 %), CON x 3 each round (hours)."""
        choc, agonie = subir_degats(8, 6, 13).jets
        assert (choc.multiplicateur, choc.cible, choc.frequence, choc.inconscience, choc.unite) == (
            5,
            65,
            "une fois",
            8,
            "minutes",
        )
        assert choc.malus_en_cas_d_echec == MALUS_AFFAIBLI == -30
        assert (agonie.multiplicateur, agonie.cible, agonie.frequence, agonie.unite) == (
            3,
            39,
            "chaque round",
            "heures",
        )
        assert agonie.malus_en_cas_d_echec == 0

    def test_les_jets_d_un_personnage_affaibli(self) -> None:
        """A7: a weakened character's CON rolls are at -30 too."""
        choc, agonie = subir_degats(8, 6, 13, affaibli=True).jets
        assert (choc.cible, agonie.cible) == (35, 9)

    @pytest.mark.parametrize(("con", "duree"), [(0, 21), (13, 8), (20, 1), (21, 1), (30, 1)])
    def test_interpretation_a7_la_duree_d_inconscience(self, con: int, duree: int) -> None:
        """A7: unconscious for max(1, 21 - CON) minutes or hours."""
        assert duree_d_inconscience(con) == duree

    @pytest.mark.parametrize(
        ("kwargs", "champ", "message"),
        [
            ({"pv": 0, "degats": 3, "con": 13}, "pv", "mort"),
            ({"pv": -4, "degats": 3, "con": 13}, "pv", "mort"),
            ({"pv": 13, "degats": 3, "con": 13, "pv_max": 12}, "pv", "dépassent"),
            ({"pv": 12, "degats": -1, "con": 13}, "degats", "au moins 0"),
            ({"pv": 12, "degats": 12, "con": -1}, "CON", "au moins 0"),
            ({"pv": 12, "degats": 12, "con": 13, "affaibli": 1}, "affaibli", "vrai ou faux"),
            ({"pv": 12, "degats": 1, "con": 13, "pv_max": 0}, "pv_max", "au moins 1"),
        ],
    )
    def test_une_blessure_invalide_est_refusee(
        self, kwargs: dict[str, object], champ: str, message: str
    ) -> None:
        """A dead character takes no more hits; PV never exceed the maximum; damage >= 0."""
        with pytest.raises(InputError, match=message) as erreur:
            subir_degats(**kwargs)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_les_pv_a_leur_maximum_sont_acceptes(self) -> None:
        """PV at their maximum is fine."""
        assert subir_degats(12, 1, 13, pv_max=12).pv_apres == 11


class TestJetsDeCon:
    def test_choc(self) -> None:
        """SRC line 221 and A7: success goes on; failure: unconscious (21 - CON) minutes, then -30 %."""
        reussi = resoudre_choc(13, 65)
        assert (reussi.conscient, reussi.inconscience, reussi.malus) == (True, 0, 0)
        rate = resoudre_choc(13, 66)
        assert (rate.conscient, rate.inconscience, rate.unite, rate.malus) == (False, 8, "minutes", -30)

    def test_agonie(self) -> None:
        """SRC line 224 and A7: failure: unconscious (21 - CON) hours, no malus stated."""
        assert resoudre_agonie(13, 39).conscient
        rate = resoudre_agonie(13, 40)
        assert (rate.conscient, rate.inconscience, rate.unite, rate.malus) == (False, 8, "heures", 0)

    def test_les_jets_de_con_sont_des_jets_de_caracteristique(self) -> None:
        """A7 + A4: the CON rolls are characteristic rolls x 5 and x 3, weakened or not."""
        for con, jet, affaibli in product(range(0, 31, 3), range(1, 101), (False, True)):
            assert resoudre_choc(con, jet, affaibli=affaibli).resultat is resoudre_jet_de_caracteristique(
                con, jet, 5, affaibli=affaibli
            )
            assert resoudre_agonie(con, jet, affaibli=affaibli).resultat is resoudre_jet_de_caracteristique(
                con, jet, 3, affaibli=affaibli
            )

    def test_lancer_les_jets_de_con(self) -> None:
        """Rolled CON rolls are the resolvers applied to the drawn die."""
        for seed in range(30):
            choc, agonie = lancer_choc(10, new_rng(seed)), lancer_agonie(10, new_rng(seed))
            assert choc == resoudre_choc(10, choc.jet) and agonie == resoudre_agonie(10, agonie.jet)

    def test_le_jet_demande_par_la_blessure(self) -> None:
        """The CON roll a wound calls for resolves, rolls and weighs like the resolvers of its name."""
        for affaibli in (False, True):
            choc, agonie = subir_degats(12, 10, 13, affaibli=affaibli).jets
            assert choc.resoudre(66, new_rng(1)) == resoudre_choc(13, 66, affaibli=affaibli)
            assert agonie.resoudre(None, new_rng(4)) == lancer_agonie(13, new_rng(4), affaibli=affaibli)
            multiplicateurs = (choc.probabilites(), agonie.probabilites())
            assert multiplicateurs == tuple(
                bm.probabilites_de_caracteristique(13, m, affaibli=affaibli) for m in (5, 3)
            )


class TestVitesseDeGuerison:
    @pytest.mark.parametrize(
        ("con", "vitesse"),
        [
            (0, 1),
            (1, 1),
            (6, 1),
            (7, 2),
            (12, 2),
            (13, 3),
            (18, 3),
            (19, 4),
            (24, 4),
            (25, 5),
            (30, 5),
            (31, 6),
        ],
    )
    def test_interpretation_a8_la_vitesse_de_guerison(self, con: int, vitesse: int) -> None:
        """SRC lines 234-237 and A8: 1 up to 6, 2 for 7-12, 3 for 13-18, then +1 per started block of 6."""
        assert vitesse_de_guerison(con) == vitesse

    def test_la_lecture_de_la_table_de_guerison(self) -> None:
        """Every CON 0..200 matches a straight reading of the table's rows."""
        for con in range(201):
            if con <= 6:
                attendu = 1
            elif con <= 12:
                attendu = 2
            elif con <= 18:
                attendu = 3
            else:
                attendu = 3 + (con - 18 + 5) // 6
            assert vitesse_de_guerison(con) == attendu


class TestSoins:
    @pytest.mark.parametrize(
        ("ligne", "competence", "des", "repos"),
        [(92, "Premiers secours", "1d3", "court"), (125, "Guérison", "1d6", "long")],
    )
    def test_les_donnees_des_soins(self, ligne: int, competence: str, des: str, repos: str) -> None:
        """SRC lines 92 and 125: once per wound, 1d3 after a short rest / 1d6 after a long one."""
        soin = trouver_soin(competence)
        assert (soin.competence, soin.des, soin.repos, soin.une_fois_par_blessure) == (
            competence,
            des,
            repos,
            True,
        )
        assert str(soin.expression) == des
        assert soin in SOINS

    @pytest.mark.parametrize(
        ("pv", "pv_max", "competence", "de", "pv_apres"),
        [
            (5, 12, "Guérison", 4, 9),
            (10, 12, "Guérison", 6, 12),
            (12, 12, "Premiers secours", 1, 12),
            (1, 12, "Premiers Soins", 3, 4),
        ],
    )
    def test_jamais_au_dessus_du_maximum(
        self, pv: int, pv_max: int, competence: str, de: int, pv_apres: int
    ) -> None:
        """Healing adds the die; PV never go above their maximum."""
        effet = soigner(pv, pv_max, competence, [de])
        assert (effet.points, effet.pv_avant, effet.pv_max, effet.pv_apres, effet.des) == (
            de,
            pv,
            pv_max,
            pv_apres,
            (de,),
        )

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ((0, 12, "Guérison", [3]), "pv", "médecine conventionnelle"),
            ((13, 12, "Guérison", [3]), "pv", "dépassent"),
            ((5, 12, "Esquive", [3]), "competence", "ne rend pas de points de vie"),
            ((5, 12, "Premiers secours", [4]), "des", "Un d3 montre une valeur de 1 à 3"),
            ((5, 12, "Premiers secours", [1, 2]), "des", "demande 1 dé"),
            ((5, 12, "Premiers secours", 2), "des", "liste de dés"),
            ((5, 12, "Premiers secours", ["x"]), "des", "nombre entier"),
        ],
    )
    def test_un_soin_invalide_est_refuse(self, args: tuple[object, ...], champ: str, message: str) -> None:
        """The dead cannot be healed conventionally (line 226); dice must fit the expression."""
        with pytest.raises(InputError, match=message) as erreur:
            soigner(*args)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_lancer_un_soin(self) -> None:
        """A rolled healing is within the die and applied like a read one."""
        for seed in range(30):
            effet = lancer_soin(3, 12, "Guérison", new_rng(seed))
            assert 1 <= effet.points <= 6 and effet == soigner(3, 12, "Guérison", effet.des)

    @pytest.mark.parametrize("competence", ["Premiers secours", "Guérison"])
    @pytest.mark.parametrize(("pv", "pv_max"), [(1, 12), (5, 12), (9, 12), (12, 12), (3, 4)])
    def test_la_distribution_du_soin(self, competence: str, pv: int, pv_max: int) -> None:
        """The odds of the PV after healing are :func:`soigner` over every face of the die."""
        faces = int(trouver_soin(competence).des[2:])
        attendu = Counter(soigner(pv, pv_max, competence, [de]).pv_apres for de in range(1, faces + 1))
        dist = distribution_du_soin(pv, pv_max, competence)
        assert dist.probabilities() == {apres: Fraction(n, faces) for apres, n in attendu.items()}

    def test_la_distribution_du_soin_refuse_une_entree_invalide(self) -> None:
        """The odds check their inputs like the healing itself."""
        for args, champ in (
            ((0, 12, "Guérison"), "pv"),
            ((5, 0, "Guérison"), "pv_max"),
            ((5, 12, "Art"), "competence"),
        ):
            with pytest.raises(InputError) as erreur:
                distribution_du_soin(*args)
            assert erreur.value.champ == champ


# == Combat =====================================================================


class TestChanceDeToucher:
    @pytest.mark.parametrize(("ligne", "att", "defense", "chance"), [(247, 65, 35, 80), (248, 35, 65, 20)])
    def test_les_exemples_de_chance_de_toucher(self, ligne: int, att: int, defense: int, chance: int) -> None:
        """SRC lines 247-248 and A5: (65-35)+50 = 80 and (35-65)+50 = 20."""
        assert chance_de_toucher(att, defense) == chance

    def test_circonstance_et_affaiblissement(self) -> None:
        """The circumstance table applies to attacks (its examples are shots); -30 to a weakened side."""
        assert chance_de_toucher(65, 35, -20) == 60
        assert chance_de_toucher(65, 35, attaquant_affaibli=True) == 50
        assert chance_de_toucher(65, 35, defenseur_affaibli=True) == 110
        assert chance_de_toucher(0, 120) == -70

    @pytest.mark.parametrize(
        ("args", "kwargs", "champ"),
        [
            ((-1, 30), {}, "ATT"),
            ((30, -1), {}, "defense"),
            ((30, 30, 7), {}, "circonstance"),
            ((30, 30), {"attaquant_affaibli": None}, "attaquant_affaibli"),
            ((30, 30), {"defenseur_affaibli": "non"}, "defenseur_affaibli"),
        ],
    )
    def test_une_att_ou_une_defense_invalide_est_refusee(
        self, args: tuple[object, ...], kwargs: dict[str, object], champ: str
    ) -> None:
        """ATT and PAR/Esquive are integers >= 0; flags are booleans."""
        with pytest.raises(InputError) as erreur:
            chance_de_toucher(*args, **kwargs)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestResoudreAttaque:
    def test_chance_80(self) -> None:
        """SRC lines 253-254 and A5 at 80 %: special 01-04, critical 05-08, hit to 80, 98-00 miss."""
        resultats = [resoudre_attaque(80, jet).value for jet in range(1, 101)]
        assert resultats[:4] == ["reussite_speciale"] * 4
        assert resultats[4:8] == ["reussite_critique"] * 4
        assert set(resultats[8:80]) == {"reussite"}
        assert set(resultats[80:]) == {"echec"}

    def test_chance_20(self) -> None:
        """SRC line 248 at 20 %: special and critical on 01-02, hit on 03-20, maladresse from 40."""
        assert [resoudre_attaque(20, jet).value for jet in (1, 2, 3, 20, 21, 39, 40, 100)] == [
            "reussite_speciale",
            "reussite_critique",
            "reussite",
            "reussite",
            "echec",
            "echec",
            "echec_critique",
            "echec_critique",
        ]

    def test_toutes_les_attaques_selon_a5(self) -> None:
        """Every chance -80..260 x every roll, against a straight reading of A5."""
        for chance in range(-80, 261):
            for jet in range(1, 101):
                assert resoudre_attaque(chance, jet).value == lecture_a5(chance, jet), (chance, jet)

    def test_les_proprietes_du_resultat_d_attaque(self) -> None:
        """A special success hits and doubles damage like a critical."""
        T = ResultatDAttaque
        assert [r.touche for r in T] == [True, True, True, False, False]
        assert [r.critique for r in T] == [True, True, False, False, False]

    def test_les_probabilites_d_attaque(self) -> None:
        """The exact odds are the counts of the A5 reading over the 100 faces."""
        for chance in range(-60, 200, 11):
            compte = Counter(lecture_a5(chance, jet) for jet in range(1, 101))
            odds = probabilites_d_attaque(chance)
            assert {r.value: p for r, p in odds.items()} == {
                r.value: Fraction(compte[r.value], 100) for r in odds
            }
        assert probabilites_d_attaque(80)[ResultatDAttaque.REUSSITE_SPECIALE] == Fraction(4, 100)

    def test_lancer_une_attaque(self) -> None:
        """A rolled attack is the resolver applied to the drawn die."""
        for seed in range(50):
            jet = lancer_attaque(55, new_rng(seed))
            assert jet.chance == 55 and jet.resultat is resoudre_attaque(55, jet.jet)

    def test_les_frequences_des_attaques_lancees(self) -> None:
        """20 000 seeded attacks at 80 % agree with the exact odds."""
        rng = new_rng(80)
        n = 20_000
        compte = Counter(lancer_attaque(80, rng).resultat for _ in range(n))
        for resultat, p in probabilites_d_attaque(80).items():
            assert abs(compte[resultat] / n - float(p)) <= tolerance(p, n)

    @pytest.mark.parametrize(
        ("chance", "jet", "champ"), [("x", 10, "chance"), (50, 0, "jet"), (None, 5, "chance")]
    )
    def test_une_chance_ou_un_jet_d_attaque_invalide_est_refuse(
        self, chance: object, jet: object, champ: str
    ) -> None:
        """The chance is any integer (it may be negative); the roll is 1..100."""
        with pytest.raises(InputError) as erreur:
            resoudre_attaque(chance, jet)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestRound:
    @pytest.mark.parametrize(
        ("ligne", "att", "attaques"), [(55, 79, 1), (55, 80, 2), (55, 120, 2), (55, 0, 1)]
    )
    def test_deux_attaques_pour_l_expert(self, ligne: int, att: int, attaques: int) -> None:
        """SRC line 55 and A10: 80 % in a weapon allows two attacks with it."""
        assert nombre_d_attaques(att) == attaques

    @pytest.mark.parametrize(
        ("att", "kwargs", "attendu"),
        [
            (50, {}, ActionsDuRound(1, 1, 1)),
            (50, {"bouclier": True}, ActionsDuRound(1, 1, 2)),
            (85, {}, ActionsDuRound(1, 2, 1)),
            (85, {"esquive": True}, ActionsDuRound(1, 0, 1)),
            (50, {"arme_sans_parade": True}, ActionsDuRound(1, 1, 0)),
            # the shield parry is « supplémentaire » to the free one, which the weapon lacks
            (50, {"arme_sans_parade": True, "bouclier": True}, ActionsDuRound(1, 1, 0)),
        ],
    )
    def test_actions_du_round(self, att: int, kwargs: dict[str, bool], attendu: ActionsDuRound) -> None:
        """SRC line 250: a move and an attack, a free parry, +1 with a shield; dodging forbids attacking."""
        assert actions_du_round(att, **kwargs) == attendu

    def test_le_texte_des_actions_du_round(self) -> None:
        """The round's rules are kept as the text gives them."""
        assert ACTIONS_DU_ROUND[0].startswith("Deux actions par round")
        assert any("esquivant ne peut pas attaquer" in regle for regle in ACTIONS_DU_ROUND)

    def test_une_option_non_booleenne_est_refusee(self) -> None:
        """Flags are booleans."""
        with pytest.raises(InputError) as erreur:
            actions_du_round(50, bouclier="oui")  # type: ignore[arg-type]
        assert erreur.value.champ == "bouclier"


class TestDegats:
    @pytest.mark.parametrize(
        ("ligne", "arme", "critique"), [(253, "1d3+2", "2d3+4"), (253, "2d6", "4d6"), (253, "2d6+2", "4d6+4")]
    )
    def test_l_exemple_du_texte_la_dague(self, ligne: int, arme: str, critique: str) -> None:
        """SRC line 253 and A6: a dagger 1d3+2 becomes 1d3+2 + 1d3+2 = 2d3+4 on a critical."""
        assert str(expression_des_degats(arme, critique=True)) == critique
        assert str(expression_des_degats(arme)) == arme

    def test_interpretation_a6_le_modificateur_une_seule_fois(self) -> None:
        """A6: weapon doubled, modifier added once, armour subtracted."""
        degats = resoudre_degats(
            "1d3+2", [3, 2], modificateur="+1d4", des_modificateur=[4], pa=3, critique=True
        )
        assert degats == Degats("2d3+4", (3, 2), 9, "1d4", (4,), 4, 3, True, 10)

    @pytest.mark.parametrize(
        ("total", "pa", "final"), [(7, 3, 4), (3, 3, 0), (2, 6, 0), (-4, 0, 0), (10, 0, 10)]
    )
    def test_interpretation_a6_jamais_sous_zero(self, total: int, pa: int, final: int) -> None:
        """A6 and SRC line 244: damage minus armour, never below 0."""
        assert degats_finals(total, pa) == final

    def test_un_modificateur_negatif(self) -> None:
        """A damage modifier of -1d8 can cancel the blow, never heal."""
        degats = resoudre_degats("1d3", [1], modificateur="-1d8", des_modificateur=[8])
        assert (degats.total_arme, degats.total_modificateur, degats.degats) == (1, -8, 0)

    @pytest.mark.parametrize(
        ("arme", "modificateur", "pa", "critique"),
        [
            ("1d3+2", "0", 0, False),
            ("1d3+2", "0", 0, True),
            ("1d6+2", "+1d4", 2, False),
            ("2d6+2", "+1d6", 5, True),
            ("1d3", "-1d8", 1, False),
            ("1d3+2", "-1d6", 3, True),
        ],
    )
    def test_la_distribution_exacte_des_degats(
        self, arme: str, modificateur: str, pa: int, critique: bool
    ) -> None:
        """The exact damage odds equal brute-force enumeration of every die (A6)."""
        expression = parse(arme)
        faces = [range(1, d.sides + 1) for _, d in expression.dice for _ in range(d.count)]
        faces *= 2 if critique else 1
        bonus = parse(modificateur)
        faces_bonus = [range(1, d.sides + 1) for _, d in bonus.dice for _ in range(d.count)]
        signe_bonus = bonus.dice[0][0] if bonus.dice else 1
        compte: Counter[int] = Counter()
        for des in product(*faces):
            for des_bonus in product(*faces_bonus):
                total = sum(des) + expression.constant * (2 if critique else 1) + signe_bonus * sum(des_bonus)
                compte[max(0, total - pa)] += 1
        n = sum(compte.values())
        attendu = {k: Fraction(v, n) for k, v in sorted(compte.items())}
        obtenu = distribution_des_degats(arme, modificateur, pa, critique).probabilities()
        assert obtenu == attendu and list(obtenu) == sorted(obtenu)

    def test_la_distribution_du_critique_de_la_dague(self) -> None:
        """SRC line 253: 2d3+4 runs 6..10 in the 1-2-3-2-1 pattern."""
        assert distribution_des_degats("1d3+2", critique=True).probabilities() == {
            6: Fraction(1, 9),
            7: Fraction(2, 9),
            8: Fraction(3, 9),
            9: Fraction(2, 9),
            10: Fraction(1, 9),
        }

    def test_lancer_les_degats(self) -> None:
        """Rolled damage is the resolver applied to the drawn dice, and a possible outcome."""
        odds = distribution_des_degats("2d6+2", "+1d4", 2, True)
        for seed in range(50):
            degats = lancer_degats("2d6+2", new_rng(seed), "+1d4", 2, True)
            assert len(degats.des_arme) == 4 and len(degats.des_modificateur) == 1
            assert degats == resoudre_degats(
                "2d6+2",
                degats.des_arme,
                modificateur="+1d4",
                des_modificateur=degats.des_modificateur,
                pa=2,
                critique=True,
            )
            assert odds.probability(degats.degats) > 0

    @pytest.mark.parametrize(
        ("kwargs", "erreur_type", "champ"),
        [
            ({"arme": "1d3+"}, DiceSyntaxError, "arme"),
            ({"arme": None}, DiceSyntaxError, "arme"),
            ({"modificateur": "+1x4"}, DiceSyntaxError, "modificateur"),
            ({"pa": -1}, InputError, "PA"),
            ({"critique": "oui"}, InputError, "critique"),
            ({"des_arme": [4, 1]}, InputError, "des_arme"),
            ({"des_arme": [5]}, InputError, "des_arme"),
            ({"des_modificateur": [1]}, InputError, "des_modificateur"),
            ({"des_arme": "12"}, InputError, "des_arme"),
        ],
    )
    def test_des_degats_invalides_sont_refuses(
        self, kwargs: dict[str, object], erreur_type: type[RulesError], champ: str
    ) -> None:
        """Bad expressions, dice or armour are refused, naming the field."""
        args: dict[str, object] = {"arme": "1d3+2", "des_arme": [2]} | kwargs
        with pytest.raises(erreur_type) as erreur:
            resoudre_degats(**args)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_la_distribution_et_le_lancer_refusent_pareil(self) -> None:
        """The odds and the roller check their inputs the same way."""
        with pytest.raises(InputError):
            distribution_des_degats("1d6", pa=-2)
        with pytest.raises(InputError):
            lancer_degats("1d6", new_rng(1), pa=-2)
        with pytest.raises(DiceSyntaxError):
            lancer_degats("1d6", new_rng(1), modificateur="bonus")


# == Initiative =================================================================


def combattant(nom: str, dex: int, pa: int, action: Action | str) -> Combattant:
    """A combatant, the action given as an enum or its text."""
    return Combattant(nom, dex, pa, action)  # type: ignore[arg-type]


class TestCoup:
    def test_l_arme_et_le_modificateur_de_for_tai(self) -> None:
        """A6, A1: the dagger's 1d3+2; FOR + TAI 46 beyond the table is +1d8; FOR + TAI wins over a choice."""
        assert bm.coup("Dague/Poignard", 2, for_tai=46) == bm.Coup(
            "Dague/Poignard", "1d3+2", "+1d8", 46, True, 2
        )
        assert bm.coup("Dague/Poignard", modificateur="+1d4", for_tai=25).modificateur == "0"

    def test_des_degats_donnes_et_leur_lancer(self) -> None:
        """Dice given replace the weapon; read dice, the roll and the exact law follow the engine."""
        coup = bm.coup("Épée/Rapière", 3, "+1d4", degats="1d8+1")
        assert (coup.arme, coup.expression) == (None, "1d8+1")
        assert coup.lire(True, [8, 8, 4]).degats == 8 + 8 + 1 + 1 + 4 - 3
        lance = coup.lancer(False, new_rng(1))
        assert lance == bm.degats_lus("1d8+1", [*lance.des_arme, *lance.des_modificateur], "+1d4", 3)
        assert coup.distribution(False) == bm.distribution_des_degats("1d8+1", "+1d4", 3)

    def test_des_degats_illisibles(self) -> None:
        """Bad dice are refused on the field « degats »."""
        with pytest.raises(RulesError) as erreur:
            bm.coup("Dague/Poignard", degats="1d6+")
        assert erreur.value.champ == "degats"


class TestInitiative:
    def test_score(self) -> None:
        """SRC line 258 and A9: DEX - armour PA + 1d6."""
        assert score_d_initiative(14, 3, 5) == 16
        assert score_d_initiative(2, 6, 1) == -3

    def test_l_ordre_des_actions(self) -> None:
        """SRC lines 260-263: tir à distance, mêlée, magie, action longue."""
        assert [action for action, _ in ORDRE_DES_ACTIONS] == list(Action)
        assert [libelle.split()[0] for _, libelle in ORDRE_DES_ACTIONS] == ["Tir", "Combat", "Magie", "Tout"]

    def test_interpretation_a9_l_action_puis_le_score(self) -> None:
        """SRC line 265 and A9: the action first, then the score (higher first); ties act together."""
        combattants = [
            combattant("Mage", 18, 0, Action.MAGIE),
            combattant("Brute", 10, 4, Action.MELEE),
            combattant("Archer", 8, 1, Action.TIR_A_DISTANCE),
            combattant("Duelliste", 12, 1, "melee"),
            combattant("Assassin", 16, 1, Action.ACTION_LONGUE),
            combattant("Soldat", 9, 2, Action.MELEE),
            combattant("Frondeur", 9, 0, Action.TIR_A_DISTANCE),
        ]
        initiative = ordre_d_initiative(combattants, [6, 6, 1, 3, 2, 5, 3])
        assert [s.score for s in initiative.scores] == [24, 12, 8, 14, 17, 12, 12]
        assert [(g.rang, g.action, g.score, g.combattants) for g in initiative.groupes] == [
            (1, Action.TIR_A_DISTANCE, 12, ("Frondeur",)),
            (2, Action.TIR_A_DISTANCE, 8, ("Archer",)),
            (3, Action.MELEE, 14, ("Duelliste",)),
            (4, Action.MELEE, 12, ("Brute", "Soldat")),
            (5, Action.MAGIE, 24, ("Mage",)),
            (6, Action.ACTION_LONGUE, 17, ("Assassin",)),
        ]

    def test_meme_score_autre_action_pas_simultanes(self) -> None:
        """A9: equal scores in different categories are two groups."""
        initiative = ordre_d_initiative(
            [combattant("A", 10, 0, Action.MELEE), combattant("B", 10, 0, Action.TIR_A_DISTANCE)], [3, 3]
        )
        assert [g.combattants for g in initiative.groupes] == [("B",), ("A",)]

    def test_sans_combattant_aucun_groupe(self) -> None:
        """No combatant, no group."""
        assert ordre_d_initiative([], []).groupes == ()

    def test_lancer_l_initiative(self) -> None:
        """Rolled initiative is the pure order applied to the drawn d6."""
        combattants = [combattant(f"C{i}", 10 + i % 3, i % 2, list(Action)[i % 4]) for i in range(8)]
        for seed in range(20):
            initiative = lancer_initiative(combattants, new_rng(seed))
            des = [s.d6 for s in initiative.scores]
            assert all(1 <= d <= 6 for d in des)
            assert initiative == ordre_d_initiative(combattants, des)

    @pytest.mark.parametrize(
        ("combattants", "des", "champ"),
        [
            ([combattant("A", 10, 0, "melee")], [7], "d6"),
            ([combattant("A", 10, 0, "melee")], [0], "d6"),
            ([combattant("A", 10, 0, "melee")], [], "des"),
            ([combattant("A", 10, 0, "melee"), combattant("A", 12, 0, "magie")], [1, 2], "nom"),
            ([combattant("", 10, 0, "melee")], [1], "nom"),
            ([combattant("A", -1, 0, "melee")], [1], "DEX"),
            ([combattant("A", 10, -2, "melee")], [1], "PA"),
            ([combattant("A", 10, 0, "fuite")], [1], "action"),
            ([("A", 10, 0, "melee")], [1], "combattants"),
            ("AB", [1, 2], "combattants"),
        ],
    )
    def test_un_combattant_ou_un_d6_invalide_est_refuse(
        self, combattants: object, des: list[int], champ: str
    ) -> None:
        """Bad combatants or dice are refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            ordre_d_initiative(combattants, des)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_lancer_l_initiative_refuse_une_liste_invalide(self) -> None:
        """The roller refuses what is not a list of combatants."""
        with pytest.raises(InputError):
            lancer_initiative("AB", new_rng(1))  # type: ignore[arg-type]


class TestSuiviDInitiative:
    ALDO = bm.Combattant("Aldo", 14, 2, bm.Action.MELEE)
    BERA = bm.Combattant("Bera", 10, 0, bm.Action.TIR_A_DISTANCE)

    def test_ajouter_puis_mettre_a_jour(self) -> None:
        """A new name joins the fight; the same name (any case) replaces its combatant; the d6 are dropped."""
        suivi, nouveau = bm.SuiviDInitiative((self.ALDO,), 2, (3,)).ajouter(self.BERA)
        assert (suivi, nouveau) == (bm.SuiviDInitiative((self.ALDO, self.BERA), 2, None), True)
        aldo = bm.Combattant("ALDO", 16, 0, bm.Action.MAGIE)
        assert suivi.ajouter(aldo) == (bm.SuiviDInitiative((aldo, self.BERA), 2, None), False)

    def test_vingt_combattants_au_plus(self) -> None:
        """The 21st combatant is refused on the name's field."""
        suivi = bm.SuiviDInitiative(tuple(bm.Combattant(f"C{i}", 10, 0, bm.Action.MELEE) for i in range(20)))
        with pytest.raises(InputError, match="20 combattants au plus") as erreur:
            suivi.ajouter(self.ALDO)
        assert erreur.value.champ == "nom"

    def test_retirer_garde_les_d6_des_autres(self) -> None:
        """Removing a combatant keeps the others' d6; none left, no d6; an unknown name is refused."""
        suivi = bm.SuiviDInitiative((self.ALDO, self.BERA), 1, (4, 2))
        assert suivi.retirer("Aldo") == bm.SuiviDInitiative((self.BERA,), 1, (2,))
        assert suivi.retirer("Aldo").retirer("Bera") == bm.SuiviDInitiative((), 1, None)
        with pytest.raises(InputError, match="Aucun combattant ne s'appelle « Zed »"):
            suivi.retirer("Zed")

    def test_lancer_ouvre_le_round(self) -> None:
        """The first roll opens round 1; a roll again keeps the round; « suivant » opens the next one."""
        suivi = bm.SuiviDInitiative((self.ALDO, self.BERA))
        premier = suivi.lancer(new_rng(1), [5, 1])
        assert premier == bm.SuiviDInitiative((self.ALDO, self.BERA), 1, (5, 1))
        assert premier.lancer(new_rng(1), [2, 2]).round == 1
        assert premier.lancer(new_rng(1), suivant=True).round == 2
        assert suivi.initiative() is None
        assert premier.initiative() == ordre_d_initiative([self.ALDO, self.BERA], [5, 1])

    @pytest.mark.parametrize(
        ("des", "champ", "message"),
        [
            ([1], "des", "Il faut un d6 par combattant, dans l'ordre de la liste : 2 .1 lu..$"),
            ([1, 7], "des", "d6"),
        ],
    )
    def test_lancer_refuse_les_mauvais_d6(self, des: list[int], champ: str, message: str) -> None:
        """One d6 from 1 to 6 per combatant, on the dice's field."""
        with pytest.raises(InputError, match=message) as erreur:
            bm.SuiviDInitiative((self.ALDO, self.BERA)).lancer(new_rng(1), des)
        assert erreur.value.champ == champ

    def test_lancer_sans_combattant(self) -> None:
        """An empty fight cannot roll."""
        with pytest.raises(InputError, match="Ajoutez au moins un combattant"):
            bm.SuiviDInitiative().lancer(new_rng(1))

    def test_lire_l_etat(self) -> None:
        """The JSON state gives the fight back; a duplicated name, a d6 too many or a bad DEX are refused."""
        ligne = {"nom": " Aldo ", "dex": 14, "pa": 2, "action": "melee"}
        assert bm.SuiviDInitiative.lire({"combattants": [ligne], "round": 3, "des": [6]}) == (
            bm.SuiviDInitiative((self.ALDO,), 3, (6,))
        )
        for etat in (
            {"combattants": [ligne, {**ligne, "nom": "aldo"}]},
            {"combattants": [ligne], "des": [1, 2]},
            {"combattants": [{**ligne, "dex": -1}]},
        ):
            with pytest.raises(RulesError):
                bm.SuiviDInitiative.lire(etat)
        assert bm.nom_de_combattant("  Aldo   le Rouge ") == "Aldo le Rouge"


class TestChancesDInitiative:
    @pytest.mark.parametrize(
        "combattants",
        [
            [combattant("A", 12, 0, "melee"), combattant("B", 12, 0, "melee")],
            [
                combattant("A", 14, 2, "melee"),
                combattant("B", 10, 0, "melee"),
                combattant("C", 9, 0, "melee"),
            ],
            [combattant("A", 10, 0, "melee"), combattant("B", 18, 0, "melee")],
            [
                combattant("A", 10, 0, "melee"),
                combattant("B", 10, 0, "tir_a_distance"),
                combattant("C", 8, 1, "tir_a_distance"),
            ],
            [combattant("Seul", 5, 6, "magie")],
        ],
    )
    def test_les_chances_en_comptant_tous_les_d6(self, combattants: list[Combattant]) -> None:
        """A9: the chance to lead a category is the count over every d6 of :func:`ordre_d_initiative`."""
        en_tete: Counter[str] = Counter()
        seul: Counter[str] = Counter()
        tirages = list(product(range(1, 7), repeat=len(combattants)))
        for des in tirages:
            vus: set[Action] = set()
            for groupe in ordre_d_initiative(combattants, list(des)).groupes:
                if groupe.action in vus:
                    continue
                vus.add(groupe.action)
                en_tete.update(groupe.combattants)
                if len(groupe.combattants) == 1:
                    seul.update(groupe.combattants)
        chances = chances_d_initiative(combattants)
        assert [c.nom for c in chances] == [c.nom for c in combattants]
        for chance in chances:
            assert chance.en_tete == Fraction(en_tete[chance.nom], len(tirages))
            assert chance.seul_en_tete == Fraction(seul[chance.nom], len(tirages))

    def test_les_chances_refusent_les_combattants_invalides(self) -> None:
        """Bad combatants are refused as by the order itself."""
        with pytest.raises(InputError) as erreur:
            chances_d_initiative([combattant("A", 10, 0, "melee"), combattant("A", 9, 0, "melee")])
        assert erreur.value.champ == "nom"
        with pytest.raises(InputError):
            chances_d_initiative("AB")  # type: ignore[arg-type]


# == Équipement =================================================================


class TestEquipement:
    @pytest.mark.parametrize(
        ("ligne", "debut", "pa"),
        [
            (273, "Fourrures", 1),
            (274, "Cuir rigide", 2),
            (275, "Plastron rigide", 3),
            (276, "Plastron de métal", 4),
            (277, "Cuirasse", 5),
            (278, "Cotte de mailles", 6),
        ],
    )
    def test_les_armures(self, ligne: int, debut: str, pa: int) -> None:
        """SRC lines 273-278: six armours, PA 1 to 6."""
        armure = ARMURES[ligne - 273]
        assert armure.type.startswith(debut) and armure.pa == pa

    @pytest.mark.parametrize(
        ("ligne", "nom", "degats", "deux_mains", "sans_parade"),
        [
            (285, "Dague/Poignard", "1d3+2", False, False),
            (286, "Épée/Rapière", "1d6+2", False, False),
            (287, "Épée à 2 mains", "2d6", True, True),
            (288, "Gourdin", "1d6", False, False),
            (289, "Hache", "1d6+1", False, False),
            (290, "Hache de Bataille", "2d6", True, False),
            (291, "Hallebarde", "2d6+2", False, True),
            (292, "Javelot/Lance courte", "1d6+1", False, False),
            (293, "Masse/Fléau d'armes", "1d6+2", False, False),
            (294, "Marteau à 2 mains", "2d6", True, False),
            (295, "Pique", "2d6", True, False),
            (296, "Poings/Pieds", "1d3", False, False),
        ],
    )
    def test_les_armes_de_melee(
        self, ligne: int, nom: str, degats: str, deux_mains: bool, sans_parade: bool
    ) -> None:
        """SRC lines 285-296: melee weapons, with « 2 mains » and « pas de parade »."""
        arme = ARMES_DE_MELEE[ligne - 285]
        assert (arme.nom, arme.degats, arme.deux_mains, arme.sans_parade, arme.a_distance) == (
            nom,
            degats,
            deux_mains,
            sans_parade,
            False,
        )
        assert arme.expression == parse(degats) and trouver_arme(nom) is arme

    @pytest.mark.parametrize(
        ("ligne", "nom", "degats", "remarque"),
        [
            (300, "Arbalète", "2d6", "1 tir par round + recharge 1 round"),
            (301, "Arc", "1d6+2", None),
            (302, "Dague", "1d3+2", None),
            (303, "Fronde", "1d6", None),
            (304, "Javelot", "1d6+1", None),
        ],
    )
    def test_les_armes_a_distance(self, ligne: int, nom: str, degats: str, remarque: str | None) -> None:
        """SRC lines 300-304: ranged weapons and the crossbow's reload."""
        arme = ARMES_A_DISTANCE[ligne - 300]
        assert (arme.nom, arme.degats, arme.remarque, arme.a_distance) == (nom, degats, remarque, True)
        assert trouver_arme(nom) is arme

    def test_lance_courte(self) -> None:
        """A11: the text's « Lance coute » (line 292) is the slip it looks like; both spellings are found."""
        assert (
            trouver_arme("Javelot/Lance coute") is trouver_arme("javelot/lance courte") is ARMES_DE_MELEE[7]
        )

    def test_trouver_une_arme(self) -> None:
        """Weapons are found without accents or case; an unknown one is refused."""
        assert trouver_arme("EPEE/RAPIERE").degats == "1d6+2"
        with pytest.raises(InputError, match="Arme inconnue") as erreur:
            trouver_arme("Bazooka")
        assert erreur.value.champ == "arme"


# == Properties =================================================================

scores = st.integers(0, 400)
circonstances = st.sampled_from([-20, -10, 0, 10, 20])
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(-3, 10), max_size=3),
)


class TestProprietes:
    @given(scores, circonstances, st.booleans())
    def test_les_probabilites_d_un_test_font_un(self, score: int, circonstance: int, affaibli: bool) -> None:
        """The four results' odds sum to 1."""
        assert sum(probabilites_de_test(score, circonstance, affaibli=affaibli).values()) == 1

    @given(st.integers(-300, 400))
    def test_les_probabilites_d_une_attaque_font_un(self, chance: int) -> None:
        """The attack results' odds sum to 1."""
        assert sum(probabilites_d_attaque(chance).values()) == 1

    @given(scores, circonstances, st.booleans(), st.integers(0, 2**32))
    def test_un_test_lance_est_possible(
        self, score: int, circonstance: int, affaibli: bool, seed: int
    ) -> None:
        """Every rolled test result has a non-zero probability."""
        jet = lancer_test(score, new_rng(seed), circonstance, affaibli=affaibli)
        assert probabilites_de_test(score, circonstance, affaibli=affaibli)[jet.resultat] > 0

    @given(st.integers(-300, 400), st.integers(0, 2**32))
    def test_une_attaque_lancee_est_possible(self, chance: int, seed: int) -> None:
        """Every rolled attack result has a non-zero probability."""
        assert probabilites_d_attaque(chance)[lancer_attaque(chance, new_rng(seed)).resultat] > 0

    @given(
        st.sampled_from([a.degats for a in (*ARMES_DE_MELEE, *ARMES_A_DISTANCE)]),
        st.sampled_from([row.modificateur for row in TABLE_DU_MODIFICATEUR_DE_DEGATS]),
        st.integers(0, 8),
        st.booleans(),
        st.integers(0, 2**32),
    )
    @settings(max_examples=60)
    def test_des_degats_lances_sont_possibles(
        self, arme: str, modificateur: str, pa: int, critique: bool, seed: int
    ) -> None:
        """Every rolled damage has a non-zero probability, and the odds sum to 1."""
        odds = distribution_des_degats(arme, modificateur, pa, critique)
        assert sum(odds.probabilities().values()) == 1 and odds.min >= 0
        assert odds.probability(lancer_degats(arme, new_rng(seed), modificateur, pa, critique).degats) > 0

    @given(st.integers(1, 60), st.integers(0, 60), st.integers(0, 40))
    def test_les_blessures_sont_coherentes(self, pv: int, degats: int, con: int) -> None:
        """A hit never leaves a living character without a state, nor calls rolls for the dead."""
        blessure = subir_degats(pv, degats, con)
        assert blessure.pv_apres == pv - degats
        assert (blessure.etat is E.MORT) == (blessure.pv_apres <= 0)
        assert blessure.etat is not E.MORT or blessure.jets == ()

    @given(anything, anything, anything)
    def test_toute_entree_ne_leve_qu_une_erreur_des_regles(self, a: object, b: object, c: object) -> None:
        """Any input gives a result or one of the package's own errors, never another exception."""
        appels = [
            lambda: resoudre_test(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_jet_de_caracteristique(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_attaque(a, b),  # type: ignore[arg-type]
            lambda: chance_de_toucher(a, b, c),  # type: ignore[arg-type]
            lambda: subir_degats(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_choc(a, b),  # type: ignore[arg-type]
            lambda: soigner(a, b, "Guérison", c),  # type: ignore[arg-type]
            lambda: modificateur_de_degats(a, b),  # type: ignore[arg-type]
            lambda: base_de_competence(a, {"DEX": b}),  # type: ignore[arg-type, dict-item]
            lambda: trouver_competence(a),  # type: ignore[arg-type]
            lambda: trouver_culture(a),  # type: ignore[arg-type]
            lambda: vitesse_de_guerison(a),  # type: ignore[arg-type]
            lambda: resoudre_degats("1d6", a, modificateur="+1d4", des_modificateur=b, pa=c),  # type: ignore[arg-type]
            lambda: ordre_d_initiative([combattant("A", a, b, "melee")], [c]),  # type: ignore[arg-type]
            lambda: verifier_creation(CARS, "Barbare", [Repartition("Esquive", culture=a, libre=b)]),  # type: ignore[arg-type]
        ]
        for appel in appels:
            try:
                appel()
            except RulesError as erreur:
                assert erreur.message


# == Rules moved from the facade, and the new tools' rules ======================


class TestReglesNouvelles:
    def test_les_bandes_de_la_vitesse_de_guerison(self) -> None:
        """SRC lines 234-237 and A8: 6 or less 1, 7-12 2, 13-18 3, then +1 per started block of 6."""
        assert bm.bandes_de_guerison(30) == ((0, 6, 1), (7, 12, 2), (13, 18, 3), (19, 24, 4), (25, 30, 5))
        assert bm.bandes_de_guerison(0) == ((0, 6, 1),)
        assert bm.bandes_de_guerison(31)[-1] == (31, 36, 6)

    @pytest.mark.parametrize(
        ("active", "passive", "circonstance", "chance"),
        [
            (65, 35, 0, 80),  # SRC line 247: (65-35)+50 = 80
            (35, 65, 0, 20),  # SRC line 248: (35-65)+50 = 20
            (60, 45, 0, 65),  # SRC line 74: Discrétion against Perception, the same formula (line 246)
            (30, 70, 20, 30),  # SRC line 201: « suivre un flâneur qui ne se méfie pas », +20
        ],
    )
    def test_la_chance_d_opposition(self, active: int, passive: int, circonstance: int, chance: int) -> None:
        """SRC line 246: active skill − passive skill + 50, applied to skills outside combat."""
        assert bm.chance_d_opposition(active, passive, circonstance) == chance

    def test_l_opposition_refuse_une_competence_negative(self) -> None:
        """A skill is 0 or more; the circumstance is one of the table's."""
        with pytest.raises(InputError):
            bm.chance_d_opposition(-1, 40)
        with pytest.raises(InputError):
            bm.chance_d_opposition(50, 40, 5)

    @pytest.mark.parametrize(
        ("valeur", "niveau"),
        [
            (0, None),
            (1, "quelques mots simples"),  # SRC line 134: 1-25 %
            (25, "quelques mots simples"),
            (26, "des phrases simples"),  # 26-50 %
            (50, "des phrases simples"),
            (51, "des conversations ordinaires"),  # 51-75 %
            (75, "des conversations ordinaires"),
            (76, "capable de s'exprimer avec éloquence"),  # 76 % +
            (140, "capable de s'exprimer avec éloquence"),
        ],
    )
    def test_les_bandes_de_la_langue(self, valeur: int, niveau: str | None) -> None:
        """SRC line 134: the four bands of the skill Langue; 0 % is below the first (None)."""
        trouve = bm.niveau_de_langue(valeur)
        assert (trouve.niveau if trouve else None) == niveau

    def test_les_des_de_degats_lus_d_une_traite(self) -> None:
        """SRC line 253, A6: a critical reads 2 weapon dice, then the modifier's; a wrong count fails."""
        degats = bm.degats_lus("1d3+2", [1, 3, 2], "+1d4", pa=2, critique=True)
        assert (degats.arme, degats.des_arme, degats.des_modificateur, degats.degats) == (
            "2d3+4",
            (1, 3),
            (2,),
            8,
        )
        with pytest.raises(InputError, match="Il faut 2 dés de dégâts : 2 pour 2d3\\+4 \\(1 lu\\)") as erreur:
            bm.degats_lus("1d3+2", [1], critique=True)
        assert erreur.value.champ == "des"

    @pytest.mark.parametrize(
        ("chance", "seuils"),
        [(80, (4, 8, None)), (20, (1, 2, 40)), (-30, (0, 0, 4))],  # SRC lines 247-248, 253-254
    )
    def test_les_seuils_d_attaque(self, chance: int, seuils: tuple[int, int, int | None]) -> None:
        """A5: the last special (1/25) and critical (1/10) faces, the first maladresse face."""
        trouve = bm.seuils_d_attaque(chance)
        assert (trouve.seuil_special, trouve.seuil_critique, trouve.seuil_maladresse) == seuils

    def test_les_plages_du_d100(self) -> None:
        """SRC lines 184-185: at 67 %, critical 01-07, success 08-67, failure 68-86, maladresse 87-00."""
        plages = bm.plages_du_d100(lambda jet: bm.resoudre_test(67, jet))
        assert [plages[r] for r in Resultat] == [[(1, 7)], [(8, 67)], [(68, 86)], [(87, 100)]]

    def test_les_competences_avec_une_base(self) -> None:
        """SRC lines 64-152: 31 bases, Magie once per variant, Orientation (no formula) left out (A11)."""
        noms = [nom for nom, *_ in bm.competences_et_variantes()]
        assert len(noms) == 31 and "Orientation" not in noms
        assert noms.count("Magie (Prêtres)") == noms.count("Magie (Mages)") == 1
