"""The El Toto blessure and survie widgets through the facade (``Moteur.appeler``).

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tests.rules.facade import appeler, blocs, echec
from tests.rules.web_el_toto_commun import ESPACES, SURVIE, phrases, sans_alea

# -- toto.blessure -----------------------------------------------------------------------------


class TestBlessure:
    @pytest.mark.parametrize(
        ("perdus", "vie", "gravite", "malus", "minutes", "phrase"),
        [
            (0, 15, "aucune", 0, None, "Aucun PV perdu : pas de blessure."),
            (2, 15, "legere", 0, None, "Blessure légère : pas de malus ; perte de PV : aucune."),
            (3, 15, "serieuse", 1, 60, "Blessure sérieuse : malus de 1 dé ; perte de PV : −1 PV par heure."),
            (
                7,
                15,
                "grave",
                3,
                10,
                "Blessure grave : malus de 3 dés ; perte de PV : −1 PV toutes les 10 minutes.",
            ),
            (8, 15, "critique", 8, 1, "Blessure critique : malus de 8 dés ; perte de PV : −1 PV par minute."),
            (4, 6, "critique", 4, 1, "Blessure critique : malus de 4 dés"),
        ],
    )
    def test_niveaux(
        self, perdus: int, vie: int, gravite: str, malus: int, minutes: int | None, phrase: str
    ) -> None:
        """RULINGS C7, exact Vie/2 (Vie 15: 7 grave, 8 critique); critique wins on overlap."""
        r = appeler("toto.blessure", {"perdus": str(perdus), "vie": str(vie), "reserve": ""})
        assert (r["gravite"], r["malus_des"], r["minutes_par_point_de_vie"]) == (gravite, malus, minutes)
        assert phrase in phrases(r)

    def test_tableau_surligne(self) -> None:
        """The wound table for this Vie, the reader's row highlighted."""
        r = appeler("toto.blessure", {"perdus": "6", "vie": "15"})
        tableau = blocs(r, "tableau")[0]
        assert tableau["surligne"] == 2
        assert [ligne[1] for ligne in tableau["lignes"]] == ["1 ou 2", "3 ou 4", "5 à 7", "8 et plus"]

    @pytest.mark.parametrize(
        ("perdus", "reserve", "apres", "texte"),
        [(3, 6, 5, "6 − 1 → 5 dés"), (8, 5, 0, "5 − 8 → 0 dé : le jet échoue")],
    )
    def test_reserve_apres_malus(self, perdus: int, reserve: int, apres: int, texte: str) -> None:
        """A pool loses the malus dice and never goes below 0 dice (which fails)."""
        r = appeler("toto.blessure", {"perdus": str(perdus), "vie": "15", "reserve": str(reserve)})
        assert r["reserve_apres_malus"] == apres
        assert texte in phrases(r)

    def test_petite_vie(self) -> None:
        """Vie 3: a hit of 1 PV is light, 2 already critical; no serious or grave level exists."""
        lignes = blocs(appeler("toto.blessure", {"perdus": "2", "vie": "3"}), "tableau")[0]["lignes"]
        assert [(ligne[0], ligne[1]) for ligne in lignes] == [("Légère", "1"), ("Critique", "2 et plus")]

    @pytest.mark.parametrize(
        ("args", "champ"), [({"perdus": "-1", "vie": "15"}, "perdus"), ({"perdus": "3", "vie": "0"}, "vie")]
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Negative losses and a Vie below 1 are refused next to their field."""
        assert echec("toto.blessure", args)["champ"] == champ


# -- toto.survie -------------------------------------------------------------------------------


class TestSurvie:
    def test_pas_de_jet(self) -> None:
        """RULINGS C8: MH >= 0, no consequence and no roll; dice typed for it are ignored and said so."""
        r = appeler("toto.survie", {**SURVIE, "hostilite": "-1", "equipement": "1", "des_survie": "6 6 6 6"})
        assert (r["mh"], r["jet_de_survie"], r["total"], r["consequence"], r["des_lus"]) == (
            0,
            False,
            None,
            "aucune",
            False,
        )
        assert r["probabilites"] == {
            "points_de_vie_perdus": {"0": "1/1"},
            "reussites_a_partager": {"0": "1/1"},
        }
        assert "MH = −1 + 1 = 0 : pas de conséquence, pas de jet." in phrases(r)
        assert "Jet non fait, dés lus ignorés : Survie." in phrases(r)

    @pytest.mark.parametrize(
        ("hostilite", "equipement", "milieu", "des", "total", "partage"),
        [
            pytest.param(-4, 1, 1, "6 6 4 1", 3, 1, id="MH −3, Milieu 1, 5 réussites: total 3, 1 à répartir"),
            pytest.param(
                -1, 0, 3, "4 4 1 1", 4, 1, id="MH −1, Milieu 3, 2 réussites: total 4, 2 réussites, 1"
            ),
            pytest.param(-2, 0, 0, "4 4 1 1", 0, 0, id="total 0: pas de conséquence, rien à répartir"),
            pytest.param(-1, 0, 0, "6 6 6 6", 7, 3, id="7 réussites au-delà de MH = 0: 3"),
        ],
    )
    def test_partage(
        self, hostilite: int, equipement: int, milieu: int, des: str, total: int, partage: int
    ) -> None:
        """RULINGS C8 as the engine reads it: half of min(total, successes), rounded down."""
        args = {
            **SURVIE,
            "hostilite": str(hostilite),
            "equipement": str(equipement),
            "milieu": str(milieu),
            "des_survie": des,
        }
        r = appeler("toto.survie", args)
        assert (r["total"], r["reussites_a_partager"], r["consequence"], r["points_de_vie_perdus"]) == (
            total,
            partage,
            "aucune",
            0,
        )

    def test_intemperies(self) -> None:
        """Total below 0: that many points of damage, less the Résistance successes."""
        args = {
            **SURVIE,
            "hostilite": "-5",
            "equipement": "0",
            "milieu": "0",
            "des_survie": "4 1 1 1",
            "des_resistance": "6 1 1",
        }
        r = appeler("toto.survie", args)
        assert (
            r["total"],
            r["consequence"],
            r["dommages"],
            r["reussites_resistance"],
            r["points_de_vie_perdus"],
        ) == (-4, "intemperies", 4, 2, 2)
        assert (
            "4 points de dommages dus aux intempéries, moins 2 réussites de Résistance : "
            "le personnage perd 2 PV." in phrases(r)
        )

    def test_lois_exactes(self) -> None:
        """MH −1, 2 Survie dice, no Résistance: the law of (PV lost, shared) by enumeration."""
        args = {
            **SURVIE,
            "hostilite": "-1",
            "equipement": "0",
            "milieu": "0",
            "survie": "2",
            "resistance": "0",
        }
        r = appeler("toto.survie", args)
        compte: Counter = Counter()
        for faces in product(range(1, 7), repeat=2):
            reussites = sum(2 if f == 6 else f in (4, 5) for f in faces)
            total = -1 + reussites
            compte[(max(0, -total), min(total, reussites) // 2 if total >= 0 else 0)] += 1
        perdus = Counter()
        for (p, _), n in compte.items():
            perdus[p] += n
        assert r["probabilites"]["points_de_vie_perdus"] == {
            str(k): f"{Fraction(v, 36).numerator}/{Fraction(v, 36).denominator}"
            for k, v in sorted(perdus.items())
        }

    def test_lancer_et_rejouer(self) -> None:
        """A rolled survival check replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.survie", {**SURVIE, "hostilite": "-6"}, graine=graine)
            assert sans_alea(appeler("toto.survie", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"hostilite": "2"}, "hostilite", "« Modificateur d’hostilité » doit être au plus 0"),
            ({"hostilite": "-100", "equipement": "-100"}, "equipement", "MH ne descend pas sous −100"),
            ({"des_survie": "6 6"}, "des_survie", "ce jet se lance avec 4 dés, et 2 dés ont été entrés"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message next to the field."""
        refus = echec("toto.survie", {**SURVIE, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)
