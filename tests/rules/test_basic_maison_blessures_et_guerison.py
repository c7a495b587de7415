"""Basic maison, blessures et guérison: damage taken, jets de CON, vitesse de guérison, soins.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py import basic_maison as bm
from rules_py.basic_maison import (
    MALUS_AFFAIBLI,
    SOINS,
    EtatDeBlessure,
    distribution_du_soin,
    duree_d_inconscience,
    lancer_agonie,
    lancer_choc,
    lancer_soin,
    resoudre_agonie,
    resoudre_choc,
    resoudre_jet_de_caracteristique,
    soigner,
    subir_degats,
    trouver_soin,
    vitesse_de_guerison,
)
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.basic_maison_commun import E

# == Blessures et guérison ======================================================


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
