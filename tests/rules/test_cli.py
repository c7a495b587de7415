"""The command line: the « Ligne de commande » page's examples run as shown; French errors, exit status 2."""

from __future__ import annotations

import itertools
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
    return {suivant for mot, suivant in itertools.pairwise(argv) if mot in FICHIERS}


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
    assert statut == (2 if attendu.startswith(("Erreur", '{\n  "erreur"')) else 0)


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
    assert "jet d’une réserve de dés d’El Toto" in aide
    assert "résoudre un test de compétence (basic, kar, actions)" in aide


@pytest.mark.parametrize(
    "commande",
    [
        [],
        ["lancer"],
        ["distribution"],
        ["modificateur"],
        ["reserve"],
        ["test"],
        ["test", "basic"],
        ["outils"],
    ],
)
def test_l_aide_de_chaque_commande_suit_la_typographie_du_site(
    commande: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command's help: curly apostrophes, a no-break space before « : ; ? ! » and inside « ».
    (Each tool's help: tests/rules/test_outils.py.)"""
    with pytest.raises(SystemExit):
        main([*commande, "--help"])
    aide = capsys.readouterr().out
    assert "'" not in aide
    assert not re.search(r" [:;?!»]|« ", aide)


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


# == The terminal at parity with the page =====================================================


def sortie_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    """Exit status and the JSON printed by ``--json``."""
    statut = main(["--json", *argv])
    return statut, json.loads(capsys.readouterr().out)


class TestEtat:
    def test_l_initiative_se_poursuit_d_un_appel_a_l_autre(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A9 across calls: two combatants added, then the roll orders them; the file holds round 1."""
        combat = str(tmp_path / "combat.json")
        assert main(["outil", "initiative-basic", "--nom", "Ruan", "--dex", "14", "--etat", combat]) == 0
        assert main(["outil", "initiative-basic", "--nom", "Yang", "--dex", "12", "--etat", combat]) == 0
        capsys.readouterr()
        statut, r = sortie_json(
            ["outil", "initiative-basic", "--operation", "lancer", "--des", "3 5", "--etat", combat], capsys
        )
        assert statut == 0 and (r["round"], r["des"]) == (1, [3, 5])
        assert [c["nom"] for c in r["etat"]["combattants"]] == ["Ruan", "Yang"]
        garde = json.loads(Path(combat).read_text(encoding="utf-8"))
        assert (garde["round"], garde["des"]) == (1, [3, 5])

    def test_le_duel_passe_la_premiere_passe(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """El Toto's duel goes on: the second call plays « Passe 2 »."""
        combat = str(tmp_path / "duel.json")
        assert main(["--seed", "1", "outil", "duel-el-toto", "--etat", combat]) == 0
        assert "Passe 1" in capsys.readouterr().out
        assert main(["--seed", "2", "outil", "duel-el-toto", "--etat", combat]) == 0
        assert capsys.readouterr().out.startswith("Passe 2")

    def test_le_suivi_heroique_se_poursuit(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """B9 across calls: the text's Yang and Guo, then Yang's quick attack at pass 15 (Init 15 → 12)."""
        combat = str(tmp_path / "heroique.json")
        assert main(["outil", "combat-heroique", "--operation", "exemple", "--etat", combat]) == 0
        capsys.readouterr()
        argv = ["outil", "combat-heroique", "--operation", "agir", "--combattant", "Yang"]
        argv += ["--action-choisie", "attaque_rapide", "--cible", "Guo", "--etat", combat]
        assert main(argv) == 0
        assert capsys.readouterr().out.startswith(
            "Passe 15\u00a0: Yang fait une attaque rapide (sur Guo) — Init 15 → 12."
        )

    @pytest.mark.parametrize(
        ("contenu", "raison"),
        [
            ("pas du JSON", " (JSON attendu)"),
            ("[" * 100_000, " (JSON attendu)"),
            ('{"combattants": 5}', ""),
            ('{"participants": []}', ""),
        ],
        ids=["texte", "imbrique", "mauvaise-forme", "autre-outil"],
    )
    def test_un_fichier_d_etat_abime_est_refuse_sans_rien_ecrire(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], contenu: str, raison: str
    ) -> None:
        """A corrupt or hostile fight file: a French message naming it, exit 2, the file left as it was."""
        fichier = tmp_path / "combat.json"
        fichier.write_text(contenu, encoding="utf-8")
        assert main(["outil", "initiative-basic", "--operation", "lancer", "--etat", str(fichier)]) == 2
        assert capsys.readouterr().err == (
            f"Erreur\u00a0: Fichier d’état «\u00a0{fichier}\u00a0» illisible\u00a0: ce n’est pas un combat "
            f"de l’outil initiative-basic{raison}\u202f; rien n’est écrit.\n"
        )
        assert fichier.read_text(encoding="utf-8") == contenu

    def test_une_action_refusee_n_ecrit_rien(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """No combatant yet: the roll is refused and no file is made."""
        fichier = tmp_path / "combat.json"
        assert main(["outil", "initiative-basic", "--operation", "lancer", "--etat", str(fichier)]) == 2
        assert "Ajoutez au moins un combattant" in capsys.readouterr().err and not fichier.exists()

    def test_une_operation_inconnue_est_nommee(self, capsys: pytest.CaptureFixture[str]) -> None:
        """--operation names the tool's operations, without their prefix."""
        assert main(["outil", "initiative-basic", "--operation", "danser"]) == 2
        assert capsys.readouterr().err == (
            "Erreur\u00a0: «\u00a0--operation\u00a0» doit être l’une de ces opérations\u00a0: "
            "initiative.ajouter, "
            "initiative.lancer, initiative.round_suivant, initiative.vider, initiative.retirer "
            "(reçu\u00a0: «\u00a0danser\u00a0»).\n"
        )


class TestExporter:
    def test_le_fichier_de_la_page_que_personnage_relit(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """personnage-basic --exporter writes the page's exported file; --personnage fills a tool from it."""
        fichier = tmp_path / "ruan.json"
        argv = ["--seed", "1", "outil", "personnage-basic", "--nom", "Ruan", "--for", "14"]
        assert main([*argv, "--scores", "Perception : 55", "--exporter", str(fichier)]) == 0
        document = json.loads(fichier.read_text(encoding="utf-8"))
        assert (document["schema"], document["version"]) == ("regles-personnages", 2)
        (personnage,) = document["personnages"]
        assert (
            personnage["systeme"] == "Basic maison"
            and personnage["id"] == "cd613e30-d8f1-4adf-91b7-584a2265b1f5"
        )
        assert personnage["fiche"]["nom"] == "Ruan" and personnage["fiche"]["for"] == "14"
        assert personnage["fiche"]["scores"] == "Perception : 55"
        capsys.readouterr()
        argv = ["outil", "test-basic", "--personnage", str(fichier), "--competence-de-la-fiche", "Perception"]
        assert main([*argv, "--jet", "40"]) == 0
        assert capsys.readouterr().out.startswith("Jet 40 contre 55\u202f%\u00a0: réussite.")

    def test_une_fiche_refusee_n_ecrit_rien(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A sheet the engine refuses: its field named, exit 2, no file."""
        fichier = tmp_path / "ruan.json"
        assert main(["outil", "personnage-basic", "--for", "-3", "--exporter", str(fichier)]) == 2
        assert "«\u00a0FOR" in capsys.readouterr().err and not fichier.exists()


class TestErreursEnJson:
    @pytest.mark.parametrize(
        ("argv", "champ", "message"),
        [
            (
                ["outil", "modificateur-degats", "--for", "-1"],
                "for",
                "«\u00a0FOR\u00a0» doit être au moins 0 (reçu\u00a0: −1).",
            ),
            (["lancer"], None, "arguments manquants\u00a0: expression."),
            (["outil", "assommer-kar", "--CON"], "CON", "argument --con\u00a0: une valeur est attendue."),
            (["outil", "test-basic", "--inconnu"], None, "arguments inconnus\u00a0: --inconnu."),
            (
                ["--seed", "x", "lancer", "1d6"],
                "seed",
                "--seed attend un nombre entier (reçu\u00a0: «\u00a0x\u00a0»).",
            ),
            (
                ["outil", "test-basic", "--jet", "1234567890"],
                "jet",
                "Le jet de d100 va de 01 à 100 («\u00a000\u00a0» vaut 100). "
                "«\u00a0Jet lu (facultatif)\u00a0» "
                "doit être au plus 100 (reçu\u00a0: «\u00a01234567890\u00a0»).",
            ),
        ],
    )
    def test_l_erreur_est_en_json_sur_la_sortie_standard(
        self, argv: list[str], champ: str | None, message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """With --json, bad input is ``{"erreur": {"champ", "message"}}`` on stdout, exit 2, no stderr."""
        statut = main(["--json", *argv])
        sortie = capsys.readouterr()
        assert statut == 2 and sortie.err == ""
        assert json.loads(sortie.out) == {"erreur": {"champ": champ, "message": message}}


class TestValeursCommeLAide:
    def test_l_apostrophe_courbe_de_l_aide(self, capsys: pytest.CaptureFixture[str]) -> None:
        """« Masse/Fléau d’armes » as --help prints it is the weapon Masse/Fléau d'armes (1d6+2)."""
        statut, r = sortie_json(
            ["outil", "attaque-basic", "--arme", "Masse/Fléau d’armes", "--jet", "90"], capsys
        )
        assert (
            statut == 0 and r["coup"]["arme"] == "Masse/Fléau d'armes" and r["coup"]["expression"] == "1d6+2"
        )

    def test_un_choix_sans_accents(self, capsys: pytest.CaptureFixture[str]) -> None:
        """An unaccented choice is resolved when only one matches."""
        statut, r = sortie_json(["outil", "attaque-basic", "--arme", "epee/rapiere", "--jet", "90"], capsys)
        assert statut == 0 and r["coup"]["arme"] == "Épée/Rapière"

    def test_une_action_declaree_par_son_libelle_sans_numero_ni_accents(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """« corps a corps », as the error's list « 2. Corps à corps » reads without its number, is melee."""
        statut, r = sortie_json(
            ["outil", "initiative-basic", "--nom", "Ruan", "--dex", "14", "--action", "corps a corps"], capsys
        )
        assert statut == 0 and r["combattants"][0]["action"] == "melee"

    def test_le_signe_moins_et_les_negatifs_sans_egal(self, capsys: pytest.CaptureFixture[str]) -> None:
        """« −10 » (the help's minus sign) is a circumstance of −10; -1d6 and -2 need no « = »."""
        argv = [
            "outil",
            "attaque-basic",
            "--circonstance",
            "\u221210",
            "--modificateur",
            "-1d6",
            "--jet",
            "90",
        ]
        statut, r = sortie_json(argv, capsys)
        assert statut == 0 and r["attaque"]["chance"] == 70 and r["coup"]["modificateur"] == "-1d6"
        statut, r = sortie_json(
            ["outil", "coup-critique-kar", "--bonus", "-2", "--attaque", "reussite"], capsys
        )
        assert statut == 0 and r["total_bonus"] == -2


class TestNomsDesOptions:
    def test_une_caracteristique_en_minuscules_ou_comme_elle_s_ecrit(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The help names KAR's characteristics in lower case as every other option (``--con``); ``--CON``,
        as the sheet writes it, is the same option: Init (13 + 16) / 2 rounded up is 15 (B8)."""
        with pytest.raises(SystemExit):
            main(["outil", "creation-kar", "--help"])
        aide = capsys.readouterr().out
        assert "--int VALEUR" in aide and "--INT" not in aide
        for argv in (["--int", "13", "--dex", "16"], ["--INT", "13", "--DEX=16"]):
            statut, r = sortie_json(["outil", "creation-kar", "--nom", "Renard Blanc", *argv], capsys)
            assert statut == 0 and r["derives"]["init"] == 15, argv


class TestMessagesEtOptions:
    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (
                ["outil", "attaque-basic", "--degats", "2d"],
                "Erreur\u00a0: «\u00a0Autre arme (facultatif)\u00a0»\u00a0: "
                "expression de dés invalide\u00a0: "
                "un nombre de faces attendu à la position 3 (fin de l’expression).",
            ),
            (
                ["outil", "modificateur-degats", "--for", "1234567890"],
                "Erreur\u00a0: «\u00a0FOR\u00a0» doit avoir au plus neuf chiffres "
                "(reçu\u00a0: «\u00a01234567890\u00a0»).",
            ),
            (
                ["test", "basic", "50", "--jet", "99999999999"],
                "Erreur\u00a0: Le jet de d100 va de 01 à 100 («\u00a000\u00a0» vaut 100). "
                "«\u00a0Jet lu (facultatif)\u00a0» "
                "doit être au plus 100 (reçu\u00a0: «\u00a099999999999\u00a0»).",
            ),
        ],
    )
    def test_chaque_message_nomme_son_champ_et_sa_vraie_borne(
        self, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A dice expression's error names its field; ten digits say the real bound, not « nombre entier »."""
        assert main(argv) == 2
        assert capsys.readouterr().err == message + "\n"

    def test_les_options_d_une_case_se_lisent_bien(self, capsys: pytest.CaptureFixture[str]) -> None:
        """« Arme sans parade » is --sans-parade, undone by --avec-parade; with a shield: no parry (l.250)."""
        with pytest.raises(SystemExit):
            main(["outil", "actions-du-round-basic", "--help"])
        aide = capsys.readouterr().out
        assert "--avec-parade" in aide and "--sans-sans" not in aide
        statut, r = sortie_json(["outil", "actions-du-round-basic", "--sans-parade", "--bouclier"], capsys)
        assert statut == 0 and r["parades"] == 0

    def test_un_choix_vide_se_lit_dans_l_aide(self, capsys: pytest.CaptureFixture[str]) -> None:
        """The empty choice shows its label: never « parmi , INT, DEX »."""
        with pytest.raises(SystemExit):
            main(["outil", "combat-heroique", "--help"])
        aide = " ".join(capsys.readouterr().out.split())
        assert "parmi , " not in aide and "parmi «\u00a0» (INT et DEX (moyenne)), INT, DEX" in aide.replace(
            "« »", "«\u00a0»"
        )

    def test_les_mots_d_argparse_sont_francais(self, capsys: pytest.CaptureFixture[str]) -> None:
        """Headings and usage in French: « options : », « arguments : », never « positional arguments »."""
        with pytest.raises(SystemExit):
            main(["lancer", "--help"])
        aide = capsys.readouterr().out
        assert aide.startswith("Usage\u00a0: ") and "options\u00a0:" in aide and "arguments\u00a0:" in aide
        assert "options:" not in aide and "positional" not in aide and "usage:" not in aide
