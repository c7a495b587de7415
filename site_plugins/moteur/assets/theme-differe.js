// On a page with widgets, the theme's script (Material's bundle: search, instant
// navigation, palette switch) loads once the rules engine has started, or at the
// reader's first key or pointer press, whichever comes first: "idle until urgent".
// Material sets itself up on DOMContentLoaded, long past by then: the listeners the
// bundle registers for it are caught while it runs and called once it has run (no second
// DOMContentLoaded for the rest of the page), then "regles:theme" for the site's own scripts.
import { apresLeDemarrage } from "./demarrage.js"

// ms: beyond, the theme loads anyway. On a phone-like link ("4G") the engine needs about
// 9 s, and the theme's bundle, then Material's search index (0.4 MB together) would take
// the link from the engine's downloads: they wait for it, unless the reader acts first.
const DELAI = 12_000

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

/** While Material sets itself up, it writes to <body> the palette's colours the page already has, with
 * ``data-md-color-switching`` (no transitions while colours change), and adds a ``color-scheme`` <meta>,
 * then reads a computed style: each of these recomputes every element's style (under a 4× slower CPU,
 * about 0.5 s each on a tool page). At set-up nothing changes colour: such writes are skipped, and the
 * <meta> joins the page with the first dark scheme. Returns the function that stops skipping them. */
function ecrituresInutilesSautees() {
  const corps = document.body
  const tete = document.head
  const retenues = []
  corps.setAttribute = function (nom, valeur) {
    if (nom === "data-md-color-switching" || this.getAttribute(nom) === String(valeur)) return
    Element.prototype.setAttribute.call(this, nom, valeur)
  }
  tete.appendChild = function (noeud) {
    if (noeud instanceof HTMLMetaElement && noeud.name === "color-scheme") retenues.push(noeud)
    else Node.prototype.appendChild.call(this, noeud)
    return noeud
  }
  return () => {
    delete corps.setAttribute
    delete tete.appendChild
    for (const meta of retenues) {
      // A light scheme is the page's own: the <meta> joins it with the first dark scheme.
      const joindre = () => meta.content.includes("dark") && (tete.append(meta), true)
      if (joindre()) continue
      const observateur = new MutationObserver(() => joindre() && observateur.disconnect())
      observateur.observe(meta, { attributes: true, attributeFilter: ["content"] })
    }
  }
}

function chargerLeTheme() {
  const rendre = attraperLesEcouteurs()
  const retablir = ecrituresInutilesSautees()
  const script = document.createElement("script")
  script.src = new URL(balise.dataset.reglesTheme, document.baseURI).href
  script.addEventListener("load", () => {
    const ecouteurs = rendre()
    // Material's set-up in a task of its own, apart from the bundle's evaluation.
    setTimeout(() => {
      const evenement = new Event("DOMContentLoaded")
      try {
        for (const ecouteur of ecouteurs) {
          if (typeof ecouteur === "function") ecouteur.call(document, evenement)
          else ecouteur.handleEvent?.(evenement)
        }
      } finally {
        retablir()
      }
      document.dispatchEvent(new Event("regles:theme"))
      document.documentElement.dataset.theme = "pret" // for the tests and benchmarks
    })
  })
  script.addEventListener("error", () => {
    rendre()
    retablir()
    console.warn("Le script du thème n’a pas pu se charger.")
  })
  document.body.append(script)
}

if (balise) apresLeDemarrage(chargerLeTheme, { delai: DELAI, urgent: true })
