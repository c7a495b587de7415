/* Accent- and case-insensitive French search for Material's lunr worker.
 *
 * Index side: a pipeline function folds every token before the French
 * stemmer. Query side: each clause term is folded and stemmed once, its
 * wildcards kept (Material adds a trailing "*", and lunr skips the pipeline
 * for wildcard terms); French stop words and elisions (l', d', qu' …) are
 * dropped from the query unless nothing else is left.
 *
 * Players' words: before the query is read, each word or phrase of the
 * synonyms table (site_plugins/recherche/synonymes.yml, written in below by
 * the regles-recherche plugin) is replaced by the rules' words: « fumble » is
 * searched as « maladresse », « PV » as « points de vie ». The longest phrase
 * wins; a leading +/- is kept. The rules' words are searched as written (folded,
 * with a trailing wildcard), not stemmed: « PV » is « points* vie* », never
 * « vi* », which would find « vitesse ». */
(function (lunr) {
  "use strict"
  if (!lunr || !lunr.fr || lunr.fr.replierAccents) return

  /** @param {string} texte */
  var replier = function (texte) {
    return texte
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/œ/g, "oe")
      .replace(/æ/g, "ae")
      .toLowerCase()
  }

  /** @param {{update: (f: (texte: string) => string) => unknown}} jeton */
  var replierJeton = function (jeton) {
    return jeton.update(replier)
  }
  lunr.Pipeline.registerFunction(replierJeton, "replierAccents-fr")

  var francais = lunr.fr
  /** @type {any} */
  var francaisSansAccents = /** @this {any} */ function () {
    francais.call(this)
    this.pipeline.before(lunr.fr.stemmer, replierJeton)
    this.searchPipeline.before(lunr.fr.stemmer, replierJeton)
  }
  for (var cle in francais) francaisSansAccents[cle] = francais[cle]
  francaisSansAccents.replierAccents = replier
  lunr.fr = francaisSansAccents

  /** @param {string} terme */
  var normaliser = function (terme) {
    var debut = /** @type {RegExpMatchArray} */ (terme.match(/^\**/))[0]
    var fin = /** @type {RegExpMatchArray} */ (terme.match(/\**$/))[0]
    var mot = replier(terme.slice(debut.length, terme.length - fin.length))
    var racine = lunr.fr.stemmer(new lunr.Token(mot)).toString()
    // The index is not stemmed: the stem is a prefix of the words it stands for, cut
    // where it leaves the word (« competences » stems to « competent »: « competen »).
    var commun = 0
    while (commun < racine.length && racine[commun] === mot[commun]) commun++
    return { mot: mot, terme: debut + racine.slice(0, commun) + fin }
  }

  /** @param {string} mot */
  var estMotVide = function (mot) {
    return mot.length < 2 || lunr.fr.stopWordFilter(new lunr.Token(mot)) === undefined
  }

  var SYNONYMES = __SYNONYMES__
  var plusLongue = Object.keys(SYNONYMES).reduce(function (n, cle) {
    return Math.max(n, cle.split(" ").length)
  }, 1)

  /** @param {string} mot */
  var nu = function (mot) {
    return replier(mot.replace(/^[+-]/, "").replace(/\*+$/, "")).replace(/’/g, "'")
  }

  // → {texte, exacts}: the query with players' words replaced, and the rules' words put in
  // (searched as written, folded, with a trailing wildcard: never stemmed, since the index
  // is not, and a stem as prefix would find too much).
  /** @param {unknown} chaine */
  var remplacerSynonymes = function (chaine) {
    var mots = String(chaine).split(/\s+/).filter(Boolean)
    /** @type {string[]} */
    var sortie = []
    /** @type {Record<string, boolean>} */
    var exacts = {}
    var i = 0
    while (i < mots.length) {
      var n = Math.min(plusLongue, mots.length - i)
      for (; n > 0; n--) {
        var cle = mots.slice(i, i + n).map(nu).join(" ")
        if (Object.prototype.hasOwnProperty.call(SYNONYMES, cle)) {
          var signe = /** @type {RegExpMatchArray} */ (mots[i].match(/^[+-]?/))[0]
          var cible = replier(SYNONYMES[cle]).split(/[\s'’-]+/).filter(Boolean)
          for (var j = 0; j < cible.length; j++) {
            exacts[cible[j]] = true
            sortie.push(signe + cible[j] + "*")
          }
          break
        }
      }
      if (n === 0) {
        sortie.push(mots[i])
        n = 1
      }
      i += n
    }
    return { texte: sortie.join(" "), exacts: exacts }
  }
  lunr.fr.remplacerSynonymes = remplacerSynonymes

  var analyser = lunr.QueryParser.prototype.parse
  lunr.QueryParser.prototype.parse = /** @this {any} */ function () {
    var remplace = remplacerSynonymes(this.lexer.str)
    if (remplace.texte !== this.lexer.str) this.lexer = new lunr.QueryLexer(remplace.texte)
    var requete = analyser.call(this)
    var clauses = requete.clauses.map(function (/** @type {any} */ clause) {
      var mot = nu(clause.term)
      var normal = remplace.exacts[mot] ? { mot: mot, terme: mot + "*" } : normaliser(clause.term)
      clause.term = normal.terme
      clause.usePipeline = false
      return { clause: clause, vide: estMotVide(normal.mot) }
    })
    var utiles = clauses.filter(function (/** @type {{vide: boolean}} */ entree) { return !entree.vide })
    requete.clauses = (utiles.length ? utiles : clauses).map(function (/** @type {{clause: unknown}} */ entree) {
      return entree.clause
    })
    return requete
  }
})(typeof lunr !== "undefined" ? lunr : /** @type {any} */ (self).lunr)
