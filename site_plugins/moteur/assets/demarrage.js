// The start-up of a page with widgets: the rules engine first, what can wait after it.
// On a 2-core phone, everything the page runs meanwhile (storing the site for offline
// use) slows the engine's start-up down. The engine's client (moteur.js) says when its start-up is over.
import { demarrageFini, surFinDuDemarrage } from "./moteur.js"

/** Whether this page started the engine from its <head> (a page with widgets). */
function moteurSurLaPage() {
  return Boolean(window.regles?.moteur)
}

/**
 * Call ``fonction`` once, when the page's start-up is over: after ``load`` and, on a
 * page with widgets, once the engine is ready (its downloads kept) or has failed, or after ``delai`` ms.
 * @param {() => void} fonction
 * @param {{delai: number}} options
 */
export function apresLeDemarrage(fonction, { delai }) {
  let fait = false
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let minuterie
  /** @type {() => void} */
  let oublier = () => {}
  const une = () => {
    if (fait) return
    fait = true
    oublier()
    clearTimeout(minuterie)
    fonction()
  }
  const attendreLeMoteur = () => {
    if (fait) return
    if (!moteurSurLaPage() || demarrageFini()) return une()
    oublier = surFinDuDemarrage(une)
    minuterie = setTimeout(une, delai)
  }
  if (document.readyState === "complete") attendreLeMoteur()
  else addEventListener("load", attendreLeMoteur, { once: true })
}

/**
 * Call ``fonction`` for this page and for every page instant navigation brings in.
 * Material's ``document$`` replays the current page to a late subscriber: when the
 * theme arrives after this page was set up, that replay is skipped.
 * @param {() => void} fonction
 */
export function surChaquePage(fonction) {
  if (window.document$) {
    window.document$.subscribe(() => fonction())
    return
  }
  fonction()
  document.addEventListener(
    "regles:theme",
    () => {
      let rejouee = true
      window.document$?.subscribe(() => {
        if (rejouee) rejouee = false
        else fonction()
      })
    },
    { once: true },
  )
}
