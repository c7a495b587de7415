"""Ship the rules engine into the site: Pyodide's runtime, the rules_py wheel, a memory snapshot.

Nothing comes from a CDN: the runtime files are copied from the npm package
``pyodide`` (exact version pinned in package.json) and the wheel is built from
the sources at every build, so the browser runs the rules the tests checked.
A memory snapshot with rules_py imported is made by Node at build time
(cached by wheel and Pyodide version), without its zero pages, and served
gzipped, with the reduced standard library it was made over (what a start
imports; the worker fetches the whole library at the first missing import);
the worker restores it when the link is fast enough for it to pay, and falls
back to a plain load when it is missing, corrupt or of another version. The same
Node step compiles the reduced library and the wheel to bytecode (``.pyc`` only), so
that a plain start does not compile Python sources (without Node: the plain wheel).
Pyodide's wasm and JavaScript are also served gzipped (``.gz`` beside the
plain files), for the worker to gunzip while they stream in; the wasm also in xz
(``.xz``, a quarter fewer bytes than gzip, decoded by ``xzwasm`` from the npm
package of that name), which the worker takes on a slow link, where the bytes saved
outweigh the slower decoding; so do the wheel and the reduced library on a plain start
(``.xz`` beside each: the archive re-packed stored, then in xz, a third of its deflated size).

A page with widgets starts the engine's worker from the top of its ``<head>``,
once the text has painted (the theme's script waits for the reader: ``regles-theme``).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import logging
import lzma
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

import rules_py
from site_plugins.modules import expedier
from site_plugins.moteur.roue import construire_roue

__all__ = ["MoteurConfig", "MoteurPlugin"]

log = logging.getLogger("mkdocs.plugins.regles.moteur")

ASSETS = Path(__file__).with_name("assets")
SCRIPT_INSTANTANE = Path(__file__).with_name("instantane.mjs")
PAQUET = Path(rules_py.__file__).parent
FICHIERS_PYODIDE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Served gzipped beside the plain file, gunzipped by the worker as they stream in.
COMPRESSES = ("pyodide.asm.wasm", "pyodide.asm.mjs")
# Also served in xz, for slow links (the worker's choice, see en_ligne/demarrage-precoce.js).
EN_XZ = ("pyodide.asm.wasm",)
# The xz decoder (xz-embedded compiled to wasm, inlined), copied beside the worker's scripts.
XZWASM = "xzwasm/dist/package/xzwasm.min.js"
NOM_INSTANTANE = "instantane.bin.gz"
NOM_BIBLIOTHEQUE = "bibliotheque.zip"
FORMAT_INSTANTANE = "creux3-pyc-sans-lignes"  # part of the cache key: a new format remakes the snapshot


# The engine's early start (its comments say how and why), inline first in <head>: its code without its
# indentation and its whole-line comments (the page carries only what runs), the worker's address written
# in place of __TRAVAILLEUR__.
_PRECOCE = (Path(__file__).with_name("en_ligne") / "demarrage-precoce.js").read_text(encoding="utf-8")
DEMARRAGE_PRECOCE = "\n".join(
    ligne.strip()
    for ligne in _PRECOCE.splitlines()
    if not ligne.strip().startswith("//") and not re.fullmatch(r"\s*/\*\*.*\*/\s*", ligne)
)
TETE = re.compile(r"<head[^>]*>", re.I)


def demarrage_precoce(html: str, url_du_travailleur: str) -> str:
    """``html`` with a tiny script first in ``<head>`` starting the engine's worker after the first paint
    (adopted by moteur.js).

    >>> page = demarrage_precoce("<head></head>", "../assets/regles/travailleur.mjs")
    >>> page.startswith('<head><script>') and 'new Worker("../assets/regles/travailleur.mjs"' in page
    True
    """
    code = DEMARRAGE_PRECOCE.replace("__TRAVAILLEUR__", json.dumps(url_du_travailleur))
    script = f"<script>{code}</script>"
    return TETE.sub(lambda tete: tete.group(0) + script, html, count=1)


def bibliotheque_de(instantane: Path) -> Path:
    """The reduced standard library made with the snapshot ``instantane`` (beside it in the cache)."""
    return instantane.with_name(instantane.name.removesuffix(".bin.gz") + ".zip")


def roue_compilee_de(instantane: Path) -> Path:
    """The wheel compiled to bytecode with the snapshot ``instantane`` (beside it in the cache)."""
    return instantane.with_name(instantane.name.removesuffix(".bin.gz") + ".whl")


def taille_instantane(chemin: Path) -> int:
    """The memory size a sparse snapshot restores (the first integer of its gunzipped header).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as dossier:
    ...     fichier = Path(dossier) / "instantane.bin.gz"
    ...     _ = fichier.write_bytes(gzip.compress((70_000).to_bytes(4, "little") + bytes(4)))
    ...     taille_instantane(fichier)
    70000
    """
    with gzip.open(chemin, "rb") as fichier:
        return int.from_bytes(fichier.read(4), "little")


class MoteurConfig(base.Config):
    enabled = c.Type(bool, default=True)
    pyodide = c.Type(str, default="node_modules/pyodide")
    instantane = c.Type(bool, default=True)
    cache = c.Type(str, default=".cache/moteur")


class MoteurPlugin(BasePlugin[MoteurConfig]):
    """Add the Pyodide runtime, the wheel, the snapshot, their manifest and the worker to the site."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        racine = Path(config.config_file_path).parent
        dossier = racine / self.config.pyodide
        self.xzwasm = dossier.parent / XZWASM
        requis = [*(dossier / nom for nom in FICHIERS_PYODIDE), self.xzwasm]
        manquants = [str(chemin) for chemin in requis if not chemin.is_file()]
        if manquants:
            raise PluginError(
                f"regles-moteur : fichiers du moteur introuvables ({', '.join(manquants)}) ; "
                "lancez « npm ci » (make serve et make test le font)."
            )
        self.dossier_pyodide = dossier
        self.cache = racine / self.config.cache
        self.version_pyodide = json.loads((dossier / "package.json").read_text(encoding="utf-8"))["version"]
        config.watch.append(str(PAQUET))
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        for nom in FICHIERS_PYODIDE:
            files.append(
                File.generated(config, f"assets/pyodide/{nom}", abs_src_path=str(self.dossier_pyodide / nom))
            )
        for nom in COMPRESSES:
            files.append(
                File.generated(config, f"assets/pyodide/{nom}.gz", abs_src_path=str(self._gzip(nom)))
            )
        for nom in EN_XZ:
            files.append(File.generated(config, f"assets/pyodide/{nom}.xz", abs_src_path=str(self._xz(nom))))
        files.append(File.generated(config, "assets/regles/xzwasm.js", abs_src_path=str(self.xzwasm)))
        with tempfile.TemporaryDirectory() as temporaire:
            roue = construire_roue(PAQUET, rules_py.__version__, Path(temporaire))
            contenu = roue.read_bytes()
            empreinte = hashlib.sha256(contenu).hexdigest()[:16]
            instantane = self._instantane(roue, empreinte) if self.config.instantane else None
        if instantane is not None:
            contenu = roue_compilee_de(instantane).read_bytes()
        files.append(File.generated(config, f"assets/moteur/{roue.name}", content=contenu))
        archives = [self._archive_xz(contenu)]
        files.append(File.generated(config, f"assets/moteur/{roue.name}.xz", abs_src_path=str(archives[0])))
        manifeste: dict[str, object] = {
            "roue": roue.name,
            "empreinte": empreinte,
            "pyodide": self.version_pyodide,
            "verrou": self._verrou(),
        }
        if instantane is not None:
            files.append(
                File.generated(config, f"assets/moteur/{NOM_INSTANTANE}", abs_src_path=str(instantane))
            )
            files.append(
                File.generated(
                    config, f"assets/moteur/{NOM_BIBLIOTHEQUE}", abs_src_path=str(bibliotheque_de(instantane))
                )
            )
            archives.append(self._archive_xz(bibliotheque_de(instantane).read_bytes()))
            files.append(
                File.generated(config, f"assets/moteur/{NOM_BIBLIOTHEQUE}.xz", abs_src_path=str(archives[-1]))
            )
            manifeste["bibliotheque"] = NOM_BIBLIOTHEQUE
            manifeste["instantane"] = {
                "fichier": NOM_INSTANTANE,
                "pyodide": self.version_pyodide,
                "roue": empreinte,
                "octets": instantane.stat().st_size,
                "taille": taille_instantane(instantane),
            }
        for ancienne in set(self.cache.glob("archive-*.xz")) - set(archives):
            ancienne.unlink()
        files.append(
            File.generated(config, "assets/moteur/manifeste.json", content=json.dumps(manifeste, indent=2))
        )
        return expedier(files, config, ASSETS)

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """On a page with widgets, start the worker from ``<head>``, after the first paint."""
        if not self.config.enabled or 'data-widget="' not in output:
            return output
        return demarrage_precoce(output, get_relative_url("assets/regles/travailleur.mjs", page.url))

    def _verrou(self) -> dict[str, object]:
        """Pyodide's lock file cut to its header: the engine loads no package by name."""
        verrou = json.loads((self.dossier_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
        return {"info": verrou["info"], "packages": {}}

    def _gzip(self, nom: str) -> Path:
        """Pyodide's file ``nom`` gzipped (level 9), from the cache or made once per Pyodide version."""
        cible = self.cache / f"{nom}-{self.version_pyodide}.gz"
        if not cible.is_file():
            self.cache.mkdir(parents=True, exist_ok=True)
            temporaire = cible.with_suffix(".tmp")
            temporaire.write_bytes(gzip.compress((self.dossier_pyodide / nom).read_bytes(), 9, mtime=0))
            temporaire.replace(cible)
        return cible

    def _xz(self, nom: str) -> Path:
        """Pyodide's file ``nom`` in xz (preset 9 extreme, CRC32 as xz-embedded checks it), from the cache
        or made once per Pyodide version (about 8 s for the wasm)."""
        cible = self.cache / f"{nom}-{self.version_pyodide}.xz"
        if not cible.is_file():
            self.cache.mkdir(parents=True, exist_ok=True)
            temporaire = cible.with_suffix(".tmp")
            donnees = (self.dossier_pyodide / nom).read_bytes()
            preset = 9 | lzma.PRESET_EXTREME
            temporaire.write_bytes(lzma.compress(donnees, lzma.FORMAT_XZ, lzma.CHECK_CRC32, preset))
            temporaire.replace(cible)
        return cible

    def _archive_xz(self, contenu: bytes) -> Path:
        """The zip archive ``contenu`` re-packed stored (same members, order and bytes), then in xz as
        ``_xz`` does, from the cache (keyed by the archive's SHA-256) or made once."""
        cible = self.cache / f"archive-{hashlib.sha256(contenu).hexdigest()[:16]}.xz"
        if not cible.is_file():
            self.cache.mkdir(parents=True, exist_ok=True)
            stockee = io.BytesIO()
            with zipfile.ZipFile(io.BytesIO(contenu)) as source, zipfile.ZipFile(stockee, "w") as copie:
                for membre in source.infolist():
                    donnees = source.read(membre)
                    membre.compress_type = zipfile.ZIP_STORED
                    copie.writestr(membre, donnees)
            temporaire = cible.with_suffix(".tmp")
            xz = lzma.compress(stockee.getvalue(), lzma.FORMAT_XZ, lzma.CHECK_CRC32, 9 | lzma.PRESET_EXTREME)
            temporaire.write_bytes(xz)
            temporaire.replace(cible)
        return cible

    def _instantane(self, roue: Path, empreinte: str) -> Path | None:
        """The gzipped snapshot for this wheel and Pyodide version, from the cache or made by Node,
        with the reduced standard library beside it (see ``bibliotheque_de``)."""
        cible = self.cache / f"instantane-{FORMAT_INSTANTANE}-{self.version_pyodide}-{empreinte}.bin.gz"
        if cible.is_file() and bibliotheque_de(cible).is_file() and roue_compilee_de(cible).is_file():
            return cible
        node = shutil.which("node")
        if node is None:
            log.warning("regles-moteur : Node est introuvable, le site sera servi sans instantané mémoire.")
            return None
        self.cache.mkdir(parents=True, exist_ok=True)
        for ancien in [
            *self.cache.glob("instantane-*.bin.gz"),
            *self.cache.glob("instantane-*.zip"),
            *self.cache.glob("instantane-*.whl"),
        ]:
            ancien.unlink()
        temporaire = cible.with_suffix(".tmp")
        reduite = bibliotheque_de(cible).with_suffix(".tmp.zip")
        compilee = roue_compilee_de(cible).with_suffix(".tmp.whl")
        try:
            resultat = subprocess.run(
                [node, str(SCRIPT_INSTANTANE), str(roue), str(temporaire), str(reduite), str(compilee)],
                cwd=SCRIPT_INSTANTANE.parent,
                capture_output=True,
                text=True,
                timeout=600,
                check=False,
            )
        except subprocess.TimeoutExpired:
            log.warning("regles-moteur : l'instantané mémoire a dépassé 600 s ; site servi sans instantané.")
            return None
        if resultat.returncode or not all(chemin.is_file() for chemin in (temporaire, reduite, compilee)):
            erreur = (resultat.stderr.strip().splitlines() or ["?"])[-1][:300]
            log.warning(
                "regles-moteur : échec de l'instantané mémoire (%s) ; site servi sans instantané.", erreur
            )
            return None
        reduite.replace(bibliotheque_de(cible))
        compilee.replace(roue_compilee_de(cible))
        temporaire.replace(cible)
        log.info("regles-moteur : instantané mémoire construit (%s).", resultat.stdout.strip())
        return cible
