"""El Toto: an independent reading of the text, written apart from the engine, shared by several test modules.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from rules_py.dice import Distribution
from rules_py.el_toto import Initiative, Repartition, resoudre_initiative

SOURCE = "003_3058520c3dea6ba0.txt"
FACES = range(1, 7)


# -- an independent reading of the text, written apart from the engine -------------


def lecture_jet(faces: tuple[int, ...]) -> tuple[int, bool]:
    """(successes, maladresse) read straight from lines 9-17 of the text."""
    reussites = sum(2 if face == 6 else 1 if face in (4, 5) else 0 for face in faces)
    return reussites, len(faces) > 0 and set(faces) == {1}


def toutes_les_faces(nombre: int):  # type: ignore[no-untyped-def]
    """Every ordered throw of ``nombre`` d6."""
    return product(FACES, repeat=nombre)


def loi_brute(nombre: int) -> Distribution:
    """(successes, maladresse) over all 6**nombre throws."""
    return Distribution(Counter(lecture_jet(faces) for faces in toutes_les_faces(nombre)))


def succes(faces: tuple[int, ...]) -> int:
    """Successes of a throw, by the independent reading."""
    return lecture_jet(faces)[0]


def lecture_dommages(impact_: int, bonus: int, force: int, resistance: int) -> int:
    """Lines 45-49 with RULINGS C4: positive impact, damage formula, resistance, never below 0."""
    if impact_ <= 0:
        return 0
    return max(0, max(0, impact_ + bonus - 2 + force) - resistance)


def fractions(compte: Counter, total: int) -> dict:
    """A Counter of cases turned into exact probabilities."""
    return {issue: Fraction(nombre, total) for issue, nombre in compte.items()}


def echange_brut(a: Repartition, b: Repartition) -> dict:
    """(a touche, b touche) by enumerating every face of every pool, riposte die included."""
    ordre = resoudre_initiative(a.initiative, b.initiative)
    compte: Counter = Counter()
    if ordre is Initiative.SIMULTANEE:
        pools = (a.attaque, b.defense, b.attaque, a.defense)
        for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
            fa, fdb, fb, fda = faces
            compte[(succes(fa) > succes(fdb), succes(fb) > succes(fda))] += 1
        return fractions(compte, 6 ** sum(pools))
    premier, second = (a, b) if ordre is Initiative.A else (b, a)
    pools = (premier.attaque, second.defense, second.attaque, 1, premier.defense)
    for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
        fp, fds, fs, bonus, fdp = faces
        premier_impact = succes(fp) - succes(fds)
        riposte = succes(fs) + (succes(bonus) if premier_impact < 0 else 0)
        touches = (premier_impact > 0, riposte > succes(fdp))
        compte[touches if ordre is Initiative.A else touches[::-1]] += 1
    return fractions(compte, 6 ** sum(pools))


def toutes_les_repartitions(pdc: int) -> list[Repartition]:
    """Every split of ``pdc`` dice."""
    return [Repartition(i, a, pdc - i - a) for i in range(pdc + 1) for a in range(pdc - i + 1)]
