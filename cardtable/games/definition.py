"""What a game declares about itself, once: :class:`GameDefinition` and its :class:`Setting` fields.

Each game package (``cardtable/games/<id>/__init__.py``) exposes one ``GAME`` object of
this type. The registry (:mod:`cardtable.games`) collects them; the menu, help, command
line, smoke run, fuzzer, saves, statistics, variant loader and contract tests all read
games from it and from nothing else.

Pure Python: the table scene, help pages and command-line tools are named by module
and imported only when first used, so the rules can be loaded without pygame.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast, overload

if TYPE_CHECKING:
    from cardtable.engine.cards import Deck
    from cardtable.engine.game import GameState
    from cardtable.engine.named_evaluators import GameEvaluator

__all__ = ["Setting", "SettingProblem", "GameDefinition", "SimulationSpec", "GameProfile", "Lesson", "BOT_LEVELS",
           "MAX_AMOUNT", "chips", "starting_stack", "bot_level", "DeclaredSettings"]

BOT_LEVELS = ("normal", "tough", "random", "strong")
"""The computer levels every game offers: ``random`` plays any legal move, ``normal`` and
``tough`` are the game's own bot, ``strong`` plans by sampling rollouts
(:class:`cardtable.bots.strong.StrongBot`, the same for every game)."""

_KIND_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "text",
               list: "a list"}


@dataclass(frozen=True)
class SettingProblem:
    """One thing wrong with a variant's settings: ``key`` (None: the block as a whole)
    and whether the problem is the key itself (unknown) or its value."""

    key: str | None
    message: str
    at_key: bool = False


@dataclass(frozen=True)
class Setting:
    """One typed field of a game's settings, as a variant file writes it.

    ``kind`` is ``int``, ``float``, ``bool`` or ``str``; numbers keep to ``low``..``high``,
    text to ``choices`` when given; ``optional`` also allows ``null``.

    >>> Setting("ante", int, 2, "chips each player puts in", low=1).problem(0)
    'ante must be a whole number from 1, not 0'
    >>> Setting("order", str, "source", "the ranking", choices=("source", "measured")).problem("x")
    "order must be one of source, measured, not 'x'"
    """

    key: str
    kind: type
    default: Any
    doc: str
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    optional: bool = False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not acceptable for this field, or None."""
        if value is None and self.optional:
            return None
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.kind is float:
            ok = (isinstance(value, (int, float)) and not isinstance(value, bool)
                  and math.isfinite(value))
        else:
            ok = isinstance(value, self.kind)
        if ok and self.choices and value not in self.choices:
            return f"{self.key} must be one of {', '.join(map(str, self.choices))}, not {value!r}"
        if ok and self.kind in (int, float):
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                return f"{self.key} must be {self._kind_text()}, not {value!r}"
        if ok:
            return None
        if self.choices:
            return f"{self.key} must be one of {', '.join(map(str, self.choices))}, not {value!r}"
        return f"{self.key} must be {self._kind_text()}, not {value!r}"

    def _kind_text(self) -> str:
        text = _KIND_WORDS.get(self.kind, self.kind.__name__)
        if self.kind in (int, float):
            if self.low is not None and self.high is not None:
                text += f" from {_num(self.low)} to {_num(self.high)}"
            elif self.low is not None:
                text += f" from {_num(self.low)}"
            elif self.high is not None:
                text += f" up to {_num(self.high)}"
        if self.optional:
            text += " or null"
        return text


def _num(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else str(value)


MAX_AMOUNT = 1000000000
"""The most chips (or credits) any amount in a variant file may be."""


def chips(key: str, default: int | None, doc: str, *, low: int = 1, high: int = MAX_AMOUNT,
          optional: bool = False) -> Setting:
    """A whole-number amount of chips (an ante, a bet, a stack): ``low`` (1) to ``high``
    (:data:`MAX_AMOUNT`), ``optional`` allowing ``null``."""
    return Setting(key, int, default, doc, low=low, high=high, optional=optional)


def starting_stack(default: int, unit: str = "chips") -> Setting:
    """``starting_<unit>``: each seat's chips (or credits) at the start of a match."""
    return chips(f"starting_{unit}", default, f"each seat's {unit} at the start")


def bot_level() -> Setting:
    """``bot_level``: the computer players' level in setup (every game with rules has it;
    :meth:`GameDefinition.package` adds it)."""
    return Setting("bot_level", str, "normal", "the computer players' level in setup", choices=BOT_LEVELS)


@dataclass(frozen=True)
class SimulationSpec:
    """How ``cardtable simulate`` plays a game's matches, where games differ.

    Attributes:
        deal_seed: the deal generator's seed, formatted with ``seed`` and ``game`` (the
            match's index).
        bot_seed: the prefix of each bot generator's seed (see
            :func:`cardtable.simulation.seat_bots`).
        rotate_dealer: the first dealer of match ``game`` is seat ``game % seats``;
            False leaves the dealer to the game (``new`` without ``dealer``).
        between_phase: the phase in which a round is settled and the next not begun,
            where ``max_rounds`` stops a match.
        match_word: what the log calls a match ("match", "game").
        round_cap: rounds after which a match stops when no ``max_rounds`` is given (0: to
            the end).
        view_every: check every seat's view after every action (1), or only between
            rounds, at the end and every ``view_every``-th action (costly views).
    """

    deal_seed: str = "deal:{seed}:{game}"
    bot_seed: str = "bot"
    rotate_dealer: bool = True
    between_phase: str = "reveal"
    match_word: str = "match"
    round_cap: int = 0
    view_every: int = 1


@dataclass(frozen=True)
class GameProfile:
    """What the shared tests need to know to play a game their way, where games differ:
    declared with the game (``profile=`` in its package's ``__init__.py``) so that no test
    keeps a table of games that a new game would have to be added to.

    Attributes:
        short_match: settings under which a match ends in a few rounds (short stacks),
            for the tests that play one to its end (over the network, at a joined
            window). Empty: the game's defaults.
        high_stakes: settings under which the amounts run into thousands, for the check
            that the log writes them with separators. Empty: the game's defaults do.
        saved_actions: the game's own actions (those its package defines) as a save
            writes them, one ``"kind Class field ..."`` line each: a save names an action
            by its kind and writes its fields, so ``tests/test_action_kinds.py`` holds
            every game to these.
    """

    short_match: Mapping[str, Any] = field(default_factory=dict)
    high_stakes: Mapping[str, Any] = field(default_factory=dict)
    saved_actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A game's guided first hand ("Learn" on the setup screen, :mod:`cardtable.ui.lesson`):
    the game's real table and rules, dealt from a fixed seed chosen to show the game's key
    moments, one person against computers at ``normal``.

    Attributes:
        seed: the match's seed (:meth:`cardtable.ui.table_setup.TableSetup.new_match`).
        seats: how many seats (the person in the first, computers in the rest).
        intro: what the lesson says before the first move (one or two sentences).
        steps: what each step is, said the first time it comes up, keyed by the seat view's
            phase id (``bet``, ``draw``, ...) or ``board`` (the first shared cards dealt).
        showdown: what the showdown is, said beside the table's own words on who won.
    """

    seed: int
    seats: int = 2
    intro: str = ""
    steps: Mapping[str, str] = field(default_factory=dict)
    showdown: str = ""


def poker_lesson(flow: Sequence[Mapping[str, Any]], seed: int = 1, *, limit: str = "no_limit") -> Lesson:
    """The lesson of a poker game written in a variant file, from its flow (each step a
    one-key mapping, ``{kind: parameters}``: ``blinds``, ``antes``, ``board``, ``draw``,
    ``deal_up``, ``showdown`` ...): generic poker sentences, and one for each betting round
    (``limit``: the betting structure, ``no_limit``, ``pot_limit`` or ``fixed``, whose bets
    double where its flow says ``big``).

    >>> lesson = poker_lesson([{"antes": {}}, {"deal": {}}, {"draw": {}}, {"showdown": {"high": "high"}}])
    >>> sorted(lesson.steps), lesson.intro.split(":")[1].split(",")[0]
    (['bet', 'draw', 'reveal'], ' the antes go in')
    """
    kinds = [str(next(iter(step), "")) for step in flow]
    shows = [step["showdown"] for step in flow if isinstance(step.get("showdown"), Mapping)]
    evaluators = {str(value) for showdown in shows for value in showdown.values()}
    forced = ("the blinds" if "blinds" in kinds else "the antes" if "antes" in kinds else "the forced bets")
    steps = {"bet": "A betting round: check or bet when nobody has bet yet; once someone has, "
                    "call to match, raise to bet more, or fold to give up the hand.",
             "reveal": "The showdown: every player still in shows their cards; the ringed cards made the winning "
                       "hand."}
    if "board" in kinds:
        steps["board"] = ("These middle cards (the board) are shared by everyone: "
                          + ("your hand is exactly two of your own four cards and three of these, no more and "
                             "no fewer." if any(e.startswith("omaha") for e in evaluators)
                             else "your hand is the best five of your own cards and these."))
    if "draw" in kinds:
        steps["draw"] = ("The draw: click the cards you want to change (they lift), then Discard; "
                         "new cards replace them. Keep your pairs and high cards and change the rest; "
                         "discard nothing to stand pat.")
    steps.update(_street_steps(flow, kinds, split=any("low" in showdown for showdown in shows),
                               fixed=limit == "fixed"))
    shown = (" Some of each hand is dealt face up, for everyone to read." if "deal_up" in kinds else "")
    structure = {"fixed": " Fixed limit: every bet and raise is one set size.",
                 "pot_limit": " Pot limit: the most you may bet is what the pot holds.",
                 "no_limit": " No limit: you may bet all your chips at any time."}.get(limit, "")
    split = any("low" in showdown for showdown in shows)
    low = " (eight or lower)" if any("8" in e for e in evaluators) else ""
    showdown = (f"The best high hand takes half the pot and the best low hand{low} the other half; "
                "with no low, the high hand takes it all. Gold rings mark the high hand's cards, blue the "
                "low's." if split else
                "The best five-card hand wins the pot; the table says who won with what.")
    return Lesson(seed=seed, intro=(f"Your first hand: {forced} go in, the cards are dealt, and you play against "
                                    f"the computer. Your cards are at the bottom.{shown}{structure}"),
                  steps=steps, showdown=f"{showdown} The hands, best first, are on the help page (F1, then Tab).")


_BOARD_WORDS = {
    "flop": "The flop: the first three shared cards, face up in the middle.",
    "turn": "The turn: a fourth shared card.",
    "river": "The river: the fifth and last shared card; this is the last betting round.",
}
"""What each named board deal is, said when its betting round first comes."""


def _street_steps(flow: Sequence[Mapping[str, Any]], kinds: Sequence[str], *, split: bool,
                  fixed: bool) -> dict[str, str]:
    """A sentence for each betting round of a poker flow, keyed ``"bet:betting <name>"``
    (the round's phase and its words), said the first time that round comes: the forced
    bets before the first, what the cards just dealt are, a bring-in, bets that double."""
    out: dict[str, str] = {}
    dealt = ""  # what the last deal before this round was
    first, told_showing, told_big = True, False, False
    for step in flow:
        kind = str(next(iter(step), ""))
        given = step.get(kind)
        params: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
        name = str(params.get("name", ""))
        if kind == "board":
            dealt = _BOARD_WORDS.get(name, f"The {name or 'board'}: more shared cards, face up.")
            if split and name == "flop":
                dealt += (" Watch for a low as well: five different cards of eight or lower, Aces counting"
                          " as one; the lowest such hand wins half the pot.")
        elif kind == "deal_up":
            dealt = (f"{name[:1].upper()}{name[1:]}: one more card each, face up." if name
                     else "One more card each, face up.")
        elif kind == "deal":
            dealt = "One more card each, face down: only you see yours." if not first else ""
        elif kind == "bet" and name:
            said = []
            if first and "blinds" in kinds:
                said.append("The blinds are forced bets: the two players after the dealer put in the small "
                            "and the big blind before seeing their cards (with only two players, the dealer "
                            "posts the small blind), so there is something to win. To stay in, call what the "
                            "big blind put in.")
            elif first and "antes" in kinds and params.get("opener") != "bring_in":  # (stud says the bring-in)
                said.append("Everyone put in an ante, a small forced bet, so there is something to win.")
            if dealt and (not first or params.get("opener") == "bring_in"):
                said.append(dealt)
            if params.get("opener") == "bring_in":
                said.append("The lowest card showing must bring it in: a small forced bet. Call it, "
                            "raise it to a full bet (Raise to), or fold.")
            if params.get("opener") == "best_showing" and not told_showing:
                said.append("From now on the best hand showing acts first.")
                told_showing = True
            if params.get("big") and fixed and not told_big:
                said.append("Fixed limit: from here every bet and raise is twice as big.")
                told_big = True
            if said:
                out[f"bet:betting {name}"] = " ".join(said)
            first, dealt = False, ""
    return out


@dataclass(frozen=True)
class _ClassRef:
    """A class named by module and name, imported when first called (a lazy ``bot_class``)."""

    module: str
    name: str

    def __call__(self) -> type:
        found = getattr(importlib.import_module(self.module), self.name)
        if not isinstance(found, type):
            raise TypeError(f"{self.module}.{self.name} is not a class")
        return found


_T = TypeVar("_T")


@dataclass(frozen=True)
class _Ref:
    """What a lazy field names: ``module`` (imported when first read), or ``name`` in it,
    or the attribute ``attr`` of that."""

    module: str
    name: str = ""
    attr: str = ""

    def resolve(self) -> Any:
        """The module, class or attribute named (importing the module)."""
        found: Any = importlib.import_module(self.module)
        for part in (self.name, self.attr):
            found = getattr(found, part) if part else found
        return found


class _Lazy(Generic[_T]):
    """A field of :class:`GameDefinition` that may be given as a :class:`_Ref`: the
    module behind it is imported when the field is first read, so that declaring a game
    (and finding every game) imports none of its rules."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_given_{name}"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> None: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> _T | None:
        if obj is None:
            return None  # the dataclass's default
        value = obj.__dict__[self.slot]
        if isinstance(value, _Ref):
            value = value.resolve()
            obj.__dict__[self.slot] = value
        return cast(_T, value)

    def __set__(self, obj: object, value: _T | _Ref) -> None:
        obj.__dict__[self.slot] = value

    def given(self, obj: object) -> object:
        """The value as given (a :class:`_Ref` not yet resolved)."""
        return obj.__dict__[self.slot]


def _submodule(package: str, name: str, *, required: bool) -> str:
    """``package.name`` when that module exists (without importing it), else "";
    ValueError naming it when it is ``required``."""
    module = f"{package}.{name}"
    try:
        found = _source_in_folder(package, name) or importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent (``ui``) is missing
        found = False
    if not found and required:
        raise ValueError(f"the game package {package} has no module {module}")
    return module if found else ""


def _source_in_folder(package: str, name: str) -> bool:
    """Whether ``package.name`` is a source file in the folder of the package being imported
    (``ui.table``: ``ui/__init__.py`` and ``ui/table.py``): found with a few ``stat`` calls,
    where :func:`importlib.util.find_spec` would import ``package.ui`` to look. False sends
    the caller to ``find_spec`` (a zip, a frozen app, a namespace package, compiled only)."""
    *parents, leaf = name.split(".")
    for folder in getattr(sys.modules.get(package), "__path__", None) or ():
        inner = os.path.join(folder, *parents)
        if (all(os.path.isfile(os.path.join(folder, *parents[:depth], "__init__.py"))
                for depth in range(1, len(parents) + 1))
                and (os.path.isfile(os.path.join(inner, f"{leaf}.py"))
                     or os.path.isfile(os.path.join(inner, leaf, "__init__.py")))):
            return True
    return False


@dataclass(frozen=True)
class GameDefinition:
    """Everything the rest of cardtable needs to know about one game.

    Attributes:
        id: the ``game:`` a variant file names; also the package's folder name.
        name: the game's name for people.
        seats: the fewest and most players.
        decks: the deck ids the game can be played with (the first is its own).
        settings: the typed fields of the variant's ``settings`` block.
        rules: reads a settings mapping into the game's settings object; raises
            ValueError for combinations the fields alone cannot catch.
        state: the game's :class:`~cardtable.engine.game.GameState` class (None for the
            free table, which has no rules to enforce).
        bot_class: the game's computer player class, built as ``cls(rng, level=...)`` for
            every level but ``random`` (a :class:`~cardtable.bots.random_bot.RandomBot`);
            given as a zero-argument function returning the class, so that bots
            load only when a table needs them.
        checks: the module with ``all_problems(state, *, log_start=0)`` and
            ``round_trip(state)``, the game's invariants.
        table: the module of the game's table scene, with ``open_game(app, spec)``,
            ``smoke(app, spec)`` and ``help_pages(app, spec)`` (imported when used).
        tools: the module of ``rank(cards)`` (imported when used); every game with rules is
            simulated by :func:`cardtable.simulation.simulate_game`.
        aliases: other names the command line accepts for the game.
        round_word: what the game calls a round ("round", "hand").
        setting_choices: values worth varying in the property tests, by key.
        stack_setting: the key of the starting stack in ``settings``.
        simulation: how ``cardtable simulate`` plays the game (see :class:`SimulationSpec`).
        profile: how the shared tests play the game (see :class:`GameProfile`).
        evaluators: the game's own ways to value a hand, each named (by the game's id) so
            that a game written in a variant file may name it at its showdown (see
            :class:`~cardtable.engine.named_evaluators.GameEvaluator`); the registry makes
            them known.
        lesson: the game's guided first hand (see :class:`Lesson`); None for a game
            without rules.
        strong_rollouts: the strong level's rollouts a decision by the seats at the table
            (see :func:`cardtable.bots.strong.rollouts_for`); None: the strong level's
            default. Its budget is this count, never the clock.
        premium_share: the share of the best starting hands the "premium hands only"
            benchmark player plays on with (:mod:`cardtable.bots.fixed`).
        wary_until_read: the strong level weighs no shove of more than three pots it was
            not told to make while an opponent is unread (see
            :func:`cardtable.bots.exploits.without_early_overbets`); a game's normal bot
            may ask for it too (its own ``wary_until_read``).

    A bundled game declares itself with :meth:`package`, which finds its modules by
    convention.
    """

    id: str
    name: str
    seats: tuple[int, int]
    decks: tuple[str, ...]
    settings: tuple[Setting, ...] = ()
    rules: _Lazy[Callable[[Mapping[str, Any]], Any] | None] = _Lazy()
    state: _Lazy[type[GameState] | None] = _Lazy()
    bot_class: Callable[[], type] | None = None
    bot_levels: tuple[str, ...] = BOT_LEVELS
    checks: _Lazy[ModuleType | None] = _Lazy()
    table: str = ""
    tools: str = ""
    aliases: tuple[str, ...] = ()
    round_word: str = "round"
    setting_choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    stack_setting: str = "starting_chips"
    simulation: SimulationSpec = SimulationSpec()
    profile: GameProfile = GameProfile()
    evaluators: tuple[GameEvaluator, ...] = ()
    lesson: Lesson | None = None
    strong_rollouts: Mapping[int, int] | None = None
    premium_share: float = 0.1
    wary_until_read: bool = False

    @classmethod
    def package(cls, package: str, *, bot: str = "", settings: Sequence[Setting] = (),
                state: str | type[GameState] | None = None, rules: str | Callable[..., Any] | None = None,
                **fields: Any) -> GameDefinition:
        """The game of the package ``package`` (its ``__name__``), its modules found by
        convention and imported when first used: the state class ``state`` in
        ``<package>.state``, the settings class ``rules`` in ``<package>.rules`` (its
        ``from_settings`` reads a variant's settings), ``<package>.checks``, the bot class
        ``bot`` in ``<package>.bot``, the table scene ``<package>.ui.table`` and the tools
        ``<package>.tools``; so declaring a game imports none of its rules. Unless
        declared, a game seats 2 to 8 and plays the standard 52-card deck. A game with
        rules gets the :func:`bot_level` setting after its own; ``stack_setting`` is its
        ``starting_...`` setting. ValueError naming a module the convention asks for
        that is missing."""
        fields.setdefault("id", package.rpartition(".")[2])
        fields.setdefault("seats", (2, 8))
        fields.setdefault("decks", ("standard52",))
        fields.setdefault("table", _submodule(package, "ui.table", required=True))
        fields.setdefault("tools", _submodule(package, "tools", required=False))
        fields["state"] = _Ref(_submodule(package, "state", required=True), state) if isinstance(state, str) else state
        fields["rules"] = (_Ref(_submodule(package, "rules", required=True), rules, "from_settings")
                           if isinstance(rules, str) else rules)
        settings = tuple(settings)
        if state is not None:
            if not bot:
                raise ValueError(f"the game package {package} names no bot class")
            fields.setdefault("checks", _Ref(_submodule(package, "checks", required=True)))
            fields.setdefault("bot_class", _ClassRef(_submodule(package, "bot", required=True), bot))
            settings += (bot_level(),)
        stacks = [s.key for s in settings if s.key.startswith("starting_")]
        if stacks:
            fields.setdefault("stack_setting", stacks[0])
        return cls(settings=settings, **fields)

    def __post_init__(self) -> None:
        low, high = self.seats
        problems = []
        if not (isinstance(self.id, str) and self.id.isidentifier() and self.id.islower()):
            problems.append(f"id must be a lower-case identifier, not {self.id!r}")
        if not 1 <= low <= high <= 8:
            problems.append(f"seats must be 1 <= min <= max <= 8, not {self.seats}")
        if not self.decks:
            problems.append("no deck declared")
        given = [_lazy_given(self, name) for name in ("state", "rules", "checks")]
        if given[0] is not None and (given[1] is None or given[2] is None or self.bot_class is None):
            problems.append("a game with a state needs rules, checks and a bot")
        keys = [s.key for s in self.settings]
        if len(set(keys)) != len(keys):
            problems.append(f"a setting is declared twice: {keys}")
        for setting in self.settings:
            bad = setting.problem(setting.default)
            if bad:
                problems.append(f"default of {bad}")
        unknown = set(self.setting_choices) - set(keys)
        if unknown:
            problems.append(f"setting_choices names undeclared settings {sorted(unknown)}")
        if not self.table:
            problems.append("no table module")
        named = [e.name for e in self.evaluators]
        if len(set(named)) != len(named):
            problems.append(f"an evaluator is declared twice: {named}")
        problems += self._profile_problems()
        if problems:
            raise ValueError(f"game {self.id!r} declares itself wrongly: " + "; ".join(problems))

    def _profile_problems(self) -> list[str]:
        """What is wrong with :attr:`profile`: a setting it names that is not declared, or
        a value that setting refuses."""
        problems = []
        for name in ("short_match", "high_stakes"):
            for key, value in getattr(self.profile, name).items():
                setting = self.setting(key)
                bad = f"undeclared setting {key!r}" if setting is None else setting.problem(value)
                if bad:
                    problems.append(f"profile {name}: {bad}")
        return problems

    # -- settings ------------------------------------------------------------------------
    @property
    def has_rules(self) -> bool:
        """True for games whose rules the program enforces (all but the free table)."""
        return _lazy_given(self, "state") is not None

    def setting(self, key: str) -> Setting | None:
        """The declared field ``key``, or None."""
        return next((s for s in self.settings if s.key == key), None)

    def defaults(self) -> dict[str, Any]:
        """Every setting at its default."""
        return {s.key: s.default for s in self.settings}

    def settings_problems(self, values: Mapping[str, Any]) -> list[SettingProblem]:
        """What is wrong with a variant's ``settings``: each unknown key, each bad value,
        then (when those are fine) what the game's own ``rules`` refuse."""
        problems = self.field_problems(values)
        if not problems and self.rules is not None:
            try:
                self.rules(dict(values))
            except ValueError as exc:
                problems.append(SettingProblem(None, str(exc)))
        return problems

    def field_problems(self, values: Mapping[str, Any]) -> list[SettingProblem]:
        """Each unknown key and each value its declared :class:`Setting` refuses (not
        what the game's ``rules`` refuse: see :meth:`settings_problems`)."""
        problems: list[SettingProblem] = []
        known = ", ".join(s.key for s in self.settings) or "none"
        for key, value in values.items():
            setting = self.setting(key)
            if setting is None:
                problems.append(SettingProblem(key, f"unknown setting {key!r} for {self.name} "
                                                    f"(known: {known})", at_key=True))
                continue
            bad = setting.problem(value)
            if bad:
                problems.append(SettingProblem(key, bad))
        return problems

    def read_settings(self, values: Mapping[str, Any] | None) -> Any:
        """The game's settings object for a variant's ``settings`` (ValueError if bad)."""
        values = dict(values or {})
        problems = self.settings_problems(values)
        if problems:
            raise ValueError("; ".join(p.message for p in problems))
        return self.rules(values) if self.rules is not None else values

    # -- play -----------------------------------------------------------------------------
    def new_state(self, settings: Any, deck: Deck, names: Sequence[str], rng: random.Random,
                  dealer: int = 0, stacks: Sequence[int] | None = None) -> GameState:
        """A new match (``settings`` as :meth:`read_settings` returns them)."""
        if self.state is None:
            raise ValueError(f"{self.name} has no rules to play")
        low, high = self.seats
        if not low <= len(names) <= high:
            raise ValueError(f"{self.name} needs {low} to {high} players, got {len(names)}")
        return self.state.new(settings, deck, list(names), rng, dealer, stacks=stacks)

    def bot(self, rng: random.Random, level: str) -> Any:
        """A computer player of ``level`` (one of :attr:`bot_levels`)."""
        if level not in self.bot_levels or self.bot_class is None:
            raise ValueError(f"{self.name} has no computer level {level!r} "
                             f"(levels: {', '.join(self.bot_levels)})")
        if level == "random":
            from cardtable.bots.random_bot import RandomBot
            return RandomBot(rng)
        if level == "strong":
            from cardtable.bots.strong import StrongBot
            made = self.bot_class()
            normal = made(random.Random(rng.getrandbits(64)), level="normal")
            if self.wary_until_read:
                normal.wary_until_read = self.wary_until_read
            level_of_prior = getattr(made, "strong_prior", None)  # a level it plays better at, if any
            prior = made(random.Random(rng.getrandbits(64)), level=level_of_prior) if level_of_prior else None
            counts = dict(self.strong_rollouts) if self.strong_rollouts else None
            return StrongBot(rng, normal=normal, prior=prior, counts=counts)
        return self.bot_class()(rng, level=level)

    def table_module(self) -> ModuleType:
        """The table scene's module (imports pygame)."""
        return importlib.import_module(self.table)

    def tools_module(self) -> ModuleType | None:
        """The command-line tools' module, or None when the game has none."""
        return importlib.import_module(self.tools) if self.tools else None

    def rank(self, cards: list[str]) -> dict[str, Any]:
        """The value of the hand ``cards`` names, as ``cardtable rank`` prints it: the tools
        module's ``rank(cards)``, or ``rank(cards, game)`` for a module serving many games
        (its ``RANKS_ANY_GAME``). LookupError when the game has no tools."""
        tools = self.tools_module()
        if tools is None:
            raise LookupError(f"ranking hands of {self.name} is not available")
        result: dict[str, Any] = (tools.rank(cards, self) if getattr(tools, "RANKS_ANY_GAME", False)
                                  else tools.rank(cards))
        return result


def _lazy_given(game: GameDefinition, name: str) -> object:
    """The field ``name`` of ``game`` as given, without importing what it names."""
    field_: _Lazy[Any] = vars(GameDefinition)[name]
    return field_.given(game)


class DeclaredSettings:
    """A mixin for a game's frozen settings dataclass, read from the fields its
    :class:`GameDefinition` declares (the ``GAME`` of the class's package).

    Each dataclass field named like a declared setting is read from the variant's
    ``settings`` (its declared default when missing); unknown keys and bad values are
    :meth:`GameDefinition.field_problems`. A subclass adds only what the declarations
    cannot say: :meth:`_parts` builds its nested objects (betting rules, hand rules) from
    the settings, :meth:`_part_settings` writes them back, :meth:`_rules_problems`
    checks one value against another; ``WORDING`` words a field's problem its own way.
    Every problem is raised together, as ``"<game> settings: ..."``.
    """

    WORDING: ClassVar[Mapping[str, str]] = {}
    """``key -> what the value must be``, for messages worded other than the declaration's."""

    @classmethod
    def definition(cls) -> GameDefinition:
        """The game declaring these settings: ``GAME`` of the class's package."""
        game = getattr(importlib.import_module(cls.__module__.rpartition(".")[0]), "GAME", None)
        if not isinstance(game, GameDefinition):
            raise TypeError(f"{cls.__name__}: its package declares no GAME")
        return game

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> Self:
        """Read a variant's ``settings``; missing keys take their defaults. Raises
        ValueError naming every problem (unknown keys, bad values, bad combinations)."""
        given = dict(settings or {})
        game = cls.definition()
        problems = [cls._worded(p, given) for p in game.field_problems(given)]
        parts: dict[str, Any] = {}
        if not problems:
            parts = cls._parts(given, problems)
        if problems:
            raise ValueError(f"{game.name} settings: " + "; ".join(problems))
        own = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        values = {s.key: given.get(s.key, s.default) for s in game.settings if s.key in own}
        return cls(**values, **parts)

    @classmethod
    def from_spec(cls, spec: Any) -> Self:
        """The settings of a :class:`~cardtable.variants.VariantSpec` (its ``.settings``)."""
        return cls.from_settings(spec.settings)

    def to_settings(self) -> dict[str, Any]:
        """The settings as a plain mapping that :meth:`from_settings` reads back, in the
        order of the dataclass's fields (the nested objects' settings where the first of
        them stands)."""
        declared = {s.key for s in self.definition().settings}
        out: dict[str, Any] = {}
        parts = self._part_settings()
        for f in fields(self):  # type: ignore[arg-type]
            if f.name in declared:
                out[f.name] = getattr(self, f.name)
            elif parts:
                out.update(parts)
                parts = {}
        out.update(parts)
        return out

    def __post_init__(self) -> None:
        values = self.to_settings()
        problems = [self._worded(p, values) for p in self.definition().field_problems(values)]
        problems += [] if problems else self._rules_problems()
        if problems:
            raise ValueError(f"{self.definition().name} settings: " + "; ".join(problems))

    @classmethod
    def _worded(cls, problem: SettingProblem, values: Mapping[str, Any]) -> str:
        words = cls.WORDING.get(problem.key or "")
        if words is None or problem.at_key:
            return problem.message
        return f"{problem.key} must be {words}, not {values[problem.key or '']!r}"

    @classmethod
    def _parts(cls, settings: Mapping[str, Any], problems: list[str]) -> dict[str, Any]:
        """The nested objects' constructor arguments, built from ``settings`` (the keys
        the variant gives); what they refuse is added to ``problems``."""
        return {}

    def _part_settings(self) -> dict[str, Any]:
        """The settings the nested objects hold, by key."""
        return {}

    def _rules_problems(self) -> list[str]:
        """What the game refuses in a combination of values that are each fine."""
        return []
