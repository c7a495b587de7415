// A tool's saved state as stored on the device, read and migrated: pure (no storage, no DOM), so that
// Node's tests read every stored form (tests/js/sauvegarde.test.js). sauvegarde.js does the storing.
import { SAUVEGARDE_TAILLE_MAX, SAUVEGARDE_VERSION } from "./constantes.js"

/** States kept for « Annuler la dernière action ». */
export const NIVEAUX = 20

/**
 * A save as read: the tool's state (a share link's content) and the states before it, oldest first.
 * @typedef {{version: number, outil: string, etat: string, annuler: string[]}} Sauvegarde
 */
/** @typedef {{sauvegarde: Sauvegarde | null, raison?: undefined, brut?: undefined} | {raison: string, brut: string, sauvegarde?: undefined}} Lu */

/**
 * Migrations of the saved schema, by the version they read: ``MIGRATIONS[n](donnees)`` returns the
 * same save in version n + 1. Version 1 is the first: none yet. A newer version (a newer site, then an
 * older copy of it) is not read: set aside, never lost.
 * @type {Record<number, (donnees: any) => any>}
 */
export const MIGRATIONS = {}

/**
 * A save as stored (``brut``, a text or null) read for the tool ``outil``, migrated to this version:
 * {sauvegarde} (null: none), or {raison, brut} when unreadable (pure: no storage, no DOM).
 * @param {string | null} brut
 * @param {string} outil
 * @returns {Lu}
 */
export function lireSauvegarde(brut, outil) {
  if (brut === null) return { sauvegarde: null }
  if (brut.length > SAUVEGARDE_TAILLE_MAX) return { raison: "trop grand", brut }
  let donnees
  try {
    donnees = JSON.parse(brut)
  } catch {
    return { raison: "ce n’est pas du JSON", brut }
  }
  if (!donnees || typeof donnees !== "object" || !Number.isInteger(donnees.version)) {
    return { raison: "pas de version", brut }
  }
  while (donnees.version < SAUVEGARDE_VERSION && MIGRATIONS[donnees.version]) {
    donnees = MIGRATIONS[donnees.version](donnees)
  }
  if (donnees.version !== SAUVEGARDE_VERSION) {
    return { raison: `version ${Number(donnees.version)} inconnue de cette page`, brut }
  }
  const { etat, annuler } = donnees
  if (typeof etat !== "string" || !Array.isArray(annuler) || !annuler.every(e => typeof e === "string")) {
    return { raison: "forme inattendue", brut }
  }
  return { sauvegarde: { version: SAUVEGARDE_VERSION, outil, etat, annuler: annuler.slice(-NIVEAUX) } }
}
