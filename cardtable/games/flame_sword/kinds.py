"""The 102 kinds of Flame Sword hands, as the source lists them, plus High Card.

Each kind is a :class:`FlameKind` record: its place on the source's list (1 = Called
Shot, the best; 102 = Pair), its name exactly as the source spells it, the source's
description and odds text, and the *shape* the evaluator searches for:

``family`` names the kind of search and ``sizes`` its parameters:

- ``called``: the ten declared cards.
- ``royal_flush`` / ``royal_mini`` (n): the top n ranks (Infinity down) in one suit / colour.
- ``straight_flush`` / ``straight_mini`` / ``straight`` (n): n consecutive ranks in one
  suit / one colour / anywhere (no wrap).
- ``flush`` / ``mini`` (n): n cards of one suit / colour.
- ``double_flush`` / ``double_mini`` / ``double_royal_flush`` / ``double_royal_mini``
  (5, 5): two of the x5 shapes in two different suits / colours.
- ``rainbow`` (n): n cards of n different colours.
- ``rank_groups`` (sizes): groups of cards of one rank each, the groups of different ranks
  (``(4, 3, 2, 1)`` is Fuller House; a 1 is "a lone card").
- ``mini_groups`` (sizes): groups of cards sharing rank *and* colour, the groups of
  different ranks and different colours (``(3, 3, 3)`` is Triple 3 of a Kind Mini-Flush).
- ``high``: High Card, no kind at all (rank 103, below Pair, as the rules README decides).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FlameKind", "KINDS", "HIGH_CARD", "KIND_BY_RANK", "KIND_BY_NAME", "ROYAL_TOP"]

ROYAL_TOP = 39
"""rank_order of Infinity, the top rank; a Royal xN is ranks 39 down to 40 - N."""


@dataclass(frozen=True)
class FlameKind:
    """One kind of hand on the source's list.

    Attributes:
        rank: place on the source's list, 1 (Called Shot) .. 102 (Pair); 103 is High Card.
        name: the source's name ("Double 5 of a Kind Mini-Flush").
        family: which shape the evaluator looks for (see the module docstring).
        sizes: the shape's numbers (run length, group sizes).
        odds: the source's "odds against" text ("66,468" means 66,468 to 1).
        text: the source's description.
    """

    rank: int
    name: str
    family: str
    sizes: tuple[int, ...]
    odds: str
    text: str

    @property
    def size(self) -> int:
        """How many of the ten cards the kind itself needs (the rest are free)."""
        if self.family in ("called",):
            return 10
        if self.family == "high":
            return 0
        return sum(self.sizes)

    def odds_against(self) -> float:
        """The source's odds against as a number (``"1.954 nonillion"`` -> 1.954e30)."""
        words = self.odds.replace(",", "").split()
        scale = {"million": 6, "billion": 9, "trillion": 12, "quadrillion": 15,
                 "quintillion": 18, "sextillion": 21, "septillion": 24, "octillion": 27,
                 "nonillion": 30, "decillion": 33}
        value = float(words[0])
        return value * 10 ** scale[words[1]] if len(words) > 1 else value

    def source_probability(self) -> float:
        """1 / (odds against + 1): the source's chance of a hand being this kind."""
        if self.family == "high":
            return 0.0
        return 1.0 / (self.odds_against() + 1.0)


_ROWS = (
    (1, 'Called Shot', 'called', (), '16.999 decillion',
     'Ten specific cards which are declared before hole cards are dealt.'),
    (2, 'Royal Flush x10', 'royal_flush', (10,), '56.663 nonillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier, Lady, Wizard and Sorceress, all in a single suit.'),
    (3, 'Double Royal Flush', 'double_royal_flush', (5, 5), '47.756 nonillion',
     'Two Royal Flushes x5 (see below) in two different suits.'),
    (4, 'Straight Flush x10', 'straight_flush', (10,), '1.954 nonillion',
     'Ten cards of the same suit, all in sequence.'),
    (5, 'Royal Flush x9', 'royal_flush', (9,), '47.255 octillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier, Lady and Wizard, all in a single suit.'),
    (6, '10 of a Kind Mini-Flush', 'mini_groups', (10,), '7.076 octillion',
     'Ten cards that share both their rank and their color.'),
    (7, 'Straight Flush x9', 'straight_flush', (9,), '1.575 octillion',
     'Nine cards of the same suit, all in sequence.'),
    (8, 'Rainbow x10', 'rainbow', (10,), '153.345 septillion',
     'Ten cards, none of which share a color.'),
    (9, 'Royal Flush x8', 'royal_flush', (8,), '35.465 septillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier and Lady, all in a single suit.'),
    (10, '9 of a Kind Mini-Flush', 'mini_groups', (9,), '3.541 septillion',
     'Nine cards that share both their rank and their color.'),
    (11, 'Straight Flush x8', 'straight_flush', (8,), '1.144 septillion',
     'Eight cards of the same suit, all in sequence.'),
    (12, 'Double 5 of a Kind Mini-Flush', 'mini_groups', (5, 5), '801.313 sextillion',
     'Two 5 of a Kind Mini-Flushes (see below) of different ranks and different colors.'),
    (13, 'Rainbow x9', 'rainbow', (9,), '140.672 sextillion',
     'Nine cards, none of which share a color.'),
    (14, 'Flush x10', 'flush', (10,), '66.846 sextillion',
     'Ten cards of the same suit.'),
    (15, 'Royal Flush x7', 'royal_flush', (7,), '23.657 sextillion',
     'The Infinity, Ace, King, Queen, Jack, Princess and Cavalier, all in a single suit.'),
    (16, 'Double Royal Mini-Flush', 'double_royal_mini', (5, 5), '19.549 sextillion',
     'Two Royal Mini-Flushes x5 (see below) in two different colors.'),
    (17, '8 of a Kind Mini-Flush', 'mini_groups', (8,), '2.067 sextillion',
     'Eight cards that share both their rank and their color.'),
    (18, 'Royal Mini-Flush x10', 'royal_mini', (10,), '1.474 sextillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier, Lady, Wizard and Sorceress, all in a single color.'),
    (19, 'Straight Flush x7', 'straight_flush', (7,), '739.276 quintillion',
     'Seven cards of the same suit, all in sequence.'),
    (20, 'Flush x9', 'flush', (9,), '172.816 quintillion',
     'Nine cards of the same suit.'),
    (21, 'Rainbow x8', 'rainbow', (8,), '140.766 quintillion',
     'Eight cards, none of which share a color.'),
    (22, 'Double Flush', 'double_flush', (5, 5), '110.298 quintillion',
     'Two flushes x5, in two different suits.'),
    (23, 'Straight Mini-Flush x10', 'straight_mini', (10,), '50.825 quintillion',
     'Ten cards of the same color, all in sequence.'),
    (24, 'Royal Mini-Flush x9', 'royal_mini', (9,), '18.438 quintillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier, Lady and Wizard, all in a single color.'),
    (25, 'Royal Flush x6', 'royal_flush', (6,), '13.807 quintillion',
     'The Infinity, Ace, King, Queen, Jack and Princess, all in a single suit.'),
    (26, '7 of a Kind Mini-Flush', 'mini_groups', (7,), '1.379 quintillion',
     'Seven cards that share both their rank and their color.'),
    (27, 'Double 4 of a Kind Mini-Flush', 'mini_groups', (4, 4), '674.280 quadrillion',
     'Two 4 of a Kind Mini-Flushes (see below) of two different ranks and colors.'),
    (28, 'Triple 3 of a Kind Mini-Flush', 'mini_groups', (3, 3, 3), '623.556 quadrillion',
     'Three 3 of a Kind Mini-Flushes of three different ranks and colors.'),
    (29, 'Straight Mini-Flush x9', 'straight_mini', (9,), '614.600 quadrillion',
     'Nine cards of the same color, all in sequence.'),
    (30, 'Flush x8', 'flush', (8,), '461.150 quadrillion',
     'Eight cards of the same suit.'),
    (31, 'Straight Flush x6', 'straight_flush', (6,), '418.386 quadrillion',
     'Six cards of the same suit, all in sequence.'),
    (32, 'Royal Mini-Flush x8', 'royal_mini', (8,), '207.566 quadrillion',
     'The Infinity, Ace, King, Queen, Jack, Princess, Cavalier and Lady, all in a single color.'),
    (33, 'Rainbow x7', 'rainbow', (7,), '152.585 quadrillion',
     'Seven cards, none of which share a color.'),
    (34, 'Royal Flush x5', 'royal_flush', (5,), '6.906 quadrillion',
     'The Infinity, Ace, King, Queen and Jack, all in a single suit.'),
    (35, 'Straight Mini-Flush x8', 'straight_mini', (8,), '6.696 quadrillion',
     'Eight cards of the same color, all in sequence.'),
    (36, 'Royal Mini-Flush x7', 'royal_mini', (7,), '2.077 quadrillion',
     'The Infinity, Ace, King, Queen, Jack, Princess and Cavalier, all in a single color.'),
    (37, 'Flush x7', 'flush', (7,), '1.269 quadrillion',
     'Seven cards of the same suit.'),
    (38, '6 of a Kind Mini-Flush', 'mini_groups', (6,), '1.034 quadrillion',
     'Six cards that share both their rank and their color.'),
    (39, 'Five Pair Mini-Flush', 'mini_groups', (2, 2, 2, 2, 2), '1.028 quadrillion',
     'Five Pair Mini-Flushes of five different ranks and colors.'),
    (40, '10 of a Kind', 'rank_groups', (10,), '303.916 trillion',
     'Ten cards that share the same rank.'),
    (41, 'Straight Flush x5', 'straight_flush', (5,), '203.125 trillion',
     'Five cards of the same suit, all in sequence.'),
    (42, 'Rainbow x6', 'rainbow', (6,), '178.105 trillion',
     'Six cards, none of which share a color.'),
    (43, 'Straight Mini-Flush x7', 'straight_mini', (7,), '64.902 trillion',
     'Seven cards of the same color, all in sequence.'),
    (44, 'Royal Mini-Flush x6', 'royal_mini', (6,), '18.182 trillion',
     'The Infinity, Ace, King, Queen, Jack and Princess, all in a single color.'),
    (45, '9 of a Kind', 'rank_groups', (9,), '7.375 trillion',
     'Nine cards that share the same rank.'),
    (46, '7-3 of a Kind', 'rank_groups', (7, 3), '7.258 trillion',
     'A 7 of a Kind and a 3 of a Kind, in different ranks.'),
    (47, '6-4 of a Kind', 'rank_groups', (6, 4), '7.185 trillion',
     'A 6 of a Kind and a 4 of a Kind, in different ranks.'),
    (48, 'Double 5 of a Kind', 'rank_groups', (5, 5), '7.161 trillion',
     'Two 5 of a Kinds of different ranks.'),
    (49, 'Flush x6', 'flush', (6,), '3.597 trillion',
     'Six cards of the same suit.'),
    (50, 'Four Pair Mini-Flush', 'mini_groups', (2, 2, 2, 2), '864.857 billion',
     'Four Pair Mini-Flushes of four different ranks and colors.'),
    (51, '5 of a Kind Mini-Flush', 'mini_groups', (5,), '862.418 billion',
     'Five cards that share both their rank and their color.'),
    (52, 'Double 3 of a Kind Mini-Flush', 'mini_groups', (3, 3), '675.011 billion',
     'Two 3 of a Kind Mini-Flushes of two different ranks and colors.'),
    (53, 'Straight Mini-Flush x6', 'straight_mini', (6,), '550.961 billion',
     'Six cards of the same color, all in sequence.'),
    (54, 'Mini-Flush x10', 'mini', (10,), '550.030 billion',
     'Ten cards of the same color.'),
    (55, 'Rainbow x5', 'rainbow', (5,), '222.725 billion',
     'Five cards, none of which share a color.'),
    (56, '6-3-1 of a Kind', 'rank_groups', (6, 3, 1), '187.183 billion',
     'A 6 of a Kind, a 3 of a Kind and a lone card, all in different ranks.'),
    (57, '6-2-2 of a Kind', 'rank_groups', (6, 2, 2), '186.557 billion',
     'A 6 of a Kind and two Pairs, all in different ranks.'),
    (58, '5-4-1 of a Kind', 'rank_groups', (5, 4, 1), '185.923 billion',
     'A 5 of a Kind, a 4 of a Kind and a lone card, all in different ranks.'),
    (59, '5-3-2 of a Kind', 'rank_groups', (5, 3, 2), '184.679 billion',
     'A 5 of a Kind and a Full House, all in different ranks.'),
    (60, '4-4-2 of a Kind', 'rank_groups', (4, 4, 2), '184.057 billion',
     'A Double 4 of a Kind and a Pair, all in different ranks.'),
    (61, '4-3-3 of a Kind', 'rank_groups', (4, 3, 3), '183.439 billion',
     'A 4 of a Kind and a Double 3 of a Kind, all in different ranks.'),
    (62, '7-2-1 of a Kind', 'rank_groups', (7, 2, 1), '180.378 billion',
     'A 7 of a Kind, a Pair and a lone card, all in different ranks.'),
    (63, '8 of a Kind', 'rank_groups', (8,), '179.590 billion',
     'Eight cards that share the same rank.'),
    (64, 'Royal Mini-Flush x5', 'royal_mini', (5,), '136.420 billion',
     'The Infinity, Ace, King, Queen and Jack, all in a single color.'),
    (65, 'Double Mini-Flush', 'double_mini', (5, 5), '27.759 billion',
     'Two Mini-Flushes x5, in two different colors.'),
    (66, 'Mini-Flush x9', 'mini', (9,), '27.109 billion',
     'Nine cards of the same color.'),
    (67, 'Flush x5', 'flush', (5,), '10.496 billion',
     'Five cards of the same suit.'),
    (68, '5-2-2-1 of a Kind', 'rank_groups', (5, 2, 2, 1), '4.958 billion',
     'A 5 of a Kind, two Pairs and a lone card, all in different ranks.'),
    (69, 'Fuller House', 'rank_groups', (4, 3, 2, 1), '4.925 billion',
     'A 4 of a Kind, a 3 of a Kind, a Pair and a lone card, all in different ranks.'),
    (70, '4-2-2-2 of a Kind', 'rank_groups', (4, 2, 2, 2), '4.908 billion',
     'A 4 of a Kind and three Pairs, all in different ranks.'),
    (71, 'Double Full House', 'rank_groups', (3, 3, 2, 2), '4.892 billion',
     'Two Pairs and a Double 3 of a Kind, all in different ranks.'),
    (72, 'Triple 3 of a Kind', 'rank_groups', (3, 3, 3), '4.544 billion',
     'Three 3 of a Kinds, in three different ranks.'),
    (73, '7 of a Kind', 'rank_groups', (7,), '4.388 billion',
     'Seven cards that share the same rank.'),
    (74, '8-2 of a Kind', 'rank_groups', (8, 2), '4.369 billion',
     'An 8 of a Kind and a Pair, in different ranks.'),
    (75, 'Double 4 of a Kind', 'rank_groups', (4, 4), '4.362 billion',
     'Two 4 of a Kinds of different ranks.'),
    (76, 'Straight Mini-Flush x5', 'straight_mini', (5,), '4.012 billion',
     'Five cards of the same color, all in sequence.'),
    (77, 'Mini-Flush x8', 'mini', (8,), '1.338 billion',
     'Eight cards of the same color.'),
    (78, 'Three Pair Mini-Flush', 'mini_groups', (2, 2, 2), '794.186 million',
     'Three Pair Mini-Flushes of three different ranks and colors.'),
    (79, '4 of a Kind Mini-Flush', 'mini_groups', (4,), '790.813 million',
     'Four cards that share both their rank and their color.'),
    (80, 'Five Pairs', 'rank_groups', (2, 2, 2, 2, 2), '134.527 million',
     'Five Pairs of five different ranks.'),
    (81, '6 of a Kind', 'rank_groups', (6,), '107.549 million',
     'Six cards that share the same rank.'),
    (82, 'Straight x10', 'straight', (10,), '99.268 million',
     'Ten cards, all in sequence.'),
    (83, 'Mini-Flush x7', 'mini', (7,), '66.172 million',
     'Seven cards of the same color.'),
    (84, 'Straight x9', 'straight', (9,), '24.008 million',
     'Nine cards, all in sequence.'),
    (85, 'Straight x8', 'straight', (8,), '5.231 million',
     'Eight cards, all in sequence.'),
    (86, 'Mini-Flush x6', 'mini', (6,), '3.277 million',
     'Six cards of the same color.'),
    (87, 'Four Pairs', 'rank_groups', (2, 2, 2, 2), '3.021 million',
     'Four Pairs of four different ranks.'),
    (88, 'Double 3 of a Kind', 'rank_groups', (3, 3), '2.675 million',
     'Two 3 of a Kinds of different ranks.'),
    (89, '5 of a Kind', 'rank_groups', (5,), '2.645 million',
     'Five cards that share the same rank.'),
    (90, 'Straight x7', 'straight', (7,), '1.014 million',
     'Seven cards, all in sequence.'),
    (91, 'Two Pair Mini-Flush', 'mini_groups', (2, 2), '792,795',
     'Two Pair Mini-Flushes of two different ranks and colors.'),
    (92, '3 of a Kind Mini-Flush', 'mini_groups', (3,), '791,011',
     'Three cards that share both their rank and their color.'),
    (93, 'Straight x6', 'straight', (6,), '172,175',
     'Six cards, all in sequence.'),
    (94, 'Mini-Flush x5', 'mini', (5,), '162,560',
     'Five cards of the same color.'),
    (95, 'Three Pairs', 'rank_groups', (2, 2, 2), '69,704',
     'Three Pairs of three different ranks.'),
    (96, 'Full House', 'rank_groups', (3, 2), '66,468',
     'A 3 of a Kind and a Pair of two different ranks.'),
    (97, '4 of a Kind', 'rank_groups', (4,), '65,265',
     'Four cards that share the same rank.'),
    (98, 'Straight x5', 'straight', (5,), '25,077',
     'Five cards, all in sequence.'),
    (99, 'Two Pairs', 'rank_groups', (2, 2), '1,651',
     'Two Pairs of two different ranks.'),
    (100, '3 of a Kind', 'rank_groups', (3,), '1,615',
     'Three cards that share the same rank.'),
    (101, 'Pair Mini-Flush', 'mini_groups', (2,), '857.071',
     'Two cards that share both their rank and their color.'),
    (102, 'Pair', 'rank_groups', (2,), '40.130',
     'Two cards that share the same rank.'),
)

KINDS: tuple[FlameKind, ...] = tuple(FlameKind(r, n, f, s, o, t) for r, n, f, s, o, t in _ROWS) + (
    FlameKind(103, "High Card", "high", (), "-",
              "No kind at all: the ten highest cards (below Pair, as the rules README decides)."),
)
"""Every kind, best first: the source's 102 and High Card (rank 103)."""

HIGH_CARD = KINDS[-1]
KIND_BY_RANK: dict[int, FlameKind] = {k.rank: k for k in KINDS}
KIND_BY_NAME: dict[str, FlameKind] = {k.name.lower(): k for k in KINDS}
