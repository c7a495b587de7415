// Inline at the end of every page (see the theme plugin): the site's modules start once the page has
// painted. Each page names them inert (type="regles/module"), so that the browser neither fetches them
// nor counts them before its first paint; here each becomes a module script again, in the page's order
// (async false: they run in that order, as they were written). In a tab that is not shown (no frame to
// wait for), they start at once. Once each has run (or failed), <html> says so: data-modules="demarres".
//
// The reader may act before the modules arrive (a slow link): a touch, click, key or wheel starts them at
// once and is noted on <html> (data-geste), so that the theme's loader (theme-differe.js), which waits for
// the reader's first gesture, does not wait for a second one. A tap on the search button focuses the
// search field within that tap (on a phone the keyboard only opens within it): what the reader types
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
