"""A whole game declared in a variant file: its ``game:`` block read, checked and made a
:class:`~cardtable.games.definition.GameDefinition`.

The block writes the hand as a list of steps, each one kind and its parameters::

    variant:
      id: texas_holdem
      name: Texas Hold'em
      seats: {min: 2, max: 8}
      decks: [standard52]
      game:
        aliases: [holdem]
        flow:
          - blinds: {small: small_blind, big: big_blind, heads_up: dealer_small}
          - deal: {hole: 2}
          - bet: {name: before the flop, opener: big_blind_left}
          ...
          - showdown: {high: high}
          - settle: {}
      settings: {small_blind: 1, big_blind: 2, starting_chips: 200}

A parameter given as text where the step takes a number or a yes/no names a setting, whose
value the ``settings`` block gives: the game's settings are those its flow names plus the
betting structure's (``limit``, ``min_bet``, ``big_bet``, ``raise_cap``), the starting stack
and the computer level. Everything wrong is a :class:`~cardtable.schema.SpecError` at the
file's line and column: an unknown step, parameter or evaluator, an evaluator that does not
read the game's deck, a value out of range, and a flow that cannot complete (more cards dealt
at the most seats than the deck holds, a betting round before any card is dealt, a showdown
with no cards to show, ...).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine.flow.reader import _accepts, _kinds
from cardtable.engine.flow.steps import Antes, Bet, Blinds, Deal, Draw, HandFlow, Settle, Step
from cardtable.engine.flow.streets import Board, BoardShowdown, BringIn, DealUp, DiscardDown
from cardtable.engine.named_evaluators import NamedEvaluator, lookup, names, registered
from cardtable.games.definition import (
    GameDefinition,
    GameProfile,
    Setting,
    SimulationSpec,
    _ClassRef,
    _Ref,
    bot_level,
    chips,
    poker_lesson,
    starting_stack,
)

if TYPE_CHECKING:
    import yaml

    from cardtable.schema import SpecError

__all__ = ["STEPS", "GAME_SCHEMA", "Declared", "declares_game", "declare_file", "read_declared"]

STEPS: dict[str, type[Step]] = {"antes": Antes, "blinds": Blinds, "bring_in": BringIn, "deal": Deal,
                                "deal_up": DealUp, "board": Board, "bet": Bet, "draw": Draw,
                                "discard": DiscardDown, "showdown": BoardShowdown, "settle": Settle}
"""The steps a variant file's flow may write, by kind."""


@dataclass(frozen=True)
class _Named:
    """What a step's parameter names when given as text: a setting of this shape."""

    kind: type
    doc: str
    default: Any
    low: int = 1


_NAMED: dict[tuple[type[Step], str], _Named] = {
    (Antes, "amount"): _Named(int, "chips each player antes before the deal", 1),
    (Blinds, "small"): _Named(int, "the small blind", 1),
    (Blinds, "big"): _Named(int, "the big blind", 2),
    (BringIn, "amount"): _Named(int, "the bring-in, posted by the lowest card showing", 1),
    (Draw, "up_to"): _Named(int, "the most cards a player may discard in the draw", 3, low=0),
    (Draw, "ace_bonus"): _Named(bool, "a player keeping an ace may discard one more", False),
}

_GENERIC_DOCS = {"limit": "the betting structure: no_limit, pot_limit or fixed",
                 "min_bet": "the smallest bet (fixed limit: the small bet)",
                 "big_bet": "fixed limit: the big bet of the later rounds (null: twice min_bet)",
                 "raise_cap": "fixed limit: raises allowed in a round (null: no cap)",
                 "stakes_double_every": "the forced bets and the bets double every this many hands, "
                                        "so a match ends (0: never)"}


def _game_schema() -> Any:
    from cardtable.schema import Any as AnyValue
    from cardtable.schema import Bool, DictOf, Field, Int, Map, Seq, Str
    alias = Str(min_len=1, max_len=40, pattern=r"[a-z0-9][a-z0-9_]*")
    return Map({
        "aliases": Field(Seq(alias, max_len=10, unique_by=True), required=False, default=[],
                         doc="other names the command line accepts"),
        "round_word": Field(Str(min_len=1, max_len=20, pattern=r"[a-z]+"), required=False, default="hand",
                            doc="what the game calls a round"),
        "flow": Field(Seq(DictOf(Str(min_len=1, max_len=40), AnyValue()), min_len=1, max_len=60),
                      doc="the hand, step by step"),
        "lesson_seed": Field(Int(min=0, max=2**31), required=False, default=1,
                             doc="the seed of the guided first hand (Learn on the setup screen)"),
        "strong_rollouts": Field(DictOf(Str(pattern=r"[2-8]"), Int(min=1, max=10_000)), required=False,
                                 default={}, doc="the strong level's rollouts a decision by the seats at "
                                                 "the table (its budget: a count, never the clock)"),
        "wary_until_read": Field(Bool(), required=False, default=False,
                                 doc="the strong level makes no shove of more than three pots of its own "
                                     "choosing while an opponent is unread"),
    })


GAME_SCHEMA = None
"""Filled by :func:`game_schema` (building it imports YAML)."""


def game_schema() -> Any:
    """The schema of a variant file's ``game:`` block when it declares a game."""
    global GAME_SCHEMA
    if GAME_SCHEMA is None:
        GAME_SCHEMA = _game_schema()
    return GAME_SCHEMA


@dataclass(frozen=True)
class Declared:
    """A game read from a variant file: its definition and the file it came from."""

    game: GameDefinition
    path: Path
    flow: HandFlow


_DECLARES = re.compile(r"^\s+game:\s*(?:#.*)?$|^\s+game:\s*\{", re.MULTILINE)


def declares_game(text: str) -> bool:
    """Whether a variant file's text may declare a game (its ``game:`` is a block, not a
    game's id), looked for without parsing."""
    return _DECLARES.search(text) is not None


def declare_file(path: Path, known_decks: Mapping[str, Path] | None = None) -> Declared:
    """The game the variant file ``path`` declares. SpecError at ``file:line:col`` for
    anything wrong (the file must declare one: see :func:`declares_game`)."""
    from cardtable import variants
    from cardtable.schema import load_yaml
    node = load_yaml(path)
    return read_declared(path, node, known_decks if known_decks is not None else variants.deck_files())


class _Where:
    """Errors located in one file's nodes."""

    def __init__(self, path: Path, root: yaml.Node) -> None:
        self.path, self.root = path, root

    def error(self, keys: tuple[str | int, ...], message: str) -> SpecError:
        from cardtable.variants import _error_at
        return _error_at(self.path, self.root, keys, message)

    def key_error(self, keys: tuple[str | int, ...], key: str, message: str) -> SpecError:
        from cardtable.variants import _key_error_at
        return _key_error_at(self.path, self.root, keys, key, message)


def read_declared(path: Path, root: yaml.Node, known_decks: Mapping[str, Path]) -> Declared:
    """The game the variant file at ``path`` (composed as ``root``) declares."""
    from cardtable.schema import Any as AnyValue
    from cardtable.schema import DictOf, Field, Map, Str, validate
    from cardtable.variant_schemas import SCHEMA_VERSION, variant_fields
    where = _Where(path, root)
    schema = Map({"schema_version": Field(_int(1, SCHEMA_VERSION)),
                  "variant": Field(Map({**variant_fields(), "game": Field(game_schema()),
                                        "settings": Field(DictOf(Str(min_len=1), AnyValue()), required=False,
                                                          default={})}))})
    data = validate(root, schema, file=str(path), warnings=[])["variant"]
    at = ("variant", "game", "flow")
    steps = _read_steps(where, data["game"]["flow"], at)
    seats = data["seats"] if _has(root, "variant", "seats") else {"min": 2, "max": 8}
    low, high = seats["min"], seats["max"]
    if low > high:
        raise where.error(("variant", "seats"), "min is larger than max")
    if low < 2:
        raise where.error(("variant", "seats", "min"), "a poker game needs at least 2 players")
    named = _named_evaluators(steps, at)
    deck_size = _deck_size(where, data["decks"], known_decks, named)
    standard = not named or any(evaluator.standard for _, evaluator in named)
    _check_flow(where, steps, at, high, deck_size, standard)
    try:
        flow = HandFlow(tuple(steps))
    except ValueError as exc:
        raise where.key_error(at[:-1], str(at[-1]), str(exc)) from None
    settings = _settings(where, flow, data["settings"], at)
    game = _definition(data, flow, settings, (low, high))
    return Declared(game, path, flow)


def _int(low: int, high: int) -> Any:
    from cardtable.schema import Int
    return Int(min=low, max=high)


def _has(root: yaml.Node, *keys: str) -> bool:
    from cardtable.variants import _node_lookup
    return _node_lookup(root, *keys) is not None


def _named_evaluators(steps: Sequence[Step], at: tuple[str | int, ...]) -> list[tuple[tuple[str | int, ...],
                                                                                     NamedEvaluator]]:
    """Each evaluator the flow's showdowns name, with where its name is written."""
    named = []
    for index, step in enumerate(steps):
        if isinstance(step, BoardShowdown):
            for half, name in (("high", step.high), ("low", step.low)):
                if name:
                    named.append(((*at, index, "showdown", half), lookup(name)))
    return named


def _deck_size(where: _Where, decks: Sequence[str], known: Mapping[str, Path],
               named: Sequence[tuple[tuple[str | int, ...], NamedEvaluator]]) -> int:
    """The fewest cards dealt among the decks the game is played with (the cards the
    evaluators named play). Each deck must be one every evaluator named reads: a game's own
    evaluator names its decks; a standard one reads distinct standard cards (rank 2 to Ace,
    four suits)."""
    from cardtable.engine.poker_hands import pairs_of
    from cardtable.variants import load_deck
    standard = not named or any(evaluator.standard for _, evaluator in named)
    sizes = []
    for index, deck_id in enumerate(decks):
        keys = ("variant", "decks", index)
        if deck_id not in known:
            raise where.error(keys, f"no deck file defines '{deck_id}' (known: {', '.join(sorted(known))})")
        for at, evaluator in named:
            if evaluator.decks and deck_id not in evaluator.decks:
                decks = " or ".join(evaluator.decks)
                raise where.error(at, f"{evaluator.name} reads only the {decks} deck, but this game is played "
                                      f"with {deck_id}, whose cards it does not know ({evaluator.name} values "
                                      f"{evaluator.doc}): play the game with {evaluator.decks[0]}, or name an "
                                      f"evaluator that reads {deck_id}")
        try:
            deck = load_deck(known[deck_id])
            pairs = pairs_of(list(deck)) if standard else []
        except Exception as exc:  # noqa: BLE001 - any deck the poker evaluators cannot read is refused here
            raise where.error(keys, f"the deck '{deck_id}' cannot be played here: the poker hands need "
                                    f"standard cards, ranks 2 to Ace in four suits ({exc}){_own_of(deck_id)}") from None
        if len(set(pairs)) != len(pairs):
            raise where.error(keys, f"the deck '{deck_id}' holds a card twice: a poker hand cannot be valued")
        sizes.append(sum(1 for card in deck if all(evaluator.plays(card) for _, evaluator in named)))
    return min(sizes)


def _own_of(deck_id: str) -> str:
    """What a showdown may name for the deck ``deck_id`` instead: the games' evaluators that read it."""
    own = sorted(name for name, evaluator in registered().items() if deck_id in evaluator.decks)
    return f"; a showdown may name {' or '.join(own)}, which reads it" if own else ""


def _read_steps(where: _Where, items: Sequence[Mapping[str, Any]], at: tuple[str | int, ...]) -> list[Step]:
    steps = []
    for index, item in enumerate(items):
        keys = (*at, index)
        if len(item) != 1:
            raise where.error(keys, "a step is one kind and its parameters, like {deal: {hole: 2}}")
        ((kind, params),) = item.items()
        record = STEPS.get(kind)
        if record is None:
            raise where.key_error(keys, kind, f"no step {kind!r} (known: {', '.join(STEPS)})")
        steps.append(_step(where, record, kind, params, (*keys, kind)))
    return steps


def _step(where: _Where, record: type[Step], kind: str, params: Any, keys: tuple[str | int, ...]) -> Step:
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        raise where.error(keys, f"a step's parameters are a mapping, like {{hole: 2}}, not {params!r}")
    hints = typing.get_type_hints(record)
    fields = {f.name: f for f in dataclasses.fields(record)}
    for name, value in params.items():
        if name not in fields:
            raise where.key_error(keys, name, f"{kind} has no parameter {name!r} "
                                              f"(it takes: {', '.join(fields) or 'none'})")
        kinds = _kinds(hints[name])
        if kinds and not _accepts(kinds, value):
            words = " or ".join({int: "a whole number", str: "text", bool: "true or false"}.get(k, k.__name__)
                                for k in kinds)
            raise where.error((*keys, name), f"{name} must be {words}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= 1_000_000_000:
            raise where.error((*keys, name), f"{name} must be from 0 to 1,000,000,000, not {value:,}")
        if isinstance(value, str) and str in kinds and len(kinds) > 1 and not value.isidentifier():
            raise where.error((*keys, name), f"{name} names a setting: a word like ante, not {value!r}")
    missing = [f.name for f in fields.values() if f.name not in params
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise where.error(keys, f"{kind} needs {', '.join(missing)}")
    try:
        return record(**params)
    except (ValueError, TypeError) as exc:
        raise where.error(keys, str(exc)) from None


def _check_flow(where: _Where, steps: Sequence[Step], at: tuple[str | int, ...], seats: int, deck: int,
                standard: bool = True) -> None:
    """Refuse a flow that cannot complete at ``seats`` players with a ``deck``-card deck (of
    ``standard`` cards, or only of cards its showdown's own evaluators read)."""
    hand = up = board = dealt = 0
    blinds = bring_in = showdown = drawn = False
    settles = 0
    for index, step in enumerate(steps):
        keys = (*at, index)
        kind = next(k for k, v in STEPS.items() if type(step) is v)
        if settles:
            raise where.error(keys, "a step after the settle never runs: the settle ends the hand")
        if isinstance(step, (Bet, Draw, DiscardDown, BringIn)) and hand == 0:
            what = {Bet: "a betting round", Draw: "a draw", DiscardDown: "a discard", BringIn: "a bring-in"}
            raise where.error(keys, f"{what[type(step)]} before any card is dealt: nobody has a hand yet "
                                    "(deal first)")
        if isinstance(step, (Deal, DealUp, Board)):
            dealt += step.hole * seats if isinstance(step, Deal) else seats if isinstance(step, DealUp) \
                else step.count + step.burn
            hand += step.hole if isinstance(step, Deal) else 1 if isinstance(step, DealUp) else 0
            up += isinstance(step, DealUp)
            board += step.count if isinstance(step, Board) else 0
            if dealt > deck:
                raise where.error(keys, f"at {seats} players this deals the {_nth(dealt)} card of a "
                                        f"{deck}-card deck: the deck runs out (deal fewer cards, or seat fewer "
                                        "players with the seats' max)")
            if drawn and dealt + seats * hand > deck:
                raise where.error(keys, f"cards dealt after a draw may find the stock empty at {seats} players "
                                        f"(a {deck}-card deck): deal them before the draw")
        elif isinstance(step, Blinds):
            blinds = True
        elif isinstance(step, BringIn):
            if not standard:
                raise where.error(keys, "the bring-in is posted by the lowest card by poker rank, and this "
                                        "game's cards have none: leave it out")
            if not up:
                raise where.error(keys, "the bring-in is posted by the lowest card showing: deal a card face up "
                                        "(deal_up) before it")
            bring_in = True
        elif isinstance(step, Bet):
            needs = {"big_blind_left": (blinds, "blinds"), "bring_in": (bring_in, "bring_in"),
                     "best_showing": (up > 0, "deal_up")}.get(step.opener)
            if step.opener == "best_showing" and not standard:
                raise where.error((*keys, kind, "opener"), "opener best_showing reads the up cards as a poker "
                                                           "hand, and this game's cards are none")
            if needs is not None and not needs[0]:
                raise where.error((*keys, kind, "opener"), f"opener {step.opener} needs a {needs[1]} step before "
                                                           "this betting round")
        elif isinstance(step, Draw):
            if up:
                raise where.error(keys, "a draw in a game with cards face up is not played here (which cards "
                                        "would the new ones replace?)")
            if isinstance(step.up_to, int) and step.up_to > hand:
                raise where.error((*keys, kind, "up_to"), f"up_to is {step.up_to}, but a hand holds {hand} "
                                                          "cards here")
            drawn = True
        elif isinstance(step, DiscardDown):
            if step.count >= hand:
                raise where.error((*keys, kind, "count"), f"discarding {step.count} of the {hand} cards a hand "
                                                          "holds here leaves nothing to play")
            if up:
                raise where.error(keys, "a discard in a game with cards face up is not played here")
            hand -= step.count
        elif isinstance(step, BoardShowdown):
            _check_showdown(where, (*keys, kind), step, hand, board)
            showdown = True
        elif isinstance(step, Settle):
            if not showdown:
                raise where.error(keys, "a settle with no showdown before it: write a showdown step first")
            settles += 1
    if not settles:
        raise where.key_error(at[:-1], str(at[-1]), "the flow never settles: end it with a showdown and - settle: {}")


def _check_showdown(where: _Where, keys: tuple[str | int, ...], step: BoardShowdown, hand: int,
                    board: int) -> None:
    if hand == 0:
        raise where.error(keys, "a showdown with no cards to show: deal first")
    for evaluator in step.evaluators():
        name = evaluator.name
        if evaluator.hole and (hand < evaluator.hole or board < evaluator.board):
            raise where.error(keys, f"{name} makes a hand of exactly {evaluator.hole} hole cards and "
                                    f"{evaluator.board} from the board, but here a hand holds {hand} and the "
                                    f"board {board}")
        if not evaluator.hole and hand + board < evaluator.fewest:
            what = "a five-card hand" if evaluator.standard else f"a hand of at least {evaluator.fewest} cards"
            raise where.error(keys, f"{name} makes {what}, but here a hand and the board hold "
                                    f"{hand + board} cards")
        if evaluator.most is not None and hand + board > evaluator.most:
            raise where.error(keys, f"{name} values at most {evaluator.most} cards, but here a hand and the "
                                    f"board hold {hand + board}")
    if step.low and not lookup(step.low).low:
        raise where.error((*keys, "low"), f"{step.low} is not a low: the low half needs a low evaluator "
                                          f"({', '.join(n for n in names() if lookup(n).low)})")


def _nth(number: int) -> str:
    return f"{number}{'th' if 10 <= number % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def _settings(where: _Where, flow: HandFlow, given: Mapping[str, Any], at: tuple[str | int, ...]) -> list[Setting]:
    """The game's settings: what its flow names, then the betting structure, the stack and
    the computer level; each default the variant's value when it gives one."""
    settings: dict[str, Setting] = {}
    hand = 0
    for index, step in enumerate(flow.steps):
        hand += step.hole if isinstance(step, Deal) else 1 if isinstance(step, DealUp) else 0
        for f in dataclasses.fields(step):
            value = getattr(step, f.name)
            named = _NAMED.get((type(step), f.name))
            if named is None or not isinstance(value, str):
                continue
            kind = next(k for k, v in STEPS.items() if type(step) is v)
            default = given.get(value, named.default)
            high = hand if isinstance(step, Draw) else 1_000_000_000 if named.kind is int else None
            setting = Setting(value, named.kind, default, named.doc, low=named.low, high=high)
            earlier = settings.get(value)
            if earlier is not None and earlier.kind is not setting.kind:
                raise where.error((*at, index, kind, f.name), f"the setting {value!r} is named for "
                                                              f"{earlier.doc} already")
            settings.setdefault(value, setting)
    stack_default = given.get("starting_chips", 100)
    generic = [starting_stack(stack_default if isinstance(stack_default, int) else 100),
               Setting("limit", str, "no_limit", _GENERIC_DOCS["limit"], choices=("no_limit", "pot_limit", "fixed")),
               chips("min_bet", 2, _GENERIC_DOCS["min_bet"]),
               chips("big_bet", None, _GENERIC_DOCS["big_bet"], optional=True),
               chips("raise_cap", 4, _GENERIC_DOCS["raise_cap"], low=0, high=100, optional=True),
               chips("stakes_double_every", 0, _GENERIC_DOCS["stakes_double_every"], low=0, high=1000), bot_level()]
    out = list(settings.values())
    for setting in generic:
        if setting.key in settings:
            raise where.error(at, f"the flow names a setting {setting.key!r}, which every game has already")
        out.append(setting)
    for key, value in given.items():
        declared = next((s for s in out if s.key == key), None)
        if declared is None:
            known = ", ".join(s.key for s in out)
            raise where.key_error(("variant", "settings"), key, f"unknown setting {key!r}: the flow names none "
                                                               f"such (known: {known})")
        problem = declared.problem(value)
        if problem:
            raise where.error(("variant", "settings", key), problem)
    return [dataclasses.replace(s, default=given.get(s.key, s.default)) for s in out]


def _definition(data: Mapping[str, Any], flow: HandFlow, settings: list[Setting],
                seats: tuple[int, int]) -> GameDefinition:
    forced = [s.key for s in settings if s.kind is int and s.key not in ("min_bet", "big_bet", "raise_cap",
                                                                          "starting_chips") and s.low == 1]
    defaults = {s.key: s.default for s in settings}
    top = max([defaults[k] for k in forced] + [defaults["min_bet"] or 1, 1])
    game_id = data["id"]
    from cardtable.yaml_games.state import state_class
    state = state_class(game_id, flow)
    game = GameDefinition(
        id=game_id, name=data["name"], seats=seats, decks=tuple(data["decks"]), settings=tuple(settings),
        rules=state.read_settings, state=state,
        bot_class=_ClassRef("cardtable.yaml_games.bot", "FlowBot"),
        checks=_Ref("cardtable.yaml_games.checks"),
        table="cardtable.yaml_games.ui.table", tools="cardtable.yaml_games.tools",
        aliases=tuple(data["game"]["aliases"]), round_word=data["game"]["round_word"],
        strong_rollouts={int(k): v for k, v in data["game"].get("strong_rollouts", {}).items()} or None,
        wary_until_read=bool(data["game"].get("wary_until_read", False)),
        setting_choices={"starting_chips": (5, 20, 100), "limit": ("no_limit", "pot_limit", "fixed")},
        simulation=SimulationSpec(),
        lesson=poker_lesson(data["game"]["flow"], data["game"].get("lesson_seed", 1),
                            limit=str(defaults.get("limit", "no_limit"))),
        profile=GameProfile(short_match={"starting_chips": 8 * top},
                            high_stakes={"starting_chips": 20000 * top,
                                         **{k: defaults[k] * 1000 for k in (*forced, "min_bet", "big_bet")
                                            if defaults[k] is not None}}),
    )
    state.GAME = game
    return game
