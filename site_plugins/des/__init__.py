"""Dice in the text: every dice expression of the rules becomes a roll button."""
