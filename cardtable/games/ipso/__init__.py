"""Ipso: four cards, four piles to exchange with, and one action a betting round."""

from __future__ import annotations

from cardtable.engine.named_evaluators import GameEvaluator
from cardtable.games.definition import GameDefinition, GameProfile, Lesson, SimulationSpec, chips, starting_stack

GAME = GameDefinition.package(
    __name__,
    strong_rollouts={2: 120, 4: 80, 5: 60},  # rollouts a decision by seats: p95 under 250 ms of CPU
    lesson=Lesson(
        seed=1,
        intro=("Your first hand: four cards each, Aces low, the best four-card hand wins. Everyone antes; "
               "then come five betting rounds, with an exchange of one card after each of the first four."),
        steps={"dealer_draw": "Drawing for the deal: the highest card deals (Aces low).",
               "bet": ("A betting round: everyone still in acts once. Stake or cover what the last player put "
                       "in, cover and raise (up to the table's most), or fold; there is no check. Your hand's "
                       "name says its kind; the number in brackets is its pips total (Ace 1 ... King 13), which "
                       "settles equal kinds. The kinds, best first, are on the help page (F1, then Tab)."),
               "exchange": ("The exchange: give up one card and take the top card of a pile, or skip. The flip "
                            "and the face-up discards show their top card; the stock and the face-down discards "
                            "are a gamble, and what you take from them only you see.")},
        showdown=("The best kind of four-card hand takes the pot (a better kind wins whatever the totals); the "
                  "winner then chooses who deals next."),
    ),
    name="Ipso",
    round_word="hand",
    seats=(2, 5),
    settings=(
        chips("ante", 2, "chips each player puts in before the deal"),
        starting_stack(100),
        chips("min_bet", 2, "the smallest stake"),
        chips("max_bet", 10, "the largest stake or raise (null: none)", optional=True),
    ),
    rules="IpsoSettings",
    state="IpsoState",
    bot="IpsoBot",
    setting_choices={"ante": (1, 2, 5), "min_bet": (1, 2), "max_bet": (4, 10, None),
                     "starting_chips": (10, 40, 100)},
    # The first dealer is drawn for; a hand ends when its winner names the next dealer.
    simulation=SimulationSpec(deal_seed="ipso-deal:{seed}:{game}", bot_seed="ipso-bot", rotate_dealer=False,
                              between_phase="choose_dealer", match_word="game"),
    evaluators=(GameEvaluator("ipso", "the best four cards, as Ipso ranks them (Aces low, Quad down to High Card)",
                              decks=("standard52",), fewest=4, function="cardtable.games.ipso.evaluator:value"),),
    profile=GameProfile(
        short_match={"starting_chips": 10},
        high_stakes={"starting_chips": 20000, "ante": 1000, "min_bet": 1000, "max_bet": 5000},
        saved_actions=(
            "ipso.bet_action IpsoBetAction seat",
            "ipso.stake Stake seat amount",
            "ipso.cover Cover seat",
            "ipso.cover_raise CoverRaise seat amount",
            "ipso.draw_for_dealer DrawForDealer seat cards",
            "ipso.shuffle Shuffle seat order",
            "ipso.exchange Exchange seat card pile",
            "ipso.skip Skip seat",
            "ipso.choose_dealer ChooseDealer seat dealer",
        ),
    ),
)
"""Ipso: four cards, four piles to exchange with, and one action a betting round, as the registry sees it."""
