"""Basic maison, compétences: bases, standard and professional formulas, the skill list.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import pytest

from rules_py.basic_maison import (
    ALIAS_DE_COMPETENCES,
    COMPETENCES,
    COMPETENCES_PROFESSIONNELLES,
    COMPETENCES_STANDARDS,
    ORIENTATION,
    SEUIL_EXPERT,
    TypeDeCompetence,
    base_de_competence,
    est_expert,
    formule_de_competence,
    trouver_competence,
)
from rules_py.errors import InputError
from tests.rules.basic_maison_commun import CARS

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
