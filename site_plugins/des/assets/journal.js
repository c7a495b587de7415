// The roll log: the last 50 rolls (dice in the text and widget results), kept in
// localStorage, in a panel that survives instant navigation. Stored data is
// checked on reading: anything malformed is dropped with a message, never shown as HTML.

const CLE = "regles.journal"
const MAXIMUM = 50
let entrees = null
let avertissement = ""
let panneau = null

function valide(entree) {
  return (
    entree !== null &&
    typeof entree === "object" &&
    typeof entree.quand === "string" &&
    typeof entree.titre === "string" &&
    typeof entree.texte === "string" &&
    (entree.lien === undefined || entree.lien === null || typeof entree.lien === "string") &&
    entree.titre.length <= 200 &&
    entree.texte.length <= 500
  )
}

function charger() {
  if (entrees) return entrees
  entrees = []
  let brut = null
  try {
    brut = localStorage.getItem(CLE)
  } catch {
    avertissement = "Le journal ne peut pas être conservé sur cet appareil (stockage indisponible)."
    return entrees
  }
  if (brut === null) return entrees
  try {
    const lu = JSON.parse(brut)
    if (!Array.isArray(lu)) throw new Error("pas une liste")
    entrees = lu.filter(valide).slice(0, MAXIMUM)
    if (entrees.length !== lu.length) avertissement = "Des entrées illisibles du journal ont été ignorées."
  } catch {
    avertissement = "Le journal enregistré était illisible : il a été remis à zéro."
    entrees = []
    sauver()
  }
  return entrees
}

function sauver() {
  try {
    localStorage.setItem(CLE, JSON.stringify(entrees))
  } catch {
    avertissement = "Le journal ne peut pas être conservé sur cet appareil (stockage indisponible)."
  }
}

function lienSur(lien) {
  try {
    const url = new URL(lien, location.href)
    return url.origin === location.origin ? url.href : null
  } catch {
    return null
  }
}

function element(balise, classe, texte) {
  const noeud = document.createElement(balise)
  if (classe) noeud.className = classe
  if (texte !== undefined) noeud.textContent = texte
  return noeud
}

function dessiner() {
  if (!panneau) return
  const liste = panneau.querySelector(".regles-journal__liste")
  const compteur = panneau.querySelector(".regles-journal__compte")
  const message = panneau.querySelector(".regles-journal__message")
  compteur.textContent = String(entrees.length)
  message.textContent = avertissement
  message.hidden = !avertissement
  const elements = entrees.map(entree => {
    const ligne = element("li", "regles-journal__entree")
    const quand = new Date(entree.quand)
    const heure = Number.isNaN(quand.getTime())
      ? ""
      : quand.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" })
    const temps = element("time", "regles-journal__heure", heure)
    if (heure) temps.dateTime = quand.toISOString()
    ligne.append(temps, element("strong", null, entree.titre), element("span", null, entree.texte))
    const lien = entree.lien && lienSur(entree.lien)
    if (lien) {
      const a = element("a", "regles-journal__lien", "lien")
      a.href = lien
      a.title = "Lien vers ce résultat"
      ligne.append(a)
    }
    return ligne
  })
  liste.replaceChildren(...elements)
  panneau.querySelector(".regles-journal__vide").hidden = entrees.length > 0
}

function creerPanneau() {
  if (panneau && panneau.isConnected) return
  panneau = element("aside", "regles-journal")
  panneau.setAttribute("aria-label", "Journal des jets")
  const bouton = element("button", "regles-journal__bascule md-button")
  bouton.type = "button"
  bouton.setAttribute("aria-expanded", "false")
  bouton.append("Journal des jets (", element("span", "regles-journal__compte", "0"), ")")
  const contenu = element("div", "regles-journal__contenu")
  contenu.id = "regles-journal-contenu"
  contenu.hidden = true
  bouton.setAttribute("aria-controls", contenu.id)
  const titre = element("p", "regles-journal__titre", "Derniers jets (50 au plus)")
  const message = element("p", "regles-journal__message")
  message.setAttribute("role", "status")
  const vide = element("p", "regles-journal__vide", "Aucun jet pour l’instant.")
  const liste = element("ol", "regles-journal__liste")
  liste.setAttribute("aria-live", "polite")
  const effacer = element("button", "md-button regles-journal__effacer", "Effacer le journal")
  effacer.type = "button"
  effacer.addEventListener("click", () => {
    entrees = []
    avertissement = ""
    sauver()
    dessiner()
  })
  bouton.addEventListener("click", () => {
    const ouvert = contenu.hidden
    contenu.hidden = !ouvert
    bouton.setAttribute("aria-expanded", String(ouvert))
  })
  contenu.append(titre, message, vide, liste, effacer)
  panneau.append(bouton, contenu)
  document.body.append(panneau)
}

/** Show the log panel (once per document), with the stored rolls. */
export function monterJournal() {
  charger()
  creerPanneau()
  dessiner()
}

/** Add a roll to the log: ``titre`` (what was rolled), ``texte`` (the result), optional ``lien``. */
export function noter({ titre, texte, lien = null }) {
  charger()
  entrees.unshift({ quand: new Date().toISOString(), titre: String(titre).slice(0, 200), texte: String(texte).slice(0, 500), lien })
  entrees.length = Math.min(entrees.length, MAXIMUM)
  sauver()
  creerPanneau()
  dessiner()
}
