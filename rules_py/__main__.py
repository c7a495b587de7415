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
import json
import os
import random
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules_py.constantes import PROFONDEUR_MAX, TAILLE_MAX_DOCUMENT, profondeur_json
from rules_py.errors import InputError, RulesError
from rules_py.ligne_de_commande import (
    Analyseur,
    ErreurDeLigne,
    champs_de_la_ligne,
    options_d_outil,
    valeur_de_la_ligne,
)
from rules_py.outils.creation import OUTILS_DE_CREATION
from rules_py.personnages import document_json, lire_personnage
from rules_py.systemes import BASIC_MAISON, EL_TOTO, SYSTEMES
from rules_py.web import Moteur, importer
from rules_py.web.outil import OUTILS, Outil
from rules_py.web.personnages import depuis_un_fichier
from rules_py.web.typographie import typographie

__all__ = ["main"]

OPERATION, PERSONNAGE, COMPETENCE = "_operation", "_personnage", "_competence_de_la_fiche"
CAMP, ETAT, EXPORTER = "_camp_de_la_fiche", "_etat", "_exporter"
"""Where the generic options of ``outil`` go: names no declared field can have (a field may be called
``action`` or ``competence``)."""

TAILLE_MAX_DE_L_ETAT = TAILLE_MAX_DOCUMENT
"""The largest fight file ``--etat`` reads, in bytes; its nesting is refused past :data:`PROFONDEUR_MAX`
before parsing (both in :mod:`rules_py.constantes`)."""


def _en_liste(noms: Sequence[str]) -> str:
    """« A, B et C ».

    >>> _en_liste(["A", "B", "C"]), _en_liste(["A"])
    ('A, B et C', 'A')
    """
    return " et ".join(filter(None, (", ".join(noms[:-1]), noms[-1])))


def _analyseur() -> Analyseur:
    premier, *autres = [s for s in SYSTEMES.values() if s.fiche is not None]  # the dice roller aside
    racine = Analyseur(
        prog="python -m rules_py",
        description=f"Les règles {_en_liste([premier.de_nom, *(s.nom for s in autres)])}, au terminal.",
    )
    racine.add_argument(
        "--json", action="store_true", help="réponse en JSON (les clés de la façade), où que ce soit"
    )
    racine.add_argument("--seed", metavar="N", help="graine du hasard (jets reproductibles), où que ce soit")
    commandes = racine.add_subparsers(
        dest="commande", title="commandes", metavar="COMMANDE", parser_class=Analyseur
    )
    commandes.required = True

    roll = commandes.add_parser("lancer", aliases=["roll"], help="lancer une expression de dés (ex. 2d6+1)")
    roll.add_argument("expression", help="l'expression, par exemple 1d100 ou 2d6-1d4+3")
    roll.add_argument("--des", metavar="VALEURS", help="dés lus sur la table, dans l'ordre (ex. « 3 5 »)")

    dist = commandes.add_parser("distribution", help="distribution exacte d’une expression de dés")
    dist.add_argument("expression", help="l'expression, par exemple 3d6")

    modif = commandes.add_parser(
        "modificateur", help=f"modificateur de dégâts {BASIC_MAISON.de_nom} (FOR + TAI)"
    )
    modif.add_argument("force", metavar="FOR")
    modif.add_argument("taille", metavar="TAI")

    reserve = commandes.add_parser("reserve", help=f"jet d’une réserve de dés {EL_TOTO.de_nom}")
    reserve.add_argument("nombre", metavar="N", help="nombre de dés")
    reserve.add_argument("--energie", metavar="E", default="", help="points d'Énergie dépensés (1 dé chacun)")
    reserve.add_argument("--plafond", metavar="P", default="", help="plafond de dépense (Hargne ou Survie)")
    reserve.add_argument("--des", metavar="FACES", default="", help="faces lues sur la table (ex. « 4 6 1 »)")

    avec_test = [s for s in SYSTEMES.values() if s.outil_de_test]
    cles = ", ".join(s.cle for s in avec_test)
    test = commandes.add_parser("test", help=f"résoudre un test de compétence ({cles})")
    systemes = test.add_subparsers(
        dest="systeme", title="systèmes", metavar="SYSTEME", parser_class=Analyseur
    )
    systemes.required = True
    for systeme in avec_test:
        declaration = OUTILS[systeme.outil_de_test]
        aide = typographie(f"{systeme.nom} : {declaration.resume}").replace("%", "%%")
        analyseur = systemes.add_parser(systeme.cle, help=aide, description=aide)
        score = typographie(_champ(declaration, "score").meta.libelle).replace("%", "%%")
        analyseur.add_argument("score", metavar="SCORE", help=score)
        options_d_outil(analyseur, declaration.champs_du_formulaire, sauf="score")
    commandes.add_parser("outils", help="lister tous les outils du site, par système")
    outil = commandes.add_parser("outil", help="lancer un outil du site (voir « outils »)")
    noms = outil.add_subparsers(dest="outil", title="outils", metavar="NOM", parser_class=Analyseur)
    noms.required = True
    for declaration in OUTILS.values():
        _analyseur_d_outil(noms.add_parser(declaration.nom, help=declaration.titre), declaration)
    return racine


def _analyseur_d_outil(analyseur: argparse.ArgumentParser, declaration: Outil[Any]) -> None:
    analyseur.description = typographie(f"{declaration.titre} ({declaration.systeme}) : {declaration.resume}")
    actions = [a.op for a in declaration.actions]
    if len(actions) > 1:
        courtes = ", ".join(_operation_courte(op) for op in actions)
        analyseur.add_argument(
            "--operation",
            dest=OPERATION,
            metavar="OPÉRATION",
            default=actions[0],
            help=typographie(f"l'opération, parmi {courtes} (par défaut : {_operation_courte(actions[0])})"),
        )
    if declaration.garde_un_etat:
        analyseur.add_argument(
            "--etat",
            dest=ETAT,
            metavar="FICHIER",
            help=typographie(
                "le combat en cours : lu dans ce fichier s'il existe, réécrit après l'action "
                "(un combat se poursuit d'un appel à l'autre)"
            ),
        )
    if declaration.nom == declaration.regles.outil_de_fiche or declaration.nom in OUTILS_DE_CREATION:
        analyseur.add_argument(
            "--exporter",
            dest=EXPORTER,
            metavar="FICHIER",
            help=typographie(
                "écrire le personnage dans ce fichier, comme l'export de la page « Personnages » "
                "(que --personnage relit)"
            ),
        )
    analyseur.add_argument(
        "--personnage",
        dest=PERSONNAGE,
        metavar="FICHIER",
        help=typographie(
            "remplir depuis un personnage exporté (fichier JSON de la page « Personnages ») ; "
            "les autres options l'emportent"
        ),
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
    options_d_outil(analyseur, champs_de_la_ligne(declaration))


def _champ(declaration: Outil[Any], cle: str) -> Any:
    return next(c for c in declaration.champs if c.cle == cle)


def _operation_courte(op: str) -> str:
    """An operation as the line may name it: without its system's prefix (``initiative.lancer``)."""
    return op.partition(".")[2]


def _operation(declaration: Outil[Any], nom: str) -> str:
    """The operation named ``nom`` (whole, or without its prefix, or its last word when only one has it)."""
    for op in declaration.operations:
        if nom in (op, _operation_courte(op)):
            return op
    derniers = [op for op in declaration.operations if op.rpartition(".")[2].rpartition("_")[2] == nom]
    if len(derniers) == 1:
        return derniers[0]
    liste = ", ".join(_operation_courte(op) for op in declaration.operations)
    raise InputError(
        f"« --operation » doit être l'une de ces opérations : {liste} (reçu : « {nom[:40]} »).",
        champ="operation",
    )


def _valeurs_de_la_ligne(arguments: argparse.Namespace, champs: Sequence[Any]) -> dict[str, Any]:
    """The fields given on the line, each read as the help prints it."""
    args: dict[str, Any] = {}
    for champ in champs:
        valeur = getattr(arguments, champ.cle, None)
        if valeur is not None:
            args[champ.cle] = valeur_de_la_ligne(champ, valeur) if isinstance(valeur, str) else valeur
    return args


def _appel_d_outil(arguments: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    declaration = OUTILS[arguments.outil]
    args = _valeurs_de_la_ligne(arguments, champs_de_la_ligne(declaration))
    if getattr(arguments, PERSONNAGE) is not None:
        args = {**_depuis_le_personnage(arguments), **args}
    if getattr(arguments, ETAT, None) is not None:
        etat = _lire_l_etat(declaration, getattr(arguments, ETAT))
        if etat is not None:
            args["etat"] = etat
    return _operation(declaration, getattr(arguments, OPERATION, declaration.actions[0].op)), args


def _lire_l_etat(declaration: Outil[Any], chemin: str) -> Any:
    """The fight kept in file ``chemin`` (None when the file does not exist yet: a new fight), checked
    by the tool's own reader of its state; a file that is not one of its fights is refused, naming it."""
    fichier = Path(chemin)
    if not fichier.exists():
        return None
    refus = f"Fichier d'état « {chemin} » illisible : ce n'est pas un combat de l'outil {declaration.nom}"
    try:
        if fichier.stat().st_size > TAILLE_MAX_DE_L_ETAT:
            raise InputError(
                f"Fichier d'état « {chemin} » trop grand (au plus 1 Mo) ; rien n'est écrit.", champ="etat"
            )
        texte = fichier.read_text(encoding="utf-8")
        if profondeur_json(texte) > PROFONDEUR_MAX:
            raise ValueError("trop imbriqué")
        etat = json.loads(texte)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise InputError(f"{refus} (JSON attendu) ; rien n'est écrit.", champ="etat") from None
    champ = _champ(declaration, "etat")
    try:
        lu = etat if champ.meta.lecteur is None else champ.meta.lecteur(etat, champ.meta.libelle)
    except RulesError:
        lu = None
    if lu is None:
        raise InputError(f"{refus} ; rien n'est écrit.", champ="etat")
    return etat


def _ecrire(chemin: str, donnees: Any, quoi: str) -> None:
    """Write ``donnees`` as JSON to ``chemin``, whole or not at all (a temporary file, then renamed)."""
    fichier = Path(chemin)
    provisoire = fichier.with_name(f".{fichier.name}.{os.getpid()}.provisoire")
    try:
        provisoire.write_text(json.dumps(donnees, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        provisoire.replace(fichier)
    except OSError:
        provisoire.unlink(missing_ok=True)
        raise InputError(f"Impossible d'écrire {quoi} dans « {chemin} ».") from None


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
    return declaration.actions[0].op, _valeurs_de_la_ligne(arguments, declaration.champs_du_formulaire)


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
    try:
        return _repondre(reste, seed, json_demande)
    except ErreurDeLigne as erreur:
        if not json_demande:
            print(erreur.usage, end="", file=sys.stderr)
        return _erreur(erreur.message, erreur.champ, json_demande)
    except RulesError as erreur:
        return _erreur(erreur.message, erreur.champ, json_demande)


def _erreur(message: str, champ: str | None, json_demande: bool) -> int:
    """Bad input: a French message on standard error, or with ``--json`` the facade's error as JSON on
    standard output; status 2 either way."""
    message = typographie(message).replace("\u2068", "").replace("\u2069", "")
    if json_demande:
        print(json.dumps({"erreur": {"champ": champ, "message": message}}, ensure_ascii=False, indent=2))
    else:
        print(f"Erreur\u00a0: {message}", file=sys.stderr)
    return 2


def _graine(seed: str | None) -> int | None:
    if seed is None:
        return None
    if not seed.strip().lstrip("-").isdigit() or len(seed.strip()) > 30:
        raise InputError(f"--seed attend un nombre entier (reçu : « {seed[:20]} »).", champ="seed")
    return int(seed)


def _repondre(reste: list[str], seed: str | None, json_demande: bool) -> int:
    arguments = _analyseur().parse_args(reste)
    graine = _graine(seed)
    if arguments.commande == "outils":
        print(_liste_des_outils())
        return 0
    op, args = _appel(arguments)
    reponse = Moteur(graine).appeler(op, args)
    if not reponse["ok"]:
        return _erreur(reponse["erreur"]["message"], reponse["erreur"].get("champ"), json_demande)
    resultat = reponse["resultat"]
    if getattr(arguments, ETAT, None) is not None and "etat" in resultat:
        _ecrire(getattr(arguments, ETAT), resultat["etat"], "le combat")
    if getattr(arguments, EXPORTER, None) is not None:
        _exporter(getattr(arguments, EXPORTER), resultat, graine)
    if json_demande:
        donnees = {cle: valeur for cle, valeur in resultat.items() if cle != "affichage"}
        print(json.dumps(donnees, ensure_ascii=False, indent=2))
    else:
        print(texte_brut(resultat.get("affichage", [])))
    return 0


def _exporter(chemin: str, resultat: dict[str, Any], graine: int | None) -> None:
    """The checked sheet written as the Personnages page exports it (one character). A sheet tool's
    character gets a new identifier (the same with the same ``--seed``); a creation's is the one its
    answer gives (from its content: the page saves the same)."""
    if "personnage" in resultat:
        if resultat["personnage"] is None:
            manques = " ".join(resultat.get("manques", []))
            raise InputError(f"Personnage incomplet, rien n'est écrit : {manques}", champ="nom")
        personnage = lire_personnage(resultat["personnage"])
    else:
        identifiant = str(uuid.UUID(int=random.Random(graine).getrandbits(128), version=4))
        personnage = lire_personnage(
            {"id": identifiant, "systeme": resultat["systeme"], "fiche": resultat["fiche"]}
        )
    _ecrire(chemin, document_json([personnage]), "le personnage")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
