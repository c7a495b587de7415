// Client of the rules engine's worker: one worker per tab, request ids mapped to
// promises, calls queued until the engine is ready, a restart after a failure.
// Instant navigation keeps this module (and so the worker) alive between pages.

let travailleur = null
let prochainId = 1
const enAttente = new Map()
const ecouteurs = new Set()
let etat = "inactif"
let detail = ""

/** The engine's state: inactif, chargement, pret or echec (with a message). */
export function etatMoteur() {
  return { etat, detail }
}

/** Call ``fonction(etat, detail)`` at each change of state; returns the unsubscribe function. */
export function surEtat(fonction) {
  ecouteurs.add(fonction)
  return () => ecouteurs.delete(fonction)
}

function changer(nouvel, message = "") {
  etat = nouvel
  detail = message
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

/** Start the worker if it is not running. */
export function demarrer() {
  if (travailleur) return
  changer("chargement")
  travailleur = new Worker(new URL("./travailleur.mjs", import.meta.url), {
    type: "module",
    name: "moteur-de-regles",
  })
  travailleur.onmessage = ({ data }) => {
    if (data?.type === "etat") {
      if (data.etat === "echec") echouer(data.message)
      else changer(data.etat)
      return
    }
    const attente = enAttente.get(data?.id)
    if (!attente) return
    enAttente.delete(data.id)
    if (data.echec) attente.rejeter(new Error(data.echec))
    else attente.resoudre(data.reponse)
  }
  travailleur.onerror = evenement => {
    evenement.preventDefault?.()
    echouer(evenement.message || "le travailleur du moteur s'est arrêté")
  }
}

/** Stop the worker and start a new one (after a failure). */
export function redemarrer() {
  travailleur?.terminate()
  travailleur = null
  rejeterTout("moteur redémarré")
  demarrer()
}

/** Call operation ``op`` of the facade; resolves with {ok, resultat} or {ok: false, erreur}. */
export function appeler(op, args = {}) {
  demarrer()
  const id = prochainId++
  return new Promise((resoudre, rejeter) => {
    enAttente.set(id, { resoudre, rejeter })
    travailleur.postMessage({ id, op, args })
  })
}
