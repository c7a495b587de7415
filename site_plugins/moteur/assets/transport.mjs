// The engine worker's downloads: Pyodide's wasm and JavaScript module, the wheel and the reduced
// library, each in the form the link-speed policy chooses (vitesse.mjs), decoded while it streams in
// (telechargement.mjs), and handed to Pyodide when it asks for them (commencerLesTelechargements).

import { chargerXz, degzipper, dexzer, entamer, prendreUnTour, telecharger } from "./telechargement.mjs"
import { enXz, mesurerLeDebit, telQuel } from "./vitesse.mjs"

export const ASSETS = new URL("../", import.meta.url)
export const INDEX = new URL("pyodide/", ASSETS).href

// When each step of the start-up ended (ms since the worker began), for the benchmarks.
/** @type {Record<string, number>} */
export const etapes = {}
/** @param {string} etape */
export function noter(etape) {
  etapes[etape] = Math.round(performance.now())
}

/**
 * Fetch ``chemin`` (relative to assets/) or fail with a French message naming the file.
 * @param {string} chemin
 * @param {RequestInit} [options]
 * @returns {Promise<Response>}
 */
export async function verifier(chemin, options = {}) {
  let reponse
  try {
    reponse = await telecharger(new URL(chemin, ASSETS).href, options)
  } catch {
    throw new Error(`fichier du moteur inaccessible : ${chemin}`)
  }
  if (!reponse.ok) throw new Error(`fichier du moteur inaccessible : ${chemin} (HTTP ${reponse.status})`)
  return reponse
}

/** A promise rejected by ``signaler(erreur)``: a download that broke while Pyodide read it. */
/** @type {(erreur: Error) => void} */
let signaler = () => {}
/** @type {Promise<never>} */
export const casse = new Promise((_, rejeter) => {
  signaler = rejeter
})
casse.catch(() => {})

// Resolved once the wasm's last byte has arrived: the link is then free for the wheel,
// downloaded while the wasm compiles and Python starts (not after, as Pyodide would).
/** @type {() => void} */
let wasmArrive = () => {}
/** @type {Promise<void>} */
export const wasmRecu = new Promise(resoudre => {
  wasmArrive = () => {
    noter("wasm")
    resoudre()
  }
})

/**
 * A function failing the engine with a French message naming the broken download ``nom``.
 * @param {string} nom
 */
const illisible = nom => () => signaler(new Error(`fichier du moteur illisible : ${nom}`))
const arrivee = () => new TransformStream({ flush: () => wasmArrive() })
/** @param {ReadableStream<Uint8Array>} flux */
const enWasm = flux => new Response(flux, { headers: { "Content-Type": "application/wasm" } })

const MAGIE_XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] // the xz format's first bytes

/**
 * The bytes of the xz file ``chemin`` decoded while they stream in (through ``etape``, if
 * given, before the decoder), or null (not on this link, no such file, no decoder, not xz at all).
 * Its turn at the decoder is taken now, as it is asked for: a later download whose first bytes
 * arrive sooner waits for it (the plain start after a broken snapshot asks for the wasm first).
 * @param {string} chemin
 * @param {TransformStream<Uint8Array, Uint8Array> | null} [etape]
 * @returns {Promise<ReadableStream<Uint8Array> | null>}
 */
async function telechargerEnXz(chemin, etape = null) {
  const tour = prendreUnTour()
  const xz = (await enXz(chemin)) ? await ouvrirEnXz(chemin, etape, tour) : null
  if (!xz) tour.fini()
  return xz
}

/**
 * ``telechargerEnXz``'s download, decoded at ``tour``; null when the file is missing or not xz.
 * @param {string} chemin
 * @param {TransformStream<Uint8Array, Uint8Array> | null} etape
 * @param {import("./telechargement.mjs").Tour} tour
 * @returns {Promise<ReadableStream<Uint8Array> | null>}
 */
async function ouvrirEnXz(chemin, etape, tour) {
  const [reponse, decodeur] = await Promise.allSettled([verifier(chemin), chargerXz()])
  if (reponse.status !== "fulfilled") return null
  try {
    const { debut, flux } = await entamer(/** @type {ReadableStream<Uint8Array>} */ (reponse.value.body), MAGIE_XZ.length)
    if (decodeur.status === "fulfilled" && MAGIE_XZ.every((octet, i) => debut[i] === octet)) {
      const nom = (chemin.split("/").pop() ?? chemin).replace(/\.xz$/, "")
      return dexzer(etape ? flux.pipeThrough(etape) : flux, decodeur.value, illisible(nom), tour)
    }
    flux.cancel().catch(() => {})
  } catch {
    // Cut before its first bytes: the other twin.
  }
  return null
}

/**
 * The archive ``adresse`` (the wheel, the reduced library): its xz twin on a slow link, else itself.
 * @param {string} adresse
 * @returns {Promise<Response>}
 */
export async function telechargerLArchive(adresse) {
  const xz = await telechargerEnXz(`${adresse.slice(ASSETS.href.length)}.xz`)
  return xz ? new Response(xz) : telecharger(adresse)
}

/**
 * Pyodide's wasm: its xz twin on a slow link, as it is from the offline copy, else its gzipped
 * twin (a third of the bytes), decoded while it streams into ``WebAssembly.instantiateStreaming``;
 * the gzipped twin when the xz one is missing, the plain file when neither is there.
 * @returns {Promise<Response>}
 */
async function telechargerLeWasm() {
  const xz = await telechargerEnXz("pyodide/pyodide.asm.wasm.xz", arrivee())
  if (xz) return enWasm(xz)
  if (await telQuel("pyodide.asm.wasm")) {
    wasmArrive() // from the device: the link is free
    return verifier("pyodide/pyodide.asm.wasm")
  }
  let reponse = null
  try {
    reponse = await verifier("pyodide/pyodide.asm.wasm.gz")
  } catch {
    wasmArrive()
    return verifier("pyodide/pyodide.asm.wasm")
  }
  const flux = /** @type {ReadableStream<Uint8Array>} */ (reponse.body)
  return enWasm(degzipper(flux.pipeThrough(arrivee()), illisible("pyodide.asm.wasm")))
}

/**
 * Pyodide's JavaScript module: as it is from the offline copy, else from its gzipped twin (a fifth of
 * the bytes), else the plain file. Its download is this worker's measure of the link.
 * @returns {Promise<unknown>}
 */
async function chargerLeModule() {
  if (!(await telQuel("pyodide.asm.mjs"))) {
    try {
      const reponse = await verifier("pyodide/pyodide.asm.mjs.gz")
      const compresse = await reponse.arrayBuffer()
      mesurerLeDebit(reponse.url, compresse.byteLength)
      const corps = /** @type {ReadableStream<Uint8Array>} */ (new Response(compresse).body)
      const texte = await new Response(degzipper(corps)).blob()
      const adresse = URL.createObjectURL(new Blob([texte], { type: "text/javascript" }))
      try {
        return (await import(adresse)).default
      } finally {
        URL.revokeObjectURL(adresse)
      }
    } catch {
      // The plain file.
    }
  }
  return (await import(`${INDEX}pyodide.asm.mjs`)).default
}

/**
 * An archive (the wheel, the reduced library) whose download begins early (on a plain start): its
 * address, and its download answered to Pyodide's own request once.
 * @typedef {{adresse: string | null, reponse: Promise<Response> | null}} Archive
 */

/** @type {Archive} */
export const roue = { adresse: null, reponse: null }
/** @type {Archive} */
export const bibliotheque = { adresse: null, reponse: null }

/**
 * Start the biggest downloads (the wasm, Pyodide's module) at once, and answer Pyodide's own requests
 * for them and for the archives begun early with these (a body is read once: a second load, after a
 * broken snapshot, downloads again: ``reprendreLeWasm``). Pyodide logs a failed wasm compilation (a
 * broken or refused download) and waits forever: the engine fails instead (``casse``).
 * @returns {{premierWasm: Promise<Response>, module: Promise<unknown>, reprendreLeWasm: () => void}}
 */
export function commencerLesTelechargements() {
  const instancier = WebAssembly.instantiateStreaming.bind(WebAssembly)
  WebAssembly.instantiateStreaming = (...arguments_) =>
    instancier(...arguments_).catch(erreur => {
      signaler(new Error(`fichier du moteur illisible : pyodide.asm.wasm (${erreur?.message ?? erreur})`))
      throw erreur
    })
  const WASM = `${INDEX}pyodide.asm.wasm`
  /** @type {Promise<Response> | null} */
  let wasm = telechargerLeWasm()
  const premierWasm = wasm
  const module = chargerLeModule()
  module.catch(() => {})
  const chercher = globalThis.fetch
  globalThis.fetch = (ressource, options = {}) => {
    if (ressource instanceof Request) return chercher(ressource, options)
    const adresse = new URL(ressource, location.href).href
    for (const archive of [roue, bibliotheque]) {
      if (adresse === archive.adresse && archive.reponse) {
        const reponse = archive.reponse
        archive.reponse = null
        return reponse
      }
    }
    if (adresse !== WASM) return telecharger(adresse, options)
    const reponse = wasm ?? telechargerLeWasm()
    wasm = null
    return reponse
  }
  // After a broken snapshot, the plain start's wasm begins downloading before its archives: xz streams
  // are decoded one at a time in the order they were asked for, and Pyodide reads the library only
  // once its wasm is compiled (asked for after the library, the wasm would wait for it forever).
  const reprendreLeWasm = () => {
    wasm ??= telechargerLeWasm()
  }
  return { premierWasm, module, reprendreLeWasm }
}
