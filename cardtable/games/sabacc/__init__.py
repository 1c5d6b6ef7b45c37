"""Sabacc: get as close to 23 or -23 as you can, two pots, a shifting die."""

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
    strong_rollouts={2: 200, 4: 120, 8: 80},  # rollouts a decision by seats: p95 under 250 ms of CPU
    lesson=Lesson(
        seed=1,
        intro=("Your first hand: get your total closest to 23 or -23 without going over 23, under -23 or to 0 "
               "(that is bombing out). Only the total at the showdown counts, so a bad total now can still be "
               "mended by drawing. Everyone antes 100 into the hand pot and 1,000 into the sabacc pot."),
        steps={"bet": ("Betting: check or bet; once someone has bet, call, raise or fold (folding costs 200). "
                       "Once play comes round to the biggest bettor, or everyone checks, the hand is called."),
               "draw": "Drawing: draw one card, or stand and draw nothing.",
               "decide": "Keep or drop: keep the drawn card, swap it for one of yours, or drop it.",
               "roll": ("The shift die: on red every hand loses a card at random and gets a new one, so totals "
                        "can change at any time."),
               "reveal": ("The call: once play comes back round to the biggest bettor the hand is called, and "
                          "the hands are shown.")},
        showdown=("The best total wins the hand pot (the one furthest from 0: 23 or -23 beats 20); a pure "
                  "sabacc (exactly 23 or -23) also takes the sabacc pot, and the Idiot's Array (the Idiot, a 2 "
                  "and a 3) beats everything. A hand that bombs out pays the hand pot's amount into the sabacc "
                  "pot."),
    ),
    name="Sabacc",
    round_word="hand",
    decks=("sabacc",),
    settings=(
        starting_stack(5000, "credits"),
        chips("hand_ante", 100, "credits each player puts in the hand pot", low=0),
        chips("sabacc_ante", 1000, "credits each puts in the sabacc pot when it is empty", low=0),
        chips("fold_penalty", 200, "credits a folding player pays into the sabacc pot", low=0),
        chips("min_bet", 100, "the smallest bet"),
        Setting("pot_limit", bool, False, "whether a bet is capped by the hand pot"),
        chips("hand_limit", 0, "the largest bet (0: none)", low=0),
    ),
    rules="SabaccSettings",
    state="SabaccState",
    bot="SabaccBot",
    setting_choices={"pot_limit": (True, False), "hand_limit": (0, 500), "min_bet": (50, 100),
                     "starting_credits": (1500, 5000)},
    simulation=SimulationSpec(match_word="game"),
    evaluators=(GameEvaluator("sabacc", "all the cards as one Sabacc hand (closest to 23 or -23; over it bombs out)",
                              decks=("sabacc",), fewest=2, function="cardtable.games.sabacc.evaluator:value"),),
    profile=GameProfile(
        short_match={"starting_credits": 1500},
        saved_actions=(
            "sabacc.shuffle SabaccShuffle seat order",
            "sabacc.roll RollDie seat colour",
            "sabacc.shift Shift seat lost",
            "sabacc.demise DealDemise seat",
            "sabacc.stand Stand seat",
            "sabacc.draw Draw seat",
            "sabacc.keep Keep seat",
            "sabacc.swap Swap seat card",
            "sabacc.drop Drop seat",
        ),
    ),
)
"""Sabacc: get as close to 23 or -23 as you can, two pots, a shifting die, as the registry sees it."""
