"""Basic maison widgets through the facade: typography, and the fallbacks (answers to the pages' examples).

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

import pytest

from rules_py.errors import InputError
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme
from tests.rules.facade import appeler, statique, textes
from tests.rules.web_basic_maison_commun import BARBARE, typo

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
