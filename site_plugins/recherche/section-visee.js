// The section an address points to is shown, even folded: on load and on every change
// of the address's #anchor (a search hit, a link), each <details> holding the target
// is opened, then the target is scrolled into view.
import { surChaquePage } from "./demarrage.js"

function ouvrirLaCible() {
  let id = ""
  try {
    id = decodeURIComponent(location.hash.slice(1))
  } catch {
    return
  }
  const cible = id && document.getElementById(id)
  if (!cible) return
  let ouverts = 0
  for (let pli = cible.closest("details"); pli; pli = pli.parentElement?.closest("details") ?? null) {
    if (!pli.open) {
      pli.open = true
      ouverts += 1
    }
  }
  if (ouverts) cible.scrollIntoView()
}

addEventListener("hashchange", ouvrirLaCible)
surChaquePage(ouvrirLaCible)
