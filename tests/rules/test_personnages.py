"""Characters: the four sheets, the stored document (versions, limits, checks), the facade and the CLI."""

from __future__ import annotations

import importlib
import json
import sys
import xml.etree.ElementTree as etree
from pathlib import Path

import pytest

from rules_py import personnages as pj
from rules_py.__main__ import main
from rules_py.errors import InputError
from rules_py.outils.champs import champs, lire
from rules_py.web.outil import OUTILS
from rules_py.web.personnages import NOMS, camps_de, depuis_un_fichier
from tests.personnages_exemples import RUAN, ruan
from tests.rules.facade import appeler, echec, textes


def document(*personnages: dict) -> str:
    return json.dumps({"schema": pj.SCHEMA, "version": pj.VERSION, "personnages": list(personnages)})


class TestFiches:
    def test_chaque_systeme_a_sa_fiche_et_son_outil(self) -> None:
        """One sheet per system, each registered as a tool of that system."""
        assert set(pj.FICHES) == {"Basic maison", "BaSIC — KAR", "El Toto", "Actions d100"}
        for systeme, classe in pj.FICHES.items():
            assert OUTILS[NOMS[systeme]].systeme == systeme
            assert OUTILS[NOMS[systeme]].entrees is classe

    def test_les_cles_des_fiches_sont_celles_des_outils(self) -> None:
        """The keys a sheet shares with tools are theirs (for, tai, kar, hargne …)."""
        cles = {c.cle for classe in pj.FICHES.values() for c in champs(classe)}
        assert {"for", "con", "tai", "dex", "int", "pou", "cha", "pa", "kar", "kar_initial"} <= cles
        assert {"CON", "INT", "DEX", "hargne", "trempe", "survie", "resistance", "bonus_arme"} <= cles

    def test_les_attributs_derives_viennent_du_moteur(self) -> None:
        """Basic maison: PV (CON+TAI)/2 rounded up, PM = POU, FOR+TAI modifier, healing rate (A1, A2, A8)."""
        fiche = lire(pj.FicheBasic, RUAN)
        assert fiche.derives() == {
            "pv": 15,
            "pv_max": 15,
            "pm": 10,
            "for_tai": 30,
            "modificateur_de_degats": "+1d2",
            "vitesse_de_guerison": 3,
        }

    def test_el_toto_vie_energie_et_pdc(self) -> None:
        """El Toto: Vie = Résistance x 2 + Hargne + 5, Énergie = Hargne + Trempe + Survie, PdC = AM + arme."""
        fiche = lire(
            pj.FicheElToto, {"nom": "Toto", "resistance": "2", "hargne": "3", "trempe": "2", "survie": "1"}
        )
        assert fiche.derives() == {
            "vie": 12,
            "points_d_energie": 6,
            "reste": 6,
            "pdc": 2,
            "resistance_protection": 2,
        }

    def test_les_armes_donnent_att_et_par(self) -> None:
        """A weapon skill has two values: ATT and PAR, listed after the skills."""
        fiche = lire(pj.FicheBasic, RUAN)
        assert pj.competences(fiche) == [
            ("Perception", 45),
            ("Discrétion", 30),
            ("Épée/Rapière (ATT)", 55),
            ("Épée/Rapière (PAR)", 40),
        ]

    @pytest.mark.parametrize(
        ("champ", "valeur", "message"),
        [
            ("for", "-1", "« FOR (Force) » doit être au moins 0 (reçu : −1)."),
            ("culture", "Martien", "« Culture » doit être l’une de ces valeurs"),
            ("scores", "Perception 45", "« Compétences », ligne 1 : écrivez « Nom : valeur »"),
            ("scores", "Perception : beaucoup", "« Compétences », ligne 1 : « beaucoup » n’est pas un score"),
            ("armes", "Épée : 1d6+2 : 55", "« Armes », ligne 1 : écrivez « Nom : dégâts : ATT : PAR »"),
            ("armes", "Épée : 1z6 : 55 : 40", "« Armes », ligne 1 :"),
            ("nom", "x" * 81, "« Nom » est trop long"),
        ],
    )
    def test_une_fiche_fautive_est_refusee_en_nommant_le_champ(
        self, champ: str, valeur: str, message: str
    ) -> None:
        """The engine checks a sheet with the declaration: the French message names the field."""
        erreur = echec("personnages.personnage-basic", {**RUAN, champ: valeur})
        assert erreur["champ"] == champ
        assert (
            message.replace(" :", "\u00a0:").replace("« ", "«\u00a0").replace(" »", "\u00a0»")
            in erreur["message"]
        )

    def test_un_personnage_sans_nom_est_refuse(self) -> None:
        """The blank form has no name: « Enregistrer » asks for one."""
        erreur = echec("personnages.personnage-actions", {"nom": " "})
        assert erreur["champ"] == "nom" and "Nom" in erreur["message"]


class TestEnregistrer:
    def test_enregistrer_rend_les_textes_de_la_fiche(self) -> None:
        """« Enregistrer » answers the sheet's texts (what is stored) and the filled sheet."""
        resultat = appeler("personnages.personnage-basic", RUAN)
        assert resultat["fiche"] == RUAN
        assert resultat["systeme"] == "Basic maison"
        assert "\u2068Ruan\u2069 — Basic maison" in textes(resultat)  # the typed name, isolated
        assert "Épée/Rapière" in textes(resultat)

    def test_la_fiche_vierge_est_le_repli_statique(self) -> None:
        """The static fallback (print, PDF) is the blank sheet: labels, no values."""
        blocs = OUTILS["personnage-el-toto"].exemple({})
        assert blocs[0]["texte"] == "Fiche de personnage — El Toto"
        assert all(valeur == "" for _, valeur in blocs[1]["lignes"])


class TestDocument:
    def test_aller_retour_exact(self) -> None:
        """A stored document read back gives the same JSON."""
        texte = document(
            ruan(),
            {
                "id": "b",
                "systeme": "Actions d100",
                "fiche": {"nom": "Brugor", "caracteristiques": "", "scores": ""},
            },
        )
        lu = pj.lire_document(texte)
        assert pj.document_json(lu.personnages) == json.loads(texte)
        assert lu.rejetes == () and lu.migre_depuis is None

    def test_la_version_0_est_migree(self) -> None:
        """Version 0, a bare list without identifiers, gets identifiers and the current version."""
        lu = pj.lire_document(json.dumps([{"systeme": "Actions d100", "fiche": {"nom": "Brugor"}}]))
        assert lu.migre_depuis == 0
        assert pj.document_json(lu.personnages) == {
            "schema": "regles-personnages",
            "version": 2,
            "personnages": [
                {
                    "id": "p1",
                    "systeme": "Actions d100",
                    "fiche": {"nom": "Brugor", "caracteristiques": "", "scores": ""},
                }
            ],
        }

    def test_chaque_ancienne_version_a_sa_migration(self) -> None:
        """The migrations table covers every version below the current one."""
        assert set(pj.MIGRATIONS) == set(range(pj.VERSION))

    def test_un_personnage_fautif_est_mis_de_cote_pas_perdu(self) -> None:
        """On load, a sheet that fails its check is set aside with its French reason, the others kept."""
        fautif = ruan(**{"for": "-3"}) | {"id": "autre"}
        lu = pj.lire_document(document(ruan(), fautif))
        assert [p.id for p in lu.personnages] == ["ruan"]
        assert lu.rejetes == (
            (fautif, "Personnage n° 2 (« Ruan ») : « FOR (Force) » doit être au moins 0 (reçu : -3)."),
        )

    @pytest.mark.parametrize(
        ("texte", "message"),
        [
            ("{", "Fichier illisible : ce n'est pas du JSON."),
            ("[" * 3000 + "]" * 3000, "imbriqué trop profondément"),
            (json.dumps({"schema": "autre", "version": 1}), "n'est pas un fichier de personnages"),
            (json.dumps({"schema": pj.SCHEMA, "version": 7, "personnages": []}), "Version de fichier"),
            (json.dumps({"schema": pj.SCHEMA, "version": True, "personnages": []}), "Version de fichier"),
            (json.dumps({"schema": pj.SCHEMA, "version": 1}), "la liste « personnages » manque"),
            (" " * (pj.TAILLE_MAX + 1), "Fichier trop gros"),
            (document(ruan() | {"id": "<script>"}), "Identifiant de personnage illisible."),
            (document(ruan() | {"systeme": "Donjons"}), "Système inconnu"),
            (document(ruan(), ruan()), "Identifiant en double."),
            (document(ruan() | {"fiche": {"nom": "R", "pirate": "1"}}), "Champ inconnu"),
            (document(ruan(nom="")), "« Nom » est vide"),
        ],
    )
    def test_un_fichier_abime_ou_hostile_est_refuse_a_l_import(self, texte: str, message: str) -> None:
        """An import is refused whole, with a French message, at the first fault."""
        with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
            pj.lire_document(texte, strict=True)

    @pytest.mark.parametrize(
        ("brut", "message"),
        [
            ("Ruan", "Un personnage doit être un objet (id, systeme, fiche)."),
            (ruan() | {"fiche": "Ruan"}, "La fiche du personnage doit être un objet (clé → valeur)."),
            (ruan(scores=" : 45"), "« Compétences », ligne 1 : le nom manque ou dépasse 60 caractères."),
            (
                ruan(armes="E" * 61 + " : 1d6 : 50 : 40"),
                "« Armes », ligne 1 : le nom manque ou dépasse 60 caractères.",
            ),
            (ruan(scores="\n".join(f"C{n} : 1" for n in range(81))), "« Compétences » : au plus 80 lignes."),
            (ruan(scores="P : 1\n" * 1000), "« Compétences » est trop long (au plus 4000 caractères)."),
        ],
    )
    def test_un_personnage_mal_forme_est_mis_de_cote_avec_sa_raison(self, brut: object, message: str) -> None:
        """On load, a malformed character is set aside with its exact French reason and the other one kept;
        an import refuses the whole file with the same reason."""
        brugor = {
            "id": "b",
            "systeme": "Actions d100",
            "fiche": {"nom": "Brugor", "caracteristiques": "", "scores": ""},
        }
        texte = document(brugor, brut)
        nom = "« Ruan »" if isinstance(brut, dict) and isinstance(brut["fiche"], dict) else "sans nom"
        raison = f"Personnage n° 2 ({nom}) : {message}"
        lu = pj.lire_document(texte)
        assert lu.personnages == (
            pj.Personnage("b", "Actions d100", {"nom": "Brugor", "caracteristiques": "", "scores": ""}),
        )
        assert lu.rejetes == ((brut, raison),) and lu.migre_depuis is None
        with pytest.raises(InputError) as erreur:
            pj.lire_document(texte, strict=True)
        assert erreur.value.message == raison

    @pytest.mark.parametrize("strict", [False, True])
    def test_une_version_0_qui_n_est_pas_une_liste_est_refusee(self, strict: bool) -> None:
        """A file that says version 0 but is not version 0's bare list: refused whole, in French."""
        texte = json.dumps({"schema": pj.SCHEMA, "version": 0, "personnages": [ruan()]})
        with pytest.raises(InputError) as erreur:
            pj.lire_document(texte, strict=strict)
        assert erreur.value.message == "Version 0 illisible : une liste de personnages était attendue."

    def test_trop_de_personnages(self) -> None:
        """More characters than the limit: refused."""
        trop = [ruan() | {"id": f"p{n}"} for n in range(pj.PERSONNAGES_MAX + 1)]
        with pytest.raises(InputError, match="Trop de personnages"):
            pj.lire_document(document(*trop))

    def test_charger_un_stockage_vide(self) -> None:
        """Nothing stored: an empty document of the current version."""
        assert appeler("personnages.charger", {"texte": ""})["document"] == {
            "schema": "regles-personnages",
            "version": 2,
            "personnages": [],
        }

    def test_importer_et_charger_par_la_facade(self) -> None:
        """The facade's import refuses a faulty file; its load sets the faulty sheet aside."""
        assert appeler("personnages.importer", {"texte": document(ruan())})["personnages"] == [ruan()]
        assert "Fichier illisible" in echec("personnages.importer", {"texte": "{"})["message"]
        resultat = appeler("personnages.charger", {"texte": document(ruan(**{"pa": "x"}))})
        assert resultat["document"]["personnages"] == [] and len(resultat["rejetes"]) == 1


class TestRemplir:
    def test_les_champs_du_personnage_remplissent_l_outil(self) -> None:
        """A tool gets the fields whose key the character has: here FOR and TAI."""
        resultat = appeler("personnages.remplir", {"outil": "modificateur-degats", "personnage": ruan()})
        assert resultat["valeurs"] == {"for": "14", "tai": "16"}
        assert resultat["competences"][0] == ["Perception", 45, {}, "Perception (45\u202f%)"]

    def test_le_resultat_egale_celui_des_nombres_tapes(self) -> None:
        """Filled from the character or typed, the tool answers the same."""
        valeurs = appeler("personnages.remplir", {"outil": "modificateur-degats", "personnage": ruan()})[
            "valeurs"
        ]
        assert appeler("basic.modificateur", valeurs) == appeler(
            "basic.modificateur", {"for": "14", "tai": "16"}
        )

    def test_un_personnage_d_un_autre_systeme_est_refuse(self) -> None:
        """A Basic maison tool does not take an El Toto character."""
        toto = {"id": "t", "systeme": "El Toto", "fiche": {"nom": "Toto"}}
        erreur = echec("personnages.remplir", {"outil": "modificateur-degats", "personnage": toto})
        assert "El Toto" in erreur["message"]

    def test_un_outil_inconnu_est_refuse(self) -> None:
        """An unknown tool name: a French error."""
        assert (
            "Outil inconnu"
            in echec("personnages.remplir", {"outil": "rien", "personnage": ruan()})["message"]
        )

    def test_la_feuille_remplie(self) -> None:
        """The filled sheet of a stored character shows its computed values."""
        assert "Points de vie (PV) | 15" in textes(appeler("personnages.feuille", {"personnage": ruan()}))

    def test_depuis_un_fichier_et_sa_competence(self) -> None:
        """The CLI's helper: the file's character of the tool's system; an unknown skill is refused."""
        assert depuis_un_fichier(document(ruan()), "modificateur-degats") == {"for": "14", "tai": "16"}
        with pytest.raises(InputError, match="ne prend pas de compétence"):
            depuis_un_fichier(document(ruan()), "modificateur-degats", "Perception")
        with pytest.raises(InputError, match="aucun personnage de Dés"):
            depuis_un_fichier(document(ruan()), "jet-de-des")


YANG = {
    "nom": "Yang",
    "force": "3",
    "resistance": "3",
    "hargne": "3",
    "arts_martiaux": "3",
    "competence_arme": "3",
    "bonus_arme": "2",
    "protection": "1",
}
GUO = {
    "nom": "Guo",
    "force": "2",
    "hargne": "2",
    "arts_martiaux": "2",
    "competence_arme": "2",
    "bonus_arme": "1",
}


def toto(fiche: dict[str, str]) -> dict:
    """An El Toto character stored with ``fiche``."""
    return {"id": fiche["nom"].lower(), "systeme": "El Toto", "fiche": fiche}


class TestRemplirUnCamp:
    def test_chaque_camp_du_duel_depuis_un_personnage(self) -> None:
        """Side A from Yang, side B from Guo: name, Vie, PdC, Force, weapon, Résistance + Protection."""
        camp_a = appeler(
            "personnages.remplir", {"outil": "duel-el-toto", "personnage": toto(YANG), "camp": "a"}
        )
        camp_b = appeler(
            "personnages.remplir", {"outil": "duel-el-toto", "personnage": toto(GUO), "camp": "b"}
        )
        assert camp_a["valeurs"] == {
            "nom_a": "Yang",
            "vie_a": "14",
            "pdc_a": "6",
            "force_a": "3",
            "bonus_arme_a": "2",
            "resistance_a": "4",
        }
        assert camp_b["valeurs"] == {
            "nom_b": "Guo",
            "vie_b": "11",
            "pdc_b": "4",
            "force_b": "2",
            "bonus_arme_b": "1",
            "resistance_b": "2",
        }
        assert camps_de("duel-el-toto") == [("a", "Combattant A"), ("b", "Combattant B")]

    def test_sans_camp_un_outil_a_deux_camps_ne_remplit_rien(self) -> None:
        """Without a side, a duel's fields (all of a side) stay as typed."""
        reponse = appeler("personnages.remplir", {"outil": "duel-el-toto", "personnage": toto(YANG)})
        assert reponse["valeurs"] == {}

    def test_le_tir_a_un_tireur_et_une_cible(self) -> None:
        """Ranged combat: the shooter's PdC, weapon and Force; the target's Résistance + Protection."""
        args = {"outil": "distance-el-toto", "personnage": toto(YANG)}
        assert appeler("personnages.remplir", {**args, "camp": "tireur"})["valeurs"] == {
            "pdc": "6",
            "bonus_arme": "2",
            "force": "3",
        }
        cible = appeler("personnages.remplir", {**args, "camp": "cible"})
        assert cible["valeurs"] == {"resistance": "4"}
        assert camps_de("distance-el-toto") == [("tireur", "Tireur"), ("cible", "Cible")]

    def test_un_outil_sans_camp_n_en_annonce_aucun(self) -> None:
        """A one-sided tool answers no sides, and refuses one."""
        reponse = appeler("personnages.remplir", {"outil": "energie-el-toto", "personnage": toto(YANG)})
        assert camps_de("energie-el-toto") == [] and reponse["valeurs"]["hargne"] == "3"
        args = {"outil": "energie-el-toto", "personnage": toto(YANG), "camp": "a"}
        assert "pas de camp «\xa0a\xa0»" in echec("personnages.remplir", args)["message"]

    def test_le_combat_rapide_rempli_egale_les_nombres_tapes(self) -> None:
        """Quick combat filled side by side answers as the same numbers typed."""
        valeurs = {}
        for camp, fiche in (("a", YANG), ("b", GUO)):
            args = {"outil": "combat-rapide-el-toto", "personnage": toto(fiche), "camp": camp}
            valeurs |= appeler("personnages.remplir", args)["valeurs"]
        tapes = {"pdc_a": "6", "bonus_arme_a": "2", "resistance_a": "4", "pdc_b": "4", "bonus_arme_b": "1"}
        tapes |= {"bouclier_a": "0", "bouclier_b": "0"}  # the sheet's shield: none
        assert appeler("toto.combat_rapide", valeurs) == appeler(
            "toto.combat_rapide", {**tapes, "resistance_b": "2"}
        )


class TestLigneDeCommande:
    def test_personnage_remplit_l_outil(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``outil NOM --personnage fichier.json`` gives the answer of the same numbers typed."""
        fichier = tmp_path / "ruan.json"
        fichier.write_text(document(ruan()), encoding="utf-8")
        assert main(["outil", "modificateur-degats", "--personnage", str(fichier), "--json"]) == 0
        rempli = json.loads(capsys.readouterr().out)
        assert main(["outil", "modificateur-degats", "--for", "14", "--tai", "16", "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == rempli

    def test_une_option_l_emporte_sur_le_personnage(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """An option typed on the line wins over the character's value."""
        fichier = tmp_path / "ruan.json"
        fichier.write_text(document(ruan()), encoding="utf-8")
        assert (
            main(["outil", "modificateur-degats", "--personnage", str(fichier), "--tai", "10", "--json"]) == 0
        )
        assert json.loads(capsys.readouterr().out)["somme"] == 24

    def test_camp_remplit_un_cote_du_duel(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``--personnage f.json --camp-de-la-fiche a`` fills side A of the duel as typed numbers do."""
        fichier = tmp_path / "yang.json"
        fichier.write_text(document(toto(YANG)), encoding="utf-8")
        assert (
            main(
                [
                    "outil",
                    "duel-el-toto",
                    "--personnage",
                    str(fichier),
                    "--camp-de-la-fiche",
                    "a",
                    "--json",
                    "--seed",
                    "7",
                ]
            )
            == 0
        )
        rempli = json.loads(capsys.readouterr().out)
        tapes = ["--nom-a", "Yang", "--vie-a", "14", "--pdc-a", "6", "--force-a", "3", "--bonus-arme-a", "2"]
        assert main(["outil", "duel-el-toto", *tapes, "--resistance-a", "4", "--json", "--seed", "7"]) == 0
        assert json.loads(capsys.readouterr().out) == rempli

    @pytest.mark.parametrize(("contenu", "message"), [(None, "introuvable"), ("{", "Fichier illisible")])
    def test_un_fichier_fautif_donne_une_erreur_francaise(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], contenu: str | None, message: str
    ) -> None:
        """A missing or broken file: French message on stderr, exit 2."""
        fichier = tmp_path / "abime.json"
        if contenu is not None:
            fichier.write_text(contenu, encoding="utf-8")
        assert main(["outil", "modificateur-degats", "--personnage", str(fichier)]) == 2
        assert message in capsys.readouterr().err

    def test_la_competence_de_la_fiche_remplit_le_score(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """``--competence-de-la-fiche Perception`` tests Ruan's 45 %, as ``--score 45`` typed does."""
        fichier = tmp_path / "ruan.json"
        fichier.write_text(document(ruan()), encoding="utf-8")
        fiche = ["--personnage", str(fichier), "--competence-de-la-fiche", "Perception"]
        assert main(["outil", "test-basic", *fiche, "--jet", "12", "--json"]) == 0
        rempli = json.loads(capsys.readouterr().out)
        assert main(["outil", "test-basic", "--score", "45", "--jet", "12", "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == rempli
        assert rempli["rejouer"]["score"] == "45"

    @pytest.mark.parametrize(
        ("personnage", "outil", "connues"),
        [
            (
                ruan(),
                "test-basic",
                "«\u00a0Perception\u00a0», «\u00a0Discrétion\u00a0», "
                "«\u00a0Épée/Rapière (ATT)\u00a0», «\u00a0Épée/Rapière (PAR)\u00a0»",
            ),
            ({"id": "b", "systeme": "Actions d100", "fiche": {"nom": "Ruan"}}, "test-actions", "aucune"),
        ],
    )
    def test_une_competence_absente_de_la_fiche_est_refusee(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str], personnage: dict, outil: str, connues: str
    ) -> None:
        """``--competence-de-la-fiche`` naming a skill the sheet lacks: the ones it has, exit 2, no answer."""
        fichier = tmp_path / "ruan.json"
        fichier.write_text(document(personnage), encoding="utf-8")
        argv = ["outil", outil, "--personnage", str(fichier), "--competence-de-la-fiche", "Nage"]
        assert main(argv) == 2
        sortie = capsys.readouterr()
        assert sortie.out == ""
        assert sortie.err == (
            f"Erreur\u00a0: «\u00a0Nage\u00a0» n’est pas sur la fiche de Ruan (connues\u00a0: {connues}).\n"
        )
        assert fichier.read_text(encoding="utf-8") == document(personnage)


class TestFormulaire:
    def test_un_champ_de_competence_porte_data_competence(self) -> None:
        """A field declared ``competence=True`` carries ``data-competence`` in the form, the others do not."""
        if sys.platform == "emscripten":
            pytest.skip("les greffons du site ne tournent pas dans Pyodide")
        bloc = importlib.import_module("site_plugins.widgets.bloc")

        marques = {}
        for nom, exemple in (("test-basic", {"score": 67, "jet": 87}), ("modificateur-degats", {})):
            parent = etree.Element("div")
            bloc.construire(parent, OUTILS[nom], exemple, f"w1-{nom}")
            marques[nom] = {e.get("name") for e in parent.iter("input") if e.get("data-competence") == ""}
        assert marques == {"test-basic": {"score"}, "modificateur-degats": set()}
