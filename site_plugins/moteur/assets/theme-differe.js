// On a page with widgets, the theme's script (Material's bundle: search, instant
// navigation, palette switch) loads once the rules engine has started, or at the
// reader's first key or pointer press, whichever comes first: "idle until urgent".
// Material sets itself up on DOMContentLoaded, long past by then: the listeners the
// bundle registers for it are caught while it runs and called once it has run (no second
// DOMContentLoaded for the rest of the page), then "regles:theme" for the site's own scripts.
import { apresLeDemarrage } from "./demarrage.js"

const DELAI = 3_000 // ms: a slow phone's engine start-up; beyond, the theme loads anyway

const balise = document.querySelector("script[data-regles-theme]")

/** Catch the DOMContentLoaded listeners added from now on; returns the function that stops catching
 * and gives them. */
function attraperLesEcouteurs() {
  const attrapes = []
  const ajouter = document.addEventListener
  document.addEventListener = function (type, ecouteur, options) {
    if (type === "DOMContentLoaded" && ecouteur) attrapes.push(ecouteur)
    else ajouter.call(this, type, ecouteur, options)
  }
  return () => {
    delete document.addEventListener
    return attrapes
  }
}

function chargerLeTheme() {
  const rendre = attraperLesEcouteurs()
  const script = document.createElement("script")
  script.src = new URL(balise.dataset.reglesTheme, document.baseURI).href
  script.addEventListener("load", () => {
    const ecouteurs = rendre()
    // Material's set-up in a task of its own, apart from the bundle's evaluation.
    setTimeout(() => {
      const evenement = new Event("DOMContentLoaded")
      for (const ecouteur of ecouteurs) {
        if (typeof ecouteur === "function") ecouteur.call(document, evenement)
        else ecouteur.handleEvent?.(evenement)
      }
      document.dispatchEvent(new Event("regles:theme"))
      document.documentElement.dataset.theme = "pret" // for the tests and benchmarks
    })
  })
  script.addEventListener("error", () => {
    rendre()
    console.warn("Le script du thème n’a pas pu se charger.")
  })
  document.body.append(script)
}

if (balise) apresLeDemarrage(chargerLeTheme, { delai: DELAI, urgent: true })
