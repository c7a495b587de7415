// The state of the tools that keep one (a fight in progress): their block says so by ``data-etat``
// (the operation that shows the state again, from the tool's declaration: site_plugins/widgets/bloc.py).
// After each answer the state is saved on the device (localStorage), with the states before it for
// « Annuler la dernière action »; a reload, or a visit without a share link, shows it again. What was
// stored comes back through the share links' own guard (widgets.js) and the tool's declaration
// (the engine reads it again); what cannot be read is set aside intact, with a French message.
import { SAUVEGARDE_TAILLE_MAX, SAUVEGARDE_VERSION } from "./constantes.js"
import { surChaquePage } from "./demarrage.js"
import { decoder, encoder } from "./garde.js"
import { typographie } from "./typographie.js"
import { executer, verifierEtat } from "./widgets.js"

const NIVEAUX = 20 // states kept for « Annuler la dernière action »
const PREFIXE = "regles-etat:"
const DE_COTE = "regles-etat-illisible:"

/**
 * Migrations of the saved schema, by the version they read: ``MIGRATIONS[n](donnees)`` returns the
 * same save in version n + 1. Version 1 is the first: none yet. A newer version (a newer site, then an
 * older copy of it) is not read: set aside, never lost.
 */
export const MIGRATIONS = {}

function cle(racine) {
  return PREFIXE + racine.id
}

/**
 * A save as stored (``brut``, a text or null) read for the tool ``outil``, migrated to this version:
 * {sauvegarde} (null: none), or {raison, brut} when unreadable (pure: no storage, no DOM).
 * @param {string | null} brut
 * @param {string} outil
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

/** The save read from the device: {sauvegarde} (null: none), or {raison, brut} when unreadable. */
function lire(racine) {
  let brut
  try {
    brut = localStorage.getItem(cle(racine))
  } catch {
    return { sauvegarde: null } // storage forbidden (private mode): nothing was saved either
  }
  return lireSauvegarde(brut, racine.dataset.widget)
}

/** Write the save; when the device is full, keep fewer undo levels. False if even that fails. */
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

function message(racine, texte) {
  const zone = racine.regles.sauvegarde.message
  zone.textContent = texte
  zone.hidden = !texte
}

/** Keep an unreadable save aside, intact, under a key of its own, and say so. */
function mettreDeCote(racine, brut, raison) {
  const aCote = `${DE_COTE}${racine.id}:${new Date().toISOString()}`
  try {
    localStorage.setItem(aCote, brut)
    localStorage.removeItem(cle(racine))
  } catch {
    racine.regles.sauvegarde.bloquee = true
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

function majBouton(racine) {
  const { bouton, compte } = racine.regles.sauvegarde
  const n = lire(racine).sauvegarde?.annuler.length ?? 0
  bouton.disabled = n === 0
  compte.textContent = n ? `(${n} ${n > 1 ? "actions" : "action"} à annuler)` : "(rien à annuler)"
}

/** After each answer: the new state saved, the one before it kept for « Annuler ». */
function enregistrer(racine, etat) {
  const sauvegarde = racine.regles.sauvegarde
  if (sauvegarde.bloquee) return
  const code = encoder({ op: racine.dataset.etat, args: { etat } })
  const avant = lire(racine).sauvegarde
  if (avant?.etat === code) return
  const annuler = !avant || sauvegarde.annulation ? (avant?.annuler ?? []) : [...avant.annuler, avant.etat]
  sauvegarde.annulation = false
  const ok = ecrire(racine, {
    version: SAUVEGARDE_VERSION,
    outil: racine.dataset.widget,
    etat: code,
    annuler: annuler.slice(-NIVEAUX),
  })
  const plein = "Le stockage de cet appareil est plein : le combat n’y est plus gardé (le lien de partage le garde)."
  message(racine, ok ? "" : typographie(plein))
  majBouton(racine)
}

/** Show the state ``code`` (a share link's content) again, through the guard and the engine. */
async function montrer(racine, code, brut) {
  const lu = decoder(code)
  const contenu = lu.etat
  const refus = lu.refus ?? verifierEtat(racine, contenu, "Le combat gardé sur cet appareil")
  if (refus || contenu.op !== racine.dataset.etat) {
    mettreDeCote(racine, brut, refus || "opération inattendue")
    return
  }
  racine.regles.etat = contenu.args.etat
  const ok = await executer(racine, contenu.op, contenu.args)
  if (ok === false) mettreDeCote(racine, brut, "refusé par le moteur de règles")
}

async function annuler(racine) {
  const { sauvegarde, brut } = lire(racine)
  const precedent = sauvegarde?.annuler.at(-1)
  if (precedent === undefined) return
  racine.regles.sauvegarde.annulation = true
  ecrire(racine, { ...sauvegarde, annuler: sauvegarde.annuler.slice(0, -1) })
  majBouton(racine)
  await montrer(racine, precedent, brut)
}

function installer(racine) {
  if (!racine.regles || racine.regles.sauvegarde) return
  const barre = document.createElement("div")
  barre.className = "regles-sauvegarde"
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
  barre.append(bouton, " ", compte, zone)
  racine.querySelector(".regles-widget__resultat").before(barre)
  racine.regles.sauvegarde = { bouton, compte, message: zone, annulation: false, bloquee: false }
  bouton.addEventListener("click", () => annuler(racine))
  racine.addEventListener("regles:etat", evenement => enregistrer(racine, evenement.detail.etat))
  const { sauvegarde, raison, brut } = lire(racine)
  if (raison) mettreDeCote(racine, brut, raison)
  majBouton(racine)
  // A share link in the address wins: its state is saved when it is shown (the one before it can be undone).
  if (sauvegarde && !racine.regles.partage) montrer(racine, sauvegarde.etat, JSON.stringify(sauvegarde))
}

surChaquePage(() => {
  for (const racine of document.querySelectorAll("[data-widget][data-etat]")) installer(racine)
})
