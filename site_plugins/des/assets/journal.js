// The roll log: the newest 50 rolls (dice in the text, tools), kept in localStorage, in a
// panel in Material's header (so that its button never covers the text) that survives
// instant navigation. Each entry keeps what was rolled (expression,
// each die, total, the sentence), when, and where (page, rule or section, tool, character).
//
// Stored as {version: 2, entrees: [...]}; the first format (a bare list of
// {quand, titre, texte, lien}) is migrated on reading. Stored data is checked on
// reading: malformed entries are left out of the log with a message (a copy of the stored
// text is kept aside), never shown as HTML; an unreadable log is set aside intact under
// `regles.journal-illisible:<date>`; beyond 50 the oldest are dropped quietly. The stored
// text is read again whenever it changed (another tab: the `storage` event shows its rolls at
// once), so a roll never writes over another tab's. Every write is checked: refused (full or
// forbidden storage), the roll stays shown with a French message, and clearing changes
// nothing. Export as text or JSON (a download); clearing asks for a confirmation in the panel.
//
// For the tools: window.regles.journal.ajouter({expression, des, total, texte, contexte})
// or document.dispatchEvent(new CustomEvent("regles:jet", {detail: {...the same}})).

import { JOURNAL_CLE as CLE, JOURNAL_VERSION as VERSION } from "./constantes.js"
import { raisonDuRefus } from "./personnages-magasin.js"
import { typographie } from "./typographie.js"

/** @typedef {{page: string, section: string, outil: string, personnage: string}} Contexte */
/**
 * A stored entry, checked (lireEntree).
 * @typedef {object} Entree
 * @property {string} quand
 * @property {string} titre
 * @property {string} expression
 * @property {number[]} des
 * @property {number | null} total
 * @property {string} texte
 * @property {Contexte} contexte
 * @property {string | null} lien
 */
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

const MAXIMUM = 50
/** The key of an unreadable stored log, kept aside intact, before the date it was set aside. */
const CLE_DE_COTE = `${CLE}-illisible:`
const LONGUEUR = 500
/** @type {Entree[] | null} */
let entrees = null
/** @type {HTMLElement | null} */
let panneau = null

/** @param {unknown} valeur @param {number} [longueur] */
const chaine = (valeur, longueur = 200) => (typeof valeur === "string" ? valeur.slice(0, longueur) : "")

/**
 * A clean context: the page, the rule or section, the tool, the character or fighter (all text).
 * @param {unknown} contexte
 * @returns {Contexte}
 */
function contexteValide(contexte) {
  /** @type {Record<string, unknown>} */
  const source = contexte !== null && typeof contexte === "object" ? /** @type {Record<string, unknown>} */ (contexte) : {}
  return {
    page: chaine(source.page),
    section: chaine(source.section),
    outil: chaine(source.outil),
    personnage: chaine(source.personnage),
  }
}

/**
 * A stored entry, checked and cleaned, or null when it cannot be read.
 * @param {any} entree a value read from storage or built by ajouter: every field is checked here
 * @returns {Entree | null}
 */
function lireEntree(entree) {
  if (entree === null || typeof entree !== "object" || typeof entree.quand !== "string") return null
  if (typeof entree.titre !== "string" || typeof entree.texte !== "string") return null
  if (entree.titre.length > 200 || entree.texte.length > LONGUEUR) return null
  if (!(entree.lien === undefined || entree.lien === null || typeof entree.lien === "string")) return null
  const des = Array.isArray(entree.des) ? entree.des.filter(Number.isFinite).slice(0, 100) : []
  return {
    quand: entree.quand,
    titre: entree.titre,
    expression: chaine(entree.expression),
    des,
    total: Number.isFinite(entree.total) ? entree.total : null,
    texte: entree.texte,
    contexte: contexteValide(entree.contexte),
    lien: entree.lien ?? null,
  }
}

/**
 * The stored value → the entries (version 1, a bare list, is migrated), or an Error.
 * @param {unknown} lu
 * @returns {unknown[]}
 */
function migrer(lu) {
  if (Array.isArray(lu)) return lu // version 1: the same entries, without dice nor context
  if (lu !== null && typeof lu === "object" && "version" in lu && lu.version === VERSION && "entrees" in lu && Array.isArray(lu.entrees)) {
    return lu.entrees
  }
  throw new Error("format inconnu")
}

/**
 * The stored text the entries were read from (undefined: not read yet). The log is read again
 * whenever the stored text differs: another tab's rolls are never written over.
 * @type {string | null | undefined}
 */
let connu
/** True while an unreadable stored log could not be set aside: it stays as it is, nothing is written over it. */
let bloque = false
/** What reading said (migrated, unreadable, set aside) and what the last write said. */
let avertissementLecture = ""
let avertissementEcriture = ""

/** @param {string} texte */
const dire = texte => typographie(texte)

/**
 * Why the browser refused, in French.
 * @param {unknown} erreur
 */
function refus(erreur) {
  return raisonDuRefus(erreur).join("")
}

/**
 * The stored text of the log.
 * @returns {{ok: true, texte: string | null} | {ok: false, erreur: unknown}}
 */
function lireStocke() {
  try {
    return { ok: true, texte: localStorage.getItem(CLE) }
  } catch (erreur) {
    return { ok: false, erreur }
  }
}

/**
 * A copy of ``brut`` under a key of its own; its key, or "" when the storage refused it.
 * @param {string} brut
 */
function copieDeCote(brut) {
  const cle = `${CLE_DE_COTE}${new Date().toISOString()}`
  try {
    localStorage.setItem(cle, brut)
    return cle
  } catch {
    return "" // Said by the caller: the copy is not mentioned, or the log stays as it is.
  }
}

/**
 * An unreadable stored log: kept aside, intact, under a key of its own (never dropped).
 * @param {string} brut
 */
function mettreDeCote(brut) {
  const cle = `${CLE_DE_COTE}${new Date().toISOString()}`
  try {
    localStorage.setItem(cle, brut)
    localStorage.removeItem(CLE)
  } catch (erreur) {
    // Not even that fits: the stored log stays as it is, and nothing is written over it.
    bloque = true
    avertissementLecture = dire(
      `Le journal enregistré est illisible et n’a pas pu être mis de côté (${refus(erreur)}) : ` +
        "il reste tel quel, et les nouveaux jets ne sont pas gardés sur cet appareil.",
    )
    return
  }
  connu = null
  avertissementLecture = dire(`Le journal enregistré était illisible : il est mis de côté, intact, sous la clé « ${cle} » du stockage du navigateur.`)
}

/** @returns {Entree[]} */
function charger() {
  const lu = lireStocke()
  if (!lu.ok) {
    // No storage at all (private mode): the rolls of this page stay shown, nothing is kept.
    avertissementLecture = dire(`Le journal n’est pas gardé sur cet appareil : ${refus(lu.erreur)}.`)
    entrees ??= []
    return entrees
  }
  if (entrees && lu.texte === connu) return entrees
  connu = lu.texte
  entrees = []
  bloque = false
  if (lu.texte === null) return entrees
  try {
    const donnees = JSON.parse(lu.texte)
    const lues = migrer(donnees)
    const valides = lues.map(lireEntree).filter(/** @returns {entree is Entree} */ entree => entree !== null)
    if (valides.length !== lues.length) {
      // The entries that cannot be shown are dropped from the log, never from the device: a copy is kept aside.
      avertissementLecture = dire(
        copieDeCote(lu.texte)
          ? "Des entrées illisibles du journal ont été ignorées (une copie du journal d’avant est gardée à part)."
          : "Des entrées illisibles du journal ont été ignorées.",
      )
    }
    entrees = valides.slice(0, MAXIMUM)
    if (Array.isArray(donnees) || entrees.length !== lues.length) sauver(entrees) // migrated, or trimmed
  } catch {
    // Unreadable (not JSON, unknown format): set aside, said in the panel.
    mettreDeCote(lu.texte)
  }
  return entrees
}

/**
 * Write ``liste`` as the stored log; false (and nothing changed in storage) when refused.
 * @param {Entree[]} liste
 * @returns {{ok: true} | {ok: false, raison: string}}
 */
function sauver(liste) {
  if (bloque) return { ok: false, raison: "le journal enregistré, illisible, n’a pas pu être mis de côté" }
  const texte = JSON.stringify({ version: VERSION, entrees: liste })
  try {
    localStorage.setItem(CLE, texte)
  } catch (erreur) {
    return { ok: false, raison: refus(erreur) }
  }
  connu = texte
  return { ok: true }
}

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
  if (!panneau || !entrees) return
  const liste = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__liste"))
  const message = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__message"))
  const compte = /** @type {HTMLElement} */ (panneau.querySelector(".regles-journal__compte"))
  compte.textContent = String(entrees.length)
  const avertissement = [avertissementLecture, avertissementEcriture].filter(Boolean).join(" ")
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
    charger()
    const fait = sauver([])
    if (fait.ok) {
      entrees = []
      avertissementLecture = avertissementEcriture = ""
    } else avertissementEcriture = dire(`Effacement impossible : ${fait.raison}. Rien n’a changé.`)
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
        JSON.stringify({ version: VERSION, entrees }, null, 2) + "\n",
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
  const liste = charger()
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
  liste.unshift(entree)
  liste.length = Math.min(liste.length, MAXIMUM)
  const fait = sauver(liste)
  // Refused: the roll is shown on this page all the same, and the reader is told it is not kept.
  avertissementEcriture = fait.ok ? "" : dire(`Ce jet n’est pas gardé sur cet appareil : ${fait.raison}.`)
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
  if (evenement.key !== CLE && evenement.key !== null) return
  charger()
  dessiner()
})
document.addEventListener("regles:jet", evenement => ajouter(evenement instanceof CustomEvent ? (evenement.detail ?? {}) : {}))
