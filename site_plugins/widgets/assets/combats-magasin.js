// The fights kept on this device: the state of each tool that keeps one (a fight in progress), with
// the states before it for « Annuler la dernière action ».
//
// One record per tool of a page, under the key `regles-etat:<the tool's id>`:
// {version, outil, etat, annuler: [the earlier states, oldest first]}, each state being the tool's
// share-link code (the engine reads it again through the share links' guard: sauvegarde.js).
// Every change reads the LATEST stored record and writes it back checked: an action in another tab
// is never overwritten (it becomes a step to undo), and a write that fails changes nothing and
// consumes nothing; the result says why, in French. When the device is nearly full, the oldest
// steps to undo make room for the fight itself, and the reader is told how many remain.
// Pure: the storage (getItem/setItem/removeItem) and the French reason of a refused write (the
// characters' store says it: personnages-magasin.js) are injected.
import { SAUVEGARDE_VERSION as VERSION } from "./constantes.js"
import { lireSauvegarde, NIVEAUX } from "./sauvegarde-donnees.js"

/** The key of a tool's record, before the tool's id. */
export const PREFIXE = "regles-etat:"
/** The key of a record that could not be read, kept aside intact, before the tool's id and a date. */
export const DE_COTE = "regles-etat-illisible:"

/**
 * @typedef {import("./sauvegarde-donnees.js").Sauvegarde} Sauvegarde
 * @typedef {import("./sauvegarde-donnees.js").Lu} Lecture
 * @typedef {{getItem(cle: string): string | null, setItem(cle: string, valeur: string): void,
 *   removeItem(cle: string): void}} Stockage
 * @typedef {{ok: boolean, message: string, annulables: number}} Resultat
 *   What a change did: whether it was written, what to tell the reader ("" when nothing), and how
 *   many actions can be undone now.
 */

/**
 * The key of the record of the tool whose id is ``id``.
 * @param {string} id
 */
export function cleDuCombat(id) {
  return PREFIXE + id
}

/**
 * « (2 actions à annuler) »: the count shown beside « Annuler la dernière action ».
 * @param {number} n
 */
export function compteDesAnnulations(n) {
  return n ? `(${n} ${n > 1 ? "actions" : "action"} à annuler)` : "(rien à annuler)"
}

/**
 * What the reader is told when only ``gardees`` of the ``voulues`` steps to undo fit on the device.
 * @param {number} gardees
 * @param {number} voulues
 */
export function reserve(gardees, voulues) {
  if (gardees >= voulues) return ""
  const debut = "La mémoire de ce navigateur est presque pleine\u00a0: le combat est gardé, mais "
  if (gardees === 0) return debut + "plus aucune action ne peut être annulée."
  if (gardees === 1) return debut + "seule la dernière action peut encore être annulée."
  return debut + `seules les ${gardees} dernières actions peuvent encore être annulées.`
}

/**
 * The store of one tool's fight over ``stockage``.
 * @param {{stockage: Stockage, id: string, outil: string, raisonDuRefus: (erreur: unknown) => string,
 *   niveaux?: number}} reglages
 */
export function creerMagasinDeCombat({ stockage, id, outil, raisonDuRefus, niveaux = NIVEAUX }) {
  const cle = cleDuCombat(id)

  /** @returns {Lecture} */
  function lire() {
    try {
      return lireSauvegarde(stockage.getItem(cle), outil)
    } catch {
      // A storage that cannot even be read (private mode, a blocked site): nothing is kept here.
      return { sauvegarde: null }
    }
  }

  /** @returns {number} */
  function annulables() {
    const lu = lire()
    return "sauvegarde" in lu && lu.sauvegarde ? lu.sauvegarde.annuler.length : 0
  }

  /**
   * Write ``sauvegarde``; when the device is full, drop the oldest steps to undo until it fits.
   * @param {Sauvegarde} sauvegarde
   * @returns {{ok: true, gardees: number} | {ok: false, erreur: unknown}}
   */
  function ecrire(sauvegarde) {
    let annuler = sauvegarde.annuler
    for (;;) {
      try {
        stockage.setItem(cle, JSON.stringify({ ...sauvegarde, annuler }))
        return { ok: true, gardees: annuler.length }
      } catch (erreur) {
        if (!annuler.length) return { ok: false, erreur }
        annuler = annuler.slice(Math.ceil(annuler.length / 2))
      }
    }
  }

  return {
    cle,
    lire,
    annulables,

    /**
     * The fight went on to ``code``: it is kept, the state before it becomes a step to undo
     * (``remplacer``: the state shown again by « Annuler » or from another tab, no new step).
     * @param {string} code
     * @param {{remplacer?: boolean}} [options]
     * @returns {Resultat}
     */
    avancer(code, { remplacer = false } = {}) {
      const lu = lire()
      if ("raison" in lu) {
        return { ok: false, message: "Le combat gardé sur cet appareil n’a pas pu être relu\u00a0: il n’est pas remplacé.", annulables: 0 }
      }
      const avant = lu.sauvegarde
      if (avant?.etat === code) return { ok: true, message: "", annulables: avant.annuler.length }
      const annuler = (!avant ? [] : remplacer ? avant.annuler : [...avant.annuler, avant.etat]).slice(-niveaux)
      const ecrit = ecrire({ version: VERSION, outil, etat: code, annuler })
      if (!ecrit.ok) {
        return {
          ok: false,
          message: `Le combat n’est plus gardé sur cet appareil\u00a0: ${raisonDuRefus(ecrit.erreur)}. Le lien de partage le garde.`,
          annulables: avant?.annuler.length ?? 0,
        }
      }
      return { ok: true, message: reserve(ecrit.gardees, annuler.length), annulables: ecrit.gardees }
    },

    /**
     * Undo the last action of the latest stored fight: the state to show again, or why not (then
     * nothing changed and nothing was consumed).
     * @returns {{ok: true, code: string, annulables: number} | {ok: false, message: string, annulables: number}}
     */
    annuler() {
      const lu = lire()
      const sauvegarde = "sauvegarde" in lu ? lu.sauvegarde : null
      const precedent = sauvegarde?.annuler.at(-1)
      if (!sauvegarde || precedent === undefined) return { ok: false, message: "Il n’y a rien à annuler.", annulables: 0 }
      const reste = sauvegarde.annuler.slice(0, -1)
      try {
        stockage.setItem(cle, JSON.stringify({ ...sauvegarde, etat: precedent, annuler: reste }))
      } catch (erreur) {
        return {
          ok: false,
          message: `Impossible d’annuler\u00a0: ${raisonDuRefus(erreur)}. Rien n’a changé.`,
          annulables: sauvegarde.annuler.length,
        }
      }
      return { ok: true, code: precedent, annulables: reste.length }
    },

    /**
     * Keep an unreadable record aside, intact, under a key of its own: the message to show, and
     * whether the fight can still be kept here (false when even that failed: the record stays as it is).
     * @param {string} brut
     * @param {string} raison
     * @param {string} date an ISO date, part of the new key
     * @returns {{ok: boolean, message: string}}
     */
    mettreDeCote(brut, raison, date) {
      const aCote = `${DE_COTE}${id}:${date}`
      try {
        stockage.setItem(aCote, brut)
        stockage.removeItem(cle)
      } catch {
        // The aside copy could not be written: the unreadable record stays where it is, untouched.
        return {
          ok: false,
          message:
            `Le combat gardé sur cet appareil est illisible (${raison}) et le stockage est plein\u00a0: il reste tel quel, ` +
            "et ce qui suit ne sera pas gardé sur l’appareil (le lien de partage le garde).",
        }
      }
      return {
        ok: true,
        message:
          `Le combat gardé sur cet appareil n’a pas pu être relu (${raison})\u00a0: il est mis de côté, intact, ` +
          `sous la clé « ${aCote} » du stockage du navigateur. Un nouveau combat commence.`,
      }
    },
  }
}
