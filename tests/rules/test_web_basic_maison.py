"""Basic maison widgets through the facade: exact results, the sources' examples, errors, replays, fallbacks.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_py import basic_maison as bm
from rules_py.errors import InputError
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme, typographie
from tests.rules.facade import appeler, blocs, echec, rejoue, sans_hasard, statique, textes

typo = typographie

CARS = {"for": "12", "con": "13", "tai": "11", "dex": "14", "int": "15", "pou": "10", "cha": "9"}
FINE = "\u202f"
BARBARE = (
    "Athlétisme : 30/0/9 ; Perception : 20/0/20 ; Premiers secours : 10/0/0 ; Pistage : 20/15/0 ; "
    "Survie : 20/0/10 ; Bagarre : 0/30/9 ; Esquive : 0/30/7 ; Discrétion : 0/25/10"
)
"""The page's example of a Barbare (cultures-et-professions.md), one skill per « ; »."""


# == Typography =================================================================


class TestTypographie:
    def test_les_blocs_prennent_la_typographie_francaise(self) -> None:
        """Blocks get French spaces; button arguments and technical keys stay as sent."""
        forme = mise_en_forme(
            [
                {
                    "type": "boutons",
                    "boutons": [{"libelle": "Retirer D'Ar", "op": "x", "args": {"retirer": "D'Ar"}}],
                },
                3,
            ]
        )
        assert forme == [
            {
                "type": "boutons",
                "boutons": [{"libelle": "Retirer D’Ar", "op": "x", "args": {"retirer": "D'Ar"}}],
            },
            3,
        ]

    def test_aucun_libelle_n_a_d_espace_simple_avant_deux_points(self) -> None:
        """Labels, help texts and choices a reader sees have no plain space before « : » or « % »."""
        for nom in (
            "modificateur-degats",
            "test-basic",
            "attaque-basic",
            "blessures-basic",
            "initiative-basic",
        ):
            declaration = OUTILS[nom]
            for champ in declaration.champs_du_formulaire:
                for brut in (champ.meta.libelle, champ.meta.aide, *(libelle for _, libelle in champ.options)):
                    texte = typo(brut)  # as the page shows it (site_plugins/widgets/bloc.py)
                    assert " %" not in texte and " :" not in texte and " ;" not in texte, texte


# == Modificateur de dégâts =====================================================


class TestModificateur:
    @pytest.mark.parametrize(
        ("for_", "tai", "somme", "modificateur", "hors_table", "ligne"),
        [
            ("2", "3", 5, "-1d8", False, 0),  # A1: 5 is in the first row
            ("3", "3", 6, "-1d6", False, 1),
            ("12", "13", 25, "0", False, 4),
            ("16", "17", 33, "+1d4", False, 6),
            ("20", "25", 45, "+1d8", False, 8),
            ("25", "21", 46, "+1d8", True, 9),  # A1: hors table beyond 45
        ],
    )
    def test_chaque_ligne_de_la_table(
        self, for_: str, tai: str, somme: int, modificateur: str, hors_table: bool, ligne: int
    ) -> None:
        """SRC lines 40-48 and A1: the sum, the table's text, « hors table » beyond 45, the row marked."""
        resultat = appeler("basic.modificateur", {"for": for_, "tai": tai})
        assert (resultat["somme"], resultat["modificateur"], resultat["hors_table"]) == (
            somme,
            modificateur,
            hors_table,
        )
        [tableau] = blocs(resultat, "tableau")
        assert tableau["surligne"] == ligne and len(tableau["lignes"]) == 9 + hors_table
        assert ("hors table" in textes(resultat)) is hors_table
        rejoue("basic.modificateur", resultat)
        if hors_table:
            assert "demandez au MJ" in textes(resultat) and tableau["lignes"][9][0] == "46 ou plus"

    def test_les_des_du_modificateur_ont_leurs_chances(self) -> None:
        """A modifier with dice shows their exact odds, labelled with the true minus; 0 has none."""
        [barres] = blocs(appeler("basic.modificateur", {"for": "2", "tai": "2"}), "barres")
        assert [b["etiquette"] for b in barres["barres"]][:2] == ["−8", "−7"]
        assert {b["texte"] for b in barres["barres"]} == {f"12,5{FINE}%"}
        assert not blocs(appeler("basic.modificateur", {"for": "12", "tai": "12"}), "barres")

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"for": "-1", "tai": "10"}, "for", "« FOR » doit être au moins 0"),
            ({"for": "10", "tai": ""}, "tai", "« TAI » est vide"),
            ({"for": "dix", "tai": "10"}, "for", "nombre entier"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """A bad field is named, in French."""
        erreur = echec("basic.modificateur", args)
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Attributs dérivés ==========================================================


class TestAttributs:
    def test_un_personnage_ordinaire(self) -> None:
        """A2, A1, A8 and every base formula (SRC lines 33-34, 64-152), Magie in both variants."""
        resultat = appeler("basic.attributs", CARS)
        assert (resultat["points_de_vie"], resultat["points_de_magie"], resultat["vitesse_de_guerison"]) == (
            12,
            10,
            3,
        )
        assert resultat["modificateur_de_degats"] == {"somme": 23, "modificateur": "0", "hors_table": False}
        bases = resultat["bases"]
        assert len(bases) == 31
        assert (bases["Athlétisme"], bases["Esquive"], bases["Connaissance"], bases["Survie"]) == (
            26,
            28,
            30,
            23,
        )
        assert (bases["Magie (Prêtres)"], bases["Magie (Mages)"]) == (19, 25)
        assert "Orientation" not in bases and "Orientation (Primitif)" in textes(resultat)
        assert resultat["experts"] == []
        rejoue("basic.attributs", resultat)

    def test_expert_et_hors_table(self) -> None:
        """A base of 80 % or more is EXPERT; FOR + TAI above 45 is hors table (A1)."""
        resultat = appeler("basic.attributs", {**CARS, "dex": "40", "for": "30", "tai": "20"})
        assert resultat["experts"] == ["Esquive", "Crochetage"]
        assert resultat["modificateur_de_degats"]["hors_table"] is True
        assert "EXPERT" in textes(resultat) and "demandez au MJ" in textes(resultat)

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """Each characteristic is checked and named."""
        assert echec("basic.attributs", {**CARS, "pou": "-3"})["champ"] == "pou"


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


# == Tests ======================================================================


class TestTest:
    def test_l_exemple_du_texte_a_67(self) -> None:
        """SRC lines 184-185 and A3: at 67 %, critical 01-07 (7 %), maladresse from 87."""
        resultat = appeler("basic.test", {"score": "67", "circonstance": "0", "jet": "87", "affaibli": False})
        assert (resultat["systeme"], resultat["mode"], resultat["score_effectif"]) == (
            "basic",
            "competence",
            67,
        )
        assert (resultat["jet"], resultat["resultat"], resultat["des_lus"]) == (87, "echec_critique", True)
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 87)
        assert resultat["probabilites"] == {
            "reussite_critique": "7/100",
            "reussite": "3/5",
            "echec": "19/100",
            "echec_critique": "7/50",
        }
        assert resultat["plages"] == {
            "reussite_critique": [[1, 7]],
            "reussite": [[8, 67]],
            "echec": [[68, 86]],
            "echec_critique": [[87, 100]],
        }
        [tableau] = blocs(resultat, "tableau")
        assert tableau["lignes"] == [
            ["Réussite critique", "01–07"],
            ["Réussite", "08–67"],
            ["Échec", "68–86"],
            ["Maladresse", "87–00"],
        ]
        assert tableau["surligne"] == 3

    def test_a_80_plus_de_maladresse(self) -> None:
        """SRC line 185 and A3: at 80 % no maladresse; 98-00 stays a plain automatic failure."""
        resultat = appeler("basic.test", {"score": "80", "jet": "00"})
        assert (resultat["jet"], resultat["resultat"], resultat["seuil_maladresse"]) == (100, "echec", None)
        assert resultat["probabilites"]["echec_critique"] == "0/1"
        assert resultat["plages"]["echec_critique"] == []
        assert "plus de maladresse" in textes(resultat)

    @pytest.mark.parametrize(
        ("args", "effectif", "jet", "resultat"),
        [
            ({"score": "70", "circonstance": "10", "jet": "08"}, 80, 8, "reussite_critique"),
            ({"score": "70", "circonstance": "-20", "jet": "71"}, 50, 71, "echec_critique"),
            ({"score": "5", "circonstance": "-20", "jet": "02"}, -15, 2, "reussite"),  # A3: 01-03 whatever S
            ({"score": "60", "affaibli": True, "jet": "31"}, 30, 31, "echec"),
            ({"score": "0", "jet": "03"}, 0, 3, "reussite"),
        ],
    )
    def test_les_circonstances_deplacent_le_score(
        self, args: dict[str, Any], effectif: int, jet: int, resultat: str
    ) -> None:
        """SRC lines 198-201: the circumstance moves S; -30 when very weak (line 221)."""
        reponse = appeler("basic.test", args)
        assert (reponse["score_effectif"], reponse["jet"], reponse["resultat"]) == (effectif, jet, resultat)

    def test_une_circonstance_signee_est_lue(self) -> None:
        """« +10 », as the command line writes it, is the table's +10 (Facile)."""
        reponse = appeler("basic.test", {"score": "50", "circonstance": "+10", "jet": "60"})
        assert (reponse["circonstance"], reponse["score_effectif"], reponse["resultat"]) == (
            10,
            60,
            "reussite",
        )

    def test_pas_de_critique_sous_zero(self) -> None:
        """A3: at S <= 0 no critical is possible, and the page says so."""
        reponse = appeler("basic.test", {"score": "5", "circonstance": "-20", "jet": "1"})
        assert reponse["seuil_critique"] == 0 and reponse["plages"]["reussite_critique"] == []
        assert "aucune réussite critique possible" in textes(reponse)
        assert typo("Compétence 5 % −20 (Très difficile) = −15 %") in textes(reponse)

    def test_lance_puis_rejoue(self) -> None:
        """An empty field rolls the d100; ``rejouer`` gives the same result."""
        for graine in range(8):
            resultat = appeler("basic.test", {"score": "50", "circonstance": "0", "jet": ""}, graine)
            assert 1 <= resultat["jet"] <= 100 and resultat["des_lus"] is False
            assert resultat["rejouer"] == {
                "score": "50",
                "circonstance": "0",
                "affaibli": False,
                "jet": str(resultat["jet"]),
            }
            rejoue("basic.test", resultat)

    def test_le_jet_de_caracteristique(self) -> None:
        """SRC line 212 and A4: CHA 13 × 5 = 65, resolved like a test; × 1 = 13."""
        resultat = appeler(
            "basic.jet_de_caracteristique", {"caracteristique": "13", "multiplicateur": "5", "jet": "66"}
        )
        assert (resultat["mode"], resultat["caracteristique"], resultat["multiplicateur"]) == (
            "caracteristique",
            13,
            5,
        )
        assert (resultat["score"], resultat["score_effectif"], resultat["resultat"]) == (65, 65, "echec")
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 85)
        assert "Caractéristique 13 × 5 = 65" in textes(resultat)
        par_mode = appeler(
            "basic.jet_de_caracteristique", {"caracteristique": "13", "multiplicateur": "1", "jet": "13"}
        )
        assert (par_mode["score_effectif"], par_mode["resultat"], par_mode["seuil_critique"]) == (
            13,
            "reussite",
            2,
        )
        rejoue("basic.jet_de_caracteristique", par_mode)
        lance = appeler("basic.jet_de_caracteristique", {"caracteristique": "10", "multiplicateur": "3"})
        assert lance["score"] == 30 and not lance["des_lus"]
        rejoue("basic.jet_de_caracteristique", lance)

    @pytest.mark.parametrize(
        ("op", "args", "champ", "message"),
        [
            ("basic.test", {"score": "-1"}, "score", "au moins 0"),
            ("basic.test", {"score": "50", "circonstance": "15"}, "circonstance", "l'une de ces valeurs"),
            ("basic.test", {"score": "50", "jet": "101"}, "jet", "Le jet de d100 va de 01 à 100"),
            ("basic.test", {"score": "50", "jet": "dé"}, "jet", "Le jet de d100"),
            ("basic.test", {"score": "50", "affaibli": "peut-être"}, "affaibli", "se coche"),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "13", "multiplicateur": "6"},
                "multiplicateur",
                "« Multiplicateur » doit être l'une de ces valeurs",
            ),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "", "multiplicateur": "3"},
                "caracteristique",
                "vide",
            ),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(
        self, op: str, args: dict[str, str], champ: str, message: str
    ) -> None:
        """Bad fields are named, in French."""
        erreur = echec(op, args)
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Blessures ==================================================================


class TestBlessure:
    @pytest.mark.parametrize(
        ("degats", "pv_apres", "etat", "jets"),
        [
            ("0", 12, "aucune", []),
            ("5", 7, "blessure_legere", []),
            ("6", 6, "blessure_grave", ["choc"]),  # A7: 6 × 2 >= 12
            ("9", 3, "agonie", ["choc", "agonie"]),
            ("12", 0, "mort", []),
        ],
    )
    def test_les_etats_de_blessure(self, degats: str, pv_apres: int, etat: str, jets: list[str]) -> None:
        """SRC lines 216-226 and A7: mort first, then damage × 2 >= current PV, then PV 1-3 agonie."""
        resultat = appeler("basic.blessure", {"pv": "12", "pv_max": "12", "con": "13", "degats": degats})
        assert (resultat["pv_apres"], resultat["etat"], [j["demande"]["nom"] for j in resultat["jets"]]) == (
            pv_apres,
            etat,
            jets,
        )
        assert resultat["mort"] is (etat == "mort")
        assert all(j["issue"] is None for j in resultat["jets"])

    def test_la_blessure_grave_avec_un_jet_lu(self) -> None:
        """SRC line 221: CON 13 × 5 = 65 %; a failure: unconscious 8 minutes, then -30 %."""
        resultat = appeler(
            "basic.blessure", {"pv": "12", "pv_max": "14", "con": "13", "degats": "7", "jet_choc": "66"}
        )
        [choc] = resultat["jets"]
        assert choc == {
            "demande": {
                "nom": "choc",
                "multiplicateur": 5,
                "cible": 65,
                "frequence": "une fois",
                "inconscience": 8,
                "unite": "minutes",
                "malus_en_cas_d_echec": -30,
            },
            "issue": {
                "jet": 66,
                "cible": 65,
                "resultat": "echec",
                "conscient": False,
                "inconscience": 8,
                "unite": "minutes",
                "malus": -30,
            },
            "probabilite_reussite": "13/20",
            "des_lus": True,
        }
        texte = textes(resultat)
        assert "perd connaissance 8 minutes, puis −30" in texte and "14 ≥ 12 PV avant le coup" in texte
        [barres] = blocs(resultat, "barres")
        assert [(b["etiquette"], b["texte"], b.get("surligne", False)) for b in barres["barres"]] == [
            ("Reste conscient", f"65{FINE}%", False),
            ("Perd connaissance", f"35{FINE}%", True),
        ]

    def test_l_agonie_lancee_puis_rejouee(self) -> None:
        """SRC line 224: CON × 3 each round (hours); both rolls rolled, then replayed from ``rejouer``."""
        args = {"pv": "12", "pv_max": "12", "con": "20", "degats": "10", "jet_choc": "", "jet_agonie": ""}
        for graine in range(5):
            resultat = appeler("basic.blessure.lancer", args, graine)
            choc, agonie = resultat["jets"]
            demande = agonie["demande"]
            assert (demande["cible"], demande["inconscience"], demande["unite"]) == (60, 1, "heures")
            assert all(1 <= j["issue"]["jet"] <= 100 and not j["des_lus"] for j in (choc, agonie))
            assert resultat["rejouer"]["jet_agonie"] == str(agonie["issue"]["jet"])
            rejoue("basic.blessure.lancer", resultat)
            assert sans_hasard(appeler("basic.blessure", resultat["rejouer"])) == sans_hasard(resultat)

    def test_tres_faible_et_jet_ignore(self) -> None:
        """New ruling: a very weak character's CON rolls are at -30 too; a roll not called for is ignored."""
        resultat = appeler(
            "basic.blessure",
            {"pv": "12", "pv_max": "12", "con": "13", "degats": "6", "affaibli": True, "jet_agonie": "5"},
        )
        [choc] = resultat["jets"]
        assert (choc["demande"]["cible"], choc["probabilite_reussite"]) == (35, "7/20")
        assert "est ignoré" in textes(resultat) and "à ces jets de CON aussi" in textes(resultat)

    def test_inconscient_au_moins_une_minute(self) -> None:
        """A7: max(1, 21 - CON)."""
        resultat = appeler("basic.blessure", {"pv": "10", "pv_max": "10", "con": "25", "degats": "5"})
        assert resultat["jets"][0]["demande"]["inconscience"] == 1 and "1 minute," in textes(resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"pv": "0"}, "pv", "« PV actuels » doit être au moins 1"),
            ({"pv": "13"}, "pv", "dépassent les PV maximum"),
            ({"pv_max": "0"}, "pv_max", "au moins 1"),
            ({"con": "-2"}, "con", "au moins 0"),
            ({"degats": "-2"}, "degats", "au moins 0"),
            ({"jet_choc": "0"}, "jet_choc", "01 à 100"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        base = {"pv": "12", "pv_max": "12", "con": "13", "degats": "7"}
        erreur = echec("basic.blessure", {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Soins ======================================================================


class TestSoin:
    def test_le_de_lu(self) -> None:
        """SRC lines 92 and 125: Guérison 1d6; PV never above their maximum (new ruling)."""
        resultat = appeler(
            "basic.soin", {"competence": "Guérison", "pv": "10", "pv_max": "12", "con": "13", "des": "4"}
        )
        assert (resultat["points"], resultat["pv_avant"], resultat["pv_apres"], resultat["des_lus"]) == (
            4,
            10,
            12,
            True,
        )
        assert resultat["probabilites"] == {"11": "1/6", "12": "5/6"}
        assert (resultat["expression"], resultat["vitesse_de_guerison"]) == ("1d6", 3)
        assert "repos long" in textes(resultat)

    def test_lance_puis_rejoue(self) -> None:
        """Premiers secours 1d3, rolled, then replayed; the healing rate from CON (A8)."""
        for graine in range(5):
            resultat = appeler(
                "basic.soin",
                {"competence": "Premiers secours", "pv": "3", "pv_max": "12", "con": "19"},
                graine,
            )
            assert resultat["pv_apres"] == 3 + resultat["des"][0] and resultat["vitesse_de_guerison"] == 4
            assert resultat["probabilites"] == {"4": "1/3", "5": "1/3", "6": "1/3"}
            rejoue("basic.soin", resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"competence": "Esquive"}, "competence", "l'une de ces valeurs"),
            ({"des": "4"}, "des", "Un d3 montre une valeur de 1 à 3"),
            ({"des": "1 2"}, "des", "demande 1 dé"),
            ({"pv": "0"}, "pv", "« PV actuels » doit être au moins 1"),
            ({"pv": "13"}, "pv", "dépassent les PV maximum"),
            ({"con": "x"}, "con", "nombre entier"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        base = {"competence": "Premiers secours", "pv": "5", "pv_max": "12", "con": "13"}
        erreur = echec("basic.soin", {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Attaque ====================================================================

ATTAQUE = {
    "att": "65",
    "defense": "35",
    "circonstance": "0",
    "arme": "Dague/Poignard",
    "modificateur": "0",
    "pa": "0",
}


class TestAttaque:
    @pytest.mark.parametrize(
        ("att", "defense", "chance", "special", "critique", "maladresse"),
        [("65", "35", 80, 4, 8, None), ("35", "65", 20, 1, 2, 40), ("10", "90", -30, 0, 0, 4)],
    )
    def test_les_exemples_du_texte(
        self, att: str, defense: str, chance: int, special: int, critique: int, maladresse: int | None
    ) -> None:
        """SRC lines 247-248 and A5: (65-35)+50 = 80 and (35-65)+50 = 20; critical 1/10, special 1/25."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "att": att, "defense": defense, "jet": "50"})
        assert resultat["attaque"]["chance"] == chance
        assert resultat["seuils"] == {
            "seuil_special": special,
            "seuil_critique": critique,
            "seuil_maladresse": maladresse,
        }

    def test_le_critique_a_la_dague(self) -> None:
        """SRC line 253 and A6: a dagger's critical is 2d3+4; the modifier once; armour subtracted."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "jet": "05", "modificateur": "+1d4", "pa": "2", "des": "1 3 2"}
        )
        assert resultat["attaque"] == {"jet": 5, "chance": 80, "resultat": "reussite_critique"}
        assert resultat["degats"] == {
            "arme": "2d3+4",
            "des_arme": [1, 3],
            "total_arme": 8,
            "modificateur": "1d4",
            "des_modificateur": [2],
            "total_modificateur": 2,
            "pa": 2,
            "critique": True,
            "degats": 8,
        }
        normal, critique = resultat["distributions"]["normal"], resultat["distributions"]["critique"]
        assert (list(normal), normal["2"], min(critique, key=int), critique["5"]) == (
            ["2", "3", "4", "5", "6", "7"],
            "1/12",
            "5",
            "1/36",
        )
        assert typo("Dégâts d'un coup normal (1d3+2 +1d4 − 2 PA) : moyenne 4,5") in textes(resultat)
        assert resultat["probabilites"] == {
            "reussite_speciale": "1/25",
            "reussite_critique": "1/25",
            "reussite": "18/25",
            "echec": "1/5",
            "echec_critique": "0/1",
        }
        assert typo("2d3+4 → 8, modificateur +1d4 → 2 ; 10 − 2 PA = 8 PV perdus") in textes(resultat)
        [des] = [b for b in blocs(resultat, "des") if len(b["des"]) == 3]
        assert [d["faces"] for d in des["des"]] == [3, 3, 4]

    def test_la_reussite_speciale(self) -> None:
        """A5: a roll within 1/25 of the chance is a special success, which also doubles the damage."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "jet": "4", "des": "3 3"})
        assert resultat["attaque"]["resultat"] == "reussite_speciale" and resultat["degats"]["degats"] == 10
        assert "effet spécial" in textes(resultat)

    def test_un_coup_manque_ignore_les_des_de_degats(self) -> None:
        """A miss rolls no damage; dice typed are ignored, and the page says so."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "att": "35", "defense": "65", "jet": "45", "des": "3"}
        )
        assert (resultat["attaque"]["resultat"], resultat["degats"]) == ("echec_critique", None)
        assert "dés de dégâts lus sont ignorés" in textes(resultat)
        assert resultat["rejouer"]["des"] == "3" and resultat["rejouer"]["jet"] == "45"

    def test_expert_for_tai_et_expression(self) -> None:
        """SRC line 55: EXPERT at 80 % attacks twice; FOR + TAI 46 is +1d8 hors table (A1); any expression."""
        resultat = appeler(
            "basic.attaque",
            {
                **ATTAQUE,
                "att": "80",
                "jet": "30",
                "degats": "1d8+1",
                "for_tai": "46",
                "pa": "3",
                "des": "8 8",
            },
        )
        assert resultat["attaques_par_round"] == 2
        assert resultat["coup"] == {
            "arme": None,
            "expression": "1d8+1",
            "modificateur": "+1d8",
            "for_tai": 46,
            "hors_table": True,
            "pa": 3,
        }
        assert resultat["degats"]["degats"] == 8 + 1 + 8 - 3
        texte = textes(resultat)
        assert "EXPERT" in texte and "hors table" in texte and "2 attaques" in texte

    def test_circonstance_et_remarques_de_l_arme(self) -> None:
        """New ruling: the circumstance table applies to the chance to hit; the weapon's remarks are shown."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "circonstance": "-20", "arme": "Arbalète", "jet": "99"}
        )
        assert resultat["attaque"]["chance"] == 60 and resultat["rejouer"]["circonstance"] == "-20"
        assert "−20 (Très difficile)" in textes(resultat) and "recharge 1 round" in textes(resultat)
        remarques = textes(appeler("basic.attaque", {**ATTAQUE, "arme": "Épée à 2 mains", "jet": "99"}))
        assert "2 mains, pas de parade" in remarques

    def test_des_degats_sans_des(self) -> None:
        """A fixed damage (no dice) needs no die read."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "3", "pa": "1", "jet": "50"})
        assert resultat["degats"]["degats"] == 2 and resultat["rejouer"]["des"] == ""

    def test_lance_puis_rejoue(self) -> None:
        """The attack and its damage rolled, then replayed exactly from ``rejouer``."""
        vus = set()
        for graine in range(40):
            resultat = appeler(
                "basic.attaque", {**ATTAQUE, "modificateur": "-1d4", "jet": "", "des": ""}, graine
            )
            vus.add(resultat["degats"] is not None)
            assert not resultat["des_lus"]
            if resultat["degats"] is not None:
                assert resultat["degats"]["degats"] >= 0
            rejoue("basic.attaque", resultat)
        assert vus == {True, False}

    def test_les_grandes_expressions(self) -> None:
        """Beyond the exact-odds limit the roll still works; many totals are shown as ranges."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "50d1000", "jet": "50"})
        assert resultat["distributions"] == {} and "limitée" in textes(resultat)
        assert resultat["degats"]["total_arme"] >= 50
        large = appeler(
            "basic.attaque", {**ATTAQUE, "degats": "10d6", "jet": "50", "des": "1 1 1 1 1 1 1 1 1 1"}
        )
        assert len(large["distributions"]["critique"]) == 101
        assert large["degats"]["degats"] == 10

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"att": "-5"}, "att", "au moins 0"),
            ({"defense": ""}, "defense", "vide"),
            ({"circonstance": "5"}, "circonstance", "« Circonstance » doit être l'une de ces valeurs"),
            ({"arme": "Bazooka"}, "arme", "l'une de ces valeurs"),
            ({"degats": "1d6+"}, "degats", "position"),
            ({"degats": "60d6"}, "degats", "100 dés"),
            ({"modificateur": "+2d8"}, "modificateur", "l'une de ces valeurs"),
            ({"for_tai": "-1"}, "for_tai", "au moins 0"),
            ({"pa": "x"}, "pa", "nombre entier"),
            ({"jet": "05", "des": "1"}, "des", "Il faut 2 dés de dégâts : 2 pour 2d3+4 (1 lu)"),
            ({"jet": "50", "modificateur": "+1d4", "des": "1"}, "des", "puis 1 pour le modificateur +1d4"),
            ({"jet": "50", "des": "4"}, "des", "Un d3 montre une valeur de 1 à 3"),
            ({"jet": "50", "modificateur": "+1d4", "des": "1 5"}, "des", "Un d4 montre"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        erreur = echec("basic.attaque", {**ATTAQUE, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Initiative =================================================================


def ajouter(etat: Any, nom: str, dex: str, action: str, armure: str = "0", pa: str = "") -> dict[str, Any]:
    args = {"nom": nom, "dex": dex, "armure": armure, "pa": pa, "action": action, "des": ""}
    if etat is not None:
        args["etat"] = etat
    return appeler("basic.initiative.ajouter", args)


def trois_combattants() -> dict[str, Any]:
    """Aldo (DEX 14, cuir rigide), Bera (DEX 10, tir), Cid (DEX 12): the engine's docstring example."""
    etat = ajouter(None, "Aldo", "14", "melee", armure="2")["etat"]
    etat = ajouter(etat, "Bera", "10", "tir_a_distance")["etat"]
    return ajouter(etat, "Cid", "12", "melee")


def rejoue_le_suivi(op: str, resultat: dict[str, Any], etat: Any) -> None:
    """The share link's fields, sent with the fight the page kept (``etat``), give the same answer."""
    for graine in (2, 3):
        assert sans_hasard(appeler(op, {**resultat["rejouer"], "etat": etat}, graine)) == sans_hasard(
            resultat
        )


class TestInitiative:
    def test_ajouter_des_combattants(self) -> None:
        """Each combatant is kept in ``etat``, PA from the armour table (or typed); odds before the roll."""
        resultat = trois_combattants()
        assert resultat["combattants"] == [
            {"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"},
            {"nom": "Bera", "dex": 10, "pa": 0, "action": "tir_a_distance"},
            {"nom": "Cid", "dex": 12, "pa": 0, "action": "melee"},
        ]
        assert (resultat["round"], resultat["des"], resultat["groupes"]) == (0, None, [])
        assert resultat["chances"]["Aldo"] == {"nom": "Aldo", "en_tete": "7/12", "seul_en_tete": "5/12"}
        assert resultat["chances"]["Bera"] == {"nom": "Bera", "en_tete": "1/1", "seul_en_tete": "1/1"}
        [boutons] = blocs(resultat, "boutons")
        assert [(b["libelle"], b["op"], b["args"]) for b in boutons["boutons"]] == [
            (f"Retirer {nom}", "basic.initiative.retirer", {"retirer": nom})
            for nom in ("Aldo", "Bera", "Cid")
        ]
        assert "de 13 à 18" in textes(resultat)
        avant = ajouter(
            ajouter(None, "Aldo", "14", "melee", armure="2")["etat"], "Bera", "10", "tir_a_distance"
        )
        rejoue_le_suivi("basic.initiative.ajouter", resultat, avant["etat"])

    def test_l_ordre_avec_une_egalite(self) -> None:
        """SRC lines 258-265 and A9: the action first, then the score; equal scores act together."""
        etat = trois_combattants()["etat"]
        resultat = appeler("basic.initiative.lancer", {"des": "1 1 1", "etat": etat})
        assert (resultat["round"], resultat["des"], resultat["des_lus"]) == (1, [1, 1, 1], True)
        assert resultat["groupes"] == [
            {"rang": 1, "action": "tir_a_distance", "score": 11, "combattants": ["Bera"], "simultane": False},
            {"rang": 2, "action": "melee", "score": 13, "combattants": ["Aldo", "Cid"], "simultane": True},
        ]
        assert resultat["scores"][0] == {"nom": "Aldo", "action": "melee", "d6": 1, "score": 13}
        assert "Aldo et Cid — en même temps" in textes(resultat)
        rejoue_le_suivi("basic.initiative.lancer", resultat, etat)

    def test_le_round_suivant_garde_les_combattants(self) -> None:
        """Next round: same combatants, new d6, round + 1; the first roll opens round 1."""
        etat = trois_combattants()["etat"]
        premier = appeler("basic.initiative.round_suivant", {"des": "", "etat": etat})
        assert premier["round"] == 1
        second = appeler("basic.initiative.round_suivant", {"des": "", "etat": premier["etat"]}, graine=5)
        assert second["round"] == 2 and [c["nom"] for c in second["combattants"]] == ["Aldo", "Bera", "Cid"]
        assert all(1 <= d <= 6 for d in second["des"]) and not second["des_lus"]
        # The link carries the fight it replays: alone, it gives the same answer.
        seul = appeler("basic.initiative.round_suivant", second["rejouer"], 3)
        assert sans_hasard(seul) == sans_hasard(second)
        rejoue_le_suivi("basic.initiative.round_suivant", second, premier["etat"])
        encore = appeler("basic.initiative.lancer", {"des": "6 6 6", "etat": second["etat"]})
        assert encore["round"] == 2

    def test_modifier_et_retirer(self) -> None:
        """Adding a name again updates it; removing keeps the others' d6; the last one leaves no order."""
        etat = trois_combattants()["etat"]
        lance = appeler("basic.initiative.lancer", {"des": "2 3 4", "etat": etat})
        mis_a_jour = ajouter(lance["etat"], "cid", "12", "magie", pa="1")
        assert mis_a_jour["combattants"][2] == {"nom": "cid", "dex": 12, "pa": 1, "action": "magie"}
        assert mis_a_jour["des"] is None and "est mis à jour" in textes(mis_a_jour)
        retire = appeler("basic.initiative.retirer", {"retirer": "Bera", "etat": lance["etat"]})
        assert retire["des"] == [2, 4] and [g["combattants"] for g in retire["groupes"]] == [
            ["Cid"],
            ["Aldo"],
        ]
        seul = {
            "combattants": [{"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"}],
            "round": 1,
            "des": [3],
        }
        vide = appeler("basic.initiative.retirer", {"retirer": "Aldo", "etat": seul})
        assert (vide["combattants"], vide["des"], vide["groupes"]) == ([], None, [])
        assert not blocs(vide, "boutons")

    def test_tout_effacer(self) -> None:
        """« Tout effacer » starts again, even from an unreadable state."""
        resultat = appeler("basic.initiative.vider", {"etat": "n'importe quoi"})
        assert resultat["etat"] == {"combattants": [], "round": 0, "des": None}
        rejoue("basic.initiative.vider", resultat)

    def test_les_noms_restent_du_texte(self) -> None:
        """A name typed by a reader is kept as text (the page renders it with textContent)."""
        resultat = ajouter(None, "  <b>Zed</b>   le   fou ", "10", "melee")
        assert resultat["combattants"][0]["nom"] == "<b>Zed</b> le fou"

    def test_vingt_combattants_au_plus(self) -> None:
        """At most 20 combatants."""
        etat = {
            "combattants": [{"nom": f"C{i}", "dex": 10, "pa": 0, "action": "melee"} for i in range(20)],
            "round": 0,
            "des": None,
        }
        assert (
            echec("basic.initiative.ajouter", {"nom": "X", "dex": "1", "action": "melee", "etat": etat})[
                "champ"
            ]
            == "nom"
        )

    @pytest.mark.parametrize(
        ("op", "args", "champ", "message"),
        [
            ("basic.initiative.ajouter", {"nom": "  "}, "nom", "Donnez un nom"),
            ("basic.initiative.ajouter", {"nom": "x" * 41}, "nom", "Nom trop long"),
            ("basic.initiative.ajouter", {"dex": "-1"}, "dex", "au moins 0"),
            ("basic.initiative.ajouter", {"armure": "9"}, "armure", "l'une de ces valeurs"),
            ("basic.initiative.ajouter", {"pa": "-1"}, "pa", "au moins 0"),
            ("basic.initiative.ajouter", {"action": "fuite"}, "action", "l'une de ces valeurs"),
            ("basic.initiative.lancer", {}, "nom", "Ajoutez au moins un combattant"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(
        self, op: str, args: dict[str, str], champ: str, message: str
    ) -> None:
        """Bad fields are named, in French."""
        base = {"nom": "Aldo", "dex": "14", "armure": "0", "pa": "", "action": "melee", "des": ""}
        erreur = echec(op, {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]

    @pytest.mark.parametrize(
        ("des", "message"),
        [
            ("1 2", "Il faut un d6 par combattant, dans l'ordre de la liste : 3 (2 lus)"),
            ("1 2 7", "« d6 » doit être au plus 6"),
            ("1 x 2", "n'est pas un dé"),
        ],
    )
    def test_des_d6_lus_fautifs(self, des: str, message: str) -> None:
        """Dice read on the table: one d6 per combatant, 1 to 6."""
        erreur = echec("basic.initiative.lancer", {"des": des, "etat": trois_combattants()["etat"]})
        assert erreur["champ"] == "des" and typo(message) in erreur["message"]

    @pytest.mark.parametrize(
        "etat",
        [
            "texte",
            {"round": 0},
            {"combattants": "Aldo"},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "fuite"}]},
            {"combattants": [{"nom": "A", "dex": -1, "pa": 0, "action": "melee"}]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}] * 2},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}], "des": [1, 2]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}], "des": [9]},
            {"combattants": [{"nom": 5, "dex": 1, "pa": 0, "action": "melee"}]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}] * 21},
        ],
    )
    def test_un_suivi_illisible_est_refuse(self, etat: Any) -> None:
        """A state the page did not produce is refused in French, never with a traceback."""
        erreur = echec("basic.initiative.lancer", {"des": "", "etat": etat})
        assert "illisible" in erreur["message"] and "champ" not in erreur

    def test_retirer_un_inconnu(self) -> None:
        """Removing a name that is not there says so."""
        erreur = echec("basic.initiative.retirer", {"retirer": "Zed", "etat": trois_combattants()["etat"]})
        assert typo("Aucun combattant ne s'appelle « Zed ».") == erreur["message"]


# == Actions d'un round, opposition, langue =====================================


class TestActionsDuRound:
    @pytest.mark.parametrize(
        ("args", "attendu"),
        [
            ({"att": "50"}, (1, 1, 1)),  # SRC line 250: a move, an attack, a free parry
            ({"att": "50", "bouclier": True}, (1, 1, 2)),  # a shield: one more parry
            ({"att": "50", "esquive": True}, (1, 0, 1)),  # dodging forgoes the attack
            ({"att": "80", "bouclier": True}, (1, 2, 2)),  # SRC line 55: EXPERT at 80 %, two attacks
            ({"att": "85", "sans_parade": True}, (1, 2, 0)),  # SRC line 287: a two-handed sword, no parry
            # SRC line 250: the shield's parry is « supplémentaire » to the free one the weapon lacks
            ({"att": "50", "sans_parade": True, "bouclier": True}, (1, 1, 0)),
        ],
    )
    def test_les_actions_d_un_round(self, args: dict[str, Any], attendu: tuple[int, int, int]) -> None:
        """SRC lines 250-251 and 55: moves, attacks and parries of one round."""
        resultat = appeler("basic.actions_du_round", args)
        assert (resultat["deplacements"], resultat["attaques"], resultat["parades"]) == attendu
        assert resultat["expert"] is (int(args["att"]) >= 80)
        rejoue("basic.actions_du_round", resultat)

    def test_le_texte_du_round(self) -> None:
        """The result says it in words, and names EXPERT and the dodge."""
        resultat = appeler("basic.actions_du_round", {"att": "80", "esquive": True})
        texte = textes(resultat)
        assert "1 déplacement, 0 attaque, 1 parade" in texte and "EXPERT" in texte and "esquive" in texte


class TestOpposition:
    def test_discretion_contre_perception(self) -> None:
        """SRC lines 74 and 246: Discrétion 60 against Perception 45 → 65 %; 40 succeeds, 07 is critical."""
        resultat = appeler("basic.opposition", {"active": "60", "passive": "45", "jet": "40"})
        assert (resultat["chance"], resultat["score_effectif"], resultat["resultat"]) == (65, 65, "reussite")
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 85)
        assert resultat["probabilites"]["reussite_critique"] == "7/100"
        assert typo("Chances de l'opposition : 60 − 45 + 50 = 65 %") in textes(resultat)
        assert appeler("basic.opposition", {"active": "60", "passive": "45", "jet": "07"})["resultat"] == (
            "reussite_critique"
        )

    def test_01_a_03_reussit_meme_sous_une_chance_negative(self) -> None:
        """SRC 000 « 01-03 est toujours une réussite » (A3): at 0 − 100 + 50 = −50 %, 03 succeeds."""
        resultat = appeler("basic.opposition", {"active": "0", "passive": "100", "jet": "3"})
        assert (resultat["chance"], resultat["score_effectif"]) == (-50, -50)
        assert resultat["resultat"] == "reussite"
        assert resultat["plages"]["reussite"] == [[1, 3]] and resultat["probabilites"]["reussite"] == "3/100"
        assert appeler("basic.opposition", {"active": "0", "passive": "100", "jet": "4"})["resultat"] == (
            "echec_critique"
        )

    def test_lance_puis_rejoue(self) -> None:
        """An empty roll is drawn, and the share link replays it; the circumstance moves the chance."""
        resultat = appeler("basic.opposition", {"active": "30", "passive": "70", "circonstance": "20"}, 4)
        assert resultat["chance"] == 30 and not resultat["des_lus"]
        rejoue("basic.opposition", resultat)

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """A negative skill is refused on its field, by its label."""
        erreur = echec("basic.opposition", {"active": "-1", "passive": "45"})
        assert erreur["champ"] == "active" and typo("« Compétence active (%) »") in erreur["message"]


class TestLangue:
    @pytest.mark.parametrize(
        ("langue", "niveau", "ligne"),
        [
            ("0", None, None),
            ("25", "quelques mots simples", 0),
            ("40", "des phrases simples", 1),
            ("76", 3, 3),
        ],
    )
    def test_les_bandes_de_la_langue(self, langue: str, niveau: Any, ligne: int | None) -> None:
        """SRC line 134: the band of the skill, its row highlighted; 0 % is below the text's bands."""
        resultat = appeler("basic.langue", {"langue": langue})
        [tableau] = blocs(resultat, "tableau")
        assert tableau.get("surligne") == ligne and len(tableau["lignes"]) == 4
        if isinstance(niveau, str):
            assert resultat["niveau"]["niveau"] == niveau
        assert (resultat["niveau"] is None) is (ligne is None)
        rejoue("basic.langue", resultat)


# == Fallbacks: each tool's answer to its page's example ========================


class TestRepli:
    def test_modificateur(self) -> None:
        """The whole table, the default example's row highlighted (or the page's option)."""
        [tableau] = statique("modificateur-degats")
        assert len(tableau["lignes"]) == 9 and tableau["surligne"] == 4
        [tableau] = statique("modificateur-degats", {"for": 30, "tai": 20})
        assert tableau["surligne"] == 9 and tableau["lignes"][9][0] == "46 ou plus"

    def test_chaque_repli_est_la_reponse_a_l_exemple(self) -> None:
        """The fallback is the first action's own display for the example the page declares."""
        exemples = {
            "attributs-basic": ("basic.attributs", {}),
            "creation-basic": ("basic.creation", {"competences": BARBARE}),
            "test-basic": ("basic.test", {"score": 67, "jet": 87}),
            "jet-de-caracteristique-basic": (
                "basic.jet_de_caracteristique",
                {"caracteristique": 13, "multiplicateur": 5, "jet": 42},
            ),
            "blessures-basic": ("basic.blessure", {"jet_choc": 70}),
            "soins-basic": ("basic.soin", {"pv": 5, "des": 2}),
            "attaque-basic": ("basic.attaque", {"arme": "Dague/Poignard", "jet": 5, "des": "2 3"}),
            "actions-du-round-basic": ("basic.actions_du_round", {"att": 85, "bouclier": True}),
            "opposition-basic": ("basic.opposition", {"active": 60, "passive": 45, "jet": 40}),
            "langue-basic": ("basic.langue", {"langue": 40}),
        }
        for nom, (op, options) in exemples.items():
            assert statique(nom, options) == mise_en_forme(appeler(op, options)["affichage"]), nom

    def test_les_valeurs_des_exemples(self) -> None:
        """The page's examples: 67 % → maladresse at 87; the Barbare's 85 free points; the dagger's 2d3+4."""
        assert statique("test-basic", {"score": 67, "jet": 87})[2]["lignes"][3] == ["Maladresse", "87–00"]
        creation = statique("creation-basic", {"competences": BARBARE})
        assert creation[1]["lignes"][2] == ["Points libres restants", "85 sur 150"]
        attaque = textes(statique("attaque-basic", {"arme": "Dague/Poignard", "jet": 5, "des": "2 3"}))
        assert typo("Dégâts : 2d3+4 → 9 ; 9 − 0 PA = 9 PV perdus") in attaque
        soins = statique("soins-basic", {"pv": 5, "des": 2})
        vitesses = next(b for b in soins if b["type"] == "tableau")
        assert vitesses["lignes"][:2] == [["6 ou moins", "1"], ["7–12", "2"]] and vitesses["surligne"] == 2

    def test_un_exemple_sans_ses_des_est_refuse(self) -> None:
        """An example that leaves a die to chance fails the build, in French."""
        with pytest.raises(InputError, match="tous les dés"):
            statique("test-basic", {"score": 67})

    def test_initiative(self) -> None:
        """The page's example answered by « Lancer l'initiative »: the shot first, then melee by score."""
        combattants = [
            {"nom": "Bera", "dex": 10, "pa": 0, "action": "tir_a_distance"},
            {"nom": "Dara", "dex": 15, "pa": 6, "action": "melee"},
            {"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"},
            {"nom": "Cid", "dex": 12, "pa": 0, "action": "melee"},
        ]
        exemple = {"etat": {"combattants": combattants}, "des": "1 6 1 1"}
        blocs_ = statique("initiative-basic", exemple)
        reponse = mise_en_forme(appeler("basic.initiative.lancer", exemple)["affichage"])
        assert blocs_ == [b for b in reponse if b["type"] != "boutons"]
        ordre = next(b for b in blocs_ if b["type"] == "tableau")
        assert [ligne[1] for ligne in ordre["lignes"]] == ["Bera", "Dara", "Aldo et Cid — en même temps"]
