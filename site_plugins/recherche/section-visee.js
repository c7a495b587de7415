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
let arreter = () => {}

function lacher() {
  arreter()
  arreter = () => {}
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

// How long the target is watched once the page's tools have all answered, and at most (ms)
const CALME = 1500
const LIMITE = 60_000

function montrerLaCible() {
  lacher()
  const cible = cibleDeLAdresse()
  if (!cible) return
  for (let pli = cible.closest("details"); pli; pli = pli.parentElement?.closest("details") ?? null) {
    pli.open = true
  }
  // where scrollIntoView puts it: its scroll margin (the header's height) below the top
  const attendu = () => parseFloat(getComputedStyle(cible).scrollMarginTop) || 0
  const descendable = () => scrollY < document.documentElement.scrollHeight - innerHeight - 1
  let fois = 0
  // Only real corrections count towards the bound: while the search dialog locks the page's scroll,
  // nothing is tried (the lock's frames would otherwise use the bound up before the lock is gone).
  const montrer = () => {
    if (document.body.hasAttribute("data-md-scrolllock")) return
    if (!cible.isConnected || ++fois > 50) lacher()
    else cible.scrollIntoView({ behavior: "instant" })
  }
  // Each frame while the page settles, the target is put back where it belongs when
  // something else moved it: the theme's own scroll after a page change, a tool above it
  // growing or shrinking (a scroll the reader makes ends the watch first).
  /** @type {number | null} */
  let calmeDepuis = null
  let image = 0
  const debut = performance.now()
  const veiller = () => {
    const ecart = cible.getBoundingClientRect().top - attendu()
    if (Math.abs(ecart) > 2 && (ecart < 0 || descendable())) montrer()
    const maintenant = performance.now()
    const occupe = document.querySelector("[data-widget][aria-busy]")
    calmeDepuis = occupe ? null : (calmeDepuis ?? maintenant)
    const encore = calmeDepuis === null || maintenant - calmeDepuis < CALME
    if (maintenant - debut < LIMITE && encore) image = requestAnimationFrame(veiller)
    else lacher()
  }
  arreter = () => cancelAnimationFrame(image)
  montrer()
  image = requestAnimationFrame(veiller)
  for (const type of INTERACTIONS) addEventListener(type, lacher, { capture: true, passive: true })
}

// Material's target$ (the #anchor's element, after each instant navigation and hash change)
// when it is there; the address is read again once the new page is in place too.
window.target$?.subscribe(() => montrerLaCible())
addEventListener("hashchange", montrerLaCible)
surChaquePage(() => requestAnimationFrame(montrerLaCible))

// In the search results, Material folds a page's sections under « … de plus sur cette page » when the page
// itself scores best: a reader who taps the page's hit lands at its top, the section searched for folded
// away. When a section's title holds the words searched for (Material marks them) and no section shown
// does, the page's hit opens the best such section (Material lists a page's sections best first).
/** @param {Element} liste */
function viserLesSections(liste) {
  for (const item of liste.querySelectorAll(":scope > .md-search-result__item")) {
    const page = item.querySelector(/** @type {"a"} */ (":scope > a.md-search-result__link"))
    if (!page || page.dataset.reglesSection !== undefined || new URL(page.href).hash) continue
    const titre = /** @param {Element} lien */ lien => lien.querySelector("article > h2 mark")
    const montrees = [...item.querySelectorAll(":scope > a.md-search-result__link")].slice(1)
    const pliees = [
      ...item.querySelectorAll(/** @type {"a"} */ (":scope > details.md-search-result__more > a.md-search-result__link")),
    ]
    const section = montrees.some(titre) ? null : pliees.find(titre)
    if (!section) continue
    page.dataset.reglesSection = ""
    page.href = section.href
  }
}

/** @type {Element | null} */
let observee = null
function observerLesResultats() {
  const liste = document.querySelector(".md-search-result__list")
  if (!liste || liste === observee) return
  observee = liste
  new MutationObserver(() => viserLesSections(liste)).observe(liste, { childList: true })
}
observerLesResultats()
surChaquePage(observerLesResultats)
