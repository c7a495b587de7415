// The roll log: the newest 50 rolls (dice in the text, tools), kept in localStorage, in a
// panel in Material's header (so that its button never covers the text) that survives
// instant navigation. Each entry keeps what was rolled (expression,
// each die, total, the sentence), when, and where (page, rule or section, tool, character).
//
// The stored log (journal-magasin.js, pure) is read again whenever another tab changed it (the
// `storage` event redraws the panel at once); every write is checked there, and what it refused is
// said in the panel, in French. Entries are never shown as HTML: every text from outside sits in a
// <bdi>. Export as text or JSON (a download); clearing asks for a confirmation in the panel.
//
// For the tools: window.regles.journal.ajouter({expression, des, total, texte, contexte})
// or document.dispatchEvent(new CustomEvent("regles:jet", {detail: {...the same}})).

import { JOURNAL_VERSION as VERSION } from "./constantes.js"
import { chaine, contexteValide, creerJournal, LONGUEUR, lireEntree } from "./journal-magasin.js"
import { typographie } from "./typographie.js"

/** @typedef {import("./journal-magasin.js").Contexte} Contexte */
/** @typedef {import("./journal-magasin.js").Entree} Entree */
/**
 * What a tool gives ajouter: every field is checked and cleaned there.
 * @typedef {object} Jet
 * @property {unknown} [expression]
 * @property {unknown} [des]
 * @property {unknown} [total]
 * @property {unknown} [texte]
 * @property {unknown} [contexte]
 * @property {unknown} [titre]
 * @property {unknown} [lien]
 */

/** @type {HTMLElement | null} */
let panneau = null

// Reached at each call: in some private modes, even reading `localStorage` throws (SecurityError),
// and the log's store says it in French.
const journal = creerJournal({
  stockage: {
    /** @param {string} cle */
    getItem: cle => localStorage.getItem(cle),
    /** @param {string} cle @param {string} valeur */
    setItem: (cle, valeur) => localStorage.setItem(cle, valeur),
    /** @param {string} cle */
    removeItem: cle => localStorage.removeItem(cle),
  },
})
const charger = () => journal.charger()

/** @param {string} lien */
function lienSur(lien) {
  try {
    const url = new URL(lien, location.href)
    return url.origin === location.origin ? url.href : null
  } catch {
    return null
  }
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} balise
 * @param {string | null} [classe]
 * @param {string} [texte]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(balise, classe, texte) {
  const noeud = document.createElement(balise)
  if (classe) noeud.className = classe
  if (texte !== undefined) noeud.textContent = texte
  return noeud
}

/** @param {Entree} entree */
function heure(entree) {
  const quand = new Date(entree.quand)
  return Number.isNaN(quand.getTime())
    ? ""
    : quand.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit", second: "2-digit" })
}

/** « Combat — Basic maison › Dégâts › Jet d’attaque (Garde) »: where the roll was made. */
/** @param {Entree} entree */
function ou(entree) {
  return partiesDuContexte(entree).join(" › ")
}

/** @param {Entree} entree */
function partiesDuContexte(entree) {
  const { page, section, outil, personnage } = entree.contexte
  return [page, section, outil, personnage].filter(Boolean)
}

/** The dice of an entry as read aloud: « [3, 5] = 9 » (empty when the entry has no dice). */
/** @param {Entree} entree */
function desEtTotal(entree) {
  if (!entree.des.length && entree.total === null) return ""
  const des = entree.des.length ? `[${entree.des.join(", ")}]` : ""
  return [des, entree.total === null ? "" : `= ${entree.total}`].filter(Boolean).join(" ")
}

function dessiner() {
  if (!panneau) return
  const entrees = charger()
  const liste = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__liste"))
  const message = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__message"))
  const compte = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__compte"))
  compte.textContent = String(entrees.length)
  const avertissement = journal.avertissement()
  message.textContent = avertissement
  message.hidden = !avertissement
  const elements = entrees.map(entree => {
    const ligne = element("li", "regles-journal__entree")
    const temps = element("time", "regles-journal__heure", heure(entree))
    if (temps.textContent) temps.dateTime = new Date(entree.quand).toISOString()
    // Every text that came from outside (a tool, a typed name, the storage) is isolated (<bdi>): a
    // right-to-left mark in it never reorders the log's own words.
    const titre = element("strong")
    titre.append(element("bdi", null, entree.titre))
    ligne.append(temps, titre)
    const des = desEtTotal(entree)
    if (des && !entree.texte.includes(des)) ligne.append(element("span", "regles-journal__des", des))
    const texte = element("span")
    texte.append(element("bdi", null, entree.texte))
    ligne.append(texte)
    const parties = partiesDuContexte(entree)
    if (parties.length) {
      const contexte = element("span", "regles-journal__contexte")
      parties.forEach((partie, rang) => contexte.append(...(rang ? [" › "] : []), element("bdi", null, partie)))
      ligne.append(contexte)
    }
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
  const vide = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__vide"))
  vide.hidden = entrees.length > 0
  const boutons = panneau.querySelectorAll(/** @type {"button"} */ (".regles-journal__actions button"))
  for (const bouton of boutons) bouton.disabled = !entrees.length
}

/**
 * The log as text, one roll a line, newest first.
 * @param {Entree[]} [liste]
 */
export function enTexte(liste = charger()) {
  return liste
    .map(entree => {
      const quand = new Date(entree.quand)
      const date = Number.isNaN(quand.getTime()) ? entree.quand : quand.toLocaleString("fr-FR")
      return [date, entree.titre, desEtTotal(entree), entree.texte, ou(entree)].filter(Boolean).join(" — ")
    })
    .join("\n")
}

/** @param {string} nom @param {string} type @param {string} contenu */
function telecharger(nom, type, contenu) {
  const url = URL.createObjectURL(new Blob([contenu], { type }))
  const lien = element("a")
  lien.href = url
  lien.download = nom
  document.body.append(lien)
  lien.click()
  lien.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** @param {string} texte @param {string} classe @param {() => void} action */
function bouton(texte, classe, action) {
  const b = element("button", `md-button ${classe}`, texte)
  b.type = "button"
  b.addEventListener("click", action)
  return b
}

function creerPanneau() {
  if (panneau && panneau.isConnected) return
  const panneau_ = element("aside", "regles-journal")
  panneau = panneau_
  panneau.setAttribute("aria-label", "Journal des jets")
  const bascule = element("button", "regles-journal__bascule md-button")
  bascule.type = "button"
  bascule.setAttribute("aria-expanded", "false")
  bascule.title = "Journal des jets"
  bascule.append(
    element("span", "regles-journal__libelle", "Journal des jets"),
    element("span", "regles-journal__court", "Jets"),
    " (",
    element("span", "regles-journal__compte", "0"),
    ")",
  )
  const contenu = element("div", "regles-journal__contenu")
  contenu.id = "regles-journal-contenu"
  contenu.hidden = true
  bascule.setAttribute("aria-controls", contenu.id)
  const message = element("p", "regles-journal__message")
  message.setAttribute("role", "status")
  const liste = element("ol", "regles-journal__liste")
  liste.setAttribute("aria-live", "polite")
  const confirmation = element("p", "regles-journal__confirmation")
  confirmation.hidden = true
  const question = element("span", null, typographie("Effacer tous les jets du journal ?"))
  const oui = bouton("Oui, effacer", "regles-journal__oui", () => {
    journal.effacer()
    confirmation.hidden = true
    dessiner()
  })
  const non = bouton("Annuler", "regles-journal__non", () => {
    confirmation.hidden = true
  })
  confirmation.append(question, " ", oui, " ", non)
  const actions = element("p", "regles-journal__actions")
  const horodatage = () => new Date().toISOString().slice(0, 19).replace(/[T:]/g, "-")
  actions.append(
    bouton("Exporter (texte)", "regles-journal__texte", () =>
      telecharger(`journal-des-jets-${horodatage()}.txt`, "text/plain;charset=utf-8", enTexte() + "\n"),
    ),
    " ",
    bouton("Exporter (JSON)", "regles-journal__json", () =>
      telecharger(
        `journal-des-jets-${horodatage()}.json`,
        "application/json",
        JSON.stringify({ version: VERSION, entrees: charger() }, null, 2) + "\n",
      ),
    ),
    " ",
    bouton("Effacer le journal", "regles-journal__effacer", () => {
      confirmation.hidden = false
      non.focus()
    }),
  )
  /** @param {boolean} ouvert */
  const ouvrir = ouvert => {
    contenu.hidden = !ouvert
    bascule.setAttribute("aria-expanded", String(ouvert))
    document.documentElement.classList.toggle("regles-journal-ouvert", ouvert)
  }
  bascule.addEventListener("click", () => ouvrir(Boolean(contenu.hidden)))
  // Open over the page, the log closes at a tap anywhere else (or Échap): it never stays over the text.
  document.addEventListener("click", evenement => {
    // Only the reader's own taps: an export's download link is clicked by the page itself.
    if (evenement.isTrusted && !contenu.hidden && panneau_.isConnected && !panneau_.contains(/** @type {Node | null} */ (evenement.target))) ouvrir(false)
  }, true)
  document.addEventListener("keydown", evenement => {
    if (evenement.key === "Escape" && !contenu.hidden) {
      ouvrir(false)
      bascule.focus()
    }
  })
  contenu.append(
    element("p", "regles-journal__titre", "Derniers jets (50 au plus)"),
    message,
    element("p", "regles-journal__vide", "Aucun jet pour l’instant."),
    liste,
    actions,
    confirmation,
  )
  panneau_.append(bascule, contenu)
  placerPanneau(panneau_)
}

/** In Material's header, beside the search (it never covers the text); at the page's foot without one. */
/** @param {HTMLElement} panneau */
function placerPanneau(panneau) {
  const entete = document.querySelector(".md-header__inner")
  if (!entete) {
    document.body.append(panneau)
    return
  }
  const recherche = entete.querySelector(".md-search")
  if (recherche) recherche.after(panneau)
  else entete.append(panneau)
}

/** Show the log panel (once per document), with the stored rolls. */
export function monterJournal() {
  charger()
  creerPanneau()
  dessiner()
}

/** The page's title without the site's name (« Combat — Basic maison »). */
export function titreDeLaPage() {
  // « Combat — Basic maison — Règles de jeu de rôle » → « Combat — Basic maison »: the site's name (the
  // same on every page, so still right after an instant navigation) is cut from the end of the title.
  const titre = document.title
  const site = document.querySelector('meta[property="og:site_name"]')?.getAttribute("content")
  const fin = site ? ` — ${site}` : ""
  return fin && titre.endsWith(fin) ? titre.slice(0, -fin.length) : titre
}

/**
 * The heading (h2 to h4) the element stands under, without its permalink sign.
 * @param {Node} noeud
 */
export function sectionDe(noeud) {
  let section = ""
  for (const titre of document.querySelectorAll(".md-content article :is(h2, h3, h4)")) {
    if (titre.compareDocumentPosition(noeud) & Node.DOCUMENT_POSITION_FOLLOWING) {
      const copie = /** @type {Element} */ (titre.cloneNode(true))
      for (const lien of copie.querySelectorAll(".headerlink")) lien.remove()
      section = (copie.textContent ?? "").trim()
    } else break
  }
  return section
}

/** Add a roll to the log and return the stored entry.
 *  ``expression`` (« 2d6+3 »), ``des`` (each die), ``total``, ``texte`` (the sentence),
 *  ``contexte`` ({page, section, outil, personnage}; the page is filled in when absent),
 *  ``titre`` (shown first: the tool or the expression), ``lien`` (same site only).
 * @param {Jet} [jet]
 * @returns {Entree}
 */
export function ajouter({ expression = "", des = [], total = null, texte = "", contexte = {}, titre, lien = null } = {}) {
  const propre = contexteValide(contexte)
  if (!propre.page) propre.page = titreDeLaPage()
  // Built from checked values: lireEntree always accepts it (titre and texte are cut to their lengths).
  const entree = /** @type {Entree} */ (lireEntree({
    quand: new Date().toISOString(),
    titre: chaine(String(titre ?? (propre.outil || expression || "Jet"))),
    expression: String(expression ?? ""),
    des: Array.isArray(des) ? des.map(Number) : [],
    total: total === null || total === undefined ? null : Number(total),
    texte: chaine(String(texte ?? ""), LONGUEUR),
    contexte: propre,
    lien: typeof lien === "string" ? lien : null,
  }))
  // Refused, the roll is shown on this page all the same, and the reader is told it is not kept.
  journal.ajouter(entree)
  creerPanneau()
  dessiner()
  return entree
}

/**
 * The first API (a title and a sentence), kept for the tools that call it.
 * @param {{titre?: unknown, texte?: unknown, lien?: unknown}} jet
 */
export function noter({ titre, texte, lien = null }) {
  return ajouter({ titre, texte, lien })
}

window.regles = window.regles ?? {}
window.regles.journal = Object.freeze({
  ajouter,
  entrees: () => structuredClone(charger()),
  enTexte: () => enTexte(),
})
// Another tab rolled or cleared the log: shown here at once (read again from the storage).
addEventListener("storage", evenement => {
  if (journal.concerne(evenement)) dessiner()
})
document.addEventListener("regles:jet", evenement => ajouter(evenement instanceof CustomEvent ? (evenement.detail ?? {}) : {}))
