"""Characters stored or exported before the complete sheets open unchanged after them.

The files of ``tests/rules/donnees/`` were written by the code of commit 76f128f (document version 1,
before the KAR weapons, the El Toto shield and the Actions d100 characteristics): the browser's stored
document, the page's export, a version 0 list, one terminal export (``--exporter``) per system, and what
« Remplir depuis » filled from each character then. Read today, every value is the same and each new
field is at its default; the one value the new bounds refuse (an El Toto weapon bonus of 999, which no
tool accepted) becomes 100, and a note says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_py import personnages as pj
from rules_py.web.personnages import depuis_un_fichier
from tests.rules.facade import appeler

DONNEES = Path(__file__).with_name("donnees")

NOUVEAUX = {
    "Basic maison": {},
    "BaSIC — KAR": {"armes": "", "compteur_init": "0"},
    "El Toto": {"bouclier": "0"},
    "Actions d100": {"caracteristiques": ""},
}
"""The fields the sheets gained, at their defaults."""

NOTE_TOTO = "« Toto » : le bonus de l'arme 999 devient 100, le plus grand que les outils acceptent."


def _texte(nom: str) -> str:
    return (DONNEES / nom).read_text(encoding="utf-8")


def _attendu(ancien: dict) -> dict:
    """An old character as it reads today: its values, the new fields at their defaults."""
    fiche = {**ancien["fiche"], **NOUVEAUX[ancien["systeme"]]}
    if ancien["systeme"] == "El Toto" and int(fiche["bonus_arme"]) > 100:
        fiche["bonus_arme"] = "100"
    return {**ancien, "fiche": fiche}


@pytest.mark.parametrize("nom", ["personnages-stockes-v1.json", "personnages-exportes-v1.json"])
def test_les_personnages_de_la_version_1_s_ouvrent_inchanges(nom: str) -> None:
    """Stored or exported (the same document): each of the eight characters, every value kept."""
    ancien = json.loads(_texte(nom))
    assert ancien["version"] == 1 and len(ancien["personnages"]) == 8
    lu = pj.lire_document(_texte(nom), strict=True)
    assert lu.migre_depuis == 1 and lu.rejetes == ()
    assert [p.en_json() for p in lu.personnages] == [_attendu(p) for p in ancien["personnages"]]
    assert lu.notes == (NOTE_TOTO,)


def test_la_version_1_migree_se_relit_a_l_identique() -> None:
    """Once migrated, the document is version 2 and reads back exactly, with no note."""
    migre = pj.document_json(pj.lire_document(_texte("personnages-stockes-v1.json")).personnages)
    assert migre["version"] == 2
    relu = pj.lire_document(json.dumps(migre))
    assert pj.document_json(relu.personnages) == migre
    assert relu.migre_depuis is None and relu.notes == ()


def test_la_page_charge_et_importe_l_ancien_document_avec_sa_note() -> None:
    """The page's load and import (the facade) keep every character and show the bonus's note."""
    charge = appeler("personnages.charger", {"texte": _texte("personnages-stockes-v1.json")})
    assert charge["migre_depuis"] == 1 and charge["rejetes"] == []
    assert len(charge["document"]["personnages"]) == 8
    assert charge["notes"] == [NOTE_TOTO]
    importe = appeler("personnages.importer", {"texte": _texte("personnages-exportes-v1.json")})
    assert len(importe["personnages"]) == 8 and importe["notes"] == [NOTE_TOTO]


def test_la_version_0_passe_par_les_deux_migrations() -> None:
    """A version 0 list (written then): identifiers, then the new fields; values unchanged."""
    ancien = json.loads(_texte("personnages-v0.json"))
    lu = pj.lire_document(_texte("personnages-v0.json"), strict=True)
    assert lu.migre_depuis == 0
    attendus = [_attendu({"id": f"p{n}", **p}) for n, p in enumerate(ancien, 1)]
    assert [p.en_json() for p in lu.personnages] == attendus


@pytest.mark.parametrize(
    ("fichier", "outil", "attendu"),
    [
        ("terminal-basic-v1.json", "modificateur-degats", {"for": "14", "tai": "16"}),
        ("terminal-kar-v1.json", "scories-kar", {"kar": "100", "kar_initial": "0", "pe_initiaux": "12"}),
        ("terminal-el-toto-v1.json", "energie-el-toto", {"hargne": "0", "trempe": "2", "survie": "2"}),
    ],
)
def test_un_export_du_terminal_d_avant_remplit_toujours_l_outil(
    fichier: str, outil: str, attendu: dict
) -> None:
    """A file ``--exporter`` wrote then still fills a tool by ``--personnage``."""
    valeurs = depuis_un_fichier(_texte(fichier), outil)
    assert attendu.items() <= valeurs.items()


def test_un_export_actions_d_avant_donne_ses_competences_avec_un_point_depense() -> None:
    """Actions d100 skills written before the mark existed read as skills with points spent."""
    valeurs = depuis_un_fichier(_texte("terminal-actions-v1.json"), "test-actions", "Hache")
    assert valeurs == {"score": "0", "points": True}


def _remplissages() -> list[tuple[str, str, str, dict]]:
    avant = json.loads(_texte("remplir-v1.json"))
    return [
        (ident, outil, camp, valeurs)
        for ident, outils in avant.items()
        for outil, camps in outils.items()
        for camp, valeurs in camps.items()
    ]


def test_remplir_depuis_un_ancien_personnage_donne_au_moins_les_memes_champs() -> None:
    """Every field « Remplir depuis » filled then is filled the same today (new ones may be added)."""
    personnages = {
        p.id: p.en_json() for p in pj.lire_document(_texte("personnages-stockes-v1.json")).personnages
    }
    cas = _remplissages()
    assert len(cas) == 76
    for ident, outil, camp, avant in cas:
        args = {"outil": outil, "personnage": personnages[ident], "camp": camp}
        maintenant = appeler("personnages.remplir", args)["valeurs"]
        if ident == "e1":  # the one value the new bounds change
            avant = {cle: "100" if cle.startswith("bonus_arme") else v for cle, v in avant.items()}
        assert avant.items() <= maintenant.items(), (ident, outil, camp)
