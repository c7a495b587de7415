"""Basic maison widgets through the facade: the création (répartitions read from the form, the check).

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

import pytest

from rules_py import basic_maison as bm
from rules_py.errors import InputError
from tests.rules.facade import appeler, echec, rejoue, textes
from tests.rules.web_basic_maison_commun import BARBARE, CARS, typo

# == Création ===================================================================


class TestLireRepartitions:
    def test_les_lignes_de_competences(self) -> None:
        """Lines by « ; » or new lines; missing numbers are 0; names as the text spells them (A11)."""
        lues = bm.lire_repartitions("Premiers Soins : 10\nArt (Peinture) : /5/ ;; Influence : 1/2/3 ;")
        assert [(r.competence, r.specialite, r.culture, r.profession, r.libre) for r in lues] == [
            ("Premiers secours", "", 10, 0, 0),
            ("Art", "Peinture", 0, 5, 0),
            ("Tromperie/Baratin/Influence", "", 1, 2, 3),
        ]

    def test_la_magie_prend_sa_variante(self) -> None:
        """Magie takes its variant (Prêtres or Mages) and the spell, in any order."""
        [lue] = bm.lire_repartitions("Magie (Boule de feu, prêtre) : 0/20")
        assert (lue.variante, lue.specialite) == ("prêtre", "Boule de feu")

    @pytest.mark.parametrize(
        ("texte", "message"),
        [
            (
                "Athlétisme 30",
                "Ligne 1 (« Athlétisme 30 ») : écrivez « compétence : culture/profession/libres »",
            ),
            ("Esquive : 1 ; : 5", "Ligne 2 (« : 5 ») : écrivez"),
            ("Esquive : 1/2/3/4", "trois nombres au plus"),
            ("Esquive : 1/x", "« x » n'est pas un nombre de points"),
            ("Esquive : -4", "« -4 » n'est pas un nombre de points"),
            ("Art (Peinture : 5", "une parenthèse n'est pas fermée"),
            ("Vol : 5", "Ligne 1 (« Vol : 5 ») : Compétence inconnue : « Vol »."),
            ("Magie (Lumière) : 0/5", "précisez Prêtres ou Mages entre parenthèses"),
        ],
    )
    def test_une_ligne_fautive_est_nommee(self, texte: str, message: str) -> None:
        """Each bad line is named by its number and its text."""
        with pytest.raises(InputError) as erreur:
            bm.lire_repartitions(texte)
        assert erreur.value.champ == "competences" and message in erreur.value.message

    def test_ni_autre_chose_qu_un_texte_ni_trop_de_lignes(self) -> None:
        """Only text, and at most 60 lines."""
        for valeur in (12, "Esquive : 1;" * 61):
            with pytest.raises(InputError) as erreur:
                bm.lire_repartitions(valeur)
            assert erreur.value.champ == "competences"


class TestCreation:
    def test_un_barbare_valide(self) -> None:
        """The form's example is a valid Barbare: 0 / 0 / 85 points left (A10)."""
        resultat = appeler("basic.creation", {"culture": "Barbare", **CARS, "competences": BARBARE})
        assert resultat["valide"] and resultat["violations"] == []
        assert (resultat["reste_culture"], resultat["reste_profession"], resultat["reste_libre"]) == (
            0,
            0,
            85,
        )
        feuille = {c["nom"]: c for c in resultat["competences"]}
        assert feuille["Athlétisme"] == {
            "nom": "Athlétisme",
            "specialite": "",
            "categorie": "standard",
            "base": 26,
            "culture": 30,
            "profession": 0,
            "libre": 9,
            "valeur": 65,
            "expert": False,
        }
        assert feuille["Pistage"]["categorie"] == "professionnelle" and feuille["Pistage"]["valeur"] == 63
        assert "Création valide" in textes(resultat)
        rejoue("basic.creation", resultat)

    def test_chaque_regle_enfreinte_est_listee(self) -> None:
        """SRC lines 158-181, A10: above 65 %, a skill outside the culture, free points on an unowned one."""
        resultat = appeler(
            "basic.creation",
            {
                "culture": "Barbare",
                **CARS,
                "competences": (
                    "Athlétisme : 39/0/5 ; Commerce : 10 ; Art (Peinture) : 0/0/5 ; Esquive : 0/101"
                ),
            },
        )
        assert not resultat["valide"]
        assert (resultat["reste_culture"], resultat["reste_profession"], resultat["reste_libre"]) == (
            51,
            -1,
            140,
        )
        assert resultat["violations"] == [
            "Points de profession : 101 dépensés pour 100 disponibles.",
            "Commerce n'est pas une compétence de la culture Barbare : elle ne peut pas recevoir "
            "de points de culture.",
            "Art (Peinture) : compétence professionnelle acquise ni par la culture ni par la profession ; "
            "elle ne peut pas recevoir de points libres.",
            "Athlétisme : 70 % dépasse le maximum de 65 % à la création (base incluse).",
            "Esquive : 129 % dépasse le maximum de 65 % à la création (base incluse).",
        ]
        texte = textes(resultat)
        assert "5 règles enfreintes" in texte and "−1 sur 100 (dépassement)" in texte
        assert typo("70 % (> 65)") in texte

    def test_base_expert_et_orientation(self) -> None:
        """A base above 65 % is kept (new ruling), EXPERT at 80 % is noted; Orientation has base 0 (A11)."""
        resultat = appeler(
            "basic.creation", {"culture": "Primitif", **CARS, "dex": "40", "competences": "Orientation : 30"}
        )
        assert resultat["valide"] and resultat["experts"] == ["Esquive"]
        assert any("la base seule (80 %)" in r for r in resultat["remarques"])
        assert any(r.startswith("Orientation : ") for r in resultat["remarques"])
        assert typo("Esquive : la base seule (80 %)") in textes(resultat) and "niveau EXPERT" in textes(
            resultat
        )

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"culture": "Elfe"}, "culture", "« Culture » doit être l'une de ces valeurs"),
            ({"dex": "-1"}, "dex", "au moins 0"),
            ({"competences": "Esquive : 1 ; esquive : 2"}, "competences", "apparaît deux fois"),
            ({"competences": "Esquive (roulade) : 1"}, "competences", "ne se choisit pas par spécialité"),
            ({"competences": "Bagarre 12"}, "competences", "Ligne 1"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Malformed input is named; rule violations are not errors but listed."""
        erreur = echec("basic.creation", {"culture": "Barbare", **CARS, "competences": "", **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]
