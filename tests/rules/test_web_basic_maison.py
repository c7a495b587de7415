"""Basic maison widgets through the facade: exact results, the sources' examples, errors, replays, fallbacks.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from rules_py.errors import InputError
from rules_py.web import WIDGETS, Moteur
from rules_py.web import basic_maison as web
from rules_py.web.typographie import mise_en_forme, typographie

typo = typographie

CARS = {"for": "12", "con": "13", "tai": "11", "dex": "14", "int": "15", "pou": "10", "cha": "9"}
FINE = "\u202f"


def appeler(op: str, args: Mapping[str, Any], graine: int = 1) -> dict[str, Any]:
    """The result of ``op``, which must succeed."""
    reponse = Moteur(graine).appeler(op, dict(args))
    assert reponse["ok"], reponse
    return reponse["resultat"]


def echec(op: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The error of ``op``, which must fail in French."""
    reponse = Moteur(1).appeler(op, dict(args))
    assert not reponse["ok"], reponse
    assert not reponse["erreur"].get("interne"), reponse
    return reponse["erreur"]


def textes(resultat: Mapping[str, Any]) -> str:
    """Every text of the display blocks, one string."""

    def parcourir(valeur: Any) -> Iterator[str]:
        if isinstance(valeur, str):
            yield valeur
        elif isinstance(valeur, list):
            for v in valeur:
                yield from parcourir(v)
        elif isinstance(valeur, dict):
            for cle, v in valeur.items():
                if cle not in {"type", "classe", "op", "args"}:
                    yield from parcourir(v)

    return " | ".join(parcourir(resultat["affichage"]))


def blocs(resultat: Mapping[str, Any], genre: str) -> list[dict[str, Any]]:
    return [b for b in resultat["affichage"] if b["type"] == genre]


def donnees(resultat: Mapping[str, Any]) -> dict[str, Any]:
    """The result without what only says how it was obtained (display, dice read, replay)."""

    def nettoyer(valeur: Any) -> Any:
        if isinstance(valeur, dict):
            return {k: nettoyer(v) for k, v in valeur.items() if k not in {"affichage", "des_lus", "rejouer"}}
        if isinstance(valeur, list):
            return [nettoyer(v) for v in valeur]
        return valeur

    return nettoyer(resultat)


def assert_rejoue(op: str, resultat: Mapping[str, Any]) -> None:
    """``rejouer`` reproduces the result with no randomness, whatever the generator."""
    for graine in (2, 3):
        assert donnees(appeler(op, resultat["rejouer"], graine)) == donnees(resultat)


# == Typography =================================================================


class TestTypographie:
    def test_display_blocks(self) -> None:
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

    def test_labels_of_every_widget(self) -> None:
        """Labels, help texts and choices a reader sees have no plain space before « : » or « % »."""
        for nom in (
            "modificateur-degats",
            "test-basic",
            "attaque-basic",
            "blessures-basic",
            "initiative-basic",
        ):
            declaration = WIDGETS[nom]
            for champ in declaration.champs:
                for brut in (champ.libelle, champ.aide, *(libelle for _, libelle in champ.choix)):
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
    def test_rows(
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
        assert_rejoue("basic.modificateur", resultat)
        if hors_table:
            assert "demandez au MJ" in textes(resultat) and tableau["lignes"][9][0] == "46 ou plus"

    def test_dice_of_the_modifier(self) -> None:
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
    def test_bad_input(self, args: dict[str, str], champ: str, message: str) -> None:
        """A bad field is named, in French."""
        erreur = echec("basic.modificateur", args)
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Attributs dérivés ==========================================================


class TestAttributs:
    def test_plain_character(self) -> None:
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
        assert_rejoue("basic.attributs", resultat)

    def test_expert_and_hors_table(self) -> None:
        """A base of 80 % or more is EXPERT; FOR + TAI above 45 is hors table (A1)."""
        resultat = appeler("basic.attributs", {**CARS, "dex": "40", "for": "30", "tai": "20"})
        assert resultat["experts"] == ["Esquive", "Crochetage"]
        assert resultat["modificateur_de_degats"]["hors_table"] is True
        assert "EXPERT" in textes(resultat) and "demandez au MJ" in textes(resultat)

    def test_bad_input(self) -> None:
        """Each characteristic is checked and named."""
        assert echec("basic.attributs", {**CARS, "pou": "-3"})["champ"] == "pou"


# == Création ===================================================================


class TestLireRepartitions:
    def test_lines(self) -> None:
        """Lines by « ; » or new lines; missing numbers are 0; names as the text spells them (A11)."""
        lues = web.lire_repartitions("Premiers Soins : 10\nArt (Peinture) : /5/ ;; Influence : 1/2/3 ;")
        assert [(r.competence, r.specialite, r.culture, r.profession, r.libre) for r in lues] == [
            ("Premiers secours", "", 10, 0, 0),
            ("Art", "Peinture", 0, 5, 0),
            ("Tromperie/Baratin/Influence", "", 1, 2, 3),
        ]

    def test_magie(self) -> None:
        """Magie takes its variant (Prêtres or Mages) and the spell, in any order."""
        [lue] = web.lire_repartitions("Magie (Boule de feu, prêtre) : 0/20")
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
    def test_bad_lines(self, texte: str, message: str) -> None:
        """Each bad line is named by its number and its text."""
        with pytest.raises(InputError) as erreur:
            web.lire_repartitions(texte)
        assert erreur.value.champ == "competences" and message in erreur.value.message

    def test_not_text_or_too_long(self) -> None:
        """Only text, and at most 60 lines."""
        for valeur in (12, "Esquive : 1;" * 61):
            with pytest.raises(InputError) as erreur:
                web.lire_repartitions(valeur)
            assert erreur.value.champ == "competences"


class TestCreation:
    def test_valid_default(self) -> None:
        """The form's example is a valid Barbare: 0 / 0 / 85 points left (A10)."""
        resultat = appeler(
            "basic.creation", {"culture": "Barbare", **CARS, "competences": web.EXEMPLE_DE_CREATION}
        )
        assert resultat["valide"] and resultat["violations"] == []
        assert resultat["reste"] == {"culture": 0, "profession": 0, "libre": 85}
        feuille = {c["nom"]: c for c in resultat["competences"]}
        assert feuille["Athlétisme"] == {
            "nom": "Athlétisme",
            "specialite": "",
            "type": "standard",
            "base": 26,
            "culture": 30,
            "profession": 0,
            "libre": 9,
            "valeur": 65,
            "expert": False,
        }
        assert feuille["Pistage"]["type"] == "professionnelle" and feuille["Pistage"]["valeur"] == 63
        assert "Création valide" in textes(resultat)
        assert_rejoue("basic.creation", resultat)

    def test_every_violation(self) -> None:
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
        assert resultat["reste"] == {"culture": 51, "profession": -1, "libre": 140}
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

    def test_expert_base_and_orientation(self) -> None:
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
            ({"culture": "Elfe"}, "culture", "« culture » doit être l'une de ces valeurs"),
            ({"dex": "-1"}, "dex", "au moins 0"),
            ({"competences": "Esquive : 1 ; esquive : 2"}, "competences", "apparaît deux fois"),
            ({"competences": "Esquive (roulade) : 1"}, "competences", "ne se choisit pas par spécialité"),
            ({"competences": "Bagarre 12"}, "competences", "Ligne 1"),
        ],
    )
    def test_bad_input(self, args: dict[str, str], champ: str, message: str) -> None:
        """Malformed input is named; rule violations are not errors but listed."""
        erreur = echec("basic.creation", {"culture": "Barbare", **CARS, "competences": "", **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Tests ======================================================================


class TestTest:
    def test_source_example_67(self) -> None:
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

    def test_80_no_maladresse(self) -> None:
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
    def test_circumstances(self, args: dict[str, Any], effectif: int, jet: int, resultat: str) -> None:
        """SRC lines 198-201: the circumstance moves S; -30 when very weak (line 221)."""
        reponse = appeler("basic.test", args)
        assert (reponse["score_effectif"], reponse["jet"], reponse["resultat"]) == (effectif, jet, resultat)

    def test_no_critical_below_zero(self) -> None:
        """A3: at S <= 0 no critical is possible, and the page says so."""
        reponse = appeler("basic.test", {"score": "5", "circonstance": "-20", "jet": "1"})
        assert reponse["seuil_critique"] == 0 and reponse["plages"]["reussite_critique"] == []
        assert "aucune réussite critique possible" in textes(reponse)
        assert typo("Compétence 5 % −20 (Très difficile) = −15 %") in textes(reponse)

    def test_rolled(self) -> None:
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
            assert_rejoue("basic.test", resultat)

    def test_characteristic_mode(self) -> None:
        """SRC line 212 and A4: CHA 13 × 5 = 65, resolved like a test; the same through ``mode``."""
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
            "basic.test",
            {"mode": "caracteristique", "caracteristique": "13", "multiplicateur": "1", "jet": "13"},
        )
        assert (par_mode["score_effectif"], par_mode["resultat"], par_mode["seuil_critique"]) == (
            13,
            "reussite",
            2,
        )
        assert par_mode["rejouer"]["mode"] == "caracteristique"
        assert_rejoue("basic.test", par_mode)
        lance = appeler("basic.jet_de_caracteristique", {"caracteristique": "10", "multiplicateur": "3"})
        assert lance["score"] == 30 and not lance["des_lus"]
        assert_rejoue("basic.jet_de_caracteristique", lance)

    @pytest.mark.parametrize(
        ("op", "args", "champ", "message"),
        [
            ("basic.test", {"score": "-1"}, "score", "au moins 0"),
            ("basic.test", {"score": "50", "circonstance": "15"}, "circonstance", "modificateur de la table"),
            ("basic.test", {"score": "50", "jet": "101"}, "jet", "Le jet de d100 va de 01 à 100"),
            ("basic.test", {"score": "50", "jet": "dé"}, "jet", "Le jet de d100"),
            ("basic.test", {"score": "50", "affaibli": "peut-être"}, "affaibli", "se coche"),
            ("basic.test", {"score": "50", "mode": "magie"}, "mode", "l'une de ces valeurs"),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "13", "multiplicateur": "6"},
                "multiplicateur",
                "au plus 5",
            ),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "", "multiplicateur": "3"},
                "caracteristique",
                "vide",
            ),
        ],
    )
    def test_bad_input(self, op: str, args: dict[str, str], champ: str, message: str) -> None:
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
    def test_states(self, degats: str, pv_apres: int, etat: str, jets: list[str]) -> None:
        """SRC lines 216-226 and A7: mort first, then damage × 2 >= current PV, then PV 1-3 agonie."""
        resultat = appeler("basic.blessure", {"pv": "12", "pv_max": "12", "con": "13", "degats": degats})
        assert (resultat["pv_apres"], resultat["etat"], [j["nom"] for j in resultat["jets"]]) == (
            pv_apres,
            etat,
            jets,
        )
        assert resultat["mort"] is (etat == "mort")
        assert all(j["jet"] is None and j["resultat"] is None for j in resultat["jets"])

    def test_serious_wound_read(self) -> None:
        """SRC line 221: CON 13 × 5 = 65 %; a failure: unconscious 8 minutes, then -30 %."""
        resultat = appeler(
            "basic.blessure", {"pv": "12", "pv_max": "14", "con": "13", "degats": "7", "jet_choc": "66"}
        )
        [choc] = resultat["jets"]
        assert choc == {
            "nom": "choc",
            "multiplicateur": 5,
            "cible": 65,
            "frequence": "une fois",
            "inconscience": 8,
            "unite": "minutes",
            "malus_en_cas_d_echec": -30,
            "probabilite_reussite": "13/20",
            "probabilites": {
                "reussite_critique": "7/100",
                "reussite": "29/50",
                "echec": "19/100",
                "echec_critique": "4/25",
            },
            "jet": 66,
            "des_lus": True,
            "resultat": "echec",
            "conscient": False,
        }
        texte = textes(resultat)
        assert "perd connaissance 8 minutes, puis −30" in texte and "14 ≥ 12 PV avant le coup" in texte
        [barres] = blocs(resultat, "barres")
        assert [(b["etiquette"], b["texte"], b.get("surligne", False)) for b in barres["barres"]] == [
            ("Reste conscient", f"65{FINE}%", False),
            ("Perd connaissance", f"35{FINE}%", True),
        ]

    def test_agonie_rolled_and_replayed(self) -> None:
        """SRC line 224: CON × 3 each round (hours); both rolls rolled, then replayed from ``rejouer``."""
        args = {"pv": "12", "pv_max": "12", "con": "20", "degats": "10", "jet_choc": "", "jet_agonie": ""}
        for graine in range(5):
            resultat = appeler("basic.blessure.lancer", args, graine)
            choc, agonie = resultat["jets"]
            assert (agonie["cible"], agonie["inconscience"], agonie["unite"]) == (60, 1, "heures")
            assert all(1 <= j["jet"] <= 100 and not j["des_lus"] for j in (choc, agonie))
            assert resultat["rejouer"]["jet_agonie"] == str(agonie["jet"])
            assert_rejoue("basic.blessure.lancer", resultat)
            assert donnees(appeler("basic.blessure", resultat["rejouer"])) == donnees(resultat)

    def test_weakened_and_ignored_roll(self) -> None:
        """New ruling: a very weak character's CON rolls are at -30 too; a roll not called for is ignored."""
        resultat = appeler(
            "basic.blessure",
            {"pv": "12", "pv_max": "12", "con": "13", "degats": "6", "affaibli": True, "jet_agonie": "5"},
        )
        assert resultat["jets"][0]["cible"] == 35 and resultat["jets"][0]["probabilite_reussite"] == "7/20"
        assert "est ignoré" in textes(resultat) and "à ces jets de CON aussi" in textes(resultat)

    def test_unconscious_at_least_one(self) -> None:
        """A7: max(1, 21 - CON)."""
        resultat = appeler("basic.blessure", {"pv": "10", "pv_max": "10", "con": "25", "degats": "5"})
        assert resultat["jets"][0]["inconscience"] == 1 and "1 minute," in textes(resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"pv": "0"}, "pv", "médecine conventionnelle"),
            ({"pv": "13"}, "pv", "dépassent les PV maximum"),
            ({"pv_max": "0"}, "pv_max", "au moins 1"),
            ({"con": "-2"}, "con", "au moins 0"),
            ({"degats": "-2"}, "degats", "au moins 0"),
            ({"jet_choc": "0"}, "jet_choc", "01 à 100"),
        ],
    )
    def test_bad_input(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        base = {"pv": "12", "pv_max": "12", "con": "13", "degats": "7"}
        erreur = echec("basic.blessure", {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Soins ======================================================================


class TestSoin:
    def test_read(self) -> None:
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

    def test_rolled(self) -> None:
        """Premiers secours 1d3, rolled, then replayed; the healing rate from CON (A8)."""
        for graine in range(5):
            resultat = appeler(
                "basic.soin",
                {"competence": "Premiers secours", "pv": "3", "pv_max": "12", "con": "19"},
                graine,
            )
            assert resultat["pv_apres"] == 3 + resultat["des"][0] and resultat["vitesse_de_guerison"] == 4
            assert resultat["probabilites"] == {"4": "1/3", "5": "1/3", "6": "1/3"}
            assert_rejoue("basic.soin", resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"competence": "Esquive"}, "competence", "l'une de ces valeurs"),
            ({"des": "4"}, "des", "Un d3 montre une valeur de 1 à 3"),
            ({"des": "1 2"}, "des", "demande 1 dé"),
            ({"pv": "0"}, "pv", "médecine conventionnelle"),
            ({"con": "x"}, "con", "nombre entier"),
        ],
    )
    def test_bad_input(self, args: dict[str, str], champ: str, message: str) -> None:
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
    def test_source_examples(
        self, att: str, defense: str, chance: int, special: int, critique: int, maladresse: int | None
    ) -> None:
        """SRC lines 247-248 and A5: (65-35)+50 = 80 and (35-65)+50 = 20; critical 1/10, special 1/25."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "att": att, "defense": defense, "jet": "50"})
        assert resultat["chance"] == chance
        assert (resultat["seuil_special"], resultat["seuil_critique"], resultat["seuil_maladresse"]) == (
            special,
            critique,
            maladresse,
        )

    def test_critical_dagger(self) -> None:
        """SRC line 253 and A6: a dagger's critical is 2d3+4; the modifier once; armour subtracted."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "jet": "05", "modificateur": "+1d4", "pa": "2", "des": "1 3 2"}
        )
        assert (resultat["resultat"], resultat["touche"], resultat["critique"]) == (
            "reussite_critique",
            True,
            True,
        )
        assert resultat["degats"] == {
            "expression": "2d3+4",
            "des_arme": [1, 3],
            "total_arme": 8,
            "modificateur": "1d4",
            "des_modificateur": [2],
            "total_modificateur": 2,
            "pa": 2,
            "critique": True,
            "degats": 8,
            "des_lus": True,
        }
        normal, critique = resultat["distributions"]["normal"], resultat["distributions"]["critique"]
        assert (normal["expression"], normal["min"], normal["max"], normal["moyenne"]) == (
            "1d3+2",
            2,
            7,
            "9/2",
        )
        assert (critique["expression"], critique["min"], critique["max"]) == ("2d3+4", 5, 12)
        assert critique["probabilites"]["5"] == "1/36"
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

    def test_special_success(self) -> None:
        """A5: a roll within 1/25 of the chance is a special success, which also doubles the damage."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "jet": "4", "des": "3 3"})
        assert resultat["resultat"] == "reussite_speciale" and resultat["degats"]["degats"] == 10
        assert "effet spécial" in textes(resultat)

    def test_miss_ignores_damage_dice(self) -> None:
        """A miss rolls no damage; dice typed are ignored, and the page says so."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "att": "35", "defense": "65", "jet": "45", "des": "3"}
        )
        assert (resultat["resultat"], resultat["degats"]) == ("echec_critique", None)
        assert "dés de dégâts lus sont ignorés" in textes(resultat)
        assert resultat["rejouer"]["des"] == "3" and resultat["rejouer"]["jet"] == "45"

    def test_expert_for_tai_and_expression(self) -> None:
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
        assert (resultat["attaques_par_round"], resultat["expert"], resultat["arme"]) == (2, True, None)
        assert (resultat["expression_degats"], resultat["modificateur"], resultat["hors_table"]) == (
            "1d8+1",
            "+1d8",
            True,
        )
        assert resultat["degats"]["degats"] == 8 + 1 + 8 - 3
        texte = textes(resultat)
        assert "EXPERT" in texte and "hors table" in texte and "2 attaques" in texte

    def test_circumstance_and_weapon_notes(self) -> None:
        """New ruling: the circumstance table applies to the chance to hit; the weapon's remarks are shown."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "circonstance": "-20", "arme": "Arbalète", "jet": "99"}
        )
        assert resultat["chance"] == 60 and resultat["circonstance"] == -20
        assert "−20 (Très difficile)" in textes(resultat) and "recharge 1 round" in textes(resultat)
        remarques = textes(appeler("basic.attaque", {**ATTAQUE, "arme": "Épée à 2 mains", "jet": "99"}))
        assert "2 mains, pas de parade" in remarques

    def test_damage_without_dice(self) -> None:
        """A fixed damage (no dice) needs no die read."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "3", "pa": "1", "jet": "50"})
        assert resultat["degats"]["degats"] == 2 and resultat["rejouer"]["des"] == ""

    def test_rolled_and_replayed(self) -> None:
        """The attack and its damage rolled, then replayed exactly from ``rejouer``."""
        vus = set()
        for graine in range(40):
            resultat = appeler(
                "basic.attaque", {**ATTAQUE, "modificateur": "-1d4", "jet": "", "des": ""}, graine
            )
            vus.add(resultat["touche"])
            assert not resultat["des_lus"]
            if resultat["touche"]:
                assert not resultat["degats"]["des_lus"] and resultat["degats"]["degats"] >= 0
            assert_rejoue("basic.attaque", resultat)
        assert vus == {True, False}

    def test_large_expressions(self) -> None:
        """Beyond the exact-odds limit the roll still works; many totals are shown as ranges."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "50d1000", "jet": "50"})
        assert resultat["distributions"] == {} and "limitée" in textes(resultat)
        assert resultat["degats"]["total_arme"] >= 50
        large = appeler(
            "basic.attaque", {**ATTAQUE, "degats": "10d6", "jet": "50", "des": "1 1 1 1 1 1 1 1 1 1"}
        )
        assert len(large["distributions"]["critique"]["probabilites"]) == 101
        assert large["degats"]["degats"] == 10

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"att": "-5"}, "att", "au moins 0"),
            ({"defense": ""}, "defense", "vide"),
            ({"circonstance": "5"}, "circonstance", "modificateur de la table"),
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
    def test_bad_input(self, args: dict[str, str], champ: str, message: str) -> None:
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


class TestInitiative:
    def test_add(self) -> None:
        """Each combatant is kept in ``etat``, PA from the armour table (or typed); odds before the roll."""
        resultat = trois_combattants()
        assert resultat["combattants"] == [
            {"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"},
            {"nom": "Bera", "dex": 10, "pa": 0, "action": "tir_a_distance"},
            {"nom": "Cid", "dex": 12, "pa": 0, "action": "melee"},
        ]
        assert (resultat["round"], resultat["des"], resultat["groupes"]) == (0, None, [])
        assert resultat["chances"]["Aldo"] == {"en_tete": "7/12", "seul_en_tete": "5/12"}
        assert resultat["chances"]["Bera"] == {"en_tete": "1/1", "seul_en_tete": "1/1"}
        [boutons] = blocs(resultat, "boutons")
        assert [(b["libelle"], b["op"], b["args"]) for b in boutons["boutons"]] == [
            (f"Retirer {nom}", "basic.initiative.retirer", {"retirer": nom})
            for nom in ("Aldo", "Bera", "Cid")
        ]
        assert "de 13 à 18" in textes(resultat)
        assert_rejoue("basic.initiative.ajouter", resultat)

    def test_order_with_a_tie(self) -> None:
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
        assert_rejoue("basic.initiative.lancer", resultat)

    def test_next_round_keeps_the_combatants(self) -> None:
        """Next round: same combatants, new d6, round + 1; the first roll opens round 1."""
        etat = trois_combattants()["etat"]
        premier = appeler("basic.initiative.round_suivant", {"des": "", "etat": etat})
        assert premier["round"] == 1
        second = appeler("basic.initiative.round_suivant", {"des": "", "etat": premier["etat"]}, graine=5)
        assert second["round"] == 2 and [c["nom"] for c in second["combattants"]] == ["Aldo", "Bera", "Cid"]
        assert all(1 <= d <= 6 for d in second["des"]) and not second["des_lus"]
        assert second["rejouer"]["etat"] == premier["etat"]
        assert_rejoue("basic.initiative.round_suivant", second)
        encore = appeler("basic.initiative.lancer", {"des": "6 6 6", "etat": second["etat"]})
        assert encore["round"] == 2

    def test_update_and_remove(self) -> None:
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
        assert_rejoue("basic.initiative.retirer", retire)

    def test_clear(self) -> None:
        """« Tout effacer » starts again, even from an unreadable state."""
        resultat = appeler("basic.initiative.vider", {"etat": "n'importe quoi"})
        assert resultat["etat"] == {"combattants": [], "round": 0, "des": None}
        assert_rejoue("basic.initiative.vider", resultat)

    def test_names_are_text(self) -> None:
        """A name typed by a reader is kept as text (the page renders it with textContent)."""
        resultat = ajouter(None, "  <b>Zed</b>   le   fou ", "10", "melee")
        assert resultat["combattants"][0]["nom"] == "<b>Zed</b> le fou"

    def test_full(self) -> None:
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
    def test_bad_input(self, op: str, args: dict[str, str], champ: str, message: str) -> None:
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
    def test_bad_dice(self, des: str, message: str) -> None:
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
    def test_unreadable_state(self, etat: Any) -> None:
        """A state the page did not produce is refused in French, never with a traceback."""
        erreur = echec("basic.initiative.lancer", {"des": "", "etat": etat})
        assert "illisible" in erreur["message"] and "champ" not in erreur

    def test_remove_unknown(self) -> None:
        """Removing a name that is not there says so."""
        erreur = echec("basic.initiative.retirer", {"retirer": "Zed", "etat": trois_combattants()["etat"]})
        assert typo("Aucun combattant ne s'appelle « Zed ».") == erreur["message"]


# == Fallbacks ==================================================================


def statique(nom: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """A widget's fallback as the built page shows it (the build sets its typography)."""
    return mise_en_forme(WIDGETS[nom].statique(options or {}))


class TestStatique:
    def test_modificateur(self) -> None:
        """The whole table, the default example's row highlighted (or the page's option)."""
        [tableau] = statique("modificateur-degats")
        assert len(tableau["lignes"]) == 9 and tableau["surligne"] == 4
        [tableau] = statique("modificateur-degats", {"for": 30, "tai": 20})
        assert tableau["surligne"] == 9 and tableau["lignes"][9][0] == "46 ou plus"

    def test_test(self) -> None:
        """Thresholds for the common scores; a page's score is added and highlighted."""
        [tableau, _] = statique("test-basic")
        assert [ligne[0] for ligne in tableau["lignes"]] == [f"{s}{FINE}%" for s in (25, 40, 50, 67, 80, 100)]
        assert tableau["lignes"][3] == [f"67{FINE}%", "01–07", "08–67", "68–86", "87–00"]
        assert tableau["lignes"][4][4] == "—" and "surligne" not in tableau
        [tableau, _] = statique("test-basic", {"score": 33})
        assert tableau["lignes"][tableau["surligne"]][0] == f"33{FINE}%"

    def test_caracteristique(self) -> None:
        """× 1 to × 5 for a characteristic (CHA 13 in the text's example); × 3 highlighted."""
        [tableau, _] = statique("jet-de-caracteristique-basic")
        assert tableau["lignes"][4][:2] == [f"× 5 (65{FINE}%)", "01–07"] and tableau["surligne"] == 2

    def test_initiative(self) -> None:
        """The worked example: the shot first, then the melee by score, and a tie acting together."""
        blocs_ = statique("initiative-basic")
        ordre = next(b for b in blocs_ if b["type"] == "tableau")
        assert [ligne[1] for ligne in ordre["lignes"]] == ["Bera", "Dara", "Aldo et Cid — en même temps"]
        assert not any(b["type"] == "boutons" for b in blocs_)

    def test_others(self) -> None:
        """Every fallback renders: formulas, creation example, wounds, healing tables, attack examples."""
        formules = statique("attributs-basic")[0]
        assert formules["lignes"][0] == ["Points de vie (PV)", "(CON + TAI) / 2, arrondi au supérieur"]
        assert ["Esquive", "DEX × 2"] in formules["lignes"]
        creation = statique("creation-basic")
        assert creation[2]["lignes"][2] == ["Points libres restants", "85 sur 150"]
        blessure = statique("blessures-basic", {"pv": 6, "con": 10})[0]
        assert len(blessure["lignes"]) == 7 and blessure["lignes"][6][2] == "Mort"
        soins, vitesses = statique("soins-basic")
        assert soins["lignes"][1][:3] == ["Guérison", "1d6", "3,5"]
        assert vitesses["lignes"][:2] == [["6 ou moins", "1"], ["7–12", "2"]]
        attaque, dague = statique("attaque-basic")
        assert attaque["lignes"][0] == [f"65 contre 35 → 80{FINE}%", "01–04", "05–08", "09–80", "81–00", "—"]
        assert [b["etiquette"] for b in dague["barres"]] == [str(n) for n in range(6, 11)]
        assert [b["texte"] for b in dague["barres"]] == [
            typo(f"{p} %") for p in ("11,11", "22,22", "33,33", "22,22", "11,11")
        ]
