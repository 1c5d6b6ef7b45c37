"""Shenja Ivali (Greedy Ivali): poker with the Ivali deck, a flop, a draw and an auction."""

from __future__ import annotations

from cardtable.engine.named_evaluators import GameEvaluator
from cardtable.games.definition import GameDefinition, GameProfile, Lesson, Setting, chips, starting_stack

GAME = GameDefinition.package(
    __name__,
    strong_rollouts={2: 56, 4: 40, 8: 24},  # rollouts a decision by seats: p95 under 250 ms of CPU
    lesson=Lesson(
        seed=2,
        intro=("Your first round: everyone antes and gets four Ivali cards; a flop, a draw and an auction "
               "follow, and the best five cards win. Every card has a numeral (1 to 5), a planet and an "
               "element (the name at a card's top and its colour are its planet, the word at its foot its "
               "element: Earth is both). A hand is named by two patterns at once: the "
               "numerals' (a pair, two pairs, a full house...) and the planets'. Five cards of one element "
               "make a flush, better still."),
        steps={"bet": "A betting round: check or bet; once someone has bet, call, raise or fold.",
               "bet:betting after the flop": ("The flop: one card face up for each player still in. After "
                                              "the auction each player takes one of them as a fifth card."),
               "draw": ("The draw: click up to two cards to change (they lift), then Discard; "
                        "discard nothing to stand pat. The ringed cards are the ones the computer would change."),
               "auction": ("The auction: bid chips on the flop card you want most, or pass. A higher bid "
                           "tops yours: you may bid again or drop out. Each card goes to its highest bidder; "
                           "those who passed take the cards left, in the order they were dealt, for nothing. "
                           "The bids make a pot of their own.")},
        showdown=("The best five cards win the pot, and the auction's pot too. The table names each hand and "
                  "what it is made of; point at a seat's cards to see them large, planets and all."),
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
