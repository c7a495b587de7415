// Inline at the end of every page (see the theme plugin): the site's modules start once the page has
// painted. Each page names them inert (type="regles/module"), so that the browser neither fetches them
// nor counts them before its first paint; here each becomes a module script again, in the page's order
// (async false: they run in that order, as they were written). In a tab that is not shown (no frame to
// wait for), they start at once. Once each has run (or failed), <html> says so: data-modules="demarres".
(() => {
  const demarrer = () => {
    const inertes = document.querySelectorAll('script[type="regles/module"]')
    let restants = inertes.length
    const fini = () => {
      if (--restants === 0) document.documentElement.dataset.modules = "demarres"
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
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(demarrer))
  else demarrer()
})()
