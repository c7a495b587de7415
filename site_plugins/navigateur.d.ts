// Types for `tsc --checkJs` of the browser modules: what the page's scripts share on `window`, and the
// values the plugins write into their templates at build time.

/** The early engine script's handle (site_plugins/moteur/en_ligne/demarrage-precoce.js). */
interface MoteurPrecoce {
  /** The worker's name with the link's speed measured by the page. */
  nom?: () => string
  /** Start the early worker now, if the page has not painted yet. */
  lancer?: () => Worker | null
  pris?: boolean
  /** What the early worker said before the engine client was there. */
  evenements?: Array<MessageEvent | ErrorEvent>
}

/**
 * The site's one namespace on ``window``: ``window.regles``. Its members:
 * - ``moteur``: the early engine script's handle (written by moteur/en_ligne/demarrage-precoce.js,
 *   read by moteur.js and demarrage.js);
 * - ``journal``: the roll log's API for the tools (journal.js: ajouter, entrees…).
 * The other names read on ``window`` are Material's (``document$``, ``target$``); the page's other
 * shared state goes through module imports, never through ``window``.
 */
interface Window {
  regles?: { moteur?: MoteurPrecoce; journal?: Readonly<Record<string, Function>> }
  /** Material's observable of page changes (instant navigation). */
  document$?: { subscribe(fonction: () => void): unknown }
  /** Material's observable of the #anchor's element (after each instant navigation and hash change). */
  target$?: { subscribe(fonction: () => void): unknown }
}

// Written in by the plugins at build time (site_plugins/hors_ligne, site_plugins/recherche, site_plugins/moteur).
/** The engine worker's address, relative to the page (moteur/en_ligne/demarrage-precoce.js). */
declare const __TRAVAILLEUR__: string
declare const __VERSION__: string
declare const __FICHIERS__: Array<string | string[]>
declare const __EMPREINTES__: Record<string, string>
declare const __DEGZIPPES__: Record<string, string>
declare const __SYSTEMES__: string[]
declare const __SYNONYMES__: Record<string, string>

/** What a saved tool's bar holds (sauvegarde.js). */
interface BarreDeSauvegarde {
  bouton: HTMLButtonElement
  compte: HTMLElement
  message: HTMLElement
  /** The store of this tool's fight (combats-magasin.js). */
  magasin: ReturnType<typeof import("./widgets/assets/combats-magasin.js").creerMagasinDeCombat>
  /** The share-link content of the state shown here (null before the first). */
  montre: string | null
  /** The next answer shows a stored state again (undo, another tab): it adds no undo step. */
  remplacer: boolean
  /** The device's storage is full of an unreadable save: nothing more is saved. */
  bloquee: boolean
}

/** A widget's root element (data-widget) and what the page's scripts keep on it (widgets.js). */
interface RacineDeWidget extends HTMLElement {
  regles?: {
    /** The answer a call belongs to: a later call's answer wins. */
    tour?: number
    /** The tool's state (a fight in progress), sent back with each action. */
    etat?: unknown
    /** The page was opened from a share link, which wins over a saved state. */
    partage?: boolean
    sauvegarde?: BarreDeSauvegarde
  }
}
