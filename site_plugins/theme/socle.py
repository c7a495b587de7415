"""The critical style of a page: the rules of ``ecran.css`` that an element of this page matches.

The first paint waits for no stylesheet: each page carries, inline in ``<head>``, the rules its
own elements need, and ``ecran.css`` (Material's sheet, its palette and the site's own sheets)
comes without blocking and adds what the theme's script and the site's scripts build later
(search results, dialogs, tooltips). The critical style keeps every rule in its place, so the
cascade once ``ecran.css`` has come is the one the reader had: nothing moves.

A rule is kept when one of its selectors, made broader, matches an element of the page: states
(``:checked``, ``:target``…), pseudo-elements and the palette's scheme (``[data-md-color-scheme=…]``,
switched by the reader) are left out of the test, and a selector the matcher does not know keeps
its rule. Left out of the first paint, as nothing on a screen can need them before ``ecran.css``
has come: rules whose every selector waits for the reader's pointer or focus (``:hover``,
``:focus``, ``:active``…), ``@media print``, ``@page``, ``@charset``, and the custom properties
(``--md-…``) that no kept rule reads. Other at-rules (``@keyframes``…) are kept whole; so are the
rules of sheets marked whole (the site's own, whose widgets are built by script). What is kept is
written compact (no comments, no needless white space).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import cssselect2
import tinycss2
import tinyhtml5
from tinycss2.serializer import serialize_identifier

__all__ = ["Socle", "compact"]

SANS_ETAT = re.compile(
    r"::?(?:-webkit-|-moz-|-ms-)[a-z-]+"
    r"|::?(?:before|after|marker|placeholder|selection|backdrop|first-letter|first-line)(?![\w-])"
    r"|:(?:hover|focus-visible|focus-within|focus|active|visited|link|target|checked|indeterminate"
    r"|disabled|enabled|placeholder-shown|autofill|valid|invalid|empty|defined)(?![\w-])"
    r"|\[data-md-color-scheme[^\]]*\]"
)
GESTE = re.compile(r":(?:hover|focus-visible|focus-within|focus|active)(?![\w-])")
COMBINATEUR_FINAL = re.compile(r"([>+~])\s*$")
VARIABLE = re.compile(r"var\(\s*(--[\w-]+)")
GROUPES = ("media", "supports")
HORS_ECRAN = re.compile(r"^\s*print\s*$", re.I)
"""The prelude of an ``@media`` group that a screen never applies."""
SEPARATEURS_DE_SELECTEURS = frozenset(",>+~")
SEPARATEURS_DE_VALEURS = frozenset(",")


def compact(jetons: list, separateurs: frozenset[str] = SEPARATEURS_DE_VALEURS) -> str:
    """CSS tokens written without comments, their white space folded, none beside ``separateurs``.

    >>> jetons = tinycss2.parse_component_value_list
    >>> compact(jetons(" a  >  b , c:is( d ,e ) /* x */ "), SEPARATEURS_DE_SELECTEURS)
    'a>b,c:is(d,e)'
    >>> compact(jetons("calc(1px  +  2px) ,  'a  b'"))
    'calc(1px + 2px),"a  b"'
    """
    morceaux: list[str] = []
    for jeton in jetons:
        if jeton.type == "comment":
            continue
        if jeton.type == "whitespace":
            if morceaux and morceaux[-1] != " ":
                morceaux.append(" ")
            continue
        if jeton.type == "function":
            texte = f"{serialize_identifier(jeton.name)}({compact(jeton.arguments, separateurs)})"
        elif jeton.type in ("() block", "[] block", "{} block"):
            ouvrant = jeton.type[0]
            fermant = {"(": ")", "[": "]", "{": "}"}[ouvrant]
            texte = f"{ouvrant}{compact(jeton.content, separateurs)}{fermant}"
        else:
            texte = jeton.serialize()
        if jeton.type == "literal" and jeton.value in separateurs and morceaux[-1:] == [" "]:
            morceaux.pop()
        if morceaux[-1:] == [" "] and len(morceaux) > 1 and morceaux[-2] in separateurs:
            morceaux.pop()
        morceaux.append(texte)
    while morceaux and morceaux[-1] == " ":
        morceaux.pop()
    while morceaux and morceaux[0] == " ":
        morceaux.pop(0)
    return "".join(morceaux)


def selecteurs(prelude: str) -> list[str]:
    """The selectors of a rule's prelude, split at its top-level commas.

    >>> selecteurs("a,b:is(c,d) e,[x='1,2']")
    ['a', 'b:is(c,d) e', "[x='1,2']"]
    """
    parties, profondeur, courante = [], 0, ""
    for caractere in prelude:
        if caractere in "([":
            profondeur += 1
        elif caractere in ")]":
            profondeur -= 1
        if caractere == "," and profondeur == 0:
            parties.append(courante)
            courante = ""
        else:
            courante += caractere
    return [*parties, courante]


def elargi(selecteur: str) -> str:
    """``selecteur`` without its states, pseudo-elements and palette scheme: what it needs in the page.

    >>> elargi(".md-nav__toggle:checked~.md-nav")
    '.md-nav__toggle~.md-nav'
    >>> elargi("[data-md-color-scheme=slate] .md-typeset a:hover::after")
    '.md-typeset a'
    >>> elargi(":hover>")
    '* > *'
    """
    reste = SANS_ETAT.sub("", selecteur).strip() or "*"
    reste = re.sub(r"^([>+~])", r"* \1", reste)
    return COMBINATEUR_FINAL.sub(r"\1 *", reste)


def au_geste(selecteur: str) -> bool:
    """Whether ``selecteur`` matches only under the reader's pointer or focus (outside any ``:not(…)``,
    ``:is(…)``… where a state may as well hold at the first paint).

    >>> au_geste(".md-nav__link:hover"), au_geste("a:focus-visible::after"), au_geste("a:not(:hover)")
    (True, True, False)
    """
    for trouve in GESTE.finditer(selecteur):
        avant = selecteur[: trouve.start()]
        if avant.count("(") == avant.count(")"):
            return True
    return False


@dataclass
class Regle:
    """A qualified rule, compact: its prelude, its declarations (name, value, important), or its text
    whole when its block holds more than declarations."""

    prelude: str
    declarations: list[tuple[str, str, bool]] | None
    texte: str
    au_geste: bool

    @classmethod
    def lire(cls, regle: tinycss2.ast.QualifiedRule) -> Regle:
        prelude = compact(regle.prelude, SEPARATEURS_DE_SELECTEURS)
        contenu = tinycss2.parse_blocks_contents(regle.content, skip_comments=True, skip_whitespace=True)
        declarations: list[tuple[str, str, bool]] | None = []
        for element in contenu:
            if element.type != "declaration" or declarations is None:
                declarations = None
                continue
            declarations.append((element.name, compact(element.value), element.important))
        texte = f"{prelude}{{{compact(regle.content)}}}"
        return cls(prelude, declarations, texte, all(au_geste(s) for s in selecteurs(prelude)))

    def lues(self) -> set[str]:
        """The custom properties this rule reads (``var(--…)``) outside its own custom declarations."""
        if self.declarations is None:
            return set(VARIABLE.findall(self.texte))
        return {
            v
            for nom, valeur, _ in self.declarations
            if not nom.startswith("--")
            for v in VARIABLE.findall(valeur)
        }

    def ecrite(self, variables: set[str] | None) -> str:
        """The rule, with only the custom properties of ``variables`` (all when None); "" if empty."""
        if self.declarations is None or variables is None:
            return self.texte
        gardees = [
            f"{nom}:{valeur}{'!important' if important else ''}"
            for nom, valeur, important in self.declarations
            if not nom.startswith("--") or nom in variables
        ]
        return f"{self.prelude}{{{';'.join(gardees)}}}" if gardees else ""


@dataclass
class Socle:
    """The rules of the sheets, and the critical style they make for a page.

    >>> socle = Socle()
    >>> socle.ajouter_feuille("p{color:red}.absente{color:blue}@media print{p b{x:y}}")
    >>> socle.ajouter_feuille("@media (min-width:9em){i{x:y}}i:hover{x:z}")
    >>> socle.ajouter_feuille(".du-site { margin : 0 } /* note */", entiere=True)
    >>> socle.critique("<!doctype html><p>un <i>mot</i></p>")
    'p{color:red}@media (min-width:9em){i{x:y}}.du-site{margin:0}'
    """

    regles: list[Regle] = field(default_factory=list)
    arbre: list[tuple] = field(default_factory=list)
    correspondances: cssselect2.Matcher = field(default_factory=cssselect2.Matcher)
    toujours: set[int] = field(default_factory=set)
    """The rules kept on every page: their sheet is whole, or their selector unknown to the matcher."""

    def ajouter_feuille(self, texte: str, *, entiere: bool = False) -> None:
        """Add a sheet after the others; ``entiere``: all its rules are kept."""
        self.arbre.extend(self._lire(tinycss2.parse_stylesheet(texte, True, True), entiere))

    def _lire(self, regles: list, entiere: bool) -> list[tuple]:
        noeuds: list[tuple] = []
        for regle in regles:
            if regle.type == "qualified-rule":
                indice = len(self.regles)
                self.regles.append(Regle.lire(regle))
                if entiere or not self._indexer(self.regles[indice].prelude, indice):
                    self.toujours.add(indice)
                noeuds.append(("regle", indice))
            elif regle.type == "at-rule" and regle.lower_at_keyword in GROUPES and regle.content is not None:
                if regle.lower_at_keyword == "media" and HORS_ECRAN.match(tinycss2.serialize(regle.prelude)):
                    continue
                contenu = tinycss2.parse_blocks_contents(regle.content, True, True)
                prelude = compact(regle.prelude)
                noeuds.append(
                    ("groupe", f"@{regle.lower_at_keyword} {prelude}", self._lire(contenu, entiere))
                )
            elif regle.type == "at-rule" and regle.lower_at_keyword not in ("page", "charset"):
                noeuds.append(("entiere", regle.serialize()))
        return noeuds

    def _indexer(self, prelude: str, indice: int) -> bool:
        """Give the matcher each selector of a rule, broadened; False if one of them is unknown to it."""
        try:
            compiles = [
                compile
                for selecteur in selecteurs(prelude)
                for compile in cssselect2.compile_selector_list(elargi(selecteur))
            ]
        except (cssselect2.SelectorError, ValueError, KeyError, TypeError):
            return False
        for compile in compiles:
            self.correspondances.add_selector(compile, indice)
        return True

    def vues(self, html: str) -> set[int]:
        """The rules that an element of this built page matches."""
        racine = cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(html))
        return {
            indice for element in racine.iter_subtree() for *_, indice in self.correspondances.match(element)
        }

    def critique(self, html: str) -> str:
        """The critical style of this built page: the rules kept, in their order, inside their groups,
        with the custom properties that they (or the page's own ``style`` attributes) read."""
        vues = self.vues(html)
        gardees = [i for i in self._indices(self.arbre) if self._gardee(i, vues)]
        lues = set(VARIABLE.findall(html)).union(*(self.regles[i].lues() for i in gardees))
        definitions = {
            nom: set(VARIABLE.findall(valeur))
            for i in gardees
            for nom, valeur, _ in self.regles[i].declarations or []
            if nom.startswith("--")
        }
        a_voir = list(lues)
        while a_voir:
            for autre in definitions.get(a_voir.pop(), ()):
                if autre not in lues:
                    lues.add(autre)
                    a_voir.append(autre)
        return self._ecrire(self.arbre, vues, lues)

    def _indices(self, noeuds: list[tuple]) -> list[int]:
        indices = []
        for noeud in noeuds:
            if noeud[0] == "regle":
                indices.append(noeud[1])
            elif noeud[0] == "groupe":
                indices.extend(self._indices(noeud[2]))
        return indices

    def _gardee(self, indice: int, vues: set[int]) -> bool:
        return not self.regles[indice].au_geste and (indice in vues or indice in self.toujours)

    def _ecrire(self, noeuds: list[tuple], vues: set[int], variables: set[str]) -> str:
        morceaux = []
        for noeud in noeuds:
            if noeud[0] == "regle":
                if self._gardee(noeud[1], vues):
                    morceaux.append(self.regles[noeud[1]].ecrite(variables))
            elif noeud[0] == "groupe":
                _, entete, enfants = noeud
                interieur = self._ecrire(enfants, vues, variables)
                if interieur:
                    morceaux.append(f"{entete}{{{interieur}}}")
            else:
                morceaux.append(noeud[1])
        return "".join(morceaux)
