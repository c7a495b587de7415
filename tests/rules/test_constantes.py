"""The facts shared by Python and the page's JavaScript, written once (rules_py.constantes)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from rules_py import constantes as k
from rules_py.personnages import lire_document
from rules_py.web.typographie import typographie
from site_plugins.widgets import constantes as generateur

RACINE = Path(__file__).resolve().parents[2]


def test_le_module_des_constantes_de_la_page_est_celui_que_python_ecrit() -> None:
    """The committed constantes.js (read by ESLint, tsc and node --test) is what the build writes."""
    assert generateur.CHEMIN.read_text(encoding="utf-8") == generateur.module_js()


def test_le_module_de_la_page_porte_les_valeurs_de_python() -> None:
    texte = generateur.module_js()
    assert "export const PROFONDEUR_MAX = 8\n" in texte
    assert "export const LIEN_MAX = 8192\n" in texte
    assert "export const TAILLE_MAX_DOCUMENT = 1000000\n" in texte
    assert 'export const PERSONNAGES_SCHEMA = "regles-personnages"\n' in texte
    ligne = re.search(r"export const BIDI = (.*)\n", texte)
    assert ligne and json.loads(ligne.group(1)) == k.BIDI


@pytest.mark.parametrize(
    ("motif", "attendu"),
    [
        (r"(?<![\w.])-(?=\d)", r"(?<![\p{L}\p{N}_.])-(?=\p{Nd})"),
        (r"(?<=[^\s(])x", r"(?<=[^\s(])x"),
    ],
)
def test_un_motif_de_python_devient_le_meme_motif_en_javascript(motif: str, attendu: str) -> None:
    assert generateur.motif_js(motif) == attendu


def test_un_mot_hors_d_une_classe_est_refuse_a_la_traduction() -> None:
    with pytest.raises(ValueError, match="hors d'une classe"):
        generateur.motif_js(r"\w+")


@pytest.mark.parametrize(
    ("valeur", "attendu"),
    [(3, 0), ("[[[", 0), ([], 1), ({"a": [1, {"b": "[[["}]}, 3), ([[[[[[[[[]]]]]]]]], 9)],
)
def test_la_profondeur_compte_les_listes_et_objets_imbriques(valeur: object, attendu: int) -> None:
    assert k.profondeur(valeur) == attendu


def test_la_profondeur_s_arrete_de_compter_passe_la_limite() -> None:
    valeur: object = 1
    # Inside Pyodide a 20,000-deep list overflows WebAssembly's stack when it is freed: 500 deep there.
    for _ in range(500 if sys.platform == "emscripten" else 20_000):
        valeur = [valeur]
    assert k.profondeur(valeur) == k.PROFONDEUR_MAX + 1


@pytest.mark.parametrize(("texte", "attendu"), [('{"a": [1, {"b": "[[["}]}', 3), ('"[{"', 0), ("[" * 50, 50)])
def test_la_profondeur_d_un_texte_json_se_lit_avant_l_analyse(texte: str, attendu: int) -> None:
    assert k.profondeur_json(texte) == attendu


def test_une_seule_limite_de_profondeur_sert_les_fichiers_de_personnages() -> None:
    """A document nested at the limit is read (its own checks say what is wrong); one level more is not."""
    au_plus = '{"schema": "regles-personnages", "version": 1, "personnages": [' + "[" * 6 + "]" * 6 + "]}"
    assert k.profondeur_json(au_plus) == k.PROFONDEUR_MAX
    assert lire_document(au_plus).rejetes
    trop = au_plus.replace("[" * 6, "[" * 7).replace("]" * 6, "]" * 7)
    with pytest.raises(Exception, match="imbriqué trop profondément"):
        lire_document(trop)


def test_la_typographie_de_python_suit_les_regles_partagees() -> None:
    assert typographie("Effacer tous les jets du journal ?") == "Effacer tous les jets du journal\u202f?"
    assert typographie("Supprimer « Ruan » ?") == "Supprimer «\u00a0Ruan\u00a0»\u202f?"


JAVASCRIPT = [
    p
    for p in sorted((RACINE / "site_plugins").rglob("*"))
    if p.suffix in {".js", ".mjs"} and p.name != "constantes.js"
]


# Limits the JavaScript alone knows, that Python never reads: the largest wasm the decoder unpacks,
# the version of the reader's chosen system (a preference of the page only).
PROPRES_AU_JAVASCRIPT = {"decompression.mjs": "TAILLE_MAX", "mon-systeme.js": "VERSION"}


@pytest.mark.parametrize("chemin", JAVASCRIPT, ids=lambda p: p.name)
def test_aucune_limite_ni_liste_de_python_n_est_recopiee_en_javascript(chemin: Path) -> None:
    """No depth or size limit, schema version or list of reordering marks typed again in JavaScript."""
    texte = chemin.read_text(encoding="utf-8")
    noms = {"PROFONDEUR_MAX", "OCTETS_MAX", "LIEN_MAX", "TAILLE_MAX", "VERSION"} - {
        PROPRES_AU_JAVASCRIPT.get(chemin.name)
    }
    assert not re.search(rf"\b({'|'.join(sorted(noms))})\s*=\s*\d", texte)
    assert "1_000_000" not in texte and "8192" not in texte
    assert not re.search(r"\\u202a|\\u061c|\\u2066", texte, re.IGNORECASE)
