"""How a game's table is opened, started, restored and smoke-tested: written once.

Every rule-enforced game's ``ui/table.py`` declares one :class:`TableSetup` after its
scene class and exposes its methods as the module's ``open_game``, ``smoke``,
``help_pages``, ``restore`` and ``start_<game>`` (:meth:`TableSetup.functions`; see
``GameDefinition.table``). The
work is driven by the game's :class:`~cardtable.games.definition.GameDefinition`: its
settings reader, starting stack, first deck, state class and bots; the few things games
do differently are fields here (a warm-up for the bots' tables, a bot generator for
every seat, the deck named by the save, the smoke run's first deal).

A table started with a seed draws from one generator in a fixed order: the state's
generator first, then one generator per computer seat in seat order (per seat, computer
or not, with ``bot_rng_every_seat``), so a seed plays the same match every time.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.games.definition import GameDefinition
from cardtable.ui.game_table import GameTableScene, saved_seats
from cardtable.ui.setup_scene import SeatConfig
from cardtable.variants import VariantSpec, load_deck_by_id

__all__ = ["TableSetup"]

SMOKE_SEATS = ("Ada", "Bo", "Cy")
"""The smoke run's table: two people (so a pass screen) and a computer at ``normal``."""

SMOKE_MORE_SEATS = 4
"""Besides three seats, the smoke run draws each game at this many and at its most
(``CARDTABLE_SMOKE_SEATS=three`` leaves them out, for a quicker run)."""

SMOKE_MORE_FRAMES = 60
"""Frames (of 1/30 s) each of those tables plays: the deal and the computers' first moves."""


@dataclass(frozen=True)
class TableSetup:
    """One game's table scaffolding.

    Attributes:
        game: the game's id in the registry (:func:`cardtable.games.get`).
        scene: the table scene class, built as ``scene(app, spec, state, seats, bots)``.
        help_page: ``"module:Class"`` of the help overlay's page after the rules, built
            as ``Class(app, spec)`` (imported when the help opens); "" when the game has
            none (the help shows the rules and the keys).
        smoke_text: the smoke run's line, formatted with ``state=`` the table's state.
        smoke_stack: each seat's stack in the smoke run.
        smoke_steps: frames (of 1/30 s) the smoke run plays; between two entries the
            table deals the next round (``scene.next_round()``).
        smoke_names: the smoke run's three seats (the last is the computer).
        smoke_turns_help: turn the help overlay to its second page in the smoke run.
        smoke_step_after_help: one more frame after the help closes, before the table.
        warm_up: called with the deck when the table has computer players, so their
            tables are built before the first move rather than during it.
        make_bot: ``(level, rng) -> bot``; None uses the registry's ``game.bot``.
        bot_rng_every_seat: draw a bot generator for every seat, computer or not.
        deck_from_save: restore with the deck the save names, not the game's first.
        setup_stack_from_rules: the setup screen starts at the stack the variant's
            settings give (the game's default when it names none), not at 100.
    """

    game: str
    scene: type[GameTableScene]
    help_page: str
    smoke_text: str
    smoke_stack: int
    smoke_steps: tuple[int, ...] = (240,)
    smoke_names: tuple[str, str, str] = SMOKE_SEATS
    smoke_turns_help: bool = True
    smoke_step_after_help: bool = False
    warm_up: Callable[[Any], object] | None = None
    make_bot: Callable[[str, random.Random], Any] | None = None
    bot_rng_every_seat: bool = False
    deck_from_save: bool = False
    setup_stack_from_rules: bool = False

    def __post_init__(self) -> None:
        module, colon, name = self.help_page.partition(":")
        if self.help_page and not (colon and module and name.isidentifier()):
            raise ValueError(f"{self.game}'s TableSetup: help_page must be 'module:Class' or \"\" (no page "
                             f"after the rules), not {self.help_page!r}")

    # -- the game --------------------------------------------------------------------------
    def definition(self) -> GameDefinition:
        """The game's registry entry."""
        from cardtable import games
        return games.get(self.game)

    def bot(self, level: str, rng: random.Random) -> Any:
        """A computer player of ``level`` drawing from ``rng``."""
        if self.make_bot is not None:
            return self.make_bot(level, rng)
        return self.definition().bot(rng, level)

    def build(self, app, spec: VariantSpec, state: Any, seats: list[SeatConfig], bots: dict[int, Any],
              scene: type[GameTableScene] | None = None) -> Any:
        """The table scene (not pushed) for ``state``: of class ``scene`` (default: the
        game's own), with the bots' tables warmed up."""
        if bots and self.warm_up is not None:
            self.warm_up(state.deck)
        table = (scene or self.scene)(app, spec, state, seats, bots)
        stack = getattr(getattr(state, "settings", None), self.definition().stack_setting, None)
        if isinstance(stack, int) and not isinstance(stack, bool):
            table.again = lambda: self.play_again(app, spec, list(seats), stack, table)
        return table

    def play_again(self, app, spec: VariantSpec, seats: list[SeatConfig], stack: int, table: Any) -> Any:
        """A new match of the same seats and settings as ``table`` (its "Play again"): hosted
        again, with a new lobby, when a seat is remote, with the absence and turn times it had."""
        server = getattr(getattr(table, "hosting", None), "server", None)
        timer = getattr(server, "turn_timer", None)
        return self.start(app, spec, seats, stack, absent_after=getattr(server, "absent_after", None),
                          turn_seconds=getattr(timer, "seconds", None))

    def _push(self, app, spec: VariantSpec, state: Any, seats: list[SeatConfig],
              bots: dict[int, Any]) -> Any:
        return app.push(self.build(app, spec, state, seats, bots))

    # -- the table module's functions ---------------------------------------------------------
    def functions(self) -> tuple[Callable[..., Any], Callable[..., list], Callable[..., str], Callable[..., Any],
                                 Callable[..., Any]]:
        """The table module's ``open_game``, ``help_pages``, ``smoke``, ``restore`` and
        ``start_<game>``, in that order."""
        return self.open_game, self.help_pages, self.smoke, self.restore, self.start

    def setup_scene(self, app, spec: VariantSpec, on_start: Callable[[list[SeatConfig], int], object]) -> Any:
        """The setup screen (not pushed) calling ``on_start(seats, stack)``; its Learn
        button opens the game's lesson (:meth:`lesson`)."""
        from cardtable.ui.setup_scene import SetupScene
        on_learn = (lambda: self.lesson(app, spec)) if self.definition().lesson is not None else None
        setup = SetupScene(app, spec, on_start, on_learn=on_learn)
        if self.setup_stack_from_rules:
            game = self.definition()
            assert game.rules is not None
            setup.chips = getattr(game.rules(spec.settings), game.stack_setting)
            setup.layout()
        return setup

    def open_game(self, app, spec: VariantSpec) -> Any:
        """The setup screen for a match (see ``menu.GAME_TABLES``); Start opens the table
        (hosted with the screen's absence and turn times when a seat is remote)."""
        setup: Any = None

        def start(seats: list[SeatConfig], stack: int) -> Any:
            return self.start(app, spec, seats, stack, absent_after=setup.absent_after,
                              turn_seconds=setup.turn_seconds)

        setup = self.setup_scene(app, spec, start)
        game = self.definition()
        if game.lesson is not None and game.id not in app.settings.lessons_offered:  # the first time only
            app.update_settings(lessons_offered=(*app.settings.lessons_offered, game.id))
            setup.offer_lesson()
        return app.push(setup)

    # -- the lesson ----------------------------------------------------------------------------
    def lesson(self, app, spec: VariantSpec) -> Any:
        """Open the game's guided first hand (see :mod:`cardtable.ui.lesson`): its table,
        dealt from the lesson's seed, the first player's name against computers at
        ``normal``; the table scene, pushed."""
        from cardtable.ui.lesson import LessonGuide
        game = self.definition()
        lesson = game.lesson
        if lesson is None:
            raise ValueError(f"{game.name} has no lesson")
        count = max(spec.min_seats, min(spec.max_seats, lesson.seats))
        names = [app.settings.player_names[0]] + [f"Computer {n}" for n in range(1, count)]
        seats = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(names)]
        stack = int(spec.settings.get(game.stack_setting, game.defaults().get(game.stack_setting, 100)))
        state, bots = self.new_match(spec, seats, stack, lesson.seed)
        table = self.build(app, spec, state, seats, bots)
        table.again = None  # "Play again" would start a real match: a lesson is one hand
        table.lesson = LessonGuide(table, lesson, spec.name)
        table.layout()
        table.after_action()
        return app.push(table)

    def play_lesson(self, app, spec: VariantSpec, *, frames: int = 3000, dt: float = 0.25,
                    after_frame: Callable[[Any], object] | None = None) -> Any:
        """Play the game's lesson to its end headless, a computer choosing each of the
        person's moves (the one the lesson suggests), until the result has been shown, and
        leave it; the table scene. ``after_frame(table)`` is called after every frame.
        RuntimeError when the lesson does not end within ``frames`` frames."""
        table = self.lesson(app, spec)
        guide = table.lesson
        for _ in range(frames):
            if guide.finished and not table.showing_result():
                break
            if app.scenes.top is not table:  # an overlay of the game's: go on
                app.scenes.pop()
            if guide.to_deal():
                table.next_round()
            suggested = guide.suggestion()
            if suggested is not None and not table.cards.busy:
                table.act(suggested[0])
            app.step(dt)
            if after_frame is not None:
                after_frame(table)
        finished = guide.finished
        while app.scenes.top is not None and app.scenes.top is not table:
            app.scenes.pop()
        app.scenes.remove(table)
        if not finished:
            raise RuntimeError(f"{spec.name}'s lesson did not end within {frames} frames")
        return table

    def help_pages(self, app, spec: VariantSpec) -> list:
        """The help overlay's pages after the rules (Tab turns to them): none without a
        ``help_page``."""
        if not self.help_page:
            return []
        module, _, name = self.help_page.partition(":")
        return [getattr(importlib.import_module(module), name)(app, spec)]

    def start(self, app, spec: VariantSpec, seats: list[SeatConfig], stack: int,
              seed: int | None = None, absent_after: float | None = None,
              turn_seconds: float | None = None) -> Any:
        """Build a match from the setup screen's choices (``stack``: each seat's chips or
        credits) and open its table; with a remote seat, host it (the lobby first, see
        :func:`cardtable.ui.hosted_table.host_new`; ``absent_after``: seconds before a
        computer plays for a player who has gone; ``turn_seconds``: a connected player's
        turn time)."""
        if any(s.remote for s in seats):
            from cardtable.ui.hosted_table import host_new
            return host_new(self, app, spec, seats, stack, seed, absent_after, turn_seconds)
        state, bots = self.new_match(spec, seats, stack, seed)
        return self._push(app, spec, state, seats, bots)

    def new_match(self, spec: VariantSpec, seats: list[SeatConfig], stack: int,
                  seed: int | None = None) -> tuple[Any, dict[int, Any]]:
        """The state and the computer seats' bots of a new match (see the module's doc
        for the order a seed is drawn in)."""
        game = self.definition()
        assert game.rules is not None and game.state is not None
        settings = game.rules({**spec.settings, game.stack_setting: stack})
        rng = random.Random(seed)
        new: Any = game.state.new  # each game's own defaults (Ipso's dealer is drawn for)
        state = new(settings, load_deck_by_id(game.decks[0]), [s.name for s in seats],
                    random.Random(rng.getrandbits(64)))
        if self.bot_rng_every_seat:
            rngs = {i: random.Random(rng.getrandbits(64)) for i in range(len(seats))}
            bots = {i: self.bot(s.bot, rngs[i]) for i, s in enumerate(seats) if s.bot is not None}
        else:
            bots = {i: self.bot(s.bot, random.Random(rng.getrandbits(64)))
                    for i, s in enumerate(seats) if s.bot is not None}
        return state, bots

    def restore(self, app, spec: VariantSpec, data: Mapping[str, Any]) -> Any:
        """Rebuild a table from ``GameTableScene.save_data()`` and open it (see ``saves_scene``).

        The state comes back with its generator, hidden cards and turn; each computer seat
        gets its bot back with its own generator, so the match goes on exactly. A save of
        a hosted table hosts it again (same join code, same seat tokens).
        """
        game = self.definition()
        assert game.state is not None
        deck_id = data["state"]["state"]["deck"] if self.deck_from_save else game.decks[0]
        state = game.state.from_json(data["state"], deck=load_deck_by_id(deck_id))
        assert isinstance(state, game.state)
        seats, bots = saved_seats(data, state.seats, self.bot)
        if any(isinstance(s, dict) and s.get("remote") for s in data["seats"]):
            from cardtable.ui.hosted_table import host_again
            seats = [SeatConfig(s.name, s.bot, bool(data["seats"][i].get("remote"))) for i, s in enumerate(seats)]
            return host_again(self, app, spec, state, seats, bots, data.get("hosting"))
        return self._push(app, spec, state, seats, bots)

    def smoke(self, app, spec: VariantSpec) -> str:
        """Draw the setup screen, a table with two people (so a pass screen) and a computer, help;
        then a table of four seats and one of the most seats (unless ``CARDTABLE_SMOKE_SEATS=three``)."""
        from cardtable.ui.help import HelpOverlay

        setup = app.push(self.setup_scene(app, spec, lambda seats, stack: None))
        app.step()
        app.scenes.remove(setup)
        first, second, computer = self.smoke_names
        seats = [SeatConfig(first), SeatConfig(second), SeatConfig(computer, bot="normal")]
        scene = self.start(app, spec, seats, self.smoke_stack, seed=1)
        for n, frames in enumerate(self.smoke_steps):
            if n:
                scene.next_round()  # deal the next round: the pass screen or a bot's move follows
            for _ in range(frames):
                app.step(1 / 30)
        help_overlay = app.push(HelpOverlay(app, spec))
        app.step()
        if self.smoke_turns_help and len(help_overlay.pages) > 1:
            help_overlay.switch_page()
            app.step()
        while app.scenes.top is not scene and app.scenes.top is not None:
            app.scenes.pop()
        if self.smoke_step_after_help:
            app.step()
        app.scenes.pop()
        if os.environ.get("CARDTABLE_SMOKE_SEATS") != "three":
            low, high = self.definition().seats
            for count in sorted({n for n in (SMOKE_MORE_SEATS, min(high, spec.max_seats)) if low <= n and n != 3}):
                self.smoke_seats(app, spec, count)
        return self.smoke_text.format(state=scene.state)

    def smoke_seats(self, app, spec: VariantSpec, count: int, frames: int = SMOKE_MORE_FRAMES) -> Any:
        """Play the first frames of a table of ``count`` seats (a person, then computers)
        and leave it; the table scene, for a look at what was drawn."""
        names = [self.smoke_names[0]] + [f"Computer {n}" for n in range(2, count + 1)]
        seats = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(names)]
        scene = self.start(app, spec, seats, self.smoke_stack, seed=count)
        for _ in range(frames):
            app.step(1 / 30)
        while app.scenes.top is not None and app.scenes.top is not scene:
            app.scenes.pop()
        app.scenes.pop()
        return scene
