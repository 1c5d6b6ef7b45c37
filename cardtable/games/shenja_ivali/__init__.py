"""Shenja Ivali (Greedy Ivali): poker with the Ivali deck, a flop, a draw and an auction."""

from __future__ import annotations

from cardtable.engine.named_evaluators import GameEvaluator
from cardtable.games.definition import GameDefinition, GameProfile, Lesson, Setting, chips, starting_stack

GAME = GameDefinition.package(
    __name__,
    lesson=Lesson(
        seed=2,
        intro=("Your first round: everyone antes and gets four Ivali cards; a flop, a draw and an auction "
               "follow. The best five-card hand wins."),
        steps={"bet": "A betting round: check or bet; once someone has bet, call, raise or fold.",
               "draw": ("The draw: click up to two cards to change (they lift), then Discard; "
                        "discard nothing to stand pat."),
               "auction": ("The auction: bid on one face-up flop card or pass. Each player still in "
                           "takes one flop card as a fifth card.")},
        showdown="The best five cards win the pot; the auction's chips go to a pot of their own.",
    ),
    name="Shenja Ivali",
    aliases=("ivali",),
    decks=("ivali",),
    settings=(
        chips("ante", 1, "chips each player puts in before the deal"),
        starting_stack(100),
        Setting("limit", str, "no_limit", "the betting structure", choices=("no_limit", "pot_limit", "fixed")),
        chips("min_bet", 2, "the smallest bet (the small bet in fixed limit)"),
        chips("big_bet", 4, "fixed limit: the bet in the last two rounds"),
        chips("raise_cap", None, "raises allowed in a round (null: no cap)", low=0, high=100, optional=True),
        Setting("rank_planets", bool, True, "whether planets break ties"),
        Setting("rank_elements", bool, True, "whether elements break ties"),
        Setting("planet_order", list, ["Earth", "Irath", "Libera", "Gula", "Omec"], "planets, highest first"),
        Setting("element_order", list, ["Earth", "Water", "Fire", "Air"], "elements, highest first"),
        Setting("max_discard", int, 2, "cards a player may swap in the draw", low=0, high=2),
    ),
    rules="ShenjaIvaliSettings",
    state="ShenjaIvaliState",
    bot="IvaliBot",
    setting_choices={"ante": (1, 2, 3), "limit": ("no_limit", "pot_limit", "fixed"),
                     "min_bet": (1, 2, 4), "max_discard": (0, 1, 2),
                     "starting_chips": (5, 20, 100, 300)},
    evaluators=(GameEvaluator("shenja_ivali", "the best five cards, as Shenja Ivali ranks them (its 43 kinds)",
                              decks=("ivali",), fewest=5, skip_tags=("wild",),
                              function="cardtable.games.shenja_ivali.evaluator:value"),),
    profile=GameProfile(
        short_match={"starting_chips": 8},
        high_stakes={"starting_chips": 20000, "ante": 1000},
        saved_actions=(
            "ivali.auction_action AuctionAction seat",
            "ivali.bid Bid seat card amount",
            "ivali.pass_bid PassBid seat",
            "ivali.drop_out DropOut seat",
            "ivali.shuffle Shuffle seat order",
            "ivali.discard Discard seat cards",
        ),
    ),
)
"""Shenja Ivali (Greedy Ivali): poker with the Ivali deck, a flop, a draw and an auction, as the registry sees it."""
