"""Every game's result line names the winner, the amount, the hands (in the game's words,
with what a number means) and the rule that decided, a tie decided by a rule included, and
tells the person at the screen what they lost: built from the seat view only, from
stacked deals where the game has them."""

from __future__ import annotations

from test_ipso import DECK as STANDARD
from test_ipso import game as ipso_game
from test_ipso import play_to_showdown
from test_sabacc import DECK as SABACC_DECK
from test_sabacc import play, table, tie_table
from test_shenja_ivali import SAMPLE_FLOP, SAMPLE_HOLE, card, play_passively, stacked, to_phase
from test_shenja_ivali import new as new_ivali

from cardtable.engine.betting import Check
from cardtable.engine.hand_evaluators import EVALUATORS
from cardtable.engine.poker_hands import evaluate_codes
from cardtable.engine.view import PotResult, Showdown, ShownHand
from cardtable.games.alethkar_poker.ui.result import result_text as alethkar_text
from cardtable.games.alethkar_poker.view import PayoutView
from cardtable.games.flame_sword.ui.result import result_text as flame_text
from cardtable.games.ipso.ui.result import result_text as ipso_text
from cardtable.games.ipso.view import IpsoParts
from cardtable.games.ipso.view import seat_view as ipso_view
from cardtable.games.sabacc import rules as sabacc_rules
from cardtable.games.sabacc.ui.result import result_text as sabacc_text
from cardtable.games.sabacc.view import SabaccParts
from cardtable.games.sabacc.view import seat_view as sabacc_view
from cardtable.games.shenja_ivali.auction import Bid, DropOut
from cardtable.games.shenja_ivali.hands import DEFAULT_RULES, evaluate
from cardtable.games.shenja_ivali.rules import Phase as IvaliPhase
from cardtable.games.shenja_ivali.ui.result import result_text as ivali_text
from cardtable.games.shenja_ivali.view import seat_view as ivali_view
from cardtable.ui.result_words import against, gains
from cardtable.variants import load_deck_by_id
from cardtable.yaml_games.ui.result import low_rule, poker_rule


def one_pot(hands: tuple[ShownHand, ...], winners: tuple[int, ...], amount: int, net=()) -> Showdown:
    shares = tuple((w, amount // len(winners)) for w in winners)
    pot = PotResult(name="main pot", amount=amount, eligible=tuple(h.seat for h in hands), winners=winners,
                    shares=shares)
    return Showdown(round=1, showdown=True, hands=hands, pots=(pot,), winners=winners, net=tuple(net))


# --- Ipso ---------------------------------------------------------------------------------

def ipso_result(hands: dict[int, list[str]], viewer: int) -> tuple[str, str]:
    state = ipso_game(3, dealer=2, hands=hands)
    play_to_showdown(state)
    view = ipso_view(state, viewer)
    parts = view.extra_as(IpsoParts)
    text = ipso_text(view.names, view.showdown, pot=parts.won_pot, cuts=parts.cuts,
                     card_words=lambda card: STANDARD[card].code)
    return text, gains(view.names, view.showdown, [viewer])


def test_ipso_says_what_its_numbers_are_and_that_the_total_decided():
    text, lost = ipso_result({0: ["6S", "8S", "JS", "QS"], 1: ["3H", "4H", "7H", "KH"],
                              2: ["QC", "QD", "8D", "8C"]}, viewer=1)
    assert text == ("A wins 180 chips with Flush (pips total 37) against B's Flush (pips total 27): "
                    "both Flush, so the higher total wins (pips: A=1 ... K=13).")
    assert lost.endswith("Your net this hand: -60 chips (you put in 60).")


def test_ipso_a_better_kind_wins_whatever_the_totals():
    hands = (ShownHand(seat=0, key=(1, 35), label="High Card & Tags (35)"),
             ShownHand(seat=1, key=(2, 13), label="Pair & Kickers (13)"))
    text = ipso_text(["Ada", "Bo"], one_pot(hands, (1,), 26), pot=26, cuts=(), card_words=str)
    assert text.endswith("Pair & Kickers ranks above High Card & Tags, whatever the totals.")
    assert "Bo wins 26 chips with Pair & Kickers (pips total 13) against Ada's High Card & Tags (pips total 35)" in text


def test_ipso_a_tie_is_decided_by_the_cut_and_the_line_says_so():
    text, lost = ipso_result({0: ["AD", "2D", "3D", "4D"], 1: ["AH", "2H", "3H", "4H"],
                              2: ["KC", "QD", "8D", "5C"]}, viewer=1)
    assert text == ("A wins 180 chips with Bouncer, 4 high against B's Bouncer, 4 high: "
                    "both Bouncer, equal: the pack was cut (A QH, B 4S) and the highest card won.")
    assert lost.endswith("Your net this hand: -60 chips (you put in 60).")


# --- Sabacc -------------------------------------------------------------------------------

def sabacc_result(state, viewer: int = 0) -> tuple[str, str]:
    view = sabacc_view(state, viewer)

    def demise(seat: int) -> str | None:
        zone = view.seats[seat].zone("demise")
        return SABACC_DECK[zone.cards[0]].name if zone is not None else None
    return (sabacc_text(view.names, view.showdown, view.extra_as(SabaccParts), demise),
            gains(view.names, view.showdown, [viewer], "credit"))


def test_sabacc_says_a_sudden_demise_decided_and_how_its_cards_fell():
    state = tie_table("2 of Coins", "1 of Coins")
    play(state, sabacc_rules.DealDemise())
    text, lost = sabacc_result(state)
    assert text.startswith("P1 wins the hand pot, 200 credits: P0 and P1 tied at the call (P0 -20, P1 +20), "
                           "so a sudden demise dealt each one card: P0 drew 1 of Coins for -19, "
                           "P1 drew 2 of Coins for +22; the higher absolute total wins.")
    assert lost.endswith("Your net this hand: -1,100 credits (you put in 1,100).")


def test_sabacc_a_demise_where_all_bomb_out_names_the_closest_to_23_rule():
    state = tie_table("4 of Coins", "Balance")
    play(state, sabacc_rules.DealDemise())
    text, _ = sabacc_result(state)
    assert "P0 drew Balance and bombed out (-31), P1 drew 4 of Coins and bombed out (+24); " \
           "all bombed out, and the total nearest 23 wins" in text


def test_sabacc_the_idiots_array_takes_both_pots_and_the_line_says_why():
    state = table(2, top=("The Idiot", "Ace of Coins", "2 of Coins", "8 of Flasks", "3 of Staves"))
    play(state, Check(seat=1), sabacc_rules.Draw(seat=1), sabacc_rules.Keep(seat=1), Check(seat=0),
         sabacc_rules.Stand(seat=0))
    text, gained = sabacc_result(state, viewer=1)
    assert text == ("P1 wins the hand pot, 200 credits, with Idiot's Array against P0's Pure Sabacc: the Idiot's "
                    "Array beats every other hand, Pure Sabacc too. Idiot's Array! P1 also takes the sabacc pot, "
                    "2,000 credits.")
    assert gained.startswith("Your net this hand: +1,100 credits (you won ")


# --- Alethkar Poker -----------------------------------------------------------------------

PAYOUT = dict(values=((0, 113), (1, 40), (2, -3)), top_value=113, top_seats=(0,), cap=12, returned=((0, 12),),
              paid=((1, 12), (2, 3)), carried_in=2, middle=17, total_value=150, order=(0, 1, 2),
              shares=((0, 12), (1, 4), (2, 0)), carry_out=1)
ALETHKAR_HANDS = (ShownHand(seat=0, key=(113,), label="Four Kings, Ace (113)"),
                  ShownHand(seat=1, key=(40,), label="Pair 9s, Queen, 8, 4 (40)"),
                  ShownHand(seat=2, key=(-3,), label="Jack, 7, 5, 3, 2 (-3)"))


def test_alethkar_says_the_highest_hand_the_bag_that_set_the_cap_and_every_share():
    results = Showdown(round=4, showdown=True, hands=ALETHKAR_HANDS, winners=(0,), net=(12, -9, -4))
    text = alethkar_text(["Ann", "Bo", "Cy"], results, PayoutView(**PAYOUT))
    assert text.startswith("Ann had the highest hand, Four Kings, Ace, worth 113 (Bo 40, Cy -3). "
                           "Ann's bag held 12, so each other player paid at most 12 into the middle: Bo 12, Cy 3.")
    assert text.endswith("Ann takes 12, Bo 4; 1 chip stays for the next round.")
    said = gains(["Ann", "Bo", "Cy"], results, [1], detail=False, span="round")
    assert said.endswith("Your net this round: -9 chips.")


def test_alethkar_a_shared_highest_hand_is_capped_by_the_largest_of_their_bags():
    payout = PayoutView(**{**PAYOUT, "values": ((0, 40), (1, 40), (2, -3)), "top_value": 40, "top_seats": (0, 1),
                           "returned": ((0, 12), (1, 5)), "paid": ((2, 3),), "total_value": 77,
                           "shares": ((0, 8), (1, 8), (2, 0))})
    results = Showdown(round=4, showdown=True, hands=ALETHKAR_HANDS, winners=(0, 1))
    text = alethkar_text(["Ann", "Bo", "Cy"], results, payout)
    assert text.startswith("Ann and Bo shared the highest hand, worth 40 (Cy -3). The largest of their bags held "
                           "12, so each other player paid at most 12 into the middle: Cy 3.")


# --- Flame Sword --------------------------------------------------------------------------

RANKS = {38: "Ace", 37: "King", 36: "Queen", 29: "Wizard", 30: "Lady", 6: "6", 2: "2", 27: "Sorceress"}.get


def flame(seat: int, key, label: str) -> ShownHand:
    return ShownHand(seat=seat, key=key, label=label)


def test_flame_sword_names_the_tie_layer_and_the_cards_it_found_apart():
    rainbow = (96, (38, 37, 36, 33, 30, 27, 21, 20, 13, 0), (), 1, (13,))
    other = (96, (38, 37, 36, 33, 29, 27, 21, 20, 13, 0), (), 1, (13,))
    results = one_pot((flame(0, rainbow, "Rainbow x10 (Ace high)"), flame(1, other, "Rainbow x10 (Ace high)")),
                      (0,), 40, net=(20, -20))
    text = flame_text(["Ann", "Bo"], results, RANKS)
    assert text == ("Ann wins 40 chips with Rainbow x10 (Ace high) against Bo's Rainbow x10 (Ace high): both "
                    "Rainbow x10 (ten cards, none of which share a color); on higher cards (tie-break 1 of 6), "
                    "Ann's fifth-highest card, a Lady, beats Bo's Wizard.")


def test_flame_sword_a_trump_layer_and_a_better_kind_and_a_split():
    more = (9, (30, 30, 30, 2, 2), (), 3, (20, 10, 5))
    fewer = (9, (30, 30, 30, 2, 2), (), 2, (20, 10))
    results = one_pot((flame(0, fewer, "Full House (Ladies over 2s)"), flame(1, more, "Full House (Ladies over 2s)")),
                      (1,), 60)
    assert flame_text(["Ann", "Bo"], results, RANKS).endswith(
        "on more trumps (tie-break 3 of 6), Bo's 3 trumps beat Ann's 2.")
    kinds = one_pot((flame(0, (9, (30,), (), 0, ()), "Full House (Ladies over 2s)"),
                     flame(1, (5, (36,), (), 0, ()), "Pair (Queens)")), (0,), 10)
    assert flame_text(["Ann", "Bo"], kinds, RANKS).endswith(
        "a better kind: Full House (a 3 of a Kind and a Pair of two different ranks) ranks above Pair (two cards "
        "that share the same rank).")
    split = one_pot((flame(0, more, "Full House (Ladies over 2s)"), flame(1, more, "Full House (Ladies over 2s)")),
                    (0, 1), 60)
    assert flame_text(["Ann", "Bo"], split, RANKS) == (
        "Ann and Bo split 60 chips (30 each) with Full House (Ladies over 2s): equal through all six tie-breaks "
        "(so the pot is split).")


# --- Shenja Ivali -------------------------------------------------------------------------

IVALI = load_deck_by_id("ivali")


def ivali(seat: int, *cards: str) -> ShownHand:
    value = evaluate([IVALI.find(name) for name in cards], DEFAULT_RULES)
    return ShownHand(seat=seat, key=value.key, label=value.label)


def test_shenja_ivali_a_tie_of_kinds_decided_on_the_numerals_then_on_the_planets():
    fives = ivali(0, "Earth 5 of Fire", "Earth 5 of Water", "Irath 3 of Air", "Omec 2 of Earth", "Libera 1 of Fire")
    fours = ivali(1, "Earth 4 of Fire", "Earth 4 of Water", "Irath 3 of Water", "Omec 2 of Air", "Libera 1 of Earth")
    assert fives.label == fours.label
    text = ivali_text(["Ann", "Bo"], one_pot((fives, fours), (0,), 12), DEFAULT_RULES)
    assert text == (f"Ann wins 12 chips with {fives.label} against Bo's {fours.label}: both {fives.label}; "
                    "on the numerals, Ann's pair of 5s beats Bo's pair of 4s.")
    irath = ivali(1, "Irath 5 of Fire", "Irath 5 of Water", "Earth 3 of Air", "Omec 2 of Earth", "Libera 1 of Fire")
    text = ivali_text(["Ann", "Bo"], one_pot((fives, irath), (0,), 12), DEFAULT_RULES)
    assert "on the planets (Earth > Irath > Libera > Gula > Omec), Ann's two Earth cards beat Bo's two Irath cards" \
        in text


def test_shenja_ivali_the_sources_sample_game_is_told_with_both_pots_and_each_loss():
    state = new_ivali("ABCD", dealer=3)
    state.apply(stacked(4, 3, SAMPLE_HOLE, SAMPLE_FLOP))
    to_phase(state, IvaliPhase.AUCTION)
    g3f, i2e = card(SAMPLE_FLOP[0]), card(SAMPLE_FLOP[2])
    for action in [Bid(seat=0, card=g3f, amount=1), Bid(seat=1, card=g3f, amount=2), Bid(seat=2, card=g3f, amount=3),
                   Bid(seat=3, card=i2e, amount=1), DropOut(seat=0), Bid(seat=1, card=g3f, amount=4),
                   DropOut(seat=2)]:
        state.apply(action)
    play_passively(state, IvaliPhase.REVEAL)
    view = ivali_view(state, 3)
    assert ivali_text(view.names, view.showdown, DEFAULT_RULES) == (
        "B wins the main pot and the auction pot, 9 chips, with Shooting Stars against C's Sensoth Party: "
        "Shooting Stars (one pair in the numerals or the planets, straight in the other; a flush: all five of one "
        "element) ranks above Sensoth Party (five of a kind in the numerals or the planets, one pair in the other) "
        "on the hand table (F1, then Tab).")
    assert gains(view.names, view.showdown, [3], span="round").endswith("Your net this round: -2 chips (you put in 2).")


# --- the games written in a variant file ---------------------------------------------------

def poker(seat: int, codes: str, low: bool = False) -> ShownHand:
    if low:
        value = EVALUATORS["low8"].value([STANDARD.find(c) for c in codes.split()], [])
    else:
        value = evaluate_codes(codes.split())
    return ShownHand(seat=seat, key=tuple(value.key), label=value.label)


def test_poker_a_kicker_decides_and_the_line_names_it():
    tens = (poker(0, "10S 10D AS QH 7C"), poker(1, "10H 10C AD JH 7D"))
    results = one_pot(tens, (0,), 6)
    assert against(["Ann", "Bo"], results, results.pots[0], poker_rule) == (
        "Bo's Pair of Tens", "both Pair of Tens; Ann's second kicker, a Queen, beats Bo's Jack")
    kinds = (poker(0, "2S 5S 9S JS KS"), poker(1, "KH KD 5H 5D 2C"))
    results = one_pot(kinds, (0,), 6)
    assert against(["Ann", "Bo"], results, results.pots[0], poker_rule)[1] == "Flush ranks above Two Pair"
    houses = (poker(0, "KH KD KS 2C 2D"), poker(1, "QH QD QS AC AD"))
    results = one_pot(houses, (0,), 6)
    assert against(["Ann", "Bo"], results, results.pots[0], poker_rule)[1] == \
        "both Full House; Ann's three Kings beat Bo's three Queens"


def test_hi_lo_the_low_half_names_the_card_that_made_the_lower_low():
    lows = (poker(0, "8S 5D 4C 2H AS", low=True), poker(1, "8H 5C 4D 3S 2D", low=True))
    results = one_pot(lows, (0,), 3)
    beaten, why = against(["Ann", "Bo"], results, results.pots[0], low_rule, hands=lows)
    assert beaten == f"Bo's {lows[1].label}"
    assert why == ("the lower low wins, compared from the top card down: in the lows, "
                   "Ann's fourth-highest card, a 2, is lower than Bo's 3")


def test_a_person_whose_hand_won_nothing_is_told_what_they_showed():
    hands = (ShownHand(seat=0, key=(2, 5), label="Two Pair"), ShownHand(seat=1, key=(1, 9), label="Pair"))
    pot = PotResult(name="main pot", amount=20, eligible=(0, 1), winners=(0,), shares=((0, 20),))
    results = Showdown(round=1, showdown=True, hands=hands, pots=(pot,), winners=(0,), net=(10, -10))
    assert gains(["Ann", "Bo"], results, [1]) == (
        "You showed Pair, which won nothing. Your net this hand: -10 chips (you put in 10).")
    assert gains(["Ann", "Bo"], results, [0]) == "Your net this hand: +10 chips (you won 20, put in 10)."
