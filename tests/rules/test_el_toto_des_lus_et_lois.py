"""El Toto, for the widgets: dice read on the table, the laws of a whole pass, wound ranges.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise, product

import pytest

from rules_py.dice import new_rng
from rules_py.el_toto import (
    Combattant,
    Critere,
    Gravite,
    Initiative,
    Jet,
    Repartition,
    Vainqueur,
    blessure,
    chance_de_la_repartition,
    distribution_echange,
    distribution_impact,
    distribution_passe,
    lancer_attaque,
    lancer_combat_rapide,
    lancer_echange,
    lancer_jet,
    lancer_survie,
    meilleure_repartition,
    plages_de_blessure,
    resoudre_attaque,
    resoudre_combat_rapide,
    resoudre_initiative,
)
from rules_py.errors import InputError
from tests.rules.el_toto_commun import (
    echange_brut,
    fractions,
    lecture_dommages,
    succes,
    toutes_les_faces,
    toutes_les_repartitions,
)

# -- Dice read on the table, the laws of a whole pass, wound ranges (for the widgets) ------


class TestDesLus:
    def test_jet_lu(self) -> None:
        """Faces read on the table are resolved instead of drawn."""
        assert lancer_jet(3, rng=new_rng(1), des_lus=[1, 1, 1]) == Jet((1, 1, 1), 0, True)
        assert lancer_jet(0, rng=new_rng(1), des_lus=[]) == Jet((), 0, False)

    @pytest.mark.parametrize(
        ("nombre", "lus", "message"), [(3, [4, 5], "3 dés, et 2 dés ont"), (1, [], "0 dé a")]
    )
    def test_jet_lu_mauvais_compte(self, nombre: int, lus: list[int], message: str) -> None:
        """As many faces as dice: otherwise a French message naming the field ``des``."""
        with pytest.raises(InputError, match=message) as erreur:
            lancer_jet(nombre, rng=new_rng(1), des_lus=lus)
        assert erreur.value.champ == "des"

    def test_jet_lu_face_impossible(self) -> None:
        """A face off the d6 is refused."""
        with pytest.raises(InputError) as erreur:
            lancer_jet(1, rng=new_rng(1), des_lus=[7])
        assert erreur.value.champ == "des"

    def test_attaque_lue_egale_la_resolution(self) -> None:
        """An attack read on the table equals :func:`resoudre_attaque` of the same faces."""
        lue = lancer_attaque(
            3,
            1,
            2,
            bonus_arme=1,
            force=2,
            rng=new_rng(1),
            des_attaque=[6, 5, 2],
            des_defense=[4],
            des_resistance=[6, 1],
        )
        assert lue == resoudre_attaque([6, 5, 2], [4], [6, 1], bonus_arme=1, force=2)

    def test_attaque_melange_lus_et_tires(self) -> None:
        """Rolls not read are drawn; resistance faces are ignored when there is no damage."""
        attaque = lancer_attaque(2, 1, 3, rng=new_rng(2), des_defense=[6], des_resistance=[6, 6, 6])
        assert attaque.defense.des == (6,) and len(attaque.attaque.des) == 2
        if attaque.dommages == 0:
            assert attaque.resistance.des == ()

    @pytest.mark.parametrize("champ", ["des_attaque", "des_defense", "des_resistance"])
    def test_attaque_mauvais_compte(self, champ: str) -> None:
        """A roll read with the wrong number of dice is refused, naming its field."""
        lus = {"des_attaque": [6, 6, 6], "des_defense": [1], "des_resistance": [4]}
        lus[champ] = [4] * 5
        with pytest.raises(InputError) as erreur:
            lancer_attaque(3, 1, 1, force=3, rng=new_rng(1), **lus)
        assert erreur.value.champ == champ

    def test_echange_tout_lu(self) -> None:
        """A pass read entirely on the table: initiative A, negative impact, riposte with the extra die."""
        a = Combattant(Repartition(2, 2, 1), bonus_arme=1, force=1, resistance=2)
        b = Combattant(Repartition(1, 2, 2), bonus_arme=0, force=2, resistance=1)
        lus = {
            "des_attaque_a": [1, 4],
            "des_defense_b": [6, 2],
            "des_attaque_b": [6, 6, 5],
            "des_defense_a": [4],
            "des_resistance_a": [5, 1],
        }
        echange = lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert echange.initiative is Initiative.A
        assert (echange.attaque_de_a.impact, echange.attaque_de_a.dommages) == (-1, 0)
        assert echange.attaque_de_a.resistance.des == ()
        riposte = echange.attaque_de_b
        assert riposte.attaque.des == (6, 6, 5)
        assert (riposte.impact, riposte.dommages, riposte.points_de_vie_perdus) == (4, 4, 3)

    def test_echange_riposte_sans_de_en_plus(self) -> None:
        """Without a negative first impact, the riposte faces must be the attack hand only."""
        a = Combattant(Repartition(1, 1, 0))
        b = Combattant(Repartition(0, 1, 0))
        lus = {"des_attaque_a": [4], "des_attaque_b": [4, 4]}
        with pytest.raises(InputError, match="1 dé, et 2 dés") as erreur:
            lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert erreur.value.champ == "des_attaque_b"

    def test_echange_les_lus_du_bon_camp(self) -> None:
        """When B has the initiative, B's attack meets A's defence read for A, and A's resistance."""
        a = Combattant(Repartition(0, 1, 2), resistance=1)
        b = Combattant(Repartition(1, 3, 0), force=2)
        lus = {
            "des_attaque_b": [6, 6, 6],
            "des_defense_a": [1, 1],
            "des_resistance_a": [4],
            "des_attaque_a": [5],
        }
        echange = lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert echange.initiative is Initiative.B
        assert echange.attaque_de_b.points_de_vie_perdus == 6 + 0 - 2 + 2 - 1
        assert echange.attaque_de_a.attaque.des == (5,)

    @pytest.mark.parametrize(("des_lus", "champ"), [([[4]], "des_lus"), ({"des_attaque_c": [4]}, "des_lus")])
    def test_echange_lus_refuses(self, des_lus: object, champ: str) -> None:
        """Dice read must be given roll by roll, under a known name."""
        with pytest.raises(InputError) as erreur:
            lancer_echange(
                Combattant(Repartition(0, 1, 0)),
                Combattant(Repartition(0, 1, 0)),
                rng=new_rng(1),
                des_lus=des_lus,
            )
        assert erreur.value.champ == champ

    def test_combat_rapide_lu(self) -> None:
        """Quick combat read on the table equals its pure resolution; the loser's resistance is read."""
        lu = lancer_combat_rapide(
            2,
            3,
            resistance_a=2,
            bonus_arme_b=1,
            rng=new_rng(1),
            des_lus_a=[2, 4],
            des_lus_b=[6, 5, 1],
            des_lus_resistance=[4, 6],
        )
        assert lu == resoudre_combat_rapide([2, 4], [6, 5, 1], [4, 6], bonus_arme_b=1)
        assert (lu.vainqueur, lu.dommages, lu.points_de_vie_perdus) == (Vainqueur.B, 3, 0)

    def test_combat_rapide_mauvais_compte(self) -> None:
        """The loser's resistance roll must have the loser's number of dice."""
        with pytest.raises(InputError) as erreur:
            lancer_combat_rapide(
                1, 1, resistance_b=2, rng=new_rng(1), des_lus_a=[6], des_lus_b=[1], des_lus_resistance=[4]
            )
        assert erreur.value.champ == "des_resistance"

    def test_survie_lue(self) -> None:
        """Survival read on the table; faces given for a roll that is not made are not used."""
        assert lancer_survie(-2, 0, 3, 2, rng=new_rng(1), des_survie=[6, 1, 1]).reussites_a_partager == 0
        sans_jet = lancer_survie(1, 0, 3, 2, rng=new_rng(1), des_survie=[6, 1, 1], des_resistance=[4, 4])
        assert sans_jet.jet_survie.des == () and sans_jet.total is None
        with pytest.raises(InputError) as erreur:
            lancer_survie(-5, 0, 2, 2, rng=new_rng(1), des_survie=[1, 1], des_resistance=[4])
        assert erreur.value.champ == "des_resistance"


def passe_brute(a: Combattant, b: Combattant) -> dict[str, Counter]:
    """The four marginals of a pass by enumerating every face, riposte die and resistance included."""
    ordre = resoudre_initiative(a.repartition.initiative, b.repartition.initiative)
    premier, second = (b, a) if ordre is Initiative.B else (a, b)
    pools = (
        premier.repartition.attaque,
        second.des_de_defense,
        second.resistance,
        second.repartition.attaque,
        1 if ordre is not Initiative.SIMULTANEE else 0,
        premier.des_de_defense,
        premier.resistance,
    )
    lois: dict[str, Counter] = {"ip": Counter(), "pp": Counter(), "is": Counter(), "ps": Counter()}
    for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
        fp, fds, frs, fs, bonus, fdp, frp = faces
        impact_1 = succes(fp) - succes(fds)
        riposte = succes(fs) + (succes(bonus) if impact_1 < 0 else 0)
        impact_2 = riposte - succes(fdp)
        lois["ip"][impact_1] += 1
        lois["ps"][lecture_dommages(impact_1, premier.bonus_arme, premier.force, succes(frs))] += 1
        lois["is"][impact_2] += 1
        lois["pp"][lecture_dommages(impact_2, second.bonus_arme, second.force, succes(frp))] += 1
    total = 6 ** sum(pools)
    if ordre is Initiative.B:
        cles = {"impact_de_a": "is", "impact_de_b": "ip", "perdus_par_a": "ps", "perdus_par_b": "pp"}
    else:
        cles = {"impact_de_a": "ip", "impact_de_b": "is", "perdus_par_a": "pp", "perdus_par_b": "ps"}
    return {nom: fractions(lois[cle], total) for nom, cle in cles.items()}


class TestDistributionPasse:
    @pytest.mark.parametrize(
        ("a", "b"),
        [
            pytest.param(
                Combattant(Repartition(1, 1, 1), bonus_arme=1, force=1, resistance=1),
                Combattant(Repartition(0, 1, 0), bonus_arme=0, force=2, resistance=1),
                id="A a l'initiative",
            ),
            pytest.param(
                Combattant(Repartition(1, 2, 0), bonus_arme=-1, force=3),
                Combattant(Repartition(1, 1, 1), bonus_arme=2, force=0, resistance=1),
                id="simultané, bonus négatif",
            ),
            pytest.param(
                Combattant(Repartition(0, 1, 3), force=2, resistance=1, esquive=1),
                Combattant(Repartition(2, 1, 0), bonus_arme=1, force=1),
                id="B a l'initiative, A esquive",
            ),
        ],
    )
    def test_contre_toutes_les_faces(self, a: Combattant, b: Combattant) -> None:
        """Each marginal of the pass equals the enumeration of every face of every roll."""
        lois = distribution_passe(a, b)
        for nom, attendu in passe_brute(a, b).items():
            assert getattr(lois, nom).probabilities() == attendu, nom

    def test_de_de_riposte(self) -> None:
        """The riposte-die chance is that of a negative first impact; 0 when both strike at once."""
        a, b = Combattant(Repartition(2, 2, 0)), Combattant(Repartition(1, 0, 3))
        lois = distribution_passe(a, b)
        assert lois.initiative is Initiative.A
        assert lois.de_de_riposte == distribution_impact(2, 3).probability_where(lambda i: i < 0)
        assert distribution_passe(b, b).de_de_riposte == 0

    def test_coherente_avec_distribution_echange(self) -> None:
        """Without resistance and with damage = impact, the chance of losing PV is the chance of being hit."""
        ra, rb = Repartition(1, 2, 1), Repartition(0, 2, 2)
        lois = distribution_passe(Combattant(ra, bonus_arme=2), Combattant(rb, bonus_arme=2))
        touches = distribution_echange(ra, rb)
        assert lois.perdus_par_b.probability_where(lambda p: p > 0) == touches.probability_where(
            lambda t: t[0]
        )
        assert lois.perdus_par_a.probability_where(lambda p: p > 0) == touches.probability_where(
            lambda t: t[1]
        )

    def test_tirage_possible(self) -> None:
        """Every rolled pass is a possible outcome of each law."""
        a = Combattant(Repartition(1, 3, 1), bonus_arme=1, force=1, resistance=2)
        b = Combattant(Repartition(0, 2, 2), force=2, resistance=1, esquive=3)
        lois = distribution_passe(a, b)
        rng = new_rng(8)
        for _ in range(200):
            echange = lancer_echange(a, b, rng=rng)
            assert lois.impact_de_a.probability(echange.attaque_de_a.impact) > 0
            assert lois.impact_de_b.probability(echange.attaque_de_b.impact) > 0
            assert lois.perdus_par_b.probability(echange.attaque_de_a.points_de_vie_perdus) > 0
            assert lois.perdus_par_a.probability(echange.attaque_de_b.points_de_vie_perdus) > 0

    def test_refus(self) -> None:
        """Anything but two combatants is refused."""
        with pytest.raises(InputError) as erreur:
            distribution_passe(Combattant(Repartition(0, 1, 0)), Repartition(0, 1, 0))  # type: ignore[arg-type]
        assert erreur.value.champ == "b"


class TestPlagesDeBlessure:
    @pytest.mark.parametrize("vie", range(1, 41))
    def test_contre_blessure(self, vie: int) -> None:
        """Each range holds exactly the losses :func:`blessure` puts in that level, critique open-ended."""
        plages = plages_de_blessure(vie)
        for niveau, premier, dernier in plages:
            fin = dernier if dernier is not None else vie + 5
            assert all(blessure(p, vie).gravite is niveau.gravite for p in range(premier, fin + 1))
        assert plages[-1][0].gravite is Gravite.CRITIQUE and plages[-1][2] is None
        assert plages[0][1] == 1
        for (_, _, dernier), (_, premier, _) in pairwise(plages):
            assert premier == dernier + 1

    def test_exemple(self) -> None:
        """Vie 15: grave from 5 to 7, critique from 8 (exact Vie/2)."""
        assert [(n.gravite, p, d) for n, p, d in plages_de_blessure(15)][2:] == [
            (Gravite.GRAVE, 5, 7),
            (Gravite.CRITIQUE, 8, None),
        ]

    @pytest.mark.parametrize("vie", [10**9, 2**31 - 1, 2**31, 10**30])
    def test_grande_vie(self, vie: int) -> None:
        """A Vie beyond a 32-bit size (Pyodide's wasm32) still gets its ranges, critique from Vie/2 + 1."""
        plages = plages_de_blessure(vie)
        assert [(n.gravite, p, d) for n, p, d in plages] == [
            (Gravite.LEGERE, 1, 2),
            (Gravite.SERIEUSE, 3, 4),
            (Gravite.GRAVE, 5, vie // 2),
            (Gravite.CRITIQUE, vie // 2 + 1, None),
        ]


class TestChanceDeLaRepartition:
    @pytest.mark.parametrize("critere", list(Critere))
    @pytest.mark.parametrize("adversaire", [Repartition(0, 1, 1), Repartition(1, 1, 0)])
    def test_le_meilleur_est_le_maximum(self, adversaire: Repartition, critere: Critere) -> None:
        """The best split's chance is the largest chance over every split, each by this function."""
        for pdc in range(4):
            chances = [chance_de_la_repartition(r, adversaire, critere) for r in toutes_les_repartitions(pdc)]
            assert max(chances) == meilleure_repartition(pdc, adversaire, critere).chance

    def test_contre_toutes_les_faces(self) -> None:
        """A split's chance equals the face-by-face enumeration of the pass."""
        a, b = Repartition(1, 1, 1), Repartition(0, 1, 1)
        brut = echange_brut(a, b)
        assert chance_de_la_repartition(a, b) == sum(p for t, p in brut.items() if t[0])
        sans = sum(p for t, p in brut.items() if t[0] and not t[1])
        assert chance_de_la_repartition(a, b, "toucher_sans_etre_touche") == sans

    @pytest.mark.parametrize(
        ("repartition", "adversaire", "critere", "champ"),
        [
            ((0, 1, 0), Repartition(0, 1, 0), "toucher", "repartition"),
            (Repartition(0, 1, 0), (0, 1, 0), "toucher", "adversaire"),
            (Repartition(0, 1, 0), Repartition(0, 1, 0), "blesser", "critere"),
        ],
    )
    def test_refus(self, repartition: object, adversaire: object, critere: object, champ: str) -> None:
        """Anything but two splits and a known criterion is refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            chance_de_la_repartition(repartition, adversaire, critere)
        assert erreur.value.champ == champ
