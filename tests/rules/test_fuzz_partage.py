"""Fuzzing every tool's share link in the engine: 500 random states per tool, of the tool's declared
shape and outside it, given to the facade the browser's worker calls: a result or a French message.

The page's guard (size, depth, shape, the tool's own operations) is fuzzed in Node with 500 links per
tool (tests/js/garde.test.js); one Chromium journey shows a hostile link refused in French in its
widget (tests/browser/test_partage.py). The cases are drawn from a fixed seed: the same 500 per tool
at every run.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import random
import re
import sys
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from rules_py.constantes import PROFONDEUR_MAX, profondeur_json
from rules_py.outils.champs import ChampDeclare, valeur_ecrite
from rules_py.web import Moteur
from rules_py.web.outil import OUTILS, Outil

CAS_PAR_OUTIL = 50 if sys.platform == "emscripten" else 500
"""Cases per tool; inside Pyodide (tests/rules/test_pyodide.py, about ten times slower) the first 50."""
GRAINE = 20261201
CONTROLES = "\u202e\u202d\u202a\u2066\u2067\u2068\u2069\u200e\u200f\u061c\x00\x07\x1b\x7f\x85\u009f\ufeff"
LETTRES = "abcdeXYZ éàÀ«»<>&\"'0123456789-+,.;:()[]{}/\\\n\t"
OPERATIONS = sorted({op for outil in OUTILS.values() for op in outil.operations})


def _texte(rng: random.Random) -> str:
    alphabet = LETTRES + CONTROLES
    longueur = rng.choice([0, 1, 3, 8, 12, 40, 300, 5000])
    return "".join(rng.choice(alphabet) for _ in range(longueur))


def _imbrique(rng: random.Random, niveaux: int) -> Any:
    valeur: Any = rng.choice([1, "x", None])
    for _ in range(niveaux):
        valeur = [valeur] if rng.random() < 0.5 else {"a": valeur}
    return valeur


def _json(rng: random.Random, profondeur: int = 0) -> Any:
    """Any JSON value: scalars of every kind (huge, negative, fractional), texts with control and
    reordering characters, containers, and nesting past the guard's limit."""
    genre = rng.randrange(12 if profondeur < 3 else 9)
    if genre == 0:
        return None
    if genre == 1:
        return rng.choice([True, False])
    if genre == 2:
        return rng.randint(-1000, 1000)
    if genre == 3:
        return rng.choice([10**9, -(10**9), 10 ** rng.randint(10, 400), -(10 ** rng.randint(10, 400))])
    if genre == 4:
        return rng.choice([1e300, -1e300, 0.5, -0.0, 1e-300, 3.0, 12.75])
    if genre in (5, 6, 7):
        return _texte(rng)
    if genre == 8:
        return rng.choice(["", " ", "00", "true", "-0", "1e300", "0x10", "١٢"])
    if genre == 9:
        return [_json(rng, profondeur + 1) for _ in range(rng.randint(0, 4))]
    if genre == 10:
        return {_texte(rng)[:8]: _json(rng, profondeur + 1) for _ in range(rng.randint(0, 4))}
    return _imbrique(rng, rng.randint(5, 12))


def _valeur_du_champ(rng: random.Random, champ: ChampDeclare) -> Any:
    """A value for one declared field: mostly of its kind, in and out of its bounds, or any JSON."""
    if rng.random() < 0.3:
        return _json(rng)
    meta = champ.meta
    if champ.forme == "case":
        return rng.choice([True, False, "true", "on", "non", "peut-être"])
    if champ.options:
        return rng.choice([*(cle for cle, _ in champ.options), _texte(rng)])
    if champ.forme == "entier":
        bas = meta.minimum if meta.minimum is not None else -100
        haut = meta.maximum if meta.maximum is not None else bas + 300
        nombre = rng.choice([rng.randint(bas, haut), bas - 1, haut + 1, -(10 ** rng.randint(1, 12)), 10**12])
        # JavaScript's words for numbers only here: a free text may hold them (a name), and is echoed.
        return rng.choice([nombre, str(nombre), f" {nombre} ", f"{nombre}.5", "NaN", "Infinity"])
    if meta.lu:
        return " ".join(str(rng.randint(-2, 120)) for _ in range(rng.randint(0, 12)))
    return _texte(rng)


def _base(outil: Outil[Any]) -> dict[str, Any]:
    """The form's texts of a valid call (defaults, first choices, lower bounds)."""
    base = {}
    for champ in outil.champs:
        if champ.meta.cache:
            continue
        if champ.defaut is not dataclasses.MISSING and champ.defaut is not None:
            base[champ.cle] = valeur_ecrite(champ.defaut)
        elif champ.options:
            base[champ.cle] = champ.options[0][0]
        elif champ.genre is int:
            base[champ.cle] = str(champ.meta.minimum if champ.meta.minimum is not None else 0)
    return base


def _etats(outil: Outil[Any]) -> list[Any]:
    """Real states of the tool's hidden fields (a fight in progress), from the engine itself."""
    etats = []
    moteur = Moteur(1)
    for op in outil.operations:
        reponse = moteur.appeler(op, _base(outil))
        if reponse["ok"] and "etat" in reponse["resultat"]:
            etats.append(reponse["resultat"]["etat"])
    return etats


def _abimer(rng: random.Random, valeur: Any) -> Any:
    """A copy of ``valeur`` with one of its values replaced by random JSON."""
    if isinstance(valeur, dict) and valeur and rng.random() < 0.8:
        cle = rng.choice(list(valeur))
        return {**valeur, cle: _abimer(rng, valeur[cle])}
    if isinstance(valeur, list) and valeur and rng.random() < 0.8:
        rang = rng.randrange(len(valeur))
        return [*valeur[:rang], _abimer(rng, valeur[rang]), *valeur[rang + 1 :]]
    return _json(rng)


def _en_base64(octets: bytes) -> str:
    return base64.urlsafe_b64encode(octets).decode().rstrip("=")


def _lien(ident: str, valeur: Any) -> str:
    return f"#partage={quote(ident)}.{_en_base64(json.dumps(valeur, ensure_ascii=False).encode())}"


def _cas(outil: Outil[Any], ident: str, rng: random.Random) -> Iterator[str]:
    """Endless share links for ``outil``: of its declared shape (its operations, its fields, its real
    states damaged) and outside it (unknown keys, foreign operations, wrong shapes, garbage)."""
    operations = list(outil.operations)
    etats = _etats(outil)
    caches = [c for c in outil.champs if c.meta.cache]
    while True:
        genre = rng.random()
        op = operations[0] if rng.random() < 0.5 else rng.choice(operations)
        args: dict[str, Any] = {}
        for champ in outil.champs:
            if not champ.meta.cache and rng.random() < 0.8:
                args[champ.cle] = _valeur_du_champ(rng, champ)
        for champ in caches:
            if rng.random() < 0.5:
                etat = rng.choice(etats) if etats and champ.cle == "etat" else None
                args[champ.cle] = _abimer(rng, etat) if etat is not None else _valeur_du_champ(rng, champ)
        if genre < 0.6:
            yield _lien(ident, {"op": op, "args": args})
        elif genre < 0.7:
            args.update({_texte(rng)[:10]: _json(rng) for _ in range(rng.randint(1, 4))})
            yield _lien(ident, {"op": op, "args": args, _texte(rng)[:5]: _json(rng)})
        elif genre < 0.75:
            yield _lien(ident, {"op": rng.choice(OPERATIONS), "args": args})
        elif genre < 0.85:
            forme = rng.choice(["args", "op", "tout"])
            if forme == "args":
                yield _lien(ident, {"op": op, "args": rng.choice([[args], None, 12, "args", True])})
            elif forme == "op":
                autre = rng.choice([None, 12, [op], {"op": op}, _texte(rng)])
                yield _lien(ident, {"op": autre, "args": args})
            else:
                yield _lien(ident, _json(rng))
        elif genre < 0.9:
            octets = bytes(rng.randrange(256) for _ in range(rng.randint(0, 60)))
            yield f"#partage={quote(ident)}.{_en_base64(octets)}"
        elif genre < 0.93:
            yield f"#partage={quote(ident)}.{_texte(rng)[:40]}"
        elif genre < 0.95:
            yield rng.choice([f"#partage={quote(ident)}", "#partage=", "#partage=.", "#partage=%E0%A4%A"])
        elif genre < 0.97:
            yield _lien(f"w{rng.randint(1, 99)}-{_texte(rng)[:6]}", {"op": op, "args": args})
        elif genre < 0.99:
            yield _lien(ident, {"op": op, "args": {**args, "x": "y" * rng.randint(6_000, 20_000)}})
        else:
            niveaux = rng.randint(9, 20_000)
            texte = f'{{"op": {json.dumps(op)}, "args": {{"a": {"[" * niveaux}{"]" * niveaux}}}}}'
            yield f"#partage={quote(ident)}.{_en_base64(texte.encode())}"


def cas_de_l_outil(outil: Outil[Any], ident: str) -> list[str]:
    """The ``CAS_PAR_OUTIL`` distinct links of ``outil`` (a fragment set twice fires no event)."""
    rng = random.Random(f"{GRAINE}-{outil.nom}")
    liens: list[str] = []
    for lien in _cas(outil, ident, rng):
        if lien not in liens:
            liens.append(lien)
        if len(liens) == CAS_PAR_OUTIL:
            return liens
    raise AssertionError  # pragma: no cover


ANGLAIS = r"\b(Error|error|undefined|NaN|Traceback|object|Object|null|None|Infinity|function|TypeError)\b"


WIDGETS_PAR_DEFAUT: dict[str, str] = {}


def _etat_du_lien(lien: str) -> Any:
    """The JSON a link holds, as the guard decodes it (None when unreadable)."""
    try:
        contenu = lien.split(".", 1)[1] if "." in lien else ""
        texte = base64.urlsafe_b64decode(contenu + "=" * (-len(contenu) % 4)).decode()
        if profondeur_json(texte) > PROFONDEUR_MAX:  # as the guard: the depth read before the parse
            return None
        return json.loads(texte)
    except (ValueError, IndexError, RecursionError):
        return None


# A failure found by this fuzz in a module outside the share link's path, left to its owner: the d100
# difficulty's reader echoes any JSON value as Python writes it (« [True, None, …] », raw control
# characters included) in rules_py/actions_d100.py.
CONNUS: dict[str, str] = {}


@pytest.mark.parametrize(
    "nom",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=CONNUS[n], strict=True)) if n in CONNUS else n
        for n in sorted(OUTILS)
    ],
)
def test_cinq_cents_liens_au_hasard_dans_la_facade(nom: str) -> None:
    """The same 500 links' states given to the facade the worker calls: a result or a French message."""
    moteur = Moteur(GRAINE)
    for lien in cas_de_l_outil(OUTILS[nom], WIDGETS_PAR_DEFAUT.get(nom, "w1")):
        etat = _etat_du_lien(lien)
        if not (isinstance(etat, dict) and isinstance(etat.get("op"), str)):
            continue
        reponse = json.loads(moteur.appeler_json(etat["op"], json.dumps(etat.get("args"))))
        if reponse["ok"]:
            continue
        message = reponse["erreur"]["message"]
        assert "interne" not in reponse["erreur"] and message.strip(), (lien, message)
        assert not re.search(ANGLAIS, re.sub("\u2068[^\u2069]*\u2069", "", message)), (lien, message)
