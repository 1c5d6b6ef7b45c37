"""Ipso: four cards, four piles to exchange with, and one action a betting round."""

from __future__ import annotations

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting
from cardtable.games.ipso import checks
from cardtable.games.ipso.rules import IpsoSettings
from cardtable.games.ipso.state import IpsoState


def _bot() -> type:
    from cardtable.games.ipso.bot import IpsoBot
    return IpsoBot


GAME = GameDefinition(
    id="ipso",
    name="Ipso",
    seats=(2, 5),
    decks=("standard52",),
    settings=(
        Setting("ante", int, 2, "chips each player puts in before the deal", low=1, high=1000000000),
        Setting("starting_chips", int, 100, "each seat's chips at the start", low=1, high=1000000000),
        Setting("min_bet", int, 2, "the smallest stake", low=1, high=1000000000),
        Setting("max_bet", int, 10, "the largest stake or raise (null: none)", low=1, high=1000000000,
                optional=True),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
    ),
    rules=IpsoSettings.from_settings,
    state=IpsoState,
    round_word="hand",
    setting_choices={"ante": (1, 2, 5), "min_bet": (1, 2), "max_bet": (4, 10, None),
                     "starting_chips": (10, 40, 100)},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Ipso: four cards, four piles to exchange with, and one action a betting round, as the registry sees it."""
