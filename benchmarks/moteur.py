"""The rules engine in CPython: the figures of issue 2 (target: each under 50 ms).

    .venv/bin/python -m benchmarks.moteur

Prints the median and the worst of several runs for: the exact distribution
of the largest expressions the limits allow, of the slowest of about 90
allowed expressions (regular families and a seeded random draw, each parsed
and timed first: :func:`candidats`), and of a stress case beyond the
notation's limits; an El Toto pool of 40 dice, the exact outcome
probabilities of a d100 test in each d100 system, and one heroic-combat
round of 6 combatants played action by action.
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

from benchmarks.historique import enregistrer
from rules_py import actions_d100, basic_kar, basic_maison, el_toto
from rules_py import combat_heroique as ch
from rules_py.dice import MAX_DES_DISTRIBUTION, MAX_TOTAUX, distribution, parse, sum_of_dice
from rules_py.dice.notation import MAX_DES_PAR_TERME, MAX_FACES, MAX_TERMES
from rules_py.errors import RulesError

REPETITIONS = 15
CIBLE_MS = 50.0


def mesurer(fonction: Callable[[], object]) -> tuple[float, float, float, float]:
    """Median and worst time of ``fonction`` in milliseconds, and the median and worst of the processor
    time it took (what other programs running at the same time add less to)."""
    durees, processeur = [], []
    for _ in range(REPETITIONS):
        debut, debut_processeur = time.perf_counter(), time.process_time()
        fonction()
        durees.append((time.perf_counter() - debut) * 1000)
        processeur.append((time.process_time() - debut_processeur) * 1000)
    return statistics.median(durees), max(durees), statistics.median(processeur), max(processeur)


def round_de_six() -> ch.EtatDeCombat:
    """Six combatants (3 against 3) play a whole round: each attacks whenever it can, else waits."""
    participants = [
        {
            "nom": f"{camp}{i}",
            "camp": camp,
            "intelligence": 10 + i,
            "dexterite": 12 + i,
            "fv": 2 + i % 3,
            "longueur": ("courte", "moyenne", "longue")[i % 3],
            "resultat": "reussite",
            "choix": "init",
            "d6": 3,
        }
        for camp in ("A", "B")
        for i in range(3)
    ]
    etat = ch.creer_combat(participants)
    while etat.passe > 0:
        for nom in ch.combattants_a_cette_passe(etat):
            possibles = {a.action: a for a in ch.actions_possibles(etat, nom) if a.possible}
            adverse = next(c.nom for c in etat.combattants if c.nom[0] != nom[0])
            if "attaque_normale" in possibles:
                etat = ch.agir(etat, nom, "attaque_normale", cible=adverse)
            elif "attaque_rapide" in possibles:
                etat = ch.agir(etat, nom, "attaque_rapide", cible=adverse)
            elif "attente" in possibles:
                etat = ch.agir(etat, nom, "attente")
        etat = ch.passe_suivante(etat)
    return etat


def entrees_hostiles() -> list[str]:
    """200-character inputs meant to slow a parser down, and random ones (fixed seed)."""
    tirage = random.Random(20261129)
    alphabet = "0123456789dD%+-−  x*()/.,éà\n\t"
    hasard = ["".join(tirage.choice(alphabet) for _ in range(200)) for _ in range(2000)]
    return [
        "9" * 200,
        "1d" * 100,
        "+" * 200,
        "1d6" + " " * 197,
        ("1d1000+" * 29)[:200],
        ("100d1000+" * 23)[:200],
        "d" * 200,
        *hasard,
    ]


def analyser_tout(entrees: list[str]) -> None:
    for entree in entrees:
        with contextlib.suppress(RulesError):
            parse(entree)


def pire_analyse(entrees: list[str]) -> float:
    """The slowest single parse among ``entrees``, in milliseconds (best of 3 for each)."""
    pire = 0.0
    for entree in entrees:
        meilleur = min(mesurer_une(lambda e=entree: analyser_tout([e])) for _ in range(3))
        pire = max(pire, meilleur)
    return pire


def mesurer_une(fonction: Callable[[], object]) -> float:
    debut = time.perf_counter()
    fonction()
    return (time.perf_counter() - debut) * 1000


# 198 dice of 85 sorts, 9 954 totals: the costliest case a search found for the last version of the engine.
# Not an expression a reader can write (85 terms and about 400 characters, beyond MAX_TERMES and
# MAX_CARACTERES): measured through ``sum_of_dice``, as a stress case beyond the notation's limits.
PIRE_CAS_TROUVE = [50] * 30 + [faces for faces in range(10, 94) for _ in range(2)]


def candidats(graine: int = 20261201, au_hasard: int = 40) -> list[str]:
    """Dice expressions within every limit, meant to cost the engine most: as many dice and totals as allowed.

    Regular families (1 to 20 sorts of dice, the same number of each, faces consecutive or spread out;
    one large group beside many small ones), then ``au_hasard`` expressions drawn with a fixed seed. Only
    those that parse and whose exact distribution is allowed are kept.
    """
    textes: list[str] = []
    for sortes in (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20):
        nombre = min(MAX_DES_PAR_TERME, MAX_DES_DISTRIBUTION // sortes)
        for ecart in (1, 2, 5):
            faces = _faces_les_plus_grandes([nombre] * sortes, ecart)
            if faces:
                textes.append("+".join(f"{nombre}d{f}" for f in faces))
    for gros in (20, 50, 100):
        for sortes in (4, 10, 19):
            petits = (MAX_DES_DISTRIBUTION - gros) // sortes
            nombres = [gros] + [petits] * sortes
            faces = _faces_les_plus_grandes(nombres, 1)
            if faces:
                textes.append("+".join(f"{n}d{f}" for n, f in zip(nombres, faces, strict=True)))
    tirage = random.Random(graine)
    for _ in range(au_hasard):
        sortes = tirage.randint(1, MAX_TERMES)
        des = tirage.choice([MAX_DES_DISTRIBUTION, tirage.randint(sortes, MAX_DES_DISTRIBUTION)])
        coupes = sorted(tirage.sample(range(1, des), sortes - 1)) if sortes > 1 else []
        nombres = [b - a for a, b in zip([0, *coupes], [*coupes, des], strict=True)]
        poids = [tirage.randint(1, 1000) for _ in nombres]
        echelle = (MAX_TOTAUX - 1) / sum(n * p for n, p in zip(nombres, poids, strict=True))
        faces = [min(MAX_FACES, max(2, int(p * echelle) + 1)) for p in poids]
        textes.append("+".join(f"{n}d{f}" for n, f in zip(nombres, faces, strict=True)))
    permises = []
    for texte in textes:
        with contextlib.suppress(RulesError):
            expression = parse(texte)
            des = sum(d.count for _, d in expression.dice)
            totaux = sum(d.count * (d.sides - 1) for _, d in expression.dice) + 1
            if des <= MAX_DES_DISTRIBUTION and totaux <= MAX_TOTAUX and texte not in permises:
                permises.append(texte)
    return permises


def _faces_les_plus_grandes(nombres: list[int], ecart: int) -> list[int] | None:
    """The largest faces ``f, f+ecart, f+2·ecart…`` (one per group of ``nombres`` dice) within MAX_TOTAUX."""
    meilleures = None
    premiere = 2
    while True:
        faces = [premiere + i * ecart for i in range(len(nombres))]
        totaux = sum(n * (f - 1) for n, f in zip(nombres, faces, strict=True)) + 1
        if totaux > MAX_TOTAUX or faces[-1] > MAX_FACES:
            return meilleures
        meilleures = faces
        premiere += 1


def pire_expression(textes: list[str]) -> tuple[str, float]:
    """The expression among ``textes`` whose exact distribution is slowest (best of 3 each), and that time."""
    temps = {
        texte: min(mesurer_une(lambda t=texte: distribution(parse(t))) for _ in range(3)) for texte in textes
    }
    pire = max(temps, key=temps.__getitem__)
    return pire, temps[pire]


MESURES: list[tuple[str, Callable[[], object]]] = [
    (
        "distribution de 100d100 (9 901 totaux, la plus grande permise)",
        lambda: distribution(parse("100d100")),
    ),
    ("distribution de 10d1000 (9 991 totaux)", lambda: distribution(parse("10d1000"))),
    ("distribution de 100d2+99d100 (199 dés de deux sortes)", lambda: distribution(parse("100d2+99d100"))),
    (
        "distribution de 30d50 et 2 dés de chaque sorte, du d10 au d93 (85 termes : hors notation)",
        lambda: sum_of_dice(PIRE_CAS_TROUVE),
    ),
    ("El Toto : réserve de 40 dés (réussites)", lambda: el_toto.distribution_reussites(40)),
    ("El Toto : réserve de 40 dés (réussites et maladresse)", lambda: el_toto.distribution_jet(40)),
    (
        "El Toto : meilleure répartition de 40 PdC (contre 3/10/8)",
        lambda: el_toto.meilleure_repartition(40, el_toto.Repartition(3, 10, 8), "toucher_sans_etre_touche"),
    ),
    ("Basic maison : probabilités d'un test à 67 %", lambda: basic_maison.probabilites_de_test(67)),
    (
        "BaSIC — KAR : probabilités d'un test à 55 % (héroïque)",
        lambda: basic_kar.probabilites_test(55, "heroique"),
    ),
    (
        "Actions d100 : probabilités d'un test à 60 %, À peine difficile",
        lambda: actions_d100.probabilites_test(60, "a_peine_difficile"),
    ),
    ("Combat héroïque : un round de 6 combattants", round_de_six),
]


def main() -> None:
    print(
        f"Moteur de règles (CPython {sys.version.split()[0]}), médiane et pire de {REPETITIONS} essais,"
        f" médiane et pire du temps processeur ; charge de la machine {os.getloadavg()[0]:.1f} :"
    )
    textes = candidats()
    pire, _ = pire_expression(textes)
    print(f"  la plus lente de {len(textes)} expressions permises essayées : {pire}")
    mesures = [
        *MESURES[:4],
        ("distribution de cette pire expression permise trouvée", lambda: distribution(parse(pire))),
        *MESURES[4:],
    ]
    largeur = max(len(nom) for nom, _ in mesures)
    durees: dict[str, dict[str, float]] = {}
    for nom, fonction in mesures:
        mediane, pire_temps, processeur, pire_processeur = mesurer(fonction)
        durees[nom] = {
            "mediane_ms": round(mediane, 2),
            "pire_ms": round(pire_temps, 2),
            "processeur_ms": round(processeur, 2),
            "pire_processeur_ms": round(pire_processeur, 2),
        }
        verdict = "ok" if pire_temps < CIBLE_MS else f"au-dessus de {CIBLE_MS:.0f} ms"
        print(
            f"  {nom.ljust(largeur)}  {mediane:8.2f} ms  (pire {pire_temps:8.2f} ms,"
            f" processeur {processeur:8.2f} ms, pire {pire_processeur:8.2f} ms)  {verdict}"
        )
    entrees = entrees_hostiles()
    analyse = pire_analyse(entrees)
    quoi = f"analyse de {len(entrees)} entrées de 200 caractères (hostiles, au hasard)"
    print(f"  {quoi} : pire {analyse:.3f} ms")
    pire_ms = durees["distribution de cette pire expression permise trouvée"]["mediane_ms"]
    chemin = enregistrer(
        "moteur",
        {
            "pire_expression": pire,
            "expressions_essayees": len(textes),
            "pire_expression_ms": pire_ms,
            "durees": durees,
            "analyse_hostile_pire_ms": round(analyse, 3),
        },
        f"CPython {sys.version.split()[0]}, {REPETITIONS} essais par mesure.",
    )
    print(f"  mesures enregistrées dans {chemin}")


if __name__ == "__main__":
    main()
