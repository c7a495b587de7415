"""BaSIC — KAR tools: the skill test and KAR, the resistance table, combat modifiers, knock-out,
serious wound, critical hit, counter-attack and karmic slag (facade of :mod:`rules_py.basic_kar`).

Each tool declares its inputs once (:mod:`rules_py.outils.champs`); each operation
calls the engine for every rule (rolling or reading the dice there) and returns the
engine's answer with its exact odds and its display blocks. The heroic combat's
tool lives in :mod:`rules_py.web.combat_heroique`.

One module per page of ``docs/basic-kar/``, imported below in the order their tools register (that of
the tools' index): :mod:`.competences`, :mod:`.combat`, :mod:`.critique_en_combat` (on the skills' page,
its tool after the combat's), :mod:`.contre_attaques` and :mod:`.scories_karmiques`; what they share
is in :mod:`.commun`.
"""

# Importing a module registers its tools: the modules come in the order their tools register.
# isort: off
from rules_py.web.basic_kar.commun import LIBELLES_RESULTATS, MODES, SYSTEME
from rules_py.web.basic_kar import competences as competences
from rules_py.web.basic_kar import combat as combat
from rules_py.web.basic_kar import critique_en_combat as critique_en_combat
from rules_py.web.basic_kar import contre_attaques as contre_attaques
from rules_py.web.basic_kar import scories_karmiques as scories_karmiques

# isort: on
from rules_py.systemes import BASIC_KAR
from rules_py.web.creations import declarer_creation

# The creation step by step, derived from the sheet (:mod:`rules_py.web.creations`), after the tools.
declarer_creation(BASIC_KAR)

__all__ = ["LIBELLES_RESULTATS", "MODES", "SYSTEME"]
