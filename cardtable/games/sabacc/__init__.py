"""Sabacc: get as close to 23 or -23 as you can, two pots, a shifting die."""

from __future__ import annotations

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting
from cardtable.games.sabacc import checks
from cardtable.games.sabacc.rules import SabaccSettings
from cardtable.games.sabacc.state import SabaccState


def _bot() -> type:
    from cardtable.games.sabacc.bot import SabaccBot
    return SabaccBot


GAME = GameDefinition(
    id="sabacc",
    name="Sabacc",
    seats=(2, 8),
    decks=("sabacc",),
    settings=(
        Setting("starting_credits", int, 5000, "each seat's credits at the start", low=1, high=1000000000),
        Setting("hand_ante", int, 100, "credits each player puts in the hand pot", low=0, high=1000000000),
        Setting("sabacc_ante", int, 1000, "credits each puts in the sabacc pot when it is empty",
                low=0, high=1000000000),
        Setting("fold_penalty", int, 200, "credits a folding player pays into the sabacc pot",
                low=0, high=1000000000),
        Setting("min_bet", int, 100, "the smallest bet", low=1, high=1000000000),
        Setting("pot_limit", bool, False, "whether a bet is capped by the hand pot"),
        Setting("hand_limit", int, 0, "the largest bet (0: none)", low=0, high=1000000000),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
    ),
    rules=SabaccSettings.from_settings,
    state=SabaccState,
    round_word="hand",
    stack_setting="starting_credits",
    setting_choices={"pot_limit": (True, False), "hand_limit": (0, 500), "min_bet": (50, 100),
                     "starting_credits": (1500, 5000)},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Sabacc: get as close to 23 or -23 as you can, two pots, a shifting die, as the registry sees it."""
