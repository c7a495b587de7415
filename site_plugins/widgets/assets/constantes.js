// Generated from Python by site_plugins/widgets/constantes.py (rules_py.constantes, the
// characters' schema, each tool's operations): do not edit;
// `python -m site_plugins.widgets.constantes` writes it again.

/** The deepest nesting of lists and objects in any JSON from outside (link, storage, file). */
export const PROFONDEUR_MAX = 8
/** The most characters of a share link's state, checked before anything is decoded. */
export const LIEN_MAX = 8192
/** The longest characters' document, stored or imported (characters; bytes for a file). */
export const TAILLE_MAX_DOCUMENT = 1000000
/** The most characters of one tool's saved state on the device. */
export const SAUVEGARDE_TAILLE_MAX = 400000
/** The version of a tool's saved state on the device. */
export const SAUVEGARDE_VERSION = 1
/** The roll log's storage key and version. */
export const JOURNAL_CLE = "regles.journal"
export const JOURNAL_VERSION = 2
/** The characters' stored document: its schema (also its storage key) and version. */
export const PERSONNAGES_SCHEMA = "regles-personnages"
export const PERSONNAGES_VERSION = 2
/** The invisible marks that reorder text. */
export const BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
/** What the reader typed, as the engine echoes it: between U+2068 and U+2069 (a RegExp source). */
export const ISOLE = "\u2068[^\u2068\u2069]*\u2069"
/**
 * The site's French typography: [RegExp source (flags gu), replacement], applied in this order.
 * @type {ReadonlyArray<readonly [string, string]>}
 */
export const TYPOGRAPHIE = [["'", "\u2019"], ["\u00ab[ \u00a0\u202f]*", "\u00ab\u00a0"], ["[ \u00a0\u202f]*\u00bb", "\u00a0\u00bb"], ["(?<=[^\\s(])[ \u00a0\u202f]*([;!?%])", "\u202f$1"], ["[ \u00a0\u202f]*:(?=[\\s:]|$)", "\u00a0:"], ["(?<![\\p{L}\\p{N}_.])-(?=\\p{Nd})", "\u2212"]]
/**
 * Each tool's operations, by the tool's name (its block's data-widget).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const OPERATIONS = {"actions-du-round-basic": ["basic.actions_du_round"], "assommer-kar": ["kar.assommer"], "attaque-basic": ["basic.attaque"], "attributs-basic": ["basic.attributs"], "bagarre-el-toto": ["toto.bagarre"], "blessure-el-toto": ["toto.blessure"], "blessure-grave-kar": ["kar.blessure_grave", "kar.blessure_grave_reprise"], "blessures-basic": ["basic.blessure", "basic.blessure.lancer"], "combat-heroique": ["kar.combat_ajouter", "kar.combat_exemple", "kar.combat_afficher", "kar.combat_effacer", "kar.combat_retirer", "kar.combat_recommencer", "kar.combat_agir", "kar.combat_passe", "kar.combat_round", "kar.combat_blesser", "kar.combat_degats"], "combat-rapide-el-toto": ["toto.combat_rapide"], "contre-attaque-kar": ["kar.contre_attaque"], "coup-critique-kar": ["kar.coup"], "creation-actions": ["actions.creation"], "creation-basic": ["basic.creation"], "creation-el-toto": ["toto.creation"], "creation-kar": ["kar.creation"], "distance-el-toto": ["toto.distance"], "duel-el-toto": ["toto.duel", "toto.duel_repartition", "toto.duel_nouveau"], "energie-el-toto": ["toto.energie"], "initiative-basic": ["basic.initiative.ajouter", "basic.initiative.lancer", "basic.initiative.round_suivant", "basic.initiative.vider", "basic.initiative.retirer"], "jet-de-caracteristique-basic": ["basic.jet_de_caracteristique"], "jet-de-des": ["des.lancer", "des.distribution"], "lancer-el-toto": ["toto.lancer"], "langue-basic": ["basic.langue"], "modificateur-degats": ["basic.modificateur"], "opposition-basic": ["basic.opposition"], "personnage-actions": ["personnages.personnage-actions"], "personnage-basic": ["personnages.personnage-basic"], "personnage-el-toto": ["personnages.personnage-el-toto"], "personnage-kar": ["personnages.personnage-kar"], "reserve-el-toto": ["toto.reserve"], "resistance-kar": ["kar.resistance"], "scories-kar": ["kar.scories", "kar.scories_annoncer"], "situations-kar": ["kar.situation"], "soins-basic": ["basic.soin"], "survie-el-toto": ["toto.survie"], "test-actions": ["actions.test"], "test-basic": ["basic.test"], "test-caracteristique-actions": ["actions.test_caracteristique"], "test-kar": ["kar.test"]}
