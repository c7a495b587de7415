"""The base sheet (``socle.css``): the rules of ``ecran.css`` that an element of some page matches.

The first paint waits only for it; ``ecran.css`` (Material's sheet, its palette and the site's
own sheets) comes without blocking and adds what the theme's script and the site's scripts
build later (search results, dialogs, tooltips). The base keeps every rule in its place, so
the cascade once ``ecran.css`` has come is the one the reader had: nothing moves.

A rule is kept when one of its selectors, made broader, matches an element of a built page:
states (``:hover``, ``:checked``, ``:focus``…), pseudo-elements and the palette's scheme
(``[data-md-color-scheme=…]``, switched by the reader) are left out of the test, and a
selector the matcher does not know keeps its rule. At-rules other than ``@media`` and
``@supports`` (``@keyframes``, ``@font-face``…) are kept whole; sheets marked whole (the
site's own, whose widgets are built by script) too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import cssselect2
import tinycss2
import tinyhtml5

__all__ = ["Socle"]

SANS_ETAT = re.compile(
    r"::?(?:-webkit-|-moz-|-ms-)[a-z-]+"
    r"|::?(?:before|after|marker|placeholder|selection|backdrop|first-letter|first-line)(?![\w-])"
    r"|:(?:hover|focus-visible|focus-within|focus|active|visited|link|target|checked|indeterminate"
    r"|disabled|enabled|placeholder-shown|autofill|valid|invalid|empty|defined)(?![\w-])"
    r"|\[data-md-color-scheme[^\]]*\]"
)
COMBINATEUR_FINAL = re.compile(r"([>+~])\s*$")
GROUPES = ("media", "supports")


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


@dataclass
class Socle:
    """The rules of a sheet, the elements of the pages seen, and the base sheet they make.

    >>> socle = Socle()
    >>> socle.ajouter_feuille("p{color:red}.absente{color:blue}@media print{p b{x:y}i{x:y}}")
    >>> socle.ajouter_feuille(".du-site{margin:0}", entiere=True)
    >>> socle.voir_page("<!doctype html><p>un <b>mot</b></p>")
    >>> socle.texte()
    'p{color:red}@media print{p b{x:y}}.du-site{margin:0}'
    """

    regles: list[tinycss2.ast.QualifiedRule] = field(default_factory=list)
    arbre: list[tuple] = field(default_factory=list)
    vues: set[int] = field(default_factory=set)
    correspondances: cssselect2.Matcher = field(default_factory=cssselect2.Matcher)

    def ajouter_feuille(self, texte: str, *, entiere: bool = False) -> None:
        """Add a sheet after the others; ``entiere``: all its rules are kept."""
        self.arbre.extend(self._lire(tinycss2.parse_stylesheet(texte, True, True), entiere))

    def _lire(self, regles: list, entiere: bool) -> list[tuple]:
        noeuds: list[tuple] = []
        for regle in regles:
            if regle.type == "qualified-rule":
                indice = len(self.regles)
                self.regles.append(regle)
                garder = entiere or not self._indexer(tinycss2.serialize(regle.prelude), indice)
                noeuds.append(("regle", indice, garder))
            elif regle.type == "at-rule" and regle.lower_at_keyword in GROUPES and regle.content is not None:
                contenu = tinycss2.parse_blocks_contents(regle.content, True, True)
                noeuds.append(("groupe", regle, self._lire(contenu, entiere)))
            elif regle.type == "at-rule":
                noeuds.append(("entiere", regle))
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

    def voir_page(self, html: str) -> None:
        """Keep the rules that an element of this built page matches."""
        racine = cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(html))
        for element in racine.iter_subtree():
            for *_, indice in self.correspondances.match(element):
                self.vues.add(indice)

    def texte(self) -> str:
        """The base sheet: the rules kept, in their order, inside their groups."""
        return self._ecrire(self.arbre)

    def _ecrire(self, noeuds: list[tuple]) -> str:
        morceaux = []
        for noeud in noeuds:
            if noeud[0] == "regle":
                _, indice, garder = noeud
                if garder or indice in self.vues:
                    morceaux.append(self.regles[indice].serialize())
            elif noeud[0] == "groupe":
                _, regle, enfants = noeud
                interieur = self._ecrire(enfants)
                if interieur:
                    morceaux.append(f"@{regle.at_keyword}{tinycss2.serialize(regle.prelude)}{{{interieur}}}")
            else:
                morceaux.append(noeud[1].serialize())
        return "".join(morceaux)
