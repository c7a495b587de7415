// Characters kept on this device: the entry of the page script. It only joins the page's code
// (personnages-page.js) to the engine's client, the block rendering and the page cycle, which
// the other plugins ship beside it in assets/regles/. Start-up order: on every page (instant
// navigation included), once the page is shown, `monterTout` mounts the page « Personnages »
// and « Remplir depuis… ».
import { surChaquePage } from "./demarrage.js"
import { appeler } from "./moteur.js"
import { creerPage } from "./personnages-page.js"
import { rendre } from "./rendu.js"

// Reached at each call: in some private modes, even reading `localStorage` throws (SecurityError),
// and the store reports it in French.
const stockage = {
  /** @param {string} cle */
  getItem: cle => localStorage.getItem(cle),
  /** @param {string} cle @param {string} valeur */
  setItem: (cle, valeur) => localStorage.setItem(cle, valeur),
  /** @param {string} cle */
  removeItem: cle => localStorage.removeItem(cle),
}
const { monterTout } = creerPage({ appeler, rendre, stockage, fenetre: window })
surChaquePage(monterTout)
