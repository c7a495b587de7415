// The store of characters: per-record changes on the latest stored document, checked writes,
// undo that never removes what another tab saved, migrations under a full storage.
import assert from "node:assert/strict"
import { test } from "node:test"

import {
  CLE,
  CLE_COPIE,
  appliquer,
  changementsDEnregistrement,
  documentAExporter,
  inverse,
  memes,
  raisonDuRefus,
} from "../../site_plugins/personnages/assets/personnages-magasin.js"
import { texteBrut } from "../../site_plugins/personnages/assets/personnages-messages.js"
import { SCHEMA, StockageDeTest, personnage, texteStocke } from "./doublures.js"
import { BRUGOR, PLEIN, RUAN, TOTO, magasinSur, stockes } from "./magasin-commun.js"

// == Pure helpers =================================================================================

test("un stockage plein se dit « mémoire pleine »", () => {
  /** QuotaExceededError (Chromium, Safari) names the full storage. */
  assert.equal(texteBrut(raisonDuRefus(new DOMException("x", "QuotaExceededError"))), PLEIN)
})

test("le code 22 d’un vieux navigateur se dit aussi « mémoire pleine »", () => {
  /** An error with only code 22 is a full storage. */
  assert.equal(texteBrut(raisonDuRefus({ name: "Error", code: 22 })), PLEIN)
})

test("le quota de Firefox se dit aussi « mémoire pleine »", () => {
  /** NS_ERROR_DOM_QUOTA_REACHED is Firefox's full storage. */
  assert.equal(texteBrut(raisonDuRefus({ name: "NS_ERROR_DOM_QUOTA_REACHED" })), PLEIN)
})

test("la navigation privée se dit par son nom", () => {
  /** SecurityError: the browser forbids storage. */
  assert.equal(
    texteBrut(raisonDuRefus(new DOMException("x", "SecurityError"))),
    "le navigateur interdit d’enregistrer sur cet appareil (navigation privée ou réglage de confidentialité)",
  )
})

test("une autre erreur d’écriture donne son message", () => {
  /** Any other throw is reported with its own text. */
  assert.equal(texteBrut(raisonDuRefus(new TypeError("disque absent"))), "le navigateur a refusé l’enregistrement (disque absent)")
})

test("une valeur lancée qui n’est pas une erreur est dite aussi", () => {
  /** A thrown string still gives a message. */
  assert.equal(texteBrut(raisonDuRefus("bizarre")), "le navigateur a refusé l’enregistrement (bizarre)")
})

test("deux fiches aux clés dans un autre ordre sont les mêmes", () => {
  /** The engine may write a sheet's keys in another order. */
  assert.equal(memes({ id: "a", fiche: { nom: "A", for: "1" } }, { fiche: { for: "1", nom: "A" }, id: "a" }), true)
})

test("deux fiches aux valeurs différentes ne sont pas les mêmes", () => {
  /** A changed value is seen. */
  assert.equal(memes({ fiche: { nom: "A" } }, { fiche: { nom: "B" } }), false)
})

test("un personnage absent n’est pas un personnage présent", () => {
  /** null against a record, and a list against an object. */
  assert.equal(memes(null, RUAN), false)
  assert.equal(memes([], {}), false)
  assert.equal(memes({ a: 1 }, { a: 1, b: 2 }), false)
})

test("appliquer un ajout met le personnage à la fin", () => {
  /** A new record goes last. */
  const doc = { schema: SCHEMA, version: 1, personnages: [RUAN] }
  assert.deepEqual(appliquer(doc, [{ id: "toto", avant: null, apres: TOTO, place: -1 }]).personnages, [RUAN, TOTO])
})

test("appliquer une modification remplace le personnage à sa place", () => {
  /** Same id: replaced in place. */
  const nouveau = personnage("ruan", "Ruan", { for: "15" })
  const doc = { schema: SCHEMA, version: 1, personnages: [RUAN, TOTO] }
  assert.deepEqual(appliquer(doc, [{ id: "ruan", avant: RUAN, apres: nouveau, place: 0 }]).personnages, [nouveau, TOTO])
})

test("appliquer une suppression retire le seul personnage visé", () => {
  /** Only the record of that id goes. */
  const doc = { schema: SCHEMA, version: 1, personnages: [RUAN, TOTO] }
  assert.deepEqual(appliquer(doc, [{ id: "ruan", avant: RUAN, apres: null, place: 0 }]).personnages, [TOTO])
})

test("appliquer une suppression d’un absent ne change rien", () => {
  /** Deleting a record no longer there is harmless. */
  const doc = { schema: SCHEMA, version: 1, personnages: [TOTO] }
  assert.deepEqual(appliquer(doc, [{ id: "ruan", avant: RUAN, apres: null, place: 0 }]).personnages, [TOTO])
})

test("un personnage rendu reprend sa place d’avant", () => {
  /** Undoing a deletion puts the record back where it was. */
  const doc = { schema: SCHEMA, version: 1, personnages: [TOTO, BRUGOR] }
  assert.deepEqual(appliquer(doc, [{ id: "ruan", avant: null, apres: RUAN, place: 1 }]).personnages, [TOTO, RUAN, BRUGOR])
})

test("un personnage rendu après la fin de la liste va à la fin", () => {
  /** A former place past the end is the end. */
  const doc = { schema: SCHEMA, version: 1, personnages: [TOTO] }
  assert.deepEqual(appliquer(doc, [{ id: "ruan", avant: null, apres: RUAN, place: 5 }]).personnages, [TOTO, RUAN])
})

test("appliquer ne modifie pas le document donné", () => {
  /** The known document stays as it was (the new one is a copy). */
  const doc = { schema: SCHEMA, version: 1, personnages: [RUAN] }
  appliquer(doc, [{ id: "ruan", avant: RUAN, apres: null, place: 0 }])
  assert.deepEqual(doc.personnages, [RUAN])
})

test("l’inverse d’un changement échange l’avant et l’après", () => {
  /** Undo of an addition is a deletion at the same place. */
  assert.deepEqual(inverse({ id: "ruan", avant: null, apres: RUAN, place: -1 }), { id: "ruan", avant: RUAN, apres: null, place: -1 })
})

test("enregistrer un nouveau personnage n’a pas d’avant", () => {
  /** A new id: avant null, place -1; a known id: its record and place. */
  const doc = { schema: SCHEMA, version: 1, personnages: [RUAN] }
  assert.deepEqual(changementsDEnregistrement(doc, [TOTO, RUAN]), [
    { id: "toto", avant: null, apres: TOTO, place: -1 },
    { id: "ruan", avant: RUAN, apres: RUAN, place: 0 },
  ])
})

test("un export garde le schéma et la version du document enregistré", () => {
  /** No version written in the JavaScript: the stored document's own. */
  assert.deepEqual(documentAExporter({ schema: SCHEMA, version: 7, personnages: [RUAN, TOTO] }, [TOTO]), {
    schema: SCHEMA,
    version: 7,
    personnages: [TOTO],
  })
})

// == Loading ======================================================================================

test("un appareil sans personnage donne le document vide du moteur", async () => {
  /** Nothing stored: the engine's empty document, no message. */
  const { magasin } = magasinSur()
  assert.deepEqual(await magasin.charger(), { document: { schema: SCHEMA, version: 1, personnages: [] }, messages: [], copie: null })
})

test("les personnages enregistrés sont chargés", async () => {
  /** A stored document is read through the engine. */
  const { magasin } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN, TOTO]) }))
  assert.deepEqual((await magasin.charger()).document?.personnages, [RUAN, TOTO])
})

test("un texte enregistré inchangé n’est pas relu par le moteur", async () => {
  /** Two loads of the same stored text: one engine call. */
  const { magasin, moteur } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  await magasin.charger()
  await magasin.charger()
  assert.equal(moteur.appels, 1)
})

test("un texte changé par un autre onglet est relu", async () => {
  /** The stored text differs from the known one: read again, even without a storage event. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  await magasin.charger()
  stockage.valeurs.set(CLE, texteStocke([RUAN, TOTO]))
  assert.deepEqual((await magasin.charger()).document?.personnages, [RUAN, TOTO])
})

test("un moteur en panne est signalé et le chargement suivant réessaie", async () => {
  /** A failed load is never kept: the next call asks the engine again, and succeeds. */
  const { magasin, moteur } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  moteur.panne = new Error("délai dépassé")
  const rate = await magasin.charger()
  assert.equal(rate.document, null)
  assert.equal(
    texteBrut(rate.messages[0]),
    "Personnages indisponibles\u00a0: le moteur de règles ne répond pas (délai dépassé). La prochaine action réessaiera.",
  )
  moteur.panne = null
  assert.deepEqual((await magasin.charger()).document?.personnages, [RUAN])
  assert.equal(moteur.appels, 2)
})

test("enregistrer pendant une panne du moteur est refusé sans rien écrire", async () => {
  /** No document known: nothing is written over the stored one. */
  const { magasin, moteur, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  moteur.panne = new Error("arrêté")
  const resultat = await magasin.enregistrer(TOTO)
  assert.equal(resultat.ok, false)
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
})

test("après une panne du moteur, enregistrer réessaie et réussit", async () => {
  /** « Enregistrer » keeps working once the engine answers. */
  const { magasin, moteur, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  moteur.panne = new Error("arrêté")
  await magasin.charger()
  moteur.panne = null
  assert.equal((await magasin.enregistrer(TOTO)).ok, true)
  assert.deepEqual(stockes(stockage), ["ruan", "toto"])
})

test("un stockage illisible est signalé et sa copie brute gardée", async () => {
  /** Unreadable text: a message, the raw copy under its own key, nothing erased. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: "{abîmé" }))
  const etat = await magasin.charger()
  assert.equal(etat.document, null)
  assert.equal(etat.copie, "{abîmé")
  assert.equal(
    texteBrut(etat.messages[0]),
    "Les personnages enregistrés sur cet appareil sont illisibles\u00a0: ce n’est pas du JSON. " +
      "Rien n’a été effacé\u00a0: une copie brute est gardée, téléchargeable ci-dessous.",
  )
  assert.equal(stockage.valeurs.get(CLE_COPIE), "{abîmé")
  assert.equal(stockage.valeurs.get(CLE), "{abîmé")
})

test("après un stockage illisible, enregistrer part d’un document vide, la copie gardée", async () => {
  /** The first character saved over unreadable data: the raw text stays in its copy. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: "{abîmé" }))
  assert.equal((await magasin.enregistrer(RUAN)).ok, true)
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
  assert.equal(stockage.valeurs.get(CLE_COPIE), "{abîmé")
})

test("un stockage illisible dont la copie ne peut être gardée n’est jamais écrasé", async () => {
  /** Full storage and unreadable data: « Enregistrer » is refused, the raw text untouched. */
  const stockage = new StockageDeTest({ [CLE]: "{abîmé" })
  stockage.plein = true
  const { magasin } = magasinSur(stockage)
  const etat = await magasin.charger()
  assert.match(texteBrut(etat.messages[0]), /téléchargez la copie brute ci-dessous avant d’enregistrer un personnage\.$/)
  const resultat = await magasin.enregistrer(RUAN)
  assert.equal(resultat.ok, false)
  assert.match(texteBrut(resultat.message), /^Enregistrement impossible\u00a0: les personnages illisibles/)
  stockage.plein = false
  assert.equal(stockage.valeurs.get(CLE), "{abîmé")
})

test("un personnage refusé par le moteur est signalé, les autres affichés", async () => {
  /** One sheet without a name: its message, the others listed, a raw copy kept. */
  const texte = texteStocke([RUAN, personnage("vide", "")])
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texte }))
  const etat = await magasin.charger()
  assert.deepEqual(etat.document?.personnages, [RUAN])
  assert.deepEqual(etat.messages.map(texteBrut), [
    "Personnage « vide » refusé : Nom : ce champ est obligatoire.",
    "Ces personnages ne sont pas affichés\u202f; une copie brute de tout ce qui était enregistré est gardée.",
  ])
  assert.equal(stockage.valeurs.get(CLE_COPIE), texte)
})

test("une lecture interdite du stockage est signalée sans rien garder", async () => {
  /** getItem throws SecurityError: a French message, and nothing kept for the next call. */
  const stockage = new StockageDeTest()
  stockage.refusDeLecture = new DOMException("x", "SecurityError")
  const { magasin, moteur } = magasinSur(stockage)
  const etat = await magasin.charger()
  assert.equal(etat.document, null)
  assert.equal(
    texteBrut(etat.messages[0]),
    "Personnages indisponibles\u00a0: le navigateur interdit d’enregistrer sur cet appareil " +
      "(navigation privée ou réglage de confidentialité).",
  )
  assert.equal(moteur.appels, 0)
  stockage.refusDeLecture = null
  assert.deepEqual((await magasin.charger()).document?.personnages, [])
})

// == Migration ====================================================================================

test("une ancienne version est migrée et réenregistrée, sa copie gardée", async () => {
  /** Version 0 (a bare list): migrated by the engine, written back, the old text kept aside. */
  const ancien = JSON.stringify([{ systeme: "Actions d100", fiche: { nom: "Brugor" } }])
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: ancien }))
  const etat = await magasin.charger()
  const migre = [{ id: "p1", systeme: "Actions d100", fiche: { nom: "Brugor" } }]
  assert.deepEqual(etat, { document: { schema: SCHEMA, version: 1, personnages: migre }, messages: [], copie: null })
  assert.equal(stockage.valeurs.get(CLE), texteStocke(migre))
  assert.equal(stockage.valeurs.get(CLE_COPIE), ancien)
})

test("une migration sous un stockage plein est affichée avec un message", async () => {
  /** Full storage: the characters are shown migrated, a message says they are not written back. */
  const ancien = JSON.stringify([{ systeme: "Actions d100", fiche: { nom: "Brugor" } }])
  const stockage = new StockageDeTest({ [CLE]: ancien })
  stockage.plein = true
  const { magasin } = magasinSur(stockage)
  const etat = await magasin.charger()
  assert.deepEqual(etat.document?.personnages, [{ id: "p1", systeme: "Actions d100", fiche: { nom: "Brugor" } }])
  assert.equal(
    texteBrut(etat.messages[0]),
    `Les personnages enregistrés sont mis à jour pour cette version du site, mais pas réenregistrés\u00a0: ${PLEIN}. ` +
      "Ils restent affichés, et le prochain enregistrement réessaiera.",
  )
  assert.equal(stockage.valeurs.get(CLE), ancien)
})

test("après une migration sous un stockage plein, « Enregistrer » dit pourquoi il échoue", async () => {
  /** Still full: the save is refused with its reason, never thrown, never silent. */
  const ancien = JSON.stringify([{ systeme: "Actions d100", fiche: { nom: "Brugor" } }])
  const stockage = new StockageDeTest({ [CLE]: ancien })
  stockage.plein = true
  const { magasin } = magasinSur(stockage)
  await magasin.charger()
  const resultat = await magasin.enregistrer(RUAN)
  assert.equal(resultat.ok, false)
  assert.equal(texteBrut(resultat.message), `Enregistrement impossible\u00a0: ${PLEIN}. Rien n’a changé.`)
  assert.equal(stockage.valeurs.get(CLE), ancien)
})

test("après une migration sous un stockage plein, « Enregistrer » marche dès qu’il y a de la place", async () => {
  /** Room again: the migrated characters and the new one are written together. */
  const ancien = JSON.stringify([{ systeme: "Actions d100", fiche: { nom: "Brugor" } }])
  const stockage = new StockageDeTest({ [CLE]: ancien })
  stockage.plein = true
  const { magasin, moteur } = magasinSur(stockage)
  await magasin.charger()
  stockage.plein = false
  assert.equal((await magasin.enregistrer(RUAN)).ok, true)
  assert.deepEqual(stockes(stockage), ["p1", "ruan"])
  assert.equal(moteur.appels, 1)
})

// == Add, update, delete ==========================================================================

test("enregistrer un personnage l’ajoute au document enregistré", async () => {
  /** The stored text is exactly the document with the new record. */
  const { magasin, stockage } = magasinSur()
  const resultat = await magasin.enregistrer(RUAN)
  assert.equal(resultat.ok, true)
  assert.equal(texteBrut(resultat.message), "«\u00a0Ruan\u00a0» enregistré sur cet appareil.")
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
})

test("enregistrer un personnage connu remplace sa fiche à sa place", async () => {
  /** Same id: no second character, same place in the list. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN, TOTO]) }))
  const plusFort = personnage("ruan", "Ruan", { for: "15" })
  await magasin.enregistrer(plusFort)
  assert.equal(stockage.valeurs.get(CLE), texteStocke([plusFort, TOTO]))
})

test("enregistrer avec un message le dit", async () => {
  /** « Dupliquer » gives its own message. */
  const { magasin } = magasinSur()
  const resultat = await magasin.enregistrer(TOTO, ["Toto dupliqué."])
  assert.deepEqual(resultat.message, ["Toto dupliqué."])
})

test("enregistrer garde ce qu’un autre onglet a ajouté entre-temps", async () => {
  /** The change is applied to the latest stored document, not to a stale copy. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  await magasin.charger()
  stockage.valeurs.set(CLE, texteStocke([RUAN, BRUGOR]))
  await magasin.enregistrer(TOTO)
  assert.deepEqual(stockes(stockage), ["ruan", "brugor", "toto"])
})

test("supprimer retire le personnage et le dit", async () => {
  /** « « Ruan » supprimé. », the other character kept. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN, TOTO]) }))
  const resultat = await magasin.supprimer("ruan")
  assert.equal(texteBrut(resultat.message), "«\u00a0Ruan\u00a0» supprimé.")
  assert.deepEqual(stockes(stockage), ["toto"])
})

test("supprimer un personnage déjà supprimé ailleurs ne change rien", async () => {
  /** Deleted in another tab meanwhile: a message, nothing written, nothing to undo. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([TOTO]) }))
  const resultat = await magasin.supprimer("ruan")
  assert.equal(resultat.ok, false)
  assert.equal(
    texteBrut(resultat.message),
    "Ce personnage n’est plus enregistré (supprimé dans un autre onglet\u202f?). Rien n’a changé.",
  )
  assert.equal(stockage.ecritures, 0)
  assert.equal(magasin.annulables(), 0)
})

test("importer enregistre tous les personnages en une étape", async () => {
  /** New ones added, known ids replaced; one step to undo. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  const plusFort = personnage("ruan", "Ruan", { for: "15" })
  const resultat = await magasin.importer([plusFort, TOTO], ["2 personnages importés."])
  assert.equal(resultat.ok, true)
  assert.equal(stockage.valeurs.get(CLE), texteStocke([plusFort, TOTO]))
  assert.equal(magasin.annulables(), 1)
})
