// Accessible names for two parts of the theme that have none: the search dialog
// and the instant-navigation progress bar (checked by axe-core in the tests).
import { surChaquePage } from "./regles/demarrage.js"

function nommer() {
  document.querySelector(".md-search")?.setAttribute("aria-label", "Recherche")
  document.querySelector(".md-progress")?.setAttribute("aria-label", "Chargement de la page")
}

surChaquePage(nommer)
new MutationObserver(nommer).observe(document.body, { childList: true })
