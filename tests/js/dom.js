// A tiny DOM for the rendering's Node tests: elements with their children, text, class, attributes
// and dataset; enough for rendu.js's blocks (no layout, no selectors but the few the tests use).

export class Noeud {
  /** @param {string} balise */
  constructor(balise) {
    this.tagName = balise.toUpperCase()
    /** @type {Array<Noeud | string>} */
    this.enfants = []
    this.className = ""
    /** @type {Record<string, string>} */
    this.attributs = {}
    /** @type {Record<string, string>} */
    this.dataset = {}
    /** @type {Record<string, string>} */
    this.proprietes = {}
    this.style = { setProperty: (/** @type {string} */ nom, /** @type {string} */ valeur) => (this.proprietes[nom] = valeur) }
    this.classList = { add: (/** @type {string} */ classe) => (this.className = `${this.className} ${classe}`.trim()) }
  }

  /** @param {...(Noeud | string)} noeuds */
  append(...noeuds) {
    this.enfants.push(...noeuds.flatMap(n => (n instanceof Noeud && n.tagName === "#FRAGMENT" ? n.enfants : [n])))
  }

  /** @param {...(Noeud | string)} noeuds */
  replaceChildren(...noeuds) {
    this.enfants = []
    this.append(...noeuds)
  }

  get children() {
    return this.enfants.filter(n => n instanceof Noeud)
  }

  /** @returns {string} */
  get textContent() {
    return this.enfants.map((/** @type {Noeud | string} */ n) => (typeof n === "string" ? n : n.textContent)).join("")
  }

  /** @param {string} texte */
  set textContent(texte) {
    this.enfants = texte ? [texte] : []
  }

  /** @param {string} nom @param {string} valeur */
  setAttribute(nom, valeur) {
    this.attributs[nom] = valeur
  }

  /** Every descendant element, in document order. @returns {Noeud[]} */
  descendants() {
    return this.children.flatMap(n => [n, ...n.descendants()])
  }

  /** The descendants of tag ``balise``. @param {string} balise */
  tous(balise) {
    return this.descendants().filter(n => n.tagName === balise.toUpperCase())
  }
}

/** A document building Noeuds; installed as the global ``document`` by ``installer``. */
export const documentDeTest = {
  /** @param {string} balise */
  createElement: balise => new Noeud(balise),
  createDocumentFragment: () => new Noeud("#fragment"),
}

/** The page's globals rendu.js reads, over Node's: the document, window's listeners, media queries. */
export function installer({ large = true } = {}) {
  Object.assign(globalThis, {
    document: documentDeTest,
    addEventListener: () => {},
    matchMedia: () => ({ matches: large }),
  })
}
