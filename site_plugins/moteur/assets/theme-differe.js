// On a page with widgets, the theme's script (Material's bundle: search, instant
// navigation, palette switch) loads once the rules engine has started, or at the
// reader's first key or pointer press, whichever comes first: "idle until urgent".
// Material sets itself up on DOMContentLoaded, long past by then: the event is sent
// again once the bundle has run, then "regles:theme" for the site's own scripts.
import { apresLeDemarrage } from "./demarrage.js"

const DELAI = 3_000 // ms: a slow phone's engine start-up; beyond, the theme loads anyway

const balise = document.querySelector("script[data-regles-theme]")

function chargerLeTheme() {
  const script = document.createElement("script")
  script.src = new URL(balise.dataset.reglesTheme, document.baseURI).href
  // Material's set-up in a task of its own, apart from the bundle's evaluation.
  script.addEventListener("load", () =>
    setTimeout(() => {
      document.dispatchEvent(new Event("DOMContentLoaded"))
      document.dispatchEvent(new Event("regles:theme"))
      document.documentElement.dataset.theme = "pret" // for the tests and benchmarks
    }),
  )
  script.addEventListener("error", () => console.warn("Le script du thème n’a pas pu se charger."))
  document.body.append(script)
}

if (balise) apresLeDemarrage(chargerLeTheme, { delai: DELAI, urgent: true })
