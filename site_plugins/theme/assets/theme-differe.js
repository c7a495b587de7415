// The theme's script (Material's bundle: search, instant navigation, palette switch, the
// table of contents that follows the reading) loads at the reader's first touch, click,
// key or wheel, on every page: the text, its tables and the tools never wait for it, and
// a reader who only reads never pays for it. Before, the page works without it (links,
// folded blocks, the drawer and the tabs are plain HTML and CSS; the search and the palette's
// switch stay in view, see theme-differe.css and montrerLaPalette).
//
// Material sets itself up on DOMContentLoaded, long past by then: the listeners the bundle
// registers for it are caught while it runs and called once it has run (no second
// DOMContentLoaded for the rest of the page), then "regles:theme" for the site's own scripts.
// What the reader did with the theme's controls while it loaded is given to it: a palette switched
// meanwhile is announced to the theme once it listens (the search field is focused at the tap that
// opens it by the page's inline starter, demarreur.js, from the page's first moment). The reader's first
// gesture is the starter's to hear: it notes it on <html> (data-geste) and says it (« regles:geste »),
// before this module ran or after.

// The whole screen stylesheet (ecran.css) comes without holding the first paint back: linked here,
// right after the page's critical style (inline in <head>) that names it. The page painted with that
// style, which holds every rule its elements match, in the same order: nothing moves when the whole
// sheet applies, and what the scripts build later (search results, dialogs, tooltips) finds its rules
// there. It asks for a low priority: nothing on screen waits for it, the page's own resources go first.
for (const critique of document.querySelectorAll(/** @type {"style"} */ ("style[data-regles-ecran]"))) {
  const ecran = document.createElement("link")
  ecran.rel = "stylesheet"
  ecran.fetchPriority = "low"
  ecran.setAttribute("href", critique.dataset.reglesEcran ?? "")
  critique.after(ecran)
}

const balise = document.querySelector(/** @type {"script"} */ ("script[data-regles-theme]"))

/**
 * An object whose own property ``nom`` (a method put over its prototype's) can be deleted again.
 * @param {object} objet
 * @returns {Record<string, unknown>}
 */
const surcharge = objet => /** @type {Record<string, unknown>} */ (objet)

/** Catch the DOMContentLoaded listeners added from now on; returns the function that stops catching
 * and gives them.
 * @returns {() => EventListenerOrEventListenerObject[]}
 */
function attraperLesEcouteurs() {
  /** @type {EventListenerOrEventListenerObject[]} */
  const attrapes = []
  const ajouter = document.addEventListener
  /**
   * @this {Document}
   * @param {string} type
   * @param {EventListenerOrEventListenerObject | null} ecouteur
   * @param {boolean | AddEventListenerOptions} [options]
   */
  document.addEventListener = function (type, ecouteur, options) {
    if (type === "DOMContentLoaded" && ecouteur) attrapes.push(ecouteur)
    else if (ecouteur) ajouter.call(this, type, ecouteur, options)
  }
  return () => {
    delete surcharge(document).addEventListener
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
  /** @type {HTMLMetaElement[]} */
  const retenues = []
  /** @this {HTMLElement} @param {string} nom @param {string} valeur */
  corps.setAttribute = function (nom, valeur) {
    if (nom === "data-md-color-switching" || this.getAttribute(nom) === String(valeur)) return
    Element.prototype.setAttribute.call(this, nom, valeur)
  }
  /** @type {<T extends Node>(this: HTMLHeadElement, noeud: T) => T} */
  tete.appendChild = function (noeud) {
    if (noeud instanceof HTMLMetaElement && noeud.name === "color-scheme") retenues.push(noeud)
    else Node.prototype.appendChild.call(this, noeud)
    return noeud
  }
  return () => {
    delete surcharge(corps).setAttribute
    delete surcharge(tete).appendChild
    for (const meta of retenues) {
      // A light scheme is the page's own: the <meta> joins it with the first dark scheme.
      const joindre = () => meta.content.includes("dark") && (tete.append(meta), true)
      if (joindre()) continue
      const observateur = new MutationObserver(() => joindre() && observateur.disconnect())
      observateur.observe(meta, { attributes: true, attributeFilter: ["content"] })
    }
  }
}

/** From the page's start until the theme listens, the palette's choice kept. Returns the function that
 * stops, and hands that choice to the theme. */
function gestesRetenus() {
  /** @type {EventTarget | null} */
  let palette = null
  /** @param {Event} evenement */
  const changer = evenement => {
    if (evenement.target instanceof Element && evenement.target.closest("[data-md-component='palette']"))
      palette = evenement.target
  }
  addEventListener("change", changer, true)
  return () => {
    removeEventListener("change", changer, true)
    palette?.dispatchEvent(new Event("change"))
  }
}

/** The palette's switch in view before the theme: the one that leaves the scheme the page shows. */
function montrerLaPalette() {
  const entrees = [...document.querySelectorAll(/** @type {"input"} */ ("[data-md-component='palette'] input"))]
  const actuelle = entrees.find(entree => entree.dataset.mdColorScheme === document.body.dataset.mdColorScheme)
  const bouton = (actuelle ?? entrees[0])?.nextElementSibling
  if (bouton instanceof HTMLLabelElement) bouton.hidden = false
}

const rejouer = balise ? gestesRetenus() : () => {}
if (balise) montrerLaPalette()

/** Material's set-up moves some of the page's elements (each table goes into its scrolling frame):
 * done between a press and its release, the browser sends no click, and the reader's first tap on a
 * die in a table would do nothing. From the page's start, a press under way (a pointer down, Space
 * held) is followed; returns the function that runs its argument in a task of its own, at once or
 * once that press has given its click, and stops following. */
function suivreLesAppuis() {
  let appuye = false
  /** @type {(() => void) | null} */
  let auRelachement = null
  /** @param {Event} evenement */
  const appuyer = evenement => {
    if (evenement.type === "pointerdown" || (evenement instanceof KeyboardEvent && evenement.key === " ")) appuye = true
  }
  const relacher = () => {
    appuye = false
    auRelachement?.()
  }
  const suivis = {
    pointerdown: appuyer,
    keydown: appuyer,
    pointerup: relacher,
    pointercancel: relacher,
    keyup: relacher,
  }
  for (const [type, ecouteur] of Object.entries(suivis)) addEventListener(type, ecouteur, true)
  /** @param {() => void} faire */
  return faire => {
    let fait = false
    const une = () => {
      if (fait) return
      fait = true
      for (const [type, ecouteur] of Object.entries(suivis)) removeEventListener(type, ecouteur, true)
      removeEventListener("click", une, true)
      setTimeout(faire)
    }
    if (!appuye) return une()
    // The click follows the release (a little later after a touch); without one (a drag), 300 ms end
    // the wait.
    auRelachement = () => {
      addEventListener("click", une, true)
      setTimeout(une, 300)
    }
    // A release the page never sees (outside the window) does not keep the theme away.
    setTimeout(une, 3000)
  }
}

const apresLAppui = balise ? suivreLesAppuis() : null

/** @param {HTMLScriptElement} balise @param {(faire: () => void) => void} apresLAppui */
function chargerLeTheme(balise, apresLAppui) {
  const rendre = attraperLesEcouteurs()
  const retablir = ecrituresInutilesSautees()
  const script = document.createElement("script")
  script.src = new URL(balise.dataset.reglesTheme ?? "", document.baseURI).href
  script.addEventListener("load", () => {
    const ecouteurs = rendre()
    // Material's set-up in a task of its own, apart from the bundle's evaluation, after the press.
    apresLAppui(() => {
      const evenement = new Event("DOMContentLoaded")
      // The element in focus (a die just rolled with the keyboard) keeps it when its table moves.
      const focalise = document.activeElement
      try {
        for (const ecouteur of ecouteurs) {
          if (typeof ecouteur === "function") ecouteur.call(document, evenement)
          else ecouteur.handleEvent?.(evenement)
        }
      } finally {
        retablir()
        rejouer()
        if (focalise instanceof HTMLElement && focalise !== document.activeElement && focalise !== document.body && focalise.isConnected)
          focalise.focus({ preventScroll: true })
      }
      document.dispatchEvent(new Event("regles:theme"))
      document.documentElement.dataset.theme = "pret" // for the tests and benchmarks
    })
  })
  script.addEventListener("error", () => {
    rendre()
    retablir()
    rejouer()
    console.warn("Le script du thème n’a pas pu se charger.")
  })
  document.body.append(script)
}

function auPremierGeste() {
  if (balise && apresLAppui) chargerLeTheme(balise, apresLAppui)
}

if (balise && document.documentElement.dataset.geste) auPremierGeste()
else if (balise) addEventListener("regles:geste", auPremierGeste, { once: true })
