"""The deferred theme on pages with widgets: Material's bundle found and handed to ``theme-differe.js``,
or the build fails loudly (a theme upgrade that renamed it must not turn the deferral off in silence)."""

from __future__ import annotations

import pytest
from mkdocs.exceptions import PluginError

from site_plugins.moteur.plugin import theme_differe


def test_le_script_de_material_est_confie_au_chargeur_differe() -> None:
    """The bundle's tag becomes the deferred loader's, carrying the bundle's address."""
    bundle = "../assets/javascripts/bundle.a5f9.min.js"
    page = theme_differe(f'<script src="{bundle}"></script>', "t.js")
    assert page == f'<script type="module" src="t.js" data-regles-theme="{bundle}"></script>'


def test_sans_le_script_de_material_la_construction_echoue() -> None:
    """No bundle in a page with widgets: a French build error naming what is missing."""
    with pytest.raises(PluginError, match=r"script de Material .* introuvable"):
        theme_differe('<script src="../assets/javascripts/paquet.min.js"></script>', "t.js")
