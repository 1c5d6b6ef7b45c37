"""Alethkar Poker: secret bets into a bag, keep five of seven, share the middle by hand value."""

from __future__ import annotations

from cardtable.games.alethkar_poker import checks
from cardtable.games.alethkar_poker.rules import AlethkarSettings
from cardtable.games.alethkar_poker.state import AlethkarState
from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting


def _bot() -> type:
    from cardtable.games.alethkar_poker.bot import AlethkarBot
    return AlethkarBot


GAME = GameDefinition(
    id="alethkar_poker",
    name="Alethkar Poker",
    seats=(2, 7),
    decks=("standard52",),
    settings=(
        Setting("starting_chips", int, 40, "each seat's chips at the start", low=1, high=1000000000),
        Setting("buy_in", int, 1, "chips each player puts in their bag at a round's start", low=1, high=1000000000),
        Setting("ace_low_straight", bool, True, "whether A-2-3-4-5 counts as a straight"),
        Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS),
    ),
    rules=AlethkarSettings.from_settings,
    state=AlethkarState,
    aliases=("alethkar",),
    setting_choices={"buy_in": (1, 2, 5), "ace_low_straight": (True, False),
                     "starting_chips": (10, 50, 200)},
    checks=checks,
    bot_class=_bot,
    table=f"{__name__}.ui.table",
    tools=f"{__name__}.tools",
)
"""Alethkar Poker: secret bets into a bag, keep five of seven, share the middle by hand value,
as the registry sees it."""
