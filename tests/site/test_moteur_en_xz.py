"""Pyodide's wasm in xz beside its gzipped twin: made once per Pyodide version, the decoder required, and
the offline copy's file list giving the two twins as alternatives (never a file twice); the wheel and the
reduced library in xz beside themselves, re-packed stored."""

from __future__ import annotations

import hashlib
import io
import json
import lzma
import re
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from site_plugins.hors_ligne.plugin import HorsLignePlugin, fichiers_a_garder
from site_plugins.moteur.plugin import FICHIERS_PYODIDE, XZWASM, MoteurPlugin


def ecrire(racine: Path, *chemins: str) -> None:
    """Create the files ``chemins`` (relative to ``racine``), each holding its own path."""
    for chemin in chemins:
        fichier = racine / chemin
        fichier.parent.mkdir(parents=True, exist_ok=True)
        fichier.write_text(chemin, encoding="utf-8")


def test_la_copie_hors_ligne_prend_le_wasm_tel_quel_ou_en_xz(tmp_path: Path) -> None:
    """The wasm as it is and its xz twin come as one list of alternatives, the plain file first; the gzipped
    twins of Pyodide's files (the copy gunzips them), source maps, sw.js and foreign search languages are
    left out."""
    ecrire(
        tmp_path,
        "index.html",
        "outils/index.html",
        "sw.js",
        "sitemap.xml.gz",
        "assets/javascripts/bundle.min.js",
        "assets/javascripts/bundle.min.js.map",
        "assets/javascripts/lunr/min/lunr.de.min.js",
        "assets/javascripts/lunr/min/lunr.fr.min.js",
        "assets/pyodide/pyodide.asm.wasm",
        "assets/pyodide/pyodide.asm.wasm.gz",
        "assets/pyodide/pyodide.asm.wasm.xz",
        "assets/pyodide/pyodide.asm.mjs",
        "assets/pyodide/pyodide.asm.mjs.gz",
        "assets/pyodide/python_stdlib.zip",
        "assets/moteur/instantane.bin.gz",
    )
    assert fichiers_a_garder(tmp_path) == [
        "assets/javascripts/bundle.min.js",
        "assets/javascripts/lunr/min/lunr.fr.min.js",
        "assets/moteur/instantane.bin.gz",
        "assets/pyodide/pyodide.asm.mjs",
        ["assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm.xz"],
        "assets/pyodide/python_stdlib.zip",
        "./",
        "outils/",
    ]


def test_un_xz_sans_jumeau_gzip_est_un_fichier_comme_un_autre(tmp_path: Path) -> None:
    """An xz file with no gzipped twin is kept as it is, once."""
    ecrire(tmp_path, "assets/donnees.xz")
    assert fichiers_a_garder(tmp_path) == ["assets/donnees.xz"]


def moteur(racine: Path) -> MoteurPlugin:
    """The engine's plugin configured on ``racine`` (its node_modules made by the test)."""
    plugin = MoteurPlugin()
    assert plugin.load_config({}) == ([], [])
    plugin.on_config(SimpleNamespace(config_file_path=str(racine / "mkdocs.yml"), watch=[]))  # type: ignore[arg-type]
    return plugin


def npm(racine: Path, *, xzwasm: bool = True) -> None:
    """A fake ``npm ci`` in ``racine``: Pyodide's files (and the xz decoder with ``xzwasm``)."""
    ecrire(racine / "node_modules/pyodide", *FICHIERS_PYODIDE)
    (racine / "node_modules/pyodide/package.json").write_text(json.dumps({"version": "314.0.7"}))
    if xzwasm:
        ecrire(racine / "node_modules", XZWASM)


def test_sans_le_decodeur_xz_la_construction_echoue(tmp_path: Path) -> None:
    """Without xzwasm in node_modules, the build fails in French, naming the file and « npm ci »."""
    npm(tmp_path, xzwasm=False)
    attendu = f"fichiers du moteur introuvables ({tmp_path / 'node_modules' / XZWASM}) ; lancez « npm ci »"
    with pytest.raises(PluginError, match=re.escape(attendu)):
        moteur(tmp_path)


def test_le_wasm_en_xz_est_fait_une_fois_par_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The xz wasm decodes to the wasm (CRC32 check, as xz-embedded reads it); the next build takes it
    from the cache without compressing again."""
    npm(tmp_path)
    plugin = moteur(tmp_path)
    xz = plugin._xz("pyodide.asm.wasm")
    assert xz == tmp_path / ".cache/moteur/pyodide.asm.wasm-314.0.7.xz"
    assert lzma.decompress(xz.read_bytes()) == b"pyodide.asm.wasm"
    assert xz.read_bytes()[6:8] == b"\x00\x01"  # stream flags: CRC32
    monkeypatch.setattr(lzma, "compress", lambda *_: pytest.fail("compressé deux fois"))
    assert moteur(tmp_path)._xz("pyodide.asm.wasm") == xz


def test_le_service_worker_connait_le_wasm_son_jumeau_xz_et_leurs_empreintes(tmp_path: Path) -> None:
    """sw.js lists the wasm and its xz twin as one entry of alternatives, with the SHA-256 of each, and
    the wasm as a file to gunzip from its gzipped twin, with its MIME type."""
    ecrire(
        tmp_path,
        "index.html",
        "assets/pyodide/pyodide.asm.wasm",
        "assets/pyodide/pyodide.asm.wasm.gz",
        "assets/pyodide/pyodide.asm.wasm.xz",
    )
    plugin = HorsLignePlugin()
    assert plugin.load_config({}) == ([], [])
    plugin.on_startup(command="build", dirty=False)
    plugin.on_post_build(config=SimpleNamespace(site_dir=str(tmp_path)))  # type: ignore[arg-type]
    sw = (tmp_path / "sw.js").read_text(encoding="utf-8")
    fichiers = [["assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm.xz"], "./"]
    assert f"const FICHIERS = {json.dumps(fichiers)}\n" in sw
    empreintes = {
        chemin: hashlib.sha256(chemin.encode()).hexdigest()
        for chemin in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm.xz")
    }
    assert f"const EMPREINTES = {json.dumps(empreintes)}\n" in sw
    assert 'const DEGZIPPES = {"assets/pyodide/pyodide.asm.wasm": "application/wasm"}\n' in sw


def test_la_copie_hors_ligne_prend_la_roue_et_la_bibliotheque_telles_quelles_ou_en_xz(tmp_path: Path) -> None:
    """The wheel and the reduced library come each with its xz twin as one list of alternatives, the archive
    first; the wasm's stay as they were."""
    ecrire(
        tmp_path,
        "assets/moteur/bibliotheque.zip",
        "assets/moteur/bibliotheque.zip.xz",
        "assets/moteur/instantane.bin.gz",
        "assets/moteur/manifeste.json",
        "assets/moteur/rules_py-2.1.0-py3-none-any.whl",
        "assets/moteur/rules_py-2.1.0-py3-none-any.whl.xz",
        "assets/pyodide/pyodide.asm.wasm",
        "assets/pyodide/pyodide.asm.wasm.gz",
        "assets/pyodide/pyodide.asm.wasm.xz",
    )
    assert fichiers_a_garder(tmp_path) == [
        ["assets/moteur/bibliotheque.zip", "assets/moteur/bibliotheque.zip.xz"],
        "assets/moteur/instantane.bin.gz",
        "assets/moteur/manifeste.json",
        ["assets/moteur/rules_py-2.1.0-py3-none-any.whl", "assets/moteur/rules_py-2.1.0-py3-none-any.whl.xz"],
        ["assets/pyodide/pyodide.asm.wasm", "assets/pyodide/pyodide.asm.wasm.xz"],
    ]


def archive(membres: dict[str, bytes]) -> bytes:
    """A deflated zip archive holding ``membres`` in this order."""
    tampon = io.BytesIO()
    with zipfile.ZipFile(tampon, "w", zipfile.ZIP_DEFLATED) as fichier:
        for nom, donnees in membres.items():
            membre = zipfile.ZipInfo(nom, date_time=(2024, 5, 6, 7, 8, 10))
            fichier.writestr(membre, donnees, zipfile.ZIP_DEFLATED)
    return tampon.getvalue()


def test_une_archive_en_xz_est_la_meme_archive_stockee(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The xz of an archive decodes (CRC32 check) to a stored zip of the same members, in the same order,
    with the same bytes and dates; it is cached by the archive's content: made once, a new archive makes
    a new one."""
    npm(tmp_path)
    plugin = moteur(tmp_path)
    membres = {"rules_py/__init__.pyc": b"\x00" * 3000 + b"fin", "rules_py-2.1.0.dist-info/RECORD": b"a,b\n"}
    contenu = archive(membres)
    xz = plugin._archive_xz(contenu)
    assert xz == tmp_path / f".cache/moteur/archive-{hashlib.sha256(contenu).hexdigest()[:16]}.xz"
    assert xz.read_bytes()[6:8] == b"\x00\x01"  # stream flags: CRC32
    with zipfile.ZipFile(io.BytesIO(lzma.decompress(xz.read_bytes()))) as stockee:
        assert [membre.filename for membre in stockee.infolist()] == list(membres)
        assert [membre.compress_type for membre in stockee.infolist()] == [zipfile.ZIP_STORED] * 2
        assert [membre.date_time for membre in stockee.infolist()] == [(2024, 5, 6, 7, 8, 10)] * 2
        assert {nom: stockee.read(nom) for nom in stockee.namelist()} == membres
    monkeypatch.setattr(lzma, "compress", lambda *_: pytest.fail("compressé deux fois"))
    assert moteur(tmp_path)._archive_xz(contenu) == xz
    monkeypatch.undo()
    autre = moteur(tmp_path)._archive_xz(archive({"a.py": b"x = 1\n"}))
    assert autre != xz
    assert sorted(chemin.name for chemin in (tmp_path / ".cache/moteur").glob("archive-*.xz")) == sorted(
        [xz.name, autre.name]
    )
