"""Dice: notation → tree → roll (injected RNG) and exact distribution."""

from rules_py.dice.distribution import Distribution, boxes, sum_of_dice
from rules_py.dice.notation import (
    MAX_CARACTERES,
    MAX_DES_PAR_TERME,
    MAX_FACES,
    MAX_TERMES,
    Constant,
    Dice,
    Expression,
    Term,
    parse,
)
from rules_py.dice.rolling import (
    MAX_DES_DISTRIBUTION,
    MAX_TOTAUX,
    Roll,
    TermRoll,
    critical,
    distribution,
    new_rng,
    roll,
    total_of,
)

__all__ = [
    "MAX_CARACTERES",
    "MAX_DES_DISTRIBUTION",
    "MAX_DES_PAR_TERME",
    "MAX_FACES",
    "MAX_TERMES",
    "MAX_TOTAUX",
    "Constant",
    "Dice",
    "Distribution",
    "Expression",
    "Roll",
    "Term",
    "TermRoll",
    "boxes",
    "critical",
    "distribution",
    "new_rng",
    "parse",
    "roll",
    "sum_of_dice",
    "total_of",
]
