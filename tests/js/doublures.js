// Stand-ins for the Node tests: a storage that can be made full or hostile, and a rules engine
// answering `personnages.charger` as the real one does for these documents (version 0, a bare
// list, migrated to version 1; a sheet without a name rejected).

/** @typedef {import("../../site_plugins/personnages/assets/personnages-magasin.js").ReponseDuMoteur} ReponseDuMoteur */
/** @typedef {import("../../site_plugins/personnages/assets/personnages-magasin.js").Personnage} Personnage */

import { PERSONNAGES_SCHEMA as SCHEMA } from "../../site_plugins/widgets/assets/constantes.js"

export { SCHEMA }

/** A storage kept in a Map; `plein` makes writes throw QuotaExceededError, `refus` any error. */
export class StockageDeTest {
  constructor(valeurs = {}) {
    /** @type {Map<string, string>} */
    this.valeurs = new Map(Object.entries(valeurs))
    this.plein = false
    /** @type {unknown} thrown by every write when set */
    this.refus = null
    /** @type {unknown} thrown by every read when set */
    this.refusDeLecture = null
    this.ecritures = 0
  }

  /** @param {string} cle */
  getItem(cle) {
    if (this.refusDeLecture) throw this.refusDeLecture
    return this.valeurs.get(cle) ?? null
  }

  /** @param {string} cle @param {string} valeur */
  setItem(cle, valeur) {
    if (this.refus) throw this.refus
    if (this.plein) throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
    this.valeurs.set(cle, String(valeur))
    this.ecritures += 1
  }

  /** @param {string} cle */
  removeItem(cle) {
    this.valeurs.delete(cle)
  }
}

/**
 * A character of Basic maison.
 * @param {string} id
 * @param {string} nom
 * @param {Record<string, string>} [autres]
 * @returns {Personnage}
 */
export function personnage(id, nom, autres = {}) {
  return { id, systeme: "Basic maison", fiche: { nom, ...autres } }
}

/**
 * The stored text of a version 1 document.
 * @param {Personnage[]} personnages
 */
export function texteStocke(personnages) {
  return JSON.stringify({ schema: SCHEMA, version: 1, personnages })
}

/** The engine's `personnages.charger`, counting its calls; `panne` makes it throw. */
export class MoteurDeTest {
  constructor() {
    this.appels = 0
    /** @type {Error | null} */
    this.panne = null
    /** @type {(texte: string) => Promise<ReponseDuMoteur>} */
    this.charger = async texte => {
      this.appels += 1
      if (this.panne) throw this.panne
      return repondre(texte)
    }
  }
}

/**
 * @param {string} texte
 * @returns {ReponseDuMoteur}
 */
function repondre(texte) {
  if (texte === "") return { ok: true, resultat: { document: { schema: SCHEMA, version: 1, personnages: [] }, rejetes: [], migre_depuis: null } }
  let donnees
  try {
    donnees = JSON.parse(texte)
  } catch {
    return { ok: false, erreur: { message: "ce n’est pas du JSON." } }
  }
  let migre = null
  if (Array.isArray(donnees)) {
    migre = 0
    donnees = {
      schema: SCHEMA,
      version: 1,
      personnages: donnees.map((p, index) => ({ id: `p${index + 1}`, systeme: p.systeme, fiche: p.fiche })),
    }
  }
  if (donnees?.schema !== SCHEMA) return { ok: false, erreur: { message: "ce n’est pas un fichier de personnages." } }
  /** @type {Personnage[]} */
  const personnages = []
  const rejetes = []
  for (const p of donnees.personnages) {
    if (typeof p?.fiche?.nom === "string" && p.fiche.nom) personnages.push(p)
    else rejetes.push({ message: `Personnage « ${p?.id} » refusé : Nom : ce champ est obligatoire.` })
  }
  return { ok: true, resultat: { document: { schema: SCHEMA, version: 1, personnages }, rejetes, migre_depuis: migre } }
}
