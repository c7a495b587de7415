// The store of characters, its undo and its full or hostile storage: undo applies the inverse change to
// the latest stored document, a refused write changes and consumes nothing.
import assert from "node:assert/strict"
import { test } from "node:test"

import { CLE, creerMagasin } from "../../site_plugins/personnages/assets/personnages-magasin.js"
import { texteBrut } from "../../site_plugins/personnages/assets/personnages-messages.js"
import { MoteurDeTest, SCHEMA, StockageDeTest, personnage, texteStocke } from "./doublures.js"
import { BRUGOR, PLEIN, RUAN, TOTO, magasinSur, stockes } from "./magasin-commun.js"

// == Undo =========================================================================================

test("annuler une suppression rend le personnage supprimé à sa place", async () => {
  /** The deleted record comes back where it was. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN, TOTO, BRUGOR]) }))
  await magasin.supprimer("toto")
  const resultat = await magasin.annuler()
  assert.equal(texteBrut(resultat.message), "Suppression de «\u00a0Toto\u00a0» annulée.")
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN, TOTO, BRUGOR]))
})

test("annuler une suppression rend le personnage supprimé sans toucher à celui ajouté dans un autre onglet", async () => {
  /** Undo is the inverse of one change on the latest document, never an old snapshot. */
  const stockage = new StockageDeTest({ [CLE]: texteStocke([RUAN]) })
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  await onglet1.supprimer("ruan")
  await onglet2.enregistrer(TOTO)
  assert.equal((await onglet1.annuler()).ok, true)
  assert.deepEqual(stockes(stockage), ["ruan", "toto"])
})

test("annuler un ajout retire ce seul personnage, pas celui d’un autre onglet", async () => {
  /** The other tab's new character stays. */
  const stockage = new StockageDeTest()
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  await onglet1.enregistrer(RUAN)
  await onglet2.enregistrer(TOTO)
  const resultat = await onglet1.annuler()
  assert.equal(texteBrut(resultat.message), "Ajout de «\u00a0Ruan\u00a0» annulé.")
  assert.deepEqual(stockes(stockage), ["toto"])
})

test("annuler une modification rend l’ancienne fiche", async () => {
  /** The sheet as it was before « Enregistrer ». */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  await magasin.enregistrer(personnage("ruan", "Ruan", { for: "15" }))
  const resultat = await magasin.annuler()
  assert.equal(texteBrut(resultat.message), "Modification de «\u00a0Ruan\u00a0» annulée.")
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
})

test("annuler une modification refaite ailleurs est refusé sans rien écrire", async () => {
  /** Another tab changed the same character since: its change is kept, the step dropped. */
  const stockage = new StockageDeTest({ [CLE]: texteStocke([RUAN]) })
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  await onglet1.enregistrer(personnage("ruan", "Ruan", { for: "15" }))
  const ailleurs = personnage("ruan", "Ruan", { for: "18" })
  await onglet2.enregistrer(ailleurs)
  const ecritures = stockage.ecritures
  const resultat = await onglet1.annuler()
  assert.equal(resultat.ok, false)
  assert.equal(
    texteBrut(resultat.message),
    "Annulation impossible\u00a0: «\u00a0Ruan\u00a0» a changé depuis, dans un autre onglet. Rien n’a changé.",
  )
  assert.equal(stockage.ecritures, ecritures)
  assert.equal(stockage.valeurs.get(CLE), texteStocke([ailleurs]))
  assert.equal(onglet1.annulables(), 0)
})

test("annuler sans rien à annuler le dit", async () => {
  /** « Rien à annuler. », nothing written. */
  const { magasin, stockage } = magasinSur()
  assert.deepEqual(await magasin.annuler(), { ok: false, message: ["Rien à annuler."] })
  assert.equal(stockage.ecritures, 0)
})

test("annuler une étape précise laisse les suivantes", async () => {
  /** The « Annuler » of an older message undoes that change only. */
  const { magasin, stockage } = magasinSur()
  const ajoutRuan = await magasin.enregistrer(RUAN)
  await magasin.enregistrer(TOTO)
  assert.equal((await magasin.annuler(ajoutRuan.etape)).ok, true)
  assert.deepEqual(stockes(stockage), ["toto"])
  assert.equal(magasin.annulables(), 1)
})

test("une étape annulée ne s’annule pas deux fois", async () => {
  /** Its « Annuler » is gone once used. */
  const { magasin } = magasinSur()
  const { etape } = await magasin.enregistrer(RUAN)
  await magasin.annuler(etape)
  assert.equal(magasin.peutAnnuler(/** @type {any} */ (etape)), false)
  assert.deepEqual(await magasin.annuler(etape), { ok: false, message: ["Rien à annuler."] })
})

test("annuler un import rend les fiches remplacées et retire les nouvelles", async () => {
  /** One step: every imported record undone. */
  const { magasin, stockage } = magasinSur(new StockageDeTest({ [CLE]: texteStocke([RUAN]) }))
  await magasin.importer([personnage("ruan", "Ruan", { for: "15" }), TOTO], ["2 personnages importés."])
  const resultat = await magasin.annuler()
  assert.deepEqual(resultat.message, ["Import de 2 personnages annulé."])
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
})

test("les annulations gardent les vingt dernières modifications", async () => {
  /** The 21st change drops the oldest step. */
  const { magasin } = magasinSur()
  for (let i = 0; i < 21; i += 1) await magasin.enregistrer(personnage(`p${i}`, `P${i}`))
  assert.equal(magasin.annulables(), 20)
})

test("le nombre d’annulations se règle", async () => {
  /** annulationsMax: 2 keeps two steps. */
  const moteur = new MoteurDeTest()
  const magasin = creerMagasin({ stockage: new StockageDeTest(), chargeur: moteur.charger, annulationsMax: 2 })
  for (const p of [RUAN, TOTO, BRUGOR]) await magasin.enregistrer(p)
  assert.equal(magasin.annulables(), 2)
})

// == Full or hostile storage ======================================================================

test("un stockage plein refuse l’enregistrement avec un message et rien ne change", async () => {
  /** The reason in French; stored text, known state and undo steps unchanged. */
  const stockage = new StockageDeTest({ [CLE]: texteStocke([RUAN]) })
  const { magasin } = magasinSur(stockage)
  stockage.plein = true
  const resultat = await magasin.enregistrer(TOTO)
  assert.deepEqual({ ok: resultat.ok, message: texteBrut(resultat.message) }, {
    ok: false,
    message: `Enregistrement impossible\u00a0: ${PLEIN}. Rien n’a changé.`,
  })
  assert.equal(stockage.valeurs.get(CLE), texteStocke([RUAN]))
  assert.deepEqual((await magasin.charger()).document?.personnages, [RUAN])
  assert.equal(magasin.annulables(), 0)
})

test("annuler sous un stockage plein le dit et garde l’annulation", async () => {
  /** The undo step is not consumed: it works once there is room again. */
  const stockage = new StockageDeTest({ [CLE]: texteStocke([RUAN, TOTO]) })
  const { magasin } = magasinSur(stockage)
  const { etape } = await magasin.supprimer("ruan")
  stockage.plein = true
  const rate = await magasin.annuler()
  assert.equal(
    texteBrut(rate.message),
    `Annulation impossible\u00a0: ${PLEIN}. Rien n’a changé\u202f; l’annulation reste possible.`,
  )
  assert.equal(magasin.peutAnnuler(/** @type {any} */ (etape)), true)
  assert.deepEqual(stockes(stockage), ["toto"])
  stockage.plein = false
  assert.equal((await magasin.annuler()).ok, true)
  assert.deepEqual(stockes(stockage), ["ruan", "toto"])
})

test("supprimer sous un stockage plein ne supprime rien", async () => {
  /** The deletion is refused, the character stays. */
  const stockage = new StockageDeTest({ [CLE]: texteStocke([RUAN]) })
  const { magasin } = magasinSur(stockage)
  stockage.plein = true
  assert.equal((await magasin.supprimer("ruan")).ok, false)
  assert.deepEqual(stockes(stockage), ["ruan"])
})

test("la navigation privée refuse l’enregistrement avec son message", async () => {
  /** setItem throws SecurityError: said, nothing changed. */
  const stockage = new StockageDeTest()
  stockage.refus = new DOMException("x", "SecurityError")
  const { magasin } = magasinSur(stockage)
  const resultat = await magasin.enregistrer(RUAN)
  assert.equal(
    texteBrut(resultat.message),
    "Enregistrement impossible\u00a0: le navigateur interdit d’enregistrer sur cet appareil " +
      "(navigation privée ou réglage de confidentialité). Rien n’a changé.",
  )
  assert.equal(stockage.valeurs.has(CLE), false)
})

test("une erreur quelconque du stockage est rattrapée et dite", async () => {
  /** Any throw of setItem gives a result, never an exception. */
  const stockage = new StockageDeTest()
  stockage.refus = new TypeError("stockage détaché")
  const { magasin } = magasinSur(stockage)
  const resultat = await magasin.enregistrer(RUAN)
  assert.equal(
    texteBrut(resultat.message),
    "Enregistrement impossible\u00a0: le navigateur a refusé l’enregistrement (stockage détaché). Rien n’a changé.",
  )
})

// == Other tabs ===================================================================================

test("un événement storage des personnages les fait relire", () => {
  /** Its key is the characters' key: true. */
  const { magasin } = magasinSur()
  assert.equal(magasin.changementAilleurs({ key: CLE }), true)
})

test("un événement storage d’une autre clé est ignoré", () => {
  /** Another key (a tool's state): false. */
  const { magasin } = magasinSur()
  assert.equal(magasin.changementAilleurs({ key: "regles-outil" }), false)
})

test("un stockage vidé ailleurs fait relire les personnages", () => {
  /** localStorage.clear() in another tab: key null. */
  const { magasin } = magasinSur()
  assert.equal(magasin.changementAilleurs({ key: null }), true)
})

test("un personnage enregistré dans un autre onglet apparaît par l’événement storage", async () => {
  /** The listener is called, and the next load lists the other tab's character. */
  const stockage = new StockageDeTest()
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  const fenetre = new EventTarget()
  let appels = 0
  onglet2.ecouter(fenetre, () => (appels += 1))
  assert.deepEqual((await onglet2.charger()).document?.personnages, [])
  await onglet1.enregistrer(RUAN)
  fenetre.dispatchEvent(Object.assign(new Event("storage"), { key: CLE }))
  fenetre.dispatchEvent(Object.assign(new Event("storage"), { key: "autre" }))
  assert.equal(appels, 1)
  assert.deepEqual((await onglet2.charger()).document?.personnages, [RUAN])
})

test("deux onglets qui enregistrent tour à tour gardent les deux personnages", async () => {
  /** Each save reads the latest stored document first. */
  const stockage = new StockageDeTest()
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  await onglet1.charger()
  await onglet2.charger()
  await onglet1.enregistrer(RUAN)
  await onglet2.enregistrer(TOTO)
  await onglet1.enregistrer(BRUGOR)
  assert.deepEqual(stockes(stockage), ["ruan", "toto", "brugor"])
})

test("annuler dans un onglet ce qu’un autre a supprimé depuis est refusé", async () => {
  /** A character deleted elsewhere after our change: undo would resurrect a stale sheet. */
  const stockage = new StockageDeTest()
  const onglet1 = magasinSur(stockage).magasin
  const onglet2 = magasinSur(stockage).magasin
  await onglet1.enregistrer(RUAN)
  await onglet2.supprimer("ruan")
  const resultat = await onglet1.annuler()
  assert.equal(resultat.ok, false)
  assert.deepEqual(stockes(stockage), [])
})

test("une fiche réécrite par le moteur dans un autre ordre s’annule quand même", async () => {
  /** Key order differs in storage (another tab wrote it): still the same sheet. */
  const stockage = new StockageDeTest()
  const { magasin } = magasinSur(stockage)
  await magasin.enregistrer(RUAN)
  stockage.valeurs.set(CLE, JSON.stringify({ schema: SCHEMA, version: 1, personnages: [{ fiche: { for: "14", nom: "Ruan" }, systeme: "Basic maison", id: "ruan" }] }))
  assert.equal((await magasin.annuler()).ok, true)
  assert.deepEqual(stockes(stockage), [])
})

test("deux enregistrements lancés ensemble gardent les deux personnages", async () => {
  /** Two quick clicks in one tab: the second reads what the first wrote. */
  const { magasin, stockage } = magasinSur()
  await Promise.all([magasin.enregistrer(RUAN), magasin.enregistrer(TOTO), magasin.supprimer("ruan")])
  assert.deepEqual(stockes(stockage), ["toto"])
  assert.equal(magasin.annulables(), 3)
})

test("un enregistrement qui échoue n’arrête pas les suivants", async () => {
  /** A change that throws (a record without sheet): rejected to its caller, the next one runs. */
  const { magasin, stockage } = magasinSur()
  const casse = magasin.enregistrer(/** @type {any} */ ({ id: "x", systeme: "Basic maison" }))
  const suivant = magasin.enregistrer(TOTO)
  await assert.rejects(casse, TypeError)
  assert.equal((await suivant).ok, true)
  assert.deepEqual(stockes(stockage), ["toto"])
})
