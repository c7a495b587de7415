// « Mon système »: the reader picks the system they play (remembered on the device,
// versioned); search results of that system come first. The choice sits in the search
// dialog and wherever a page asks for it (<div data-mon-systeme></div>, the home page).
// The search worker learns it on the BroadcastChannel "regles-recherche" (a worker
// cannot read localStorage): this page announces it, and answers the worker's request.
import { surChaquePage } from "./demarrage.js"

const SYSTEMES = __SYSTEMES__ // the nav's sections, written in by the regles-recherche plugin
const CLE = "regles.mon-systeme"
const VERSION = 1
const canal = typeof BroadcastChannel === "function" ? new BroadcastChannel("regles-recherche") : null

/** The stored system ("" for none, or for anything unreadable or not a system of this site). */
export function monSysteme() {
  try {
    const lu = JSON.parse(localStorage.getItem(CLE) ?? "null")
    if (lu?.version === VERSION && SYSTEMES.includes(lu.systeme)) return lu.systeme
  } catch {
    // unreadable or no storage: no system
  }
  return ""
}

function annoncer() {
  const systeme = monSysteme()
  canal?.postMessage({ systeme })
  // The home page's tools (the compact « outils » index): this system's group comes first (widgets.css).
  for (const groupe of document.querySelectorAll(/** @type {"div"} */ (".regles-raccourcis__systeme"))) {
    groupe.toggleAttribute("data-mien", groupe.dataset.systeme === systeme)
  }
}

/** @param {string} systeme */
function choisir(systeme) {
  try {
    localStorage.setItem(CLE, JSON.stringify({ version: VERSION, systeme }))
  } catch {
    // no storage on this device: the choice lasts as long as the page
  }
  for (const liste of document.querySelectorAll(/** @type {"select"} */ ("select.regles-mon-systeme__choix"))) {
    liste.value = systeme
  }
  annoncer()
}

let numero = 0
function choix() {
  const bloc = document.createElement("div")
  bloc.className = "regles-mon-systeme"
  const liste = document.createElement("select")
  liste.className = "regles-mon-systeme__choix"
  liste.id = `regles-mon-systeme-${++numero}`
  const etiquette = document.createElement("label")
  etiquette.htmlFor = liste.id
  etiquette.textContent = "Mon système\u00a0: "
  const tous = new Option("tous les systèmes", "")
  liste.append(tous, ...SYSTEMES.map(systeme => new Option(systeme, systeme)))
  liste.value = monSysteme()
  liste.addEventListener("change", () => choisir(liste.value))
  bloc.append(etiquette, liste)
  return bloc
}

function monter() {
  for (const place of document.querySelectorAll("[data-mon-systeme]")) {
    if (!place.querySelector(".regles-mon-systeme")) place.append(choix())
  }
  const sortie = document.querySelector(".md-search__output")
  if (sortie && !sortie.querySelector(".regles-mon-systeme")) sortie.prepend(choix())
  for (const liste of document.querySelectorAll(/** @type {"select"} */ ("select.regles-mon-systeme__choix"))) {
    liste.value = monSysteme()
  }
  annoncer()
}

canal?.addEventListener("message", ({ data }) => {
  if (data?.demande) annoncer()
})
surChaquePage(monter)
