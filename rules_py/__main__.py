"""Command line: roll, look up, resolve a test — at a terminal, for game masters.

    python -m rules_py lancer 2d6+1
    python -m rules_py --seed 7 test basic 67 --circonstance -10
    python -m rules_py test actions 60 --difficulte "à peine difficile" --jet 31 --json
    python -m rules_py outils
    python -m rules_py outil modificateur-degats --for 14 --tai 16

Every subcommand calls the same facade as the widgets (:class:`rules_py.web.Moteur`),
so the terminal, the page and the tests give the same answers. ``outil NOM`` reaches
every tool of the site, its options and ``--help`` made from the tool's declaration
(:mod:`rules_py.outils.registre`); ``test SYSTÈME`` is the skill test of each system whose record
names one (:mod:`rules_py.systemes`), its options made the same way; ``outils`` lists the tools by
system, in the records' order. ``--json`` (the facade's keys) and ``--seed N`` may stand
anywhere on the line; bad input prints a French message on stderr and exits with
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import ChampDeclare, valeur_ecrite
from rules_py.systemes import BASIC_MAISON, EL_TOTO, SYSTEMES
from rules_py.web import Moteur, importer
from rules_py.web.outil import OUTILS, Outil
from rules_py.web.personnages import depuis_un_fichier
from rules_py.web.typographie import typographie

__all__ = ["main"]

OPERATION, PERSONNAGE, COMPETENCE = "_operation", "_personnage", "_competence_de_la_fiche"
CAMP = "_camp_de_la_fiche"
"""Where the generic options of ``outil`` go: names no declared field can have (a field may be called
``action`` or ``competence``)."""

TRADUCTIONS = (
    ("the following arguments are required: ", "arguments manquants : "),
    ("unrecognized arguments: ", "arguments inconnus : "),
    ("invalid choice: ", "choix invalide : "),
    ("(choose from ", "(choisir parmi "),
    ("expected one argument", "une valeur est attendue"),
    ("argument ", "argument "),
)


class _Formateur(argparse.RawDescriptionHelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        return super().add_usage(usage, actions, groups, prefix="Usage\u00a0: " if prefix is None else prefix)


class _Analyseur(argparse.ArgumentParser):
    """argparse in French: usage, help and errors."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formateur)
        kwargs.setdefault("add_help", False)
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="afficher cette aide et quitter")

    def error(self, message: str) -> NoReturn:
        for anglais, francais in TRADUCTIONS:
            message = message.replace(anglais, francais)
        self.print_usage(sys.stderr)
        self.exit(2, typographie(f"Erreur : {message}.") + "\n")


def _en_liste(noms: Sequence[str]) -> str:
    """« A, B et C ».

    >>> _en_liste(["A", "B", "C"]), _en_liste(["A"])
    ('A, B et C', 'A')
    """
    return " et ".join(filter(None, (", ".join(noms[:-1]), noms[-1])))


def _analyseur() -> _Analyseur:
    premier, *autres = [s for s in SYSTEMES.values() if s.fiche is not None]  # the dice roller aside
    racine = _Analyseur(
        prog="python -m rules_py",
        description=f"Les règles {_en_liste([premier.de_nom, *(s.nom for s in autres)])}, au terminal.",
    )
    racine.add_argument(
        "--json", action="store_true", help="réponse en JSON (les clés de la façade), où que ce soit"
    )
    racine.add_argument("--seed", metavar="N", help="graine du hasard (jets reproductibles), où que ce soit")
    commandes = racine.add_subparsers(
        dest="commande", title="commandes", metavar="COMMANDE", parser_class=_Analyseur
    )
    commandes.required = True

    roll = commandes.add_parser("lancer", aliases=["roll"], help="lancer une expression de dés (ex. 2d6+1)")
    roll.add_argument("expression", help="l'expression, par exemple 1d100 ou 2d6-1d4+3")
    roll.add_argument("--des", metavar="VALEURS", help="dés lus sur la table, dans l'ordre (ex. « 3 5 »)")

    dist = commandes.add_parser("distribution", help="distribution exacte d'une expression de dés")
    dist.add_argument("expression", help="l'expression, par exemple 3d6")

    modif = commandes.add_parser(
        "modificateur", help=f"modificateur de dégâts {BASIC_MAISON.de_nom} (FOR + TAI)"
    )
    modif.add_argument("force", metavar="FOR")
    modif.add_argument("taille", metavar="TAI")

    reserve = commandes.add_parser("reserve", help=f"jet d'une réserve de dés {EL_TOTO.de_nom}")
    reserve.add_argument("nombre", metavar="N", help="nombre de dés")
    reserve.add_argument("--energie", metavar="E", default="", help="points d'Énergie dépensés (1 dé chacun)")
    reserve.add_argument("--plafond", metavar="P", default="", help="plafond de dépense (Hargne ou Survie)")
    reserve.add_argument("--des", metavar="FACES", default="", help="faces lues sur la table (ex. « 4 6 1 »)")

    avec_test = [s for s in SYSTEMES.values() if s.outil_de_test]
    cles = ", ".join(s.cle for s in avec_test)
    test = commandes.add_parser("test", help=f"résoudre un test de compétence ({cles})")
    systemes = test.add_subparsers(
        dest="systeme", title="systèmes", metavar="SYSTEME", parser_class=_Analyseur
    )
    systemes.required = True
    for systeme in avec_test:
        declaration = OUTILS[systeme.outil_de_test]
        aide = typographie(f"{systeme.nom} : {declaration.resume}").replace("%", "%%")
        analyseur = systemes.add_parser(systeme.cle, help=aide, description=aide)
        score = typographie(_champ(declaration, "score").meta.libelle).replace("%", "%%")
        analyseur.add_argument("score", metavar="SCORE", help=score)
        _options(analyseur, declaration, sauf="score")
    commandes.add_parser("outils", help="lister tous les outils du site, par système")
    outil = commandes.add_parser("outil", help="lancer un outil du site (voir « outils »)")
    noms = outil.add_subparsers(dest="outil", title="outils", metavar="NOM", parser_class=_Analyseur)
    noms.required = True
    for declaration in OUTILS.values():
        _analyseur_d_outil(noms.add_parser(declaration.nom, help=declaration.titre), declaration)
    return racine


def _aide(champ: ChampDeclare) -> str:
    """The help line of one option: its label, bounds, choices, default."""
    meta, morceaux = champ.meta, [champ.meta.libelle]
    if meta.minimum is not None and meta.maximum is not None:
        morceaux.append(f"de {meta.minimum} à {meta.maximum}")
    elif meta.minimum is not None:
        morceaux.append(f"au moins {meta.minimum}")
    elif meta.maximum is not None:
        morceaux.append(f"au plus {meta.maximum}")
    if champ.options:
        morceaux.append("parmi " + ", ".join(cle for cle, _ in champ.options))
    if meta.lu:
        morceaux.append("lus sur la table ; sans eux, on lance")
    if champ.requis:
        morceaux.append("obligatoire")
    elif champ.defaut not in (None, "", dataclasses.MISSING) and champ.genre is not bool:
        morceaux.append(f"par défaut : {valeur_ecrite(champ.defaut)}")
    return typographie(" ; ".join(morceaux)).replace("%", "%%")


def _analyseur_d_outil(analyseur: argparse.ArgumentParser, declaration: Outil[Any]) -> None:
    analyseur.description = typographie(f"{declaration.titre} ({declaration.systeme}) : {declaration.resume}")
    actions = [a.op for a in declaration.actions]
    if len(actions) > 1:
        analyseur.add_argument(
            "--operation",
            dest=OPERATION,
            choices=actions,
            default=actions[0],
            help=f"l'opération (par défaut : {actions[0]})",
        )
    analyseur.add_argument(
        "--personnage",
        dest=PERSONNAGE,
        metavar="FICHIER",
        help="remplir depuis un personnage exporté (fichier JSON de la page « Personnages ») ; "
        "les autres options l'emportent",
    )
    analyseur.add_argument(
        "--competence-de-la-fiche",
        dest=COMPETENCE,
        metavar="NOM",
        help="avec --personnage : la compétence de la fiche à tester",
    )
    analyseur.add_argument(
        "--camp-de-la-fiche",
        dest=CAMP,
        metavar="CAMP",
        help="avec --personnage : le camp à remplir (a, b, tireur…)",
    )
    _options(analyseur, declaration)


def _champ(declaration: Outil[Any], cle: str) -> ChampDeclare:
    return next(c for c in declaration.champs if c.cle == cle)


def _options(analyseur: argparse.ArgumentParser, declaration: Outil[Any], sauf: str = "") -> None:
    """An option per field of the tool's form (a box: ``--cle`` and ``--sans-cle``), ``sauf`` aside."""
    for champ in declaration.champs_du_formulaire:
        if champ.cle == sauf:
            continue
        option = "--" + champ.cle.replace("_", "-")
        if champ.genre is bool:
            analyseur.add_argument(option, dest=champ.cle, action="store_true", help=_aide(champ))
            analyseur.add_argument(
                "--sans-" + champ.cle.replace("_", "-"),
                dest=champ.cle,
                action="store_false",
                help=f"décocher « {champ.meta.libelle} »",
            )
            analyseur.set_defaults(**{champ.cle: None})
        else:
            analyseur.add_argument(option, dest=champ.cle, metavar="VALEUR", help=_aide(champ))


def _appel_d_outil(arguments: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    declaration = OUTILS[arguments.outil]
    args = {
        c.cle: getattr(arguments, c.cle)
        for c in declaration.champs
        if not c.meta.cache and getattr(arguments, c.cle) is not None
    }
    if getattr(arguments, PERSONNAGE) is not None:
        args = {**_depuis_le_personnage(arguments), **args}
    return getattr(arguments, OPERATION, declaration.actions[0].op), args


def _depuis_le_personnage(arguments: argparse.Namespace) -> dict[str, Any]:
    """The fields an exported character file gives the tool (``--personnage`` and its skill)."""
    chemin = getattr(arguments, PERSONNAGE)
    try:
        texte = Path(chemin).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise InputError(f"Fichier de personnage introuvable ou illisible : {chemin}.") from None
    return depuis_un_fichier(texte, arguments.outil, getattr(arguments, COMPETENCE), getattr(arguments, CAMP))


def _liste_des_outils() -> str:
    lignes = []
    for systeme in SYSTEMES.values():
        outils = [o for o in OUTILS.values() if o.regles is systeme]
        if not outils:
            continue
        lignes.append(f"{systeme.nom} :")
        largeur = max(len(o.nom) for o in outils)
        lignes.extend(f"  {o.nom.ljust(largeur)}  {o.resume}" for o in outils)
    return typographie("\n".join(lignes))


def _options_globales(argv: Sequence[str]) -> tuple[list[str], bool, str | None]:
    """``--json`` and ``--seed N`` taken from anywhere on the line; the rest as it was."""
    reste: list[str] = []
    json_demande, graine = False, None
    mots = iter(argv)
    for mot in mots:
        if mot == "--json":
            json_demande = True
        elif mot == "--seed":
            graine = next(mots, "")
        elif mot.startswith("--seed="):
            graine = mot.removeprefix("--seed=")
        else:
            reste.append(mot)
    return reste, json_demande, graine


def _appel(arguments: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The facade operation and arguments of a parsed command line."""
    match arguments.commande:
        case "outil":
            return _appel_d_outil(arguments)
        case "lancer" | "roll":
            return "des.lancer", {"expression": arguments.expression, "des": arguments.des or ""}
        case "distribution":
            return "des.distribution", {"expression": arguments.expression}
        case "modificateur":
            return "basic.modificateur", {"for": arguments.force, "tai": arguments.taille}
        case "reserve":
            return "toto.reserve", {
                "des": arguments.nombre,
                "energie": arguments.energie,
                "plafond": arguments.plafond,
                "faces": arguments.des,
            }
    declaration = OUTILS[SYSTEMES[arguments.systeme].outil_de_test]
    args = {
        c.cle: getattr(arguments, c.cle)
        for c in declaration.champs_du_formulaire
        if getattr(arguments, c.cle, None) is not None
    }
    return declaration.actions[0].op, args


def texte_brut(blocs: Sequence[dict[str, Any]]) -> str:
    """The display blocks as plain text for a terminal.

    >>> blocs = [
    ...     {"type": "texte", "texte": "1d6 → [4] = 4"},
    ...     {"type": "valeurs", "lignes": [["Moyenne", "3,5"]]},
    ... ]
    >>> print(texte_brut(blocs))
    1d6 → [4] = 4
    Moyenne\u00a0: 3,5
    """
    lignes: list[str] = []
    for bloc in blocs:
        match bloc.get("type"):
            case "texte":
                lignes.append(bloc["texte"])
            case "valeurs":
                lignes.extend(f"{libelle}\u00a0: {valeur}" for libelle, valeur in bloc["lignes"])
            case "tableau":
                if bloc.get("legende"):
                    lignes.append(bloc["legende"])
                rangees = [bloc["entetes"], *bloc["lignes"]]
                largeurs = [max(len(str(r[i])) for r in rangees) for i in range(len(bloc["entetes"]))]
                for numero, rangee in enumerate(rangees):
                    marque = "▶ " if numero - 1 == bloc.get("surligne") else "  "
                    lignes.append(
                        marque + "  ".join(str(c).ljust(largeurs[i]) for i, c in enumerate(rangee)).rstrip()
                    )
            case "barres":
                lignes.append(bloc["legende"])
                largeur = max((len(b["etiquette"]) for b in bloc["barres"]), default=0)
                for barre in bloc["barres"]:
                    trait = "█" * max(1 if barre["part"] else 0, round(barre["part"] * 30))
                    lignes.append(f"  {barre['etiquette'].rjust(largeur)} {trait} {barre['texte']}")
            case "des":
                lignes.append("Dés\u00a0: " + " ".join(f"[{de['valeur']}]" for de in bloc["des"]))
            case "liste":
                lignes.extend(f"• {element}" for element in bloc["elements"])
    # The isolates around what the reader typed are for the page's bidirectional layout, not a terminal.
    return "\n".join(lignes).replace("\u2068", "").replace("\u2069", "")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 on bad input)."""
    try:
        return _executer(argv)
    except KeyboardInterrupt:
        print("Interrompu.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (``| head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _executer(argv: Sequence[str] | None) -> int:
    importer()  # every registered system's tools (one registered since this module was imported too)
    reste, json_demande, seed = _options_globales(sys.argv[1:] if argv is None else argv)
    arguments = _analyseur().parse_args(reste)
    graine: int | None = None
    if seed is not None:
        if not seed.strip().lstrip("-").isdigit() or len(seed.strip()) > 30:
            message = f"Erreur : --seed attend un nombre entier (reçu : « {seed[:20]} »)."
            print(typographie(message), file=sys.stderr)
            return 2
        graine = int(seed)
    if arguments.commande == "outils":
        print(_liste_des_outils())
        return 0
    try:
        op, args = _appel(arguments)
    except RulesError as erreur:
        print(typographie(f"Erreur : {erreur.message}"), file=sys.stderr)
        return 2
    reponse = Moteur(graine).appeler(op, args)
    if not reponse["ok"]:
        message = reponse["erreur"]["message"].replace("\u2068", "").replace("\u2069", "")
        print(typographie(f"Erreur : {message}"), file=sys.stderr)
        return 2
    resultat = reponse["resultat"]
    if json_demande:
        donnees = {cle: valeur for cle, valeur in resultat.items() if cle != "affichage"}
        print(json.dumps(donnees, ensure_ascii=False, indent=2))
    else:
        print(texte_brut(resultat.get("affichage", [])))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
