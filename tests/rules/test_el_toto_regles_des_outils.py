"""El Toto, rules moved from the facade to the engine (issue 12).

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py import el_toto
from rules_py.el_toto import Vainqueur, des_de_bagarre, des_de_lancer
from rules_py.errors import InputError
from tests.rules.el_toto_commun import SOURCE

# -- Rules moved from the facade to the engine (issue 12) ------------------------------------------


@pytest.mark.parametrize(
    ("impact", "bonus", "force", "somme", "retenus"),
    [
        pytest.param(2, 1, 2, 3, 3, id=f"{SOURCE}:47 impact 2 + arme 1 − 2 + Force 2"),
        pytest.param(1, -3, 0, -4, 0, id=f"{SOURCE}:47 arme négative : somme −4, comptée 0"),
        pytest.param(3, 0, 1, 2, 2, id=f"{SOURCE}:47 impact 3 + 0 − 2 + 1"),
    ],
)
def test_la_somme_des_dommages_avant_le_plancher(
    impact: int, bonus: int, force: int, somme: int, retenus: int
) -> None:
    """Damage = impact + weapon bonus − 2 + Force; below 0 it counts 0 (C4)."""
    assert el_toto.somme_des_dommages(impact, bonus, force) == somme
    assert el_toto.dommages(impact, bonus, force) == retenus


@pytest.mark.parametrize(
    ("pdc", "initiative", "attaque", "champ", "message"),
    [
        (6, 7, 0, "initiative", "7 dés d'initiative, c'est plus que le PdC (6)."),
        (6, 2, 5, "attaque", "2 dés d'initiative et 5 dés d'attaque, c'est plus que le PdC (6)."),
    ],
)
def test_une_repartition_plus_grande_que_le_pdc_est_refusee(
    pdc: int, initiative: int, attaque: int, champ: str, message: str
) -> None:
    """The split of the PdC never exceeds it; the error names the hand that overflows (C4)."""
    with pytest.raises(InputError) as refus:
        el_toto.repartir(pdc, initiative, attaque)
    assert (refus.value.champ, refus.value.message) == (champ, message)


def test_les_des_avec_energie() -> None:
    """Each point spent adds a die, within the cap the MJ names; no cap is needed when none is spent (C2)."""
    assert el_toto.des_avec_energie(4) == el_toto.DepenseEnergie(4, 0, 0)
    assert el_toto.des_avec_energie(4, 2, 3, 5) == el_toto.DepenseEnergie(6, 2, 3)
    assert el_toto.des_avec_energie(4, 2, 3) == el_toto.DepenseEnergie(6, 2, 0)
    for args, champ, debut in [
        ((4, 1), "plafond", "Indiquez le plafond"),
        ((4, 4, 3), "points", "Au plus 3 point(s) d'Énergie"),
        ((100, 1, 1), "points", "Au plus 100 dés par jet : 100 + 1 d'Énergie = 101."),
    ]:
        with pytest.raises(InputError) as refus:
            el_toto.des_avec_energie(*args)
        assert refus.value.champ == champ and refus.value.message.startswith(debut)


@pytest.mark.parametrize(
    ("nombre", "chance"), [(0, Fraction(0)), (1, Fraction(1, 6)), (4, Fraction(1, 1296))]
)
def test_la_chance_de_maladresse(nombre: int, chance: Fraction) -> None:
    """Every die on 1, for a pool of at least one die (C1)."""
    assert el_toto.chance_de_maladresse(nombre) == chance


def test_les_lois_du_combat_rapide_par_camp() -> None:
    """One die against none, weapon +1: A wins half the time and B loses 2 (4-5) or 3 (6) PV (C5)."""
    lois = el_toto.lois_combat_rapide(1, 0, bonus_arme_a=1)
    assert lois.vainqueur == {Vainqueur.A: Fraction(1, 2), Vainqueur.B: 0, Vainqueur.EGALITE: Fraction(1, 2)}
    assert lois.perdus_par_b.probabilities() == {0: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}
    assert lois.perdus_par_a.probabilities() == {0: Fraction(1)}


def test_les_lois_de_survie_par_consequence() -> None:
    """MH −1, two Survie dice, no Résistance: the PV lost and the successes to share, each on its own (C8)."""
    lois = el_toto.lois_survie(-1, 0, 2, 0)
    assert lois.points_de_vie_perdus.probabilities() == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert lois.reussites_a_partager.probability(1) == Fraction(5, 36)


@pytest.mark.parametrize(
    ("fonction", "scores", "des"),
    [
        pytest.param(des_de_lancer, (2, 3), 5, id=f"{SOURCE}:33 Lancer : Force + Lancer"),
        pytest.param(des_de_lancer, (0, 0), 0, id=f"{SOURCE}:33 Force 0 + Lancer 0"),
        pytest.param(des_de_bagarre, (3, 2), 5, id=f"{SOURCE}:35 Bagarre : Hargne + Agresser"),
        pytest.param(des_de_bagarre, (4, 1), 5, id=f"{SOURCE}:35 Hargne 4 + Agresser 1"),
    ],
)
def test_les_reserves_de_lancer_et_de_bagarre(fonction: object, scores: tuple[int, int], des: int) -> None:
    """The Lancer and Bagarre pools are the sum of their two scores, rolled like any pool (C1)."""
    assert fonction(*scores) == des  # type: ignore[operator]
