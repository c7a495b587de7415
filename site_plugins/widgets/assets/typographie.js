// The site's French typography for the page's own messages, from the rules Python declares
// (rules_py.constantes.TYPOGRAPHIE, written into constantes.js by the build): the same convention as
// rules_py.web.typographie, never a copy of it. Never applied to what a reader typed: a text between
// the isolates U+2068 and U+2069 is left exactly as it is.
import { ISOLE, TYPOGRAPHIE } from "./constantes.js"

/** @type {ReadonlyArray<readonly [RegExp, string]>} */
const REGLES = TYPOGRAPHIE.map(([motif, remplacement]) => [new RegExp(motif, "gu"), remplacement])
const ISOLES = new RegExp(ISOLE, "gu")
const GARDE = "\u2068\ue000\u2069"

/**
 * One text set the French way (no-break spaces before « : ; ? ! % », inside « », the apostrophe ’, the
 * minus sign); idempotent. What the reader typed, between U+2068 and U+2069, is kept as typed.
 * @param {string} texte
 * @returns {string}
 */
export function typographie(texte) {
  const isoles = texte.match(ISOLES) ?? []
  let resultat = texte.replace(ISOLES, GARDE)
  for (const [motif, remplacement] of REGLES) resultat = resultat.replace(motif, remplacement)
  let rang = 0
  return resultat.replaceAll(GARDE, () => isoles[rang++] ?? "")
}
