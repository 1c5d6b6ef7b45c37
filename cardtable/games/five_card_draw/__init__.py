"""Five-Card Draw: classic draw poker with the 52-card deck, two betting rounds and one draw."""

from __future__ import annotations

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting
from cardtable.games.five_card_draw import checks
from cardtable.games.five_card_draw.rules import DrawSettings
from cardtable.games.five_card_draw.state import DrawState


def _bot() -> type:
    """The computer player's class (imported when a table needs it)."""
    from cardtable.games.five_card_draw.bot import DrawBot
    return DrawBot


GAME = GameDefinition(
    id="five_card_draw",
    name="Five-Card Draw",
    seats=(2, 6),
    decks=("standard52",),
    settings=(
        Setting("ante", int, 1, "chips each player puts in before the deal", low=1, high=1000000000),
        Setting("starting_chips", int, 100, "each seat's chips at the start", low=1, high=1000000000),
        Setting("limit", str, "no_limit", "the betting structure", choices=("no_limit", "pot_limit", "fixed")),
        Setting("min_bet", int, 2, "the smallest bet (the small bet in fixed limit)", low=1, high=1000000000),
        Setting("big_bet", int, None, "fixed limit: the bet after the draw (null: twice min_bet)",
                low=1, high=1000000000, optional=True),
        Setting("raise_cap", int, 4, "fixed limit: raises allowed in a round (null: no cap)", low=0, high=100,
                optional=True),
        Setting("max_draw", int, 3, "the most cards a player may discard", low=0, high=4),
        Setting("ace_bonus", bool, True, "a player keeping an ace may discard one more"),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
    ),
    rules=DrawSettings.from_settings,
    state=DrawState,
    aliases=("draw", "five_card", "5cd"),
    round_word="hand",
    setting_choices={"ante": (1, 2, 5), "limit": ("no_limit", "pot_limit", "fixed"), "min_bet": (1, 2, 4),
                     "max_draw": (0, 2, 3, 4), "ace_bonus": (True, False),
                     "starting_chips": (5, 20, 100, 300)},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Five-Card Draw, as the registry sees it."""
