// The roll log as stored on the device: its entries read, checked and migrated, and every write
// checked. Pure (no DOM): the storage (getItem/setItem/removeItem) is injected, and Node's tests read
// every stored form (tests/js/journal.test.js); journal.js draws the panel.
//
// Stored under `regles.journal` as {version: 2, entrees: [...]}; the first format (a bare list of
// {quand, titre, texte, lien}) is migrated on reading. Entries that cannot be shown are left out of the
// log with a message, a copy of the stored text kept aside; an unreadable log is set aside intact under
// `regles.journal-illisible:<date>`; beyond 50 the oldest are dropped quietly. The stored text is read
// again whenever it changed (another tab), so a roll never writes over another tab's. A refused write
// (full or forbidden storage) changes nothing stored and is said in French.
import { JOURNAL_CLE as CLE, JOURNAL_VERSION as VERSION } from "./constantes.js"
import { raisonDuRefus } from "./personnages-magasin.js"
import { typographie } from "./typographie.js"

/** @typedef {import("./personnages-magasin.js").Stockage} Stockage */

/** @typedef {{page: string, section: string, outil: string, personnage: string}} Contexte */
/**
 * A stored entry, checked (lireEntree).
 * @typedef {object} Entree
 * @property {string} quand
 * @property {string} titre
 * @property {string} expression
 * @property {number[]} des
 * @property {number | null} total
 * @property {string} texte
 * @property {Contexte} contexte
 * @property {string | null} lien
 */

/** The most entries kept, newest first. */
export const MAXIMUM = 50
/** The longest sentence of an entry. */
export const LONGUEUR = 500
/** The key of an unreadable stored log, kept aside intact, before the date it was set aside. */
export const CLE_DE_COTE = `${CLE}-illisible:`

/** @param {unknown} valeur @param {number} [longueur] */
export const chaine = (valeur, longueur = 200) => (typeof valeur === "string" ? valeur.slice(0, longueur) : "")

/**
 * A clean context: the page, the rule or section, the tool, the character or fighter (all text).
 * @param {unknown} contexte
 * @returns {Contexte}
 */
export function contexteValide(contexte) {
  /** @type {Record<string, unknown>} */
  const source = contexte !== null && typeof contexte === "object" ? /** @type {Record<string, unknown>} */ (contexte) : {}
  return {
    page: chaine(source.page),
    section: chaine(source.section),
    outil: chaine(source.outil),
    personnage: chaine(source.personnage),
  }
}

/**
 * A stored entry, checked and cleaned, or null when it cannot be read.
 * @param {any} entree a value read from storage or built by ajouter: every field is checked here
 * @returns {Entree | null}
 */
export function lireEntree(entree) {
  if (entree === null || typeof entree !== "object" || typeof entree.quand !== "string") return null
  if (typeof entree.titre !== "string" || typeof entree.texte !== "string") return null
  if (entree.titre.length > 200 || entree.texte.length > LONGUEUR) return null
  if (!(entree.lien === undefined || entree.lien === null || typeof entree.lien === "string")) return null
  const des = Array.isArray(entree.des) ? entree.des.filter(Number.isFinite).slice(0, 100) : []
  return {
    quand: entree.quand,
    titre: entree.titre,
    expression: chaine(entree.expression),
    des,
    total: Number.isFinite(entree.total) ? entree.total : null,
    texte: entree.texte,
    contexte: contexteValide(entree.contexte),
    lien: entree.lien ?? null,
  }
}

/**
 * The stored value → the entries (version 1, a bare list, is migrated), or an Error.
 * @param {unknown} lu
 * @returns {unknown[]}
 */
export function migrer(lu) {
  if (Array.isArray(lu)) return lu // version 1: the same entries, without dice nor context
  if (lu !== null && typeof lu === "object" && "version" in lu && lu.version === VERSION && "entrees" in lu && Array.isArray(lu.entrees)) {
    return lu.entrees
  }
  throw new Error("format inconnu")
}


/**
 * The roll log stored in ``stockage``.
 * @param {{stockage: Stockage, maintenant?: () => Date}} reglages
 */
export function creerJournal({ stockage, maintenant = () => new Date() }) {
  /** @type {Entree[] | null} */
  let entrees = null
  /**
   * The stored text the entries were read from (undefined: not read yet). The log is read again
   * whenever the stored text differs: another tab's rolls are never written over.
   * @type {string | null | undefined}
   */
  let connu
  /** True while an unreadable stored log could not be set aside: it stays as it is, nothing is written over it. */
  let bloque = false
  /** What reading said (migrated, unreadable, set aside) and what the last write said. */
  let avertissementLecture = ""
  let avertissementEcriture = ""

  /** @param {string} texte */
  const dire = texte => typographie(texte)

  /**
   * Why the browser refused, in French.
   * @param {unknown} erreur
   */
  function refus(erreur) {
    return raisonDuRefus(erreur).join("")
  }

  /**
   * The stored text of the log.
   * @returns {{ok: true, texte: string | null} | {ok: false, erreur: unknown}}
   */
  function lireStocke() {
    try {
      return { ok: true, texte: stockage.getItem(CLE) }
    } catch (erreur) {
      return { ok: false, erreur }
    }
  }

  /**
   * A copy of ``brut`` under a key of its own; its key, or "" when the storage refused it.
   * @param {string} brut
   */
  function copieDeCote(brut) {
    const cle = `${CLE_DE_COTE}${maintenant().toISOString()}`
    try {
      stockage.setItem(cle, brut)
      return cle
    } catch {
      return "" // Said by the caller: the copy is not mentioned, or the log stays as it is.
    }
  }

  /**
   * An unreadable stored log: kept aside, intact, under a key of its own (never dropped).
   * @param {string} brut
   */
  function mettreDeCote(brut) {
    const cle = `${CLE_DE_COTE}${maintenant().toISOString()}`
    try {
      stockage.setItem(cle, brut)
      stockage.removeItem(CLE)
    } catch (erreur) {
      // Not even that fits: the stored log stays as it is, and nothing is written over it.
      bloque = true
      avertissementLecture = dire(
        `Le journal enregistré est illisible et n’a pas pu être mis de côté (${refus(erreur)}) : ` +
          "il reste tel quel, et les nouveaux jets ne sont pas gardés sur cet appareil.",
      )
      return
    }
    connu = null
    avertissementLecture = dire(`Le journal enregistré était illisible : il est mis de côté, intact, sous la clé « ${cle} » du stockage du navigateur.`)
  }

  /** @returns {Entree[]} */
  function charger() {
    const lu = lireStocke()
    if (!lu.ok) {
      // No storage at all (private mode): the rolls of this page stay shown, nothing is kept.
      avertissementLecture = dire(`Le journal n’est pas gardé sur cet appareil : ${refus(lu.erreur)}.`)
      entrees ??= []
      return entrees
    }
    if (entrees && lu.texte === connu) return entrees
    connu = lu.texte
    entrees = []
    bloque = false
    if (lu.texte === null) return entrees
    try {
      const donnees = JSON.parse(lu.texte)
      const lues = migrer(donnees)
      const valides = lues.map(lireEntree).filter(/** @returns {entree is Entree} */ entree => entree !== null)
      if (valides.length !== lues.length) {
        // The entries that cannot be shown are dropped from the log, never from the device: a copy is
        // kept aside first; when even that is refused, nothing is written over the stored log.
        bloque = !copieDeCote(lu.texte)
        avertissementLecture = dire(
          bloque
            ? "Des entrées illisibles du journal ont été ignorées ; faute de place pour en garder une copie, " +
                "le journal enregistré reste tel quel et les nouveaux jets ne sont pas gardés sur cet appareil."
            : "Des entrées illisibles du journal ont été ignorées (une copie du journal d’avant est gardée à part).",
        )
      }
      entrees = valides.slice(0, MAXIMUM)
      if (Array.isArray(donnees) || entrees.length !== lues.length) sauver(entrees) // migrated, or trimmed
    } catch {
      // Unreadable (not JSON, unknown format): set aside, said in the panel.
      mettreDeCote(lu.texte)
    }
    return entrees
  }

  /**
   * Write ``liste`` as the stored log; false (and nothing changed in storage) when refused.
   * @param {Entree[]} liste
   * @returns {{ok: true} | {ok: false, raison: string}}
   */
  function sauver(liste) {
    if (bloque) return { ok: false, raison: "le journal enregistré, illisible, n’a pas pu être mis de côté" }
    const texte = JSON.stringify({ version: VERSION, entrees: liste })
    try {
      stockage.setItem(CLE, texte)
    } catch (erreur) {
      return { ok: false, raison: refus(erreur) }
    }
    connu = texte
    return { ok: true }
  }

  return {
    /** The entries, newest first, read again when the stored text changed. */
    charger,
    /**
     * Add ``entree`` first (the oldest beyond 50 dropped) and write the log; refused, the entry stays in
     * this page's log and the reader is told it is not kept.
     * @param {Entree} entree
     */
    ajouter(entree) {
      const liste = charger()
      liste.unshift(entree)
      liste.length = Math.min(liste.length, MAXIMUM)
      const fait = sauver(liste)
      avertissementEcriture = fait.ok ? "" : dire(`Ce jet n’est pas gardé sur cet appareil : ${fait.raison}.`)
      return fait.ok
    },
    /** Clear the log; refused, nothing changes (and the reader is told why). */
    effacer() {
      charger()
      const fait = sauver([])
      if (fait.ok) {
        entrees = []
        avertissementLecture = avertissementEcriture = ""
      } else avertissementEcriture = dire(`Effacement impossible : ${fait.raison}. Rien n’a changé.`)
      return fait.ok
    },
    /** What to tell the reader about the log ("" when nothing). */
    avertissement: () => [avertissementLecture, avertissementEcriture].filter(Boolean).join(" "),
    /**
     * Whether a `storage` event concerns the log.
     * @param {{key: string | null}} evenement
     */
    concerne: evenement => evenement.key === CLE || evenement.key === null,
  }
}

/** @typedef {ReturnType<typeof creerJournal>} Journal */
