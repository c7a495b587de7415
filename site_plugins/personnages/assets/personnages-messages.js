// The page's messages about characters, built so that a name a reader typed never mixes with
// the page's own words: a message is a list of parts, the page's words (French typography
// applied) and the names (isolated in <bdi> when written into the page). Pure but for
// `enNoeuds`, which is given the document to build nodes in.
import { typographie } from "./typographie.js"

/**
 * One part of a message: the page's own words, or a name a reader typed.
 * @typedef {string | {nom: string}} Morceau
 */
/** @typedef {Morceau[]} Message */

/** The no-break space French puts before « : ; ? ! » and inside « ». */
export const INSECABLE = "\u00a0"

// French typography on the page's own words: the site's one function, from Python's rules.
export { typographie }

/**
 * A message from a template: the literal words get French typography, every value is a name.
 * @example phrase`Supprimer « ${nom} » ?`
 * @param {TemplateStringsArray} mots
 * @param {...unknown} noms
 * @returns {Message}
 */
export function phrase(mots, ...noms) {
  /** @type {Message} */
  const message = []
  mots.forEach((mot, index) => {
    if (mot) message.push(typographie(mot))
    if (index < noms.length) message.push({ nom: String(noms[index] ?? "") })
  })
  return message
}

/**
 * The page's words only (no name in it): a message of one part.
 * @param {string} texte
 * @returns {Message}
 */
export function mots(texte) {
  return [typographie(texte)]
}

/**
 * A text from elsewhere (the rules engine's message), kept as it is: it is already typeset.
 * @param {unknown} texte
 * @returns {Message}
 */
export function telQuel(texte) {
  return [String(texte ?? "")]
}

/**
 * Messages one after the other, as they are (each says its own spaces).
 * @param {...Message} messages
 * @returns {Message}
 */
export function joindre(...messages) {
  return messages.flat()
}

/**
 * The message as plain text, names as typed (for tests and logs).
 * @param {Message} message
 * @returns {string}
 */
export function texteBrut(message) {
  return message.map(morceau => (typeof morceau === "string" ? morceau : morceau.nom)).join("")
}

/**
 * The nodes of a message: text for the page's words, a <bdi> for every name.
 * @param {Pick<Document, "createTextNode" | "createElement">} doc
 * @param {Message} message
 * @returns {Node[]}
 */
export function enNoeuds(doc, message) {
  return message.map(morceau => {
    if (typeof morceau === "string") return doc.createTextNode(morceau)
    const bdi = doc.createElement("bdi")
    bdi.textContent = morceau.nom
    return bdi
  })
}

/**
 * A refused file's message: « Fichier refusé : » once, and not before the engine's own verdict on the
 * file (« Fichier refusé : … », « Fichier illisible : … »).
 * @param {string} raison
 * @returns {Message}
 */
export function fichierRefuse(raison) {
  const texte = raison.trim()
  const motif = /^fichier (refusé|illisible)/i.test(texte) ? texte : `${typographie("Fichier refusé : ")}${texte}`
  return [motif, typographie(" Rien n’a changé.")]
}

/**
 * « N personnage(s) importé(s). »
 * @param {number} nombre
 * @returns {Message}
 */
export function importes(nombre) {
  return mots(`${nombre} personnage${nombre > 1 ? "s importés" : " importé"}.`)
}

/**
 * An element of the page's own, with its class and text (never HTML).
 * @param {string} balise
 * @param {string | null} [classe]
 * @param {string} [texte]
 * @returns {HTMLElement}
 */
export function element(balise, classe, texte) {
  const noeud = document.createElement(balise)
  if (classe) noeud.className = classe
  if (texte !== undefined) noeud.textContent = texte
  return noeud
}

/**
 * A button of the page (« type=button »), doing ``action`` on a click.
 * @param {string} texte
 * @param {() => unknown} action
 * @param {string} [classe]
 * @returns {HTMLButtonElement}
 */
export function bouton(texte, action, classe = "") {
  const noeud = /** @type {HTMLButtonElement} */ (element("button", `md-button ${classe}`.trim(), texte))
  noeud.type = "button"
  noeud.addEventListener("click", action)
  return noeud
}
