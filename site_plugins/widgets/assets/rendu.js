// Display blocks of rules_py.web.affichage → DOM. Text only ever goes in through
// textContent: nothing a reader typed or a result holds can become HTML.

import { BIDI as MARQUES, ISOLE as ISOLE_SOURCE } from "./constantes.js"

// What the reader typed, between U+2068 and U+2069: split out whole (the marks kept), its inside isolated.
const ISOLE = new RegExp(`(${ISOLE_SOURCE})`, "u")
// The invisible marks that reorder text (Python's list). The site's own texts never hold one: outside
// an isolate, one came from a reader (a name the engine echoed as it was) and must not reorder what
// follows it.
const BIDI = new RegExp(`[${MARQUES}]`, "u")
const BIDI_CHAQUE = new RegExp(BIDI.source, "gu")

/**
 * A display block of rules_py.web.affichage, as the engine's JSON gives it (its keys by its ``type``).
 * @typedef {{type?: string, [cle: string]: any}} Bloc
 */

/** @param {string} texte */
function isoler(texte) {
  const isole = document.createElement("bdi")
  isole.textContent = texte
  return isole
}

/**
 * Put ``texte`` in ``noeud``: what the reader typed (between U+2068 and U+2069) goes in a <bdi>. Any
 * other mark that reorders text is made harmless: a ``valeur`` (a table cell, a value: one datum, a
 * name) is isolated whole in a <bdi>; in a sentence each such mark is shown as its code (« [U+202E] »).
 * @param {Element} noeud
 * @param {unknown} texte
 * @param {{valeur?: boolean}} [options]
 */
export function ecrire(noeud, texte, { valeur = false } = {}) {
  const morceaux = String(texte).split(ISOLE)
  noeud.textContent = ""
  morceaux.forEach((morceau, rang) => {
    if (rang % 2 === 1) noeud.append(isoler(morceau.slice(1, -1)))
    else if (!BIDI.test(morceau)) noeud.append(morceau)
    else if (valeur && morceaux.length === 1) noeud.append(isoler(morceau))
    else {
      const code = (/** @type {string} */ marque) => `[U+${Number(marque.codePointAt(0)).toString(16).toUpperCase().padStart(4, "0")}]`
      noeud.append(morceau.replace(BIDI_CHAQUE, code))
    }
  })
}

/**
 * @template {keyof HTMLElementTagNameMap} B
 * @param {B} balise
 * @param {string | null} [classe]
 * @param {unknown} [texte]
 * @param {{valeur?: boolean}} [options]
 * @returns {HTMLElementTagNameMap[B]}
 */
function element(balise, classe, texte, options) {
  const noeud = document.createElement(balise)
  if (classe) noeud.className = classe
  if (texte !== undefined && texte !== null) ecrire(noeud, texte, options)
  return noeud
}

const VALEUR = { valeur: true }

/** @type {Record<string, (bloc: Bloc) => HTMLElement>} */
const RENDUS = {
  texte(bloc) {
    return element("p", "regles-texte" + (bloc.classe ? ` regles-texte--${bloc.classe}` : ""), bloc.texte)
  },
  valeurs(bloc) {
    const liste = element("dl", "regles-valeurs")
    for (const [libelle, valeur] of bloc.lignes) {
      const groupe = element("div")
      groupe.append(element("dt", null, libelle), element("dd", null, valeur, VALEUR))
      liste.append(groupe)
    }
    return liste
  },
  tableau(bloc) {
    const conteneur = element("div", "regles-tableau")
    const table = element("table", "regles-tableau__table")
    if (bloc.legende) table.append(element("caption", null, bloc.legende))
    const tete = element("tr")
    for (const entete of bloc.entetes) {
      const cellule = element("th", null, entete)
      cellule.scope = "col"
      tete.append(cellule)
    }
    const thead = element("thead")
    thead.append(tete)
    const corps = element("tbody")
    bloc.lignes.forEach((/** @type {unknown[]} */ ligne, /** @type {number} */ index) => {
      const rang = element("tr", index === bloc.surligne ? "regles-surligne" : null)
      if (index === bloc.surligne) rang.setAttribute("aria-current", "true")
      ligne.forEach((valeur, numero) => {
        const cellule = element(numero === 0 ? "th" : "td", null, valeur, VALEUR)
        if (numero === 0) /** @type {HTMLTableCellElement} */ (cellule).scope = "row"
        rang.append(cellule)
      })
      corps.append(rang)
    })
    table.append(thead, corps)
    conteneur.append(table)
    return conteneur
  },
  barres(bloc) {
    const figure = element("figure", "regles-barres")
    figure.append(element("figcaption", null, bloc.legende))
    const table = element("table", "regles-barres__table")
    const corps = element("tbody")
    for (const barre of bloc.barres) {
      const rang = element("tr", barre.surligne ? "regles-surligne" : null)
      const etiquette = element("th", null, barre.etiquette)
      etiquette.scope = "row"
      const cellule = element("td")
      const trait = element("span", "regles-barre")
      trait.style.setProperty("--part", String(Number(barre.part) || 0))
      cellule.append(trait)
      rang.append(etiquette, cellule, element("td", null, barre.texte))
      corps.append(rang)
    }
    table.append(corps)
    figure.append(table)
    return figure
  },
  des(bloc) {
    const rangee = element("p", "regles-des-tires")
    for (const de of bloc.des) {
      const face = element("span", "regles-de" + (de.classe ? ` regles-de--${de.classe}` : ""), de.valeur)
      face.title = `d${de.faces}`
      rangee.append(face)
    }
    return rangee
  },
  liste(bloc) {
    const liste = element("ul", "regles-liste")
    for (const texte of bloc.elements) liste.append(element("li", null, texte))
    return liste
  },
  boutons(bloc) {
    const groupe = element("div", "regles-boutons")
    if (bloc.legende) {
      groupe.setAttribute("role", "group")
      groupe.setAttribute("aria-label", bloc.legende)
      groupe.append(element("p", "regles-boutons__legende", bloc.legende))
    }
    for (const entree of bloc.boutons) {
      const bouton = element("button", "md-button regles-bouton", entree.libelle)
      bouton.type = "button"
      bouton.disabled = !entree.actif
      if (entree.titre) bouton.title = entree.titre
      bouton.dataset.action = JSON.stringify({ op: entree.op, args: entree.args ?? {} })
      groupe.append(bouton)
    }
    return groupe
  },
}

/**
 * Replace the children of ``parent`` with the rendering of ``blocs``.
 * @param {Element | DocumentFragment} parent
 * @param {unknown} blocs
 */
export function rendre(parent, blocs) {
  const fragment = document.createDocumentFragment()
  for (const bloc of Array.isArray(blocs) ? blocs : []) {
    const rendu = Object.hasOwn(RENDUS, bloc?.type) ? RENDUS[bloc.type] : undefined
    if (rendu) fragment.append(rendu(bloc))
    else {
      // A block this page does not know (an engine newer than the page): say so, never drop it.
      console.error("Bloc d’affichage inconnu :", bloc)
      fragment.append(RENDUS.texte({ texte: `Partie du résultat illisible par cette page (bloc « ${String(bloc?.type).slice(0, 30)} »). Rechargez la page.`, classe: "erreur" }))
    }
  }
  parent.replaceChildren(fragment)
}

/** @type {Set<unknown>} */
const DETAIL = new Set(["tableau", "barres"])
const LARGE = "(min-width: 45em)"

/** A tool's answer, outcome first: the sentence a GM reads aloud (the « resultat » texts), then what
 * follows it, then the detail (tables of thresholds, odds) folded in a <details>, open on a wide screen
 * and closed on a phone. Nothing is dropped; only the order and the folding are the page's.
 * ``depuis``: the data-action of the answer's button the reader tapped (a fighter's « Attaque rapide »),
 * if any: the outcome is put right above that button's group in the new answer (above the group the
 * engine marks as the tool's next step when that button is gone), where the reader's eyes are.
 * @param {HTMLElement} parent
 * @param {unknown} blocs
 * @param {{depuis?: string | null}} [options]
 */
export function rendreResultat(parent, blocs, { depuis = null } = {}) {
  /** @type {Bloc[]} */
  const liste = Array.isArray(blocs) ? blocs : []
  const issue = liste.filter(bloc => bloc?.type === "texte" && bloc.classe === "resultat")
  let suite = liste.filter(bloc => !issue.includes(bloc) && !DETAIL.has(bloc?.type))
  const detail = liste.filter(bloc => DETAIL.has(bloc?.type))
  // The group of buttons the engine marks as the whole tool's next step (a fight's « Passe suivante »,
  // among one group per fighter) comes right under the outcome it changes.
  const principal = suite.find(bloc => bloc?.type === "boutons" && bloc.principal === true)
  if (principal) suite = [principal, ...suite.filter(bloc => bloc !== principal)]
  rendre(parent, [...issue, ...suite])
  if (principal) /** @type {HTMLElement} */ (parent.children[issue.length]).dataset.principal = ""
  if (depuis !== null && issue.length) {
    const boutons = parent.querySelectorAll(/** @type {"button"} */ (":scope > .regles-boutons > button[data-action]"))
    const bouton = [...boutons].find(b => b.dataset.action === depuis)
    const groupe = bouton?.parentElement ?? parent.querySelector(":scope > [data-principal]")
    const lignes = [...parent.children].slice(0, issue.length)
    if (groupe) {
      for (const ligne of lignes) ligne.classList.add("regles-texte--pres")
      groupe.before(...lignes)
    }
  }
  if (!detail.length) return
  const pli = element("details", "regles-detail")
  pli.open = matchMedia(LARGE).matches
  pli.append(element("summary", null, "Détail : seuils, tables et chances"))
  const contenu = element("div")
  rendre(contenu, detail)
  pli.append(contenu)
  parent.append(pli)
}

// Printing shows everything: the folded details open.
addEventListener("beforeprint", () => {
  for (const pli of document.querySelectorAll(/** @type {"details"} */ ("details.regles-detail"))) pli.open = true
})

// At the table (issues 17 and 35): an answer arriving never moves the button just tapped. On a phone the
// outcome's lines come right above the form's buttons, the rest of the answer under them; an outcome
// of a button of the answer comes right above that button's group (rendreResultat). Either way the
// outcome grows the page above the finger: the page follows by the same scroll, and the button stays
// where it was. The button is found again by what it does (its data-action or data-op, which the action
// does not change, unlike its group's legend); when it is gone (the « Oui » of a question), the group
// marked as the next step keeps its place. The outcome's first line never goes above the screen.
/** @type {{racine: Element, action: string | null, op: string | null, haut: number, principal: number | null} | null} */
let geste = null

/** The outcome's lines above the tapped ``bouton`` that do not fit in the ``place`` above it on the
 * screen go right under its group instead (a question and the fight's situation after « Passe
 * suivante » tapped low on the screen): the button stays, and the outcome starts on the screen.
 * @param {Element} zone
 * @param {Element} bouton
 * @param {number} place
 */
function deplacerSousLeBouton(zone, bouton, place) {
  const lignes = [...zone.querySelectorAll(":scope > .regles-texte--resultat")]
  if (!lignes.length) return
  const haut = Math.min(...lignes.map(l => l.getBoundingClientRect().top))
  const bas = Math.max(...lignes.map(l => l.getBoundingClientRect().bottom))
  const dessus = bouton.getBoundingClientRect().top
  if (bas > dessus || dessus - haut <= place) return
  for (const ligne of lignes) ligne.classList.add("regles-texte--pres")
  const groupe = bouton.closest(".regles-widget__resultat > .regles-boutons")
  if (groupe) groupe.after(...lignes)
  else zone.prepend(...lignes) // the form's buttons: the lines come first in the rest of the answer, under them
}

addEventListener("click", evenement => {
  const cible = evenement.target
  const bouton = cible instanceof Element ? cible.closest(/** @type {"button"} */ (".regles-widget button")) : null
  const racine = bouton?.closest(".regles-widget")
  const principal = racine?.querySelector(".regles-widget__resultat > [data-principal]")
  geste = racine && bouton && !racine.querySelector(".regles-widget__exemple")?.contains(bouton)
    ? {
        racine,
        action: bouton.dataset.action ?? null,
        op: bouton.dataset.op ?? null,
        haut: bouton.getBoundingClientRect().top,
        principal: principal?.getBoundingClientRect().top ?? null,
      }
    : null
}, true)

addEventListener("regles:resultat", evenement => {
  const racine = evenement.target
  const touche = geste?.racine === racine ? geste : null
  geste = null
  if (!touche || !(racine instanceof Element)) return
  const zone = racine.querySelector(".regles-widget__resultat")
  if (!zone?.firstElementChild) return
  requestAnimationFrame(() => {
    let ecart = 0
    const meme = touche.action
      ? [...zone.querySelectorAll(/** @type {"button"} */ ("button[data-action]"))].find(b => b.dataset.action === touche.action)
      : touche.op && racine.querySelector(`.regles-widget__actions button[data-op="${CSS.escape(touche.op)}"]`)
    const principal = zone.querySelector(":scope > [data-principal]")
    const tete = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0
    if (meme) deplacerSousLeBouton(zone, meme, touche.haut - tete - 8)
    if (meme) ecart = meme.getBoundingClientRect().top - touche.haut
    else if (principal && touche.principal !== null) ecart = principal.getBoundingClientRect().top - touche.principal
    const issue = zone.querySelector(":scope > .regles-texte--resultat") ?? zone.firstElementChild
    const pas = Math.min(ecart, (issue?.getBoundingClientRect().top ?? tete + 8) - tete - 8)
    if (Math.abs(pas) > 0.5) scrollBy({ top: pas, behavior: "instant" })
  })
})
