// Dice in the text: each <span class="regles-des"> becomes a button that rolls its
// expression through the rules engine. The rule's text never changes: the result appears
// in a bubble beside the button (outside the paragraph, closed by Échap, a tap elsewhere
// or the next page) and goes into the roll log with its page and section. Tool results
// go into the log too.
import { surChaquePage } from "./demarrage.js"
import { appeler } from "./moteur.js"
import { ajouter, monterJournal, sectionDe, titreDeLaPage } from "./journal.js"

// Made at the first roll: building a number format loads the locale's data, a long task on a
// phone if done while the page starts.
/** @type {Intl.NumberFormat | null} */
let pourcent = null

/**
 * An exact probability "a/b" of the answer's JSON as a French percentage ("" when absent).
 * @param {unknown} fraction
 */
function enPourcentage(fraction) {
  const [numerateur, denominateur] = String(fraction ?? "").split("/").map(Number)
  if (!denominateur) return ""
  pourcent ??= new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 2 })
  return pourcent.format(numerateur / denominateur)
}

/** @param {{affichage?: Array<{type?: string, texte?: string}>}} resultat */
function resume(resultat) {
  const principal = (resultat.affichage ?? []).find(bloc => bloc.type === "texte")
  return principal ? principal.texte : ""
}

/** @type {HTMLDivElement | null} */
let bulle = null

/** The one bubble of the page, in <body> (never inside the text). */
function laBulle() {
  if (bulle?.isConnected) return bulle
  const nouvelle = document.createElement("div")
  nouvelle.className = "regles-des__bulle regles-des__resultat"
  nouvelle.setAttribute("role", "status")
  nouvelle.hidden = true
  document.body.append(nouvelle)
  bulle = nouvelle
  return nouvelle
}

function fermerLaBulle() {
  if (bulle) bulle.hidden = true
}

/**
 * Put the bubble just under the button, inside the screen's width.
 * @param {HTMLElement} sortie
 * @param {HTMLElement} bouton
 */
function placer(sortie, bouton) {
  sortie.hidden = false
  const cadre = bouton.getBoundingClientRect()
  const largeur = sortie.offsetWidth
  const gauche = Math.max(8, Math.min(cadre.left, document.documentElement.clientWidth - largeur - 8))
  sortie.style.left = `${gauche + scrollX}px`
  sortie.style.top = `${cadre.bottom + scrollY + 4}px`
}

/** @param {HTMLButtonElement} bouton */
async function lancer(bouton) {
  const expression = bouton.dataset.des ?? ""
  const sortie = laBulle()
  sortie.textContent = `${expression} … `
  delete sortie.dataset.result
  sortie.dataset.pour = expression
  placer(sortie, bouton)
  bouton.setAttribute("aria-busy", "true")
  try {
    const reponse = await appeler("des.lancer", { expression })
    if (!reponse.ok) {
      sortie.textContent = reponse.erreur.message
      return
    }
    const { total, des, probabilite_total: p } = reponse.resultat
    const chance = enPourcentage(p)
    sortie.textContent = `${expression} → ${total}${chance ? ` (chance\u00a0: ${chance})` : ""}`
    sortie.dataset.result = JSON.stringify({ expression, total, des, probabilite_total: p ?? null })
    placer(sortie, bouton)
    // The log's entry (journal.js checks every field).
    ajouter({
      titre: expression,
      expression,
      des,
      total,
      texte: resume(reponse.resultat),
      contexte: { page: titreDeLaPage(), section: sectionDe(bouton) },
    })
  } catch (erreur) {
    const raison = erreur instanceof Error ? erreur.message : String(erreur)
    sortie.textContent = `Le moteur de règles n’a pas pu se charger (${raison}).`
  } finally {
    bouton.removeAttribute("aria-busy")
  }
}

document.addEventListener("keydown", evenement => {
  if (evenement.key === "Escape") fermerLaBulle()
})
document.addEventListener("click", evenement => {
  const cible = evenement.target
  if (!(cible instanceof Element && cible.closest("button.regles-des, .regles-des__bulle"))) fermerLaBulle()
})

function monterDes() {
  for (const span of document.querySelectorAll(/** @type {"span"} */ ("span.regles-des[data-des]"))) {
    const bouton = document.createElement("button")
    bouton.type = "button"
    bouton.className = "regles-des"
    bouton.dataset.des = span.dataset.des ?? ""
    bouton.textContent = span.textContent
    bouton.title = `Lancer ${span.dataset.des}`
    bouton.addEventListener("click", () => lancer(bouton))
    span.replaceWith(bouton)
  }
  fermerLaBulle()
  monterJournal()
}

document.addEventListener("regles:resultat", evenement => {
  if (!(evenement instanceof CustomEvent)) return
  const { resultat } = evenement.detail ?? {}
  if (!resultat || !("rejouer" in resultat)) return
  const cible = evenement.target
  const racine = cible instanceof Element ? cible.closest("[data-widget]") : null
  const outil = racine?.querySelector(".regles-widget__titre")?.textContent ?? "Outil"
  const texte = racine?.querySelector(".regles-widget__resultat .regles-texte--resultat")?.textContent ?? ""
  ajouter({
    titre: outil,
    expression: typeof resultat.expression === "string" ? resultat.expression : "",
    des: Array.isArray(resultat.des) ? resultat.des.filter(Number.isFinite) : [],
    total: Number.isFinite(resultat.total) ? resultat.total : null,
    texte,
    contexte: { page: titreDeLaPage(), section: racine ? sectionDe(racine) : "", outil },
    lien: evenement.detail.lien ?? null,
  })
})

surChaquePage(monterDes)
