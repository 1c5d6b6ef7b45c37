"""The replay viewer: a match stepped through move by move, on the game's own table.

:func:`replay_table_class` wraps a game's table scene class (a subclass of
:class:`~cardtable.ui.game_table.GameTableScene`) in :class:`ReplayTable`, as a remote
window's table is wrapped: its match is a :class:`~cardtable.match.ViewMatch` of one
position of a :class:`~cardtable.match_replay.MatchReplay` (a seat's typed view, the log
as that seat read it, the standings then), replaced at every step, so the game's table
draws a replay exactly as it drew the match, pots, results and all. Nothing is played:
no person, computer or chance acts; the bar holds the replay's controls instead.

Keys: ← → a move, PgUp PgDn (or Shift+← →) a hand, Home End the start and the end, Space
plays the moves at the computers' pace, V whose view. Who may be seen is decided when the
viewer opens (:data:`WHOLE_MATCH`, :data:`PEOPLE`, :data:`OWN_SEAT`): a match that is
over may be seen from any seat or with every card face up; a saved match still in play
only from its people's seats, each behind the pass screen as at the table; a match in
play, from the table, only from the seat of the person at the screen.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from cardtable import games
from cardtable.engine.view import SeatView
from cardtable.match import ViewMatch
from cardtable.match_replay import MatchReplay, Positions
from cardtable.settings import BOT_SPEEDS
from cardtable.ui.game_table import BOT_PAUSE, GameTableScene
from cardtable.ui.help import HelpOverlay
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import KeyBinding, dispatch_key, help_rows
from cardtable.ui.table_stand_ins import KeepsNothing, NoHint
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup
from cardtable.variants import VariantSpec

__all__ = ["EVERY_CARD", "WHOLE_MATCH", "PEOPLE", "OWN_SEAT", "ReplayTable", "replay_table_class", "open_replay",
           "review_table"]

_log = logging.getLogger(__name__)

EVERY_CARD = "every card"
"""The perspective with every seat's cards face up (a match that is over)."""
WHOLE_MATCH, PEOPLE, OWN_SEAT = "whole match", "people", "own seat"
"""Who a replay may be seen as: anyone and every card (a match that is over); the people's
seats, each behind the pass screen (a saved match still in play); one seat (a match in play
reviewed from the table)."""

Perspective = int | str | None
"""A seat, :data:`EVERY_CARD`, or None (nobody's seat: a table of computers)."""


class ReplayButton(Button):
    """A bar button with a short sign ("◀◀") and words for its tooltip."""

    def __init__(self, rect: Any, fonts: Any, label: str, on_click: Any, *, words: str, **options: Any) -> None:
        super().__init__(rect, fonts, label, on_click, **options)
        self.words = words

    @property
    def tooltip(self) -> str:
        """Why it is disabled, else what it does and its key."""
        return self.disabled_reason or f"{self.words} ({self.hotkey})"


class _ReplayMatch(ViewMatch):
    """One position of a replay, as a table draws it: the perspective's view whatever
    seat sits at the bottom (every card face up is nobody's seat)."""

    def view(self, seat: int | None) -> SeatView:
        """The position's view."""
        return self.shown

    def log_for(self, seat: int | None) -> list[str]:
        """The log as the perspective read it then."""
        return list(self.log)


class ReplayTable(GameTableScene):
    """Mixed in before a game's table scene class (see :func:`replay_table_class`)."""

    SPEAKS = False
    """A replay says nothing by itself: its moves go by at the viewer's pace."""

    REPLAY_KEYS = (
        KeyBinding((pygame.K_LEFT, pygame.K_RIGHT), "← / →", "a move back or on", "key_step", with_event=True),
        KeyBinding((pygame.K_PAGEUP, pygame.K_PAGEDOWN), "PgUp / PgDn (Shift+← / →)",
                   "the hand before, the next hand", "key_hand", with_event=True),
        KeyBinding((pygame.K_HOME, pygame.K_END), "Home / End", "the start, the end", "key_ends", with_event=True),
        KeyBinding((pygame.K_SPACE, pygame.K_p), "Space / P", "play the moves on, or stop", "toggle_playing"),
        KeyBinding((pygame.K_v,), "V", "whose view: another seat, or every card", "next_view"),
        KeyBinding((pygame.K_ESCAPE,), "Esc", "close the replay", "close"),
        KeyBinding((pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH), "? / F1", "the rules and keys", "key_help",
                   with_event=True),
        KeyBinding((pygame.K_h,), "H", "(no hints in a replay)", "key_hint", with_event=True),
    )
    """The replay's keys: the only keys it has (a replay plays nothing)."""

    def __init__(self, app: Any, variant: VariantSpec, replay: Positions, seats: list[SeatConfig],
                 *, who: str, seat: int | None = None, position: int | None = None, title: str = "Replay") -> None:
        self.replay, self.who, self.replay_title = replay, who, title
        self.shown_seats = list(seats)
        self.position = replay.last if position is None else position
        self.playing = False
        self.next_step = 0.0
        self.perspectives = self._perspectives(seat)
        self.perspective: Perspective = self.perspectives[0]
        self.match = self._match()  # before the game's table is built: it draws from the first view
        self._keeper = KeepsNothing(self, "A replay is not saved: the match's own save holds it")
        super().__init__(app, variant, None, [SeatConfig(s.name) for s in seats], {})
        self.viewer = self._bottom_seat()
        self.hint = NoHint(self, "No hints in a replay: the moves are made")  # type: ignore[assignment]
        self.final_shown = True  # the standings never open by themselves
        self.after_action()

    def _perspectives(self, seat: int | None) -> list[Perspective]:
        seats = range(self.replay.seats)
        if self.who == OWN_SEAT:
            return [seat]
        if self.who == PEOPLE:
            here = [n for n in seats if self.shown_seats[n].bot is None and not self.shown_seats[n].remote]
            return list(here) if here else [None]
        return [EVERY_CARD, *seats]

    def _bottom_seat(self) -> int | None:
        """The seat whose cards the table draws as the viewer's: the perspective's; nobody's
        with every card face up (no seat is "you" then: seat 0 sits at the bottom)."""
        return self.perspective if isinstance(self.perspective, int) else None

    def _match(self) -> ViewMatch:
        """The position shown, as the perspective saw it (nobody's seat while the
        screen is being handed over)."""
        replay, at = self.replay, self.position
        if getattr(self, "passing", False):
            view, log = replay.view(at, None), replay.log(at, None)
        elif self.perspective == EVERY_CARD:
            view, log = replay.face_up_view(at), replay.log(at, None)
        else:
            seat = self.perspective if isinstance(self.perspective, int) else None
            view, log = replay.view(at, seat), replay.log(at, seat)
        return _ReplayMatch(view, deck=replay.deck, settings=replay.settings, log=log,
                            standings=replay.standings(at) if view.is_over else (), actions=at)

    # -- moving through the match --------------------------------------------------------------
    def go_to(self, position: int) -> None:
        """Show ``position`` (kept within the match); one move on slides as at the table."""
        position = max(0, min(self.replay.last, position))
        if position == self.position:
            return
        before, one_on = self.view, position == self.position + 1
        self.position = position
        self.match = self._match()
        if not one_on:
            self.forget_motion()  # a jump: nothing flies across the table
        self.after_action()
        if one_on:
            self.view_moved(before, self.view)

    def key_step(self, event: pygame.event.Event) -> None:
        """← or →: a move (with Shift: a hand)."""
        if getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            self.key_hand(event)
            return
        self.playing = False
        self.go_to(self.position + (1 if event.key == pygame.K_RIGHT else -1))

    def key_hand(self, event: pygame.event.Event) -> None:
        """PgDn / Shift+→: the next hand's start; PgUp / Shift+←: this hand's, else the one before."""
        self.playing = False
        on = event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT)
        self.go_to(self.replay.next_hand(self.position) if on else self.replay.previous_hand(self.position))

    def key_ends(self, event: pygame.event.Event) -> None:
        """Home: the start; End: the last move."""
        self.playing = False
        self.go_to(0 if event.key == pygame.K_HOME else self.replay.last)

    def toggle_playing(self) -> None:
        """Play the moves on at the computers' pace, or stop."""
        self.playing = not self.playing and self.position < self.replay.last
        self.next_step = self.clock + self.step_pause()
        self.after_action()

    def step_pause(self) -> float:
        """Seconds between two moves played on: the computers' pace of the settings."""
        speed = self.app.settings.bot_speed if self.app.settings.bot_speed in BOT_SPEEDS else 1.0
        return BOT_PAUSE / speed

    def next_view(self) -> None:
        """The next perspective (behind the pass screen for a match still in play)."""
        if len(self.perspectives) < 2:
            why = ("A match in play is reviewed from your own seat only" if self.who == OWN_SEAT
                   else "Only one person played this match")
            self.app.toast(why, 3.0)
            return
        i = self.perspectives.index(self.perspective)
        self.show_as(self.perspectives[(i + 1) % len(self.perspectives)])

    def show_as(self, perspective: Perspective) -> None:
        """Show the match as ``perspective`` sees it (a person's cards in a match still in
        play only once that person is at the screen)."""
        self.playing = False

        def shown() -> None:
            self.passing = False
            self.perspective = perspective
            self.viewer = self._bottom_seat()
            self.match = self._match()
            self.forget_motion()
            self.layout()
            self.after_action()

        if self.who == PEOPLE and isinstance(perspective, int):
            self.passing = True
            self.match = self._match()  # the cards shown so far go before the next person comes
            self.forget_motion()
            self.app.push(PassScreen(self.app, self.names[perspective], shown,
                                     note="The replay will show this player's cards. Esc closes the replay.",
                                     on_cancel=self.close))
        else:
            shown()

    def perspective_words(self) -> str:
        """Whose view is shown, in words."""
        if self.perspective == EVERY_CARD:
            return "every card face up"
        if isinstance(self.perspective, int):
            return f"seen by {self.names[self.perspective]}"
        return "a spectator's view (no seat's cards)"

    # -- nothing is played -----------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        """No seat plays in a replay."""
        return False

    def seat_note(self, seat: int) -> str:
        """"(computer)" for the seats computers played."""
        return "(computer)" if self.shown_seats[seat].bot is not None else ""

    def act(self, action: Any) -> bool:
        """Nothing is played in a replay: say so."""
        self.app.toast("This is a replay: ← → step through the moves", 2.5)
        return False

    def perform(self, action: Any) -> None:
        """Never: the moves are made."""

    def check_turn(self) -> None:
        """The screen is never handed over by a turn."""

    def waits_for_next_round(self) -> bool:
        """Chance is never drawn here: a replay waits at every chance move as between rounds."""
        return True

    def next_round(self) -> None:
        """A step on (a game's own "next round" key)."""
        self.go_to(self.position + 1)

    def watch_for_the_end(self, dt: float) -> None:
        """The standings never open by themselves: the replay stays."""

    def match_keeper(self) -> Any:
        """Nothing of a replay is saved or counted."""
        return self._keeper

    def exit(self) -> None:
        """Nothing to save on closing."""

    def leave(self) -> None:
        """Esc: close the replay."""
        self.close()

    def close(self) -> None:
        """Close the replay: back to where it was opened from."""
        self.app.scenes.remove(self)

    # -- each frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.playing and not self.passing and self.clock >= self.next_step and not self.cards.busy:
            self.go_to(self.position + 1)
            self.next_step = self.clock + self.step_pause()
            if self.position >= self.replay.last:
                self.playing = False
                self.after_action()

    def after_action(self) -> None:
        """The game's own resets, then the replay's controls in place of the game's."""
        super().after_action()
        if not hasattr(self, "bar_rect") or not hasattr(self, "replay"):
            return
        self.bet_bar = None
        self.widgets = self._controls()

    def _controls(self) -> WidgetGroup:
        px, fonts, bar = self.app.px, self.app.fonts, self.bar_rect
        group = WidgetGroup()
        gap, h = px(6), px(42)
        y = bar.bottom - h - px(6)
        x = bar.x + px(6)
        at, last = self.position, self.replay.last
        steps = (("|◀", "The start", "Home", lambda: self.go_to(0), at > 0),
                 ("◀◀", "The hand before", "PgUp", lambda: self.go_to(self.replay.previous_hand(self.position)),
                  at > 0),
                 ("◀", "A move back", "←", lambda: self.go_to(self.position - 1), at > 0),
                 ("▶", "A move on", "→", lambda: self.go_to(self.position + 1), at < last),
                 ("▶▶", "The next hand", "PgDn", lambda: self.go_to(self.replay.next_hand(self.position)), at < last),
                 ("▶|", "The end", "End", lambda: self.go_to(last), at < last))
        width = px(46)
        for label, words, key, go, can in steps:
            button = group.add(ReplayButton((x, y, width, h), fonts, label, go, words=words, hotkey=key, size=px(17)))
            if not can:
                button.disabled_reason = "Already at the end" if label.startswith("▶") else "Already at the start"
            x += width + gap
        play = group.add(Button((x, y, px(96), h), fonts, "Stop" if self.playing else "Play", self.toggle_playing,
                                size=px(17), hotkey="Space", primary=True))
        if at >= last and not self.playing:
            play.disabled_reason = "Already at the end"
        x += px(96) + gap
        close_w = px(96)
        view_w = max(px(120), min(px(240), bar.right - px(6) - close_w - gap - x))
        view = group.add(Button((x, y, view_w, h), fonts, self._view_label(), self.next_view, size=px(16), hotkey="V"))
        if len(self.perspectives) < 2:
            view.disabled_reason = ("A match in play is reviewed from your own seat only" if self.who == OWN_SEAT
                                    else "Only one person played this match")
        group.add(Button((bar.right - close_w - px(6), y, close_w, h), fonts, "Close", self.close, size=px(17),
                         hotkey="Esc"))
        return group

    def _view_label(self) -> str:
        if self.perspective == EVERY_CARD:
            return "View: every card"
        if isinstance(self.perspective, int):
            return f"View: {self.names[self.perspective]}"
        return "View: spectator"

    # -- keys and drawing ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The replay's keys and buttons, the log's scrolling; nothing reaches the game."""
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if self.log_panel.handle(event):
            return True
        if dispatch_key(self, self.REPLAY_KEYS, event):
            return True
        return self.widgets.handle(event)

    @classmethod
    def key_rows(cls) -> list[tuple[str, str]]:
        """Help lists the replay's keys only."""
        return help_rows(b for b in cls.REPLAY_KEYS if b.handler not in ("key_help", "key_hint"))

    def key_help(self, event: pygame.event.Event) -> bool:
        """F1 or ?: the rules, and the replay's keys (not the game's: nothing is played)."""
        if event.key == pygame.K_SLASH and not getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return False
        self.app.push(HelpOverlay(self.app, self.variant, keys=self.key_rows()))
        return True

    def toast_avoid(self) -> pygame.Rect:
        """A message stays above the replay's bar, off its buttons."""
        return self.bar_rect

    def draw_bar(self, surface: pygame.Surface, view: SeatView) -> None:
        """Where the replay stands and the move just made, over the controls."""
        px, fonts, bar = self.app.px, self.app.fonts, self.bar_rect
        replay = self.replay
        round_word = games.get(self.variant.game).round_word
        where = (f"{self.replay_title}   ·   {replay.hand_words(self.position, round_word.lower())}   ·   "
                 f"move {self.position:,} of {replay.last:,}   ·   {self.perspective_words()}")
        room = bar.width - px(20)
        surface.blit(fonts.render(fit_text(fonts, where, px(16), room, bold=True), px(16), THEME.highlight, bold=True),
                     (bar.x + px(10), bar.y + px(4)))
        seat = self.perspective if isinstance(self.perspective, int) else None
        words = replay.move_words(self.position, seat) or ("The match before its first deal" if self.position == 0
                                                           else "")
        if words:
            surface.blit(fonts.render(fit_text(fonts, words, px(16), room), px(16), THEME.text),
                         (bar.x + px(10), bar.y + px(28)))
        self.widgets.draw(surface)
        tip = self.widgets.tooltip()
        if tip is not None:
            self._draw_tooltip(surface, *tip)

    def _draw_tooltip(self, surface: pygame.Surface, text: str, over: pygame.Rect) -> None:
        """What a hovered button does, just above it (the bar is at the window's bottom)."""
        px, fonts = self.app.px, self.app.fonts
        img = fonts.render(text, px(15), THEME.text)
        box = img.get_rect(midbottom=(over.centerx, over.top - px(6))).inflate(px(14), px(8))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, THEME.panel, box, border_radius=px(6))
        pygame.draw.rect(surface, THEME.panel_edge, box, 1, border_radius=px(6))
        surface.blit(img, img.get_rect(center=box.center))


_CLASSES: dict[type, type] = {}


def replay_table_class(scene: type[GameTableScene]) -> type[ReplayTable]:
    """The game's table scene class as a replay: ``ReplayTable`` first in its order, then
    the game's own class (made once per class)."""
    if scene not in _CLASSES:
        _CLASSES[scene] = type(f"Replay{scene.__name__}", (ReplayTable, scene), {"__module__": __name__})
    made: type[ReplayTable] = _CLASSES[scene]
    return made


def open_replay(app: Any, variant: VariantSpec, replay: Positions, seats: list[SeatConfig], *, who: str,
                seat: int | None = None, position: int | None = None, title: str = "Replay") -> ReplayTable:
    """Push the replay of ``replay`` on the game's own table (``seats``: names and who was a
    computer; ``who``: :data:`WHOLE_MATCH`, :data:`PEOPLE` or :data:`OWN_SEAT` with
    ``seat``); at ``position`` (default: the last). A match still in play seen by its
    people opens behind the pass screen."""
    from cardtable.ui.menu import game_table_module

    module = game_table_module(variant.game)
    table = getattr(module, "TABLE", None)
    if table is None:
        raise ValueError(f"{variant.name} has no table to replay on")
    cls: Any = replay_table_class(table.scene)
    scene: ReplayTable = cls(app, variant, replay, seats, who=who, seat=seat, position=position, title=title)
    app.push(scene)
    if who == PEOPLE and isinstance(scene.perspective, int):
        scene.show_as(scene.perspective)
    return scene


def review_table(table: GameTableScene) -> ReplayTable | None:
    """The replay of the match a table is playing: once it is over, from any seat or with
    every card face up; while it is in play, up to now from the seat of the person at the
    screen only (nobody's seat at a table of computers). None, with a toast saying why,
    where there is nothing to replay (a lesson; the hand being passed; a remote window,
    whose host keeps the match)."""
    from cardtable.engine.replay import ReplayError

    why = "A lesson has no replay" if table.lesson is not None else None
    try:
        state = table.state
    except AttributeError:
        why = why or "The host keeps this match: its replay is on the host's screen"
    if why is None and table.passing and state.to_act is not None:
        why = "The table is being handed over: the replay opens from a player's own seat"
    if why is not None:
        table.app.toast(why, 3.0)
        return None
    try:
        replay = MatchReplay(games.get(table.variant.game), state)
    except ReplayError as exc:
        table.app.toast(f"No replay: {exc.reason}", 4.0)
        return None
    seats = [SeatConfig(s.name, s.bot, s.remote) for s in table.seat_configs]
    if replay.is_over:
        return open_replay(table.app, table.variant, replay, seats, who=WHOLE_MATCH)
    return open_replay(table.app, table.variant, replay, seats, who=OWN_SEAT, seat=table.viewer,
                       title="The match so far")
