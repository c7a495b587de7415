"""What every plugin that ships browser modules does alike: the page's scripts declared as modules, its
styles, and its files copied into the one folder the site serves them from (``assets/regles/``, where a
module imports its neighbours as ``./x.js`` whichever plugin ships them: see tsconfig.json)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

DESTINATION = "assets/regles"
"""Where every plugin's browser modules and styles are served from."""

FICHIERS_DU_NAVIGATEUR = frozenset({".js", ".mjs", ".css"})


def declarer(config: MkDocsConfig, scripts: Iterable[str] = (), styles: Iterable[str] = ()) -> None:
    """Every page loads ``scripts`` (names in :data:`DESTINATION`) as modules, and ``styles``."""
    for nom in scripts:
        script = c.ExtraScriptValue(f"{DESTINATION}/{nom}")
        script.type = "module"
        config.extra_javascript.append(script)
    config.extra_css.extend(f"{DESTINATION}/{nom}" for nom in styles)


def expedier(files: Files, config: MkDocsConfig, dossier: Path, sauf: Iterable[str] = ()) -> Files:
    """``files`` with the browser's files of ``dossier`` (scripts and styles, but ``sauf``) in
    :data:`DESTINATION`, in the order of their names."""
    exclus = set(sauf)
    for source in sorted(dossier.iterdir()):
        if source.suffix in FICHIERS_DU_NAVIGATEUR and source.name not in exclus:
            files.append(File.generated(config, f"{DESTINATION}/{source.name}", abs_src_path=str(source)))
    return files
