"""Checks every game's invariants share.

The pieces: chips conserved (:func:`chips_problems`), every card in exactly one
place (:func:`card_places_problems`, :func:`hand_size_problems`), no hidden card in
a view (:func:`view_leak_problems`) or a log line (:func:`log_leak_problems`),
liveness and the JSON round trip. :class:`GameChecks` puts them together; each
game's ``checks`` module subclasses it with what only that game knows (where its
chips and cards are, which cards are public, its own rules) and exports the
instance's methods as its module-level API (:meth:`GameChecks.api`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Container, Iterable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from cardtable.engine.game import CHANCE, Event, GameState

__all__ = ["match_over", "liveness_problems", "round_trip", "round_trip_problems", "contract_problems",
           "problems_after_action", "game_round_trip_problems", "chips_problems", "card_places_problems",
           "hand_size_problems", "json_problems", "view_leak_problems", "log_leak_problems", "GameChecks",
           "ChecksApi"]

Seats = Iterable[int | None]
"""Whose views to check: seat numbers, ``None`` for a spectator."""


def chips_problems(total: int, parts: Mapping[str, int | Sequence[int]], *, unit: str = "chips",
                   whole: str = "match") -> list[str]:
    """The ``parts`` (name: an amount or a list of amounts) add up to ``total``, and
    none is negative."""
    def amounts(value: int | Sequence[int]) -> Sequence[int]:
        return (value,) if isinstance(value, int) else value

    problems = []
    said = ", ".join(f"{name} {value}" for name, value in parts.items())
    counted = sum(sum(amounts(value)) for value in parts.values())
    if counted != total:
        problems.append(f"{unit}: {counted} on the table, the {whole} has {total} ({said})")
    if any(a < 0 for value in parts.values() for a in amounts(value)):
        problems.append(f"{unit}: something negative: {said}")
    return problems


def card_places_problems(places: Iterable[Iterable[int]], cards: Collection[int], *,
                         stock: int | None = None, what: str = "in the deck") -> list[str]:
    """Every card of ``cards`` is in exactly one of the ``places`` (piles of card
    indices); with ``stock``, that many cards are face down somewhere not listed,
    and the places plus the stock must make the whole deck."""
    placed: Counter[int] = Counter()
    for pile in places:
        placed.update(pile)
    problems = []
    twice = sorted(c for c, n in placed.items() if n > 1)
    if twice:
        problems.append(f"cards in two places: {twice}")
    if stock is None:
        missing = sorted(set(cards) - set(placed))
        if missing:
            problems.append(f"cards nowhere: {missing}")
    elif sum(placed.values()) + stock != len(cards):
        problems.append(f"cards: {sum(placed.values())} out and {stock} in the stock make no {len(cards)}")
    stray = sorted(c for c in placed if c not in cards)
    if stray:
        problems.append(f"cards that are not {what}: {stray}")
    return problems


def hand_size_problems(hands: Sequence[Sequence[int]], in_hand: Sequence[bool],
                       sizes: Callable[[int], Collection[int]]) -> list[str]:
    """A seat in the hand holds one of ``sizes(seat)`` cards; a seat out of it none."""
    problems = []
    for seat, hand in enumerate(hands):
        size = len(hand)
        if in_hand[seat] and size not in sizes(seat):
            problems.append(f"seat {seat} is in the hand with {size} cards")
        if not in_hand[seat] and size:
            problems.append(f"seat {seat} is out of the hand but holds {size} cards")
    return problems


def json_problems(view: Any, seat: int | None) -> list[str]:
    """The view of ``seat`` is plain JSON."""
    try:
        json.dumps(view)
    except (TypeError, ValueError) as exc:
        return [f"view({seat}) is not JSON-safe: {exc}"]
    return []


def view_leak_problems(seat: int | None, shown: Sequence[Sequence[int | None]], hands: Sequence[Sequence[int]],
                       visible: Container[int]) -> list[str]:
    """The hands a view of ``seat`` shows (``None`` for a face-down card) hold only
    ``visible`` cards, and as many cards as the real ``hands``."""
    problems = []
    for owner, cards in enumerate(shown):
        leaked = [c for c in cards if c is not None and c not in visible]
        if leaked:
            problems.append(f"view({seat}) shows seat {owner}'s hidden cards {leaked}")
        if len(cards) != len(hands[owner]):
            problems.append(f"view({seat}) miscounts seat {owner}'s hand")
    return problems


def log_leak_problems(events: Iterable[Event], cards_in: Callable[[str], Iterable[int]], public: Container[int],
                      private_leak: Callable[[int, int], str | None]) -> list[str]:
    """Public lines name only ``public`` cards; ``private_leak(seat, card)`` says how a
    private line for ``seat`` naming ``card`` gives a secret away (None: it does not)."""
    problems = []
    for event in events:
        problems += [f"public log line names a hidden card: {event.public!r}"
                     for card in cards_in(event.public) if card not in public]
        for seat, text in event.private.items():
            for card in cards_in(text):
                leak = private_leak(seat, card)
                if leak is not None:
                    problems.append(f"seat {seat}'s private line {leak}: {text!r}")
    return problems


def match_over(state: GameState) -> bool:
    """True when the state's phase is its game-over phase (every game calls it ``game_over``)."""
    phase = getattr(state, "phase", None)
    return str(getattr(phase, "value", phase)) == "game_over"


def liveness_problems(state: GameState, *, chance: bool = False, most: int | None = None) -> list[str]:
    """The match is over, or somebody is asked to act and can.

    With ``chance``, chance's own next action is drawn (the random generator is put
    back as it was) and must be legal. ``most`` bounds how many listed actions are
    checked (a game with hundreds of them checks a sample).
    """
    to_act = state.to_act
    over = match_over(state)
    phase = getattr(state, "phase", None)
    if to_act is None:
        return [] if over else [f"nobody is to act in phase {phase}"]
    if over:
        return ["the match is over but someone is to act"]
    if to_act == CHANCE:
        if not chance:
            return []
        saved = state.rng.getstate()
        try:
            action = state.chance_action()
        finally:
            state.rng.setstate(saved)
        why = state.why_illegal(action)
        return [] if why is None else [f"chance's own action is illegal in phase {phase}: {why}"]
    actions = state.legal_actions(to_act)
    if not actions:
        return [f"seat {to_act} is to act in phase {phase} with no legal action"]
    checked = actions if most is None else actions[:most]
    return [f"listed action {a} is illegal: {why}" for a in checked
            if (why := state.why_illegal(a)) is not None]


def round_trip(state: Any, **spec: Any) -> tuple[Any, list[str]]:
    """The state written to JSON text and read back (with its deck and ``spec``), and
    what changed on the way. Play can go on from the copy.

    The copy must write the same JSON, and a betting round in it must share the
    state's chips ledger rather than hold its own.
    """
    text = json.dumps(state.to_json(), sort_keys=True)
    again = type(state).from_json(json.loads(text), deck=state.deck, **spec)
    problems = []
    if json.dumps(again.to_json(), sort_keys=True) != text:
        problems.append("the state changed in a JSON round trip")
    betting = getattr(again, "betting", None)
    if betting is not None and getattr(betting, "chips", None) is not getattr(again, "chips", None):
        problems.append("after a JSON round trip the betting round has its own chips ledger")
    return again, problems


def round_trip_problems(state: Any) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return round_trip(state)[1]


def contract_problems(state: GameState) -> list[str]:
    """What the game contract itself requires after any action: every listed action of
    the seat to act is legal, and every seat's view and log are plain JSON."""
    problems: list[str] = []
    to_act = state.to_act
    if to_act is not None and to_act != CHANCE:
        actions = state.legal_actions(to_act)
        if not actions:
            problems.append(f"seat {to_act} is to act with no legal action")
        problems += [f"listed action {a} is illegal: {why}"
                     for a in actions[:20] if (why := state.why_illegal(a)) is not None]
    for seat in (None, *range(state.seats)):
        try:
            json.dumps(state.view(seat))
            json.dumps(state.log_for(seat))
        except (TypeError, ValueError) as exc:
            problems.append(f"view or log of seat {seat} is not JSON-safe: {exc}")
    return problems


def problems_after_action(game: Any, state: GameState, log_start: int = 0) -> list[str]:
    """What ``game``'s own checks (its :class:`~cardtable.games.GameDefinition`'s
    ``checks`` module) and the contract find wrong after an action."""
    problems = list(game.checks.all_problems(state, log_start=log_start)) if game.checks else []
    return problems + contract_problems(state)


def game_round_trip_problems(game: Any, state: GameState) -> list[str]:
    """The game's own JSON round trip check (its checks module's ``round_trip``)."""
    if game.checks is not None and hasattr(game.checks, "round_trip"):
        return list(game.checks.round_trip(state)[1])
    return round_trip_problems(state)


class ChecksApi(NamedTuple):
    """The module-level functions of a game's ``checks`` module, bound to its
    :class:`GameChecks` (``all_problems, chip_problems, ... = MyChecks().api()``)."""

    all_problems: Callable[..., list[str]]
    chip_problems: Callable[[Any], list[str]]
    card_problems: Callable[[Any], list[str]]
    view_problems: Callable[..., list[str]]
    log_problems: Callable[..., list[str]]
    liveness_problems: Callable[[Any], list[str]]
    round_trip: Callable[[Any], tuple[Any, list[str]]]
    round_trip_problems: Callable[[Any], list[str]]
    public_cards: Callable[[Any], set[int]]


class GameChecks:
    """A game's invariant checks. Each check returns a list of problems in words
    (empty: all is well). A subclass declares what only its game knows; the defaults
    fit a game with a :class:`~cardtable.engine.chips.ChipsLedger` as ``state.chips``,
    ``state.hands`` and ``state.shown`` per seat, and card codes in its log.
    """

    unit: ClassVar[str] = "chips"
    """What the chips are called in problems ("credits")."""
    whole: ClassVar[str] = "match"
    """What a state is called in problems ("game")."""
    card_code: ClassVar[re.Pattern[str] | None] = None
    """How the log writes a card (see :meth:`card_pattern`)."""
    hidden_keys: ClassVar[frozenset[str]] = frozenset({"deck_order", "discards", "deck"})
    """Keys no view may hold."""
    hidden_words: ClassVar[str] = "the deck or the discards"
    """What those keys hold, in words."""
    stray_words: ClassVar[str] = "in the deck"
    """What a card outside :meth:`all_cards` is not, in words."""
    chance: ClassVar[bool] = False
    """Liveness draws chance's own action and checks it."""
    most: ClassVar[int | None] = None
    """Liveness checks at most this many listed actions."""

    # -- chips

    def chip_total(self, state: Any) -> int:
        """The chips the match has."""
        return int(state.total_chips)

    def chip_parts(self, state: Any) -> dict[str, int | Sequence[int]]:
        """Where the chips are, by name: they add up to :meth:`chip_total`."""
        return {"stacks": state.chips.stacks, "middle": state.chips.pot_total}

    def chip_rules(self, state: Any) -> list[str]:
        """The game's own rules about chips."""
        return []

    def chip_problems(self, state: Any) -> list[str]:
        """Chips conserved, none negative, and the game's own chip rules."""
        problems = chips_problems(self.chip_total(state), self.chip_parts(state), unit=self.unit, whole=self.whole)
        return problems + self.chip_rules(state)

    # -- cards

    def dealt(self, state: Any) -> bool:
        """Cards are in play (not before the first round)."""
        return int(state.round_no) > 0

    def card_places(self, state: Any) -> Iterable[Iterable[int]]:
        """Every pile a card may be in."""
        raise NotImplementedError

    def all_cards(self, state: Any) -> Collection[int]:
        """The cards in play."""
        return range(len(state.deck))

    def stock_count(self, state: Any) -> int | None:
        """How many cards are in a stock :meth:`card_places` does not list (None: none)."""
        return None

    def card_rules(self, state: Any) -> list[str]:
        """The game's own rules about cards (hand sizes, pile sizes)."""
        return []

    def card_problems(self, state: Any) -> list[str]:
        """Every card in exactly one place, and the game's own card rules (once dealt)."""
        if not self.dealt(state):
            return []
        problems = card_places_problems(self.card_places(state), self.all_cards(state),
                                        stock=self.stock_count(state), what=self.stray_words)
        return problems + self.card_rules(state)

    # -- views

    def public_cards(self, state: Any) -> set[int]:
        """Cards everyone may see now (default: the hands shown)."""
        return {c for seat in range(state.seats) if state.shown[seat] for c in state.hands[seat]}

    def view_rules(self, state: Any, seat: int | None, view: Any, public: set[int]) -> list[str]:
        """The game's own rules about the view of ``seat``."""
        return []

    def view_problems(self, state: Any, seats: Seats | None = None) -> list[str]:
        """Views hold no card their seat may not see, and are JSON-safe.

        ``seats``: whose views to check (default every seat and a spectator, ``None``).
        """
        problems = []
        public = self.public_cards(state)
        for seat in [None, *range(state.seats)] if seats is None else seats:
            view = state.view(seat)
            problems += json_problems(view, seat)
            visible = public | (set(state.hands[seat]) if seat is not None else set())
            problems += view_leak_problems(seat, view["hands"], state.hands, visible)
            problems += self.view_rules(state, seat, view, public)
            if set(view) & self.hidden_keys:
                problems.append(f"view({seat}) holds {self.hidden_words}")
        return problems

    # -- the log

    def card_pattern(self, state: Any) -> re.Pattern[str]:
        """How the log writes a card of the state's deck."""
        assert self.card_code is not None, f"{type(self).__name__} says nothing of how its log names cards"
        return self.card_code

    def log_public(self, state: Any) -> set[int]:
        """The cards a public log line may name."""
        return self.public_cards(state)

    def private_leak(self, state: Any, seat: int, card: int, public: set[int]) -> str | None:
        """How a private line for ``seat`` naming ``card`` gives a secret away (None: it
        does not). Default: the card is in another seat's hidden hand."""
        others = [s for s in range(state.seats) if s != seat and card in state.hands[s] and not state.shown[s]]
        return f"names seat {others[0]}'s card" if others else None

    def log_problems(self, state: Any, start: int = 0) -> list[str]:
        """Log lines from ``start`` on name no hidden card (checked against the state now:
        call it after every action)."""
        events = state.log[start:]
        pattern = self.card_pattern(state)
        if not any(e.private or pattern.search(e.public) for e in events):
            return []
        public = self.log_public(state)

        def cards_in(text: str) -> list[int]:
            return [state.deck.find(name).index for name in pattern.findall(text)]

        return log_leak_problems(events, cards_in, public,
                                 lambda seat, card: self.private_leak(state, seat, card, public))

    # -- the rest

    def liveness_problems(self, state: Any) -> list[str]:
        """The match is over, or somebody is asked to act and can (see :func:`liveness_problems`)."""
        return liveness_problems(state, chance=self.chance, most=self.most)

    def round_trip(self, state: Any) -> tuple[Any, list[str]]:
        """The state through JSON text and back, and what changed on the way (see :func:`round_trip`)."""
        return round_trip(state)

    def round_trip_problems(self, state: Any) -> list[str]:
        """What :meth:`round_trip` finds wrong (empty: the state survives JSON)."""
        return self.round_trip(state)[1]

    def all_problems(self, state: Any, *, log_start: int = 0, views: bool | Seats = True) -> list[str]:
        """Every check but the JSON round trip (the costly one), in one list.

        ``views``: True checks every seat's view, False none, or the seats to check.
        """
        problems = self.chip_problems(state) + self.card_problems(state) + self.log_problems(state, log_start)
        problems += self.liveness_problems(state)
        if views is True:
            problems += self.view_problems(state)
        elif views:
            problems += self.view_problems(state, views)
        return problems

    def api(self) -> ChecksApi:
        """The checks as a game's ``checks`` module exports them."""
        return ChecksApi(self.all_problems, self.chip_problems, self.card_problems, self.view_problems,
                         self.log_problems, self.liveness_problems, self.round_trip, self.round_trip_problems,
                         self.public_cards)
