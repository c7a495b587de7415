// A tool's saved state as stored on the device (sauvegarde-donnees.js): read, migrated, or set aside
// with its French reason, never lost.
import assert from "node:assert/strict"
import { test } from "node:test"

import { SAUVEGARDE_TAILLE_MAX, SAUVEGARDE_VERSION } from "../../site_plugins/widgets/assets/constantes.js"
import { MIGRATIONS, NIVEAUX, lireSauvegarde } from "../../site_plugins/widgets/assets/sauvegarde-donnees.js"

const OUTIL = "combat-heroique-kar"

test("rien d’enregistré n’est pas une erreur", () => {
  assert.deepEqual(lireSauvegarde(null, OUTIL), { sauvegarde: null })
})

test("une sauvegarde de cette version est lue telle quelle", () => {
  const brut = JSON.stringify({ version: SAUVEGARDE_VERSION, outil: OUTIL, etat: "abc", annuler: ["x", "y"] })
  assert.deepEqual(lireSauvegarde(brut, OUTIL), {
    sauvegarde: { version: SAUVEGARDE_VERSION, outil: OUTIL, etat: "abc", annuler: ["x", "y"] },
  })
})

test("au plus vingt états sont gardés pour annuler, les plus récents", () => {
  const annuler = Array.from({ length: 30 }, (_, i) => `e${i}`)
  const lu = lireSauvegarde(JSON.stringify({ version: SAUVEGARDE_VERSION, etat: "x", annuler }), OUTIL)
  assert.equal(NIVEAUX, 20)
  assert.deepEqual(lu.sauvegarde?.annuler, annuler.slice(10))
})

test("une sauvegarde trop grande est mise de côté sans être lue", () => {
  const brut = "x".repeat(SAUVEGARDE_TAILLE_MAX + 1)
  assert.deepEqual(lireSauvegarde(brut, OUTIL), { raison: "trop grand", brut })
})

test("une sauvegarde qui n’est pas du JSON est mise de côté", () => {
  assert.deepEqual(lireSauvegarde("{", OUTIL), { raison: "ce n’est pas du JSON", brut: "{" })
})

test("une sauvegarde sans version est mise de côté", () => {
  for (const brut of ["null", "3", '{"version": "1"}', '{"version": 1.5}']) {
    assert.deepEqual(lireSauvegarde(brut, OUTIL), { raison: "pas de version", brut })
  }
})

test("une version plus récente que la page est mise de côté, jamais perdue", () => {
  const brut = JSON.stringify({ version: SAUVEGARDE_VERSION + 1, etat: "x", annuler: [] })
  assert.deepEqual(lireSauvegarde(brut, OUTIL), { raison: `version ${SAUVEGARDE_VERSION + 1} inconnue de cette page`, brut })
})

test("une version sans migration est mise de côté", () => {
  const brut = JSON.stringify({ version: -1, etat: "x", annuler: [] })
  assert.deepEqual(lireSauvegarde(brut, OUTIL), { raison: "version -1 inconnue de cette page", brut })
})

test("une forme inattendue est mise de côté", () => {
  for (const donnees of [{ etat: 3, annuler: [] }, { etat: "x", annuler: "y" }, { etat: "x", annuler: [1] }]) {
    const brut = JSON.stringify({ version: SAUVEGARDE_VERSION, ...donnees })
    assert.deepEqual(lireSauvegarde(brut, OUTIL), { raison: "forme inattendue", brut })
  }
})

test("une version ancienne passe par ses migrations dans l’ordre", () => {
  MIGRATIONS[SAUVEGARDE_VERSION - 1] = donnees => ({ ...donnees, version: SAUVEGARDE_VERSION, etat: `${donnees.code}!` })
  try {
    const brut = JSON.stringify({ version: SAUVEGARDE_VERSION - 1, code: "abc", annuler: [] })
    assert.deepEqual(lireSauvegarde(brut, OUTIL).sauvegarde, { version: SAUVEGARDE_VERSION, outil: OUTIL, etat: "abc!", annuler: [] })
  } finally {
    delete MIGRATIONS[SAUVEGARDE_VERSION - 1]
  }
})

test("la première version n’a encore aucune migration", () => {
  assert.deepEqual(MIGRATIONS, {})
})
