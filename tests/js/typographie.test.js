// The site's French typography in the page's JavaScript: Python's rules (constantes.js), the same
// results as rules_py.web.typographie (these rows are its doctests').
import assert from "node:assert/strict"
import { test } from "node:test"

import { typographie } from "../../site_plugins/widgets/assets/typographie.js"

const NBSP = "\u00a0"
const FINE = "\u202f"

test("la typographie suit la phrase d’exemple de Python", () => {
  assert.equal(
    typographie("Passe 13 : Yang n'a plus d'Init (-2) ; 25% perdus !"),
    `Passe 13${NBSP}: Yang n’a plus d’Init (\u22122)${FINE}; 25${FINE}% perdus${FINE}!`,
  )
})

test("la typographie laisse les tranches, les heures et les pourcentages entre parenthèses", () => {
  assert.equal(typographie("tranche 21-30, 12:30, « 00 », ATT (%)"), `tranche 21-30, 12:30, «${NBSP}00${NBSP}», ATT (%)`)
})

test("la typographie d’un jet met le signe moins et les espaces", () => {
  assert.equal(
    typographie("Jet 05 : touche ; 80 % ! L'arme « 1d3+2 », -1d8"),
    `Jet 05${NBSP}: touche${FINE}; 80${FINE}%${FINE}! L’arme «${NBSP}1d3+2${NBSP}», \u22121d8`,
  )
})

test("la typographie appliquée deux fois ne change rien", () => {
  const une = typographie("« x » : ok ?")
  assert.equal(typographie(une), une)
})

test("ce que le lecteur a tapé, entre U+2068 et U+2069, n’est jamais retouché", () => {
  assert.equal(typographie("\u2068D'Ar &lt; -2\u2069 : ok ?"), `\u2068D'Ar &lt; -2\u2069${NBSP}: ok${FINE}?`)
})

test("deux noms isolés gardent chacun leur texte et leur place", () => {
  assert.equal(typographie("\u2068a : b\u2069 et \u2068c ?\u2069 !"), `\u2068a : b\u2069 et \u2068c ?\u2069${FINE}!`)
})

test("le signe moins ne suit ni une lettre accentuée ni un point", () => {
  /** Python's \w is Unicode-wide: « é-2 » stays, as in Python. */
  assert.equal(typographie("é-2, 1.-5, x -3"), "é-2, 1.-5, x \u22123")
})

test("la question du journal des jets prend son espace fine", () => {
  assert.equal(typographie("Effacer tous les jets du journal ?"), `Effacer tous les jets du journal${FINE}?`)
})
