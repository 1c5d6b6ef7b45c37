"""Shenja Ivali hands: the 43 kinds, tie-breaks, exact counts, card names, the CLI helper.

Hands are written in a short notation: planet letter, numeral, element letter.
Planets E(arth) I(rath) O(mec) L(ibera) G(ula); elements e(arth) f(ire) a(ir) w(ater).
"E3f" is the Earth 3 of Fire, "G3e" the Gula 3 of Earth.
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.shenja_ivali.hands import (
    DEFAULT_RULES,
    ELEMENT_WORDS,
    ELEMENTS,
    HAND_COUNT,
    KINDS,
    PLANETS,
    HandValue,
    IvaliRules,
    best_of,
    evaluate,
    exact_kind_counts,
    kind_probabilities,
    parse_card,
)
from cardtable.games.shenja_ivali.tools import rank_ivali, split_card_names
from cardtable.variants import load_deck_by_id

PLANET_LETTERS = {"E": "Earth", "I": "Irath", "O": "Omec", "L": "Libera", "G": "Gula"}
ELEMENT_LETTERS = {"e": "Earth", "f": "Fire", "a": "Air", "w": "Water"}

DECK = load_deck_by_id("ivali")
REGULAR = [c for c in DECK if "wild" not in c.tags]


def name(short: str) -> str:
    """"E3f" -> "Earth 3 of Fire"."""
    return f"{PLANET_LETTERS[short[0]]} {short[1]} of {ELEMENT_LETTERS[short[2]]}"


def hand(text: str):
    """The cards of a hand in short notation ("E3f I3f O3f L3f G3f")."""
    return [DECK.find(name(s)) for s in text.split()]


def value(text: str, rules: IvaliRules = DEFAULT_RULES) -> HandValue:
    return evaluate(hand(text), rules)


# --- The table --------------------------------------------------------------------

def test_the_table_has_43_kinds_in_the_sources_order():
    assert len(KINDS) == 43
    assert [k.rank for k in KINDS] == list(range(1, 44))
    assert (KINDS[0].name, KINDS[0].pattern) == ("Royal Eclipse", "5 + S + FL")
    assert (KINDS[10].name, KINDS[10].pattern) == ("Shooting Stars", "S + 1P + FL")
    assert (KINDS[26].name, KINDS[26].pattern) == ("Clean House", "S + FH")
    assert (KINDS[42].name, KINDS[42].pattern) == ("Gachika", "1P + 1P")
    combos = [(k.patterns, k.flush) for k in KINDS]
    assert len(set(combos)) == 43, "two kinds share a combination"


def test_only_the_five_doubled_flush_names_take_an_element_word():
    worded = [(k.rank, k.name) for k in KINDS if k.element_word]
    assert worded == [(4, "Clean House"), (10, "Pear House"), (14, "Double Tree"),
                      (15, "Pear Tree"), (17, "A Tree and a Pair")]
    for rank, bare in worded:
        plain = [k for k in KINDS if k.name == bare and k.rank != rank]
        assert len(plain) == 1 and not plain[0].flush and not plain[0].element_word
    assert dict(ELEMENT_WORDS) == {"Fire": "Burning", "Water": "Drowning",
                                   "Earth": "Buried", "Air": "Flying"}


def _possible_combinations() -> set[tuple[frozenset[str], bool]]:
    """Every (pattern pair, flush) some five regular cards make, worked out here.

    Independent of the module: every multiset of five (numeral, planet) cells, each
    cell at most 4 times (one card per element); a flush needs five different cells.
    """
    shapes = {(5,): "5", (4, 1): "4", (3, 2): "FH", (3, 1, 1): "3", (2, 2, 1): "2P",
              (2, 1, 1, 1): "1P", (1, 1, 1, 1, 1): "S"}

    def pattern(values) -> str:
        return shapes[tuple(sorted(Counter(values).values(), reverse=True))]

    cells = [(n, p) for n in range(1, 6) for p in PLANETS]
    found = set()
    for chosen in itertools.combinations_with_replacement(cells, 5):
        multiplicity = Counter(chosen)
        if max(multiplicity.values()) > 4:
            continue
        pair = frozenset([pattern(n for n, _ in chosen), pattern(p for _, p in chosen)])
        found.add((pair, False))  # four elements: five cards can always mix them
        if max(multiplicity.values()) == 1:
            found.add((pair, True))  # five different cells can share one element
    return found


def test_exactly_the_listed_combinations_can_occur():
    listed = {(frozenset(k.patterns), k.flush) for k in KINDS}
    possible = _possible_combinations()
    assert possible == listed
    assert (frozenset(["5"]), False) not in possible  # 5 + 5 needs five elements
    assert (frozenset(["4"]), False) in possible  # 4 + 4: Double Squad


# --- Every kind, an example and a near miss -----------------------------------------

# (rank, name, example, card replaced, its replacement, rank of the near miss)
EXAMPLES = [
    (1, "Royal Eclipse", "E3f I3f O3f L3f G3f", "G3f", "G3w", 9),
    (2, "Solar Eclipse", "E3f I3f O3f L3f G4f", "G4f", "G4w", 24),
    (3, "Arkfall", "E1f I2f O3f L4f G5f", "G5f", "G5a", 26),
    (4, "Clean House", "E1f E2f E3f I4f I5f", "I5f", "I5w", 27),
    (5, "Lunar Eclipse", "E1f E2f E3f I4f O5f", "O5f", "O5w", 31),
    (6, "Ponu", "E3e E3f E3a E3w I3e", "I3e", "I4e", 23),
    (7, "Hail Irzu", "E3f I3f O3f L3f E4f", "E4f", "E4w", 32),
    (8, "Twin Stars", "E1f E2f I3f I4f O5f", "O5f", "O5a", 34),
    (9, "Slide", "E3e I3f O3a L3w G3e", "G3e", "G4e", 24),
    (10, "Pear House", "E3f I3f O3f E5f I5f", "I5f", "I5e", 35),
    (11, "Shooting Stars", "L1f L2f G3f E4f I5f", "I5f", "I5a", 36),
    (12, "Mansion", "E3e E3f E3a I3e I3f", "I3f", "I4f", 25),
    (13, "Mother-in-Law Cottage", "E3f I3f O3f L5f E5f", "E5f", "E5w", 37),
    (14, "Double Tree", "E3f I3f O3f E4f E5f", "E5f", "E5a", 38),
    (15, "Pear Tree", "E3f I3f O3f E4f I5f", "I5f", "I5a", 39),
    (16, "Jamboree", "E3e E3f E3a I3e O3e", "O3e", "O4e", 29),
    (17, "A Tree and a Pair", "E3f I3f O3f E4f L5f", "L5f", "L5w", 40),
    (18, "Game Winner", "E3f I3f E4f I4f O5f", "O5f", "O5w", 41),
    (19, "Wedding Party", "E3e E3f I3e I3f O3e", "O3e", "O4e", 30),
    (20, "Pombanu", "E3f I3f E4f O4f L5f", "L5f", "L5e", 42),
    (21, "Sensoth Party", "E3e E3f I3e O3e L3e", "L3e", "L4e", 32),
    (22, "Liberata's Luck", "E3f I3f O4f L5f E1f", "E1f", "E1w", 43),
    (23, "Double Squad", "I2e I2f I2w O2a I4a", "O2a", "O3a", 29),
    (24, "Dashing Straight", "E3e I3f O3a L3w G4e", "G4e", "E4e", 32),
    (25, "Quad House", "E3e E3f E3a I3e I4e", "I4e", "O4e", 29),
    (26, "Migration", "E1e I2f O3a L4w G5e", "G5e", "E5e", 36),
    (27, "Clean House", "E1e E2f E3a I4w I5e", "I5e", "O5e", 31),
    (28, "Double Houses", "E3e E3f I3e E5e I5e", "I5e", "I4e", 33),
    (29, "A Quad and a Tree", "E3e E3f E3a I3e O4e", "O4e", "I4e", 25),
    (30, "A Quad and Two Pair", "E3e E3f I3e I3f O4e", "I3f", "L3f", 32),
    (31, "Running Straight", "E1e E2f E3a I4w O5e", "O5e", "I5e", 27),
    (32, "A Quad and a Pair", "E3e E3f I3e O3e L4e", "E3f", "G3f", 24),
    (33, "Tree House", "E3e E3f E3a I5e O5e", "O5e", "O4e", 38),
    (34, "Trotting Straight", "E1e E2f I3a I4w O5e", "O5e", "O4e", 42),
    (35, "Pear House", "E3e I3f O3a E5w I5e", "O3a", "O4a", 41),
    (36, "Walking Straight", "E1e E2f I3a O4w L5e", "E2f", "G2f", 26),
    (37, "A Full house and a Pair", "E3e I3f O3a E5w L5e", "L5e", "L4e", 40),
    (38, "Double Tree", "E3e E3f E3a I4e O5e", "O5e", "O4e", 33),
    (39, "Pear Tree", "E3e E3f I3e I4e O5e", "O5e", "O4f", 35),
    (40, "A Tree and a Pair", "E3e I3f O3a E4w L5e", "E4w", "G4w", 31),
    (41, "Field Goal", "E3e I3f E4a I4w O5e", "I4w", "L4w", 42),
    (42, "A Set and a Pair", "E3e I3f E4a O4w L5e", "L5e", "L4e", 37),
    (43, "Gachika", "E3e I3f O4a L5w E1e", "E1e", "G1e", 36),
]


def test_the_examples_cover_every_kind_once():
    assert [row[0] for row in EXAMPLES] == list(range(1, 44))
    assert [row[1] for row in EXAMPLES] == [k.name for k in KINDS]


@pytest.mark.parametrize("rank, kind, example, old, new, miss_rank", EXAMPLES,
                         ids=[f"{r[0]}-{r[1]}" for r in EXAMPLES])
def test_every_kind_and_a_near_miss(rank, kind, example, old, new, miss_rank):
    got = value(example)
    assert (got.rank, got.kind) == (rank, kind)
    assert got.pattern == KINDS[rank - 1].pattern
    assert (got.element is not None) == KINDS[rank - 1].flush
    near_miss = example.replace(old, new)
    assert near_miss != example and len(set(near_miss.split())) == 5
    missed = value(near_miss)
    assert missed.rank == miss_rank != rank


def _transposed(text: str) -> str:
    """Swap the roles of numerals and planets: numeral k <-> the k-th planet."""
    letters = "EIOLG"
    return " ".join(f"{letters[int(s[1]) - 1]}{letters.index(s[0]) + 1}{s[2]}" for s in text.split())


@pytest.mark.parametrize("row", EXAMPLES, ids=[f"{r[0]}-{r[1]}" for r in EXAMPLES])
def test_a_kind_does_not_care_which_side_has_which_pattern(row):
    rank, _, example, *_ = row
    assert value(_transposed(example)).rank == rank


def test_element_words_in_labels():
    assert value("E1f E2f E3f I4f I5f").label == "Clean House Burning"
    assert value("E1w E2w E3w I4w I5w").label == "Clean House Drowning"
    assert value("E3e I3e O3e E5e I5e").label == "Pear House Buried"
    assert value("E3a I3a O3a E4a E5a").label == "Double Tree Flying"
    assert value("E3w I3w O3w E4w I5w").label == "Pear Tree Drowning"
    assert value("E3a I3a O3a E4a L5a").label == "A Tree and a Pair Flying"
    burning = value("E1f E2f E3f I4f I5f")
    assert (burning.kind, burning.element) == ("Clean House", "Fire")
    plain = value("E1e E2f E3a I4w I5e")
    assert (plain.kind, plain.label, plain.element) == ("Clean House", "Clean House", None)
    royal = value("E3w I3w O3w L3w G3w")  # a flush kind without a word keeps its name
    assert (royal.label, royal.element) == ("Royal Eclipse", "Water")


# --- Tie-breaks --------------------------------------------------------------------

def beats(stronger: HandValue, weaker: HandValue) -> None:
    assert stronger.rank == weaker.rank, "tie-breaks compare hands of one kind"
    assert stronger > weaker and weaker < stronger and stronger.key > weaker.key
    assert best_of([weaker, stronger]) == [1] and best_of([stronger, weaker]) == [0]


def splits(a: HandValue, b: HandValue) -> None:
    assert a.key == b.key and a <= b and b <= a
    assert best_of([a, b]) == [0, 1]


def test_numerals_break_ties_the_higher_pair_first_then_the_kickers():
    beats(value("E5e I5f O3a L2w E1w"), value("E4e I4f O3a L2w E1w"))
    beats(value("E5e I5f O4a L2w E1w"), value("E5e I5f O3a L2w E1w"))
    # a lower group cannot make up for the first: 2-2-5-4-3 loses to 3-3-2-1-...
    beats(value("E3e I3f O2a L1w E4w"), value("E2e I2f O5a L4w E3w"))


def test_numerals_bigger_group_first_when_the_patterns_sit_the_other_way_round():
    full_house_of_numerals = value("E5e I5f O5a E1w E1e")   # numerals FH, planets 3
    three_numerals = value("E5e E5f E5a I4w I2e")            # numerals 3, planets FH
    assert full_house_of_numerals.kind == three_numerals.kind == "Tree House"
    beats(full_house_of_numerals, three_numerals)
    beats(value("E5e E5f E5a I4w I2e"), value("E4e I4f O4a E1w E1e"))  # 5s beat 4s first


def test_planets_break_ties_after_numerals():
    pair_of_earth = value("E5e I5f O3a L2w E1w")
    pair_of_irath = value("I5e E5f O3a L2w I1w")
    beats(pair_of_earth, pair_of_irath)
    # then the single planets: an Earth pair with Irath beats an Earth pair with Omec
    beats(value("E5e I5f L3a G2w E1w"), value("E5e O5f L3a G2w E1w"))


def test_a_reversed_planet_order_changes_the_winner():
    reverse = IvaliRules(planet_order=["Omec", "Gula", "Libera", "Irath", "Earth"])
    earth, irath = "E5e I5f O3a L2w E1w", "I5e E5f O3a L2w I1w"
    beats(value(earth), value(irath))
    beats(value(irath, reverse), value(earth, reverse))


def test_unranked_planets_fall_through_to_elements_or_split():
    no_planets = IvaliRules(rank_planets=False)
    splits(value("E5e I5f O3a L2w E1w", no_planets), value("I5e E5f O3a L2w I1w", no_planets))
    # the planets differ, the elements decide: a pair of Earth beats a pair of Water
    beats(value("E5e I5f O3e L2w E1a", no_planets), value("I5e E5f O3w L2w I1a", no_planets))
    numerals_still_count = value("E5e I5f O3a L2w E1w", no_planets)
    beats(numerals_still_count, value("I4e E4f O3a L2w I1w", no_planets))


def test_flush_element_breaks_ties_water_beats_fire():
    water, fire = value("L1w L2w G3w E4w I5w"), value("L1f L2f G3f E4f I5f")
    assert water.kind == fire.kind == "Shooting Stars"
    beats(water, fire)
    beats(value("L1e L2e G3e E4e I5e"), water)  # Earth > Water > Fire > Air
    beats(fire, value("L1a L2a G3a E4a I5a"))
    reverse = IvaliRules(element_order=["Air", "Fire", "Water", "Earth"])
    beats(value("L1f L2f G3f E4f I5f", reverse), value("L1w L2w G3w E4w I5w", reverse))


def test_elements_of_other_hands_group_like_numerals():
    earth_pair = value("E1e I2e O3w L4f G5a")
    water_pair = value("E1w I2w O3e L4f G5a")
    assert earth_pair.kind == water_pair.kind == "Migration"
    beats(earth_pair, water_pair)
    beats(value("E1a I2a O3a L4e G5w"), value("E1e I2e O3w L4w G5f"))  # three Air > 2 + 2


def test_unranked_elements_split_a_tie():
    no_elements = IvaliRules(rank_elements=False)
    splits(value("E1e I2e O3w L4f G5a", no_elements), value("E1w I2w O3e L4f G5a", no_elements))
    water = value("E1w E2w E3w I4w I5w", no_elements)
    fire = value("E1f E2f E3f I4f I5f", no_elements)
    splits(water, fire)
    assert (water.label, fire.label) == ("Clean House Drowning", "Clean House Burning")
    assert water != fire  # == compares every field; a tie is equal keys
    nothing = IvaliRules(rank_planets=False, rank_elements=False)
    splits(value("E5e I5f O3a L2w E1w", nothing), value("I5w E5a O3f L2e I1e", nothing))


def test_kind_beats_every_tie_break():
    beats_kind = value("E3e I3f O4a L5w E1e")  # Gachika with the best of everything
    assert value("G2a O2a L1a I4a E3a").rank < beats_kind.rank
    assert value("G2a O2a L1a I4a E3a") > beats_kind


# --- The source's sample game -------------------------------------------------------
# The pictures of the hands are lost; these four disjoint hands fit the words.
# Flop, in deal order: Gulani 3 of Fire, Omec 5 of Air, Irath 2 of Earth, Gulani 3 of
# Earth; dealer D, so the order from the dealer's left is A, B, C, D. The auction: A,
# B, C bid on the Gulani 3 of Fire and, as "Phase 4 close" says, the losing bids went
# back to A and C, so B won it (we read the text's "Player B has elected not to
# challenge" as a slip for A). D bid on the Irath 2 of Earth. The two cards left go,
# from the dealer's left, in deal order: the Omec 5 of Air to A, the Gulani 3 of Earth
# to C. Assumed: A's "full house (Earth Rising)" is three Earth planets and two more;
# B's "1 pair (Liberata)" a pair of Libera planets; the other cards are our choice.
SAMPLE_GAME = {
    "A": (["Earth 3 of Fire", "Earth 3 of Earth", "Omec 3 of Water", "Omec 5 of Air",
           "Earth 1 of Water"], "Tree House", "Omec 5 of Air"),
    "B": (["Libera 1 of Fire", "Libera 2 of Fire", "Gulani 3 of Fire", "Earth 4 of Fire",
           "Irath 5 of Fire"], "Shooting Stars", "Gulani 3 of Fire"),
    "C": (["Earth 3 of Water", "Earth 3 of Air", "Gulani 3 of Earth", "Irath 3 of Water",
           "Libera 3 of Air"], "Sensoth Party", "Gulani 3 of Earth"),
    "D": (["Irath 2 of Earth", "Irath 2 of Fire", "Irath 2 of Water", "Omec 2 of Air",
           "Irath 4 of Air"], "Double Squad", "Irath 2 of Earth"),
}


def test_the_sample_game_comes_out_as_the_source_says():
    players = list(SAMPLE_GAME)
    hands = {p: [parse_card(n, DECK) for n in SAMPLE_GAME[p][0]] for p in players}
    every_card = [c.code for cards in hands.values() for c in cards]
    assert len(set(every_card)) == 20, "the four hands share a card"
    flop = [parse_card(n, DECK).code for n in
            ("Gulani 3 of Fire", "Omec 5 of Air", "Irath 2 of Earth", "Gulani 3 of Earth")]
    for p in players:
        got = parse_card(SAMPLE_GAME[p][2], DECK).code
        assert [c.code for c in hands[p] if c.code in flop] == [got]
    values = [evaluate(hands[p]) for p in players]
    assert [v.kind for v in values] == [SAMPLE_GAME[p][1] for p in players]
    assert [v.pattern for v in values] == ["FH + 3", "S + 1P + FL", "5 + 1P", "4 + 4"]
    assert values[1].element == "Fire"
    assert best_of(values) == [players.index("B")]


# --- Exact counts -------------------------------------------------------------------

def test_exact_counts_cover_every_kind_and_sum_to_all_hands():
    counts = exact_kind_counts()
    assert HAND_COUNT == comb(100, 5) == 75_287_520
    assert sum(counts.values()) == HAND_COUNT
    assert sorted(counts) == list(range(1, 44)) and min(counts.values()) > 0
    assert counts[1] == 40  # 5 numerals (or planets) x 4 elements, both ways round
    assert counts[3] == 120 * 4 and counts[26] == 120 * (4 ** 5 - 4)  # Arkfall, Migration
    assert exact_kind_counts(IvaliRules(rank_planets=False)) == counts
    probabilities = kind_probabilities()
    assert abs(sum(probabilities.values()) - 1) < 1e-12
    assert probabilities[43] == counts[43] / HAND_COUNT


SUB_DECKS = [
    ((1, 2, 3), ("Earth", "Irath", "Gula"), ELEMENTS),           # 36 cards
    ((1, 2, 3, 4, 5), PLANETS, ("Water",)),                       # 25 cards, all flushes
    ((1, 2, 3, 4, 5), ("Omec", "Libera"), ("Earth", "Fire", "Air")),  # 30 cards
]


@pytest.mark.parametrize("numerals, planets, elements", SUB_DECKS)
def test_exact_counts_match_counting_every_hand_of_a_smaller_deck(numerals, planets, elements):
    cards = [c for c in REGULAR if c.value in numerals and c.get("planet") in planets
             and c.suit in elements]
    assert len(cards) == len(numerals) * len(planets) * len(elements)
    brute = Counter(evaluate(five).rank for five in itertools.combinations(cards, 5))
    assert sum(brute.values()) == comb(len(cards), 5)
    assert exact_kind_counts(numerals=numerals, planets=planets, elements=elements) == dict(brute)


# --- Card names and bad input --------------------------------------------------------

def test_parse_card_spellings():
    gula_fire = DECK.find("Gula 3 of Fire")
    for text in ("Gula 3 of Fire", "gula 3 OF fire", "  Gulani 3 of Fire ", "GULANI 3 of fire"):
        assert parse_card(text, DECK) is gula_fire
    assert parse_card("Omec 5 of Air", DECK).code == "Omec 5 of Air"
    assert "wild" in parse_card("Gula 3 of Wild", DECK).tags
    assert "infinity" in parse_card("infinity #2", DECK).tags


@pytest.mark.parametrize("text, words", [
    ("Omek 5 of Air", ["unknown planet", "Omec"]),
    ("Gula 3 of Fyre", ["unknown element", "Fire"]),
    ("Gula 6 of Fire", ["numeral must be 1 to 5"]),
    ("Gula three of Fire", ["numeral must be 1 to 5"]),
    ("the ace of spades", ["unknown planet"]),
    ("Gula 3", ["expected '<Planet> <numeral> of <Element>'", "Gula 3 of Fire"]),
])
def test_parse_card_explains_a_bad_name(text, words):
    with pytest.raises(ValueError) as error:
        parse_card(text, DECK)
    for word in words:
        assert word in str(error.value)


def test_evaluate_refuses_bad_hands():
    with pytest.raises(ValueError, match="exactly five cards, got 4"):
        evaluate(hand("E1e E2e E3e E4e"))
    with pytest.raises(ValueError, match="Earth 1 of Earth is given twice"):
        evaluate(hand("E1e E1e E3e E4e E5e"))
    wild = [DECK.find("Gula 3 of Wild"), *hand("E1e E2e E3e E4e")]
    with pytest.raises(ValueError, match="wild cards are not supported in Shenja Ivali"):
        evaluate(wild)
    with pytest.raises(ValueError, match="wild"):
        evaluate([DECK.find("Infinity #1"), *hand("E1e E2e E3e E4e")])
    standard = load_deck_by_id("standard52")
    with pytest.raises(ValueError, match="not a regular Ivali card"):
        evaluate(list(standard)[:5])


def test_rules_from_settings_validate_and_explain():
    assert IvaliRules.from_settings({}) == DEFAULT_RULES == IvaliRules.from_settings(None)
    rules = IvaliRules.from_settings({"rank_planets": False, "ante": 1,
                                      "planet_order": ["omec", "Gulani", "libera", "irath", "EARTH"],
                                      "element_order": ("Air", "Fire", "Water", "Earth")})
    assert rules.planet_order == ("Omec", "Gula", "Libera", "Irath", "Earth")
    assert rules.element_order == ("Air", "Fire", "Water", "Earth")
    assert rules.rank_planets is False and rules.rank_elements is True
    bad = [({"rank_planets": "yes"}, "rank_planets must be true or false"),
           ({"planet_order": ["Earth", "Irath", "Libera", "Gula"]}, "misses Omec"),
           ({"planet_order": ["Earth", "Earth", "Libera", "Gula", "Omec"]}, "repeats Earth"),
           ({"planet_order": ["Earth", "Irath", "Libera", "Gula", "Omek"]}, "did you mean Omec"),
           ({"element_order": "Earth Water Fire Air"}, "must be a list"),
           ({"element_order": ["Earth", "Water", "Fire", "Air", "Aether"]}, "unknown name"),
           ("rank_planets", "must be a mapping")]
    for settings_value, message in bad:
        with pytest.raises(ValueError, match=message):
            IvaliRules.from_settings(settings_value)


def test_best_of_needs_a_hand():
    with pytest.raises(ValueError):
        best_of([])


# --- The command-line helper --------------------------------------------------------

def test_rank_ivali_reports_rank_kind_and_label():
    shooting = ["Libera 1 of Fire", "Libera 2 of Fire", "Gulani 3 of Fire", "Earth 4 of Fire",
                "Irath 5 of Fire"]
    assert rank_ivali(shooting) == {"variant": "ivali", "rank": 11, "kind": "Shooting Stars",
                                    "label": "Shooting Stars"}
    words = "Earth 1 of Fire, Earth 2 of Fire Earth 3 of fire irath 4 of Fire Irath 5 of Fire"
    assert rank_ivali(words.split()) == {"variant": "ivali", "rank": 4, "kind": "Clean House",
                                         "label": "Clean House Burning"}
    assert split_card_names(["Gula 3 of Fire, Omec 5 of Air"]) == ["Gula 3 of Fire", "Omec 5 of Air"]


@pytest.mark.parametrize("args, message", [
    (["Gula 3 of Fire"], "five cards, got 1"),
    ([], "five cards, got 0"),
    (["Gula 3 of Fire"] * 6, "five cards, got 6"),
    (["Gula 3 of Fire", "x", "Gula 2 of Fire", "Gula 1 of Fire", "Gula 4 of Fire"], "cannot read 'x'"),
    (["Omek 5 of Air", "Gula 2 of Fire", "Gula 1 of Fire", "Gula 4 of Fire", "Gula 5 of Fire"],
     "did you mean Omec"),
    (["Gula 3 of Fire"] * 5, "given twice"),
    (["Gula 3 of Wild", "Gula 2 of Fire", "Gula 1 of Fire", "Gula 4 of Fire", "Gula 5 of Fire"],
     "wild cards are not supported"),
])
def test_rank_ivali_explains_bad_input(args, message):
    with pytest.raises(ValueError, match=message):
        rank_ivali(args)


# --- Properties ---------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(REGULAR), min_size=5, max_size=5, unique_by=lambda c: c.code)
any_rules = st.builds(
    IvaliRules,
    rank_planets=st.booleans(), rank_elements=st.booleans(),
    planet_order=st.permutations(PLANETS), element_order=st.permutations(ELEMENTS))


@settings(max_examples=300, deadline=None)
@given(cards=five_cards, order=st.permutations(range(5)), rules=any_rules)
def test_card_order_does_not_matter(cards, order, rules):
    assert evaluate([cards[i] for i in order], rules) == evaluate(cards, rules)


@settings(max_examples=300, deadline=None)
@given(first=five_cards, second=five_cards, rules=any_rules)
def test_a_better_kind_always_has_the_greater_key(first, second, rules):
    a, b = evaluate(first, rules), evaluate(second, rules)
    if a.rank < b.rank:
        assert a.key > b.key and a > b
    elif a.rank > b.rank:
        assert a.key < b.key and a < b
    assert 1 <= a.rank <= 43 and a.kind == KINDS[a.rank - 1].name
