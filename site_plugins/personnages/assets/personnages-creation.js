// A character created step by step on the page « Personnages » (any creation tool: creation-basic,
// creation-kar, creation-el-toto, creation-actions). The tool's form is drawn at build time from its
// Python declaration; each of its groups of fields is one step, and a last step shows the summary.
// At every change the form is sent to the rules engine (through the widget's own submit), which
// answers what it computes (shown as you go), what is missing and, once nothing is, the character
// to save; Basic maison's answer also carries every skill with its base, the budgets left and the
// skills over the ceiling. This module only shows one step at a time, draws the points' boxes when
// the answer carries them, keeps the half-made character on the device (a versioned draft, one per
// tool) and saves the finished one in the store.
import { bouton, element, enNoeuds, mots, phrase, typographie } from "./personnages-messages.js"

/** @typedef {import("./personnages-messages.js").Message} Message */
/** @typedef {import("./personnages-magasin.js").Personnage} Personnage */
/** @typedef {import("./personnages-magasin.js").Stockage} Stockage */
/** @typedef {import("./personnages-magasin.js").Magasin} Magasin */

/**
 * One skill of the creation, as the engine answers it.
 * @typedef {{ligne: string, categorie: string, formule: string, base: number, culture: number,
 *   profession: number, libre: number, valeur: number, au_dessus_du_maximum: boolean,
 *   de_la_culture: boolean, choix: string}} LigneDeCreation
 */
/** @typedef {{cle: string, libelle: string, colonne: string, budget: number, depense: number, reste: number}} Budget */
/** @typedef {{libelle: string, modele: string, specialite: string, formule: string, de_la_culture: boolean}} Proposee */
/**
 * What the engine answers at each step: every creation tool answers `apercu`, `manques` and
 * `personnage`; a creation with points to spend (Basic maison) also names `champ_des_points`.
 * @typedef {{lignes?: LigneDeCreation[], budgets?: Budget[], proposees?: Proposee[], plafond?: number,
 *   apercu: [string, string | number][], champ_des_points?: string, manques: string[],
 *   violations?: string[], personnage: Personnage | null}} Etape
 */
/** @typedef {Etape & {lignes: LigneDeCreation[], budgets: Budget[], proposees: Proposee[], plafond: number, champ_des_points: string}} EtapeAvecPoints */
/** The points a reader typed for one skill, pool by pool (the pools' keys are the engine's). */
/** @typedef {{ligne: string, categorie: string, points: Record<string, string>}} Saisie */
/** @typedef {{version: number, outil: string, etape: number, valeurs: Record<string, string>}} Brouillon */

/** The schema of a draft, and its version: a draft of another version is read by `lireBrouillon`. */
export const SCHEMA_BROUILLON = "regles-creation-brouillon"
export const VERSION_BROUILLON = 1
/** A draft longer than this is not kept (a creation's fields hold a few hundred characters). */
export const TAILLE_MAX_BROUILLON = 20_000
const PREFIXE_CREATION = "creation-"
const ATTENTE = 300

/**
 * The storage key of a tool's draft.
 * @param {string} outil
 */
export function cleDuBrouillon(outil) {
  return `${SCHEMA_BROUILLON}:${outil}`
}

/**
 * A draft as stored: the form's texts by field name, and the step the reader was at.
 * @param {string} outil
 * @param {number} etape
 * @param {Record<string, string>} valeurs
 * @returns {string}
 */
export function encoderBrouillon(outil, etape, valeurs) {
  return JSON.stringify({ schema: SCHEMA_BROUILLON, version: VERSION_BROUILLON, outil, etape, valeurs })
}

/**
 * A stored draft read back, or null when there is none or it cannot be read (never an exception):
 * only texts are kept, and the step is a whole number. A draft of version 0 (the form's texts
 * alone, without step) is migrated: it reopens at the first step.
 * @param {string | null} texte
 * @param {string} outil
 * @returns {Brouillon | null}
 */
export function lireBrouillon(texte, outil) {
  if (typeof texte !== "string" || !texte || texte.length > TAILLE_MAX_BROUILLON) return null
  let donnees
  try {
    donnees = JSON.parse(texte)
  } catch {
    return null
  }
  if (donnees === null || typeof donnees !== "object" || Array.isArray(donnees)) return null
  if (donnees.schema !== SCHEMA_BROUILLON) return null
  if (donnees.version === 0) donnees = { ...donnees, version: 1, etape: 0, outil }
  if (donnees.version !== VERSION_BROUILLON || donnees.outil !== outil) return null
  const brutes = donnees.valeurs
  if (brutes === null || typeof brutes !== "object" || Array.isArray(brutes)) return null
  /** @type {Record<string, string>} */
  const valeurs = {}
  for (const [nom, valeur] of Object.entries(brutes)) if (typeof valeur === "string") valeurs[nom] = valeur
  const etape = Number.isInteger(donnees.etape) && donnees.etape >= 0 ? donnees.etape : 0
  return { version: VERSION_BROUILLON, outil, etape, valeurs }
}

/**
 * The points typed, one skill a line, as the engine reads them: « compétence : culture/profession/libres »
 * (a pool left empty is 0). A standard skill with no points stays out (it keeps its base); a
 * professional skill the reader added stays, even at 0.
 * @param {Saisie[]} saisies
 * @param {string[]} pools the pools' keys, in the engine's order
 * @returns {string}
 */
export function texteDesPoints(saisies, pools) {
  return saisies
    .map(({ ligne, categorie, points }) => {
      const nombres = pools.map(pool => (points[pool] ?? "").trim() || "0")
      const aucun = nombres.every(n => n === "0")
      return aucun && categorie === "standard" ? "" : `${ligne} : ${nombres.join("/")}`
    })
    .filter(Boolean)
    .join("\n")
}

/**
 * Whether the engine's answer carries points to spend (the boxes are drawn only then).
 * @param {Etape} reponse
 * @returns {reponse is EtapeAvecPoints}
 */
export function avecDesPoints(reponse) {
  return typeof reponse.champ_des_points === "string" && Array.isArray(reponse.lignes) && Array.isArray(reponse.budgets)
}

/**
 * A skill's name as the page shows it: the engine's straight apostrophe made curly (« Jouer d’un
 * Instrument »); the name written in the points keeps the engine's spelling.
 * @param {string} nom
 */
export function nomAffiche(nom) {
  return nom.replace(/'/g, "\u2019")
}

/**
 * @param {Element} zone
 * @param {Message} message
 */
function ecrireMessage(zone, message) {
  zone.replaceChildren(...enNoeuds(document, message))
}

/**
 * The named fields of a form, as their texts (what the engine reads and the draft keeps).
 * @param {HTMLFormElement} formulaire
 * @returns {Record<string, string>}
 */
function textesDuFormulaire(formulaire) {
  /** @type {Record<string, string>} */
  const valeurs = {}
  for (const champ of formulaire.querySelectorAll("input[name], select[name], textarea[name]")) {
    const saisie = /** @type {HTMLInputElement} */ (champ)
    valeurs[saisie.name] = saisie.type === "checkbox" ? String(saisie.checked) : saisie.value
  }
  return valeurs
}

/**
 * The creation step by step, given the storage, the characters' store and what to do after a save.
 * @param {{stockage: Stockage, magasin: Magasin, apresEnregistrement: () => Promise<unknown>}} dependances
 */
export function creerCreation({ stockage, magasin, apresEnregistrement }) {
  /** @type {WeakSet<Element>} */
  const montees = new WeakSet()

  /** @param {HTMLElement} racine */
  function monter(racine) {
    if (montees.has(racine)) return
    montees.add(racine)
    // A creation is checked as it opens and at every change: its answers never take the page's
    // address (a link from the tools' index aims at one creation among four; the draft is kept
    // on the device instead of in the address).
    racine.dataset.adresse = "brouillon"
    const outil = racine.dataset.widget ?? ""
    const formulaire = /** @type {HTMLFormElement} */ (racine.querySelector(".regles-widget__formulaire"))
    const envoi = /** @type {HTMLButtonElement} */ (formulaire.querySelector("button[data-op]"))
    const op = envoi.dataset.op ?? ""
    // The form's own button stays (a check on demand); « Suivant » is the step's main button.
    envoi.classList.remove("md-button--primary")
    const groupes = /** @type {HTMLElement[]} */ ([...formulaire.querySelectorAll(":scope > .regles-widget__groupe")])
    const titres = [...groupes.map(g => g.querySelector("legend, summary")?.textContent ?? ""), "Récapitulatif"]
    const final = titres.length - 1
    racine.classList.add("regles-creation")

    const titre = element("p", "regles-creation__etape")
    titre.setAttribute("aria-live", "polite")
    const apercu = element("p", "regles-creation__apercu regles-texte regles-texte--note")
    const points = element("div", "regles-creation__points")
    const budgets = element("p", "regles-creation__budgets")
    budgets.setAttribute("role", "status")
    const lignes = element("div", "regles-creation__lignes")
    const ajout = element("div", "regles-creation__ajout")
    points.append(budgets, lignes, ajout)
    const recapitulatif = element("div", "regles-creation__recapitulatif")
    const manques = element("p", "regles-texte regles-texte--note")
    const message = element("p", "regles-creation__message regles-texte")
    message.setAttribute("role", "status")
    const enregistrer = bouton("Enregistrer le personnage", () => sauver(), "md-button--primary regles-creation__enregistrer")
    const recommencer = bouton("Nouvelle création", () => nouvelle(), "regles-creation__nouvelle")
    recommencer.hidden = true
    recapitulatif.append(manques, enregistrer, message, recommencer)
    const precedent = bouton("Précédent", () => aller(etape - 1), "regles-creation__precedent")
    const suivant = bouton("Suivant", () => aller(etape + 1), "md-button--primary regles-creation__suivant")
    const navigation = element("div", "regles-creation__navigation")
    navigation.append(precedent, suivant)
    const reprise = element("p", "regles-creation__reprise regles-texte regles-texte--note")
    reprise.hidden = true
    formulaire.prepend(titre, reprise)
    formulaire.append(apercu, recapitulatif, navigation)

    let etape = 0
    /** @type {Etape | null} */
    let dernier = null
    let minuterie = 0
    let enAttente = false
    // The form's changes, counted: the character may be saved only from the answer to the last one
    // (typed, then « Suivant » and « Enregistrer » at once, the answer to the earlier form is stale).
    let saisies = 0
    let envoyees = 0
    let repondues = -1

    function sauverBrouillon() {
      try {
        stockage.setItem(cleDuBrouillon(outil), encoderBrouillon(outil, etape, textesDuFormulaire(formulaire)))
      } catch {
        // The draft is a convenience: the creation goes on without it (private browsing, full storage).
      }
    }

    /** @param {number} numero */
    function aller(numero) {
      etape = Math.max(0, Math.min(final, numero))
      groupes.forEach((groupe, index) => (groupe.hidden = index !== etape))
      racine.toggleAttribute("data-recapitulatif", etape === final)
      recapitulatif.hidden = etape !== final
      precedent.disabled = etape === 0
      suivant.hidden = etape === final
      titre.textContent = typographie(`Étape ${etape + 1} sur ${titres.length} : ${titres[etape]}`)
      sauverBrouillon()
      if (envoyees !== saisies) verifier()
      afficher()
    }

    /** Ask the engine again (the widget's own submit), once it is ready. */
    function verifier() {
      clearTimeout(minuterie)
      if (racine.dataset.state !== "ready") {
        enAttente = true
        return
      }
      enAttente = false
      envoyees = saisies
      formulaire.requestSubmit(envoi)
    }

    /** The form changed: what the engine answered before is stale until it answers again. */
    function perime() {
      saisies += 1
      enregistrer.disabled = true
    }

    function plusTard() {
      perime()
      clearTimeout(minuterie)
      minuterie = window.setTimeout(verifier, ATTENTE)
    }

    /** The field where the points are written, hidden: the boxes write it. */
    function champDesPoints() {
      if (!dernier || !avecDesPoints(dernier)) return null
      return /** @type {HTMLTextAreaElement | null} */ (formulaire.elements.namedItem(dernier.champ_des_points))
    }

    function ecrirePoints() {
      const champ = champDesPoints()
      if (!champ || !dernier || !avecDesPoints(dernier)) return
      const pools = dernier.budgets.map(b => b.cle)
      /** @type {Saisie[]} */
      const saisies = [...lignes.querySelectorAll(".regles-creation__ligne")].map(noeud => {
        const ligne = /** @type {HTMLElement} */ (noeud)
        /** @type {Record<string, string>} */
        const valeurs = {}
        for (const boite of ligne.querySelectorAll("input[data-pool]")) {
          const saisie = /** @type {HTMLInputElement} */ (boite)
          valeurs[saisie.dataset.pool ?? ""] = saisie.value
        }
        return { ligne: ligne.dataset.ligne ?? "", categorie: ligne.dataset.categorie ?? "", points: valeurs }
      })
      champ.value = texteDesPoints(saisies, pools)
      sauverBrouillon()
      plusTard()
    }

    /**
     * One skill's line: name, base and formula, value, the three boxes, the ceiling's warning.
     * @param {LigneDeCreation} donnee
     * @param {Budget[]} pools
     */
    function nouvelleLigne(donnee, pools) {
      const noeud = element("div", "regles-creation__ligne")
      noeud.dataset.ligne = donnee.ligne
      noeud.dataset.categorie = donnee.categorie
      const tete = element("p", "regles-creation__competence")
      tete.append(element("bdi", "regles-creation__nom", nomAffiche(donnee.ligne)), " ", element("span", "regles-creation__base"), " ", element("strong", "regles-creation__valeur"))
      const offre = element("p", "regles-creation__offre regles-texte--note")
      const cases = element("div", "regles-creation__cases")
      for (const pool of pools) {
        const etiquette = element("label", "regles-creation__case")
        const boite = /** @type {HTMLInputElement} */ (element("input"))
        boite.type = "number"
        boite.inputMode = "numeric"
        boite.min = "0"
        boite.dataset.pool = pool.cle
        boite.value = String(donnee[/** @type {"culture" | "profession" | "libre"} */ (pool.cle)] ?? 0)
        boite.setAttribute("aria-label", typographie(`${nomAffiche(donnee.ligne)} : ${pool.libelle}`))
        etiquette.append(element("span", null, pool.colonne), boite)
        cases.append(etiquette)
      }
      const alerte = element("p", "regles-creation__alerte regles-texte--erreur")
      noeud.append(tete, offre, cases, alerte)
      if (donnee.categorie !== "standard") {
        noeud.append(
          bouton("Retirer", () => {
            noeud.remove()
            ecrirePoints()
          }, "regles-creation__retirer"),
        )
      }
      return noeud
    }

    /**
     * Update a line from the engine's answer (the boxes keep what the reader types).
     * @param {HTMLElement} noeud
     * @param {LigneDeCreation} donnee
     * @param {number} plafond
     */
    function mettreAJour(noeud, donnee, plafond) {
      const base = /** @type {HTMLElement} */ (noeud.querySelector(".regles-creation__base"))
      base.textContent = `base ${donnee.base} (${donnee.formule})`
      const valeur = /** @type {HTMLElement} */ (noeud.querySelector(".regles-creation__valeur"))
      valeur.textContent = `${donnee.valeur}\u00a0%`
      const offre = /** @type {HTMLElement} */ (noeud.querySelector(".regles-creation__offre"))
      offre.textContent = donnee.de_la_culture ? typographie(`Compétence de la culture${donnee.choix ? ` (${donnee.choix})` : ""}`) : ""
      offre.hidden = !donnee.de_la_culture
      const alerte = /** @type {HTMLElement} */ (noeud.querySelector(".regles-creation__alerte"))
      alerte.textContent = typographie(`Au-dessus de ${plafond} % à la création (base comprise).`).replace(" %", "\u00a0%")
      alerte.hidden = !donnee.au_dessus_du_maximum
      noeud.toggleAttribute("data-depasse", donnee.au_dessus_du_maximum)
    }

    /** @param {EtapeAvecPoints} reponse */
    function dessinerPoints(reponse) {
      const existantes = new Map(
        [...lignes.querySelectorAll(".regles-creation__ligne")].map(n => [/** @type {HTMLElement} */ (n).dataset.ligne, /** @type {HTMLElement} */ (n)]),
      )
      const ordre = reponse.lignes.map(donnee => {
        const noeud = existantes.get(donnee.ligne) ?? nouvelleLigne(donnee, reponse.budgets)
        mettreAJour(noeud, donnee, reponse.plafond)
        return noeud
      })
      const actuel = [...lignes.children]
      if (ordre.length !== actuel.length || ordre.some((noeud, index) => noeud !== actuel[index])) lignes.replaceChildren(...ordre)
      budgets.replaceChildren(
        ...reponse.budgets.flatMap((budget, index) => {
          const morceau = element("span", `regles-creation__budget${budget.reste < 0 ? " regles-texte--erreur" : ""}`)
          morceau.textContent = typographie(`${budget.colonne} : ${String(budget.reste).replace("-", "\u2212")} sur ${budget.budget}`)
          morceau.dataset.pool = budget.cle
          return index ? [" · ", morceau] : [morceau]
        }),
      )
      if (!ajout.childElementCount) dessinerAjout(reponse.proposees)
      const champ = champDesPoints()
      const cadre = champ?.closest(".regles-widget__groupe")
      if (champ && cadre && points.parentElement !== cadre) {
        champ.closest(".regles-champ")?.setAttribute("hidden", "")
        cadre.append(points)
      }
    }

    /** @param {Proposee[]} proposees */
    function dessinerAjout(proposees) {
      const id = `${racine.id}-ajout`
      const etiquette = /** @type {HTMLLabelElement} */ (element("label", null, "Ajouter une compétence professionnelle"))
      etiquette.htmlFor = id
      const liste = /** @type {HTMLSelectElement} */ (element("select"))
      liste.id = id
      proposees.forEach((p, index) => {
        const option = /** @type {HTMLOptionElement} */ (element("option", null, `${nomAffiche(p.libelle)} (${p.formule})${p.de_la_culture ? " — culture" : ""}`))
        option.value = String(index)
        liste.append(option)
      })
      const etiquetteSpecialite = /** @type {HTMLLabelElement} */ (element("label"))
      etiquetteSpecialite.htmlFor = `${id}-specialite`
      const specialite = /** @type {HTMLInputElement} */ (element("input"))
      specialite.id = `${id}-specialite`
      specialite.type = "text"
      specialite.maxLength = 40
      const note = element("p", "regles-texte regles-texte--erreur")
      note.setAttribute("role", "status")
      const montrerSpecialite = () => {
        const choisie = proposees[Number(liste.value)]
        const avec = Boolean(choisie?.modele.includes("{}"))
        etiquetteSpecialite.textContent = avec ? typographie(`Précisez : ${choisie.specialite}`) : ""
        etiquetteSpecialite.hidden = !avec
        specialite.hidden = !avec
      }
      liste.addEventListener("change", montrerSpecialite)
      const ajouter = bouton("Ajouter", () => {
        const choisie = proposees[Number(liste.value)]
        if (!choisie) return
        const precision = specialite.value.trim()
        if (choisie.modele.includes("{}") && !precision) {
          ecrireMessage(note, mots(`Précisez : ${choisie.specialite}.`))
          specialite.focus()
          return
        }
        note.replaceChildren()
        const ligne = choisie.modele.replace("{}", precision)
        const champ = champDesPoints()
        if (!champ || !dernier || !avecDesPoints(dernier)) return
        const zeros = dernier.budgets.map(() => "0").join("/")
        champ.value = [champ.value.trim(), `${ligne} : ${zeros}`].filter(Boolean).join("\n")
        specialite.value = ""
        sauverBrouillon()
        perime()
        verifier()
      })
      ajout.append(etiquette, liste, etiquetteSpecialite, specialite, ajouter, note)
      montrerSpecialite()
    }

    /** The lines of the current step that come from the engine's answer. */
    function afficher() {
      if (!dernier) return
      apercu.textContent = typographie(dernier.apercu.map(([libelle, valeur]) => `${libelle} : ${valeur}`).join(" · "))
      enregistrer.disabled = !dernier.personnage || repondues !== saisies
      ecrireMessage(manques, mots(dernier.manques.join(" ")))
      manques.hidden = !dernier.manques.length
    }

    /** @param {Etape} reponse */
    function recevoir(reponse) {
      dernier = reponse
      repondues = envoyees
      if (avecDesPoints(reponse)) dessinerPoints(reponse)
      afficher()
    }

    async function sauver() {
      const personnage = dernier?.personnage
      if (!personnage || repondues !== saisies) return
      const fait = await magasin.enregistrer(personnage, phrase`« ${personnage.fiche.nom} » créé et enregistré sur cet appareil.`)
      ecrireMessage(message, fait.message)
      message.classList.toggle("regles-texte--erreur", !fait.ok)
      if (!fait.ok) return
      try {
        stockage.removeItem(cleDuBrouillon(outil))
      } catch {
        // Nothing to remove where the storage refuses even to be read: no draft was kept.
      }
      recommencer.hidden = false
      await apresEnregistrement()
    }

    /** Start again from a blank form (the saved character stays in the list). */
    function nouvelle() {
      formulaire.reset()
      lignes.replaceChildren()
      message.replaceChildren()
      recommencer.hidden = true
      reprise.hidden = true
      try {
        stockage.removeItem(cleDuBrouillon(outil))
      } catch {
        // A storage that refuses even removals kept no draft.
      }
      perime()
      aller(0)
    }

    racine.addEventListener("regles:resultat", evenement => {
      const detail = /** @type {CustomEvent<{op: string, resultat: Etape}>} */ (evenement).detail
      if (detail.op === op) recevoir(detail.resultat)
    })
    formulaire.addEventListener("input", evenement => {
      const cible = /** @type {HTMLElement} */ (evenement.target)
      if (cible.closest(".regles-creation__ajout")) return
      if (cible.closest(".regles-creation__lignes")) ecrirePoints()
      else {
        sauverBrouillon()
        plusTard()
      }
    })
    // The engine is ready (or a draft waits): the first check draws the skills.
    new MutationObserver(() => {
      if (enAttente && racine.dataset.state === "ready") verifier()
    }).observe(racine, { attributes: true, attributeFilter: ["data-state"] })

    let brouillon = null
    try {
      brouillon = lireBrouillon(stockage.getItem(cleDuBrouillon(outil)), outil)
    } catch {
      brouillon = null // a storage that refuses reads: the creation starts blank
    }
    if (brouillon) {
      for (const [nom, valeur] of Object.entries(brouillon.valeurs)) {
        const champ = formulaire.elements.namedItem(nom)
        if (champ && !(champ instanceof RadioNodeList)) /** @type {HTMLInputElement} */ (champ).value = valeur
      }
      reprise.textContent = typographie("Création reprise là où vous l’aviez laissée.")
      reprise.hidden = false
    }
    aller(brouillon?.etape ?? 0)
    verifier()
  }

  return { monter }
}

/** The creation tools of a page (their page names begin with « creation- »). */
export function creationsDeLaPage() {
  return [...document.querySelectorAll(`[data-widget^="${PREFIXE_CREATION}"]`)].map(e => /** @type {HTMLElement} */ (e))
}
