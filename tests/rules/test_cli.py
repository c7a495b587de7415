"""The command line: the « Ligne de commande » page's examples run as shown; French errors, exit status 2."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from rules_py.__main__ import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "ligne-de-commande.md"
PREFIXE = "python -m rules_py"
COUPE = "…"


def exemples_de_la_page() -> list[tuple[list[str], str]]:
    """Each ``$ python -m rules_py …`` console block of the page, with its printed output (a last line
    « … » marks an excerpt: the beginning of the output)."""
    exemples = []
    for bloc in re.findall(r"```console\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S):
        commande, *sortie = bloc.rstrip("\n").split("\n")
        assert commande.startswith(f"$ {PREFIXE} "), commande
        exemples.append((shlex.split(commande.removeprefix(f"$ {PREFIXE} ")), "\n".join(sortie)))
    return exemples


def executer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit status and printed text (output, then errors) of the command line, ``--help`` included."""
    try:
        statut = main(argv)
    except SystemExit as sortie:
        statut = int(sortie.code or 0)
    sortie = capsys.readouterr()
    return statut, (sortie.out + sortie.err).rstrip("\n")


def _fichiers(argv: list[str]) -> set[str]:
    """The files an example reads or writes (``--etat``, ``--exporter``, ``--personnage``)."""
    return {suivant for mot, suivant in zip(argv, argv[1:], strict=False) if mot in FICHIERS}


FICHIERS = ("--etat", "--exporter", "--personnage")


@pytest.mark.parametrize(
    ("argv", "attendu"), exemples_de_la_page(), ids=lambda v: " ".join(v) if isinstance(v, list) else ""
)
def test_chaque_exemple_de_la_page_s_affiche_tel_quel(
    argv: list[str],
    attendu: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Every example of the « Ligne de commande » page prints exactly what the page shows (in an empty
    folder, after the page's earlier examples that write the files it reads)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    exemples = [a for a, _ in exemples_de_la_page()]
    for avant in exemples[: exemples.index(argv)]:
        if _fichiers(avant) & _fichiers(argv):
            executer(avant, capsys)
    statut, texte = executer(argv, capsys)
    if "--help" in argv:
        # argparse lays out its columns differently from one Python to the next (3.11 here, 3.14 in
        # Pyodide): the words of the help must match, not its spacing.
        texte, attendu = " ".join(texte.split()), " ".join(attendu.split())
    if attendu.endswith(COUPE):
        assert texte.startswith(attendu.removesuffix(COUPE))
    else:
        assert texte == attendu
    assert statut == (2 if attendu.startswith(("Erreur", "{\n  \"erreur\"")) else 0)


def test_chaque_commande_de_l_aide_a_son_exemple(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command that ``--help`` lists has at least one example on the page, and nothing else is shown."""
    monkeypatch.setenv("COLUMNS", "80")
    _, aide = executer(["--help"], capsys)
    liste = aide.split("  COMMANDE\n", 1)[1]
    commandes = set(re.findall(r"^    (\S+)", liste, flags=re.M))
    options = {"--json", "--seed"}
    montrees = {next(mot for mot in argv if mot not in options) for argv, _ in exemples_de_la_page()}
    assert "lancer" in commandes
    assert montrees - {"--help"} == commandes


class TestErreurs:
    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (["roll"], "Erreur\u00a0: arguments manquants\u00a0: expression."),
            (["roll", "1d6", "--inconnu"], "Erreur\u00a0: arguments inconnus\u00a0: --inconnu."),
            (["jeter"], "Erreur\u00a0: argument COMMANDE\u00a0: choix invalide\u00a0: ’jeter’"),
            (["lancer"], "Erreur\u00a0: arguments manquants\u00a0: expression."),
            (
                ["--seed", "x", "roll", "1d6"],
                "Erreur\u00a0: --seed attend un nombre entier (reçu\u00a0: «\u00a0x\u00a0»).",
            ),
            (
                ["roll", "101d6"],
                "Erreur\u00a0: «\u00a0Expression de dés\u00a0»\u00a0: "
                "trop de dés dans «\u00a0101d6\u00a0»\u00a0: la limite est 100 dés par terme.",
            ),
            (
                ["roll", "1d6", "--des", "9"],
                "Erreur\u00a0: Un d6 montre une valeur de 1 à 6 (reçu\u00a0: 9).",
            ),
        ],
    )
    def test_message_en_francais_et_code_2(
        self, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Bad input: a French message on stderr, exit status 2, no traceback."""
        try:
            statut = main(argv)
        except SystemExit as sortie:
            statut = sortie.code
        erreur = capsys.readouterr().err
        assert statut == 2
        assert message in erreur
        assert "Traceback" not in erreur

    def test_l_aide_est_en_francais(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--help prints a French usage and help."""
        with pytest.raises(SystemExit) as sortie:
            main(["--help"])
        texte = capsys.readouterr().out
        assert sortie.value.code == 0
        assert texte.startswith("Usage\u00a0: python -m rules_py")
        assert "afficher cette aide et quitter" in texte


def test_lancer_et_son_ancien_nom_roll(capsys: pytest.CaptureFixture[str]) -> None:
    """``lancer`` is the command's French name; ``roll`` still gives the same answer."""
    assert main(["lancer", "1d3+2", "--des", "3"]) == 0
    francais = capsys.readouterr().out
    assert main(["roll", "1d3+2", "--des", "3"]) == 0
    assert capsys.readouterr().out == francais and francais.startswith("1d3+2 → [3] + 2 = 5")


def test_l_aide_nomme_les_systemes_de_leurs_fiches(capsys: pytest.CaptureFixture[str]) -> None:
    """The help's systems and the ``test`` subcommands come from the records, with the elided forms."""
    with pytest.raises(SystemExit):
        main(["--help"])
    aide = capsys.readouterr().out
    assert "Les règles de Basic maison, BaSIC — KAR, El Toto et Actions d100, au terminal." in aide
    assert "jet d'une réserve de dés d’El Toto" in aide
    assert "résoudre un test de compétence (basic, kar, actions)" in aide


class TestJson:
    def test_les_cles_du_jet(self, capsys: pytest.CaptureFixture[str]) -> None:
        """roll --json gives the facade's keys, reproducible with --seed."""
        assert main(["--json", "--seed", "11", "roll", "2d6"]) == 0
        premier = json.loads(capsys.readouterr().out)
        assert {"expression", "des", "total"} <= premier.keys()
        assert "affichage" not in premier
        main(["--json", "--seed", "11", "roll", "2d6"])
        assert json.loads(capsys.readouterr().out) == premier

    def test_les_cles_de_la_distribution(self, capsys: pytest.CaptureFixture[str]) -> None:
        """distribution --json gives min, max, moyenne and every probability as a/b."""
        assert main(["--json", "distribution", "2d6"]) == 0
        donnees = json.loads(capsys.readouterr().out)
        assert (donnees["min"], donnees["max"], donnees["moyenne"]) == (2, 12, "7/1")
        assert donnees["probabilites"]["7"] == "1/6" and len(donnees["probabilites"]) == 11


def test_le_rendu_texte_dessine_chaque_bloc(capsys: pytest.CaptureFixture[str]) -> None:
    """Tables, lists and marked rows are drawn as plain text."""
    from rules_py.__main__ import texte_brut

    texte = texte_brut(
        [
            {
                "type": "tableau",
                "legende": "T",
                "entetes": ["a", "b"],
                "lignes": [["1", "2"], ["3", "4"]],
                "surligne": 1,
            },
            {"type": "liste", "elements": ["x"]},
            {"type": "boutons", "boutons": []},
        ]
    )
    assert texte == "T\n  a  b\n  1  2\n▶ 3  4\n• x"


class TestInterruptions:
    def test_un_tube_ferme_arrete_sans_bruit(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A reader closing the pipe (``| head``) ends the command without a traceback."""
        import rules_py.__main__ as cli

        def ferme(argv: object) -> int:
            raise BrokenPipeError

        monkeypatch.setattr(cli, "_executer", ferme)
        monkeypatch.setattr(cli.os, "dup2", lambda *args: None)
        assert cli.main(["roll", "1d6"]) == 0

    def test_une_interruption_le_dit_en_francais(
        self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Ctrl-C prints « Interrompu. » and exits with 130."""
        import rules_py.__main__ as cli

        def interrompu(argv: object) -> int:
            raise KeyboardInterrupt

        monkeypatch.setattr(cli, "_executer", interrompu)
        assert cli.main(["roll", "1d6"]) == 130
        assert capsys.readouterr().err == "Interrompu.\n"
