"""Fair dice in the browser: 6 000 d6 and 10 000 d100 rolled through the widget pass a chi-square test.

The seed comes from the browser's cryptographic source, so the test is random by
design; its threshold is the chi-square quantile at 1 - 1e-4 (a fair die fails
once in ten thousand runs), by the Wilson–Hilferty approximation.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from playwright.sync_api import Page

from tests.browser.widgets import aller, soumettre, widget

pytestmark = pytest.mark.browser

Z_1E_4 = 3.719  # standard normal quantile at 1 - 1e-4
TERMES = 10  # terms of a hundred dice in one roll: a thousand dice per answer of the widget


def seuil_du_khi_deux(degres: int, z: float = Z_1E_4) -> float:
    """Wilson–Hilferty: the chi-square quantile for ``degres`` degrees of freedom at the normal quantile z."""
    return degres * (1 - 2 / (9 * degres) + z * math.sqrt(2 / (9 * degres))) ** 3


def khi_deux(comptes: Counter[int], faces: int) -> float:
    total = sum(comptes.values())
    attendu = total / faces
    return sum((comptes[face] - attendu) ** 2 / attendu for face in range(1, faces + 1))


def lancer(page: Page, expression: str, fois: int) -> Counter[int]:
    racine = widget(page, "jet-de-des")
    comptes: Counter[int] = Counter()
    for _ in range(fois):
        comptes.update(soumettre(racine, {"expression": expression, "des": ""})["des"])
    return comptes


@pytest.mark.parametrize(("terme", "fois", "faces"), [("100d6", 6, 6), ("100d100", 10, 100)])
def test_les_des_passent_un_test_du_khi_deux(site_page: Page, terme: str, fois: int, faces: int) -> None:
    """Each face comes up as often as a fair die allows: 6 000 d6 and 10 000 d100, ten terms of a hundred
    dice per roll (« 100d6+100d6+… », within the 200 characters of an expression)."""
    aller(site_page, "outils/")
    comptes = lancer(site_page, "+".join([terme] * TERMES), fois)
    assert sum(comptes.values()) == fois * TERMES * 100 and set(comptes) == set(range(1, faces + 1))
    assert khi_deux(comptes, faces) < seuil_du_khi_deux(faces - 1)


def test_la_formule_du_seuil() -> None:
    """The approximation is within 3 % of the tabulated quantiles (5 and 99 degrees of freedom)."""
    assert seuil_du_khi_deux(5) == pytest.approx(25.745, rel=0.03)
    assert seuil_du_khi_deux(99) == pytest.approx(160.06, rel=0.03)
