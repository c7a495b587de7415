"""El Toto: a pool of d6 (4-5 one success, 6 two, every die on 1 a maladresse).

Sections follow the rules text (``003_3058520c3dea6ba0.txt``), one module each,
in the text's order: I. the basic rules (:mod:`.regles_de_base`: dice, pool size,
Points de Vie, Énergie); II. combat (:mod:`.potentiel`: combat potential;
:mod:`.duel`: the duel, one attack then a whole pass; :mod:`.repartition`: the
duel's best split; :mod:`.combat_rapide`: quick combat; :mod:`.combat_a_distance`:
ranged combat; :mod:`.blessures`: wounds; :mod:`.combat_en_plusieurs_passes`: a
duel over several passes); III. survival (:mod:`.survie`). The checks they share
on what they are given are in :mod:`.lecture`.

Every resolution is a pure function of the faces shown. ``lancer_*`` applies it
to dice drawn from an injected ``random.Random``; ``distribution_*`` maps the
same functions over every outcome, so a roll and its odds cannot disagree.
"""

from rules_py.el_toto.blessures import (
    NIVEAUX_DE_BLESSURE,
    Blessure,
    Gravite,
    NiveauDeBlessure,
    blessure,
    plages_de_blessure,
)
from rules_py.el_toto.combat_a_distance import (
    des_d_esquive_a_distance,
)
from rules_py.el_toto.combat_en_plusieurs_passes import (
    MAX_PASSES,
    CombatElToto,
    Sante,
    jouer_passe,
)
from rules_py.el_toto.combat_rapide import (
    CombatRapide,
    LoisCombatRapide,
    Vainqueur,
    des_de_combat_rapide,
    distribution_combat_rapide,
    issue_combat_rapide,
    lancer_combat_rapide,
    lois_combat_rapide,
    resoudre_combat_rapide,
)
from rules_py.el_toto.duel import (
    CHAMPS_DES_LUS_ECHANGE,
    Attaque,
    Combattant,
    Echange,
    Initiative,
    LoisDeLaPasse,
    Repartition,
    apres_resistance,
    des_d_esquive,
    des_de_riposte,
    distribution_echange,
    distribution_impact,
    distribution_passe,
    distribution_points_de_vie_perdus,
    dommages,
    impact,
    lancer_attaque,
    lancer_echange,
    repartir,
    resoudre_attaque,
    resoudre_initiative,
    somme_des_dommages,
)
from rules_py.el_toto.duel import _signes_par_convolution as _signes_par_convolution
from rules_py.el_toto.lecture import (
    FACES,
    MAX_DES,
    MAX_MODIFICATEUR,
)
from rules_py.el_toto.potentiel import (
    des_de_bagarre,
    des_de_lancer,
    potentiel_de_combat,
)
from rules_py.el_toto.regles_de_base import (
    REUSSITES_PAR_FACE,
    DepenseEnergie,
    Jet,
    chance_de_maladresse,
    depenser_energie,
    des_apres_malus,
    des_avec_energie,
    distribution_jet,
    distribution_reussites,
    lancer_jet,
    nombre_de_des,
    points_d_energie,
    points_de_vie,
    resoudre_jet,
    reussites_du_de,
)
from rules_py.el_toto.repartition import (
    MAX_PDC_EXHAUSTIF,
    Conseil,
    ConseilDuCamp,
    Critere,
    chance_de_la_repartition,
    conseils_de_repartition,
    meilleure_repartition,
    meilleure_repartition_exhaustive,
)
from rules_py.el_toto.repartition import _signes_cumules as _signes_cumules
from rules_py.el_toto.survie import (
    LoisDeSurvie,
    Survie,
    distribution_survie,
    lancer_survie,
    lois_survie,
    mh,
    resoudre_survie,
)

__all__ = [
    "CHAMPS_DES_LUS_ECHANGE",
    "FACES",
    "MAX_DES",
    "MAX_MODIFICATEUR",
    "MAX_PASSES",
    "MAX_PDC_EXHAUSTIF",
    "NIVEAUX_DE_BLESSURE",
    "REUSSITES_PAR_FACE",
    "Attaque",
    "Blessure",
    "CombatElToto",
    "CombatRapide",
    "Combattant",
    "Conseil",
    "ConseilDuCamp",
    "Critere",
    "DepenseEnergie",
    "Echange",
    "Gravite",
    "Initiative",
    "Jet",
    "LoisCombatRapide",
    "LoisDeLaPasse",
    "LoisDeSurvie",
    "NiveauDeBlessure",
    "Repartition",
    "Sante",
    "Survie",
    "Vainqueur",
    "apres_resistance",
    "blessure",
    "chance_de_la_repartition",
    "chance_de_maladresse",
    "conseils_de_repartition",
    "depenser_energie",
    "des_apres_malus",
    "des_avec_energie",
    "des_d_esquive",
    "des_d_esquive_a_distance",
    "des_de_bagarre",
    "des_de_combat_rapide",
    "des_de_lancer",
    "des_de_riposte",
    "distribution_combat_rapide",
    "distribution_echange",
    "distribution_impact",
    "distribution_jet",
    "distribution_passe",
    "distribution_points_de_vie_perdus",
    "distribution_reussites",
    "distribution_survie",
    "dommages",
    "impact",
    "issue_combat_rapide",
    "jouer_passe",
    "lancer_attaque",
    "lancer_combat_rapide",
    "lancer_echange",
    "lancer_jet",
    "lancer_survie",
    "lois_combat_rapide",
    "lois_survie",
    "meilleure_repartition",
    "meilleure_repartition_exhaustive",
    "mh",
    "nombre_de_des",
    "plages_de_blessure",
    "points_d_energie",
    "points_de_vie",
    "potentiel_de_combat",
    "repartir",
    "resoudre_attaque",
    "resoudre_combat_rapide",
    "resoudre_initiative",
    "resoudre_jet",
    "resoudre_survie",
    "reussites_du_de",
    "somme_des_dommages",
]
