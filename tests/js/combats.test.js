// The store of fights: the latest stored fight goes on, an action of another tab becomes a step to
// undo, a refused write changes and consumes nothing, a full device keeps the fight before the
// oldest steps to undo, an unreadable record is set aside intact.
import assert from "node:assert/strict"
import { test } from "node:test"

import { DE_COTE, cleDuCombat, compteDesAnnulations, creerMagasinDeCombat, reserve } from "../../site_plugins/widgets/assets/combats-magasin.js"
import { SAUVEGARDE_TAILLE_MAX as TAILLE_MAX, SAUVEGARDE_VERSION as VERSION } from "../../site_plugins/widgets/assets/constantes.js"
import { NIVEAUX, lireSauvegarde } from "../../site_plugins/widgets/assets/sauvegarde-donnees.js"
import { raisonDuRefus } from "../../site_plugins/personnages/assets/personnages-magasin.js"
import { StockageDeTest } from "./doublures.js"

const CLE = cleDuCombat("suivi")

/** A storage that refuses any write making its content longer than ``capacite`` characters. */
class StockageLimite extends StockageDeTest {
  /** @param {number} capacite */
  constructor(capacite) {
    super()
    this.capacite = capacite
  }

  /** @param {string} cle @param {string} valeur */
  setItem(cle, valeur) {
    let total = valeur.length
    for (const [autre, texte] of this.valeurs) if (autre !== cle) total += texte.length
    if (total > this.capacite) throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
    super.setItem(cle, valeur)
  }
}

/**
 * The store of the tracker's fight over ``stockage``.
 * @param {StockageDeTest} stockage
 */
function magasinSur(stockage) {
  return creerMagasinDeCombat({
    stockage,
    id: "suivi",
    outil: "suivi-de-combat-heroique",
    raisonDuRefus: erreur => raisonDuRefus(erreur).join(""),
  })
}

/** @param {StockageDeTest} stockage */
function stocke(stockage) {
  return JSON.parse(stockage.valeurs.get(CLE) ?? "null")
}

test("la première action d’un combat est gardée, sans rien à annuler", () => {
  const stockage = new StockageDeTest()
  const fait = magasinSur(stockage).avancer("passe-1")
  assert.deepEqual(fait, { ok: true, message: "", annulables: 0 })
  assert.deepEqual(stocke(stockage), { version: VERSION, outil: "suivi-de-combat-heroique", etat: "passe-1", annuler: [] })
})

test("chaque action suivante rend la précédente annulable", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  magasin.avancer("attaque")
  const fait = magasin.avancer("parade")
  assert.equal(fait.annulables, 2)
  assert.deepEqual(stocke(stockage).annuler, ["passe-1", "attaque"])
})

test("le même état montré à nouveau n’ajoute aucune étape", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  const ecritures = stockage.ecritures
  assert.deepEqual(magasin.avancer("passe-1"), { ok: true, message: "", annulables: 0 })
  assert.equal(stockage.ecritures, ecritures)
})

test("un état remplacé (montré par « Annuler » ou par un autre onglet) n’ajoute aucune étape", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  magasin.avancer("attaque")
  magasin.avancer("attaque relue", { remplacer: true })
  assert.deepEqual(stocke(stockage).annuler, ["passe-1"])
  assert.equal(stocke(stockage).etat, "attaque relue")
})

test("l’action d’un autre onglet devient une étape à annuler, jamais écrasée", () => {
  const stockage = new StockageDeTest()
  const onglet1 = magasinSur(stockage)
  const onglet2 = magasinSur(stockage)
  onglet1.avancer("passe-1")
  onglet2.avancer("attaque de l’onglet 2")
  onglet1.avancer("parade de l’onglet 1")
  assert.deepEqual(stocke(stockage).annuler, ["passe-1", "attaque de l’onglet 2"])
  assert.equal(onglet1.annuler().ok, true)
  assert.equal(stocke(stockage).etat, "attaque de l’onglet 2")
})

test("annuler rend l’état précédent et consomme une étape", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  magasin.avancer("attaque")
  assert.deepEqual(magasin.annuler(), { ok: true, code: "passe-1", annulables: 0 })
  assert.deepEqual(stocke(stockage), { version: VERSION, outil: "suivi-de-combat-heroique", etat: "passe-1", annuler: [] })
})

test("annuler sans étape ne change rien et le dit", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  assert.deepEqual(magasin.annuler(), { ok: false, message: "Il n’y a rien à annuler.", annulables: 0 })
  magasin.avancer("passe-1")
  assert.equal(magasin.annuler().ok, false)
  assert.equal(stocke(stockage).etat, "passe-1")
})

test("annuler sur un stockage plein ne consomme rien et le dit en français", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  magasin.avancer("attaque")
  const avant = stockage.valeurs.get(CLE)
  stockage.plein = true
  const fait = magasin.annuler()
  assert.equal(fait.ok, false)
  assert.equal(fait.annulables, 1)
  assert.match(fait.ok ? "" : fait.message, /^Impossible d’annuler\u00a0: la mémoire du navigateur réservée à ce site est pleine/)
  assert.equal(stockage.valeurs.get(CLE), avant)
  stockage.plein = false
  assert.deepEqual(magasin.annuler(), { ok: true, code: "passe-1", annulables: 0 })
})

test("une écriture refusée garde le combat d’avant et le dit", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  magasin.avancer("passe-1")
  stockage.refus = new DOMException("Interdit.", "SecurityError")
  const fait = magasin.avancer("attaque")
  assert.equal(fait.ok, false)
  assert.equal(
    fait.message,
    "Le combat n’est plus gardé sur cet appareil\u00a0: le navigateur interdit d’enregistrer sur cet appareil " +
      "(navigation privée ou réglage de confidentialité). Le lien de partage le garde.",
  )
  assert.equal(stocke(stockage).etat, "passe-1")
})

test("un appareil presque plein garde le combat avant les plus vieilles étapes à annuler", () => {
  const stockage = new StockageLimite(150)
  const magasin = magasinSur(stockage)
  const etats = ["a".repeat(30), "b".repeat(30), "c".repeat(30), "d".repeat(30)]
  let fait = { ok: true, message: "", annulables: 0 }
  for (const etat of etats) fait = magasin.avancer(etat)
  assert.equal(fait.ok, true)
  assert.equal(stocke(stockage).etat, "d".repeat(30))
  assert.equal(fait.annulables, 1)
  assert.deepEqual(stocke(stockage).annuler, ["c".repeat(30)])
  assert.equal(
    fait.message,
    "La mémoire de ce navigateur est presque pleine\u00a0: le combat est gardé, mais seule la dernière action peut encore être annulée.",
  )
})

test("le message de place dit combien d’actions restent annulables", () => {
  assert.equal(reserve(5, 5), "")
  assert.equal(
    reserve(0, 3),
    "La mémoire de ce navigateur est presque pleine\u00a0: le combat est gardé, mais plus aucune action ne peut être annulée.",
  )
  assert.match(reserve(1, 3), /seule la dernière action peut encore être annulée\.$/)
  assert.match(reserve(2, 3), /seules les 2 dernières actions peuvent encore être annulées\.$/)
})

test("le compte des actions à annuler s’accorde", () => {
  assert.equal(compteDesAnnulations(0), "(rien à annuler)")
  assert.equal(compteDesAnnulations(1), "(1 action à annuler)")
  assert.equal(compteDesAnnulations(4), "(4 actions à annuler)")
})

test("au plus vingt actions restent annulables", () => {
  const stockage = new StockageDeTest()
  const magasin = magasinSur(stockage)
  for (let n = 0; n < NIVEAUX + 5; n++) magasin.avancer(`passe-${n}`)
  assert.equal(stocke(stockage).annuler.length, NIVEAUX)
  assert.equal(stocke(stockage).annuler[0], "passe-4")
})

test("une sauvegarde illisible est reconnue, avec sa raison", () => {
  assert.deepEqual(lireSauvegarde(null, "duel"), { sauvegarde: null })
  assert.deepEqual(lireSauvegarde("{", "duel"), { raison: "ce n’est pas du JSON", brut: "{" })
  assert.deepEqual(lireSauvegarde("[]", "duel"), { raison: "pas de version", brut: "[]" })
  assert.deepEqual(lireSauvegarde('{"etat": "x"}', "duel"), { raison: "pas de version", brut: '{"etat": "x"}' })
  const future = JSON.stringify({ version: VERSION + 1, etat: "x", annuler: [] })
  assert.deepEqual(lireSauvegarde(future, "duel"), { raison: `version ${VERSION + 1} inconnue de cette page`, brut: future })
  const tordue = JSON.stringify({ version: VERSION, etat: 3, annuler: [] })
  assert.deepEqual(lireSauvegarde(tordue, "duel"), { raison: "forme inattendue", brut: tordue })
  const enorme = "x".repeat(TAILLE_MAX + 1)
  assert.equal(/** @type {{raison: string}} */ (lireSauvegarde(enorme, "duel")).raison, "trop grand")
})

test("une sauvegarde illisible est mise de côté intacte, sous une clé datée", () => {
  const stockage = new StockageDeTest({ [CLE]: "{pas du json" })
  const magasin = magasinSur(stockage)
  const fait = magasin.mettreDeCote("{pas du json", "ce n’est pas du JSON", "2026-12-05T06:00:00.000Z")
  const aCote = `${DE_COTE}suivi:2026-12-05T06:00:00.000Z`
  assert.equal(fait.ok, true)
  assert.equal(stockage.valeurs.get(aCote), "{pas du json")
  assert.equal(stockage.valeurs.has(CLE), false)
  assert.match(fait.message, new RegExp(`sous la clé « ${aCote} » du stockage du navigateur\\. Un nouveau combat commence\\.$`))
})

test("sur un stockage plein, la sauvegarde illisible reste telle quelle", () => {
  const stockage = new StockageDeTest({ [CLE]: "{pas du json" })
  stockage.plein = true
  const fait = magasinSur(stockage).mettreDeCote("{pas du json", "ce n’est pas du JSON", "2026-12-05T06:00:00.000Z")
  assert.equal(fait.ok, false)
  assert.equal(stockage.valeurs.get(CLE), "{pas du json")
  assert.match(fait.message, /est illisible \(ce n’est pas du JSON\) et le stockage est plein\u00a0: il reste tel quel/)
})

test("une sauvegarde illisible n’est jamais remplacée par une action", () => {
  const stockage = new StockageDeTest({ [CLE]: "{pas du json" })
  const fait = magasinSur(stockage).avancer("passe-1")
  assert.equal(fait.ok, false)
  assert.equal(stockage.valeurs.get(CLE), "{pas du json")
})

test("un stockage illisible (navigation privée stricte) ne fait rien échouer", () => {
  const stockage = new StockageDeTest()
  stockage.refusDeLecture = new DOMException("Interdit.", "SecurityError")
  const magasin = magasinSur(stockage)
  assert.deepEqual(magasin.lire(), { sauvegarde: null })
  assert.equal(magasin.annulables(), 0)
})
