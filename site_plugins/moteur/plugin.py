"""Ship the rules engine into the site: Pyodide's runtime files, the rules_py wheel, the worker.

Nothing comes from a CDN: the runtime files are copied from the npm package
``pyodide`` (exact version pinned in package.json) and the wheel is built from
the sources at every build, so the browser runs the rules the tests checked.
"""

from __future__ import annotations

import hashlib
import json
import logging
import tempfile
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

import rules_py
from site_plugins.moteur.roue import construire_roue

__all__ = ["MoteurConfig", "MoteurPlugin"]

log = logging.getLogger("mkdocs.plugins.regles.moteur")

ASSETS = Path(__file__).with_name("assets")
PAQUET = Path(rules_py.__file__).parent
FICHIERS_PYODIDE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


class MoteurConfig(base.Config):
    enabled = c.Type(bool, default=True)
    pyodide = c.Type(str, default="node_modules/pyodide")


class MoteurPlugin(BasePlugin[MoteurConfig]):
    """Add the Pyodide runtime, the wheel, its manifest and the worker scripts to the site."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        dossier = Path(config.config_file_path).parent / self.config.pyodide
        manquants = [nom for nom in FICHIERS_PYODIDE if not (dossier / nom).is_file()]
        if manquants:
            raise PluginError(
                f"regles-moteur : fichiers Pyodide introuvables dans {dossier} ({', '.join(manquants)}) ; "
                "lancez « npm ci » (make serve et make test le font)."
            )
        self.dossier_pyodide = dossier
        config.watch.append(str(PAQUET))
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        for nom in FICHIERS_PYODIDE:
            files.append(
                File.generated(config, f"assets/pyodide/{nom}", abs_src_path=str(self.dossier_pyodide / nom))
            )
        with tempfile.TemporaryDirectory() as temporaire:
            roue = construire_roue(PAQUET, rules_py.__version__, Path(temporaire))
            contenu = roue.read_bytes()
        files.append(File.generated(config, f"assets/moteur/{roue.name}", content=contenu))
        version = json.loads((self.dossier_pyodide / "package.json").read_text(encoding="utf-8"))["version"]
        manifeste = {
            "roue": roue.name,
            "empreinte": hashlib.sha256(contenu).hexdigest()[:16],
            "pyodide": version,
        }
        files.append(
            File.generated(config, "assets/moteur/manifeste.json", content=json.dumps(manifeste, indent=2))
        )
        for source in sorted(ASSETS.iterdir()):
            if source.suffix in {".js", ".mjs"}:
                files.append(File.generated(config, f"assets/regles/{source.name}", abs_src_path=str(source)))
        log.debug("wheel %s (%d bytes), Pyodide %s", roue.name, len(contenu), version)
        return files
