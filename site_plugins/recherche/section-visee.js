// The section an address points to is the one shown: a search hit (even one folded under
// « … de plus sur cette page »), a link, a shared address. On each page and on every change
// of the #anchor, each <details> holding the target is opened and the target is brought
// under the header; while the page is still settling (tools replacing their static
// fallback, folded answers) it is kept there, until the reader scrolls, taps or types.
// On a phone, Material's search dialog locks the page's scroll while it is open and puts
// the old position back when it closes, after the new page is shown: the target is
// brought back once the lock is gone.
import { surChaquePage } from "./demarrage.js"

const INTERACTIONS = ["wheel", "touchstart", "keydown", "mousedown"]
let observateurs = []
let arreter = () => {}

function lacher() {
  arreter()
  arreter = () => {}
  for (const observateur of observateurs) observateur.disconnect()
  observateurs = []
  for (const type of INTERACTIONS) removeEventListener(type, lacher, { capture: true })
}

function cibleDeLAdresse() {
  try {
    const id = decodeURIComponent(location.hash.slice(1))
    return id ? document.getElementById(id) : null
  } catch {
    return null
  }
}

function montrerLaCible() {
  lacher()
  const cible = cibleDeLAdresse()
  if (!cible) return
  for (let pli = cible.closest("details"); pli; pli = pli.parentElement?.closest("details") ?? null) {
    pli.open = true
  }
  let haut = null
  let fois = 0
  const montrer = () => {
    if (!cible.isConnected || ++fois > 50) lacher()
    else if (!document.body.hasAttribute("data-md-scrolllock")) {
      cible.scrollIntoView({ behavior: "instant" })
      haut = cible.getBoundingClientRect().top
    }
  }
  // a scroll the reader did not make (the theme's own, after a page change) moves it back
  const defilement = () => {
    if (haut !== null && Math.abs(cible.getBoundingClientRect().top - haut) > 2) requestAnimationFrame(montrer)
  }
  addEventListener("scroll", defilement, { passive: true })
  arreter = () => removeEventListener("scroll", defilement)
  montrer()
  const taille = new ResizeObserver(montrer)
  taille.observe(document.body)
  const verrou = new MutationObserver(() => setTimeout(montrer, 0))
  verrou.observe(document.body, { attributes: true, attributeFilter: ["data-md-scrolllock"] })
  observateurs = [taille, verrou]
  for (const type of INTERACTIONS) addEventListener(type, lacher, { capture: true, passive: true })
}

// Material's target$ (the #anchor's element, after each instant navigation and hash change)
// when it is there; the address is read again once the new page is in place too.
window.target$?.subscribe(() => montrerLaCible())
addEventListener("hashchange", montrerLaCible)
surChaquePage(() => requestAnimationFrame(montrerLaCible))
