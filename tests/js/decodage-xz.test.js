// The engine's xz downloads (site_plugins/moteur/assets/telechargement.mjs), outside any worker: one
// stream at the decoder at a time, in the order the downloads were asked for, whatever the order in
// which their first bytes arrive (the plain start after a broken snapshot asks for the wasm before the
// library, and Pyodide reads the library only once its wasm is compiled).
import assert from "node:assert/strict"
import test from "node:test"

import { dexzer, prendreUnTour } from "../../site_plugins/moteur/assets/telechargement.mjs"

/** @param {string} texte */
const flux = texte =>
  new ReadableStream({
    start(controleur) {
      controleur.enqueue(new TextEncoder().encode(texte))
      controleur.close()
    },
  })

/** @param {ReadableStream<Uint8Array>} octets */
const lire = octets => new Response(octets).text()

const unMoment = () => new Promise(resoudre => setTimeout(resoudre, 20))

/** A stand-in for xzwasm's decoder: passes the bytes through and notes which stream it decodes when. */
function decodeurQuiNote() {
  /** @type {string[]} */
  const journal = []
  /** @param {ReadableStream<Uint8Array>} entree */
  function Decodeur(entree) {
    const decodeur = new TextDecoder()
    return entree.pipeThrough(
      new TransformStream({
        transform(morceau, controleur) {
          journal.push(decodeur.decode(morceau))
          controleur.enqueue(morceau)
        },
      }),
    )
  }
  return { journal, Decodeur: /** @type {any} */ (Decodeur) }
}

test("la bibliothèque arrivée avant le wasm demandé avant elle attend que le wasm soit décodé", async () => {
  const { journal, Decodeur } = decodeurQuiNote()
  const tourDuWasm = prendreUnTour()
  const tourDeLaBibliotheque = prendreUnTour()
  const bibliotheque = lire(dexzer(flux("bibliothèque"), Decodeur, () => {}, tourDeLaBibliotheque))
  await unMoment()
  assert.deepEqual(journal, [])
  const wasm = lire(dexzer(flux("wasm"), Decodeur, () => {}, tourDuWasm))
  assert.equal(await bibliotheque, "bibliothèque")
  assert.equal(await wasm, "wasm")
  assert.deepEqual(journal, ["wasm", "bibliothèque"])
})

test("un tour abandonné (pas de jumeau xz) laisse passer le suivant, après ceux d’avant lui seulement", async () => {
  const { journal, Decodeur } = decodeurQuiNote()
  const tourDuWasm = prendreUnTour()
  prendreUnTour().fini() // the library has no xz twin on this host
  const roue = lire(dexzer(flux("roue"), Decodeur))
  await unMoment()
  assert.deepEqual(journal, [])
  assert.equal(await lire(dexzer(flux("wasm"), Decodeur, () => {}, tourDuWasm)), "wasm")
  assert.equal(await roue, "roue")
  assert.deepEqual(journal, ["wasm", "roue"])
})

test("un flux annulé avant d’être lu rend son tour au suivant", async () => {
  const { journal, Decodeur } = decodeurQuiNote()
  const abandonne = dexzer(flux("wasm d’un chargement abandonné"), Decodeur)
  const roue = lire(dexzer(flux("roue"), Decodeur))
  await abandonne.cancel()
  assert.equal(await roue, "roue")
  assert.deepEqual(journal, ["roue"])
})
