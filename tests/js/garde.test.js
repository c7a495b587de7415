// The share links' guard (garde.js), pure: its encoding, its limits (Python's, from constantes.js), its
// French refusals, and a fuzz of 500 random links per tool of the site (every tool's operations from
// constantes.js), the same mix of shapes as the engine's own fuzz (tests/rules/test_fuzz_partage.py).
import assert from "node:assert/strict"
import { test } from "node:test"

import { LIEN_MAX, OPERATIONS, PROFONDEUR_MAX } from "../../site_plugins/widgets/assets/constantes.js"
import {
  AUTRE_OUTIL,
  ILLISIBLE,
  TROP_IMBRIQUE,
  TROP_LONG,
  decoder,
  encoder,
  lirePartage,
  profondeur,
  profondeurDuTexte,
  verifier,
} from "../../site_plugins/widgets/assets/garde.js"

const NBSP = "\u00a0"
const LIEN = "Le lien de partage"
const OPS = ["basic.modificateur"]

/** @param {unknown} valeur */
const fragment = (valeur, id = "w1-outil") => `#partage=${encodeURIComponent(id)}.${encoder(valeur)}`

/** @param {number} niveaux */
function imbrique(niveaux) {
  /** @type {unknown} */
  let valeur = 1
  for (let i = 0; i < niveaux; i++) valeur = i % 2 ? [valeur] : { a: valeur }
  return valeur
}

test("un état encodé puis décodé redevient le même, accents et marques compris", () => {
  const etat = { op: "kar.combat", args: { nom: "Éloïse \u202eRuan", jet: 42, etat: { a: [1, null, true] } } }
  assert.deepEqual(decoder(encoder(etat)), { etat })
})

test("l’encodage est du base64url sans remplissage", () => {
  assert.equal(encoder({ a: "ÿÿÿ?>" }), "eyJhIjoiw7_Dv8O_Pz4ifQ")
})

test("un texte qui n’est pas du base64 est illisible, sans exception", () => {
  assert.deepEqual(decoder("***"), { etat: null })
})

test("des octets qui ne sont pas de l’UTF-8 sont illisibles", () => {
  assert.deepEqual(decoder("_w"), { etat: null })
})

test("un texte qui n’est pas du JSON est illisible", () => {
  assert.deepEqual(decoder(encoder("x").slice(0, 2)), { etat: null })
})

test("un état plus long que la limite de Python est refusé avant d’être décodé", () => {
  assert.equal(LIEN_MAX, 8192)
  assert.deepEqual(decoder("A".repeat(LIEN_MAX + 1)), { refus: `Le lien de partage est trop long${NBSP}: il a été ignoré.` })
})

test("trois mille niveaux sont refusés sur le texte, avant JSON.parse", () => {
  const texte = Buffer.from(`{"op":"x","args":{"a":${"[".repeat(3_000)}${"]".repeat(3_000)}}}`).toString("base64url")
  assert.ok(texte.length < LIEN_MAX)
  assert.deepEqual(lirePartage(`#partage=w1.${texte}`), { id: "w1", refus: TROP_IMBRIQUE(LIEN) })
})

test("la profondeur compte les listes et objets, sans récursion", () => {
  assert.equal(profondeur(3), 0)
  assert.equal(profondeur({ a: [1, { b: "[[[" }] }), 3)
  assert.equal(profondeur(imbrique(PROFONDEUR_MAX)), PROFONDEUR_MAX)
  assert.equal(profondeur(imbrique(50_000)), PROFONDEUR_MAX + 1)
})

test("la profondeur d’un texte JSON ne compte pas les crochets de ses textes", () => {
  assert.equal(profondeurDuTexte('{"a": [1, {"b": "[[["}]}'), 3)
  assert.equal(profondeurDuTexte('"[{"'), 0)
  assert.equal(profondeurDuTexte('["\\"", "[[[", "\\\\"]'), 1)
  assert.equal(profondeurDuTexte("[".repeat(50)), PROFONDEUR_MAX + 1)
})

test("un nom tapé avec des crochets n’est pas une imbrication", () => {
  const etat = { op: OPS[0], args: { nom: "[".repeat(40) + "{".repeat(40) } }
  assert.deepEqual(decoder(encoder(etat)), { etat })
  assert.equal(verifier(OPS, etat), "")
})

test("un état à la limite de profondeur passe, un niveau de plus est refusé", () => {
  const auPlus = { op: OPS[0], args: { a: imbrique(PROFONDEUR_MAX - 2) } }
  assert.equal(profondeur(auPlus), PROFONDEUR_MAX)
  assert.equal(verifier(OPS, auPlus), "")
  const trop = { op: OPS[0], args: { a: imbrique(PROFONDEUR_MAX - 1) } }
  assert.equal(verifier(OPS, trop), `Le lien de partage est trop imbriqué${NBSP}: il a été ignoré.`)
})

test("une opération d’un autre outil est refusée en le disant", () => {
  assert.equal(verifier(OPS, { op: "kar.combat_exemple", args: {} }), `Le lien de partage ne correspond pas à cet outil${NBSP}: il a été ignoré.`)
})

test("une forme inattendue est illisible, et le refus nomme ce qui est entré", () => {
  for (const etat of [null, 3, "x", [], { op: 1, args: {} }, { op: "a", args: [] }, { op: "a" }]) {
    assert.equal(verifier(OPS, etat, "Le combat gardé sur cet appareil"), ILLISIBLE("Le combat gardé sur cet appareil"))
  }
  assert.equal(ILLISIBLE("X"), `X est illisible${NBSP}: il a été ignoré.`)
})

test("un état trop long une fois décodé est refusé", () => {
  assert.equal(verifier(OPS, { op: OPS[0], args: { x: "y".repeat(LIEN_MAX) } }), TROP_LONG(LIEN))
})

test("une adresse sans partage n’est pas un lien de partage", () => {
  assert.equal(lirePartage(""), null)
  assert.equal(lirePartage("#section-2"), null)
})

test("un lien de partage sans identifiant ou sans point est illisible", () => {
  assert.deepEqual(lirePartage("#partage="), { id: null, etat: null })
  assert.deepEqual(lirePartage("#partage=.abc"), { id: null, etat: null })
  assert.deepEqual(lirePartage("#partage=%E0%A4%A"), { id: null, etat: null })
})

test("un lien sain donne son identifiant et son état", () => {
  const etat = { op: OPS[0], args: { for: "14", tai: "16" } }
  assert.deepEqual(lirePartage(fragment(etat, "w1-modificateur-degats")), { id: "w1-modificateur-degats", etat })
})

test("un lien trop long est refusé dans l’outil qu’il nomme", () => {
  assert.deepEqual(lirePartage(`#partage=w3.${"A".repeat(LIEN_MAX + 300)}`), { id: "w3", refus: TROP_LONG(LIEN) })
})

test("les messages de la garde suivent la typographie du site", () => {
  for (const message of [TROP_LONG(LIEN), TROP_IMBRIQUE(LIEN), ILLISIBLE(LIEN), AUTRE_OUTIL(LIEN)]) {
    assert.match(message, /^Le lien de partage [^:]+\u00a0: il a été ignoré\.$/)
  }
})

// == The fuzz: 500 random links per tool ==========================================================

const CAS_PAR_OUTIL = 500
const CONTROLES = "\u202e\u202d\u202a\u2066\u2067\u2068\u2069\u200e\u200f\u061c\x00\x07\x1b\x7f\x85\u009f\ufeff"
const LETTRES = "abcdeXYZ éàÀ«»<>&\"'0123456789-+,.;:()[]{}/\\\n\t"
const TOUTES = [...new Set(Object.values(OPERATIONS).flat())].sort()
const ANGLAIS = /\b(Error|error|undefined|NaN|Traceback|object|Object|null|None|Infinity|function|TypeError)\b/

/** A seeded generator (mulberry32): the same links at every run. @param {number} graine */
function generateur(graine) {
  let a = graine >>> 0
  const aleatoire = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  /** @param {number} n */
  const rang = n => Math.floor(aleatoire() * n)
  /** @template T @param {readonly T[]} liste @returns {T} */
  const choix = liste => liste[rang(liste.length)]
  return { aleatoire, rang, choix }
}

/** @param {string} nom */
function graineDe(nom) {
  let h = 20261201
  for (const c of nom) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0
  return h
}

/** @param {ReturnType<typeof generateur>} g */
function texte(g) {
  const alphabet = [...LETTRES, ...CONTROLES]
  return Array.from({ length: g.choix([0, 1, 3, 8, 12, 40, 300]) }, () => g.choix(alphabet)).join("")
}

/** Any JSON value, nesting past the limit included. @param {ReturnType<typeof generateur>} g @returns {unknown} */
function json(g, niveau = 0) {
  const genre = g.rang(niveau < 3 ? 12 : 9)
  if (genre === 0) return null
  if (genre === 1) return g.aleatoire() < 0.5
  if (genre === 2) return g.rang(2001) - 1000
  if (genre === 3) return g.choix([1e9, -1e9, 1e300, -1e300, 0.5, -0, 12.75])
  if (genre <= 7) return texte(g)
  if (genre === 8) return g.choix(["", " ", "00", "true", "-0", "1e300", "0x10", "١٢"])
  if (genre === 9) return Array.from({ length: g.rang(5) }, () => json(g, niveau + 1))
  if (genre === 10) return Object.fromEntries(Array.from({ length: g.rang(5) }, () => [texte(g).slice(0, 8), json(g, niveau + 1)]))
  return imbrique(5 + g.rang(8))
}

/**
 * One random link for a tool of ``operations``, and what the guard must say of it: "accepte" (its own
 * operation, small and shallow enough), "refus" (a French reason), or "libre" (either, checked by the
 * properties alone).
 * @param {ReturnType<typeof generateur>} g
 * @param {readonly string[]} operations
 * @returns {{lien: string, attendu: "accepte" | "refus" | "libre"}}
 */
function cas(g, operations) {
  const genre = g.aleatoire()
  const op = g.choix(operations)
  /** @type {Record<string, unknown>} */
  const args = {}
  for (let i = g.rang(6); i > 0; i--) args[texte(g).slice(0, 10) || "x"] = g.aleatoire() < 0.5 ? texte(g).slice(0, 40) : g.rang(200)
  if (genre < 0.5) return { lien: fragment({ op, args }), attendu: "accepte" }
  if (genre < 0.6) return { lien: fragment({ op, args: { ...args, champ: json(g) } }), attendu: "libre" }
  if (genre < 0.7) {
    const autre = g.choix(TOUTES.filter(o => !operations.includes(o)))
    return { lien: fragment({ op: autre, args }), attendu: "refus" }
  }
  if (genre < 0.8) {
    const forme = g.choix([{ op, args: [args] }, { op, args: null }, { op: 12, args }, { op: [op], args }, json(g), { args }])
    return { lien: fragment(forme), attendu: "refus" }
  }
  if (genre < 0.85) {
    const octets = Buffer.from(Array.from({ length: g.rang(61) }, () => g.rang(256)))
    return { lien: `#partage=w1.${octets.toString("base64url")}`, attendu: "libre" }
  }
  if (genre < 0.88) return { lien: `#partage=w1.${texte(g).slice(0, 40)}`, attendu: "libre" }
  if (genre < 0.9) return { lien: g.choix(["#partage=w1", "#partage=", "#partage=.", "#partage=%E0%A4%A"]), attendu: "refus" }
  if (genre < 0.95) return { lien: fragment({ op, args: { x: "y".repeat(LIEN_MAX + g.rang(12_000)) } }), attendu: "refus" }
  const niveaux = PROFONDEUR_MAX - 1 + g.rang(20_000)
  const profond = `{"op":${JSON.stringify(op)},"args":{"a":${"[".repeat(niveaux)}${"]".repeat(niveaux)}}}`
  return { lien: `#partage=w1.${Buffer.from(profond).toString("base64url")}`, attendu: "refus" }
}

/**
 * What the page does with a link: the guard's verdict, "" when the tool may replay it.
 * @param {string} lien
 * @param {readonly string[]} operations
 */
function verdict(lien, operations) {
  const partage = lirePartage(lien)
  if (partage === null) return { etat: undefined, refus: ILLISIBLE(LIEN) }
  if (partage.refus !== undefined) return { etat: undefined, refus: partage.refus }
  return { etat: partage.etat, refus: verifier(operations, partage.etat) }
}

for (const [outil, operations] of Object.entries(OPERATIONS)) {
  test(`cinq cents liens au hasard pour l’outil ${outil} : la garde accepte les siens, refuse le reste en français`, () => {
    const g = generateur(graineDe(outil))
    const vus = { accepte: 0, refus: 0 }
    for (let i = 0; i < CAS_PAR_OUTIL; i++) {
      const { lien, attendu } = cas(g, operations)
      const { etat, refus } = verdict(lien, operations)
      const contexte = `${outil} : ${lien.slice(0, 200)}`
      if (refus) {
        vus.refus++
        assert.notEqual(attendu, "accepte", `refusé à tort (${refus}) — ${contexte}`)
        assert.match(refus, /^Le lien de partage .+\u00a0: il a été ignoré\.$/, contexte)
        assert.doesNotMatch(refus, ANGLAIS, contexte)
        continue
      }
      vus.accepte++
      assert.notEqual(attendu, "refus", `accepté à tort — ${contexte}`)
      const accepte = /** @type {{op: string, args: object}} */ (etat)
      assert.ok(operations.includes(accepte.op), contexte)
      assert.ok(accepte.args !== null && typeof accepte.args === "object" && !Array.isArray(accepte.args), contexte)
      assert.ok(profondeur(accepte) <= PROFONDEUR_MAX, contexte)
      assert.ok(JSON.stringify(accepte).length <= LIEN_MAX, contexte)
    }
    // Both ways are exercised for every tool.
    assert.ok(vus.accepte > 100 && vus.refus > 100, JSON.stringify(vus))
  })
}

test("le fuzz couvre chaque outil que Python déclare", () => {
  assert.ok(Object.keys(OPERATIONS).length >= 30, String(Object.keys(OPERATIONS).length))
  for (const operations of Object.values(OPERATIONS)) assert.ok(operations.length >= 1)
})
