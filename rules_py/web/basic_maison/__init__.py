"""The tools of Basic maison, in the order of its pages: each one's inputs declared once, its answer
from the engine (:mod:`rules_py.basic_maison`) with its display blocks in French.

Its modules hold the tools of a page of ``docs/basic-maison/`` each, in the order the tools register in
(that of the tools' index): :mod:`~rules_py.web.basic_maison.attributs_derives` (Attributs dérivés: the
damage modifier, the derived attributes and base values, and :class:`Caracteristiques`, the seven
characteristics that other tools' inputs extend),
:mod:`~rules_py.web.basic_maison.cultures_et_professions` (Cultures et professions: the creation),
:mod:`~rules_py.web.basic_maison.tests` (Tests: the skill test, the characteristic roll),
:mod:`~rules_py.web.basic_maison.blessures_et_guerison` (Blessures et guérison: a hit's effect, healing),
:mod:`~rules_py.web.basic_maison.combat` (Combat: the attack and its damage),
:mod:`~rules_py.web.basic_maison.initiative` (Initiative: a fight followed round after round),
:mod:`~rules_py.web.basic_maison.actions_du_round` (Combat: the actions of a round, a module of its own
since its tool comes after the initiative's) and :mod:`~rules_py.web.basic_maison.competences`
(Compétences: skill against skill, the level in a language).
:mod:`~rules_py.web.basic_maison.commun` holds the system's tool registrar and what the tools share (the
fields of a d100 read and of a characteristic, writing French). A module imports only from ``commun``
and from those before it in this order.
"""

# Importing a module registers its tools: the modules come in the order their tools register
# (that of the tools' index and of ``python -m rules_py outils``), not in the alphabet's.
# isort: off
from rules_py.web.basic_maison.attributs_derives import Caracteristiques
from rules_py.web.basic_maison import cultures_et_professions as cultures_et_professions
from rules_py.web.basic_maison import tests as tests
from rules_py.web.basic_maison import blessures_et_guerison as blessures_et_guerison
from rules_py.web.basic_maison import combat as combat
from rules_py.web.basic_maison import initiative as initiative
from rules_py.web.basic_maison import actions_du_round as actions_du_round
from rules_py.web.basic_maison import competences as competences
# isort: on

__all__ = ["Caracteristiques"]
