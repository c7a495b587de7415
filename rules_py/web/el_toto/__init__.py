"""The tools of El Toto (facade of :mod:`rules_py.el_toto`), one declaration each.

Every roll may be typed in instead (faces read on the table, separated by
spaces); the share link fills in the faces drawn, so it replays the result.
The duel is a fight over several passes: its state (the PV each side lost at
each pass, :class:`~rules_py.el_toto.CombatElToto`) is a hidden field the page
sends back with every call, so the share link brings the fight back too.

The tools are declared one module per section of the rules pages, imported below
in the order they register (that of the tools' index and of the command line):
:mod:`.regles_de_base` (I, the pool), :mod:`.potentiel` (II, Lancer and Bagarre),
:mod:`.energie` (I, Énergie and Points de Vie), :mod:`.duel` (II, the duel pass after
pass), :mod:`.combat_rapide`, :mod:`.combat_a_distance`, :mod:`.blessures` (II) and
:mod:`.survie` (III). The words and blocks they share, the helpers that declare their
inputs and the system's registrar are in :mod:`.mots_et_blocs`.

>>> from rules_py.web import Moteur
>>> r = Moteur(1).appeler("toto.reserve", {"des": "3", "faces": "6 4 1"})["resultat"]
>>> r["des"], r["reussites"], r["maladresse"], r["probabilites"]["3"]
([6, 4, 1], 3, False, '11/54')
"""

# Importing a module registers its tools: the modules come in the order their tools register
# (that of the tools' index and of the command line), not in the alphabet's.
# isort: off
from rules_py.web.el_toto.mots_et_blocs import des_en_mots, reussites_en_mots
from rules_py.web.el_toto.mots_et_blocs import _champs_de as _champs_de
from rules_py.web.el_toto.regles_de_base import EntreesReserve
from rules_py.web.el_toto.potentiel import EntreesBagarre as EntreesBagarre
from rules_py.web.el_toto.potentiel import EntreesLancer as EntreesLancer
from rules_py.web.el_toto.energie import EntreesEnergie as EntreesEnergie
from rules_py.web.el_toto.duel import EntreesDuel
from rules_py.web.el_toto.combat_rapide import EntreesCombatRapide as EntreesCombatRapide
from rules_py.web.el_toto.combat_a_distance import EntreesDistance as EntreesDistance
from rules_py.web.el_toto.blessures import EntreesBlessure as EntreesBlessure
from rules_py.web.el_toto.survie import EntreesSurvie as EntreesSurvie

# isort: on
from rules_py.systemes import EL_TOTO
from rules_py.web.creations import declarer_creation

# The creation step by step, derived from the sheet (:mod:`rules_py.web.creations`), after the tools.
declarer_creation(EL_TOTO)

__all__ = ["EntreesDuel", "EntreesReserve", "des_en_mots", "reussites_en_mots"]
