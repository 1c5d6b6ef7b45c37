"""Flame Sword hands: the 102 kinds, an example and a near miss of each, the surprising
places on the source's list, every tiebreak layer, lines, the CLI and the frequencies.

Cards are written as (rank, colour, suit) through ``card_index``: rank 0..39 (Infinity 39),
colour 0..19, suit 0..14 inside the colour, suit 0 being the colour's trump suit.
"""

from __future__ import annotations

import json
import random

import pytest
from flame_oracle import DECK, oracle

from cardtable.cli import main as cli_main
from cardtable.games.flame_sword import frequencies as flame_frequencies
from cardtable.games.flame_sword.examples import card_index, example_hands, near_miss
from cardtable.games.flame_sword.hands import (
    KINDS,
    FlameHand,
    best_hand,
    best_line,
    contained_kinds,
    describe,
    kind_order,
    line_cells,
    line_names,
    measure_frequencies,
)
from cardtable.games.flame_sword.kinds import KIND_BY_NAME
from cardtable.games.flame_sword.rules import decided_by
from cardtable.games.flame_sword.tools import parse_flame_cards
from cardtable.games.flame_sword.tools import rank as cli_rank

EXAMPLES = example_hands(DECK)
UNREACHABLE = {KIND_BY_NAME["8-2 of a kind"].rank}


def cards(*spec: tuple[int, int, int]) -> list[int]:
    return [card_index(r, c, s) for r, c, s in spec]


def four_of_a_kind(rank: int, singles: list[int], trump_singles: tuple[int, ...] = ()) -> list[int]:
    """Four of ``rank`` in colours 0-3 and six singles spread over the same four colours."""
    spec = [(rank, c, 1) for c in range(4)]
    spec += [(r, i % 4, 0 if i in trump_singles else 2) for i, r in enumerate(singles)]
    return cards(*spec)


# --- The table ---------------------------------------------------------------------

def test_the_table_is_the_sources_102_kinds_then_high_card():
    assert len(KINDS) == 103
    assert [k.rank for k in KINDS] == list(range(1, 104))
    assert [KINDS[i].name for i in (0, 1, 7, 11, 27, 68, 95, 96, 101, 102)] == [
        "Called Shot", "Royal Flush x10", "Rainbow x10", "Double 5 of a Kind Mini-Flush",
        "Triple 3 of a Kind Mini-Flush", "Fuller House", "Full House", "4 of a Kind", "Pair",
        "High Card"]
    assert KINDS[1].odds == "56.663 nonillion" and KINDS[101].odds == "40.130"
    assert KINDS[95].odds_against() == 66468
    assert len({k.name for k in KINDS}) == 103


def test_the_deck_layout_the_tests_rely_on():
    card = DECK[card_index(25, 1, 1)]
    assert (card.rank, card.colour, card.suit) == ("Dragon", "Vermilion", "Embers")
    assert "trump" in DECK[card_index(3, 7, 0)].tags
    assert "trump" not in DECK[card_index(3, 7, 1)].tags


# --- Every kind: an example and a near miss ---------------------------------------------

@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.name)
def test_each_kind_has_an_example_the_oracle_agrees_with(kind):
    hand_cards = list(EXAMPLES[kind.rank])
    called = hand_cards if kind.family == "called" else ()
    hand = best_hand(DECK, hand_cards, called)
    if kind.rank in UNREACHABLE:
        assert kind.rank in contained_kinds(DECK, hand_cards)
        assert hand.kind == "8 of a Kind"
        return
    assert hand.kind == kind.name
    assert oracle(hand_cards, called)[0] == kind.rank


@pytest.mark.parametrize("kind", [k for k in KINDS if k.family != "high" and k.rank not in UNREACHABLE],
                         ids=lambda k: k.name)
def test_each_kind_has_a_near_miss_one_card_away(kind):
    example = list(EXAMPLES[kind.rank])
    missed = near_miss(DECK, kind, example)
    assert missed is not None
    assert len(set(missed) ^ set(example)) == 2, "exactly one card changed"
    called = example if kind.family == "called" else ()
    lower, _ = oracle(missed, called)
    assert lower > kind.rank and best_hand(DECK, missed, called).rank == lower


def test_8_2_of_a_kind_can_never_be_a_hands_kind_under_the_sources_order():
    # every 8-2 holds an 8 of a Kind, which the source places higher (63 against 74)
    hand = cards(*[(20, i % 4, i // 4 + 1) for i in range(8)], (5, 0, 3), (5, 1, 3))
    assert KIND_BY_NAME["8-2 of a kind"].rank in contained_kinds(DECK, hand)
    assert best_hand(DECK, hand).kind == "8 of a Kind"


# --- The source's surprising order ------------------------------------------------------

def test_4_of_a_kind_ranks_below_full_house_and_three_pairs():
    four = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15]))
    full = best_hand(DECK, cards((10, 0, 1), (10, 1, 1), (10, 2, 1), (4, 0, 2), (4, 1, 2),
                                 (0, 2, 3), (13, 3, 3), (16, 0, 3), (19, 1, 3), (30, 3, 4)))
    pairs = best_hand(DECK, cards((10, 0, 1), (10, 1, 1), (4, 2, 1), (4, 0, 2), (7, 1, 2),
                                  (7, 2, 3), (0, 3, 3), (13, 0, 3), (16, 1, 3), (30, 3, 4)))
    assert (four.kind, full.kind, pairs.kind) == ("4 of a Kind", "Full House", "Three Pairs")
    assert pairs.key > full.key > four.key


def test_four_of_a_kind_plus_a_pair_is_judged_a_full_house():
    hand = best_hand(DECK, four_of_a_kind(21, [5, 5, 9, 12, 15, 30]))
    assert hand.kind == "Full House" and hand.key > best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15])).key


def test_a_rainbow_of_ten_outranks_a_flush_of_ten_and_a_pair_is_above_high_card():
    rainbow = best_hand(DECK, cards(*[(3 * i, i, 1) for i in range(10)]))
    flush = best_hand(DECK, cards(*[(3 * i, 0, 1) for i in range(10)]))
    assert (rainbow.rank, flush.rank) == (8, 14) and rainbow.key > flush.key
    assert best_hand(DECK, list(EXAMPLES[102])).key > best_hand(DECK, list(EXAMPLES[103])).key


def test_the_measured_order_is_a_permutation_with_called_shot_first_and_high_card_last():
    measured = kind_order("measured")
    assert sorted(k.rank for k in measured) == list(range(1, 104))
    assert measured[0].name == "Called Shot" and measured[-1].name == "High Card"
    seen = [flame_frequencies.CONTAINS.get(k.rank, 0) for k in measured[1:-1]]
    assert seen == sorted(seen), "rarer kinds first"
    with pytest.raises(ValueError):
        kind_order("alphabetical")


# --- The six tiebreak layers ---------------------------------------------------------

def test_layer_1_the_cards_that_make_the_kind_count_before_the_others():
    twenty_ones = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15]))
    fifteens = best_hand(DECK, four_of_a_kind(15, [0, 3, 6, 9, 12, 21]))
    assert twenty_ones.kind == fifteens.kind == "4 of a Kind"
    assert twenty_ones.key > fifteens.key
    assert describe(twenty_ones) == "4 of a Kind (21s)"


def test_layer_1_then_the_other_cards_highest_first():
    high = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 30]))
    low = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 29]))
    assert high.key > low.key


def test_layer_2_a_trump_card_beats_none():
    plain = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15]))
    trumped = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(0,)))
    assert trumped.key > plain.key and trumped.key[:3] == plain.key[:3]


def test_layer_3_more_trump_cards_win_even_if_lower():
    two = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(0, 1)))
    one_high = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(5,)))
    assert two.key > one_high.key


def test_layer_4_then_the_higher_trump_card():
    high = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(5,)))
    low = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(4,)))
    assert high.key > low.key


def test_layer_5_then_the_second_highest_trump_card():
    high = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(5, 2)))
    low = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(5, 1)))
    assert high.key > low.key


def test_layer_6_equal_in_everything_splits():
    one = best_hand(DECK, four_of_a_kind(21, [0, 3, 6, 9, 12, 15], trump_singles=(2,)))
    # the same ranks and trump ranks in other colours and suits
    other = cards((21, 5, 3), (21, 6, 3), (21, 7, 3), (21, 8, 3), (0, 5, 4), (3, 6, 4),
                  (6, 6, 0), (9, 8, 4), (12, 5, 4), (15, 6, 4))
    two = best_hand(DECK, other)
    assert one.kind == two.kind and one.key == two.key and one.cards != two.cards


# --- Layer 1 with several groups: the largest group first, then the next ---------------

SINGLES = (11, 14, 17, 20, 30)
"""Free cards no group uses, on no run of five with the groups below."""


def full_house(triple: int, pair: int, singles=SINGLES, trumps: tuple[int, ...] = ()) -> list[int]:
    """Three of ``triple`` (colours 0-2), two of ``pair`` (colours 0-1) and five singles in
    colours 2-3 (four colours in all: no Rainbow x5, no Mini-Flush x5); ``trumps`` are the
    singles (by position) dealt in their colour's trump suit."""
    spec = [(triple, c, 1) for c in range(3)] + [(pair, c, 2) for c in range(2)]
    spec += [(r, 2 + i % 2, 0 if i in trumps else 3) for i, r in enumerate(singles)]
    return cards(*spec)


def judged(pool: list[int], kind: str):
    hand = best_hand(DECK, pool)
    assert hand.kind == kind
    assert (hand.rank, hand.key) == oracle(pool), "the oracle orders ties the same way"
    return hand


def test_a_full_house_compares_the_triple_first_not_the_highest_card():
    fours_over_sixes = judged(full_house(4, 6), "Full House")
    fives_over_twos = judged(full_house(5, 2), "Full House")
    assert describe(fours_over_sixes) == "Full House (4s over 6s)"
    assert describe(fives_over_twos) == "Full House (5s over 2s)"
    assert fives_over_twos.key > fours_over_sixes.key  # the triple decides
    assert decided_by(fives_over_twos.key, fours_over_sixes.key) == (1, "higher cards")
    # the kind's cards come first, in the order they are compared
    assert [DECK[c].rank_order for c in fours_over_sixes.cards[:5]] == [4, 4, 4, 6, 6]


def test_a_full_house_with_the_higher_triple_over_a_lower_pair_and_the_pair_next():
    sixes_over_fours = judged(full_house(6, 4), "Full House")
    fours_over_sixes = judged(full_house(4, 6), "Full House")
    assert sixes_over_fours.key > fours_over_sixes.key
    assert describe(sixes_over_fours) == "Full House (6s over 4s)"
    # equal triples: the pair decides, before any free card
    nines = judged(full_house(5, 9, singles=(11, 14, 17, 20, 26)), "Full House")
    twos = judged(full_house(5, 2, singles=(11, 14, 17, 20, 30)), "Full House")
    assert nines.key > twos.key and decided_by(nines.key, twos.key)[0] == 1


def test_the_groups_decide_before_any_trump():
    trumped = judged(full_house(4, 6, trumps=(0, 1, 2)), "Full House")
    plain = judged(full_house(5, 2), "Full House")
    assert trumped.key[3] == 3 and plain.key[3] == 0
    assert plain.key > trumped.key
    assert decided_by(plain.key, trumped.key) == (1, "higher cards")


def test_equal_groups_then_go_to_the_trump_layers():
    plain = judged(full_house(5, 2), "Full House")
    one = judged(full_house(5, 2, trumps=(4,)), "Full House")
    two = judged(full_house(5, 2, trumps=(0, 1)), "Full House")
    lower_trump = judged(full_house(5, 2, trumps=(3,)), "Full House")
    assert two.key > one.key > plain.key and one.key > lower_trump.key
    assert decided_by(one.key, plain.key) == (2, "a trump")
    assert decided_by(two.key, one.key) == (3, "more trumps")
    assert decided_by(one.key, lower_trump.key) == (4, "a higher trump")


def fuller_house(four: int, three: int, two: int, one: int) -> list[int]:
    """4-3-2-1 of a Kind: each group across colours 0.., the lone card in colour 3."""
    spec = [(four, c, 1) for c in range(4)] + [(three, c, 2) for c in range(3)]
    spec += [(two, c, 3) for c in range(2)] + [(one, 3, 4)]
    return cards(*spec)


def test_a_fuller_house_goes_group_by_group_largest_first():
    low_four = judged(fuller_house(3, 20, 10, 1), "Fuller House")
    high_rest = judged(fuller_house(2, 25, 30, 35), "Fuller House")
    assert describe(low_four) == "Fuller House (3s over 20s over 10s)"
    assert low_four.key > high_rest.key  # the four decides against higher cards everywhere else
    same_four = judged(fuller_house(3, 21, 0, 1), "Fuller House")
    assert same_four.key > low_four.key  # then the three
    lone = judged(fuller_house(3, 20, 10, 30), "Fuller House")
    assert lone.key > low_four.key  # and the lone card last


def test_equal_sized_groups_go_higher_rank_first():
    two_pairs = [(9, 0, 1), (9, 1, 1), (2, 2, 1), (2, 3, 1)]
    other = [(8, 0, 1), (8, 1, 1), (7, 2, 1), (7, 3, 1)]
    rest = [(12, 0, 2), (15, 1, 2), (18, 2, 2), (21, 3, 2), (24, 0, 3), (30, 1, 3)]
    nines = judged(cards(*two_pairs, *rest), "Two Pairs")
    eights = judged(cards(*other, *rest), "Two Pairs")
    assert describe(nines) == "Two Pairs (9s over 2s)" and describe(eights) == "Two Pairs (8s over 7s)"
    assert nines.key > eights.key


def test_a_straight_compares_its_top_card():
    run_high = judged(cards((10, 0, 1), (11, 1, 1), (12, 2, 1), (13, 3, 1), (14, 0, 2),
                            (0, 1, 2), (2, 2, 2), (4, 3, 2), (6, 0, 3), (8, 1, 3)), "Straight x5")
    run_low = judged(cards((9, 0, 1), (10, 1, 1), (11, 2, 1), (12, 3, 1), (13, 0, 2),
                           (0, 1, 2), (2, 2, 2), (4, 3, 2), (6, 0, 3), (30, 1, 3)), "Straight x5")
    assert run_high.key > run_low.key and describe(run_high) == "Straight x5 (14 high)"


def test_the_free_cards_are_chosen_to_win_the_tiebreaks():
    ten_colours = [(3 * i + 6, i, 1) for i in range(9)]
    pool = cards(*ten_colours, (2, 9, 1), (2, 10, 0), (1, 11, 0))
    hand = best_hand(DECK, pool)
    assert hand.kind == "Rainbow x10"
    assert card_index(2, 10, 0) in hand.cards and card_index(2, 9, 1) not in hand.cards
    assert hand.key == oracle(pool)[1]


def test_kind_cards_come_first_in_the_hand():
    pool = four_of_a_kind(21, [0, 3, 6, 9, 12, 30])
    hand = best_hand(DECK, pool)
    assert [DECK[c].rank_order for c in hand.cards[:4]] == [21] * 4
    assert [DECK[c].rank_order for c in hand.cards[4:]] == [30, 12, 9, 6, 3, 0]


# --- Pools, lines, calls -------------------------------------------------------------

def test_bad_pools_are_refused_clearly():
    with pytest.raises(ValueError, match="10 to 18"):
        best_hand(DECK, list(range(9)))
    with pytest.raises(ValueError, match="10 to 18"):
        best_hand(DECK, list(range(19)))
    with pytest.raises(ValueError, match="twice"):
        best_hand(DECK, [1] * 10)
    with pytest.raises(ValueError, match="ten cards"):
        best_hand(DECK, list(range(10)), called=[1, 2])


def test_an_underdog_with_eight_hole_cards_uses_the_best_ten_of_eighteen():
    rng = random.Random(5)
    pool = rng.sample(range(12000), 18)
    hand = best_hand(DECK, pool)
    assert len(hand.cards) == 10 and set(hand.cards) <= set(pool)
    for _ in range(20):
        assert best_hand(DECK, rng.sample(pool, 14)).key <= hand.key


def test_line_cells_and_names():
    assert line_names()[0] == "row 1" and line_names()[-1] == "column 10" and len(line_names()) == 20
    assert line_cells("row 2") == list(range(10, 20))
    assert line_cells("column 3") == [2 + 10 * i for i in range(10)]
    with pytest.raises(ValueError):
        line_cells("diagonal 1")


def test_best_line_finds_the_line_with_the_called_shot():
    rng = random.Random(11)
    picked = rng.sample(range(12000), 104)
    hole, grid = picked[:4], picked[4:]
    call = hole[:4] + [grid[i] for i in line_cells("column 7")][:6]
    hand, line = best_line(DECK, hole, grid, called=call)
    assert (hand.kind, line) == ("Called Shot", "column 7")
    assert isinstance(hand, FlameHand) and set(call) <= set(hand.cards)


# --- The command line ----------------------------------------------------------------

def test_cli_rank_prints_the_kind_and_the_ten_cards_used():
    names = ["Infinity of Hearts", "Ace of Hearts", "King of Hearts", "Queen of Hearts",
             "Jack of Hearts", "Dragon of Flame Swords", "3 of Embers", "5 of Suns",
             "7 of Rubies", "9 of Lionhearts", "0 of Suns"]
    result = cli_rank(names)
    assert result["variant"] == "flame_sword"
    assert (result["rank"], result["kind"]) == (34, "Royal Flush x5")
    assert result["cards"][:5] == names[:5] and "0 of Suns" not in result["cards"]
    import io
    out = io.StringIO()
    assert cli_main(["rank", "flame_sword", *names[:10]], out=out) == 0
    assert json.loads(out.getvalue())["kind"] == "Royal Flush x5"


def test_cli_card_names_may_be_split_into_words_and_have_two_word_suits():
    assert parse_flame_cards(["Ace", "of", "Flame", "Swords,", "0", "of", "Hearts"], DECK) == [
        DECK.find("Ace of Flame Swords").index, DECK.find("0 of Hearts").index]


@pytest.mark.parametrize("words, message", [
    (["Dragon of Nowhere"] * 1 + ["0 of Hearts"] * 0, "no card"),
    (["banana", "0 of Hearts"], "cannot read"),
    (["0 of Hearts", "0 of Hearts"], "twice"),
    (["0 of Hearts", "1 of Hearts"], "10 to 18"),
])
def test_cli_rank_refuses_bad_input(words, message):
    with pytest.raises(ValueError, match=message):
        cli_rank(words)


# --- Frequencies ---------------------------------------------------------------------

def test_measure_frequencies_counts_every_sampled_hand_once():
    counts = measure_frequencies(DECK, 30, random.Random(1))
    assert sum(counts["is"].values()) == 30
    for rank, n in counts["is"].items():
        assert counts["contains"].get(rank, 0) >= n or rank == 103


def test_the_stored_frequencies_are_consistent():
    assert flame_frequencies.SAMPLES > 0
    assert sum(flame_frequencies.IS.values()) == flame_frequencies.SAMPLES
    assert all(0 <= n <= flame_frequencies.SAMPLES for n in flame_frequencies.CONTAINS.values())
    # the README's point: most random hands are Rainbows, far commoner than the source says
    assert flame_frequencies.IS.get(8, 0) > flame_frequencies.SAMPLES // 2
