"""Shenja Ivali (Greedy Ivali): poker with the Ivali deck, a flop, a draw and an auction."""

from __future__ import annotations

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting
from cardtable.games.shenja_ivali import checks
from cardtable.games.shenja_ivali.rules import ShenjaIvaliSettings
from cardtable.games.shenja_ivali.state import ShenjaIvaliState


def _bot() -> type:
    from cardtable.games.shenja_ivali.bot import IvaliBot
    return IvaliBot


GAME = GameDefinition(
    id="shenja_ivali",
    name="Shenja Ivali",
    seats=(2, 8),
    decks=("ivali",),
    settings=(
        Setting("ante", int, 1, "chips each player puts in before the deal", low=1, high=1000000000),
        Setting("starting_chips", int, 100, "each seat's chips at the start", low=1, high=1000000000),
        Setting("limit", str, "no_limit", "the betting structure", choices=("no_limit", "pot_limit", "fixed")),
        Setting("min_bet", int, 2, "the smallest bet (the small bet in fixed limit)", low=1, high=1000000000),
        Setting("big_bet", int, 4, "fixed limit: the bet in the last two rounds", low=1, high=1000000000),
        Setting("raise_cap", int, None, "raises allowed in a round (null: no cap)", low=0, high=100,
                optional=True),
        Setting("rank_planets", bool, True, "whether planets break ties"),
        Setting("rank_elements", bool, True, "whether elements break ties"),
        Setting("planet_order", list, ["Earth", "Irath", "Libera", "Gula", "Omec"], "planets, highest first"),
        Setting("element_order", list, ["Earth", "Water", "Fire", "Air"], "elements, highest first"),
        Setting("max_discard", int, 2, "cards a player may swap in the draw", low=0, high=2),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
    ),
    rules=ShenjaIvaliSettings.from_settings,
    state=ShenjaIvaliState,
    aliases=("ivali",),
    setting_choices={"ante": (1, 2, 3), "limit": ("no_limit", "pot_limit", "fixed"),
                     "min_bet": (1, 2, 4), "max_discard": (0, 1, 2),
                     "starting_chips": (5, 20, 100, 300)},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Shenja Ivali (Greedy Ivali): poker with the Ivali deck, a flop, a draw and an auction, as the registry sees it."""
