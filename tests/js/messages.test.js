// The page's messages: French typography on its own words, every typed name isolated.
import assert from "node:assert/strict"
import { test } from "node:test"

import {
  enNoeuds,
  fichierRefuse,
  importes,
  joindre,
  mots,
  phrase,
  telQuel,
  texteBrut,
  typographie,
} from "../../site_plugins/personnages/assets/personnages-messages.js"

const NBSP = "\u00a0"
const FINE = "\u202f"
const RLO = "\u202e"

/** A document that builds plain objects: enough to see which nodes a message becomes. */
const documentDeTest = {
  /** @param {string} texte */
  createTextNode: texte => /** @type {any} */ ({ type: "texte", texte }),
  /** @param {string} balise */
  createElement: balise => /** @type {any} */ ({ type: balise, textContent: "" }),
}

test("la typographie met une espace insécable avant les deux-points", () => {
  /** Page's words « Rempli depuis : » get a no-break space before the colon. */
  assert.equal(typographie("Fichier refusé : trop gros"), `Fichier refusé${NBSP}: trop gros`)
})

test("la typographie met une espace fine insécable avant le point-virgule, le point d’interrogation et d’exclamation", () => {
  /** « ; ? ! » each get a narrow no-break space before them, as in Python's typography. */
  assert.equal(typographie("a ; b ? c !"), `a${FINE}; b${FINE}? c${FINE}!`)
})

test("la typographie met des espaces insécables à l’intérieur des guillemets", () => {
  /** « Ruan » keeps its guillemets with their name on one line. */
  assert.equal(typographie("« Ruan »"), `«${NBSP}Ruan${NBSP}»`)
})

test("la typographie ne touche pas un deux-points sans espace", () => {
  /** « 1:2 » (no space before) is left as it is. */
  assert.equal(typographie("1:2"), "1:2")
})

test("la typographie garde une espace insécable déjà là", () => {
  /** A text already typeset is unchanged. */
  assert.equal(typographie(`Hors ligne${NBSP}: oui`), `Hors ligne${NBSP}: oui`)
})

test("une phrase de suppression isole le nom entre ses mots", () => {
  /** « Supprimer « … » ? »: the page's words typeset, the name a part of its own. */
  assert.deepEqual(phrase`Supprimer « ${"Ruan"} » ? `, [`Supprimer «${NBSP}`, { nom: "Ruan" }, `${NBSP}»${FINE}? `])
})

test("une phrase qui commence par le nom ne crée pas de mot vide", () => {
  /** No empty string part before a leading name. */
  assert.deepEqual(phrase`${"Toto"} dupliqué.`, [{ nom: "Toto" }, " dupliqué."])
})

test("une phrase qui finit par le nom ne crée pas de mot vide", () => {
  /** No empty string part after a trailing name. */
  assert.deepEqual(phrase`Compétence de ${"Brugor"}`, ["Compétence de ", { nom: "Brugor" }])
})

test("le nom d’une phrase n’est pas retouché par la typographie", () => {
  /** A name typed « A : B ? » stays exactly as typed. */
  assert.deepEqual(phrase`« ${"A : B ?"} »`, [`«${NBSP}`, { nom: "A : B ?" }, `${NBSP}»`])
})

test("une valeur qui n’est pas un texte devient un nom en texte", () => {
  /** A number or an absent value is turned into text. */
  assert.deepEqual(phrase`${3} et ${undefined}`, [{ nom: "3" }, " et ", { nom: "" }])
})

test("un nom avec U+202E est gardé tel quel dans la phrase", () => {
  /** The right-to-left override stays in the name part, never in the page's words. */
  const message = phrase`« ${`${RLO}Ruan`} » supprimé.`
  assert.deepEqual(message, [`«${NBSP}`, { nom: `${RLO}Ruan` }, `${NBSP}» supprimé.`])
  assert.equal(message.filter(m => typeof m === "string" && m.includes(RLO)).length, 0)
})

test("le texte brut d’un message rend les noms tels que tapés", () => {
  /** Names as typed, without isolates. */
  assert.equal(texteBrut(phrase`« ${"Ruan"} » supprimé.`), `«${NBSP}Ruan${NBSP}» supprimé.`)
})

test("les nœuds d’un message mettent chaque nom dans un bdi", () => {
  /** Page's words become text nodes, names <bdi> elements holding the name. */
  const noeuds = enNoeuds(documentDeTest, phrase`Supprimer « ${`${RLO}Ruan`} » ? `)
  assert.deepEqual(noeuds, [
    { type: "texte", texte: `Supprimer «${NBSP}` },
    { type: "bdi", textContent: `${RLO}Ruan` },
    { type: "texte", texte: `${NBSP}»${FINE}? ` },
  ])
})

test("un message sans nom ne crée aucun bdi", () => {
  /** Only text nodes for the page's own words. */
  assert.deepEqual(enNoeuds(documentDeTest, mots("Rien à annuler.")), [{ type: "texte", texte: "Rien à annuler." }])
})

test("un fichier refusé par le moteur ne dit pas deux fois « Fichier refusé »", () => {
  /** The engine's deep-nesting message already starts with « Fichier refusé : ». */
  const message = fichierRefuse("Fichier refusé : il est imbriqué trop profondément pour une fiche de personnage.")
  assert.equal(
    texteBrut(message),
    "Fichier refusé : il est imbriqué trop profondément pour une fiche de personnage. Rien n’a changé.",
  )
})

test("un fichier illisible pour le moteur ne dit pas « Fichier refusé : Fichier illisible »", () => {
  /** An empty or non-JSON file: the engine's verdict stands alone. */
  assert.equal(
    texteBrut(fichierRefuse("Fichier illisible : ce n'est pas du JSON.")),
    "Fichier illisible : ce n'est pas du JSON. Rien n’a changé.",
  )
})

test("un fichier refusé pour une raison du moteur commence par « Fichier refusé : »", () => {
  /** A bare reason gets the prefix once, typeset. */
  assert.equal(texteBrut(fichierRefuse("ce n’est pas du JSON.")), `Fichier refusé${NBSP}: ce n’est pas du JSON. Rien n’a changé.`)
})

test("un personnage importé est au singulier", () => {
  /** « 1 personnage importé. » */
  assert.deepEqual(importes(1), ["1 personnage importé."])
})

test("plusieurs personnages importés sont au pluriel", () => {
  /** « 3 personnages importés. » */
  assert.deepEqual(importes(3), ["3 personnages importés."])
})

test("joindre met les messages bout à bout", () => {
  /** Parts concatenated, no space added. */
  assert.deepEqual(joindre(mots("A : "), phrase`${"B"}`, mots(".")), [`A${NBSP}: `, { nom: "B" }, "."])
})

test("un texte du moteur est gardé tel quel", () => {
  /** The engine's text is not typeset again. */
  assert.deepEqual(telQuel("Nom : obligatoire."), ["Nom : obligatoire."])
})
