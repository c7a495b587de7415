"""Every tool's single declaration, walked: each bound and choice it declares is enforced, with a
French message naming the field's label, in the facade and at the command line; the listing and
the help of the command line come from the same declaration."""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Iterator
from typing import Annotated, Any

import pytest

from rules_py.__main__ import main
from rules_py.errors import InputError
from rules_py.outils.champs import Champ, ChampDeclare, champs, ecrire, lire, valeur_ecrite
from rules_py.outils.registre import Action, Outil
from rules_py.systemes import DES
from rules_py.web import OPERATIONS, Moteur
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie


def _valeur_valide(champ: ChampDeclare) -> Any:
    if champ.defaut is not dataclasses.MISSING and champ.defaut is not None:
        return valeur_ecrite(champ.defaut)
    if champ.options:
        return champ.options[0][0]
    if champ.genre is int:
        return str(champ.meta.minimum if champ.meta.minimum is not None else 0)
    return "" if champ.facultatif else "x"


def _base(outil: Outil[Any]) -> dict[str, Any]:
    return {c.cle: _valeur_valide(c) for c in outil.champs if not c.meta.cache}


def _violations() -> Iterator[tuple[str, str, str]]:
    """(tool, field key, bad value) for each bound, choice and type a declaration states."""
    for outil in OUTILS.values():
        for champ in outil.champs:
            if champ.meta.cache or champ.genre is bool:
                continue
            meta = champ.meta
            if meta.minimum is not None:
                yield outil.nom, champ.cle, str(meta.minimum - 1)
            if meta.maximum is not None:
                yield outil.nom, champ.cle, str(meta.maximum + 1)
            if champ.options:
                yield outil.nom, champ.cle, "pas-un-choix"
            if champ.forme == "entier":
                yield outil.nom, champ.cle, "douze"


VIOLATIONS = sorted(set(_violations()))
CIRCONSTANCES = (("-20", "−20"), ("0", "0"), ("20", "+20"))


def test_chaque_outil_a_une_ligne_et_un_systeme() -> None:
    """Every tool says what it does in one line; the registry is not empty."""
    assert OUTILS and all(o.resume.endswith(".") and o.titre for o in OUTILS.values())


@pytest.mark.parametrize(("nom", "cle", "valeur"), VIOLATIONS)
def test_une_borne_violee_nomme_le_champ_dans_la_facade(nom: str, cle: str, valeur: str) -> None:
    """Outside a declared bound or choice: a French error, on that field, naming its label."""
    outil = OUTILS[nom]
    (champ,) = [c for c in outil.champs if c.cle == cle]
    reponse = Moteur(1).appeler(outil.actions[0].op, {**_base(outil), cle: valeur})
    assert not reponse["ok"], reponse
    assert reponse["erreur"]["champ"] == cle
    assert typographie(f"« {champ.meta.libelle} »") in reponse["erreur"]["message"]


@pytest.mark.parametrize(("nom", "cle", "valeur"), VIOLATIONS)
def test_une_borne_violee_nomme_le_champ_au_terminal(
    nom: str, cle: str, valeur: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same violation at the command line: exit status 2, the label on stderr, no traceback."""
    outil = OUTILS[nom]
    (champ,) = [c for c in outil.champs if c.cle == cle]
    argv = ["outil", nom]
    for cle_base, valeur_base in {**_base(outil), cle: valeur}.items():
        option = cle_base.replace("_", "-")
        if isinstance(valeur_base, bool):
            contraire = f"--avec-{option[5:]}" if option.startswith("sans-") else f"--sans-{option}"
            argv.append(f"--{option}" if valeur_base else contraire)
        else:
            argv.append(f"--{option}={valeur_base}")
    assert main(argv) == 2
    sortie = capsys.readouterr()
    assert typographie(f"« {champ.meta.libelle} »") in sortie.err and "Traceback" not in sortie.err


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_l_aide_de_chaque_outil(nom: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``outil NOM --help`` exits 0, names every field by its label, in the site's typography."""
    with pytest.raises(SystemExit) as sortie:
        main(["outil", nom, "--help"])
    assert sortie.value.code == 0
    aide = " ".join(capsys.readouterr().out.split())
    assert "'" not in aide, "une apostrophe droite dans l’aide"
    for champ in OUTILS[nom].champs:
        if not champ.meta.cache:
            assert " ".join(typographie(champ.meta.libelle).split()) in aide, champ.cle


def test_la_liste_des_outils(capsys: pytest.CaptureFixture[str]) -> None:
    """``outils`` lists every tool by its page name, under its system."""
    assert main(["outils"]) == 0
    sortie = capsys.readouterr().out
    for outil in OUTILS.values():
        assert f"  {outil.nom} " in sortie
        assert sortie.index(typographie(f"{outil.systeme} :")) < sortie.index(f"  {outil.nom} ")


@pytest.mark.parametrize(
    "argv",
    [
        ["outil", "modificateur-degats", "--for", "14", "--tai", "16", "--json"],
        ["--json", "outil", "modificateur-degats", "--for", "14", "--tai", "16"],
        ["modificateur", "14", "16", "--json"],
    ],
)
def test_le_modificateur_au_terminal_donne_les_cles_de_la_facade(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The same answer from the tool, from the short command, with ``--json`` anywhere."""
    assert main(argv) == 0
    attendu = Moteur().appeler("basic.modificateur", {"for": "14", "tai": "16"})["resultat"]
    del attendu["affichage"]
    assert json.loads(capsys.readouterr().out) == attendu


def test_la_graine_n_importe_ou(capsys: pytest.CaptureFixture[str]) -> None:
    """``--seed N`` after the command gives the same dice as before it."""
    assert main(["outil", "jet-de-des", "--expression", "3d6", "--seed", "7", "--json"]) == 0
    apres = json.loads(capsys.readouterr().out)
    assert main(["--seed=7", "--json", "roll", "3d6"]) == 0
    assert json.loads(capsys.readouterr().out)["des"] == apres["des"]


def test_l_exemple_doit_donner_ses_des() -> None:
    """A page's example that leaves a die to chance fails the build, in French."""
    lancer = dataclasses.replace(OUTILS["jet-de-des"], exemple_par="")
    assert lancer.exemple({"expression": "2d6", "des": "3 4"})[0]["texte"].startswith("2d6")
    with pytest.raises(InputError, match="tous les dés"):
        lancer.exemple({"expression": "2d6"})


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"for": 1e300, "tai": 3}, "« FOR » doit avoir au plus neuf chiffres."),
        ({"for": 10**12, "tai": 3}, "« FOR » doit avoir au plus neuf chiffres."),
        ({"for": "14", "tai": [3]}, "« TAI » doit être un nombre entier."),
    ],
)
def test_un_nombre_json_a_les_memes_limites_qu_un_champ_tape(args: dict[str, Any], message: str) -> None:
    """A number from JSON (a share link, a file) has the typed field's nine-digit limit."""
    reponse = Moteur(1).appeler("basic.modificateur", args)
    assert reponse["erreur"]["message"] == typographie(message)


@pytest.mark.parametrize("controle", ["\u202e", "\u2066", "\x00", "\x1b"])
def test_un_caractere_de_controle_invisible_est_refuse(controle: str) -> None:
    """A bidirectional override or a control character in a text is refused, naming it visibly."""
    reponse = Moteur(1).appeler("des.lancer", {"expression": f"1d6{controle}"})
    erreur = reponse["erreur"]
    assert erreur["champ"] == "expression" and f"U+{ord(controle):04X}" in erreur["message"]
    assert controle not in erreur["message"]


def test_un_texte_du_lecteur_est_isole_et_garde_tel_quel() -> None:
    """A typed name echoed in a sentence is isolated (U+2068…U+2069), untouched by the typography, and
    the build's renderer puts it in a ``<bdi>``; as data it stays the plain text."""
    import xml.etree.ElementTree as etree

    from rules_py.outils.champs import TexteLu
    from rules_py.web.typographie import mise_en_forme
    from site_plugins.widgets.rendu import rendre

    nom = TexteLu("D'Ar &lt; -2")
    (bloc,) = mise_en_forme([{"type": "texte", "texte": f"{nom} attaque : touché ?"}])
    assert bloc["texte"] == "\u2068D'Ar &lt; -2\u2069\u00a0attaque\u00a0: touché\u202f?".replace(
        "\u00a0attaque", " attaque"
    )
    parent = rendre(etree.Element("div"), [bloc])
    (isole,) = parent.iter("bdi")
    assert isole.text == "D'Ar &lt; -2" and json.dumps(nom) == json.dumps("D'Ar &lt; -2")


def test_un_nombre_a_choisir_et_un_etat_cache() -> None:
    """An integer with declared choices is read as an integer among them; a hidden state goes into the
    share link as its JSON, and is left out when empty."""

    @dataclasses.dataclass(frozen=True)
    class Circonstance:
        modificateur: Annotated[int, Champ("Circonstance", choix=CIRCONSTANCES)] = 0
        etat: Annotated[dict[str, Any] | None, Champ("État", cache=True, lecteur=lambda v, _: dict(v))] = None

    assert lire(Circonstance, {"modificateur": "-20"}) == Circonstance(-20)
    with pytest.raises(InputError, match="Circonstance"):
        lire(Circonstance, {"modificateur": "10"})
    assert ecrire(Circonstance(20)) == {"modificateur": "20"}
    assert ecrire(Circonstance(0, {"passe": 15})) == {"modificateur": "0", "etat": {"passe": 15}}


class Element(enum.Enum):
    FEU = "feu"
    EAU = "eau"


@dataclasses.dataclass(frozen=True)
class Essai:
    """A test-only declaration: a required field, a field with only a maximum, an enumeration, a computed
    default (no tool of the site declares these today; the declaration's rules cover them)."""

    score: Annotated[int, Champ("Score")]
    malus: Annotated[int, Champ("Malus", maximum=0)] = 0
    element: Annotated[Element, Champ("Élément")] = Element.FEU
    des: Annotated[list[int], Champ("Dés lus", lu=True)] = dataclasses.field(default_factory=lambda: [3, 4])


def test_l_aide_d_un_champ_obligatoire_ou_seulement_plafonne(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--help`` says « obligatoire » for a field with no default, « au plus N » for a lone maximum."""
    action = Action("essai.rien", "Rien", lambda entrees, rng: {"affichage": []})
    essai = Outil(DES, "essai", "Essai", "Un outil d'essai.", Essai, (action,))
    monkeypatch.setitem(OUTILS, "essai", essai)
    with pytest.raises(SystemExit) as sortie:
        main(["outil", "essai", "--help"])
    assert sortie.value.code == 0
    aide = " ".join(capsys.readouterr().out.split())
    for ligne in (
        "--score VALEUR Score ; obligatoire",
        "--malus VALEUR Malus ; au plus 0 ; par défaut : 0",
        "--element VALEUR Élément ; parmi feu, eau ; par défaut : feu",
        "--des VALEUR Dés lus ; lus sur la table ; sans eux, on lance ; par défaut : 3 4",
    ):
        assert ligne in aide
    assert "essai.rien" not in OPERATIONS  # only the command line saw the test-only tool


def test_une_enumeration_et_un_defaut_calcule_font_l_aller_retour() -> None:
    """An enumerated field is written back as its value; a ``default_factory`` gives the field's default."""
    assert lire(Essai, {"score": "5"}) == Essai(5, 0, Element.FEU, [3, 4])
    ecrit = {"score": "5", "malus": "0", "element": "eau", "des": "3 4"}
    assert ecrire(Essai(5, element=Element.EAU)) == ecrit
    assert lire(Essai, ecrire(Essai(5, element=Element.EAU))) == Essai(5, element=Element.EAU)


def test_un_champ_sans_sa_declaration_est_une_erreur_de_l_auteur() -> None:
    """A declaration whose field carries no ``Champ`` fails at once, naming the class and the field."""

    @dataclasses.dataclass(frozen=True)
    class SansChamp:
        score: int = 0

    with pytest.raises(TypeError) as erreur:
        champs(SansChamp)
    assert str(erreur.value) == "SansChamp.score: Annotated[…, Champ(…)] attendu"


def _etats(outil: Outil[Any]) -> list[dict[str, Any]]:
    """The hidden fields' states the tool's own answers give (a fight in progress), none included."""
    etats: list[dict[str, Any]] = [{}]
    for op in outil.operations:
        reponse = Moteur(1).appeler(op, _base(outil))
        if reponse["ok"] and "etat" in reponse["resultat"]:
            etats.append({"etat": reponse["resultat"]["etat"]})
    return etats


def _mauvaises_valeurs(champ: ChampDeclare) -> list[Any]:
    valeurs: list[Any] = ["", "douze", "\x07", [1], {"a": 1}, 1e300, -1]
    if champ.meta.minimum is not None:
        valeurs.append(str(champ.meta.minimum - 1))
    if champ.meta.maximum is not None:
        valeurs.append(str(champ.meta.maximum + 1))
    return valeurs


def _messages(outil: Outil[Any]) -> Iterator[tuple[str, str]]:
    """(operation, message) of each error every operation of the tool gives, field by field."""
    for etat in _etats(outil):
        for op in outil.operations:
            for champ in outil.champs:
                for valeur in _mauvaises_valeurs(champ):
                    reponse = Moteur(1).appeler(op, {**_base(outil), **etat, champ.cle: valeur})
                    if not reponse["ok"]:
                        yield op, reponse["erreur"]["message"]
            reponse = Moteur(1).appeler(op, {})
            if not reponse["ok"]:
                yield op, reponse["erreur"]["message"]


NOMME = re.compile("«\u00a0([^»\u2068]{1,40})\u00a0»")
# Errors found by the walk below in modules other hands are cutting (left to them, listed in the report).
NOMMENT_UN_CHAMP_INTERNE: dict[str, str] = {}


@pytest.mark.parametrize(
    "nom",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=NOMMENT_UN_CHAMP_INTERNE[n], strict=True))
        if n in NOMMENT_UN_CHAMP_INTERNE
        else n
        for n in sorted(OUTILS)
    ],
)
def test_aucune_erreur_ne_nomme_un_champ_par_sa_cle(nom: str) -> None:
    """Every error of every operation of the tool names a field by its French label, never by its key or
    attribute (``score_attaque``, ``fv``, ``nom``…) when that differs from the label."""
    outil = OUTILS[nom]
    libelles = {typographie(c.meta.libelle) for c in outil.champs} | {c.meta.libelle for c in outil.champs}
    internes = {n for c in outil.champs for n in (c.cle, c.attribut)} - libelles
    fautes = {
        (op, message)
        for op, message in _messages(outil)
        if any(nomme in internes or "_" in nomme for nomme in NOMME.findall(message))
    }
    assert sorted(fautes) == []
