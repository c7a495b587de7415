// Characters kept on this device: the page « Personnages » lists, edits, duplicates, deletes
// (with confirmation and undo), exports and imports them; every tool of a system offers
// « Remplir depuis… ». The rules engine checks every sheet and decides which fields a
// character fills (operations personnages.*): this script only stores, moves messages and
// updates the DOM. It keeps no list of fields: a form field is filled when its name is a key
// the engine answered.
import { surChaquePage } from "./demarrage.js"
import { appeler } from "./moteur.js"
import { rendre } from "./rendu.js"

const CLE = "regles-personnages"
const CLE_ILLISIBLE = "regles-personnages-illisible"
const PREFIXE_FICHE = "personnage-"
const OP_FICHE = "personnages.personnage-"
const TAILLE_MAX = 1_000_000
const ANNULATIONS_MAX = 20

/** What is stored: {document: {schema, version, personnages}, messages}, read once per tab. */
let chargement = null
const annulations = []

function element(balise, classe, texte) {
  const noeud = document.createElement(balise)
  if (classe) noeud.className = classe
  if (texte !== undefined) noeud.textContent = texte
  return noeud
}

function bouton(texte, action, classe = "") {
  const noeud = element("button", `md-button ${classe}`.trim(), texte)
  noeud.type = "button"
  noeud.addEventListener("click", action)
  return noeud
}

function lireStockage(cle) {
  try {
    return localStorage.getItem(cle)
  } catch {
    return null
  }
}

/** Keep an unreadable stored text aside (never dropped): the reader may download it. */
function garderIllisible(brut) {
  if (!brut || lireStockage(CLE_ILLISIBLE) === brut) return
  try {
    localStorage.setItem(CLE_ILLISIBLE, brut)
  } catch {
    // Storage full: the original key is then left untouched (see enregistrer).
  }
}

/** The stored characters, migrated and checked by the engine (once per tab, or after a change elsewhere). */
function charger() {
  chargement ??= (async () => {
    const brut = lireStockage(CLE)
    let reponse
    try {
      reponse = await appeler("personnages.charger", { texte: brut ?? "" })
    } catch (erreur) {
      // The engine failed to start or stopped: read again at the next page.
      chargement = null
      return { document: null, messages: [`Personnages indisponibles : le moteur de règles ne répond pas (${erreur.message}).`] }
    }
    if (!reponse?.ok) {
      garderIllisible(brut)
      const message = reponse?.erreur?.message ?? "réponse illisible du moteur."
      return {
        document: null,
        messages: [
          `Les personnages enregistrés sur cet appareil sont illisibles : ${message} ` +
            "Rien n’a été effacé : une copie brute est gardée, téléchargeable ci-dessous.",
        ],
      }
    }
    const { document: doc, rejetes, migre_depuis: migre } = reponse.resultat
    const messages = rejetes.map(r => r.message)
    if (rejetes.length) {
      garderIllisible(brut)
      messages.push("Ces personnages ne sont pas affichés ; une copie brute de tout ce qui était enregistré est gardée.")
    }
    if (migre !== null && !rejetes.length) {
      garderIllisible(brut)
      ecrire(doc)
    }
    return { document: doc, messages }
  })()
  return chargement
}

addEventListener("storage", evenement => {
  if (evenement.key === CLE) chargement = null
})

function ecrire(doc) {
  localStorage.setItem(CLE, JSON.stringify(doc))
}

/** Replace the stored document (after a check by the engine), keeping the previous one for undo. */
async function modifier(changer, message) {
  const etat = await charger()
  const ancien = etat.document ?? { schema: CLE, version: 1, personnages: [] }
  const nouveau = { ...ancien, personnages: changer(structuredClone(ancien.personnages)) }
  try {
    ecrire(nouveau)
  } catch {
    annoncer("Enregistrement impossible : la mémoire du navigateur est pleine. Rien n’a changé.", true)
    return false
  }
  annulations.push(ancien)
  if (annulations.length > ANNULATIONS_MAX) annulations.shift()
  etat.document = nouveau
  afficherListes()
  annoncer(message, false, true)
  return true
}

async function annuler() {
  const precedent = annulations.pop()
  if (!precedent) return
  const etat = await charger()
  ecrire(precedent)
  etat.document = precedent
  afficherListes()
  annoncer("Dernière modification annulée.")
}

function nouvelId() {
  return crypto.randomUUID?.() ?? `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
}

function telecharger(nom, texte) {
  const lien = element("a")
  lien.href = URL.createObjectURL(new Blob([texte], { type: "application/json" }))
  lien.download = nom
  document.body.append(lien)
  lien.click()
  lien.remove()
  setTimeout(() => URL.revokeObjectURL(lien.href), 10_000)
}

function nomDeFichier(texte) {
  const simple = texte.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
  return simple.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "personnage"
}

function exporter(personnages, nom) {
  const doc = { schema: CLE, version: 1, personnages }
  telecharger(`${nomDeFichier(nom)}.json`, JSON.stringify(doc, null, 2))
}

// == The page « Personnages » ==================================================================

function zoneMessages() {
  return document.querySelector(".regles-personnages__messages")
}

function annoncer(message, erreur = false, annulable = false) {
  const zone = zoneMessages()
  if (!zone) return
  const texte = element("p", `regles-texte${erreur ? " regles-texte--erreur" : ""}`, message)
  if (annulable && annulations.length) texte.append(" ", bouton("Annuler", annuler))
  zone.replaceChildren(texte)
}

function fiches() {
  return [...document.querySelectorAll(`[data-widget^="${PREFIXE_FICHE}"]`)]
}

/** Print only ``contenu`` (display blocks, or an element): a filled or a blank sheet. */
function imprimer(contenu) {
  const zone = element("div", "regles-impression md-typeset")
  if (Array.isArray(contenu)) rendre(zone, contenu)
  else zone.append(contenu)
  document.querySelector(".regles-impression")?.remove()
  document.body.append(zone)
  document.documentElement.classList.add("regles-impression-active")
  const finir = () => {
    zone.remove()
    document.documentElement.classList.remove("regles-impression-active")
  }
  addEventListener("afterprint", finir, { once: true })
  window.print()
}

async function imprimerPersonnage(personnage) {
  const reponse = await appeler("personnages.feuille", { personnage })
  if (reponse?.ok) imprimer(reponse.resultat.affichage)
  else annoncer(reponse?.erreur?.message ?? "Impression impossible.", true)
}

function modifierDansLeFormulaire(racine, personnage) {
  const formulaire = racine.querySelector(".regles-widget__formulaire")
  for (const [nom, valeur] of Object.entries(personnage.fiche)) {
    const champ = formulaire.elements.namedItem(nom)
    if (!champ) continue
    if (champ.type === "checkbox") champ.checked = valeur === true || valeur === "true"
    else champ.value = String(valeur)
  }
  racine.dataset.edition = personnage.id
  const note = racine.querySelector(".regles-personnages__edition")
  note.replaceChildren(
    element("span", null, `Modification de « ${personnage.fiche.nom} » : « Enregistrer » remplace sa fiche. `),
    bouton("Nouvelle fiche à la place", () => quitterEdition(racine)),
  )
  note.hidden = false
  formulaire.querySelector("input, select, textarea")?.focus()
}

function quitterEdition(racine) {
  delete racine.dataset.edition
  const note = racine.querySelector(".regles-personnages__edition")
  note.hidden = true
  note.replaceChildren()
}

function demanderSuppression(ligne, personnage) {
  const actions = ligne.querySelector(".regles-personnages__actions")
  const nom = personnage.fiche.nom
  actions.replaceChildren(
    element("span", "regles-personnages__question", `Supprimer « ${nom} » ? `),
    bouton("Oui, supprimer", () =>
      modifier(liste => liste.filter(p => p.id !== personnage.id), `« ${nom} » supprimé.`),
      "regles-personnages__confirmer",
    ),
    bouton("Non", () => afficherListes()),
  )
  actions.querySelector(".regles-personnages__confirmer").focus()
}

function ligneDePersonnage(racine, personnage) {
  const ligne = element("li", "regles-personnages__personnage")
  ligne.dataset.id = personnage.id
  ligne.append(element("span", "regles-personnages__nom", personnage.fiche.nom))
  const actions = element("span", "regles-personnages__actions")
  actions.append(
    bouton("Modifier", () => modifierDansLeFormulaire(racine, personnage)),
    bouton("Dupliquer", () =>
      modifier(
        liste => [
          ...liste,
          { ...structuredClone(personnage), id: nouvelId(), fiche: { ...personnage.fiche, nom: `${personnage.fiche.nom} (copie)`.slice(0, 80) } },
        ],
        `« ${personnage.fiche.nom} » dupliqué.`,
      ),
    ),
    bouton("Exporter", () => exporter([personnage], personnage.fiche.nom)),
    bouton("Imprimer", () => imprimerPersonnage(personnage)),
    bouton("Supprimer", () => demanderSuppression(ligne, personnage)),
  )
  ligne.append(actions)
  return ligne
}

async function afficherListes() {
  const { document: doc } = await charger()
  for (const racine of fiches()) {
    const section = racine.nextElementSibling
    if (!section?.classList.contains("regles-personnages")) continue
    const liste = section.querySelector(".regles-personnages__liste")
    const siens = (doc?.personnages ?? []).filter(p => p.systeme === racine.dataset.systeme)
    liste.replaceChildren(...siens.map(p => ligneDePersonnage(racine, p)))
    section.querySelector(".regles-personnages__vide").hidden = siens.length > 0
  }
  const annulation = document.querySelector(".regles-personnages__annuler")
  if (annulation) annulation.disabled = annulations.length === 0
}

async function importer(fichier) {
  if (fichier.size > TAILLE_MAX) {
    annoncer("Fichier refusé : il est trop gros pour un fichier de personnages (au plus 1 Mo). Rien n’a changé.", true)
    return
  }
  let reponse
  try {
    reponse = await appeler("personnages.importer", { texte: await fichier.text() })
  } catch (erreur) {
    reponse = { ok: false, erreur: { message: `le moteur de règles n’a pas pu le lire (${erreur.message}).` } }
  }
  if (!reponse?.ok) {
    annoncer(`Fichier refusé : ${reponse?.erreur?.message ?? "réponse illisible."} Rien n’a changé.`, true)
    return
  }
  const importes = reponse.resultat.personnages
  await modifier(liste => {
    for (const personnage of importes) {
      const index = liste.findIndex(p => p.id === personnage.id)
      if (index >= 0) liste[index] = personnage
      else liste.push(personnage)
    }
    return liste
  }, `${importes.length} personnage${importes.length > 1 ? "s importés" : " importé"}.`)
}

function outilsDeLaPage() {
  const outils = element("div", "regles-personnages__outils")
  const champ = element("input")
  champ.type = "file"
  champ.accept = "application/json,.json"
  champ.id = "regles-personnages-import"
  champ.className = "regles-personnages__fichier"
  champ.addEventListener("change", () => {
    if (champ.files[0]) importer(champ.files[0]).finally(() => (champ.value = ""))
  })
  const etiquette = element("label", "md-button", "Importer un fichier…")
  etiquette.htmlFor = champ.id
  const annulation = bouton("Annuler la dernière modification", annuler, "regles-personnages__annuler")
  annulation.disabled = true
  outils.append(
    champ,
    etiquette,
    bouton("Tout exporter", async () => {
      const { document: doc } = await charger()
      exporter(doc?.personnages ?? [], "personnages")
    }),
    annulation,
  )
  const messages = element("div", "regles-personnages__messages")
  messages.setAttribute("role", "status")
  messages.setAttribute("aria-live", "polite")
  outils.append(messages)
  return outils
}

function monterFiche(racine) {
  if (racine.reglesPersonnages) return
  racine.reglesPersonnages = true
  const formulaire = racine.querySelector(".regles-widget__formulaire")
  const edition = element("p", "regles-personnages__edition regles-texte regles-texte--note")
  edition.hidden = true
  formulaire.prepend(edition)
  const section = element("div", "regles-personnages")
  section.dataset.systeme = racine.dataset.systeme
  section.append(
    element("p", "regles-personnages__titre", `Personnages enregistrés — ${racine.dataset.systeme}`),
    element("p", "regles-personnages__vide", "Aucun personnage enregistré pour ce système."),
    element("ul", "regles-personnages__liste"),
    bouton("Imprimer une fiche vierge", () =>
      imprimer(racine.querySelector(".regles-widget__statique").cloneNode(true)),
    ),
  )
  racine.after(section)
  // « Enregistrer » answered: the engine checked the sheet; store its texts.
  racine.addEventListener("regles:resultat", evenement => {
    const { op, resultat } = evenement.detail
    if (!op.startsWith(OP_FICHE)) return
    const id = racine.dataset.edition
    const personnage = { id: id ?? nouvelId(), systeme: resultat.systeme, fiche: resultat.fiche }
    modifier(liste => {
      const index = liste.findIndex(p => p.id === personnage.id)
      if (index >= 0) liste[index] = personnage
      else liste.push(personnage)
      return liste
    }, `« ${resultat.fiche.nom} » enregistré sur cet appareil.`).then(fait => {
      if (fait) quitterEdition(racine)
    })
  })
}

async function monterPagePersonnages(racines) {
  if (!document.querySelector(".regles-personnages__outils")) {
    // Above the first system's heading: import and export serve every system.
    const titre = document.querySelector("article h2") ?? racines[0]
    titre.before(outilsDeLaPage())
  }
  racines.forEach(monterFiche)
  const { messages } = await charger()
  await afficherListes()
  if (messages.length) {
    const zone = zoneMessages()
    zone.replaceChildren(...messages.map(m => element("p", "regles-texte regles-texte--erreur", m)))
    if (lireStockage(CLE_ILLISIBLE)) {
      zone.append(
        bouton("Télécharger la copie brute", () =>
          telecharger("personnages-illisibles.json", lireStockage(CLE_ILLISIBLE) ?? ""),
        ),
      )
    }
  }
}

// == « Remplir depuis… » in every tool ==========================================================

function choix(libelle, options, surChoix, identifiant) {
  const groupe = element("div", "regles-champ regles-champ--choix regles-remplir__choix")
  const etiquette = element("label", null, libelle)
  etiquette.htmlFor = identifiant
  const liste = element("select")
  liste.id = identifiant
  liste.append(element("option", null, "—"))
  for (const [valeur, texte] of options) {
    const option = element("option", null, texte)
    option.value = valeur
    liste.append(option)
  }
  liste.firstChild.value = ""
  liste.addEventListener("change", () => liste.value && surChoix(liste.value))
  groupe.append(etiquette, liste)
  return groupe
}

function remplirChamp(formulaire, nom, valeur) {
  const champ = formulaire.elements.namedItem(nom)
  if (!champ || champ instanceof RadioNodeList) return
  if (champ.type === "checkbox") champ.checked = valeur === true || valeur === "true"
  else champ.value = String(valeur)
}

async function remplirDepuis(racine, personnage, zoneCompetence, camp = "") {
  const formulaire = racine.querySelector(".regles-widget__formulaire")
  const outil = racine.dataset.widget
  const reponse = await appeler("personnages.remplir", { outil, personnage, camp })
  const message = racine.querySelector(".regles-remplir__message")
  if (!reponse?.ok) {
    message.textContent = reponse?.erreur?.message ?? "Remplissage impossible."
    return
  }
  const { valeurs, champ_competence: champ, competences, nom } = reponse.resultat
  for (const [cle, valeur] of Object.entries(valeurs)) remplirChamp(formulaire, cle, valeur)
  const nombre = Object.keys(valeurs).length
  message.textContent = `Rempli depuis « ${nom} » : ${nombre} champ${nombre > 1 ? "s" : ""}.`
  zoneCompetence.replaceChildren()
  if (champ && competences.length) {
    zoneCompetence.append(
      choix(
        `Compétence de ${nom}`,
        competences.map(([texte, valeur], index) => [String(index), `${texte} (${valeur} %)`]),
        index => remplirChamp(formulaire, champ, competences[Number(index)][1]),
        `${racine.id}-remplir-competence`,
      ),
    )
  }
}

async function monterRemplir(racine) {
  if (racine.reglesRemplir) return
  racine.reglesRemplir = true
  const { document: doc } = await charger()
  const siens = (doc?.personnages ?? []).filter(p => p.systeme === racine.dataset.systeme)
  if (!siens.length || !racine.isConnected) return
  // The tool's sides (a duel's two fighters), written into the page from its declaration.
  const camps = JSON.parse(racine.dataset.camps ?? "[]")
  const formulaire = racine.querySelector(".regles-widget__formulaire")
  const zone = element("div", "regles-remplir")
  const zoneCompetence = element("div", "regles-remplir__competence")
  const options = siens.map(p => [p.id, p.fiche.nom])
  const choixDuCamp = ([camp, libelle]) =>
    choix(
      camp ? `${libelle} depuis…` : "Remplir depuis…",
      options,
      id => remplirDepuis(racine, siens.find(p => p.id === id), zoneCompetence, camp),
      `${racine.id}-remplir${camp ? `-${camp}` : ""}`,
    )
  zone.append(...(camps.length ? camps : [["", ""]]).map(choixDuCamp), zoneCompetence)
  const message = element("p", "regles-remplir__message regles-texte regles-texte--note")
  message.setAttribute("role", "status")
  zone.append(message)
  formulaire.prepend(zone)
}

function monterTout() {
  const racines = fiches()
  if (racines.length) monterPagePersonnages(racines)
  for (const racine of document.querySelectorAll("[data-widget][data-systeme]")) {
    if (!racine.dataset.widget.startsWith(PREFIXE_FICHE)) monterRemplir(racine)
  }
}

surChaquePage(monterTout)
