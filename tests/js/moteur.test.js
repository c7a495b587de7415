// The engine's client (moteur.js) with a stand-in worker: the end of its start-up, which the offline copy
// waits for (demarrage.js), comes once the engine is ready and its downloads are kept, or once it failed;
// each subscriber is called once, and not at all once it unsubscribed.
import assert from "node:assert/strict"
import { test } from "node:test"

/** A worker that records what the page sends it; the test plays its messages with ``dire``. */
class TravailleurDeTest {
  /** @type {TravailleurDeTest[]} */
  static crees = []

  constructor() {
    /** @type {unknown[]} */
    this.recus = []
    /** @type {((message: {data: unknown}) => void) | null} */
    this.onmessage = null
    this.termine = false
    TravailleurDeTest.crees.push(this)
  }

  /** @param {unknown} message */
  postMessage(message) {
    this.recus.push(message)
  }

  terminate() {
    this.termine = true
  }

  /** The worker says ``data`` to the page. @param {unknown} data */
  dire(data) {
    this.onmessage?.({ data })
  }
}

const racine = { dataset: /** @type {Record<string, string>} */ ({}) }
Object.assign(globalThis, {
  document: { documentElement: racine, querySelectorAll: () => [], visibilityState: "hidden" },
  window: {},
  Worker: TravailleurDeTest,
})

let instance = 0
/** A fresh copy of moteur.js (its state is the module's): each test starts from an engine never started.
 * @returns {Promise<typeof import("../../site_plugins/moteur/assets/moteur.js")>} */
const moteurNeuf = () => import(`../../site_plugins/moteur/assets/moteur.js?instance=${++instance}`)

/**
 * A fresh engine client started, its worker, and a subscriber to its end of start-up (its calls counted).
 * @typedef {{moteur: Awaited<ReturnType<typeof moteurNeuf>>, travailleur: TravailleurDeTest}} Demarre
 * @returns {Promise<Demarre & {appels: () => number, oublier: () => boolean}>}
 */
async function demarre() {
  const moteur = await moteurNeuf()
  let appels = 0
  const oublier = moteur.surFinDuDemarrage(() => (appels += 1))
  moteur.demarrer()
  const travailleur = /** @type {TravailleurDeTest} */ (TravailleurDeTest.crees.at(-1))
  return { moteur, travailleur, appels: () => appels, oublier }
}

test("la fin du démarrage attend le moteur prêt et ses téléchargements gardés, une fois", async () => {
  const { moteur, travailleur, appels } = await demarre()
  assert.equal(moteur.demarrageFini(), false)
  travailleur.dire({ type: "etat", etat: "pret", source: "instantane" })
  assert.equal(racine.dataset.moteur, "pret")
  assert.equal(appels(), 0, "prêt, mais ses téléchargements ne sont pas encore gardés")
  travailleur.dire({ type: "garde" })
  assert.equal(moteur.demarrageFini(), true)
  assert.equal(appels(), 1)
  travailleur.dire({ type: "garde" })
  assert.equal(appels(), 1, "une seule fois")
})

test("les téléchargements gardés avant le « prêt » attendent le « prêt »", async () => {
  const { travailleur, appels } = await demarre()
  travailleur.dire({ type: "garde" })
  assert.equal(appels(), 0)
  travailleur.dire({ type: "etat", etat: "pret" })
  assert.equal(appels(), 1)
})

test("un moteur en échec finit aussi son démarrage, avec un message en français", async () => {
  const { moteur, travailleur, appels } = await demarre()
  travailleur.dire({ type: "etat", etat: "echec", message: "fichier du moteur illisible : pyodide.asm.wasm" })
  assert.equal(appels(), 1)
  assert.equal(moteur.demarrageFini(), true)
  assert.equal(travailleur.termine, true)
  assert.deepEqual(moteur.etatMoteur(), {
    etat: "echec",
    detail: "fichier du moteur illisible\u00a0: pyodide.asm.wasm",
    source: "",
    arrete: false,
  })
})

test("un abonné qui se retire avant la fin n’est pas appelé", async () => {
  const { moteur, travailleur, appels, oublier } = await demarre()
  oublier()
  travailleur.dire({ type: "etat", etat: "pret" })
  travailleur.dire({ type: "garde" })
  assert.equal(moteur.demarrageFini(), true)
  assert.equal(appels(), 0)
})

test("le travailleur reçoit les opérations des outils de la page avant tout calcul", async () => {
  const { moteur, travailleur } = await demarre()
  assert.deepEqual(travailleur.recus, [{ type: "operations", operations: [] }])
  const reponse = moteur.appeler("des.lancer", { expression: "1d6" })
  assert.deepEqual(travailleur.recus[1], { id: 1, op: "des.lancer", args: { expression: "1d6" } })
  travailleur.dire({ id: 1, reponse: { ok: true, resultat: { total: 4 } } })
  assert.deepEqual(await reponse, { ok: true, resultat: { total: 4 } })
})
