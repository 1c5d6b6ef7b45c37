"""Five-Card Draw: classic draw poker with the 52-card deck, two betting rounds and one draw."""

from __future__ import annotations

from cardtable.games.definition import GameDefinition, GameProfile, Setting, chips, starting_stack

GAME = GameDefinition.package(
    __name__,
    name="Five-Card Draw",
    round_word="hand",
    aliases=("draw", "five_card", "5cd"),
    seats=(2, 6),
    settings=(
        chips("ante", 1, "chips each player puts in before the deal"),
        starting_stack(100),
        Setting("limit", str, "no_limit", "the betting structure", choices=("no_limit", "pot_limit", "fixed")),
        chips("min_bet", 2, "the smallest bet (the small bet in fixed limit)"),
        chips("big_bet", None, "fixed limit: the bet after the draw (null: twice min_bet)", optional=True),
        chips("raise_cap", 4, "fixed limit: raises allowed in a round (null: no cap)", low=0, high=100,
              optional=True),
        Setting("max_draw", int, 3, "the most cards a player may discard", low=0, high=4),
        Setting("ace_bonus", bool, True, "a player keeping an ace may discard one more"),
    ),
    rules="DrawSettings",
    state="DrawState",
    bot="DrawBot",
    setting_choices={"ante": (1, 2, 5), "limit": ("no_limit", "pot_limit", "fixed"), "min_bet": (1, 2, 4),
                     "max_draw": (0, 2, 3, 4), "ace_bonus": (True, False),
                     "starting_chips": (5, 20, 100, 300)},
    profile=GameProfile(
        short_match={"starting_chips": 8},
        high_stakes={"starting_chips": 20000, "ante": 1000},
        saved_actions=(
            "five_card_draw.shuffle Shuffle seat order",
            "five_card_draw.discard Discard seat cards",
            "five_card_draw.reshuffle Reshuffle seat order",
        ),
    ),
)
"""Five-Card Draw, as the registry sees it."""
