// The state of the tools that keep one (a fight in progress): their block says so by ``data-etat``
// (the operation that shows the state again, from the tool's declaration: site_plugins/widgets/bloc.py).
// After each answer the state is saved on the device (localStorage), with the states before it for
// « Annuler la dernière action »; a reload, or a visit without a share link, shows it again. What was
// stored comes back through the share links' own guard (widgets.js) and the tool's declaration
// (the engine reads it again); what cannot be read is set aside intact, with a French message.
import { SAUVEGARDE_VERSION } from "./constantes.js"
import { surChaquePage } from "./demarrage.js"
import { decoder, encoder } from "./garde.js"
import { lireSauvegarde, NIVEAUX } from "./sauvegarde-donnees.js"
import { typographie } from "./typographie.js"
import { executer, verifierEtat } from "./widgets.js"

const PREFIXE = "regles-etat:"
const DE_COTE = "regles-etat-illisible:"

/** @typedef {import("./sauvegarde-donnees.js").Sauvegarde} Sauvegarde */
/** @typedef {import("./sauvegarde-donnees.js").Lu} Lu */

/** @param {RacineDeWidget} racine */
function cle(racine) {
  return PREFIXE + racine.id
}

/**
 * The save read from the device: {sauvegarde} (null: none), or {raison, brut} when unreadable.
 * @param {RacineDeWidget} racine
 * @returns {Lu}
 */
function lire(racine) {
  let brut
  try {
    brut = localStorage.getItem(cle(racine))
  } catch {
    return { sauvegarde: null } // storage forbidden (private mode): nothing was saved either
  }
  return lireSauvegarde(brut, racine.dataset.widget ?? "")
}

/**
 * Write the save; when the device is full, keep fewer undo levels. False if even that fails.
 * @param {RacineDeWidget} racine
 * @param {Sauvegarde} sauvegarde
 */
function ecrire(racine, sauvegarde) {
  let annuler = sauvegarde.annuler
  for (;;) {
    try {
      localStorage.setItem(cle(racine), JSON.stringify({ ...sauvegarde, annuler }))
      return true
    } catch {
      if (!annuler.length) return false
      annuler = annuler.slice(Math.ceil(annuler.length / 2))
    }
  }
}

/**
 * The tool's saving bar of ``racine`` (installed: see installer).
 * @param {RacineDeWidget} racine
 * @returns {BarreDeSauvegarde}
 */
function barre(racine) {
  return /** @type {BarreDeSauvegarde} */ (racine.regles?.sauvegarde)
}

/**
 * @param {RacineDeWidget} racine
 * @param {string} texte
 */
function message(racine, texte) {
  const zone = barre(racine).message
  zone.textContent = texte
  zone.hidden = !texte
}

/**
 * Keep an unreadable save aside, intact, under a key of its own, and say so.
 * @param {RacineDeWidget} racine
 * @param {string} brut
 * @param {string} raison
 */
function mettreDeCote(racine, brut, raison) {
  const aCote = `${DE_COTE}${racine.id}:${new Date().toISOString()}`
  try {
    localStorage.setItem(aCote, brut)
    localStorage.removeItem(cle(racine))
  } catch {
    barre(racine).bloquee = true
    message(
      racine,
      typographie(
        `Le combat gardé sur cet appareil est illisible (${raison}) et le stockage est plein : il reste tel quel, ` +
          "et ce qui suit ne sera pas gardé sur l’appareil (le lien de partage le garde).",
      ),
    )
    return
  }
  message(
    racine,
    // The key is shown exactly as stored (the typography never touches it): the reader may look it up.
    typographie(`Le combat gardé sur cet appareil n’a pas pu être relu (${raison}) : il est mis de côté, intact, sous la clé « `) +
      aCote +
      typographie(" » du stockage du navigateur. Un nouveau combat commence."),
  )
}

/** @param {RacineDeWidget} racine */
function majBouton(racine) {
  const { bouton, compte } = barre(racine)
  const n = lire(racine).sauvegarde?.annuler.length ?? 0
  bouton.disabled = n === 0
  compte.textContent = n ? `(${n} ${n > 1 ? "actions" : "action"} à annuler)` : "(rien à annuler)"
}

/**
 * After each answer: the new state saved, the one before it kept for « Annuler ».
 * @param {RacineDeWidget} racine
 * @param {unknown} etat
 */
function enregistrer(racine, etat) {
  const sauvegarde = barre(racine)
  if (sauvegarde.bloquee) return
  const code = encoder({ op: racine.dataset.etat, args: { etat } })
  const avant = lire(racine).sauvegarde
  if (avant?.etat === code) return
  const annuler = !avant || sauvegarde.annulation ? (avant?.annuler ?? []) : [...avant.annuler, avant.etat]
  sauvegarde.annulation = false
  const ok = ecrire(racine, {
    version: SAUVEGARDE_VERSION,
    outil: racine.dataset.widget ?? "",
    etat: code,
    annuler: annuler.slice(-NIVEAUX),
  })
  const plein = "Le stockage de cet appareil est plein : le combat n’y est plus gardé (le lien de partage le garde)."
  message(racine, ok ? "" : typographie(plein))
  majBouton(racine)
}

/**
 * Show the state ``code`` (a share link's content) again, through the guard and the engine.
 * @param {RacineDeWidget} racine
 * @param {string} code
 * @param {string} brut
 */
async function montrer(racine, code, brut) {
  const lu = decoder(code)
  const contenu = /** @type {import("./garde.js").EtatPartage} */ (lu.etat)
  const refus = lu.refus ?? verifierEtat(racine, contenu, "Le combat gardé sur cet appareil")
  if (refus || contenu.op !== racine.dataset.etat || !racine.regles) {
    mettreDeCote(racine, brut, refus || "opération inattendue")
    return
  }
  racine.regles.etat = contenu.args.etat
  const ok = await executer(racine, contenu.op, contenu.args)
  if (ok === false) mettreDeCote(racine, brut, "refusé par le moteur de règles")
}

/** @param {RacineDeWidget} racine */
async function annuler(racine) {
  const { sauvegarde, brut } = lire(racine)
  const precedent = sauvegarde?.annuler.at(-1)
  if (!sauvegarde || precedent === undefined) return
  barre(racine).annulation = true
  ecrire(racine, { ...sauvegarde, annuler: sauvegarde.annuler.slice(0, -1) })
  majBouton(racine)
  await montrer(racine, precedent, brut ?? JSON.stringify(sauvegarde))
}

/** @param {RacineDeWidget} racine */
function installer(racine) {
  if (!racine.regles || racine.regles.sauvegarde) return
  const bandeau = document.createElement("div")
  bandeau.className = "regles-sauvegarde"
  const bouton = document.createElement("button")
  bouton.type = "button"
  bouton.className = "md-button regles-sauvegarde__annuler"
  bouton.textContent = "Annuler la dernière action"
  const compte = document.createElement("span")
  compte.className = "regles-sauvegarde__compte"
  const zone = document.createElement("p")
  zone.className = "regles-sauvegarde__message"
  zone.setAttribute("role", "status")
  zone.hidden = true
  bandeau.append(bouton, " ", compte, zone)
  racine.querySelector(".regles-widget__resultat")?.before(bandeau)
  racine.regles.sauvegarde = { bouton, compte, message: zone, annulation: false, bloquee: false }
  bouton.addEventListener("click", () => annuler(racine))
  racine.addEventListener("regles:etat", evenement => {
    if (evenement instanceof CustomEvent) enregistrer(racine, evenement.detail?.etat)
  })
  const { sauvegarde, raison, brut } = lire(racine)
  if (raison) mettreDeCote(racine, brut, raison)
  majBouton(racine)
  // A share link in the address wins: its state is saved when it is shown (the one before it can be undone).
  if (sauvegarde && !racine.regles.partage) montrer(racine, sauvegarde.etat, JSON.stringify(sauvegarde))
}

surChaquePage(() => {
  for (const racine of document.querySelectorAll("[data-widget][data-etat]")) installer(/** @type {RacineDeWidget} */ (racine))
})
