// The roll log's store (site_plugins/des/assets/journal-magasin.js) on a storage that can be made full,
// hostile or shared with another tab: every stored form read, nothing lost, every refusal said in French.
import assert from "node:assert/strict"
import test from "node:test"

import { CLE_DE_COTE, creerJournal, lireEntree, MAXIMUM } from "../../site_plugins/des/assets/journal-magasin.js"
import { JOURNAL_CLE as CLE } from "../../site_plugins/widgets/assets/constantes.js"
import { StockageDeTest } from "./doublures.js"
import { PLEIN } from "./magasin-commun.js"

const NBSP = "\u00a0"
const MIDI = () => new Date("2026-12-05T12:00:00Z")
const VIDE = { page: "", section: "", outil: "", personnage: "" }

/**
 * A checked entry of total ``total``.
 * @param {number} total
 */
function jet(total) {
  return /** @type {import("../../site_plugins/des/assets/journal-magasin.js").Entree} */ (
    lireEntree({ quand: "2026-12-05T11:00:00Z", titre: "1d100", texte: `→ ${total}`, des: [total], total })
  )
}

/** @param {StockageDeTest} stockage */
function totaux(stockage) {
  return JSON.parse(stockage.getItem(CLE) ?? "null").entrees.map((/** @type {{total: number}} */ e) => e.total)
}

test("un jet ajouté est enregistré avec la version du journal", () => {
  const stockage = new StockageDeTest()
  const journal = creerJournal({ stockage })
  assert.equal(journal.ajouter(jet(42)), true)
  assert.deepEqual(JSON.parse(stockage.getItem(CLE) ?? ""), {
    version: 2,
    entrees: [{ quand: "2026-12-05T11:00:00Z", titre: "1d100", expression: "", des: [42], total: 42, texte: "→ 42", contexte: VIDE, lien: null }],
  })
  assert.equal(journal.avertissement(), "")
})

test("le jet d’un autre onglet n’est jamais écrasé", () => {
  const stockage = new StockageDeTest()
  const ici = creerJournal({ stockage })
  const autre = creerJournal({ stockage })
  ici.ajouter(jet(7))
  assert.deepEqual(autre.charger().map(e => e.total), [7])
  autre.ajouter(jet(42))
  ici.ajouter(jet(13))
  assert.deepEqual(totaux(stockage), [13, 42, 7])
  assert.deepEqual(ici.charger().map(e => e.total), [13, 42, 7])
})

test("au-delà de cinquante jets, les plus anciens partent", () => {
  const stockage = new StockageDeTest()
  const journal = creerJournal({ stockage })
  for (let i = 0; i < 60; i++) journal.ajouter(jet(i))
  assert.equal(MAXIMUM, 50)
  assert.deepEqual(totaux(stockage), Array.from({ length: 50 }, (_, i) => 59 - i))
})

test("la première forme (une liste nue) est migrée à la version 2", () => {
  const ancienne = [{ quand: "2026-11-29T10:00:00Z", titre: "1d6", texte: "→ 4", lien: null }]
  const stockage = new StockageDeTest({ [CLE]: JSON.stringify(ancienne) })
  const journal = creerJournal({ stockage })
  assert.deepEqual(journal.charger(), [{ ...ancienne[0], expression: "", des: [], total: null, contexte: VIDE }])
  assert.equal(JSON.parse(stockage.getItem(CLE) ?? "").version, 2)
  assert.equal(journal.avertissement(), "")
})

test("un journal illisible est mis de côté intact, jamais effacé", () => {
  const stockage = new StockageDeTest({ [CLE]: "{abîmé" })
  const journal = creerJournal({ stockage, maintenant: MIDI })
  assert.deepEqual(journal.charger(), [])
  const cle = `${CLE_DE_COTE}2026-12-05T12:00:00.000Z`
  assert.equal(stockage.getItem(cle), "{abîmé")
  assert.equal(stockage.getItem(CLE), null)
  assert.equal(
    journal.avertissement(),
    `Le journal enregistré était illisible${NBSP}: il est mis de côté, intact, sous la clé «${NBSP}${cle}${NBSP}» du stockage du navigateur.`,
  )
})

test("une version inconnue du journal est mise de côté, pas lue", () => {
  const brut = JSON.stringify({ version: 9, entrees: [] })
  const stockage = new StockageDeTest({ [CLE]: brut })
  creerJournal({ stockage, maintenant: MIDI }).charger()
  assert.equal(stockage.getItem(`${CLE_DE_COTE}2026-12-05T12:00:00.000Z`), brut)
})

test("un journal illisible qu’on ne peut pas mettre de côté reste tel quel et rien ne l’écrase", () => {
  const stockage = new StockageDeTest({ [CLE]: "{abîmé" })
  stockage.plein = true
  const journal = creerJournal({ stockage })
  assert.equal(journal.ajouter(jet(5)), false)
  assert.equal(stockage.getItem(CLE), "{abîmé")
  assert.deepEqual(journal.charger().map(e => e.total), [5])
  assert.match(journal.avertissement(), /^Le journal enregistré est illisible et n’a pas pu être mis de côté \(la mémoire du navigateur/)
})

test("des entrées illisibles sont écartées et le texte d’avant gardé à part", () => {
  const brut = JSON.stringify({ version: 2, entrees: [{ quand: "2026-11-29T10:00:00Z", titre: "1d6", texte: "→ 4" }, { quand: 12 }] })
  const stockage = new StockageDeTest({ [CLE]: brut })
  const journal = creerJournal({ stockage, maintenant: MIDI })
  assert.equal(journal.charger().length, 1)
  assert.equal(stockage.getItem(`${CLE_DE_COTE}2026-12-05T12:00:00.000Z`), brut)
  assert.equal(journal.avertissement(), "Des entrées illisibles du journal ont été ignorées (une copie du journal d’avant est gardée à part).")
})

test("un jet refusé par une mémoire pleine reste affiché, dit non gardé, et rien n’est écrit", () => {
  const stockage = new StockageDeTest()
  const journal = creerJournal({ stockage })
  journal.ajouter(jet(1))
  stockage.plein = true
  assert.equal(journal.ajouter(jet(2)), false)
  assert.deepEqual(totaux(stockage), [1])
  assert.deepEqual(journal.charger().map(e => e.total), [2, 1])
  assert.equal(journal.avertissement(), `Ce jet n’est pas gardé sur cet appareil${NBSP}: ${PLEIN}.`)
  stockage.plein = false
  journal.ajouter(jet(3))
  assert.deepEqual(totaux(stockage), [3, 2, 1])
  assert.equal(journal.avertissement(), "")
})

test("effacer sur une mémoire pleine ne change rien et le dit", () => {
  const stockage = new StockageDeTest()
  const journal = creerJournal({ stockage })
  journal.ajouter(jet(1))
  stockage.plein = true
  assert.equal(journal.effacer(), false)
  assert.deepEqual(totaux(stockage), [1])
  assert.deepEqual(journal.charger().map(e => e.total), [1])
  assert.equal(journal.avertissement(), `Effacement impossible${NBSP}: ${PLEIN}. Rien n’a changé.`)
  stockage.plein = false
  assert.equal(journal.effacer(), true)
  assert.deepEqual(journal.charger(), [])
  assert.equal(journal.avertissement(), "")
})

test("un stockage interdit même en lecture garde les jets de la page et le dit", () => {
  const stockage = new StockageDeTest()
  stockage.refusDeLecture = stockage.refus = new DOMException("The operation is insecure.", "SecurityError")
  const journal = creerJournal({ stockage })
  assert.equal(journal.ajouter(jet(4)), false)
  assert.deepEqual(journal.charger().map(e => e.total), [4])
  assert.match(journal.avertissement(), /^Le journal n’est pas gardé sur cet appareil\u00a0: le navigateur interdit d’enregistrer/)
})

test("seul un changement du journal ou un effacement de tout le stockage le concerne", () => {
  const journal = creerJournal({ stockage: new StockageDeTest() })
  assert.equal(journal.concerne({ key: CLE }), true)
  assert.equal(journal.concerne({ key: null }), true)
  assert.equal(journal.concerne({ key: "regles-personnages" }), false)
})

test("des entrées illisibles qu’on ne peut pas copier à part ne sont jamais écrasées", () => {
  const brut = JSON.stringify({ version: 2, entrees: [{ quand: "2026-11-29T10:00:00Z", titre: "1d6", texte: "→ 4" }, { quand: 12 }] })
  const stockage = new StockageDeTest({ [CLE]: brut })
  stockage.plein = true
  const journal = creerJournal({ stockage, maintenant: MIDI })
  assert.equal(journal.charger().length, 1)
  assert.equal(journal.ajouter(jet(6)), false)
  stockage.plein = false
  assert.equal(journal.ajouter(jet(7)), false)
  assert.equal(stockage.getItem(CLE), brut)
  assert.match(journal.avertissement(), /faute de place pour en garder une copie, le journal enregistré reste tel quel/)
  assert.deepEqual(creerJournal({ stockage, maintenant: MIDI }).charger().length, 1)
  assert.equal(stockage.getItem(`${CLE_DE_COTE}2026-12-05T12:00:00.000Z`), brut)
})
