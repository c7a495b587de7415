// The fights kept on this device, on the page: the tools that keep a state (a fight in progress) say
// so in their declaration (``garde_un_etat``, in ``data-outil``: site_plugins/widgets/bloc.py). After
// each answer the share link's content that shows the fight again is kept through the fights' store
// (combats-magasin.js, which checks every write and never loses an action of another tab), with
// the states before it for « Annuler la dernière action »; a reload, or a visit without a share link,
// shows it again; another tab's action shows here at once (the `storage` event). What was stored
// comes back through the share links' own guard (widgets.js) and the tool's declaration (the engine
// reads it again); what cannot be read is set aside intact, with a French message.
import { compteDesAnnulations, creerMagasinDeCombat } from "./combats-magasin.js"
import { surChaquePage } from "./demarrage.js"
import { raisonDuRefus } from "./personnages-magasin.js"
import { decoder, executer, remplirFormulaire, verifierEtat } from "./widgets.js"


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
 * @param {RacineDeWidget} racine
 * @param {number} n how many actions can be undone
 */
function compter(racine, n) {
  const { bouton, compte } = barre(racine)
  bouton.disabled = n === 0
  compte.textContent = compteDesAnnulations(n)
}

/**
 * Keep an unreadable record aside, intact, and say so.
 * @param {RacineDeWidget} racine
 * @param {string} brut
 * @param {string} raison
 */
function mettreDeCote(racine, brut, raison) {
  const { magasin } = barre(racine)
  const fait = magasin.mettreDeCote(brut, raison, new Date().toISOString())
  barre(racine).bloquee = !fait.ok
  message(racine, fait.message)
  compter(racine, magasin.annulables())
}

/**
 * After each answer: the link that shows the new state kept, the one before it a step to undo.
 * @param {RacineDeWidget} racine
 * @param {string} code
 */
function enregistrer(racine, code) {
  const sauvegarde = barre(racine)
  sauvegarde.montre = code
  if (sauvegarde.bloquee) return
  const fait = sauvegarde.magasin.avancer(code, { remplacer: sauvegarde.remplacer })
  sauvegarde.remplacer = false
  message(racine, fait.message)
  compter(racine, fait.annulables)
}

/**
 * Show the state ``code`` (a share link's content) again, through the guard and the engine.
 * @param {RacineDeWidget} racine
 * @param {string} code
 * @param {string} brut the stored text, set aside if the state cannot be shown
 */
async function montrer(racine, code, brut) {
  const lu = decoder(code)
  const refus = lu.refus ?? verifierEtat(racine, lu.etat, "Le combat gardé sur cet appareil")
  if (refus) {
    mettreDeCote(racine, brut, refus)
    return
  }
  const contenu = /** @type {{op: string, args: Record<string, unknown>}} */ (lu.etat)
  const { etat, ...args } = contenu.args
  const regles = /** @type {NonNullable<RacineDeWidget["regles"]>} */ (racine.regles)
  if (etat === undefined) delete regles.etat
  else regles.etat = etat
  remplirFormulaire(/** @type {HTMLFormElement} */ (racine.querySelector(".regles-widget__formulaire")), args)
  // The state shown again is the one stored: its answer replaces it without a new step to undo.
  barre(racine).remplacer = true
  const ok = await executer(racine, contenu.op, args, { reprise: true })
  barre(racine).remplacer = false
  if (ok === false) mettreDeCote(racine, brut, "refusé par le moteur de règles")
}

/** @param {RacineDeWidget} racine */
async function annuler(racine) {
  const { magasin } = barre(racine)
  const lu = magasin.lire()
  const fait = magasin.annuler()
  compter(racine, fait.annulables)
  if (!fait.ok) {
    message(racine, fait.message)
    return
  }
  message(racine, "")
  await montrer(racine, fait.code, JSON.stringify("sauvegarde" in lu ? lu.sauvegarde : null))
}

/**
 * Another tab changed this fight: show its latest state here (nothing is written back).
 * @param {RacineDeWidget} racine
 */
function suivreLesAutresOnglets(racine) {
  const { magasin } = barre(racine)
  addEventListener("storage", (/** @type {StorageEvent} */ evenement) => {
    if (evenement.key !== magasin.cle || evenement.newValue === null || !racine.isConnected) return
    const lu = magasin.lire()
    if ("raison" in lu || !lu.sauvegarde) return
    compter(racine, lu.sauvegarde.annuler.length)
    if (lu.sauvegarde.etat !== barre(racine).montre) montrer(racine, lu.sauvegarde.etat, evenement.newValue)
  })
}

function stockageDuNavigateur() {
  try {
    return localStorage
  } catch {
    // Storage forbidden (a blocked site): a storage that keeps nothing, and says why on each write.
    const refus = new DOMException("Le stockage est interdit.", "SecurityError")
    return { getItem: () => null, setItem: () => { throw refus }, removeItem: () => {} }
  }
}

/** @param {RacineDeWidget} racine */
function installer(racine) {
  const regles = racine.regles
  if (!regles || regles.sauvegarde) return
  const bande = document.createElement("div")
  bande.className = "regles-sauvegarde"
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
  bande.append(bouton, " ", compte, zone)
  racine.querySelector(".regles-widget__resultat")?.before(bande)
  const magasin = creerMagasinDeCombat({
    stockage: stockageDuNavigateur(),
    id: racine.id,
    outil: racine.dataset.widget ?? "",
    raisonDuRefus: erreur => raisonDuRefus(erreur).join(""),
  })
  regles.sauvegarde = { bouton, compte, message: zone, magasin, montre: null, remplacer: false, bloquee: false }
  bouton.addEventListener("click", () => annuler(racine))
  racine.addEventListener("regles:etat", evenement => {
    const { code } = /** @type {CustomEvent<{code: string}>} */ (evenement).detail
    enregistrer(racine, code)
  })
  suivreLesAutresOnglets(racine)
  const lu = magasin.lire()
  if (lu.raison !== undefined) mettreDeCote(racine, lu.brut, lu.raison)
  else compter(racine, lu.sauvegarde?.annuler.length ?? 0)
  // A share link in the address wins: its state is saved when it is shown (the one before it can be undone).
  if (lu.sauvegarde && !regles.partage) montrer(racine, lu.sauvegarde.etat, JSON.stringify(lu.sauvegarde))
}

/**
 * Whether the tool's declaration says it keeps a state.
 * @param {RacineDeWidget} racine
 */
function gardeUnEtat(racine) {
  try {
    return JSON.parse(racine.dataset.outil ?? "{}").garde_un_etat === true
  } catch {
    return false // the page's own attribute, written by the build: unreadable only if tampered with
  }
}

surChaquePage(() => {
  for (const racine of document.querySelectorAll("[data-widget][data-outil]")) {
    const outil = /** @type {RacineDeWidget} */ (racine)
    if (gardeUnEtat(outil)) installer(outil)
  }
})
