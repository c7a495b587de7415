// Client of the rules engine's worker: one worker per tab, request ids mapped to
// promises, calls queued until the engine is ready, a restart after a failure.
// Instant navigation keeps this module (and so the worker) alive between pages.
import { typographie } from "./typographie.js"

/** @typedef {"inactif" | "chargement" | "pret" | "echec"} Etat */
/**
 * A call waiting for its answer.
 * @typedef {{op: string, args: unknown, resoudre: (reponse: any) => void, rejeter: (erreur: Error) => void, relancee: boolean}} Attente
 */

/** @type {Worker | null} */
let travailleur = null
let prochainId = 1
/** @type {Map<number, Attente>} */
const enAttente = new Map()
/** @type {Set<(etat: Etat, detail: string) => void>} */
const ecouteurs = new Set()
/** @type {Etat} */
let etat = "inactif"
let detail = ""
let source = ""
let arrete = false // the engine had been ready before it failed: it stopped, it did not fail to load
let pretDepuis = 0 // when the engine last became ready (performance.now())
let importe = false // the worker has imported every tool module (its heartbeat can start)
let garde = false // the worker's downloads are all kept for the offline copy
/** @type {Set<() => void>} */
const apresLeDemarrage = new Set()

/** The engine's state: inactif, chargement, pret or echec (with a message), how it started, and
 * whether a failure is a stop after it had been ready (arrete) rather than a failed start. */
export function etatMoteur() {
  return { etat, detail, source, arrete }
}

/**
 * Call ``fonction(etat, detail)`` at each change of state; returns the unsubscribe function.
 * @param {(etat: Etat, detail: string) => void} fonction
 */
export function surEtat(fonction) {
  ecouteurs.add(fonction)
  return () => ecouteurs.delete(fonction)
}

/** Whether the engine's start-up is over: it failed, or it is ready with its downloads kept for the
 * offline copy (what can wait for it — the offline copy's service worker — may start). */
export function demarrageFini() {
  return etat === "echec" || (etat === "pret" && garde)
}

/**
 * Call ``fonction`` once, when the engine's start-up is over (:func:`demarrageFini`); returns the
 * unsubscribe function.
 * @param {() => void} fonction
 */
export function surFinDuDemarrage(fonction) {
  const une = () => {
    if (!demarrageFini()) return
    apresLeDemarrage.delete(une)
    fonction()
  }
  apresLeDemarrage.add(une)
  return () => apresLeDemarrage.delete(une)
}

function signalerLaFinDuDemarrage() {
  for (const une of [...apresLeDemarrage]) une()
}

/**
 * @param {Etat} nouvel
 * @param {string} [message]
 */
function changer(nouvel, message = "") {
  if (nouvel === "echec") arrete = etat === "pret"
  else arrete = false
  if (nouvel === "pret" && etat !== "pret") pretDepuis = performance.now()
  etat = nouvel
  detail = message
  // Visible to tests and benchmarks: <html data-moteur="pret" data-moteur-source="instantane">.
  document.documentElement.dataset.moteur = etat
  for (const fonction of ecouteurs) fonction(etat, detail)
  signalerLaFinDuDemarrage()
}

/** @param {string} message */
function rejeterTout(message) {
  for (const { rejeter } of enAttente.values()) rejeter(new Error(message))
  enAttente.clear()
}

/**
 * The engine failed: ``message`` (the page's own French words) is typeset once, here.
 * @param {string} message
 */
function echouer(message) {
  message = typographie(message)
  arreterBattements()
  changer("echec", message)
  rejeterTout(message)
  travailleur?.terminate()
  travailleur = null
}

/**
 * The worker's name: the early script's (``moteur-de-regles;debit=…``, the link's speed as the page
 * measured it, by which the worker picks its wasm: moteur/en_ligne/demarrage-precoce.js), else plain.
 */
function nomDuTravailleur() {
  try {
    return window.regles?.moteur?.nom?.() ?? "moteur-de-regles"
  } catch {
    return "moteur-de-regles"
  }
}

/** The worker the page's <head> starts after the first paint (pages with widgets), if unclaimed. */
function travailleurPrecoce() {
  const precoce = window.regles?.moteur
  if (!precoce || precoce.pris) return null
  precoce.pris = true
  return precoce
}

/** @param {{data: any}} message */
function recevoir({ data }) {
  // The engine's downloads are all kept for the offline copy (telechargement.mjs).
  if (data?.type === "garde") {
    garde = true
    document.documentElement.dataset.moteurGarde = "oui"
    signalerLaFinDuDemarrage()
  }
  // Every tool module is imported: the worker is idle between calls from now on.
  if (data?.type === "importe") {
    importe = true
    if (etat === "pret") surveiller()
  }
  if (data?.type === "etat") {
    if (data.etat === "echec") echouer(data.message)
    else {
      source = data.source ?? ""
      document.documentElement.dataset.moteurSource = source
      // The link's speed the engine measured (bytes/s), which chose between snapshot and plain start.
      if ((data.debit ?? null) !== null) document.documentElement.dataset.moteurDebit = String(data.debit)
      // When each step of the start-up ended, in the worker's time (for the benchmarks).
      if (data.etapes) document.documentElement.dataset.moteurEtapes = JSON.stringify(data.etapes)
      changer(data.etat)
    }
    return
  }
  const attente = enAttente.get(data?.id)
  if (!attente) return
  enAttente.delete(data.id)
  if (data.echec) attente.rejeter(new Error(data.echec))
  else attente.resoudre(data.reponse)
}

/** @param {ErrorEvent | Event} evenement */
function planter(evenement) {
  evenement.preventDefault?.()
  // The browser's own words (in English) go to the console; the reader gets French.
  if ("message" in evenement && evenement.message) console.warn(`Travailleur du moteur : ${evenement.message}`)
  echouer("erreur dans le travailleur du moteur")
}

// A worker the browser kills (out of memory, a crash, terminate()) sends no event at all: while the
// engine is ready, done with its imports and idle on a visible page, a ping every 0.75 s must come
// back within 1 s. (Before, a call unanswered is what finds a dead worker: see DELAI_REPONSE.)
const BATTEMENT = 750
const DELAI_BATTEMENT = 1_000
/** @type {ReturnType<typeof setInterval> | undefined} */
let battements

function arreterBattements() {
  clearInterval(battements)
  battements = undefined
}

function battre() {
  if (etat !== "pret" || enAttente.size || document.visibilityState !== "visible") return
  const attendu = setTimeout(() => {
    if (etat === "pret") echouer("mémoire insuffisante ?")
  }, DELAI_BATTEMENT)
  appeler("moteur.ping").then(
    () => clearTimeout(attendu),
    () => clearTimeout(attendu),
  )
}

function surveiller() {
  if (!battements) battements = setInterval(battre, BATTEMENT)
}

/** Start the worker if it is not running (or adopt the one the page started early). */
export function demarrer() {
  if (travailleur) return
  importe = false
  changer("chargement")
  const precoce = travailleurPrecoce()
  let adopte = null
  try {
    adopte = precoce?.lancer?.() ?? null // at once, if the page has not painted yet
  } catch {
    // The early script could not start it: a new worker below says why.
  }
  const nouveau =
    adopte ?? new Worker(new URL("./travailleur.mjs", import.meta.url), { type: "module", name: nomDuTravailleur() })
  travailleur = nouveau
  nouveau.onmessage = recevoir
  nouveau.onerror = planter
  nouveau.onmessageerror = () => echouer("réponse illisible du moteur de calcul")
  // On a plain start, the engine imports the tools of these operations before it says it is ready.
  const widgets = document.querySelectorAll(/** @type {"div"} */ ("[data-operations]"))
  const operations = [...widgets].flatMap(widget => (widget.dataset.operations ?? "").split(" "))
  nouveau.postMessage({ type: "operations", operations: [...new Set(operations)] })
  // What the early worker said before this module was there.
  for (const evenement of precoce?.evenements ?? []) {
    if (evenement.type === "error") planter(evenement)
    else recevoir(/** @type {MessageEvent} */ (evenement))
  }
}

/** A new worker in place of the running one. */
function remplacer() {
  travailleur?.terminate()
  travailleur = null
  demarrer()
}

/** Stop the worker and start a new one (after a failure). */
export function redemarrer() {
  rejeterTout("moteur redémarré")
  remplacer()
}

// Once the engine is ready, an answer takes milliseconds; a call unanswered this long after the
// later of its sending and the engine's readiness means the worker went silent (killed by the
// browser, crashed, stuck): a new worker replaces it and every pending call is sent to it again,
// once. A call that a second worker leaves unanswered too fails, with all the others.
const DELAI_REPONSE = 10_000

/**
 * Post call ``id`` to the worker; a call the browser cannot pass on fails alone.
 * @param {number} id
 * @param {Attente} attente
 */
function poster(id, attente) {
  try {
    /** @type {Worker} */ (travailleur).postMessage({ id, op: attente.op, args: attente.args })
  } catch {
    attente.rejeter(new Error("ces valeurs ne peuvent pas être transmises au moteur de calcul"))
  }
}

/** Replace a silent worker and send it the pending calls again. */
function relancer() {
  remplacer()
  for (const [id, attente] of enAttente) {
    attente.relancee = true
    poster(id, attente)
  }
}

/** Call operation ``op`` of the facade; resolves with {ok, resultat} or {ok: false, erreur}.
 *
 * Each request has its own timeout and is always cleaned up, whether it was answered, refused, or
 * could not even be sent (arguments the browser cannot pass on fail that request alone).
 * @param {string} op
 * @param {unknown} [args]
 * @returns {Promise<any>}
 */
export function appeler(op, args = {}) {
  demarrer()
  const id = prochainId++
  const envoi = performance.now()
  return new Promise((resoudre, rejeter) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let minuterie
    /** @param {number} delai */
    const armer = delai => {
      minuterie = setTimeout(() => {
        if (!enAttente.has(id)) return
        const ecoule = etat === "pret" ? performance.now() - Math.max(envoi, pretDepuis) : 0
        if (ecoule < DELAI_REPONSE) return armer(DELAI_REPONSE - ecoule)
        if (!attente.relancee) {
          relancer()
          return armer(DELAI_REPONSE)
        }
        echouer("il ne répond plus ; la prochaine action le redémarre")
      }, delai)
    }
    /** @type {(fonction: (valeur: any) => void) => (valeur: any) => void} */
    const finir = fonction => valeur => {
      clearTimeout(minuterie)
      enAttente.delete(id)
      fonction(valeur)
    }
    const attente = { op, args, resoudre: finir(resoudre), rejeter: finir(rejeter), relancee: false }
    enAttente.set(id, attente)
    armer(DELAI_REPONSE)
    poster(id, attente)
  })
}

surEtat(nouvel => {
  if (nouvel === "pret" && importe) surveiller()
  else arreterBattements()
})
