// Client of the rules engine's worker: one worker per tab, request ids mapped to
// promises, calls queued until the engine is ready, a restart after a failure.
// Instant navigation keeps this module (and so the worker) alive between pages.

let travailleur = null
let prochainId = 1
const enAttente = new Map()
const ecouteurs = new Set()
let etat = "inactif"
let detail = ""
let source = ""

/** The engine's state: inactif, chargement, pret or echec (with a message), and how it started. */
export function etatMoteur() {
  return { etat, detail, source }
}

/** Call ``fonction(etat, detail)`` at each change of state; returns the unsubscribe function. */
export function surEtat(fonction) {
  ecouteurs.add(fonction)
  return () => ecouteurs.delete(fonction)
}

function changer(nouvel, message = "") {
  etat = nouvel
  detail = message
  // Visible to tests and benchmarks: <html data-moteur="pret" data-moteur-source="instantane">.
  document.documentElement.dataset.moteur = etat
  for (const fonction of ecouteurs) fonction(etat, detail)
}

function rejeterTout(message) {
  for (const { rejeter } of enAttente.values()) rejeter(new Error(message))
  enAttente.clear()
}

function echouer(message) {
  changer("echec", message)
  rejeterTout(message)
  travailleur?.terminate()
  travailleur = null
}

/** The worker the page's <head> starts after the first paint (pages with widgets), if unclaimed. */
function travailleurPrecoce() {
  const precoce = window.__reglesMoteur
  if (!precoce || precoce.pris) return null
  precoce.pris = true
  return precoce
}

function recevoir({ data }) {
  if (data?.type === "etat") {
    if (data.etat === "echec") echouer(data.message)
    else {
      source = data.source ?? ""
      document.documentElement.dataset.moteurSource = source
      // The link's speed the engine measured (bytes/s), which chose between snapshot and plain start.
      if (data.debit != null) document.documentElement.dataset.moteurDebit = String(data.debit)
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

function planter(evenement) {
  evenement.preventDefault?.()
  echouer(evenement.message || "le travailleur du moteur s’est arrêté")
}

/** Start the worker if it is not running (or adopt the one the page started early). */
export function demarrer() {
  if (travailleur) return
  changer("chargement")
  const precoce = travailleurPrecoce()
  let adopte = null
  try {
    adopte = precoce?.lancer() ?? null // at once, if the page has not painted yet
  } catch {
    // The early script could not start it: a new worker below says why.
  }
  travailleur =
    adopte ?? new Worker(new URL("./travailleur.mjs", import.meta.url), { type: "module", name: "moteur-de-regles" })
  travailleur.onmessage = recevoir
  travailleur.onerror = planter
  // What the early worker said before this module was there.
  for (const evenement of precoce?.evenements ?? []) {
    if (evenement.type === "error") planter(evenement)
    else recevoir(evenement)
  }
}

/** Stop the worker and start a new one (after a failure). */
export function redemarrer() {
  travailleur?.terminate()
  travailleur = null
  rejeterTout("moteur redémarré")
  demarrer()
}

// Once the engine is ready, an answer takes milliseconds; a call unanswered after this
// long means the worker died (killed by the browser, crashed): it is replaced.
const DELAI_REPONSE = 10_000

/** Call operation ``op`` of the facade; resolves with {ok, resultat} or {ok: false, erreur}. */
export function appeler(op, args = {}) {
  demarrer()
  const id = prochainId++
  return new Promise((resoudre, rejeter) => {
    let minuterie = null
    const armer = () => {
      minuterie = setTimeout(() => {
        if (!enAttente.has(id)) return
        if (etat !== "pret") return armer()
        echouer("le moteur de règles ne répond plus ; la prochaine action le redémarre")
      }, DELAI_REPONSE)
    }
    const finir = fonction => valeur => {
      clearTimeout(minuterie)
      fonction(valeur)
    }
    enAttente.set(id, { resoudre: finir(resoudre), rejeter: finir(rejeter) })
    armer()
    travailleur.postMessage({ id, op, args })
  })
}
