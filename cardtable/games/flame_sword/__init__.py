"""Flame Sword: poker with the 12,000-card Infinite Deck and a 10 x 10 grid."""

from __future__ import annotations

from cardtable.engine.named_evaluators import GameEvaluator
from cardtable.games.definition import (
    GameDefinition,
    GameProfile,
    Lesson,
    Setting,
    SimulationSpec,
    chips,
    starting_stack,
)

GAME = GameDefinition.package(
    __name__,
    strong_rollouts={2: 64, 4: 60, 8: 30},  # rollouts a decision by seats: p95 under 250 ms of CPU
    # (heads-up 64, not 96, since the rollouts' normal bot deals three hands an estimate: 310 ms at 96)
    lesson=Lesson(
        seed=4,
        intro=("Your first hand: the blinds go in and you play against the computer. Your hand will be the best "
               "ten cards of your four hole cards and one row or column of the 10 x 10 grid."),
        steps={"call": ("The Called Shot: you may name ten cards for everyone to see; a hand holding all ten "
                        "beats every other. Passing is fine for a first hand."),
               "bet": ("A betting round: check, bet, call, raise or fold, as in no-limit poker. The blinds are "
                       "forced bets; the last hand's winner (the dealer, in the first hand) posts one extra."),
               "flip": ("Flipping the grid: in turn, click any face-down grid card to turn it up for everyone, "
                        "until 60 are up (the flop), then 80 (the turn); the river turns up the rest. Turn cards "
                        "in the line you hope to use: the banner over your cards names your best line so far "
                        "(Rainbow x10: ten cards, no two of one colour). It takes many clicks: Auto-flip (the "
                        "bar's button) turns cards for you."),
               "reveal": ("The showdown: each hand has a kind, such as Rainbow x10 (ten cards, no two of one "
                          "colour). A better kind wins; between equal kinds the higher cards decide, then trumps. "
                          "The ten cards that count are framed, the rest of the line shaded; point at a card to "
                          "see it large.")},
        showdown=("The weakest hand shown becomes the Underdog: eight hole cards next hand. The kinds and the "
                  "ranks (Infinity highest, then Ace, King, Queen...) are on the help page (F1, then Tab)."),
    ),
    name="Flame Sword",
    round_word="hand",
    aliases=("flame",),
    decks=("infinite",),
    settings=(
        starting_stack(1000),
        chips("blind", 10, "the big blind (the small blind is half)", low=2),
        Setting("order", str, "source", "how kinds rank: the source's list or measured rarity",
                choices=("source", "measured")),
        Setting("extra_blind", str, "live",
                "the last winner's extra blind: live (counts toward their first-round bet) or dead",
                choices=("live", "dead")),
    ),
    rules="FlameSwordSettings",
    state="FlameSwordState",
    bot="FlameBot",
    setting_choices={"blind": (2, 10, 50), "order": ("source", "measured"),
                     "starting_chips": (100, 1000), "extra_blind": ("live", "dead")},
    # 12,000 cards make a full view check the dearest part of a step: every seat's view
    # is checked at the end of each hand and every 10th action.
    simulation=SimulationSpec(view_every=10),
    evaluators=(GameEvaluator("flame_sword", "the best ten cards, as Flame Sword ranks them (its 102 kinds)",
                              decks=("infinite",), fewest=10, most=18,
                              function="cardtable.games.flame_sword.evaluator:value"),),
    profile=GameProfile(
        short_match={"starting_chips": 20},
        high_stakes={"starting_chips": 20000, "blind": 1000},
        saved_actions=(
            "flame.start_hand StartHand seat",
            "flame.call_shot CallShot seat cards",
            "flame.deal Deal seat cards",
            "flame.flip Flip seat cell",
        ),
    ),
)
"""Flame Sword: poker with the 12,000-card Infinite Deck and a 10 x 10 grid, as the registry sees it."""
