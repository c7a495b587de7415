// Mount every [data-widget] of the page: show its form, send its actions to the
// rules engine, render the answer. Re-mounted on Material's document$ so that
// instant navigation keeps the engine's worker alive between pages.
import { surChaquePage } from "./demarrage.js"
import { appeler, demarrer, etatMoteur, redemarrer, surEtat } from "./moteur.js"
import { decoder, encoder, lirePartage, PARTAGE, verifier } from "./garde.js"
import { ecrire, rendre, rendreResultat } from "./rendu.js"

/** @typedef {import("./garde.js").EtatPartage} EtatPartage */
/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Champ */
/** @typedef {NonNullable<RacineDeWidget["regles"]>} Regles */
/** @typedef {{message: string, champ?: string, interne?: boolean, trace?: unknown}} ErreurDuMoteur */

const MESSAGES = {
  chargement: "Chargement du moteur de règles…",
  attente: "Calcul en attente du moteur de règles…",
  echec: "Le moteur de règles n’a pas pu se charger. Les tableaux ci-dessus restent valables.",
  arret: "Le moteur de calcul s’est arrêté",
  tableaux: "Les tableaux ci-dessus restent valables.",
}

/**
 * What a failed engine says: it stopped after working (why, in brackets), or it never started.
 * @param {string} detail
 */
function panne(detail) {
  return etatMoteur().arrete ? `${MESSAGES.arret} (${detail}). ${MESSAGES.tableaux}` : `${MESSAGES.echec} (${detail})`
}

/** @type {Set<RacineDeWidget>} */
const widgets = new Set()

/**
 * What the page's scripts keep on a mounted widget (monter gives every widget its ``regles``).
 * @param {RacineDeWidget} racine
 */
const regles = racine => /** @type {Regles} */ (racine.regles)

/**
 * The share links' guard (garde.js) for ``outil``, a widget's element or its tool's name: "" when that
 * widget may replay ``etat``, else the French reason it is refused (``quoi`` names what came in).
 * @param {string | HTMLElement} outil
 * @param {unknown} etat
 * @param {string} [quoi]
 * @returns {string}
 */
export function verifierEtat(outil, etat, quoi = "Le lien de partage") {
  /** @type {HTMLElement | null} */
  const racine = typeof outil === "string" ? document.querySelector(`[data-widget="${CSS.escape(outil)}"]`) : outil
  return verifier((racine?.dataset.operations ?? "").split(" "), etat, quoi)
}

/**
 * The link that reopens this widget with the same inputs and the same result.
 * @param {HTMLElement} racine
 * @param {string} code
 */
function lienDePartage(racine, code) {
  const url = new URL(location.href)
  url.hash = `${PARTAGE}${encodeURIComponent(racine.id)}.${code}`
  return url.href
}

/**
 * Whether the address may take this widget's share link: it aims at nothing else of the page (no
 * fragment, a share link, or this widget's own anchor). A section or another tool the reader came to
 * keeps its anchor.
 * @param {HTMLElement} racine
 */
function adresseLibre(racine) {
  let ancre = location.hash.slice(1)
  try {
    ancre = decodeURIComponent(ancre)
  } catch {
    return true // an unreadable fragment aims at nothing
  }
  return !ancre || ancre.startsWith(PARTAGE) || ancre === racine.id
}

/** The shared result in the address for this page, if any: {id, etat} or {id, refus}. */
function partageDansAdresse() {
  return lirePartage(location.hash)
}

/**
 * @param {HTMLFormElement} formulaire
 * @param {Record<string, unknown>} args
 */
function remplirFormulaire(formulaire, args) {
  for (const champ of /** @type {Iterable<Champ>} */ (formulaire.elements)) {
    if (!champ.name || !(champ.name in args)) continue
    const valeur = args[champ.name]
    if (champ instanceof HTMLInputElement && champ.type === "checkbox") champ.checked = valeur === true || valeur === "true"
    else if (typeof valeur === "string" || typeof valeur === "number") champ.value = String(valeur)
  }
  ouvrirLesPlis(formulaire)
}

/**
 * A field that no longer holds what the page gave it (a share link, « Remplir depuis »).
 * @param {Champ} champ
 */
function change(champ) {
  if (champ instanceof HTMLInputElement && champ.type === "checkbox") return champ.checked !== champ.defaultChecked
  if (champ instanceof HTMLSelectElement) return [...champ.options].some(option => option.selected !== option.defaultSelected)
  return champ.value !== champ.defaultValue
}

/** Open each folded group (« Plus d'options ») that holds a field filled otherwise than the page gave it:
 * the reader sees every value the tool will use.
 * @param {HTMLFormElement} formulaire */
export function ouvrirLesPlis(formulaire) {
  for (const pli of formulaire.querySelectorAll(/** @type {"details"} */ ("details.regles-widget__pli:not([open])"))) {
    /** @type {NodeListOf<Champ>} */
    const champs = pli.querySelectorAll("input[name], select[name], textarea[name]")
    if ([...champs].some(change)) pli.open = true
  }
}

/**
 * @param {HTMLFormElement} formulaire
 * @returns {Record<string, string | boolean>}
 */
function lireFormulaire(formulaire) {
  /** @type {Record<string, string | boolean>} */
  const args = {}
  for (const champ of /** @type {Iterable<Champ>} */ (formulaire.elements)) {
    if (!champ.name) continue
    args[champ.name] = champ instanceof HTMLInputElement && champ.type === "checkbox" ? champ.checked : champ.value
  }
  return args
}

/** @param {RacineDeWidget} racine */
function afficherEtat(racine) {
  const { etat, detail } = etatMoteur()
  const zone = /** @type {HTMLElement} */ (racine.querySelector(".regles-widget__etat"))
  if (etat === "echec") {
    racine.dataset.state = "error"
    zone.replaceChildren(document.createTextNode(panne(detail)))
    const bouton = document.createElement("button")
    bouton.type = "button"
    bouton.className = "md-button regles-reessayer"
    bouton.textContent = "Réessayer"
    bouton.addEventListener("click", () => redemarrer())
    zone.append(" ", bouton)
    zone.hidden = false
  } else if (etat === "pret") {
    racine.dataset.state = "ready"
    zone.hidden = true
    zone.textContent = ""
    // Back to work: no failure or waiting note of before stays under the form.
    for (const note of racine.querySelectorAll(".regles-texte--panne, .regles-texte--attente")) note.remove()
  } else {
    racine.dataset.state = "loading"
    zone.textContent = MESSAGES.chargement
    zone.hidden = false
  }
}

/** @param {RacineDeWidget} racine */
function effacerErreurs(racine) {
  for (const erreur of racine.querySelectorAll(/** @type {"p"} */ (".regles-champ__erreur"))) {
    erreur.hidden = true
    erreur.textContent = ""
  }
  for (const champ of racine.querySelectorAll("[aria-invalid]")) champ.removeAttribute("aria-invalid")
}

/**
 * @param {RacineDeWidget} racine
 * @param {ErreurDuMoteur} erreur
 */
function montrerErreur(racine, erreur) {
  // An internal error of the engine: the reader gets the French message, the console the traceback.
  if (erreur.interne) console.error("Erreur interne du moteur de règles :\n" + String(erreur.trace ?? ""))
  const champ = erreur.champ && racine.querySelector(`.regles-champ[data-champ="${CSS.escape(erreur.champ)}"]`)
  if (champ) {
    // A folded field opens its fold: the reader sees the field the message names.
    const pli = champ.closest("details")
    if (pli) pli.open = true
    const zone = /** @type {HTMLElement} */ (champ.querySelector(".regles-champ__erreur"))
    ecrire(zone, erreur.message)
    zone.hidden = false
    champ.querySelector("input, select, textarea")?.setAttribute("aria-invalid", "true")
  }
  // The message goes above the previous result, which stays (a refused combat action
  // must not take the combat's buttons away).
  const resultat = /** @type {HTMLElement} */ (racine.querySelector(".regles-widget__resultat"))
  resultat.querySelector(":scope > .regles-texte--erreur")?.remove()
  resultat.querySelector(":scope > .regles-texte--attente")?.remove()
  const message = document.createElement("p")
  message.className = "regles-texte regles-texte--erreur"
  ecrire(message, erreur.message)
  resultat.prepend(message)
}

/** A new outcome for this widget (an action, a share link, a refusal): an answer still on its way is
 * now out of date, and will be dropped when it arrives.
 * @param {RacineDeWidget} racine */
function nouveauTour(racine) {
  const etat = regles(racine)
  etat.tour = (etat.tour ?? 0) + 1
  return etat.tour
}

/** Run ``op`` for the widget and show its outcome: true or false (the engine said yes or no), null (a
 * fault), undefined (a later action or link came first: this answer is dropped).
 * @param {RacineDeWidget} racine
 * @param {string} op
 * @param {Record<string, unknown>} args
 * @param {{partage?: boolean, reprise?: boolean, depuis?: string | null}} [options]
 * @returns {Promise<boolean | null | undefined>}
 */
async function executer(racine, op, args, { partage = false, reprise = false, depuis = null } = {}) {
  const resultat = /** @type {HTMLElement} */ (racine.querySelector(".regles-widget__resultat"))
  const tour = nouveauTour(racine)
  if (etatMoteur().etat !== "pret") {
    rendre(resultat, [{ type: "texte", texte: MESSAGES.attente, classe: "attente" }])
  }
  racine.setAttribute("aria-busy", "true")
  try {
    const etat = racine.regles?.etat
    const reponse = await appeler(op, etat === undefined ? args : { ...args, etat })
    if (regles(racine).tour !== tour) return undefined
    effacerErreurs(racine)
    if (reponse?.ok) {
      const { affichage, ...donnees } = reponse.resultat
      const blocs = partage
        ? [{ type: "texte", texte: "Résultat partagé par un lien (ce n’est pas un nouveau jet).", classe: "note" }, ...affichage]
        : affichage
      rendreResultat(resultat, blocs, { depuis })
      resultat.dataset.result = JSON.stringify(donnees)
      racine.dataset.resultat = ""
      if (partage) racine.dataset.partage = "true"
      else {
        delete racine.dataset.partage
        // Dice read on the table served once: the next action rolls again.
        for (const champ of racine.querySelectorAll(/** @type {"input"} */ ("[data-ephemere]"))) champ.value = ""
      }
      if ("etat" in donnees) regles(racine).etat = donnees.etat
      // A tool that keeps a state (data-etat: its operation that shows it): the link shows that state.
      const garde = Boolean(racine.dataset.etat) && "etat" in donnees
      if (garde) donnees.rejouer = { etat: donnees.etat }
      let lien = null
      let code = null
      if (donnees.rejouer && typeof donnees.rejouer === "object") {
        code = encoder({ op: garde ? racine.dataset.etat : op, args: donnees.rejouer })
        lien = lienDePartage(racine, code)
        if (!partage && racine.dataset.adresse !== "brouillon" && adresseLibre(racine)) {
          history.replaceState(history.state, "", lien)
        }
      }
      // A fight's new state: the share link's content (that shows it again) is kept on the device (sauvegarde.js).
      if ("etat" in donnees && code) {
        racine.dispatchEvent(new CustomEvent("regles:etat", { detail: { etat: donnees.etat, code, partage } }))
      }
      // A fight shown again from the device is not a new roll: the roll log does not hear of it.
      if (!partage && !reprise) {
        racine.dispatchEvent(
          new CustomEvent("regles:resultat", { bubbles: true, detail: { op, args, resultat: donnees, lien } }),
        )
      }
    } else {
      montrerErreur(racine, reponse?.erreur ?? { message: "Réponse illisible du moteur de règles." })
    }
    return Boolean(reponse?.ok)
  } catch (erreur) {
    if (regles(racine).tour !== tour) return undefined
    const raison = erreur instanceof Error ? erreur.message : String(erreur)
    rendre(resultat, [{ type: "texte", texte: panne(raison), classe: "panne" }])
    return null
  } finally {
    if (regles(racine).tour === tour) racine.removeAttribute("aria-busy")
    racine.dataset.reponses = String(Number(racine.dataset.reponses ?? 0) + 1)
  }
}

/** The page's example stays in the page as the text's example (issue 35): labelled « Exemple du texte »,
 * with the inputs it was computed from — the block's options, named by the form's own labels (its dice
 * read on the table included: the form leaves those empty, so that a tap on « Lancer » rolls).
 * @param {RacineDeWidget} racine
 * @param {HTMLFormElement} formulaire
 */
function legenderExemple(racine, formulaire) {
  const statique = racine.querySelector(":scope > .regles-widget__statique")
  if (!statique) return
  /** @type {Record<string, unknown>} */
  let options = {}
  try {
    options = JSON.parse(racine.dataset.options ?? "{}")
  } catch {
    options = {}
  }
  const entrees = []
  for (const [nom, valeur] of Object.entries(options)) {
    const champ = /** @type {Champ | null} */ (formulaire.elements.namedItem(nom))
    const libelle = champ?.labels?.[0]?.textContent?.replace(/ \(facultatif\)$/, "")
    if (!libelle || valeur === null || valeur === "") continue
    let ecrit = Array.isArray(valeur) ? valeur.join(" ") : String(valeur)
    if (typeof valeur === "boolean") ecrit = valeur ? "oui" : "non"
    if (champ instanceof HTMLSelectElement) ecrit = [...champ.options].find(o => o.value === ecrit)?.textContent ?? ecrit
    entrees.push(`${libelle}\u00a0: ${ecrit}`)
  }
  const exemple = document.createElement("div")
  exemple.className = "regles-widget__exemple"
  const titre = document.createElement("p")
  titre.className = "regles-widget__exemple-titre"
  titre.textContent = "Exemple du texte"
  statique.before(exemple)
  exemple.append(titre)
  if (entrees.length) {
    const ligne = document.createElement("p")
    ligne.className = "regles-widget__entrees"
    ecrire(ligne, `${entrees.join("\u00a0; ")}.`)
    exemple.append(ligne)
  }
  exemple.append(statique)
}

/** @param {RacineDeWidget} racine */
function monter(racine) {
  if (racine.regles) return
  racine.regles = {}
  const formulaire = /** @type {HTMLFormElement} */ (racine.querySelector(".regles-widget__formulaire"))
  legenderExemple(racine, formulaire)
  formulaire.hidden = false
  formulaire.addEventListener("submit", evenement => {
    evenement.preventDefault()
    const bouton = /** @type {HTMLElement} */ (evenement.submitter ?? formulaire.querySelector("button[data-op]"))
    executer(racine, /** @type {string} */ (bouton.dataset.op), lireFormulaire(formulaire))
  })
  racine.addEventListener("click", evenement => {
    const cible = /** @type {Element} */ (evenement.target)
    const bouton = cible.closest(/** @type {"button"} */ ("button[data-action]"))
    if (!bouton || !racine.contains(bouton)) return
    const { op, args } = JSON.parse(String(bouton.dataset.action))
    executer(racine, op, { ...lireFormulaire(formulaire), ...args }, { depuis: bouton.dataset.action })
  })
  widgets.add(racine)
  afficherEtat(racine)
  appliquerPartage(racine)
}

/** Replay the shared result the address aims at this widget, through the guard (a refusal is said in
 * the widget). The link's state replaces the widget's (a fight in progress).
 * @param {RacineDeWidget} racine */
function appliquerPartage(racine) {
  const partage = partageDansAdresse()
  if (!partage) return
  const premier = document.querySelector("[data-widget]") === racine
  const cible = partage.id && document.getElementById(partage.id)?.closest("[data-widget]")
  if (partage.id !== racine.id && !(premier && !cible)) return
  regles(racine).partage = true // the link wins over a state kept on the device (sauvegarde.js)
  racine.scrollIntoView({ block: "center" })
  const refus = partage.id && !cible
    ? "Le lien de partage vise un outil absent de cette page : il a été ignoré."
    : partage.refus ?? verifierEtat(racine, partage.etat)
  if (refus) {
    nouveauTour(racine)
    racine.removeAttribute("aria-busy")
    rendre(/** @type {HTMLElement} */ (racine.querySelector(".regles-widget__resultat")), [{ type: "texte", texte: refus, classe: "erreur" }])
    return
  }
  // The guard has let it through: an operation and its arguments.
  const contenu = /** @type {EtatPartage} */ (partage.etat)
  const { etat, ...args } = contenu.args
  if (etat === undefined) delete regles(racine).etat
  else regles(racine).etat = etat
  remplirFormulaire(/** @type {HTMLFormElement} */ (racine.querySelector(".regles-widget__formulaire")), args)
  const lu = lecteurQuiDefile()
  executer(racine, contenu.op, args, { partage: true }).then(ok => {
    // The shared answer (a fight after a reload) opens at its outcome's first line, under the header,
    // not amid a tall tool's buttons; unless the reader has scrolled meanwhile.
    lu.arreter()
    const zone = /** @type {HTMLElement} */ (racine.querySelector(".regles-widget__resultat"))
    const issue = zone.querySelector(":scope > .regles-texte--resultat") ?? zone.firstElementChild
    if (!ok || lu.a_defile || !issue) return
    const tete = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0
    scrollBy({ top: issue.getBoundingClientRect().top - tete - 8, behavior: "instant" })
  })
}

/** Whether the reader scrolls (a finger, the wheel, the keyboard) from now until ``arreter()``. */
function lecteurQuiDefile() {
  const gestes = ["wheel", "touchmove", "keydown"]
  const noter = () => { suivi.a_defile = true }
  const suivi = {
    a_defile: false,
    arreter: () => { for (const geste of gestes) removeEventListener(geste, noter) },
  }
  for (const geste of gestes) addEventListener(geste, noter, { passive: true })
  return suivi
}

/** The widget the address's anchor names (a link from the index of the tools), if any. */
function widgetVise() {
  try {
    return document.getElementById(decodeURIComponent(location.hash.slice(1)))?.closest("[data-widget]") ?? null
  } catch {
    return null
  }
}

function monterTout() {
  for (const racine of widgets) if (!racine.isConnected) widgets.delete(racine)
  /** @type {NodeListOf<RacineDeWidget>} */
  const racines = document.querySelectorAll("[data-widget]")
  if (!racines.length) return
  racines.forEach(monter)
  demarrer()
  // Mounting shows the forms and the engine's status lines: the widget the link aimed at is put back
  // in view now, and once more when the engine is ready (unless the reader has scrolled meanwhile).
  const vise = widgetVise()
  if (!vise) return
  vise.scrollIntoView({ block: "start" })
  if (etatMoteur().etat === "pret") return
  const position = scrollY
  const arreter = surEtat(etat => {
    if (etat !== "pret") return
    arreter()
    if (Math.abs(scrollY - position) < 2 && vise.isConnected) vise.scrollIntoView({ block: "start" })
  })
}

surEtat(() => {
  for (const racine of widgets) afficherEtat(racine)
})

// Adopt the engine the page's <head> started (a page with widgets).
if (document.querySelector("[data-widget]")) demarrer()

surChaquePage(monterTout)

// For sauvegarde.js: a state kept on the device enters through the share links' guard, and is shown again.
export { decoder, encoder, executer, remplirFormulaire }

// A share link opened in this tab while the page is already there (pasted in the address bar, followed
// from the same page) changes only the address's fragment: it goes through the same guard.
addEventListener("hashchange", () => {
  for (const racine of widgets) if (racine.isConnected) appliquerPartage(racine)
})
