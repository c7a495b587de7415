// The creation step by step: its draft kept on the device (versioned, migrated, never trusted) and the
// points typed in the boxes written as the engine reads them.
import assert from "node:assert/strict"
import { test } from "node:test"

import {
  SCHEMA_BROUILLON,
  TAILLE_MAX_BROUILLON,
  VERSION_BROUILLON,
  avecDesPoints,
  cleDuBrouillon,
  encoderBrouillon,
  lireBrouillon,
  nomAffiche,
  texteDesPoints,
} from "../../site_plugins/personnages/assets/personnages-creation.js"

const OUTIL = "creation-basic"
const POOLS = ["culture", "profession", "libre"]

test("un brouillon relu redonne l’étape et les champs", () => {
  /** A draft written then read back: same step, same texts. */
  const valeurs = { nom: "Ruan", culture: "Barbare", for: "12", competences: "Athlétisme : 30/0/9" }
  const texte = encoderBrouillon(OUTIL, 3, valeurs)
  assert.deepEqual(lireBrouillon(texte, OUTIL), { version: VERSION_BROUILLON, outil: OUTIL, etape: 3, valeurs })
  assert.equal(JSON.parse(texte).schema, SCHEMA_BROUILLON)
})

test("la clé du brouillon nomme l’outil", () => {
  /** One draft per creation tool, under a key of its own. */
  assert.equal(cleDuBrouillon(OUTIL), "regles-creation-brouillon:creation-basic")
})

test("un brouillon de la version 0 reprend à la première étape", () => {
  /** Version 0 (the texts alone): migrated, it reopens at step 1 with its texts. */
  const ancien = JSON.stringify({ schema: SCHEMA_BROUILLON, version: 0, valeurs: { nom: "Ruan" } })
  assert.deepEqual(lireBrouillon(ancien, OUTIL), { version: 1, outil: OUTIL, etape: 0, valeurs: { nom: "Ruan" } })
})

test("un brouillon illisible ou étranger est ignoré sans erreur", () => {
  /** Broken JSON, another schema, a later version, another tool, a list, too long: null, no exception. */
  const autres = [
    null,
    "",
    "{",
    "[]",
    JSON.stringify({ schema: "regles-personnages", version: 1, outil: OUTIL, valeurs: {} }),
    JSON.stringify({ schema: SCHEMA_BROUILLON, version: 2, outil: OUTIL, etape: 0, valeurs: {} }),
    encoderBrouillon("creation-kar", 0, {}),
    JSON.stringify({ schema: SCHEMA_BROUILLON, version: 1, outil: OUTIL, etape: 0, valeurs: [] }),
    "x".repeat(TAILLE_MAX_BROUILLON + 1),
  ]
  for (const texte of autres) assert.equal(lireBrouillon(texte, OUTIL), null, String(texte).slice(0, 40))
})

test("un brouillon ne garde que des textes et une étape entière", () => {
  /** A value that is not a text is dropped; a step that is not a whole number ≥ 0 becomes 0. */
  const texte = JSON.stringify({
    schema: SCHEMA_BROUILLON,
    version: 1,
    outil: OUTIL,
    etape: -2,
    valeurs: { nom: "Ruan", for: 12, piege: { a: 1 } },
  })
  assert.deepEqual(lireBrouillon(texte, OUTIL), { version: 1, outil: OUTIL, etape: 0, valeurs: { nom: "Ruan" } })
})

test("les points des cases s’écrivent une compétence par ligne", () => {
  /** « compétence : culture/profession/libres », an empty box 0; a standard skill without points stays out. */
  const saisies = [
    { ligne: "Athlétisme", categorie: "standard", points: { culture: "30", profession: "", libre: "9" } },
    { ligne: "Bagarre", categorie: "standard", points: { culture: "0", profession: "", libre: "" } },
    { ligne: "Artisanat (Forge)", categorie: "professionnelle", points: { culture: "", profession: "", libre: "" } },
    { ligne: "Pistage", categorie: "professionnelle", points: { culture: "20", profession: "15", libre: "0" } },
  ]
  assert.equal(texteDesPoints(saisies, POOLS), "Athlétisme : 30/0/9\nArtisanat (Forge) : 0/0/0\nPistage : 20/15/0")
})

test("une case tapée de travers part telle quelle au moteur", () => {
  /** The engine, not this module, says what is wrong with « -5 » (its message names the field). */
  const saisies = [{ ligne: "Esquive", categorie: "standard", points: { culture: " -5 ", profession: "2", libre: "" } }]
  assert.equal(texteDesPoints(saisies, POOLS), "Esquive : -5/2/0")
})

test("un nom de compétence s’affiche avec l’apostrophe typographique", () => {
  /** « Jouer d'un Instrument » as the engine spells it, « Jouer d’un Instrument » on the page. */
  assert.equal(nomAffiche("Jouer d'un Instrument (Luth)"), "Jouer d\u2019un Instrument (Luth)")
})

test("les cases de points ne viennent que d’une réponse qui en porte", () => {
  /** Basic maison's answer names its points' field, lines and budgets; a KAR, El Toto or Actions d100
   * creation answers only what it computes, what is missing and the character. */
  /** @type {import("../../site_plugins/personnages/assets/personnages-creation.js").Etape} */
  const commun = { apercu: [["Initiative (Init)", 15]], manques: [], personnage: null }
  assert.equal(avecDesPoints(commun), false)
  assert.equal(avecDesPoints({ ...commun, champ_des_points: "competences", lignes: [], budgets: [] }), true)
  assert.equal(avecDesPoints({ ...commun, champ_des_points: "competences" }), false)
})

test("chaque outil de création garde son brouillon", () => {
  /** A KAR draft is not read back by the El Toto creation: one draft per tool. */
  const texte = encoderBrouillon("creation-kar", 2, { nom: "Renard Blanc", kar_initial: "60" })
  assert.equal(lireBrouillon(texte, "creation-el-toto"), null)
  assert.deepEqual(lireBrouillon(texte, "creation-kar")?.valeurs, { nom: "Renard Blanc", kar_initial: "60" })
})
