"""Build the pure-Python wheel of ``rules_py`` (standard library only: no build backend needed).

A wheel is a zip with the package files and a ``.dist-info`` folder
(METADATA, WHEEL, RECORD). Writing it directly keeps the site build fast,
offline and reproducible (fixed timestamps, sorted entries); Pyodide installs
it with ``pyodide.loadPackage(url)``.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

__all__ = ["construire_roue", "nom_de_roue"]

DATE_FIXE = (2020, 1, 1, 0, 0, 0)


def nom_de_roue(version: str) -> str:
    """The wheel's file name for ``version``.

    >>> nom_de_roue("0.1.0")
    'rules_py-0.1.0-py3-none-any.whl'
    """
    return f"rules_py-{version}-py3-none-any.whl"


def _empreinte(donnees: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(donnees).digest()).rstrip(b"=").decode()


def construire_roue(paquet: Path, version: str, destination: Path) -> Path:
    """Write the wheel of the package folder ``paquet`` into ``destination``; return its path."""
    info = f"rules_py-{version}.dist-info"
    fichiers: list[tuple[str, bytes]] = []
    for chemin in sorted(paquet.rglob("*")):
        if chemin.is_file() and chemin.suffix in {".py", ".typed"} and "__pycache__" not in chemin.parts:
            fichiers.append((f"rules_py/{chemin.relative_to(paquet).as_posix()}", chemin.read_bytes()))
    fichiers.append(
        (
            f"{info}/METADATA",
            f"Metadata-Version: 2.1\nName: rules_py\nVersion: {version}\n"
            "Summary: Règles de quatre jeux de rôle français.\nRequires-Python: >=3.11\n".encode(),
        )
    )
    fichiers.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: regles-moteur\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(f"{nom},{_empreinte(contenu)},{len(contenu)}\n" for nom, contenu in fichiers)
    record += f"{info}/RECORD,,\n"
    fichiers.append((f"{info}/RECORD", record.encode()))
    destination.mkdir(parents=True, exist_ok=True)
    roue = destination / nom_de_roue(version)
    with zipfile.ZipFile(roue, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for nom, contenu in fichiers:
            entree = zipfile.ZipInfo(nom, date_time=DATE_FIXE)
            entree.compress_type = zipfile.ZIP_DEFLATED
            entree.external_attr = 0o644 << 16
            archive.writestr(entree, contenu)
    return roue
