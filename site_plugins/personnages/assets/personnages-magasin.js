// The characters kept on this device, one stored document that nothing may lose.
//
// The document is the text of one storage key, `regles-personnages`: {schema, version,
// personnages: [{id, systeme, fiche}]}, as the rules engine writes it (`personnages.charger`
// migrates an older one and checks every sheet; this module knows no schema, version or field).
// Every change is a list of per-record changes {id, avant, apres} applied to the LATEST stored
// document, and undone by its inverse applied to the latest stored document again: never a
// snapshot of the whole list, so undo in one tab never removes what another tab saved meanwhile.
// Every write is checked; when one fails, nothing is changed nor consumed and the result says
// why, in French. Pure: the storage (getItem/setItem/removeItem) and the engine are injected.
import { PERSONNAGES_SCHEMA } from "./constantes.js"
import { joindre, mots, phrase, telQuel } from "./personnages-messages.js"

/** @typedef {import("./personnages-messages.js").Message} Message */

/** The storage key of the document. */
export const CLE = PERSONNAGES_SCHEMA
/** The storage key of the raw copy of a document that could not be read whole (never dropped). */
export const CLE_COPIE = "regles-personnages-illisible"
/** How many changes « Annuler » can undo, most recent first. */
export const ANNULATIONS_MAX = 20

/**
 * @typedef {{nom: string} & Record<string, unknown>} Fiche
 * @typedef {{id: string, systeme: string, fiche: Fiche}} Personnage
 * @typedef {{schema: string, version: number, personnages: Personnage[]}} DocumentStocke
 * @typedef {{getItem(cle: string): string | null, setItem(cle: string, valeur: string): void,
 *   removeItem(cle: string): void}} Stockage
 * @typedef {{document: DocumentStocke, rejetes: {message: string}[], migre_depuis: number | null}} Charge
 * @typedef {{ok: true, resultat: Charge} | {ok: false, erreur?: {message?: string}}} ReponseDuMoteur
 * @typedef {(texte: string) => Promise<ReponseDuMoteur>} Chargeur
 *   The engine's `personnages.charger` on a stored text ("" when nothing is stored).
 */
/**
 * What the page shows: the document (null when it cannot be read), the messages about it, and
 * the raw text kept aside when some of it could not be read (to download).
 * @typedef {{document: DocumentStocke | null, messages: Message[], copie: string | null}} Etat
 */
/**
 * One record's change: its state before and after (null: absent), and its place before.
 * @typedef {{id: string, avant: Personnage | null, apres: Personnage | null, place: number}} Changement
 */
/**
 * One undoable step: its changes, and the message said when it is undone.
 * @typedef {{changements: Changement[], annule: Message}} Etape
 */
/**
 * What an operation did: ok, the message to show where it concerns, and the step to undo.
 * @typedef {{ok: boolean, message: Message, etape?: Etape}} Resultat
 */

/**
 * The reason a storage refused, in French, from the error it threw.
 * @param {unknown} erreur
 * @returns {Message}
 */
export function raisonDuRefus(erreur) {
  const nom = erreur instanceof Error || (typeof erreur === "object" && erreur !== null) ? /** @type {{name?: unknown}} */ (erreur).name : ""
  const code = typeof erreur === "object" && erreur !== null ? /** @type {{code?: unknown}} */ (erreur).code : undefined
  if (nom === "QuotaExceededError" || nom === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014) {
    return mots(
      "la mémoire du navigateur réservée à ce site est pleine (exportez puis supprimez des personnages, " +
        "ou libérez la place prise par d’autres sites)",
    )
  }
  if (nom === "SecurityError") {
    return mots("le navigateur interdit d’enregistrer sur cet appareil (navigation privée ou réglage de confidentialité)")
  }
  const detail = erreur instanceof Error ? erreur.message : String(erreur)
  return mots(`le navigateur a refusé l’enregistrement (${detail || "sans raison donnée"})`)
}

/**
 * Two stored values are the same, whatever the order of their keys.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function memes(a, b) {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const cles = Object.keys(a)
  if (cles.length !== Object.keys(b).length) return false
  return cles.every(
    cle => Object.hasOwn(b, cle) && memes(/** @type {Record<string, unknown>} */ (a)[cle], /** @type {Record<string, unknown>} */ (b)[cle]),
  )
}

/**
 * The document after some changes: each record set to its state after (absent when null), a
 * record put back at its former place when it is missing.
 * @param {DocumentStocke} document
 * @param {Changement[]} changements
 * @returns {DocumentStocke}
 */
export function appliquer(document, changements) {
  const personnages = [...document.personnages]
  for (const { id, apres, place } of changements) {
    const index = personnages.findIndex(p => p.id === id)
    if (apres === null) {
      if (index >= 0) personnages.splice(index, 1)
    } else if (index >= 0) personnages[index] = apres
    else personnages.splice(place >= 0 ? Math.min(place, personnages.length) : personnages.length, 0, apres)
  }
  return { ...document, personnages }
}

/**
 * The change that undoes ``changement``.
 * @param {Changement} changement
 * @returns {Changement}
 */
export function inverse({ id, avant, apres, place }) {
  return { id, avant: apres, apres: avant, place }
}

/**
 * The changes that put every given record in ``document`` (replacing the one with its id).
 * @param {DocumentStocke} document
 * @param {Personnage[]} personnages
 * @returns {Changement[]}
 */
export function changementsDEnregistrement(document, personnages) {
  return personnages.map(personnage => {
    const place = document.personnages.findIndex(p => p.id === personnage.id)
    return { id: personnage.id, avant: place >= 0 ? document.personnages[place] : null, apres: personnage, place }
  })
}

/**
 * A document to export, of the same schema and version as the stored one.
 * @param {DocumentStocke} document
 * @param {Personnage[]} personnages
 * @returns {DocumentStocke}
 */
export function documentAExporter(document, personnages) {
  return { schema: document.schema, version: document.version, personnages }
}

/**
 * The store of characters over ``stockage``, checked and migrated by ``chargeur``.
 * @param {{stockage: Stockage, chargeur: Chargeur, annulationsMax?: number}} reglages
 */
export function creerMagasin({ stockage, chargeur, annulationsMax = ANNULATIONS_MAX }) {
  /** The stored text the state was read from (or written), and that state: read again when they differ. */
  /** @type {{texte: string | null, etat: Etat} | null} */
  let connu = null
  /** @type {Promise<Etat> | null} */
  let enCours = null
  /** @type {Etape[]} */
  const etapes = []
  /** The changes under way, one after the other. */
  /** @type {Promise<unknown>} */
  let file = Promise.resolve()

  /**
   * Run ``operation`` after the changes already asked: each reads the document the previous one
   * wrote, so two quick clicks never write over each other.
   * @template T
   * @param {() => Promise<T>} operation
   * @returns {Promise<T>}
   */
  function aSonTour(operation) {
    const resultat = file.then(operation)
    file = resultat.then(
      () => undefined,
      () => undefined, // Its caller hears of the failure; the next changes still run.
    )
    return resultat
  }

  /**
   * @param {string} cle
   * @returns {{ok: true, texte: string | null} | {ok: false, raison: Message}}
   */
  function lire(cle) {
    try {
      return { ok: true, texte: stockage.getItem(cle) }
    } catch (erreur) {
      return { ok: false, raison: raisonDuRefus(erreur) }
    }
  }

  /**
   * @param {string} cle
   * @param {string} texte
   * @returns {{ok: true} | {ok: false, raison: Message}}
   */
  function ecrire(cle, texte) {
    try {
      stockage.setItem(cle, texte)
      return { ok: true }
    } catch (erreur) {
      return { ok: false, raison: raisonDuRefus(erreur) }
    }
  }

  /**
   * Keep ``brut`` aside under its own key; true when it is kept there.
   * @param {string | null} brut
   */
  function garderCopie(brut) {
    if (!brut) return true
    const lu = lire(CLE_COPIE)
    if (lu.ok && lu.texte === brut) return true
    return ecrire(CLE_COPIE, brut).ok
  }

  /**
   * @param {string | null} brut
   * @returns {Promise<Etat>}
   */
  async function lireParLeMoteur(brut) {
    /** @type {ReponseDuMoteur} */
    let reponse
    try {
      reponse = await chargeur(brut ?? "")
    } catch (erreur) {
      // Not kept: the next action asks the engine again.
      const detail = erreur instanceof Error ? erreur.message : String(erreur)
      return {
        document: null,
        messages: [mots(`Personnages indisponibles : le moteur de règles ne répond pas (${detail}). La prochaine action réessaiera.`)],
        copie: null,
      }
    }
    if (!reponse?.ok) {
      const raison = reponse?.erreur?.message ?? "réponse illisible du moteur."
      const gardee = garderCopie(brut)
      /** @type {Etat} */
      const etat = {
        document: null,
        messages: [
          joindre(
            mots("Les personnages enregistrés sur cet appareil sont illisibles : "),
            telQuel(raison),
            mots(
              gardee
                ? " Rien n’a été effacé : une copie brute est gardée, téléchargeable ci-dessous."
                : " Rien n’a été effacé ; téléchargez la copie brute ci-dessous avant d’enregistrer un personnage.",
            ),
          ),
        ],
        copie: brut,
      }
      connu = { texte: brut, etat }
      return etat
    }
    const { document, rejetes, migre_depuis: migre } = reponse.resultat
    const messages = rejetes.map(rejete => telQuel(rejete.message))
    if (rejetes.length) {
      garderCopie(brut)
      messages.push(mots("Ces personnages ne sont pas affichés ; une copie brute de tout ce qui était enregistré est gardée."))
    }
    let texte = brut
    if (migre !== null && !rejetes.length && brut) {
      garderCopie(brut)
      const migre = JSON.stringify(document)
      const ecrit = ecrire(CLE, migre)
      if (ecrit.ok) texte = migre
      else {
        messages.push(
          joindre(
            mots("Les personnages enregistrés sont mis à jour pour cette version du site, mais pas réenregistrés : "),
            ecrit.raison,
            mots(". Ils restent affichés, et le prochain enregistrement réessaiera."),
          ),
        )
      }
    }
    /** @type {Etat} */
    const etat = { document, messages, copie: rejetes.length ? brut : null }
    connu = { texte, etat }
    return etat
  }

  /**
   * The stored characters, read again whenever the stored text changed (in this tab or another);
   * a failure is reported and never kept: the next call retries.
   * @returns {Promise<Etat>}
   */
  async function charger() {
    const lu = lire(CLE)
    if (!lu.ok) {
      return { document: null, messages: [joindre(mots("Personnages indisponibles : "), lu.raison, mots("."))], copie: null }
    }
    if (connu && connu.texte === lu.texte) return connu.etat
    enCours ??= lireParLeMoteur(lu.texte).finally(() => {
      enCours = null
    })
    return enCours
  }

  /**
   * The document changes are made on: the latest stored one, or an empty one (from the engine)
   * when the stored text is unreadable and its copy is kept aside.
   * @returns {Promise<{ok: true, document: DocumentStocke, copie: string | null} | {ok: false, message: Message}>}
   */
  async function documentDeTravail() {
    const etat = await charger()
    if (etat.copie !== null && !garderCopie(etat.copie)) {
      return {
        ok: false,
        message: mots(
          "Enregistrement impossible : les personnages illisibles de cet appareil n’ont pas pu être mis de côté " +
            "(mémoire pleine ?). Téléchargez la copie brute, puis réessayez. Rien n’a changé.",
        ),
      }
    }
    if (etat.document) return { ok: true, document: etat.document, copie: etat.copie }
    if (etat.copie === null) return { ok: false, message: etat.messages[0] ?? mots("Personnages indisponibles.") }
    const vide = await lireVide()
    if (!vide) return { ok: false, message: mots("Personnages indisponibles : le moteur de règles ne répond pas. Rien n’a changé.") }
    return { ok: true, document: vide, copie: etat.copie }
  }

  /** @returns {Promise<DocumentStocke | null>} */
  async function lireVide() {
    try {
      const reponse = await chargeur("")
      return reponse?.ok ? reponse.resultat.document : null
    } catch {
      return null // Said by the caller: « le moteur de règles ne répond pas ».
    }
  }

  /**
   * Write ``document``; on success it is the known state.
   * @param {DocumentStocke} document
   * @param {string | null} copie
   * @returns {{ok: true} | {ok: false, raison: Message}}
   */
  function ecrireDocument(document, copie) {
    const texte = JSON.stringify(document)
    const ecrit = ecrire(CLE, texte)
    if (ecrit.ok) connu = { texte, etat: { document, messages: [], copie } }
    return ecrit
  }

  /**
   * Apply a step's changes to the latest stored document and write it; keep it for undo.
   * @param {(document: DocumentStocke) => {changements: Changement[], annule: Message}} construire
   * @param {Message} message
   * @returns {Promise<Resultat>}
   */
  async function changer(construire, message) {
    const travail = await documentDeTravail()
    if (!travail.ok) return { ok: false, message: travail.message }
    const etape = construire(travail.document)
    const ecrit = ecrireDocument(appliquer(travail.document, etape.changements), travail.copie)
    if (!ecrit.ok) return { ok: false, message: joindre(mots("Enregistrement impossible : "), ecrit.raison, mots(". Rien n’a changé.")) }
    etapes.push(etape)
    if (etapes.length > annulationsMax) etapes.shift()
    return { ok: true, message, etape }
  }

  /**
   * Save one character: added, or replacing the one of the same id.
   * @param {Personnage} personnage
   * @param {Message} [message] said when it is saved
   * @returns {Promise<Resultat>}
   */
  function enregistrer(personnage, message = phrase`« ${personnage.fiche.nom} » enregistré sur cet appareil.`) {
    return changer(document => {
      const changements = changementsDEnregistrement(document, [personnage])
      const nom = personnage.fiche.nom
      return { changements, annule: changements[0].avant ? phrase`Modification de « ${nom} » annulée.` : phrase`Ajout de « ${nom} » annulé.` }
    }, message)
  }

  /**
   * Save every imported character (one step to undo).
   * @param {Personnage[]} personnages
   * @param {Message} message
   * @returns {Promise<Resultat>}
   */
  function importer(personnages, message) {
    const nombre = personnages.length
    return changer(
      document => ({
        changements: changementsDEnregistrement(document, personnages),
        annule: mots(`Import de ${nombre} personnage${nombre > 1 ? "s" : ""} annulé.`),
      }),
      message,
    )
  }

  /**
   * Delete the character ``id``, as stored now.
   * @param {string} id
   * @returns {Promise<Resultat>}
   */
  async function supprimer(id) {
    const travail = await documentDeTravail()
    if (!travail.ok) return { ok: false, message: travail.message }
    const place = travail.document.personnages.findIndex(p => p.id === id)
    if (place < 0) return { ok: false, message: mots("Ce personnage n’est plus enregistré (supprimé dans un autre onglet ?). Rien n’a changé.") }
    const avant = travail.document.personnages[place]
    const nom = avant.fiche.nom
    return changer(
      () => ({ changements: [{ id, avant, apres: null, place }], annule: phrase`Suppression de « ${nom} » annulée.` }),
      phrase`« ${nom} » supprimé.`,
    )
  }

  /**
   * Undo one step: its inverse applied to the latest stored document. Refused, and dropped, when
   * a record it touches changed since (in another tab); kept when the write fails, to retry.
   * @param {Etape | undefined} etape
   * @returns {Promise<Resultat>}
   */
  async function annulerEtape(etape) {
    const index = etape ? etapes.lastIndexOf(etape) : -1
    if (!etape || index < 0) return { ok: false, message: mots("Rien à annuler.") }
    const travail = await documentDeTravail()
    if (!travail.ok) return { ok: false, message: travail.message }
    const actuels = travail.document.personnages
    const change = etape.changements.find(({ id, apres }) => !memes(actuels.find(p => p.id === id) ?? null, apres))
    if (change) {
      etapes.splice(index, 1)
      const nom = (change.apres ?? change.avant)?.fiche.nom ?? ""
      return { ok: false, message: phrase`Annulation impossible : « ${nom} » a changé depuis, dans un autre onglet. Rien n’a changé.` }
    }
    const changements = etape.changements.map(inverse).reverse()
    const ecrit = ecrireDocument(appliquer(travail.document, changements), travail.copie)
    if (!ecrit.ok) {
      return { ok: false, message: joindre(mots("Annulation impossible : "), ecrit.raison, mots(". Rien n’a changé ; l’annulation reste possible.")) }
    }
    etapes.splice(index, 1)
    return { ok: true, message: etape.annule }
  }

  /**
   * A `storage` event: true when it concerns the characters (read again at the next call).
   * @param {{key: string | null}} evenement
   */
  function changementAilleurs(evenement) {
    if (evenement.key !== CLE && evenement.key !== null) return false
    connu = null
    return true
  }

  return {
    charger,
    /** @type {typeof enregistrer} */
    enregistrer: (personnage, message) => aSonTour(() => enregistrer(personnage, message)),
    /** @type {typeof importer} */
    importer: (personnages, message) => aSonTour(() => importer(personnages, message)),
    /** @type {typeof supprimer} */
    supprimer: id => aSonTour(() => supprimer(id)),
    /**
     * Undo ``etape``, or the latest step when it is not given.
     * @param {Etape} [etape]
     */
    annuler: etape => aSonTour(() => annulerEtape(etape ?? etapes.at(-1))),
    changementAilleurs,
    /** @param {Etape} etape */
    peutAnnuler: etape => etapes.includes(etape),
    /** How many steps can be undone. */
    annulables: () => etapes.length,
    /**
     * Call ``rappel`` whenever another tab changes the characters.
     * @param {Pick<EventTarget, "addEventListener">} cible
     * @param {() => void} rappel
     */
    ecouter(cible, rappel) {
      cible.addEventListener("storage", evenement => {
        if (changementAilleurs(/** @type {StorageEvent} */ (evenement))) rappel()
      })
    },
  }
}

/** @typedef {ReturnType<typeof creerMagasin>} Magasin */
