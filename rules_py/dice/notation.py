"""Dice notation: text → tree → canonical text.

Grammar (spaces allowed between any two tokens, ``d`` or ``D``, ``-`` or ``−``)::

    expression := [sign] term (sign term)*
    term       := dice | constant
    dice       := [count] "d" (sides | "%")
    sign       := "+" | "-"

``parse(str(x)) == x`` for every expression ``x``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.errors import DiceLimitError, DiceSyntaxError

__all__ = [
    "MAX_CARACTERES",
    "MAX_CONSTANTE",
    "MAX_DES_PAR_TERME",
    "MAX_FACES",
    "MAX_TERMES",
    "Constant",
    "Dice",
    "Expression",
    "Term",
    "check_limits",
    "parse",
]

MAX_DES_PAR_TERME = 100
MAX_FACES = 1000
MAX_TERMES = 20
MAX_CARACTERES = 200
MAX_CONSTANTE = 1_000_000


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` faces, each showing 1..sides."""

    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class Constant:
    """A fixed number added to the roll."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Term:
    """One signed operand: ``sign`` is +1 or -1."""

    sign: int
    operand: Dice | Constant


@dataclass(frozen=True, slots=True)
class Expression:
    """A sum of signed terms, printed in canonical form (``1d6+2``, ``-1d8``)."""

    terms: tuple[Term, ...]

    def __str__(self) -> str:
        parts = []
        for index, term in enumerate(self.terms):
            if term.sign < 0:
                parts.append("-")
            elif index:
                parts.append("+")
            parts.append(str(term.operand))
        return "".join(parts)

    @property
    def dice(self) -> tuple[tuple[int, Dice], ...]:
        """The dice terms with their signs, in order."""
        return tuple((t.sign, t.operand) for t in self.terms if isinstance(t.operand, Dice))

    @property
    def constant(self) -> int:
        """The sum of the signed constants."""
        return sum(t.sign * t.operand.value for t in self.terms if isinstance(t.operand, Constant))


def _number(text: str, start: int) -> tuple[int, int]:
    """Read the digits at ``start``; return (end, value). ``end == start`` when none."""
    end = start
    while end < len(text) and text[end].isascii() and text[end].isdigit():
        end += 1
    if end == start:
        return start, 0
    if end - start > 7:
        raise DiceLimitError(f"Nombre trop grand à la position {start + 1} : la limite est 1 000 000.")
    return end, int(text[start:end])


def _expected(text: str, position: int, attendu: str) -> DiceSyntaxError:
    trouve = f"« {text[position]} » trouvé" if position < len(text) else "fin de l'expression"
    return DiceSyntaxError(
        f"Expression de dés invalide : {attendu} attendu à la position {position + 1} ({trouve}).",
        position=position,
    )


def parse(source: str) -> Expression:
    """Parse ``source`` into an :class:`Expression` within the limits.

    >>> str(parse(" 1D6 + 2 "))
    '1d6+2'
    >>> str(parse("d%-1"))
    '1d100-1'
    """
    if not isinstance(source, str):
        raise DiceSyntaxError("L'expression de dés doit être un texte.", position=0)
    if len(source) > MAX_CARACTERES:
        raise DiceLimitError(
            f"Expression trop longue : {len(source)} caractères, la limite est {MAX_CARACTERES}."
        )
    text = "".join(" " if ch.isspace() else ch for ch in source).replace("\u2212", "-")
    position = 0
    terms: list[Term] = []

    def skip_spaces() -> None:
        nonlocal position
        while position < len(text) and text[position] == " ":
            position += 1

    skip_spaces()
    if position == len(text):
        raise DiceSyntaxError("Expression de dés vide : écrivez par exemple 1d6+2.", position=0)
    sign = 1
    if text[position] in "+-":
        sign = -1 if text[position] == "-" else 1
        position += 1
        skip_spaces()
    while True:
        start = position
        position, count = _number(text, position)
        has_count = position > start
        after_count = position
        skip_spaces()
        if position < len(text) and text[position] in "dD":
            position += 1
            skip_spaces()
            if position < len(text) and text[position] == "%":
                position += 1
                sides = 100
            else:
                faces_start = position
                position, sides = _number(text, position)
                if position == faces_start:
                    raise _expected(text, position, "un nombre de faces")
            if not has_count:
                count = 1
            operand: Dice | Constant = Dice(count, sides)
        elif has_count:
            position = after_count
            operand = Constant(count)
        else:
            raise _expected(text, position, "un nombre ou un dé")
        terms.append(Term(sign, operand))
        skip_spaces()
        if position == len(text):
            break
        if text[position] not in "+-":
            raise _expected(text, position, "« + » ou « - »")
        sign = -1 if text[position] == "-" else 1
        position += 1
        skip_spaces()
    expression = Expression(tuple(terms))
    check_limits(expression)
    return expression


def check_limits(expression: Expression) -> None:
    """Raise :class:`DiceLimitError` if ``expression`` is beyond a limit."""
    if len(expression.terms) > MAX_TERMES:
        raise DiceLimitError(f"Trop de termes : {len(expression.terms)}, la limite est {MAX_TERMES}.")
    for term in expression.terms:
        operand = term.operand
        if isinstance(operand, Constant):
            if operand.value > MAX_CONSTANTE:
                raise DiceLimitError(f"Constante trop grande : {operand.value}, la limite est 1 000 000.")
            continue
        if operand.count < 1:
            raise DiceLimitError(f"« {operand} » : il faut lancer au moins 1 dé.")
        if operand.count > MAX_DES_PAR_TERME:
            raise DiceLimitError(
                f"Trop de dés dans « {operand} » : la limite est {MAX_DES_PAR_TERME} dés par terme."
            )
        if operand.sides < 1:
            raise DiceLimitError(f"« {operand} » : un dé a au moins 1 face.")
        if operand.sides > MAX_FACES:
            raise DiceLimitError(f"Trop de faces dans « {operand} » : la limite est {MAX_FACES} faces.")
