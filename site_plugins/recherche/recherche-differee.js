// Material's search worker, "idle until urgent": the index (a few hundred
// milliseconds of processor on a phone) is built at the first query, or once the
// page's start-up is over, so that it does not compete with the page, nor with
// the rules engine starting on pages with widgets.
//
// Written by the regles-recherche plugin in place of Material's worker, which it
// loads from __MATERIAL__. Messages of Material's worker: 0 prepares the index
// (answer 1, ready), 2 is a query (answer 3, results).
const PREPARER = 0
const PRET = 1
const CHERCHER = 2
const RESULTATS = 3
const DELAI = 3000 // ms after the page asked: its start-up is over

/**
 * A message of Material's search worker.
 * @typedef {{type: number, data?: any}} MessageDeRecherche
 */
/** @type {MessageDeRecherche | null} */
let preparation = null
/** @type {MessageDeRecherche | null} */
let requete = null // the latest query received before the index is ready, answered once it is
let etat = "attente" // attente → construction → pret

/** Hand the held preparation to Material's worker, which builds the index, then the latest query. */
function construire() {
  if (etat !== "attente" || preparation === null) return
  etat = "construction"
  dispatchEvent(new MessageEvent("message", { data: preparation }))
  // Material's worker finishes the index in microtasks; queries typed meanwhile are
  // held too, so that the results shown are those of the latest one.
  setTimeout(() => {
    etat = "pret"
    if (requete !== null) dispatchEvent(new MessageEvent("message", { data: requete }))
  }, 0)
}

addEventListener("message", evenement => {
  if (etat === "pret") return
  const { data } = evenement
  if (data?.type === PREPARER && etat === "attente") {
    evenement.stopImmediatePropagation()
    preparation = data
    postMessage({ type: PRET })
    setTimeout(construire, DELAI)
  } else if (data?.type === CHERCHER && preparation !== null) {
    // Material sends the empty box's query as soon as it is ready: only text is urgent.
    evenement.stopImmediatePropagation()
    requete = data
    if (String(data.data ?? "").trim()) construire()
  }
})

// « Mon système » (mon-systeme.js on the page): the results of the reader's system come first.
// A worker cannot read localStorage: the page tells it on a BroadcastChannel, and answers
// when the worker asks (whichever starts last). A change re-sends the last results, re-ranked.
let systeme = ""
/** @type {MessageDeRecherche | null} */
let derniers = null
/** @type {(message: unknown, ...reste: any[]) => void} */
const envoyer = self.postMessage.bind(self)

/**
 * Groups of results (one per page) whose page carries the system's tag first, the order kept otherwise.
 * @param {MessageDeRecherche} message
 */
function classer(message) {
  const groupes = message?.data?.items
  if (message?.type !== RESULTATS || !systeme || !Array.isArray(groupes)) return message
  /** @type {Array<Array<{tags?: string[]}>>} */
  const liste = groupes
  const siens = liste.filter(groupe => groupe.some(doc => doc.tags?.includes(systeme)))
  const autres = liste.filter(groupe => !siens.includes(groupe))
  return { ...message, data: { ...message.data, items: [...siens, ...autres] } }
}

/** The worker's scope, whose postMessage (Material's answers) is wrapped. */
const portee = /** @type {{postMessage: (message: MessageDeRecherche, ...reste: any[]) => void}} */ (self)
portee.postMessage = (message, ...reste) => {
  if (message?.type === RESULTATS) derniers = message
  return envoyer(classer(message), ...reste)
}

if (typeof BroadcastChannel === "function") {
  const canal = new BroadcastChannel("regles-recherche")
  canal.addEventListener("message", ({ data }) => {
    if (typeof data?.systeme !== "string" || data.systeme === systeme) return
    systeme = data.systeme
    if (derniers !== null) envoyer(classer(derniers))
  })
  canal.postMessage({ demande: true })
}

importScripts("__MATERIAL__")
