"""What every game's table scene shares: seats round the felt, hot-seat privacy, bots, the log.

A :class:`GameTableScene` plays one match through its
:class:`~cardtable.match.TableMatch` (the one door to the game's state: the scene
itself never reads the state) and holds the seats' configuration. Each frame it asks the
viewer's seat view (:class:`~cardtable.engine.view.SeatView`) who is to act:

* chance: applied after a short pause (a game may ask to wait for "Next round");
* a computer seat: its bot chooses after a short visible pause;
* a person: if another person was at the screen, a :class:`PassScreen` comes
  first, and only then does the table show that person's cards.

The *viewer* is the person whose cards are face up; everything is drawn from the
viewer's seat view, so nothing hidden can reach the screen, the log or a hover. Cards
move with short tweens: a card drawn somewhere new slides there from where it was (or
from the deck, when it is new on the table).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from cardtable.bots.base import Bot
from cardtable.engine.game import CHANCE, Action, GameState, rng_from_json, rng_to_json
from cardtable.engine.view import OUT, SeatView
from cardtable.settings import BOT_SPEEDS
from cardtable.ui.bet_bar import BetBar
from cardtable.ui.card_sprites import TWEEN, CardSprites
from cardtable.ui.chip_stack import ChipStacks
from cardtable.ui.help import HelpOverlay
from cardtable.ui.hint import HintBox
from cardtable.ui.log_panel import LogPanel
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.scene import Scene
from cardtable.ui.seat_layout import SeatLayout, SeatSlot, arrange
from cardtable.ui.seat_plates import SeatPlates
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_hover import TableHover
from cardtable.ui.table_match import HoldsMatch
from cardtable.ui.table_parts import RAIL_INSET, RAIL_WIDTH, KeyBinding, dispatch_key, help_rows
from cardtable.ui.table_speech import SPEECH_KEYS, TableSpeech
from cardtable.ui.table_view import FaceCache
from cardtable.ui.text import fit_text, wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup
from cardtable.variants import VariantSpec

"""The short tag a plate shows for a seat's note when the whole note does not fit."""

BOT_PAUSE = 0.7
CHANCE_PAUSE = 0.35


def saved_seats(data: Mapping[str, Any], seat_count: int,
                make_bot: Any) -> tuple[list[SeatConfig], dict[int, Any]]:
    """The seats of a saved table (``GameTableScene.save_data()``) and its computer players.

    ``make_bot(level, rng)`` builds one of the game's bots; each gets back the generator
    it had when saved, so the match goes on exactly (a save without one gets a fresh
    generator seeded by the seat). ValueError if the save's seats are not the table's ``seat_count``.
    """
    seats = [SeatConfig(s["name"], s.get("bot")) for s in data["seats"]]
    if len(seats) != seat_count:
        raise ValueError(f"the save has {len(seats)} seats for a table of {seat_count}")
    rngs = data.get("bot_rngs", {})
    bots = {i: make_bot(seat.bot, rng_from_json(rngs[str(i)]) if str(i) in rngs else random.Random(i))
            for i, seat in enumerate(seats) if seat.bot is not None}
    return seats, bots


class GameTableScene(HoldsMatch, TableHover, SeatPlates, ChipStacks, TableSpeech, Scene):
    """Base of the game scenes. Subclasses draw their game and build its controls.

    Subclasses implement :meth:`draw_game` and :meth:`after_action`, declare their keys
    in ``KEYS`` (see :class:`~cardtable.ui.table_parts.KeyBinding`) and may override
    :meth:`waits_for_next_round` and :meth:`handle_pointer`.
    """

    TABLE_KEYS = (
        KeyBinding((pygame.K_ESCAPE,), "Esc", "the standings: leave the table or play on", "leave"),
        KeyBinding((pygame.K_s,), "Ctrl+S", "save the match", "save_named", mods=pygame.KMOD_CTRL),
        KeyBinding((pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH), "? / F1", "the rules and keys", "key_help",
                   with_event=True),
        KeyBinding((pygame.K_h,), "H", "a hint: what the strong computer would do", "key_hint", with_event=True),
        KeyBinding((pygame.K_r,), "Ctrl+R", "the replay: the match so far, from your seat", "review",
                   mods=pygame.KMOD_CTRL),
        KeyBinding((pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET), "] / [",
                   "computer players faster / slower (x0.5 to x4)", "key_bot_speed", with_event=True),
        *SPEECH_KEYS,
    )
    """Keys every table has, tried before the game's own."""

    def __init__(self, app, variant: VariantSpec, state: GameState | None, seats: list[SeatConfig],
                 bots: Mapping[int, Bot]) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.bet_bar = None
        self.variant, self.seat_configs = variant, seats
        if state is not None:  # else the match is in place already (a remote table's, of views)
            self.state = state
        self.bots = dict(bots)
        self.humans = [i for i, s in enumerate(seats) if s.bot is None]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.passing = False
        self.wait = 0.0
        self.clock = 0.0
        self.cards = CardSprites()
        self.ghosts: dict[int, tuple[float, float, float, float, float]] = {}  # cards flying off, face down
        self.faces = FaceCache(app.faces)
        self.log_panel = LogPanel(app, pygame.Rect(0, 0, 10, 10))
        self.mouse = (0, 0)
        self.last_error = ""
        self.hint = HintBox(self)  # H: what the strong level would do, for the person to act
        self.deck = self.match.deck
        self.deck_rect, self.discard_rect = pygame.Rect(0, 0, 1, 1), pygame.Rect(0, 0, 1, 1)  # as drawn last
        self.layout()
        self.after_action()

    # -- who is who ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The seats' names."""
        return [s.name for s in self.seat_configs]

    def is_bot(self, seat: int) -> bool:
        """True for a computer seat."""
        return seat in self.bots

    def is_here(self, seat: int) -> bool:
        """True when a person at this screen plays ``seat`` (a hosted or remote table
        also says no for a person on another computer)."""
        return not self.is_bot(seat)

    def toast_area(self) -> pygame.Rect:
        """Where the app's toast keeps to (:meth:`cardtable.ui.app.App.toast_area`): the felt
        and the action bar under it, never the log panel beside them."""
        return pygame.Rect(self.felt.x, 0, self.felt.width, self.app.screen.get_height())

    def readout_corner(self) -> tuple[int, int]:
        """Where F3's readouts end (their bottom-right corner): the action bar's
        bottom-right, which no game's controls fill."""
        return self.bar_rect.right - self.app.px(10), self.bar_rect.bottom - self.app.px(6)

    def seat_note(self, seat: int) -> str:
        """What the seat's name plate says after the name: "(computer)" for a computer
        (a hosted or remote table also says who is elsewhere or away)."""
        return "(computer)" if self.is_bot(seat) else ""

    def waits_for_next_round(self) -> bool:
        """True when chance is to act but the people should say when (between rounds)."""
        return False

    def chance_pause(self) -> float:
        """Seconds before chance acts (a game may wait longer, say before a computer deals)."""
        return CHANCE_PAUSE

    def bot_pause(self) -> float:
        """Seconds a computer seat waits before its move (a game may hurry small moves),
        at the computer speed of the settings."""
        return BOT_PAUSE / self.app.settings.bot_speed

    def key_bot_speed(self, event: pygame.event.Event) -> None:
        """] or [: the computer players faster or slower (the saved setting the settings
        screen's "Computer speed" shows)."""
        speeds = list(BOT_SPEEDS)
        i = speeds.index(self.app.settings.bot_speed) + (1 if event.key == pygame.K_RIGHTBRACKET else -1)
        speed = speeds[max(0, min(len(speeds) - 1, i))]
        self.app.update_settings(bot_speed=speed)
        self.app.toast(f"Computer players at x{speed:g} speed")

    # -- layout ------------------------------------------------------------------------
    def layout(self) -> None:
        """Work out the felt, the seats' places and the log panel for the window size."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        log_w = min(px(320), w // 4)
        self.felt = pygame.Rect(px(10), px(10), w - log_w - px(30), h - px(150))
        self.log_panel.rect = pygame.Rect(self.felt.right + px(10), px(10), log_w, h - px(20))
        if self.lesson is not None:  # the lesson's box tops the log's column: over no seat and no pile
            from cardtable.ui.lesson import lesson_height
            top = lesson_height(h, px)
            self.lesson_rect = pygame.Rect(self.log_panel.rect.x, px(10), log_w, top)
            self.log_panel.rect = pygame.Rect(self.log_panel.rect.x, px(20) + top, log_w, h - px(30) - top)
        self.bar_rect = pygame.Rect(px(10), self.felt.bottom + px(10), self.felt.width, h - self.felt.bottom - px(20))

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()
        self.after_action()

    def seat_at_bottom(self) -> int:
        """The seat drawn at the bottom: the viewer, else seat 0."""
        return self.viewer if self.viewer is not None else 0

    def band_top(self) -> int:
        """Where the bottom band (the viewer's hand and plate) starts: a game whose hand
        is taller or shorter than the usual row says so here."""
        return self.felt.bottom - int(self.felt.height / 6.0 * 1.4) - self.app.px(50)

    def middle_height(self) -> int:
        """The least height the game's middle (piles, pots) needs between the top row and the band."""
        return self.app.px(90)

    @property
    def seat_layout(self) -> SeatLayout:
        """Every seat's slot and the middle (:mod:`cardtable.ui.seat_layout`), for this
        window, seat count and viewer."""
        px = self.app.px
        key = (tuple(self.felt), self.seat_count, self.seat_at_bottom(), self.band_top(), px(100))
        cached = self.__dict__.get("_seat_layout")
        if cached is None or cached[0] != key:
            layout = arrange(self.felt, self.seat_count, self.seat_at_bottom(), self.band_top(), px,
                             min(px(190), self.felt.width // 4), title_h=px(26), middle_h=self.middle_height())
            cached = self.__dict__["_seat_layout"] = (key, layout)
        return cached[1]

    @property
    def middle(self) -> pygame.Rect:
        """The felt's middle, clear of every seat: where the game draws its piles and pots."""
        return self.seat_layout.middle

    def slot(self, seat: int) -> SeatSlot | None:
        """The seat's place round the felt (None for a game that places its seats itself)."""
        return self.seat_layout.slots.get(seat)

    def compact_plates(self) -> bool:
        """True when the plates use their smaller type (the seats are short of room)."""
        return self.seat_layout.compact

    def seat_point(self, seat: int) -> tuple[int, int]:
        """The centre of a seat's plate; the viewer (or seat 0) sits at the bottom."""
        slot = self.slot(seat)
        if slot is not None and slot.side != "bottom":
            return slot.plate.center
        n = self.seat_count
        angle = math.pi / 2 + 2 * math.pi * ((seat - self.seat_at_bottom()) % n) / n
        cx, cy = self.felt.center
        rx, ry = self.felt.width * 0.40, self.felt.height * 0.38
        return (int(cx + rx * math.cos(angle)), int(cy + ry * math.sin(angle)))

    # -- playing -----------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Apply a person's action; a refused one is explained, not applied."""
        reason = self.match.why_illegal(action)
        if reason is not None:
            self.last_error = reason
            self.app.toast(f"Not allowed: {reason}", 3.0)
            return False
        self.last_error = ""
        self.perform(action)
        return True

    def perform(self, action: Action) -> None:
        """Apply a legal action (a person's, a bot's or chance's), refresh the controls,
        and hand the screen over if the turn passed to another person."""
        before = self.view
        self.match.apply(action)
        if self.lesson is None:  # a lesson neither saves nor counts in the statistics
            self.match_keeper().after_action()  # statistics of a settled round, then the autosave
        self.after_action()
        self.check_turn()
        self.view_moved(before, self.view)

    def view_moved(self, before: SeatView, after: SeatView) -> None:
        """The table went from ``before`` to ``after`` (a move made here, or an update from
        a host): a game starts the animations a move sets off here (subclasses)."""

    def check_turn(self) -> None:
        """If the turn has passed to another person, hand the screen over at once."""
        to_act = self.view.to_act
        if (not self.passing and to_act is not None and to_act != CHANCE and not self.is_bot(to_act)
                and to_act != self.viewer):
            self.pass_to(to_act)

    UNIT = "chip"
    """What the stacks count, for the standings ("1 chip", "12,000 chips")."""
    NEXT_LABEL = "Next round"
    """The bar's button between rounds."""
    END_LABEL = "Final standings"
    """The bar's button when the match is over (it opens the final standings at once)."""
    END_PAUSE = 6.0
    """Seconds the table stays in view once the match is over for the people here (long enough to
    read the last hand's result, a tester found 2.5 s was not), before the final standings open
    by themselves (Enter opens them at once)."""
    DRAWS_CHANCE = True
    """False where the match is held elsewhere (a remote window): chance comes with the
    host's next view and is never drawn here, even with nobody at the screen."""
    again: Callable[[], object] | None = None
    lesson: Any = None
    """The :class:`~cardtable.ui.lesson.LessonGuide` of a guided first hand (None: a real match)."""
    """Starts a new match with the same seats and settings ("Play again"; set by the
    game's :class:`~cardtable.ui.table_setup.TableSetup`; None: the table cannot)."""

    def after_action(self) -> None:
        """Rebuild the bar's controls for what the viewer may do now: between rounds the
        next-round button, at the end the standings, else the game's (:meth:`build_controls`)."""
        if not hasattr(self, "bar_rect") or not hasattr(self, "match"):
            return  # still being built
        self.bet_bar = None
        group = WidgetGroup()
        if self.view.to_act is None:
            self.bar_button(group, self.END_LABEL, self.show_final, "Enter")
        elif self.waits_for_next_round():
            self.bar_button(group, self.NEXT_LABEL, self.next_round, "Enter")
        else:
            self.build_controls(group)
        self.widgets = group

    def build_controls(self, group: WidgetGroup) -> None:
        """Add the game's controls for this moment to ``group`` (subclasses)."""

    def open_bet_bar(self, make: Any = BetBar, **options: Any) -> None:
        """The betting bar (``make``: its class) for the viewer's betting decision, if any."""
        choices = self.bet_choices()
        if choices is not None:
            if isinstance(make, type) and issubclass(make, BetBar) and self.viewer is not None:
                options.setdefault("stack", self.view.seats[self.viewer].stack)  # one button for an all-in call
            self.bet_bar = make(self.app, self.bar_rect, choices, self.act, **options)

    def bet_choices(self) -> Any:
        """The viewer's betting options for the betting bar (the view's; a game with its
        own kind of options gives them from its part of the view), or None."""
        return self.view.options

    def layout_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The table's boxes, with what the betting bar draws besides its widgets (its
        slider and chips), so the layout check sees every control of the bar."""
        drawn = getattr(self.bet_bar, "drawn_boxes", None)
        return [*super().layout_boxes(), *(drawn() if drawn is not None else [])]

    def update(self, dt: float) -> None:
        self.clock += dt
        self.match.forget_views()
        self.hint.update()
        if self.lesson is not None:
            self.lesson.update()
        self.watch_for_the_end(dt)
        self.speak_news()
        if self.passing:
            return
        to_act = self.view.to_act
        if to_act is None:
            return
        if to_act == CHANCE:
            if not self.DRAWS_CHANCE or (self.waits_for_next_round() and self.humans):
                return
            self.wait += dt
            if self.wait >= (self.chance_pause() if not self.waits_for_next_round() else 3.0):
                self.wait = 0.0
                self.perform(self.match.chance_action())
            return
        if self.is_bot(to_act):
            self.wait += dt
            if self.wait >= self.bot_pause() and not self.cards.busy:
                self.wait = 0.0
                self.perform(self.match.bot_action(self.bots[to_act], to_act))
            return
        self.wait = 0.0
        self.check_turn()

    def pass_to(self, seat: int, note: str = "") -> None:
        """Hide the table and hand it to the person in ``seat`` (``note``: the pass screen's line)."""
        self.passing = True
        self.viewer = None  # nobody's cards show behind the pass screen
        self.forget_motion()

        def ready() -> None:
            self.passing = False
            self.viewer = seat
            self.forget_motion()
            self.layout()
            self.after_action()

        self.app.push(PassScreen(self.app, self.names[seat], ready, note=note))

    def forget_motion(self) -> None:
        """The person at the screen changes: no card movement seen so far carries over
        (cards in flight land, cards flying off vanish); games add their own."""
        self.cards.reset()
        self.ghosts.clear()

    def next_round(self) -> None:
        """People say "next round": chance starts it."""
        if self.view.to_act == CHANCE:
            self.perform(self.match.chance_action())

    # -- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self.log_panel.handle(event):
            return True
        if self.lesson is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.remove(self)  # Esc leaves a lesson at once
            return True
        if dispatch_key(self, self.TABLE_KEYS, event):
            return True
        if self.hint.handle(event):
            return True
        return self.handle_game(event)

    @classmethod
    def key_rows(cls) -> list[tuple[str, str]]:
        """The help overlay's rows: the game's keys, the betting bar's, then every table's."""
        shared = [b for b in cls.TABLE_KEYS if b.handler not in ("leave", "key_help")]  # help lists Esc and F1
        return super().key_rows() + help_rows(shared)

    def save_named(self) -> None:
        """Save the match under a name (Ctrl+S)."""
        self.match_keeper().save_named()

    def key_help(self, event: pygame.event.Event) -> bool:
        """F1 or ? (Shift+/): the help overlay."""
        if event.key == pygame.K_SLASH and not getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return False
        self.app.push(HelpOverlay(self.app, self.variant))
        return True

    def key_hint(self, event: pygame.event.Event) -> bool:
        """H: ask for a hint (or put it away)."""
        return self.hint.handle(event)

    def show_hint(self) -> bool:
        """Work out a hint for the person to act (False, with a toast, when nobody may have one)."""
        return self.hint.request()

    def handle_game(self, event: pygame.event.Event) -> bool:
        """The game's events: the keys declared ``first``, the betting bar, the buttons,
        the rest of the game's keys (``KEYS``), then the mouse (:meth:`handle_pointer`)."""
        if dispatch_key(self, self.KEYS, event, first=True):
            return True
        if self.bet_bar is not None and self.bet_bar.handle(event):
            return True
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            return dispatch_key(self, self.KEYS, event, first=False)
        return self.handle_pointer(event)

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """The game's mouse events (subclasses)."""
        return False

    def mine(self) -> bool:
        """True when the viewer is to act and the table is not being handed over."""
        return self.viewer is not None and self.view.to_act == self.viewer and not self.passing

    def between_rounds(self) -> bool:
        """True after a round while the people say when to go on, and when the match is over."""
        return self.view.to_act is None or self.waits_for_next_round()

    def key_next_round(self) -> None:
        """Enter or N after a round: the next one; at the end of the match: the final standings."""
        self.show_final() if self.view.to_act is None else self.next_round()

    def leave(self) -> None:
        """Esc: the standings, with the choice to leave the table or keep playing; once the
        match is over for the people here, the final standings (:meth:`show_final`)."""
        from cardtable.ui.standings import StandingsOverlay
        if self.match_over_words() is not None:
            self.show_final()
            return
        self.app.push(StandingsOverlay(self.app, self.standings_now(), over=False, title="Standings",
                                       unit=self.UNIT, on_leave=lambda: self.app.scenes.remove(self)))

    def standings_now(self) -> list[tuple[str, int, int]]:
        """Every seat's name, holding and chips in the pot this hand, best first: in the
        middle of a hand a seat's chips in the pot are still its own until the hand settles
        (the view's ``contributed``: none once a hand is settled)."""
        in_pot = {info.name: info.contributed for info in self.view.seats}
        rows = [(name, chips, in_pot.get(name, 0)) for name, chips in self.match.standings()]
        return sorted(rows, key=lambda row: -(row[1] + row[2]))

    def people_here(self) -> list[int]:
        """The seats played by people at this screen."""
        return [s for s in self.humans if self.is_here(s)]

    def match_over_words(self) -> tuple[str, str] | None:
        """The final standings' title and line when the match is over for the people here:
        it has ended, or every person playing at this screen is out of chips (the computers
        would only play on among themselves); None while it goes on for them."""
        view = self.view
        units = f"{self.UNIT}s"
        if view.to_act is None:
            leader = self.match.standings()[0][0] if view.seats else ""
            return "The match is over", f"{leader} finishes on top." if leader else "Every round is played."
        here = self.people_here()
        if here and all(view.seats[s].status == OUT for s in here):
            names = [self.names[s] for s in here]
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            verb = "is" if len(names) == 1 else "are"
            return (f"{who} {verb} out of {units}",
                    "The rest of the table would play on without you: the match is over for you.")
        return None

    def watch_for_the_end(self, dt: float) -> None:
        """Each frame: once the match is over for the people here, the final standings open
        by themselves after :attr:`END_PAUSE` seconds (once a match)."""
        if getattr(self, "final_shown", False) or self.match_over_words() is None:
            self.end_wait = 0.0
            return
        self.end_wait = getattr(self, "end_wait", 0.0)
        if not self.showing_result():
            self.end_wait = getattr(self, "end_wait", 0.0) + dt
        if self.end_wait >= self.END_PAUSE and self.app.scenes.top is self:
            self.show_final()

    def showing_result(self) -> bool:
        """True while the table is still showing how the last move came out (cards in
        flight; a game adds its own, as Alethkar's counting): the final standings wait."""
        return bool(self.cards.busy)

    def show_final(self) -> None:
        """The final standings screen: "Play again" (a new match, same seats and settings)
        or "Menu"."""
        from cardtable.ui.standings import MatchOverScene
        words = self.match_over_words()
        title, line = words if words is not None else ("Standings", "")
        self.final_shown = True
        again = self.again

        def play_again() -> None:
            self.app.scenes.remove(self)
            if again is not None:
                again()

        self.app.push(MatchOverScene(self.app, self.standings_now(), title=title, line=line, unit=self.UNIT,
                                     on_again=play_again if again is not None else None,
                                     on_menu=lambda: self.app.scenes.remove(self),
                                     on_replay=self.review if self.lesson is None else None))

    def review(self) -> None:
        """Ctrl+R, and "Replay" on the final standings: the replay viewer on this match
        (:func:`cardtable.ui.replay_table.review_table`)."""
        from cardtable.ui.replay_table import review_table
        review_table(self)

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.begin_boxes()
        self.begin_hover()
        self.__dict__["_face_rects"] = {}
        self.draw_felt(surface)
        self.cards.begin(self.clock)
        self.draw_game(surface)
        self.hand_line_seat = self.viewer  # whose hand the game's hand line (if any) spoke of
        if not self.cards.busy:
            self.ring_winning_cards(surface, self.viewer_view())
        self._draw_ghosts(surface)
        self.hint.arrange()  # before the log: a hint with no room on the felt tops the log's column
        log_rect = self.log_panel.rect
        hint_rect = self.hint.panel_rect
        if self.hint.in_log and hint_rect is not None:
            gap = self.app.px(10)
            self.log_panel.rect = pygame.Rect(log_rect.x, hint_rect.bottom + gap, log_rect.width,
                                              log_rect.bottom - hint_rect.bottom - gap)
        try:
            self.log_panel.draw(surface, self.log_lines())
            self.note_box("log", self.log_panel.rect)
        finally:
            self.log_panel.rect = log_rect
        self.draw_over_log(surface)
        self.hint.draw(surface)
        if self.lesson is not None:
            self.lesson.update()  # again: a computer's or chance's move this frame may have moved the hand on
            self.lesson.draw(surface, self.lesson_rect)
            self.note_box("lesson", self.lesson_rect)
        self.draw_hover(surface)

    def draw_over_log(self, surface: pygame.Surface) -> None:
        """What a game shows in the log's place for a while (subclasses)."""

    def log_lines(self) -> list[str]:
        """The log as the viewer may read it now (a game may hold back lines that would
        spoil what the table is still showing)."""
        return self.match.log_for(self.viewer)

    def draw_felt(self, surface: pygame.Surface) -> None:
        """The backdrop and the felt, painted once per window size and then blitted
        (two large rounded rectangles cost milliseconds a frame)."""
        radius = self.felt_radius()
        key = (surface.get_size(), tuple(self.felt), radius, THEME.felt)
        cached = getattr(self, "_felt_layer", None)
        if cached is None or cached[0] != key:
            layer = pygame.Surface(surface.get_size(), 0, surface)  # the screen's pixel format
            layer.fill(THEME.backdrop)
            pygame.draw.rect(layer, THEME.felt, self.felt, border_radius=radius)
            pygame.draw.rect(layer, THEME.felt_line, self.felt.inflate(-2 * RAIL_INSET, -2 * RAIL_INSET), RAIL_WIDTH,
                             border_radius=max(0, radius - RAIL_INSET))
            cached = self._felt_layer = (key, layer)
        surface.blit(cached[1], (0, 0))

    def draw_game(self, surface: pygame.Surface) -> None:
        """Paint the game: the middle, every seat, the bar and the title line (a game
        draws its own parts in :meth:`draw_centre`, :meth:`draw_seat`, :meth:`title`)."""
        view = self.viewer_view()
        self.hand_line: str | None = None
        self.draw_centre(surface, view)
        for seat in range(self.seat_count):
            self.draw_seat(surface, view, seat)
        self.draw_bar(surface, view)
        self.draw_title(surface, self.title(view))
        self.draw_bets(surface, view)

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        """The middle of the felt: piles, pots (subclasses)."""

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        """One seat's plate and cards (subclasses)."""

    def title(self, view: SeatView) -> str:
        """The felt's title line: the game, the round, the phase (subclasses)."""
        return self.variant.name

    def act_mine(self, kind: Any, **fields: Any) -> bool:
        """Act as the viewer: ``kind(seat=viewer, **fields)``; False when refused or nobody is at the screen."""
        return self.viewer is not None and self.act(kind(seat=self.viewer, **fields))

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Where a card that stopped being drawn went (the discard pile), or None."""
        return None

    def _draw_ghosts(self, surface: pygame.Surface) -> None:
        """Cards that left the table this frame fly face down to where they went."""
        for card, start in self.cards.last.items():
            if card not in self.cards.now and card not in self.ghosts:
                end = self.vanished_to(card)
                if end is not None:
                    self.ghosts[card] = (start[0], start[1], end[0], end[1], self.clock)
        deck = self.deck
        for card, tween in list(self.ghosts.items()):
            if self.clock - tween[4] >= TWEEN or deck is None:
                del self.ghosts[card]
                continue
            x, y = CardSprites._at(tween, self.clock)
            width = self.app.px(60)
            surface.blit(self.faces.back(deck, width), (int(x), int(y)))

    def card(self, surface: pygame.Surface, deck, card: int | None, face_up: bool, width: int,
             target: tuple[float, float], *, origin: tuple[float, float] | None = None,
             lifted: bool = False) -> pygame.Rect:
        """Draw one card (its face, or its back when ``card`` is None or face down)."""
        if card is None or not face_up:
            surf = self.faces.back(deck, width)
        else:
            drawn = self.faces.get(deck, card, True, width, force=True)
            assert drawn is not None  # force=True always draws
            surf = drawn
        if card is not None:
            x, y = self.cards.place(card, target, self.clock, origin)
        else:
            x, y = int(target[0]), int(target[1])
        if lifted:
            y -= self.app.px(14)
        surface.blit(surf, (x, y))
        rect = pygame.Rect(x, y, surf.get_width(), surf.get_height())
        if card is not None and face_up:
            self.__dict__.setdefault("_face_rects", {})[card] = rect  # where each face showed (see ring_winning_cards)
        return rect

    def winning_cards(self, view: SeatView) -> list[tuple[set[int], tuple[int, int, int]]]:
        """The cards that made the winning hands at a showdown, to ring on the table (the
        board and hole cards a poker hand used), each group with its ring's colour (a
        Hi/Lo pot's high half and its low); none by default (a game says)."""
        return []

    def ring_winning_cards(self, surface: pygame.Surface, view: SeatView) -> None:
        """Ring each card :meth:`winning_cards` names, where it showed face up this frame,
        in its group's colour (a card in two groups gets a ring inside the first): after a
        showdown a player sees which cards made the hands that won."""
        shown: dict[int, pygame.Rect] = self.__dict__.get("_face_rects", {})
        if view.showdown is None or not view.showdown.showdown or not shown:
            return
        px = self.app.px
        rings: dict[int, int] = {}
        marks = self.winning_marks()
        for n, (cards, colour) in enumerate(self.winning_cards(view)):
            for card in cards:
                rect = shown.get(card)
                if rect is not None:
                    inset = rings.get(card, 0)
                    rings[card] = inset + 1
                    pygame.draw.rect(surface, colour, rect.inflate(px(5) - inset * px(8), px(5) - inset * px(8)),
                                     px(3), border_radius=px(6))
                    if n < len(marks):  # the group by its letter too, not by the ring's colour alone
                        size = max(8, min(px(11), rect.width * 2 // 7))  # (a small board card stays readable)
                        tag = self.app.fonts.render(marks[n], size, (20, 20, 20), bold=True)
                        pill = tag.get_rect().inflate(max(2, size // 2), 2)
                        pill.midbottom = (rect.centerx + (inset * 2 - 1) * pill.width // 2, rect.bottom - px(1))
                        pygame.draw.rect(surface, colour, pill, border_radius=pill.height // 2)
                        surface.blit(tag, tag.get_rect(center=pill.center))

    def winning_marks(self) -> tuple[str, ...]:
        """A letter for each group of :meth:`winning_cards` ("H", "L" for a Hi/Lo pot's halves),
        drawn on its ringed cards' bottom edge; none by default (the groups are one, or the seats')."""
        return ()

    def bar_message(self, surface: pygame.Surface, text: str) -> None:
        """The action bar's message (whose turn, what is happening), wrapped to the bar's
        width and clear of its buttons, in smaller type where it needs more lines than
        the bar holds (a round's result says a lot); what still does not fit at the
        smallest ends in an ellipsis."""
        px, fonts, bar = self.app.px, self.app.fonts, self.bar_rect
        pygame.draw.rect(surface, THEME.panel, bar, border_radius=px(10))
        size, line_h = px(18), px(24)
        fits = max(1, (bar.height - px(12)) // line_h)
        left, right = bar.x + px(16), bar.right - px(16)
        lines = wrap_font(text, right - left, fonts.font(size))
        top = bar.centery - min(len(lines), fits) * line_h // 2
        band = pygame.Rect(left, top, right - left, min(len(lines), fits) * line_h)
        for widget in self.widgets.widgets:  # the text keeps clear of any control beside it
            if widget.visible and widget.rect.colliderect(band):
                if widget.rect.x > left:
                    right = min(right, widget.rect.x - px(12))
                else:  # a control reaching the bar's left end (Alethkar's bag stepper on a narrow bar)
                    left = max(left, widget.rect.right + px(12))
        if right - left < px(60):
            return  # the buttons fill the bar: they say what to do
        room = right - left
        for size in (px(18), px(16), px(15), px(14), px(13), px(12), px(11)):
            line_h = size * 4 // 3
            fits = max(1, (bar.height - px(8)) // line_h)
            lines = wrap_font(text, room, fonts.font(size))
            if len(lines) <= fits:
                break
        if len(lines) > fits:
            lines = [*lines[:fits - 1], " ".join(lines[fits - 1:])]
        lines = [fit_text(fonts, line, size, room) for line in lines]  # a word wider than the room is cut too
        top = bar.centery - len(lines) * line_h // 2
        for n, line in enumerate(lines):
            img = fonts.render(line, size, THEME.text)
            surface.blit(img, img.get_rect(midleft=(left, top + n * line_h + line_h // 2)))
        note = getattr(self, "note_box", None)
        if note is not None and lines:
            note("the bar's message", pygame.Rect(left, top, max(fonts.size_of(line, size, False)[0] for line in lines),
                                                  len(lines) * line_h))

    def viewer_view(self) -> SeatView:
        """What the viewer may see: the typed :attr:`view` the table draws."""
        return self.view

    @property
    def view(self) -> SeatView:
        """The viewer's seat view now (:meth:`~cardtable.match.TableMatch.view`):
        all a table draws and asks."""
        return self.match.view(self.viewer)

    @property
    def seat_count(self) -> int:
        """How many seats the table has."""
        return len(self.seat_configs)

    # -- saving ----------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        """Everything a game's ``restore(app, spec, data)`` needs to rebuild this table exactly.

        ``{"state": state.to_json(), "seats": [{"name", "bot"}...], "bot_rngs": {"seat":
        rng_to_json(bot.rng)}}``: the state holds every hidden card and its generator, so
        a resumed game deals the same cards and the same seat is to act. Statistics read
        ``state.round_outcome()``: ``{"round", "winners", "net", "hands"}`` plus, where the
        game ranks hands, an optional ``"hand_rank": {"seat": int}`` (lower is better).
        """
        return {"state": self.match.to_json(),
                "seats": [{"name": s.name, "bot": s.bot} for s in self.seat_configs],
                "bot_rngs": {str(seat): rng_to_json(bot.rng) for seat, bot in self.bots.items()
                             if hasattr(bot, "rng")}}

    def match_keeper(self):
        """The table's :class:`~cardtable.ui.saves_scene.MatchKeeper` (autosaves, Ctrl+S, statistics)."""
        keeper = getattr(self, "keeper", None)
        if keeper is None:
            from cardtable.ui.saves_scene import MatchKeeper
            keeper = self.keeper = MatchKeeper(self)
        return keeper

    def exit(self) -> None:
        """The table closes: a last autosave (marked "left" unless the app is quitting); a
        lesson keeps nothing."""
        if self.lesson is None:
            self.match_keeper().closing(left=self.app.running)
