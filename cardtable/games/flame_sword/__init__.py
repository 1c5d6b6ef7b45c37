"""Flame Sword: poker with the 12,000-card Infinite Deck and a 10 x 10 grid."""

from __future__ import annotations

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting
from cardtable.games.flame_sword import checks
from cardtable.games.flame_sword.rules import FlameSwordSettings
from cardtable.games.flame_sword.state import FlameSwordState


def _bot() -> type:
    from cardtable.games.flame_sword.bot import FlameBot
    return FlameBot


GAME = GameDefinition(
    id="flame_sword",
    name="Flame Sword",
    seats=(2, 8),
    decks=("infinite",),
    settings=(
        Setting("starting_chips", int, 1000, "each seat's chips at the start", low=1, high=1000000000),
        Setting("blind", int, 10, "the big blind (the small blind is half)", low=2, high=1000000000),
        Setting("order", str, "source", "how kinds rank: the source's list or measured rarity",
                choices=("source", "measured")),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
        Setting("extra_blind", str, "live",
                "the last winner's extra blind: live (counts toward their first-round bet) or dead",
                choices=("live", "dead")),
    ),
    rules=FlameSwordSettings.from_settings,
    state=FlameSwordState,
    aliases=("flame",),
    round_word="hand",
    setting_choices={"blind": (2, 10, 50), "order": ("source", "measured"),
                     "starting_chips": (100, 1000), "extra_blind": ("live", "dead")},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Flame Sword: poker with the 12,000-card Infinite Deck and a 10 x 10 grid, as the registry sees it."""
