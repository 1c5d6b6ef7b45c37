"""Shenja Ivali hands: the 43 kinds of the source's table, tie-breaks and exact odds.

Every regular Ivali card has a numeral (1-5), a planet (Earth, Irath, Omec, Libera,
Gula) and an element (Earth, Fire, Air, Water); the 100 regular cards hold each
(numeral, planet, element) once. Five cards give the numerals one *pattern* among

    5 (five of a kind), 4 (four of a kind), FH (3 + 2), 3 (3 + 1 + 1),
    2P (2 + 2 + 1), 1P (2 + 1 + 1 + 1), S (all five different: 1-2-3-4-5)

and the planets one pattern among the same seven (S: one card of each planet).
FL (flush) means all five cards share one element. A hand's kind is the unordered
pair (numeral pattern, planet pattern) plus the flush flag, looked up in the source's
table (:data:`KINDS`): rank 1 (Royal Eclipse, 5 + S + FL) is the best, rank 43
(Gachika, 1P + 1P) the worst. Exactly 43 of the combinations can occur with four
elements; ``tests/test_ivali_hands.py`` checks that by enumerating every hand shape.

Names with an element word. The source writes five flush kinds as
"Clean House {Burning/Drowning/Buried/Flying}": the word is the flush's element
(Fire: Burning, Water: Drowning, Earth: Buried, Air: Flying). We keep the source's
word order: the :attr:`HandValue.label` is the name, a space and the word ("Clean
House Burning", "A Tree and a Pair Flying"); :attr:`HandValue.kind` is the bare name.
The same bare names without a flush (Clean House, S + FH, rank 27, and Pear House,
Double Tree, Pear Tree, A Tree and a Pair) are separate, lower kinds with no word.

Ties inside one kind (``rules/README.md``), layer by layer, each layer compared the
same way as poker compares ranks: group the hand's values, the biggest group first,
groups of one size by the stronger value first, and compare group by group, first
the group's size, then its value.

1. Numerals: higher numerals are stronger (fixed).
2. Planets, by :attr:`IvaliRules.planet_order` (default Earth > Irath > Libera >
   Gula > Omec), unless :attr:`IvaliRules.rank_planets` is off.
3. Elements, by :attr:`IvaliRules.element_order` (default Earth > Water > Fire >
   Air), unless :attr:`IvaliRules.rank_elements` is off. For a flush this is simply
   the flush's element (a Water flush beats a Fire flush, as the source says); for
   other hands it is the same grouping, so Earth-Earth-Fire-Air-Water beats
   Water-Water-Earth-Fire-Air (a pair of Earth beats a pair of Water), and three Air
   cards beat two Earth and two Water (the bigger group first, as on the other
   layers). Five cards always hold at least a pair of one element.

Group sizes matter only between hands of one kind whose patterns sit the other way
round: in Tree House (FH + 3) numerals 5-5-5-1-1 (a full house of numerals) beat
5-5-5-4-2 (three 5s), because the second group, a pair, is bigger than a single 4.
A tie that survives every ranked layer is a split: the keys are equal.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import Card, Deck
from cardtable.engine.showdown import KeyOrdered

__all__ = [
    "ELEMENTS", "ELEMENT_WORDS", "HAND_COUNT", "KINDS", "NUMERALS", "PATTERNS", "PLANETS",
    "DEFAULT_ELEMENT_ORDER", "DEFAULT_PLANET_ORDER", "DEFAULT_RULES",
    "HandValue", "IvaliKind", "IvaliRules",
    "best_of", "evaluate", "exact_kind_counts", "kind_probabilities", "parse_card",
]

NUMERALS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""The numerals of the regular cards, low to high."""

PLANETS: tuple[str, ...] = ("Earth", "Irath", "Omec", "Libera", "Gula")
"""The planets, in the deck file's order (not a ranking)."""

ELEMENTS: tuple[str, ...] = ("Earth", "Fire", "Air", "Water")
"""The elements, in the deck file's order (not a ranking)."""

DEFAULT_PLANET_ORDER: tuple[str, ...] = ("Earth", "Irath", "Libera", "Gula", "Omec")
"""The source's default planet ranking, strongest first."""

DEFAULT_ELEMENT_ORDER: tuple[str, ...] = ("Earth", "Water", "Fire", "Air")
"""The source's default element ranking, strongest first."""

ELEMENT_WORDS: Mapping[str, str] = {"Fire": "Burning", "Water": "Drowning",
                                    "Earth": "Buried", "Air": "Flying"}
"""The word a flush kind's name takes for its element ("Clean House Burning")."""

PLANET_ALIASES: Mapping[str, str] = {"gulani": "Gula"}
"""Other spellings of planets the source uses ("the Gulani 3 of Fire")."""

PATTERNS: tuple[str, ...] = ("5", "4", "FH", "3", "2P", "1P", "S")
"""The seven patterns of five values, strongest shape first."""

HAND_COUNT = comb(100, 5)
"""The number of five-card hands of the 100 regular cards: 75,287,520."""

_SHAPE_TO_PATTERN: dict[tuple[int, ...], int] = {
    (5,): 0, (4, 1): 1, (3, 2): 2, (3, 1, 1): 3, (2, 2, 1): 4, (2, 1, 1, 1): 5, (1, 1, 1, 1, 1): 6}


@dataclass(frozen=True, kw_only=True)
class IvaliKind:
    """One row of the source's hand table.

    Attributes:
        rank: 1 (Royal Eclipse, the best) to 43 (Gachika, the worst).
        name: the bare name ("Clean House").
        pattern: as the source writes it ("S + FH + FL").
        patterns: the two pattern names, sorted by :data:`PATTERNS` (("FH", "S")).
        flush: whether the kind needs all five cards of one element.
        element_word: whether the name takes the flush's element word.
        source_percent: the probability the source prints, in percent (the author's
            estimate, not exact: see :func:`exact_kind_counts`).
    """

    rank: int
    name: str
    pattern: str
    patterns: tuple[str, str]
    flush: bool
    element_word: bool
    source_percent: float

    def label_for(self, element: str | None) -> str:
        """The name with the element word when the kind takes one ("Pear House Drowning")."""
        if self.element_word and element is not None:
            return f"{self.name} {ELEMENT_WORDS[element]}"
        return self.name


# The source's table, best first: (pattern, the author's percent, name).
_TABLE: tuple[tuple[str, float, str], ...] = (
    ("5 + S + FL", 0.000012, "Royal Eclipse"),
    ("4 + S + FL", 0.00031, "Solar Eclipse"),
    ("S + S + FL", 0.0005, "Arkfall"),
    ("S + FH + FL", 0.00067, "Clean House"),
    ("S + 3 + FL", 0.0022, "Lunar Eclipse"),
    ("5 + 4", 0.0026, "Ponu"),
    ("4 + 1P + FL", 0.0029, "Hail Irzu"),
    ("S + 2P + FL", 0.0034, "Twin Stars"),
    ("5 + S", 0.0043, "Slide"),
    ("FH + 2P + FL", 0.0046, "Pear House"),
    ("S + 1P + FL", 0.0048, "Shooting Stars"),
    ("5 + FH", 0.0058, "Mansion"),
    ("FH + 1P + FL", 0.0065, "Mother-in-Law Cottage"),
    ("3 + 3 + FL", 0.0092, "Double Tree"),
    ("3 + 2P + FL", 0.015, "Pear Tree"),
    ("5 + 3", 0.018, "Jamboree"),
    ("3 + 1P + FL", 0.021, "A Tree and a Pair"),
    ("2P + 2P + FL", 0.023, "Game Winner"),
    ("5 + 2P", 0.029, "Wedding Party"),
    ("2P + 1P + FL", 0.033, "Pombanu"),
    ("5 + 1P", 0.04, "Sensoth Party"),
    ("1P + 1P + FL", 0.046, "Liberata's Luck"),
    ("4 + 4", 0.066, "Double Squad"),
    ("4 + S", 0.11, "Dashing Straight"),
    ("4 + FH", 0.15, "Quad House"),
    ("S + S", 0.18, "Migration"),
    ("S + FH", 0.24, "Clean House"),
    ("FH + FH", 0.33, "Double Houses"),
    ("4 + 3", 0.47, "A Quad and a Tree"),
    ("4 + 2P", 0.74, "A Quad and Two Pair"),
    ("S + 3", 0.77, "Running Straight"),
    ("4 + 1P", 1.04, "A Quad and a Pair"),
    ("FH + 3", 1.04, "Tree House"),
    ("S + 2P", 1.21, "Trotting Straight"),
    ("FH + 2P", 1.65, "Pear House"),
    ("S + 1P", 1.71, "Walking Straight"),
    ("FH + 1P", 2.32, "A Full house and a Pair"),
    ("3 + 3", 3.3, "Double Tree"),
    ("3 + 2P", 5.22, "Pear Tree"),
    ("3 + 1P", 7.33, "A Tree and a Pair"),
    ("2P + 2P", 8.28, "Field Goal"),
    ("2P + 1P", 11.61, "A Set and a Pair"),
    ("1P + 1P", 16.29, "Gachika"),
)


def _build_kinds() -> tuple[IvaliKind, ...]:
    bare_names = Counter(name for _, _, name in _TABLE)
    kinds = []
    for rank, (pattern, percent, name) in enumerate(_TABLE, start=1):
        parts = [p.strip() for p in pattern.split("+")]
        flush = parts[-1] == "FL"
        first, second = sorted(parts[:2], key=PATTERNS.index)
        pair = (first, second)
        kinds.append(IvaliKind(rank=rank, name=name, pattern=pattern, patterns=pair, flush=flush,
                               element_word=flush and bare_names[name] > 1,
                               source_percent=percent))
    return tuple(kinds)


KINDS: tuple[IvaliKind, ...] = _build_kinds()
"""The 43 kinds, best first: ``KINDS[rank - 1].rank == rank``."""

# (numeral pattern id, planet pattern id, flush) -> kind; both orientations.
_KIND_OF: dict[tuple[int, int, bool], IvaliKind] = {}
for _kind in KINDS:
    _a, _b = (PATTERNS.index(p) for p in _kind.patterns)
    _KIND_OF[(_a, _b, _kind.flush)] = _KIND_OF[(_b, _a, _kind.flush)] = _kind
del _kind, _a, _b


def _normal_name(value: Any, choices: Sequence[str], what: str,
                 aliases: Mapping[str, str] | None = None) -> str:
    """``value`` spelled as in ``choices`` (any case); ValueError with close matches if none."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a name ({', '.join(choices)}), got {value!r}")
    text = value.strip().lower()
    for choice in choices:
        if choice.lower() == text:
            return choice
    if aliases and text in aliases:
        return aliases[text]
    known = {c.lower(): c for c in choices}
    if aliases:
        known.update(aliases)
    close = [known[m] for m in difflib.get_close_matches(text, list(known), n=3, cutoff=0.6)]
    hint = f"; did you mean {' or '.join(dict.fromkeys(close))}?" if close else ""
    raise ValueError(f"unknown {what} {value!r}: expected one of {', '.join(choices)}{hint}")


def _normal_order(value: Any, choices: Sequence[str], what: str,
                  aliases: Mapping[str, str] | None = None) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(f"{what} must be a list naming each of {', '.join(choices)} once, "
                         f"strongest first; got {value!r}")
    names = tuple(_normal_name(v, choices, f"name in {what}", aliases) for v in value)
    repeated = sorted({n for n in names if names.count(n) > 1})
    missing = [c for c in choices if c not in names]
    if repeated or missing:
        problems = ([f"repeats {', '.join(repeated)}"] if repeated else []) + \
                   ([f"misses {', '.join(missing)}"] if missing else [])
        raise ValueError(f"{what} must name each of {', '.join(choices)} exactly once, strongest "
                         f"first; {list(value)!r} {' and '.join(problems)}")
    return names


@dataclass(frozen=True, kw_only=True)
class IvaliRules:
    """The table's tie-break settings (the variant YAML's ``settings``).

    Attributes:
        rank_planets: whether planets break ties (after numerals).
        rank_elements: whether elements break ties (after planets).
        planet_order: the five planets, strongest first.
        element_order: the four elements, strongest first.

    Orders may be given as any sequence of names in any case ("Gulani" means Gula);
    they are stored as tuples of the deck's spellings. A bad value raises ValueError
    saying what was expected.
    """

    rank_planets: bool = True
    rank_elements: bool = True
    planet_order: tuple[str, ...] = DEFAULT_PLANET_ORDER
    element_order: tuple[str, ...] = DEFAULT_ELEMENT_ORDER
    if TYPE_CHECKING:
        # Set in __post_init__ and by tables(), not a field at run time; declared so
        # for the type checker only, so fields() and the generated methods stay as they are.
        _tables: _Tables | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tables", None)  # built by tables(); not a field
        for name in ("rank_planets", "rank_elements"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, got {getattr(self, name)!r}")
        object.__setattr__(self, "planet_order",
                           _normal_order(self.planet_order, PLANETS, "planet_order", PLANET_ALIASES))
        object.__setattr__(self, "element_order",
                           _normal_order(self.element_order, ELEMENTS, "element_order"))

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> IvaliRules:
        """Rules from a variant's ``settings`` mapping.

        Reads ``rank_planets``, ``rank_elements``, ``planet_order`` and
        ``element_order``; a missing key keeps its default, and other keys (the rest
        of the game's settings) are left alone.

        >>> IvaliRules.from_settings({"planet_order": ["omec", "gula", "libera", "irath", "earth"]}).planet_order
        ('Omec', 'Gula', 'Libera', 'Irath', 'Earth')
        """
        if settings is None:
            return cls()
        if not isinstance(settings, Mapping):
            raise ValueError(f"the Shenja Ivali settings must be a mapping, got {settings!r}")
        known = ("rank_planets", "rank_elements", "planet_order", "element_order")
        return cls(**{k: settings[k] for k in known if k in settings})

    def tables(self) -> _Tables:
        """The lookup tables :func:`evaluate` uses for these rules (built once, then kept)."""
        tables = self._tables
        if tables is None:
            tables = _Tables(self)
            object.__setattr__(self, "_tables", tables)
        return tables


DEFAULT_RULES = IvaliRules()
"""The source's defaults: planets and elements ranked, in its default orders."""


@dataclass(frozen=True, kw_only=True, slots=True)
class HandValue(KeyOrdered):
    """What five cards are worth.

    Attributes:
        rank: 1 (Royal Eclipse, the best) to 43 (Gachika).
        kind: the bare name of the kind ("Clean House").
        label: the name with the flush's element word where it takes one
            ("Clean House Burning"); otherwise the same as ``kind``.
        element: the flush's element, or None if the hand is no flush.
        key: a tuple such that the stronger hand has the greater key; equal keys are a
            split. Keys compare only between hands valued under the same
            :class:`IvaliRules`.

    ``<``, ``>``, ``<=``, ``>=`` compare keys. ``==`` compares every field, so two
    flushes of different elements with elements unranked are tied (equal keys) but
    not ``==`` (their labels differ): test ties with ``a.key == b.key``.
    """

    rank: int
    kind: str
    label: str
    element: str | None
    key: tuple[int, int, int, int]

    @property
    def pattern(self) -> str:
        """The kind's pattern as the source writes it ("S + 1P + FL")."""
        return KINDS[self.rank - 1].pattern


# evaluate() builds HandValues through the slot descriptors: the same object the
# constructor makes, without its keyword call (a third of the evaluation's time).
_SLOT_SETTERS = tuple(HandValue.__dict__[name].__set__
                      for name in ("rank", "kind", "label", "element", "key"))


def _hand_value(rank: int, kind: str, label: str, element: str | None,
                key: tuple[int, int, int, int]) -> HandValue:
    value = object.__new__(HandValue)
    set_rank, set_kind, set_label, set_element, set_key = _SLOT_SETTERS
    set_rank(value, rank)
    set_kind(value, kind)
    set_label(value, label)
    set_element(value, element)
    set_key(value, key)
    return value


# --- Packed counts -----------------------------------------------------------------
# A card is one int with a 1 in its numeral's, its planet's and its element's 3-bit
# field; the sum of five cards holds the three count vectors at once.
_NUMERAL_SHIFT, _PLANET_SHIFT, _ELEMENT_SHIFT = 0, 15, 30
_FIELD_MASK = (1 << 15) - 1


def _pack(numeral: int, planet: int, element: int) -> int:
    """The packed int of the card (numeral 1-5, planet and element as indexes)."""
    return ((1 << (_NUMERAL_SHIFT + 3 * (numeral - 1))) | (1 << (_PLANET_SHIFT + 3 * planet))
            | (1 << (_ELEMENT_SHIFT + 3 * element)))


def _count_vectors(width: int) -> Iterable[tuple[int, ...]]:
    """Every way to spread 5 cards over ``width`` values (counts, index order)."""
    def spread(i: int, left: int) -> Iterable[tuple[int, ...]]:
        if i == width - 1:
            yield (left,)
            return
        for m in range(left + 1):
            for rest in spread(i + 1, left - m):
                yield (m, *rest)
    return spread(0, 5)


def _group_key(counts: Sequence[int], strengths: Sequence[int]) -> int:
    """Groups biggest first, then strongest; each (size, strength) one base-64 digit."""
    groups = sorted(((c, s) for c, s in zip(counts, strengths) if c), reverse=True)
    key = 0
    for size, strength in groups:
        key = key * 64 + size * 8 + strength
    scale: int = 64 ** (5 - len(groups))  # at most five groups: a whole number
    return key * scale


def _pattern_of(counts: Sequence[int]) -> int:
    return _SHAPE_TO_PATTERN[tuple(sorted((c for c in counts if c), reverse=True))]


def _layer_table(width: int, strengths: Sequence[int] | None) -> list[Any]:
    """A list indexed by a packed 15-bit count field: (pattern id, group key)."""
    table: list[Any] = [None] * (1 << 15)
    for counts in _count_vectors(width):
        packed = sum(c << (3 * i) for i, c in enumerate(counts))
        key = _group_key(counts, strengths) if strengths is not None else 0
        table[packed] = (_pattern_of(counts), key)
    return table


_NUMERAL_TABLE = _layer_table(5, NUMERALS)


class _Tables:
    """Per-rules lookups: planet patterns and keys, element flush and keys, results."""

    def __init__(self, rules: IvaliRules) -> None:
        planet_strength = [len(PLANETS) - rules.planet_order.index(p) for p in PLANETS]
        element_strength = [len(ELEMENTS) - rules.element_order.index(e) for e in ELEMENTS]
        self.planets = _layer_table(5, planet_strength if rules.rank_planets else None)
        self.elements: list[Any] = [None] * (1 << 12)
        for counts in _count_vectors(4):
            packed = sum(c << (3 * i) for i, c in enumerate(counts))
            flush = counts.index(5) if 5 in counts else -1
            key = _group_key(counts, element_strength) if rules.rank_elements else 0
            self.elements[packed] = (flush, key)
        # (numeral pattern, planet pattern, flush element or -1) -> (rank, kind, label, element)
        self.results: dict[tuple[int, int, int], tuple[int, str, str, str | None]] = {}
        for (n_pat, p_pat, flush), kind in _KIND_OF.items():
            for element in (range(len(ELEMENTS)) if flush else (-1,)):
                name = ELEMENTS[element] if flush else None
                self.results[(n_pat, p_pat, element)] = (kind.rank, kind.name,
                                                         kind.label_for(name), name)


# card code -> packed int, filled the first time a card is seen
_PACKED_BY_CODE: dict[str, int] = {}


def _packed_card(card: Card) -> int:
    """The packed int of a regular Ivali card; ValueError for anything else."""
    if "wild" in card.tags:
        raise ValueError(f"{card.code!r} is a wild card: wild cards are not supported in "
                         "Shenja Ivali, which is played without wilds by default")
    try:
        numeral = card.value if card.value is not None else int(card.rank)
        planet = _normal_name(card.get("planet"), PLANETS, "planet", PLANET_ALIASES)
        element = _normal_name(card.suit, ELEMENTS, "element")
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{card.code!r} is not a regular Ivali card: {exc}") from None
    if numeral not in NUMERALS:
        raise ValueError(f"{card.code!r} is not a regular Ivali card: numeral {numeral!r} is not 1-5")
    packed = _pack(numeral, PLANETS.index(planet), ELEMENTS.index(element))
    _PACKED_BY_CODE[card.code] = packed
    return packed


def evaluate(cards: Sequence[Card], rules: IvaliRules = DEFAULT_RULES) -> HandValue:
    """The value of exactly five different regular Ivali cards under ``rules``.

    Raises ValueError for another number of cards, a card given twice, a wild card
    (Shenja Ivali is played without wilds by default) or a card of another deck.
    """
    if len(cards) != 5:
        raise ValueError(f"a Shenja Ivali hand is exactly five cards, got {len(cards)}")
    a, b, c, d, e = cards
    codes = _PACKED_BY_CODE
    try:
        total = codes[a.code] + codes[b.code] + codes[c.code] + codes[d.code] + codes[e.code]
    except KeyError:
        total = sum(codes[x.code] if x.code in codes else _packed_card(x) for x in cards)
    if len({a.code, b.code, c.code, d.code, e.code}) != 5:
        repeated = sorted({x.code for x in cards if [y.code for y in cards].count(x.code) > 1})
        raise ValueError(f"a hand holds five different cards; {', '.join(repeated)} is given twice")
    tables = rules._tables or rules.tables()
    n_pattern, n_key = _NUMERAL_TABLE[total & _FIELD_MASK]
    p_pattern, p_key = tables.planets[(total >> _PLANET_SHIFT) & _FIELD_MASK]
    flush, e_key = tables.elements[total >> _ELEMENT_SHIFT]
    rank, kind, label, element = tables.results[(n_pattern, p_pattern, flush)]
    return _hand_value(rank, kind, label, element, (44 - rank, n_key, p_key, e_key))


def best_of(hands: Sequence[HandValue]) -> list[int]:
    """Indexes of the strongest of ``hands``: one winner, or several on a split.

    >>> best_of([])
    Traceback (most recent call last):
    ...
    ValueError: best_of needs at least one hand
    """
    if not hands:
        raise ValueError("best_of needs at least one hand")
    top = max(h.key for h in hands)
    return [i for i, h in enumerate(hands) if h.key == top]


_CARD_SPELLING = re.compile(r"^\s*([A-Za-z]+)\s+(\S+)\s+of\s+([A-Za-z]+)\s*$", re.IGNORECASE)


def parse_card(text: str, deck: Deck) -> Card:
    """The card of ``deck`` spelled "<Planet> <n> of <Element>" (any case).

    "Gulani" is accepted for Gula ("Gulani 3 of Fire"), "Wild" as the element of an
    elemental wild, and any card code of the deck as it is ("Infinity #1"). A bad
    spelling raises ValueError saying what was expected, with close matches.
    """
    if not isinstance(text, str):
        raise ValueError(f"a card name must be text, got {text!r}")
    try:
        return deck.find(text)
    except KeyError:
        pass
    match = _CARD_SPELLING.match(text)
    if not match:
        raise ValueError(f"cannot read the card {text!r}: expected '<Planet> <numeral> of "
                         f"<Element>', e.g. 'Gula 3 of Fire' (planets {', '.join(PLANETS)}; "
                         f"numerals 1-5; elements {', '.join(ELEMENTS)})")
    planet_text, numeral_text, element_text = match.groups()
    try:
        planet = _normal_name(planet_text, PLANETS, "planet", PLANET_ALIASES)
        element = _normal_name(element_text, (*ELEMENTS, "Wild"), "element")
    except ValueError as exc:
        raise ValueError(f"cannot read the card {text!r}: {exc}") from None
    if numeral_text not in {str(n) for n in NUMERALS}:
        raise ValueError(f"cannot read the card {text!r}: the numeral must be 1 to 5, "
                         f"got {numeral_text!r}")
    code = f"{planet} {numeral_text} of {element}"
    try:
        return deck.find(code)
    except KeyError:
        raise ValueError(f"the {deck.name} deck has no card {code!r}") from None


def exact_kind_counts(rules: IvaliRules | None = None, *, numerals: Sequence[int] = NUMERALS,
                      planets: Sequence[str] = PLANETS,
                      elements: Sequence[str] = ELEMENTS) -> dict[int, int]:
    """The exact number of five-card hands of each kind: rank -> count.

    By default over all C(100, 5) = 75,287,520 hands of the 100 regular cards; the
    keyword arguments restrict the deck to some numerals, planets and elements (the
    tests check the method against counting every hand of such a smaller deck).
    ``rules`` changes no kind, only tie-breaks; it is accepted so that callers can
    pass the table's rules, and checked. Kinds that cannot occur are absent.

    The method: a hand is a multiset of (numeral, planet) cells, each cell used at
    most once per element, so at most ``len(elements)`` times. For each multiset
    with multiplicities m_i there are prod C(E, m_i) hands; the kind of all of them
    follows from the numeral and planet patterns, except that a flush needs every
    m_i == 1 and then has E ways (one per element). About 119,000 multisets instead
    of 75 million hands.
    """
    if rules is not None and not isinstance(rules, IvaliRules):
        raise ValueError(f"rules must be IvaliRules or None, got {rules!r}")
    if not set(numerals) <= set(NUMERALS) or len(set(numerals)) != len(numerals):
        raise ValueError(f"numerals must be different values among 1-5, got {list(numerals)!r}")
    planet_names = {_normal_name(p, PLANETS, "planet", PLANET_ALIASES) for p in planets}
    element_names = {_normal_name(e, ELEMENTS, "element") for e in elements}
    if len(planet_names) != len(planets) or len(element_names) != len(elements):
        raise ValueError("planets and elements must not repeat")
    cells = [(n - 1, PLANETS.index(p)) for n in numerals for p in planet_names]
    width = len(elements)
    ways = [comb(width, m) for m in range(6)]
    tallies: Counter[tuple[int, int, bool]] = Counter()

    def place(start: int, left: int, n_counts: int, p_counts: int, weight: int, singles: bool) -> None:
        if left == 0:
            n_pattern = _NUMERAL_TABLE[n_counts][0]
            p_pattern = _NUMERAL_TABLE[p_counts][0]
            flushes = width if singles else 0
            if flushes:
                tallies[(n_pattern, p_pattern, True)] += flushes
            if weight - flushes:
                tallies[(n_pattern, p_pattern, False)] += weight - flushes
            return
        for cell in range(start, len(cells)):
            n_index, p_index = cells[cell]
            for m in range(1, min(left, width) + 1):
                place(cell + 1, left - m, n_counts + (m << (3 * n_index)),
                      p_counts + (m << (3 * p_index)), weight * ways[m], singles and m == 1)

    place(0, 5, 0, 0, 1, True)
    counts: dict[int, int] = {}
    for (n_pattern, p_pattern, flush), number in tallies.items():
        kind = _KIND_OF.get((n_pattern, p_pattern, flush))
        if kind is None:
            raise AssertionError(f"a possible hand {PATTERNS[n_pattern]} + {PATTERNS[p_pattern]}"
                                 f"{' + FL' if flush else ''} is missing from the table")
        counts[kind.rank] = counts.get(kind.rank, 0) + number
    return dict(sorted(counts.items()))


def kind_probabilities() -> dict[int, float]:
    """rank -> the exact fraction (0 to 1) of the 75,287,520 hands of that kind."""
    return {rank: count / HAND_COUNT for rank, count in exact_kind_counts().items()}
