// The page « Personnages » (list, edit, duplicate, delete with confirmation and undo, export,
// import) and « Remplir depuis… » in every tool of a system. The rules engine checks every
// sheet and decides which fields a character fills (operations personnages.*); the store
// (personnages-magasin.js) keeps them; this module moves messages and updates the DOM. It
// keeps no list of fields: a form field is filled when its name is a key the engine answered.
// Every name a reader typed is isolated (<bdi>) in what it writes.
import { TAILLE_MAX_DOCUMENT } from "./constantes.js"
import { bouton, element, enNoeuds, fichierRefuse, importes, joindre, mots, phrase, telQuel } from "./personnages-messages.js"
import { creerMagasin, documentAExporter } from "./personnages-magasin.js"
import { creationsDeLaPage, creerCreation } from "./personnages-creation.js"

/** @typedef {import("./personnages-messages.js").Message} Message */
/** @typedef {import("./personnages-magasin.js").Personnage} Personnage */
/** @typedef {import("./personnages-magasin.js").Etape} Etape */
/** @typedef {import("./personnages-magasin.js").Stockage} Stockage */
/** @typedef {(op: string, args?: Record<string, unknown>) => Promise<any>} Appeler */
/** @typedef {(parent: Element, blocs: unknown[]) => void} Rendre */
/** @typedef {{message: Message, ok?: boolean, etape?: Etape}} Annonce */

const PREFIXE_FICHE = "personnage-"
const OP_FICHE = "personnages.personnage-"
/** A file bigger than this is refused before it is read (the engine refuses it anyway). */
const OCTETS_MAX = TAILLE_MAX_DOCUMENT

/**
 * An element holding a message, names in <bdi>.
 * @param {string} balise
 * @param {string | null} classe
 * @param {Message} message
 */
function enMessage(balise, classe, message) {
  const noeud = element(balise, classe)
  noeud.append(...enNoeuds(document, message))
  return noeud
}

/** @param {Element} racine */
function formulaireDe(racine) {
  return /** @type {HTMLFormElement} */ (racine.querySelector(".regles-widget__formulaire"))
}

/**
 * @param {HTMLFormElement} formulaire
 * @param {string} nom
 * @param {unknown} valeur
 */
function remplirChamp(formulaire, nom, valeur) {
  const champ = formulaire.elements.namedItem(nom)
  if (!champ || champ instanceof RadioNodeList) return
  const saisie = /** @type {HTMLInputElement} */ (champ)
  if (saisie.type === "checkbox") saisie.checked = valeur === true || valeur === "true"
  else saisie.value = String(valeur)
  // A field filled under « Plus d’options » is shown: the reader sees every value the sheet gave.
  saisie.closest("details")?.setAttribute("open", "")
}

/**
 * @param {string} nom
 * @param {string} texte
 */
function telecharger(nom, texte) {
  const lien = /** @type {HTMLAnchorElement} */ (element("a"))
  lien.href = URL.createObjectURL(new Blob([texte], { type: "application/json" }))
  lien.download = nom
  document.body.append(lien)
  lien.click()
  lien.remove()
  setTimeout(() => URL.revokeObjectURL(lien.href), 10_000)
}

/** @param {string} texte */
function nomDeFichier(texte) {
  const simple = texte.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
  return simple.replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "personnage"
}

function nouvelId() {
  return crypto.randomUUID?.() ?? `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
}

/**
 * The page's code, given the engine's client, the block rendering and the storage.
 * @param {{appeler: Appeler, rendre: Rendre, stockage: Stockage, fenetre: Window}} dependances
 */
export function creerPage({ appeler, rendre, stockage, fenetre }) {
  const magasin = creerMagasin({ stockage, chargeur: texte => appeler("personnages.charger", { texte }) })
  /** @type {WeakSet<Element>} */
  const montees = new WeakSet()
  const creation = creerCreation({ stockage, magasin, apresEnregistrement: () => afficherListes() })

  function fiches() {
    return [...document.querySelectorAll(`[data-widget^="${PREFIXE_FICHE}"]`)].map(e => /** @type {HTMLElement} */ (e))
  }

  function zoneGenerale() {
    return document.querySelector(".regles-personnages__messages")
  }

  /**
   * The message zone under a system's sheet.
   * @param {HTMLElement} racine
   */
  function zoneDeLaFiche(racine) {
    return racine.nextElementSibling?.querySelector(".regles-personnages__etat") ?? zoneGenerale()
  }

  /**
   * Show ``annonce`` in ``zone``, with « Annuler » when its step can still be undone.
   * @param {Element | null} zone
   * @param {Annonce} annonce
   */
  function annoncer(zone, { message, ok = true, etape }) {
    if (!zone) return
    const texte = enMessage("p", `regles-texte${ok ? "" : " regles-texte--erreur"}`, message)
    if (etape && magasin.peutAnnuler(etape)) texte.append(" ", bouton("Annuler", () => annuler(zone, etape)))
    zone.replaceChildren(texte)
  }

  /**
   * Undo ``etape`` (the latest when absent), said in ``zone``.
   * @param {Element | null} zone
   * @param {Etape} [etape]
   */
  async function annuler(zone, etape) {
    const resultat = await magasin.annuler(etape)
    annoncer(zone, { ...resultat, etape: resultat.ok ? undefined : etape })
    await afficherListes()
  }

  /**
   * Print only ``contenu`` (display blocks, or an element): a filled or a blank sheet.
   * @param {unknown[] | Element} contenu
   */
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
    fenetre.addEventListener("afterprint", finir, { once: true })
    fenetre.print()
  }

  /**
   * @param {HTMLElement} racine
   * @param {Personnage} personnage
   */
  async function imprimerPersonnage(racine, personnage) {
    const reponse = await appeler("personnages.feuille", { personnage })
    if (reponse?.ok) imprimer(reponse.resultat.affichage)
    else annoncer(zoneDeLaFiche(racine), { ok: false, message: telQuel(reponse?.erreur?.message ?? "Impression impossible.") })
  }

  /**
   * @param {Personnage[]} personnages
   * @param {string} nom
   */
  async function exporter(personnages, nom) {
    const { document: stocke, messages } = await magasin.charger()
    if (!stocke) {
      annoncer(zoneGenerale(), { ok: false, message: messages[0] ?? mots("Export impossible : personnages indisponibles.") })
      return
    }
    // Ended by a newline, as the command line writes the same file (`--exporter`), byte for byte.
    telecharger(`${nomDeFichier(nom)}.json`, `${JSON.stringify(documentAExporter(stocke, personnages), null, 2)}\n`)
  }

  /**
   * @param {HTMLElement} racine
   * @param {Personnage} personnage
   */
  function modifierDansLeFormulaire(racine, personnage) {
    const formulaire = formulaireDe(racine)
    for (const [nom, valeur] of Object.entries(personnage.fiche)) remplirChamp(formulaire, nom, valeur)
    racine.dataset.edition = personnage.id
    const note = /** @type {HTMLElement} */ (racine.querySelector(".regles-personnages__edition"))
    note.replaceChildren(
      enMessage("span", null, phrase`Modification de « ${personnage.fiche.nom} » : « Enregistrer » remplace sa fiche. `),
      bouton("Nouvelle fiche à la place", () => quitterEdition(racine)),
    )
    note.hidden = false
    const premier = /** @type {HTMLElement | null} */ (formulaire.querySelector("input, select, textarea"))
    premier?.focus()
  }

  /** @param {HTMLElement} racine */
  function quitterEdition(racine) {
    delete racine.dataset.edition
    const note = /** @type {HTMLElement} */ (racine.querySelector(".regles-personnages__edition"))
    note.hidden = true
    note.replaceChildren()
  }

  /**
   * @param {HTMLElement} racine
   * @param {HTMLElement} ligne
   * @param {Personnage} personnage
   */
  function demanderSuppression(racine, ligne, personnage) {
    const actions = /** @type {HTMLElement} */ (ligne.querySelector(".regles-personnages__actions"))
    actions.replaceChildren(
      enMessage("span", "regles-personnages__question", phrase`Supprimer « ${personnage.fiche.nom} » ? `),
      bouton(
        "Oui, supprimer",
        async () => {
          annoncer(zoneDeLaFiche(racine), await magasin.supprimer(personnage.id))
          await afficherListes()
        },
        "regles-personnages__confirmer",
      ),
      bouton("Non", () => afficherListes()),
    )
    actions.querySelector("button")?.focus()
  }

  /**
   * @param {HTMLElement} racine
   * @param {Personnage} personnage
   */
  async function dupliquer(racine, personnage) {
    const nom = personnage.fiche.nom
    const copie = { ...structuredClone(personnage), id: nouvelId(), fiche: { ...personnage.fiche, nom: `${nom} (copie)`.slice(0, 80) } }
    annoncer(zoneDeLaFiche(racine), await magasin.enregistrer(copie, phrase`« ${nom} » dupliqué.`))
    await afficherListes()
  }

  /**
   * @param {HTMLElement} racine
   * @param {Personnage} personnage
   */
  function ligneDePersonnage(racine, personnage) {
    const ligne = element("li", "regles-personnages__personnage")
    ligne.dataset.id = personnage.id
    ligne.append(element("bdi", "regles-personnages__nom", personnage.fiche.nom))
    const actions = element("span", "regles-personnages__actions")
    actions.append(
      bouton("Modifier", () => modifierDansLeFormulaire(racine, personnage)),
      bouton("Dupliquer", () => dupliquer(racine, personnage)),
      bouton("Exporter", () => exporter([personnage], personnage.fiche.nom)),
      bouton("Imprimer", () => imprimerPersonnage(racine, personnage)),
      bouton("Supprimer", () => demanderSuppression(racine, ligne, personnage)),
    )
    ligne.append(actions)
    return ligne
  }

  async function afficherListes() {
    const { document: stocke } = await magasin.charger()
    for (const racine of fiches()) {
      const section = racine.nextElementSibling
      if (!section?.classList.contains("regles-personnages")) continue
      const siens = (stocke?.personnages ?? []).filter(p => p.systeme === racine.dataset.systeme)
      const liste = /** @type {HTMLElement} */ (section.querySelector(".regles-personnages__liste"))
      liste.replaceChildren(...siens.map(p => ligneDePersonnage(racine, p)))
      const vide = /** @type {HTMLElement} */ (section.querySelector(".regles-personnages__vide"))
      vide.hidden = siens.length > 0
    }
    const annulation = /** @type {HTMLButtonElement | null} */ (document.querySelector(".regles-personnages__annuler"))
    if (annulation) annulation.disabled = magasin.annulables() === 0
  }

  /** @param {File} fichier */
  async function importer(fichier) {
    const zone = zoneGenerale()
    if (fichier.size > OCTETS_MAX) {
      annoncer(zone, { ok: false, message: fichierRefuse("il est trop gros pour un fichier de personnages (au plus 1 Mo).") })
      return
    }
    // Read as UTF-8, strictly: a file in another encoding would otherwise come in with its accented
    // letters replaced by « � », scrambled without a word.
    let texte
    try {
      texte = new TextDecoder("utf-8", { fatal: true }).decode(await fichier.arrayBuffer())
    } catch {
      const raison = "il n’est pas encodé en UTF-8, l’encodage des fichiers exportés par ce site."
      annoncer(zone, { ok: false, message: fichierRefuse(raison) })
      return
    }
    let reponse
    try {
      reponse = await appeler("personnages.importer", { texte })
    } catch (erreur) {
      const detail = erreur instanceof Error ? erreur.message : String(erreur)
      reponse = { ok: false, erreur: { message: `le moteur de règles n’a pas pu le lire (${detail}).` } }
    }
    if (!reponse?.ok) {
      annoncer(zone, { ok: false, message: fichierRefuse(reponse?.erreur?.message ?? "réponse illisible.") })
      return
    }
    /** @type {Personnage[]} */
    const personnages = reponse.resultat.personnages
    annoncer(zone, await magasin.importer(personnages, importes(personnages.length)))
    await afficherListes()
  }

  function outilsDeLaPage() {
    const outils = element("div", "regles-personnages__outils")
    const champ = /** @type {HTMLInputElement} */ (element("input"))
    champ.type = "file"
    champ.accept = "application/json,.json"
    champ.id = "regles-personnages-import"
    champ.className = "regles-personnages__fichier"
    champ.addEventListener("change", () => {
      const fichier = champ.files?.[0]
      if (fichier) importer(fichier).finally(() => (champ.value = ""))
    })
    const etiquette = /** @type {HTMLLabelElement} */ (element("label", "md-button", "Importer un fichier…"))
    etiquette.htmlFor = champ.id
    const annulation = bouton("Annuler la dernière modification", () => annuler(zoneGenerale()), "regles-personnages__annuler")
    annulation.disabled = true
    outils.append(
      champ,
      etiquette,
      bouton("Tout exporter", async () => {
        const { document: stocke } = await magasin.charger()
        await exporter(stocke?.personnages ?? [], "personnages")
      }),
      annulation,
    )
    const messages = element("div", "regles-personnages__messages")
    messages.setAttribute("role", "status")
    messages.setAttribute("aria-live", "polite")
    outils.append(messages)
    return outils
  }

  /** @param {HTMLElement} racine */
  function monterFiche(racine) {
    if (montees.has(racine)) return
    montees.add(racine)
    const systeme = racine.dataset.systeme ?? ""
    const edition = element("p", "regles-personnages__edition regles-texte regles-texte--note")
    edition.hidden = true
    formulaireDe(racine).prepend(edition)
    const section = element("div", "regles-personnages")
    section.dataset.systeme = systeme
    const etat = element("div", "regles-personnages__etat")
    etat.setAttribute("role", "status")
    etat.setAttribute("aria-live", "polite")
    section.append(
      element("p", "regles-personnages__titre", `Personnages enregistrés — ${systeme}`),
      element("p", "regles-personnages__vide", "Aucun personnage enregistré pour ce système."),
      element("ul", "regles-personnages__liste"),
      etat,
      bouton("Imprimer une fiche vierge", () =>
        imprimer(/** @type {Element} */ (racine.querySelector(".regles-widget__statique")?.cloneNode(true))),
      ),
    )
    racine.after(section)
    // « Enregistrer » answered: the engine checked the sheet; store its texts.
    racine.addEventListener("regles:resultat", async evenement => {
      const { op, resultat } = /** @type {CustomEvent<{op: string, resultat: any}>} */ (evenement).detail
      if (!op.startsWith(OP_FICHE)) return
      const personnage = { id: racine.dataset.edition ?? nouvelId(), systeme: resultat.systeme, fiche: resultat.fiche }
      const fait = await magasin.enregistrer(personnage)
      annoncer(etat, fait)
      if (fait.ok) quitterEdition(racine)
      await afficherListes()
    })
  }

  /** @param {HTMLElement[]} racines */
  async function monterPagePersonnages(racines) {
    if (!document.querySelector(".regles-personnages__outils")) {
      // Above the first system's heading: import and export serve every system.
      const titre = document.querySelector("article h2") ?? racines[0]
      titre.before(outilsDeLaPage())
    }
    racines.forEach(monterFiche)
    creationsDeLaPage().forEach(creation.monter)
    const { messages, copie } = await magasin.charger()
    await afficherListes()
    const zone = zoneGenerale()
    if (!messages.length || !zone) return
    zone.replaceChildren(...messages.map(m => enMessage("p", "regles-texte regles-texte--erreur", m)))
    if (copie !== null) {
      zone.append(bouton("Télécharger la copie brute", () => telecharger("personnages-illisibles.json", copie)))
    }
  }

  // == « Remplir depuis… » in every tool ========================================================

  /**
   * A list to choose from. Its label isolates a name; each <option> is a line of its own, whose
   * direction leaks on nothing else.
   * @param {Message} libelle
   * @param {[string, string][]} options
   * @param {(valeur: string) => unknown} surChoix
   * @param {string} identifiant
   */
  function choix(libelle, options, surChoix, identifiant) {
    const groupe = element("div", "regles-champ regles-champ--choix regles-remplir__choix")
    const etiquette = /** @type {HTMLLabelElement} */ (enMessage("label", null, libelle))
    etiquette.htmlFor = identifiant
    const liste = /** @type {HTMLSelectElement} */ (element("select"))
    liste.id = identifiant
    const vide = /** @type {HTMLOptionElement} */ (element("option", null, "—"))
    vide.value = ""
    liste.append(vide)
    for (const [valeur, texte] of options) {
      const option = /** @type {HTMLOptionElement} */ (element("option", null, texte))
      option.value = valeur
      liste.append(option)
    }
    liste.addEventListener("change", () => liste.value && surChoix(liste.value))
    groupe.append(etiquette, liste)
    return groupe
  }

  /**
   * @param {HTMLElement} racine
   * @param {Personnage} personnage
   * @param {HTMLElement} zoneCompetence
   * @param {string} camp
   */
  async function remplirDepuis(racine, personnage, zoneCompetence, camp) {
    const formulaire = formulaireDe(racine)
    const reponse = await appeler("personnages.remplir", { outil: racine.dataset.widget, personnage, camp })
    const message = /** @type {HTMLElement} */ (racine.querySelector(".regles-remplir__message"))
    if (!reponse?.ok) {
      message.replaceChildren(...enNoeuds(document, telQuel(reponse?.erreur?.message ?? "Remplissage impossible.")))
      return
    }
    // Each line the engine offers: [name, score, the other fields it fills (a weapon's FV…), its label].
    /** @type {{valeurs: Record<string, unknown>, champ_competence: string | null, titre_competence: string, competences: [string, number, Record<string, unknown>, string][], nom: string}} */
    const { valeurs, champ_competence: champ, titre_competence: titre, competences, nom } = reponse.resultat
    for (const [cle, valeur] of Object.entries(valeurs)) remplirChamp(formulaire, cle, valeur)
    const nombre = Object.keys(valeurs).length
    const nombres = mots(`${nombre} champ${nombre > 1 ? "s" : ""}.`)
    message.replaceChildren(...enNoeuds(document, joindre(phrase`Rempli depuis « ${nom} » : `, nombres)))
    zoneCompetence.replaceChildren()
    if (champ && competences.length) {
      zoneCompetence.append(
        choix(
          joindre(mots(`${titre} de `), phrase`${nom}`),
          competences.map(([, , , libelle], index) => [String(index), libelle]),
          index => {
            const [, valeur, autres] = competences[Number(index)]
            remplirChamp(formulaire, champ, valeur)
            for (const [cle, texte] of Object.entries(autres)) remplirChamp(formulaire, cle, texte)
          },
          `${racine.id}-remplir-competence`,
        ),
      )
    }
  }

  /** @param {HTMLElement} racine */
  async function monterRemplir(racine) {
    const { document: stocke } = await magasin.charger()
    const formulaire = formulaireDe(racine)
    formulaire.querySelector(".regles-remplir")?.remove()
    const siens = (stocke?.personnages ?? []).filter(p => p.systeme === racine.dataset.systeme)
    if (!siens.length || !racine.isConnected) return
    // The tool's sides (a duel's two fighters), written into the page from its declaration.
    /** @type {[string, string][]} */
    const camps = JSON.parse(racine.dataset.camps ?? "[]")
    const zone = element("div", "regles-remplir")
    const zoneCompetence = element("div", "regles-remplir__competence")
    /** @type {[string, string][]} */
    const options = siens.map(p => [p.id, p.fiche.nom])
    /** @param {[string, string]} camp */
    const choixDuCamp = ([camp, libelle]) =>
      choix(
        mots(camp ? `${libelle} depuis…` : "Remplir depuis…"),
        options,
        id => remplirDepuis(racine, /** @type {Personnage} */ (siens.find(p => p.id === id)), zoneCompetence, camp),
        `${racine.id}-remplir${camp ? `-${camp}` : ""}`,
      )
    zone.append(...(camps.length ? camps : [/** @type {[string, string]} */ (["", ""])]).map(choixDuCamp), zoneCompetence)
    const message = element("p", "regles-remplir__message regles-texte regles-texte--note")
    message.setAttribute("role", "status")
    zone.append(message)
    formulaire.prepend(zone)
  }

  function outilsAvecRemplir() {
    return [...document.querySelectorAll("[data-widget][data-systeme]")]
      .map(e => /** @type {HTMLElement} */ (e))
      .filter(racine => !(racine.dataset.widget ?? "").startsWith(PREFIXE_FICHE))
      // A creation makes a character: it is not filled from one.
      .filter(racine => !creationsDeLaPage().includes(racine))
  }

  /** Another tab changed the characters: the lists and « Remplir depuis » show them now. */
  async function rafraichir() {
    await afficherListes()
    for (const racine of outilsAvecRemplir()) {
      // Rebuilt only when nothing was chosen in it: a reader's choice is not taken away.
      const choisi = [...racine.querySelectorAll(".regles-remplir select")].some(s => /** @type {HTMLSelectElement} */ (s).value)
      if (!choisi) await monterRemplir(racine)
    }
  }

  magasin.ecouter(fenetre, () => {
    rafraichir()
  })

  function monterTout() {
    const racines = fiches()
    if (racines.length) monterPagePersonnages(racines)
    for (const racine of outilsAvecRemplir()) {
      if (montees.has(racine)) continue
      montees.add(racine)
      monterRemplir(racine)
    }
  }

  return { monterTout, magasin }
}
