"""Run inside Pyodide by ``instantane.mjs``, at build time, once ``rules_py``'s wheel is installed there:
the reduced standard library (what a plain start of the engine imports, as bytecode, and the finder
``_regles_bibliotheque.py`` as source) and the wheel with ``rules_py`` as bytecode.

``instantane.mjs`` writes its inputs into Pyodide's file system first (``/tmp/_regles_bibliotheque.py``,
``/tmp/roue.whl``) and reads its outputs there (``/tmp/reduite.zip``, ``/tmp/roue-compilee.whl``, and
``fichiers``, the standard library's modules kept). Imported elsewhere (the suite's doctest collection),
it only defines its functions. (No ``from __future__`` import: every module this script imports before
it reads ``sys.modules`` would join the reduced library.)
"""

import base64
import hashlib
import importlib.util
import random
import sys
import sysconfig
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
from types import CodeType


def sans_lignes(code: CodeType) -> CodeType:
    """``code`` and the code objects it holds without their line tables."""
    constantes = tuple(sans_lignes(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=b"", co_consts=constantes)


def bytecode(source: bytes, nom: str, niveau: int, *, lignes: bool = True) -> bytes:
    """Python ``source`` → the bytes of a sourceless .pyc (unchecked hash: never compared with a source).

    >>> bytecode(b"x = 1", "x.py", 2)[:4] == importlib.util.MAGIC_NUMBER
    True
    """
    code = compile(source, nom, "exec", dont_inherit=True, optimize=niveau)
    if not lignes:
        code = sans_lignes(code)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def bibliotheque_reduite() -> set[str]:
    """Write ``/tmp/reduite.zip``: the standard library's modules the engine imported (every tool, and
    a first call), as bytecode without line tables, and the finder; returns their paths in the zip."""
    import rules_py.web

    rules_py.web.importer()  # every tool: what a repeat visit needs at once
    rules_py.web.Moteur.depuis_entropie("00")
    source = "/lib/python{}{}.zip".format(*sys.version_info[:2])
    fichiers = {
        module.__file__[len(source) + 1 :]
        for module in list(sys.modules.values())
        if (getattr(module, "__file__", None) or "").startswith(source + "/")
    }
    with zipfile.ZipFile(source) as complete:
        modules = sorted(
            nom[:-3].removesuffix("/__init__").replace("/", ".")
            for nom in complete.namelist()
            if nom.endswith(".py")
        )
        with open("/tmp/_regles_bibliotheque.py", encoding="utf-8") as fichier:
            chercheur = fichier.read().replace("frozenset()  # __MODULES__", f"frozenset({modules!r})")
        with zipfile.ZipFile("/tmp/reduite.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as reduite:
            for info in complete.infolist():
                if info.filename in fichiers:
                    donnees = bytecode(
                        complete.read(info.filename), source + "/" + info.filename, 2, lignes=False
                    )
                    info.filename += "c"
                    reduite.writestr(info, donnees)
            reduite.writestr("_regles_bibliotheque.py", chercheur)
    return fichiers


def roue_compilee() -> None:
    """Write ``/tmp/roue-compilee.whl``: ``/tmp/roue.whl`` with each module as bytecode, its RECORD
    made again."""
    purelib = sysconfig.get_path("purelib")
    with zipfile.ZipFile("/tmp/roue.whl") as entree, zipfile.ZipFile("/tmp/roue-compilee.whl", "w") as sortie:
        record, lignes = None, []
        for info in entree.infolist():
            donnees = entree.read(info.filename)
            if info.filename.endswith(".dist-info/RECORD"):
                record = info
                continue
            if info.filename.endswith(".py"):
                donnees = bytecode(donnees, purelib + "/" + info.filename, 0)
                info.filename += "c"
            sortie.writestr(info, donnees)
            empreinte = base64.urlsafe_b64encode(hashlib.sha256(donnees).digest()).rstrip(b"=").decode()
            lignes.append(f"{info.filename},sha256={empreinte},{len(donnees)}\n")
        assert record is not None, "la roue n’a pas de RECORD"
        sortie.writestr(record, "".join(lignes) + record.filename + ",,\n")


if __name__ == "__main__":
    random.seed("0")
    sysconfig.get_path("purelib")
    fichiers = bibliotheque_reduite()
    roue_compilee()
