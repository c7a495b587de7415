// Inline at the end of every page (see the theme plugin): the site's modules start once the page has
// painted. Each page names them inert (type="regles/module"), so that the browser neither fetches them
// nor counts them before its first paint; here each becomes a module script again, in the page's order
// (async false: they run in that order, as they were written). In a tab that is not shown (no frame to
// wait for), they start at once. Once each has run (or failed), <html> says so: data-modules="demarres".
//
// The reader's first gesture (a touch, click, key or wheel), heard here from the page's first moment, is
// noted on <html> (data-geste) and said (« regles:geste », in that gesture's own event): it starts the
// modules at once if they have not started (a slow link), and the theme's loader (theme-differe.js), which
// waits for it, reads the mark when it runs later or hears the event. A tap on the search button focuses
// the search field within that tap (on a phone the keyboard only opens within it): what the reader types
// there stays, and the theme's search answers it when it arrives. That focus serves every page's life.
(() => {
  const racine = document.documentElement
  const GESTES = ["pointerdown", "keydown", "wheel", "click"]
  let demarres = false
  const demarrer = () => {
    if (demarres) return
    demarres = true
    const inertes = document.querySelectorAll('script[type="regles/module"]')
    let restants = inertes.length
    const fini = () => {
      if (--restants === 0) racine.dataset.modules = "demarres"
    }
    for (const inerte of inertes) {
      const module = document.createElement("script")
      for (const { name, value } of inerte.attributes) module.setAttribute(name, value)
      module.type = "module"
      module.async = false
      module.addEventListener("load", fini)
      module.addEventListener("error", fini)
      inerte.replaceWith(module)
    }
  }
  const geste = () => {
    for (const type of GESTES) removeEventListener(type, geste, true)
    racine.dataset.geste = "oui"
    demarrer()
    dispatchEvent(new Event("regles:geste"))
  }
  for (const type of GESTES) addEventListener(type, geste, { capture: true, passive: true })
  /** @param {Event} evenement */
  const chercher = evenement => {
    if (evenement.target instanceof Element && evenement.target.closest("label[for='__search']"))
      document.querySelector(/** @type {"input"} */ ("input[data-md-component='search-query']"))?.focus()
  }
  addEventListener("click", chercher, true)
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(demarrer))
  else demarrer()
})()
