// The rendering of the engine's display blocks (rendu.js) on a tiny DOM: every text goes in as text,
// what a reader typed (between U+2068 and U+2069) in a <bdi>, any other reordering mark made harmless.
import assert from "node:assert/strict"
import { test } from "node:test"

import { Noeud, installer } from "./dom.js"

installer()
const { ecrire, rendre, rendreResultat } = await import("../../site_plugins/widgets/assets/rendu.js")

/** The blocks ``blocs`` rendered into a new element. @param {unknown} blocs */
function rendu(blocs) {
  const parent = new Noeud("div")
  rendre(/** @type {any} */ (parent), blocs)
  return parent
}

/** @param {Noeud | string} noeud @returns {unknown} */
const arbre = noeud => (typeof noeud === "string" ? noeud : { [noeud.tagName.toLowerCase()]: noeud.enfants.map(arbre) })

test("un nom isolé par le moteur va dans un bdi, sans ses marques", () => {
  const p = new Noeud("p")
  ecrire(/** @type {any} */ (p), "Supprimer « \u2068\u202eRuan\u2069 » ?")
  assert.deepEqual(p.enfants.map(arbre), ["Supprimer « ", { bdi: ["\u202eRuan"] }, " » ?"])
})

test("une marque hors d’un isolement est montrée par son code dans une phrase", () => {
  const p = new Noeud("p")
  ecrire(/** @type {any} */ (p), "Nom \u202eabc inconnu")
  assert.deepEqual(p.enfants, ["Nom [U+202E]abc inconnu"])
})

test("une valeur seule qui porte une marque est isolée entière", () => {
  const dd = new Noeud("dd")
  ecrire(/** @type {any} */ (dd), "\u202eabc", { valeur: true })
  assert.deepEqual(dd.enfants.map(arbre), [{ bdi: ["\u202eabc"] }])
})

test("un texte ordinaire reste un seul texte", () => {
  const p = new Noeud("p")
  ecrire(/** @type {any} */ (p), 42)
  assert.deepEqual(p.enfants, ["42"])
})

test("un bloc de texte devient un paragraphe avec sa classe", () => {
  const [p] = rendu([{ type: "texte", texte: "Réussite", classe: "resultat" }]).children
  assert.equal(p.tagName, "P")
  assert.equal(p.className, "regles-texte regles-texte--resultat")
  assert.equal(p.textContent, "Réussite")
})

test("un bloc de valeurs devient une liste de définitions", () => {
  const [dl] = rendu([{ type: "valeurs", lignes: [["PV", 12], ["Init", "−2"]] }]).children
  assert.deepEqual(arbre(dl), { dl: [{ div: [{ dt: ["PV"] }, { dd: ["12"] }] }, { div: [{ dt: ["Init"] }, { dd: ["−2"] }] }] })
})

test("un tableau a ses en-têtes de colonnes et de lignes, et sa ligne surlignée", () => {
  const [conteneur] = rendu([
    { type: "tableau", legende: "Seuils", entetes: ["Jet", "Effet"], lignes: [["01-05", "Critique"], ["06-50", "Réussite"]], surligne: 1 },
  ]).children
  const table = conteneur.tous("table")[0]
  assert.equal(table.className, "regles-tableau__table")
  assert.equal(table.tous("caption")[0].textContent, "Seuils")
  const [, premiere, seconde] = table.tous("tr")
  assert.deepEqual(table.tous("th").map(th => [th.textContent, /** @type {any} */ (th).scope]), [
    ["Jet", "col"],
    ["Effet", "col"],
    ["01-05", "row"],
    ["06-50", "row"],
  ])
  assert.equal(premiere.className, "")
  assert.equal(seconde.className, "regles-surligne")
  assert.equal(seconde.attributs["aria-current"], "true")
})

test("des barres portent leur part en propriété de style", () => {
  const [figure] = rendu([{ type: "barres", legende: "Chances", barres: [{ etiquette: "2", part: 0.25, texte: "25 %" }, { etiquette: "3", part: "x" }] }]).children
  assert.deepEqual(figure.tous("span").map(s => s.proprietes["--part"]), ["0.25", "0"])
  assert.equal(figure.tous("figcaption")[0].textContent, "Chances")
})

test("des dés tirés montrent leur valeur et leurs faces", () => {
  const [p] = rendu([{ type: "des", des: [{ valeur: 6, faces: 6, classe: "max" }, { valeur: 1, faces: 8 }] }]).children
  assert.deepEqual(p.children.map(de => [de.textContent, /** @type {any} */ (de).title, de.className]), [
    ["6", "d6", "regles-de regles-de--max"],
    ["1", "d8", "regles-de"],
  ])
})

test("une liste devient une liste à puces", () => {
  const [ul] = rendu([{ type: "liste", elements: ["un", "deux"] }]).children
  assert.deepEqual(arbre(ul), { ul: [{ li: ["un"] }, { li: ["deux"] }] })
})

test("des boutons portent leur action en JSON et leur état", () => {
  const [groupe] = rendu([
    { type: "boutons", legende: "Yang", boutons: [{ libelle: "Attaque", op: "kar.combat", args: { a: 1 }, actif: true }, { libelle: "Fuir", op: "kar.fuir", actif: false }] },
  ]).children
  assert.equal(groupe.attributs.role, "group")
  assert.equal(groupe.attributs["aria-label"], "Yang")
  const boutons = groupe.tous("button")
  assert.deepEqual(boutons.map(b => [b.textContent, b.dataset.action, /** @type {any} */ (b).disabled]), [
    ["Attaque", '{"op":"kar.combat","args":{"a":1}}', false],
    ["Fuir", '{"op":"kar.fuir","args":{}}', true],
  ])
})

test("un bloc inconnu n’est jamais perdu : la page le dit en français", () => {
  const erreur = console.error
  console.error = () => {}
  try {
    const [p] = rendu([{ type: "constructor" }]).children
    assert.equal(p.textContent, "Partie du résultat illisible par cette page (bloc « constructor »). Rechargez la page.")
    assert.equal(p.className, "regles-texte regles-texte--erreur")
  } finally {
    console.error = erreur
  }
})

test("des blocs qui ne sont pas une liste ne rendent rien", () => {
  assert.deepEqual(rendu({ type: "texte" }).enfants, [])
})

test("le résultat vient d’abord, puis la suite, et le détail plié à part", () => {
  const parent = new Noeud("div")
  rendreResultat(/** @type {any} */ (parent), [
    { type: "tableau", entetes: ["a"], lignes: [] },
    { type: "texte", texte: "suite" },
    { type: "texte", texte: "issue", classe: "resultat" },
  ])
  assert.deepEqual(parent.children.map(n => [n.tagName, n.textContent.slice(0, 40)]), [
    ["P", "issue"],
    ["P", "suite"],
    ["DETAILS", "Détail : seuils, tables et chancesa"],
  ])
  assert.equal(/** @type {any} */ (parent.children[2]).open, true)
})

test("le groupe de boutons principal suit le résultat et le dit", () => {
  const parent = new Noeud("div")
  rendreResultat(/** @type {any} */ (parent), [
    { type: "texte", texte: "avant" },
    { type: "boutons", boutons: [], principal: true },
    { type: "texte", texte: "issue", classe: "resultat" },
  ])
  assert.deepEqual(parent.children.map(n => n.tagName), ["P", "DIV", "P"])
  assert.equal(parent.children[1].dataset.principal, "")
})
