"""Characters kept on the device: the page « Personnages », export and import, « Remplir depuis »."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.test_hors_ligne import visiter_et_garder
from tests.browser.widgets import PRET, aller, page_prete, remplir, soumettre, widget
from tests.personnages_exemples import PERSONNAGES, RUAN

pytestmark = pytest.mark.browser

CLE = "regles-personnages"
CLE_ILLISIBLE = "regles-personnages-illisible"
PAGE = "personnages/"


@pytest.fixture
def personnages(page: Page) -> Page:
    """The page « Personnages », engine ready, nothing stored (a fresh context stores nothing)."""
    aller(page, PAGE)
    page_prete(page)
    return page


def stocke(page: Page) -> Any:
    texte = page.evaluate("cle => localStorage.getItem(cle)", CLE)
    return json.loads(texte) if texte else None


def ligne(page: Page, nom: str) -> Any:
    return page.locator(
        ".regles-personnages__personnage", has=page.locator(".regles-personnages__nom", has_text=nom)
    )


def etat(page: Page, systeme: str = "Basic maison") -> Any:
    """The message zone under a system's sheet: what its saves, deletions and undos did."""
    return page.locator(f'.regles-personnages[data-systeme="{systeme}"] .regles-personnages__etat')


def enregistrer(page: Page, valeurs: dict[str, str]) -> None:
    fiche = widget(page, "personnage-basic")
    soumettre(fiche, valeurs)
    expect(ligne(page, valeurs["nom"])).to_have_count(1, timeout=PRET)


def importer(page: Page, chemin: Path) -> None:
    page.locator("#regles-personnages-import").set_input_files(str(chemin))


def test_un_personnage_cree_recharge_exporte_supprime_et_reimporte_revient_identique(
    personnages: Page, tmp_path: Path
) -> None:
    """Created, reloaded, exported, deleted (confirmed) then imported: the stored sheet is the same."""
    page = personnages
    enregistrer(page, RUAN)
    avant = stocke(page)
    assert avant["version"] == 2
    assert [p["fiche"] for p in avant["personnages"]] == [RUAN]
    page.reload()
    page_prete(page)
    expect(ligne(page, "Ruan")).to_have_count(1, timeout=PRET)
    assert stocke(page) == avant
    with page.expect_download() as telechargement:
        ligne(page, "Ruan").get_by_role("button", name="Exporter").click()
    fichier = tmp_path / "ruan.json"
    telechargement.value.save_as(fichier)
    assert json.loads(fichier.read_text(encoding="utf-8"))["personnages"] == avant["personnages"]
    ligne(page, "Ruan").get_by_role("button", name="Supprimer").click()
    assert stocke(page) == avant  # nothing deleted before the confirmation
    ligne(page, "Ruan").get_by_role("button", name="Oui, supprimer").click()
    expect(ligne(page, "Ruan")).to_have_count(0)
    assert stocke(page)["personnages"] == []
    importer(page, fichier)
    expect(ligne(page, "Ruan")).to_have_count(1, timeout=PRET)
    assert stocke(page) == avant


def test_supprimer_puis_annuler_rend_le_personnage(personnages: Page) -> None:
    """A deletion is undone by « Annuler »; « Dupliquer » adds a copy under a new name."""
    page = personnages
    enregistrer(page, RUAN)
    avant = stocke(page)
    ligne(page, "Ruan").get_by_role("button", name="Supprimer").click()
    ligne(page, "Ruan").get_by_role("button", name="Oui, supprimer").click()
    expect(etat(page)).to_contain_text("« Ruan » supprimé.")
    etat(page).get_by_role("button", name="Annuler").click()
    expect(ligne(page, "Ruan")).to_have_count(1)
    expect(etat(page)).to_have_text("Suppression de « Ruan » annulée.")
    assert stocke(page) == avant
    ligne(page, "Ruan").get_by_role("button", name="Dupliquer").click()
    expect(ligne(page, "Ruan (copie)")).to_have_count(1)
    copie = stocke(page)["personnages"][1]
    assert copie["fiche"] == {**RUAN, "nom": "Ruan (copie)"} and copie["id"] != "ruan"


def test_modifier_remplace_la_fiche(personnages: Page) -> None:
    """« Modifier » puts the sheet back in the form; « Enregistrer » replaces it, no second character."""
    page = personnages
    enregistrer(page, RUAN)
    ligne(page, "Ruan").get_by_role("button", name="Modifier").click()
    fiche = widget(page, "personnage-basic")
    expect(fiche.locator('[name="scores"]')).to_have_value(RUAN["scores"])
    soumettre(fiche, {"for": "15"})
    expect(etat(page)).to_contain_text("« Ruan » enregistré")
    assert [p["fiche"]["for"] for p in stocke(page)["personnages"]] == ["15"]


@pytest.mark.parametrize(
    "contenu",
    [
        "{pas du json",
        json.dumps({"schema": "autre-chose", "version": 1, "personnages": []}),
        json.dumps({"schema": CLE, "version": 99, "personnages": []}),
        "[" * 5000 + "]" * 5000,
        json.dumps(
            {
                "schema": CLE,
                "version": 1,
                "personnages": [{"id": "x", "systeme": "Basic maison", "fiche": {"nom": "A", "for": "-3"}}],
            }
        ),
        json.dumps(
            {
                "schema": CLE,
                "version": 1,
                "personnages": [
                    {"id": "<img src=x onerror=alert(1)>", "systeme": "El Toto", "fiche": {"nom": "B"}}
                ],
            }
        ),
    ],
    ids=[
        "pas-du-json",
        "autre-schema",
        "version-inconnue",
        "imbrication",
        "valeur-refusee",
        "identifiant-hostile",
    ],
)
def test_un_fichier_abime_ou_hostile_est_refuse_sans_rien_changer(
    personnages: Page, tmp_path: Path, contenu: str
) -> None:
    """A broken or hostile file: a French message, and what is stored stays exactly as it was."""
    page = personnages
    enregistrer(page, RUAN)
    avant = page.evaluate("cle => localStorage.getItem(cle)", CLE)
    fichier = tmp_path / "abime.json"
    fichier.write_text(contenu, encoding="utf-8")
    importer(page, fichier)
    message = page.locator(".regles-personnages__messages .regles-texte--erreur")
    # « Fichier refusé : » once, or the engine's own « Fichier illisible : » alone.
    expect(message).to_contain_text(re.compile("^Fichier (refusé|illisible)"), timeout=PRET)
    expect(message).to_contain_text("Rien n’a changé.")
    assert len(re.findall("Fichier (refusé|illisible)", message.inner_text())) == 1
    assert page.evaluate("cle => localStorage.getItem(cle)", CLE) == avant
    assert page.locator("[onerror]").count() == 0


def test_un_stockage_illisible_donne_un_message_et_garde_la_copie_brute(personnages: Page) -> None:
    """Unreadable stored data: a French message on the page (not a blank page), the raw copy kept."""
    page = personnages
    page.evaluate("cle => localStorage.setItem(cle, '{abîmé')", CLE)
    page.reload()
    page_prete(page)
    message = page.locator(".regles-personnages__messages .regles-texte--erreur")
    expect(message).to_contain_text("illisibles", timeout=PRET)
    expect(message).to_contain_text("Rien n’a été effacé")
    assert page.evaluate("cle => localStorage.getItem(cle)", CLE_ILLISIBLE) == "{abîmé"
    expect(widget(page, "personnage-basic").locator(".regles-widget__formulaire")).to_be_visible()


def test_une_ancienne_version_est_migree(personnages: Page) -> None:
    """Version 0 (a bare list, no identifiers) is migrated on load, its raw copy kept."""
    page = personnages
    ancien = json.dumps(
        [{"systeme": "Actions d100", "fiche": {"nom": "Brugor", "scores": "Crochetage : 60"}}]
    )
    page.evaluate("([cle, texte]) => localStorage.setItem(cle, texte)", [CLE, ancien])
    page.reload()
    page_prete(page)
    expect(ligne(page, "Brugor")).to_have_count(1, timeout=PRET)
    fiche = {"nom": "Brugor", "caracteristiques": "", "scores": "Crochetage : 60"}
    assert stocke(page) == {
        "schema": CLE,
        "version": 2,
        "personnages": [{"id": "p1", "systeme": "Actions d100", "fiche": fiche}],
    }
    assert page.evaluate("cle => localStorage.getItem(cle)", CLE_ILLISIBLE) == ancien


@pytest.fixture(scope="module")
def avec_personnages(site_page: Page) -> Page:
    """One page for the module, with a character of each system stored."""
    aller(site_page, PAGE)
    document = {"schema": CLE, "version": 1, "personnages": PERSONNAGES}
    site_page.evaluate("([cle, doc]) => localStorage.setItem(cle, JSON.stringify(doc))", [CLE, document])
    site_page.reload()
    page_prete(site_page)
    return site_page


def choisir_personnage(racine: Any, nom: str) -> None:
    liste = racine.locator(".regles-remplir select").first
    expect(liste).to_be_visible(timeout=PRET)
    liste.select_option(label=nom)
    expect(racine.locator(".regles-remplir__message")).to_contain_text(f"Rempli depuis « {nom} »")


def choisir_competence(racine: Any, libelle: str) -> None:
    liste = racine.locator(".regles-remplir__competence select")
    expect(liste).to_be_visible()
    liste.select_option(label=libelle)


def champs(racine: Any, noms: list[str]) -> dict[str, str]:
    return {nom: racine.locator(f'.regles-widget__formulaire [name="{nom}"]').input_value() for nom in noms}


def meme_resultat_qu_en_tapant(racine: Any, tapes: dict[str, str]) -> None:
    """Submit as filled, then type the same numbers in a fresh form: the answers are equal."""
    rempli = soumettre(racine)
    remplir(racine, {nom: "" for nom in tapes})
    assert soumettre(racine, tapes) == rempli
    assert rempli


CAS = [
    ("basic-maison/attributs-derives/", "modificateur-degats", "Ruan", None, {"for": "14", "tai": "16"}, {}),
    (
        "basic-maison/attributs-derives/",
        "attributs-basic",
        "Ruan",
        None,
        {"for": "14", "con": "13", "tai": "16", "dex": "12", "int": "11", "pou": "10", "cha": "9"},
        {},
    ),
    ("basic-maison/tests/", "test-basic", "Ruan", "Perception (45\u202f%)", {"score": "45"}, {"jet": "40"}),
    (
        "basic-kar/competences/",
        "test-kar",
        "Renard Blanc",
        "Discrétion (70\u202f%)",
        {"score": "70", "kar": "60"},
        {"jet": "30"},
    ),
    (
        "el-toto/regles-de-base/",
        "energie-el-toto",
        "Toto",
        None,
        {"hargne": "3", "trempe": "2", "survie": "1", "resistance": "2"},
        {},
    ),
    (
        "el-toto/regles-de-base/",
        "reserve-el-toto",
        "Toto",
        None,
        {"reste": "6"},
        {"des": "3", "energie": "2", "plafond": "3", "faces": "4 5 6 1 2"},
    ),
    (
        "actions-d100/marges-et-critiques/",
        "test-actions",
        "Brugor",
        "Crochetage (60\u202f%)",
        {"score": "60"},
        {"jet": "31"},
    ),
]


@pytest.mark.parametrize(
    ("chemin", "outil", "nom", "competence", "venus", "autres"), CAS, ids=[c[1] for c in CAS]
)
def test_remplir_depuis_donne_le_resultat_des_memes_nombres_tapes(
    avec_personnages: Page,
    chemin: str,
    outil: str,
    nom: str,
    competence: str | None,
    venus: dict[str, str],
    autres: dict[str, str],
) -> None:
    """« Remplir depuis » fills the character's fields (and a skill's score): same result as typing them."""
    page = avec_personnages
    aller(page, chemin)
    racine = widget(page, outil)
    choisir_personnage(racine, nom)
    if competence:
        choisir_competence(racine, competence)
    assert champs(racine, list(venus)) == venus
    remplir(racine, autres)
    meme_resultat_qu_en_tapant(racine, {**venus, **autres})


def test_remplir_depuis_n_offre_que_les_personnages_du_systeme(avec_personnages: Page) -> None:
    """A tool of Basic maison lists only Basic maison characters."""
    page = avec_personnages
    aller(page, "basic-maison/attributs-derives/")
    options = widget(page, "modificateur-degats").locator(".regles-remplir select option")
    expect(options).to_have_text(["—", "Ruan"], timeout=PRET)


def test_la_page_personnages_tient_dans_390_px(telephone: Page) -> None:
    """On a phone, with characters listed, the page does not scroll sideways."""
    aller(telephone, PAGE)
    document = {"schema": CLE, "version": 1, "personnages": PERSONNAGES}
    telephone.evaluate("([cle, doc]) => localStorage.setItem(cle, JSON.stringify(doc))", [CLE, document])
    telephone.reload()
    page_prete(telephone)
    expect(ligne(telephone, "Renard Blanc")).to_have_count(1, timeout=PRET)
    assert telephone.evaluate("document.documentElement.scrollWidth") <= 390


def test_une_arme_kar_remplit_le_coup_critique_sur_un_telephone(telephone: Page) -> None:
    """At 390 px: Yang's épée (FV 3, attack 65 %, 1d8+1) fills the attacker of the critical hit tool, its
    KAR too; the answer is that of the same numbers typed, and nothing scrolls sideways."""
    yang = {"nom": "Yang", "kar": "55", "armes": "Épée : 3 : 65 : 1d8+1\nDague : 2 : 40 : 1d4+2"}
    document = {
        "schema": CLE,
        "version": 2,
        "personnages": [{"id": "yang", "systeme": "BaSIC — KAR", "fiche": yang}],
    }
    aller(telephone, PAGE)
    telephone.evaluate("([cle, doc]) => localStorage.setItem(cle, JSON.stringify(doc))", [CLE, document])
    aller(telephone, "basic-kar/competences/")
    page_prete(telephone)
    racine = widget(telephone, "coup-critique-kar")
    attaquant = racine.locator(".regles-remplir select").first
    expect(attaquant).to_be_visible(timeout=PRET)
    expect(racine.locator(".regles-remplir label").first).to_have_text("Attaquant depuis…")
    attaquant.select_option(label="Yang")
    expect(racine.locator(".regles-remplir__message")).to_contain_text("Rempli depuis « Yang »")
    choisir_competence(racine, "Épée\u00a0: attaque 65\u202f%, FV 3, dommages 1d8+1")
    venus = {"score_attaque": "65", "arme": "1d8+1", "kar_attaque": "55"}
    assert champs(racine, list(venus)) == venus
    assert telephone.evaluate("document.documentElement.scrollWidth") <= 390
    des = {"jet_attaque": "3", "des_arme": "5", "des_bonus": "2"}
    remplir(racine, des)
    meme_resultat_qu_en_tapant(racine, {**venus, **des})


def test_imprimer_donne_la_fiche_remplie_et_la_fiche_vierge(personnages: Page) -> None:
    """« Imprimer » prints the filled sheet only; the blank sheet prints the system's empty sheet."""
    page = personnages
    enregistrer(page, RUAN)
    page.evaluate("() => { window.print = () => {} }")
    ligne(page, "Ruan").get_by_role("button", name="Imprimer").click()
    zone = page.locator(".regles-impression")
    expect(zone).to_contain_text("Ruan — Basic maison", timeout=PRET)
    page.emulate_media(media="print")
    expect(zone).to_be_visible()
    expect(zone).to_contain_text("Épée/Rapière")
    expect(page.locator(".md-header")).to_be_hidden()
    page.emulate_media(media="screen")
    page.evaluate("() => dispatchEvent(new Event('afterprint'))")
    expect(zone).to_have_count(0)
    page.get_by_role("button", name="Imprimer une fiche vierge").first.click()
    expect(page.locator(".regles-impression")).to_contain_text("Fiche de personnage — Basic maison")


def test_les_fichiers_des_personnages_sont_gardes_hors_ligne(site: Path) -> None:
    """The service worker's list holds the page, its script's modules and its styles."""
    liste = (site / "sw.js").read_text(encoding="utf-8")
    fichiers = ["personnages/", "assets/regles/personnages.css"]
    fichiers += [f"assets/regles/personnages{module}.js" for module in ("", "-page", "-magasin", "-messages")]
    for fichier in fichiers:
        assert f'"{fichier}"' in liste


def test_hors_ligne_apres_une_premiere_visite(site: Path, browser: Browser) -> None:
    """Server stopped after a first visit: the characters are listed, and fill a tool."""
    contexte = browser.new_context(locale="fr-FR", service_workers="allow")
    serveur = SiteServer(site).__enter__()
    try:
        page = contexte.new_page()
        visiter_et_garder(page, serveur.url + PAGE)
        enregistrer(page, RUAN)
        serveur.__exit__()
        page.goto(serveur.url + PAGE)
        page_prete(page)
        expect(ligne(page, "Ruan")).to_have_count(1, timeout=PRET)
        page.goto(serveur.url + "basic-maison/attributs-derives/")
        racine = widget(page, "modificateur-degats")
        choisir_personnage(racine, "Ruan")
        assert soumettre(racine)["somme"] == 30
    finally:
        contexte.close()
