"""Basic maison, cultures et professions, and the creation of a character.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import pytest

from rules_py.basic_maison import (
    COMPETENCES_STANDARDS,
    CULTURES,
    MAXIMUM_A_LA_CREATION,
    MAXIMUM_PROFESSIONNELLES,
    ORIENTATION,
    POINTS_DE_CULTURE,
    POINTS_DE_PROFESSION,
    POINTS_LIBRES,
    POINTS_TOTAL,
    ChoixDeCompetences,
    Repartition,
    TypeDeCompetence,
    trouver_competence,
    trouver_culture,
    verifier_creation,
)
from rules_py.errors import InputError
from tests.rules.basic_maison_commun import CARS, creation

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
