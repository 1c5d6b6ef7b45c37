"""Alethkar Poker: secret bets into a bag, keep five of seven, share the middle by hand value."""

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
    strong_rollouts={2: 1000, 4: 700, 7: 400},  # rollouts a decision by seats: p95 under 250 ms of CPU
    lesson=Lesson(
        seed=6,  # the person wins two chips: the count and the payout both show
        intro=("Your first round: the buy-in goes into your black bag and you are dealt seven cards. "
               "Only you see into your bag; everyone sees how many chips you have in all."),
        steps={"bet": ("The secret bet: put chips from your stack into your bag (set Into the bag, or click "
                       "gems: Diamond 1, Garnet 2, Ruby 4, Amethyst 8...), or none, then Check. The worth over "
                       "your cards says how strong your best five are."),
               "discard": "The discard: choose exactly two of your seven cards to throw away, face down.",
               "reveal": ("The count: each hand of five is split into the table's combinations (a pair, three "
                          "of a kind, five in a row...), and every card left over counts alone: Ace 7, King 6, "
                          "down to 2 at -5. The hand is worth the best total.")},
        showdown=("The highest hand takes its bag back, and its bag's count, V, is the most anyone pays: each "
                  "other player pays from their own bag into the middle, up to V. You collect only what the "
                  "others risked in their bags, so a strong hand with a small bag, or against small bags, wins "
                  "little. The middle is shared out in proportion to the hand values."),
    ),
    name="Alethkar Poker",
    aliases=("alethkar",),
    seats=(2, 7),
    settings=(
        starting_stack(40),
        chips("buy_in", 1, "chips each player puts in their bag at a round's start"),
        Setting("ace_low_straight", bool, True, "whether A-2-3-4-5 counts as a straight"),
    ),
    rules="AlethkarSettings",
    state="AlethkarState",
    bot="AlethkarBot",
    setting_choices={"buy_in": (1, 2, 5), "ace_low_straight": (True, False),
                     "starting_chips": (10, 50, 200)},
    # Two careful players can go on for ever (the loser of a round pays no more than the
    # winner put in): a simulated match stops after 500 rounds unless told otherwise.
    simulation=SimulationSpec(round_cap=500),
    evaluators=(GameEvaluator("alethkar_poker", "the five cards worth the most by Alethkar Poker's value table",
                              decks=("standard52",), fewest=5,
                              function="cardtable.games.alethkar_poker.evaluator:value"),),
    profile=GameProfile(
        short_match={"starting_chips": 6},
        high_stakes={"starting_chips": 20000, "buy_in": 1000},
        saved_actions=(
            "alethkar.shuffle Shuffle seat order",
            "alethkar.bag_bet BagBet seat amount",
            "alethkar.discard DiscardTwo seat cards",
        ),
    ),
)
"""Alethkar Poker: secret bets into a bag, keep five of seven, share the middle by hand value,
as the registry sees it."""
