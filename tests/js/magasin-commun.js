// What the two test files of the characters' store share: three characters, the « full » message,
// a store over a test storage and engine, and the ids stored.
import { CLE, creerMagasin } from "../../site_plugins/personnages/assets/personnages-magasin.js"
import { MoteurDeTest, StockageDeTest, personnage } from "./doublures.js"

export const RUAN = personnage("ruan", "Ruan", { for: "14" })
export const TOTO = personnage("toto", "Toto")
export const BRUGOR = personnage("brugor", "Brugor")
export const PLEIN =
  "la mémoire du navigateur réservée à ce site est pleine (exportez puis supprimez des personnages, " +
  "ou libérez la place prise par d’autres sites)"

/**
 * A store over ``stockage`` (empty by default) with a test engine.
 * @param {StockageDeTest} [stockage]
 */
export function magasinSur(stockage = new StockageDeTest()) {
  const moteur = new MoteurDeTest()
  return { magasin: creerMagasin({ stockage, chargeur: moteur.charger }), stockage, moteur }
}

/** @param {StockageDeTest} stockage */
export function stockes(stockage) {
  return JSON.parse(stockage.valeurs.get(CLE) ?? "null")?.personnages.map((/** @type {{id: string}} */ p) => p.id)
}
