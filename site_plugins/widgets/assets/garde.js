// The guard at the edge, pure: what comes from outside the page (a share link, a saved state) is
// checked here before anything else reads it. Size first, then depth (counted on the text before
// JSON.parse, then on the value without recursion), then shape, then that the operation is one of the
// targeted tool's own. The limits are Python's (constantes.js, written by the build); the engine then
// checks the arguments against the tool's declaration. No DOM: widgets.js gives it the tool's operations.
import { LIEN_MAX, PROFONDEUR_MAX } from "./constantes.js"
import { typographie } from "./typographie.js"

/** @typedef {{op: string, args: Record<string, unknown>}} EtatPartage */
/** @typedef {{etat: unknown, refus?: undefined} | {refus: string, etat?: undefined}} Decode */
/** @typedef {{id: string | null} & Decode} Partage */

export const PARTAGE = "partage="
const LIEN_DE_PARTAGE = "Le lien de partage"

/** @param {string} quoi */
export const TROP_LONG = quoi => typographie(`${quoi} est trop long : il a été ignoré.`)
/** @param {string} quoi */
export const TROP_IMBRIQUE = quoi => typographie(`${quoi} est trop imbriqué : il a été ignoré.`)
/** @param {string} quoi */
export const ILLISIBLE = quoi => typographie(`${quoi} est illisible : il a été ignoré.`)
/** @param {string} quoi */
export const AUTRE_OUTIL = quoi => typographie(`${quoi} ne correspond pas à cet outil : il a été ignoré.`)

/**
 * UTF-8 JSON → base64url.
 * @param {unknown} valeur
 * @returns {string}
 */
export function encoder(valeur) {
  const octets = new TextEncoder().encode(JSON.stringify(valeur))
  let binaire = ""
  for (const octet of octets) binaire += String.fromCharCode(octet)
  return btoa(binaire).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/**
 * The nesting of lists and objects in a JSON value, counted without recursion (a hostile link may nest
 * 20,000 deep); it stops counting past the limit.
 * @param {unknown} valeur
 * @returns {number}
 */
export function profondeur(valeur) {
  let plus = 0
  /** @type {Array<[unknown, number]>} */
  const pile = [[valeur, 0]]
  while (pile.length) {
    const [v, niveau] = /** @type {[unknown, number]} */ (pile.pop())
    if (v === null || typeof v !== "object") continue
    if (niveau + 1 > PROFONDEUR_MAX) return niveau + 1
    plus = Math.max(plus, niveau + 1)
    for (const enfant of Object.values(v)) pile.push([enfant, niveau + 1])
  }
  return plus
}

/**
 * The deepest nesting of brackets in a JSON text, outside its strings, read before parsing (as
 * rules_py.constantes.profondeur_json): a name typed « [[[[ » is not a nesting. It stops counting past
 * the limit. Works on UTF-8 bytes as well as on characters (quotes and backslashes are ASCII).
 * @param {string} texte
 * @returns {number}
 */
export function profondeurDuTexte(texte) {
  let niveau = 0
  let plus = 0
  let dansUnTexte = false
  let echappe = false
  for (const caractere of texte) {
    if (dansUnTexte) {
      if (echappe) echappe = false
      else if (caractere === "\\") echappe = true
      else if (caractere === '"') dansUnTexte = false
    } else if (caractere === '"') dansUnTexte = true
    else if (caractere === "[" || caractere === "{") {
      niveau += 1
      plus = Math.max(plus, niveau)
      if (plus > PROFONDEUR_MAX) return plus
    } else if (caractere === "]" || caractere === "}") niveau -= 1
  }
  return plus
}

/**
 * A base64url state: {etat} (its JSON value, null when unreadable) or {refus} with the French reason.
 * @param {string} texte
 * @param {string} [quoi] what came in, named in the reason
 * @returns {Decode}
 */
export function decoder(texte, quoi = LIEN_DE_PARTAGE) {
  if (texte.length > LIEN_MAX) return { refus: TROP_LONG(quoi) }
  let binaire
  try {
    binaire = atob(texte.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return { etat: null } // not base64: an unreadable state, said by the caller's check
  }
  // Depth is checked on the text first: JSON.parse itself must not meet a 20,000-deep nesting.
  if (profondeurDuTexte(binaire) > PROFONDEUR_MAX) return { refus: TROP_IMBRIQUE(quoi) }
  try {
    const octets = Uint8Array.from(binaire, c => c.charCodeAt(0))
    return { etat: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(octets)) }
  } catch {
    return { etat: null } // not UTF-8 or not JSON: unreadable, as above
  }
}

/**
 * @param {unknown} valeur
 * @returns {valeur is Record<string, unknown>}
 */
function objet(valeur) {
  return valeur !== null && typeof valeur === "object" && !Array.isArray(valeur)
}

/**
 * The guard for a state aimed at one tool: "" when that tool may replay it, else the French reason it
 * is refused. ``etat`` must be ``{op, args}``: its depth and size are checked without recursion, then
 * its shape, then that ``op`` is one of ``operations`` (the tool's own).
 * @param {readonly string[]} operations
 * @param {unknown} etat
 * @param {string} [quoi] what came in (« Le lien de partage », « Le combat gardé sur cet appareil »)
 * @returns {string}
 */
export function verifier(operations, etat, quoi = LIEN_DE_PARTAGE) {
  if (!objet(etat) || typeof etat.op !== "string" || !objet(etat.args)) return ILLISIBLE(quoi)
  if (profondeur(etat) > PROFONDEUR_MAX) return TROP_IMBRIQUE(quoi)
  if (JSON.stringify(etat).length > LIEN_MAX) return TROP_LONG(quoi)
  if (!operations.includes(etat.op)) return AUTRE_OUTIL(quoi)
  return ""
}

/**
 * The shared state in an address's fragment (``#partage=<id>.<state>``), if any: {id, etat} or {id, refus}.
 * @param {string} fragment the address's hash, with its « # »
 * @returns {Partage | null}
 */
export function lirePartage(fragment) {
  let hash
  try {
    hash = decodeURIComponent(fragment.slice(1))
  } catch {
    return fragment.includes(PARTAGE) ? { id: null, etat: null } : null
  }
  if (!hash.startsWith(PARTAGE)) return null
  const reste = hash.slice(PARTAGE.length)
  const point = reste.lastIndexOf(".")
  if (point < 1) return { id: null, etat: null }
  // Too long: refused in the widget it names (its id comes first), before anything is decoded.
  const id = reste.slice(0, Math.min(point, 200))
  if (hash.length > LIEN_MAX + 200) return { id, refus: TROP_LONG(LIEN_DE_PARTAGE) }
  return { id, ...decoder(reste.slice(point + 1)) }
}
