"""The NPC policy's leanings: how likely an NPC (``--auto``) is to take each answer of a decision.

These are not rules. The rules' numbers (targets, DMs, dice, table rows) come from the JSON tables; the
weights here only shape which legal answer the seeded NPC policy draws, and a person choosing ignores
them. A yes/no question takes the weight of "yes" (its "no" weighs the rest of 1). Changing any of them
changes every NPC character made from a seed, so the golden files with it.

Some weights are worked out rather than named here: a characteristic's current value weighs it (ageing,
an injury: the NPC spreads losses over its best scores), a rolled result weighs its value when results
are assigned (the best go first), and a career's qualification DM adds to its menu weight.
"""

from __future__ import annotations

# -- origin and background --------------------------------------------------------------------------

#: a human origin on the origin menu: four times as likely as any other species
HUMAN_ORIGIN = 4.0
#: any other playable species on the origin menu
OTHER_ORIGIN = 1.0
#: a skill of the homeworld's trade codes among the first background picks: three times an education skill
HOMEWORLD_SKILL = 3.0
#: a skill of the education list among the background picks
EDUCATION_SKILL = 1.0

# -- choosing a career ------------------------------------------------------------------------------

#: a career on the menu before its qualification DM (a positive DM is added to it)
CAREER = 1.0
#: the Drifter on the career menu: always open, rarely the first wish
DRIFTER_CAREER = 0.3
#: a career left out of the option ``career_weights`` (the careers it names take its weights)
UNWEIGHTED_CAREER = 0.0
#: with the option ``terms`` at 0, finishing at once without a career
NO_CAREER = 1.0
#: with the option ``terms`` at 0, each career instead (never drawn)
CAREER_WHEN_NO_TERMS = 0.0
#: after a failed qualification: submitting to the draft (when it is still open)
SUBMIT_TO_DRAFT = 1.0
#: after a failed qualification: becoming a Drifter
BECOME_DRIFTER = 1.0
#: another career after leaving one, with no term target
ANOTHER_CAREER = 0.55

# -- a term: commission, advancement, skills and training, re-enlistment ------------------------------

#: trying for a commission when one is open
TRY_COMMISSION = 0.85
#: trying for advancement when it is open
TRY_ADVANCEMENT = 0.9
#: each skill table a skill roll may be read on (Personal Development, Service Skills, ...)
SKILL_TABLE = 1.0
#: a service skill offered for basic training in a later career
BASIC_TRAINING_SKILL = 1.0
#: serving another term, with no term target
REENLIST = 0.7
#: serving on (re-enlisting, another career) while short of the option ``terms``
SHORT_OF_TARGET = 0.97
#: serving on past the term cap, or once the option ``terms`` is reached
NEVER = 0.0

# -- hazards: mishap, injury, medical care, ageing ---------------------------------------------------

#: a mishap's injury: taking its fixed result
FIXED_INJURY = 1.0
#: a mishap's injury: rolling twice and keeping the lower
LOWER_OF_TWO_INJURIES = 1.0
#: a severe injury's other physical characteristics: each reduced by the smaller amount
REDUCE_EACH = 1.0
#: a severe injury's other physical characteristics: one of them alone by the larger amount (each)
REDUCE_ONE = 0.5
#: the employer's share of the medical bills (percent) from which the NPC leans towards restoring
WELL_COVERED = 75
#: restoring lost points when the employer covers at least WELL_COVERED percent
RESTORE_WELL_COVERED = 0.95
#: keeping the injury when the employer covers at least WELL_COVERED percent
KEEP_WELL_COVERED = 0.05
#: restoring lost points when the employer covers less
RESTORE_POORLY_COVERED = 0.5
#: keeping the injury when the employer covers less
KEEP_POORLY_COVERED = 0.5
#: taking anagathics for a term when the ageing age is a term away or less
START_ANAGATHICS = 0.2
#: taking anagathics while ageing is further off
ANAGATHICS_TOO_YOUNG = 0.0
#: staying on anagathics for another term (stopping brings an ageing throw)
STAY_ON_ANAGATHICS = 0.9

# -- mustering out -----------------------------------------------------------------------------------

#: a benefit roll on the Cash table (while cash rolls are left)
CASH_BENEFIT = 1.0
#: a benefit roll on the Material Benefits table
MATERIAL_BENEFIT = 1.5
#: a repeated weapon benefit taken as a level of skill with the first weapon
WEAPON_SKILL = 3.0
#: a repeated weapon benefit taken as another weapon
ANOTHER_WEAPON = 1.0
