"""A guided first hand ("Learn" on the setup screen): the game's real table, a lesson box.

A lesson is an ordinary table of the game (its rules, its controls, its keys), dealt from
the seed its :class:`~cardtable.games.definition.Lesson` declares, one person against
computers. A :class:`LessonGuide` rides on the table: the first time each step of the hand
comes up (the seat view's phase, the first shared cards) it says in a sentence or two what
the step is, in a box the table's layout gives it (the top of the log's column: over no
seat and no pile); when it is the person's turn it names the move the game's own computer
player would make and rings the button that makes it; at the showdown it explains the
result beside the table's own words. Esc leaves at once. A lesson neither saves nor counts
in the statistics.

Nothing hidden can show: the guide reads the person's seat view only, and the move it
suggests is chosen on the seat's copy of the match (what the person may know), as every
computer player's is (:func:`cardtable.bots.base.choose_for`).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import Lesson
from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button

__all__ = ["LessonGuide", "QUIET_PHASES", "lesson_height"]

END = "That is the lesson: play on as the bar below says, or press Esc to leave."
"""What the lesson says once the hand is settled."""

QUIET_PHASES = frozenset({"shuffle", "start", "deal"})
"""Phases the lesson says nothing of (the intro covers the shuffle and the deal)."""


def lesson_height(window_h: int, px: Any) -> int:
    """The height of the lesson box at the top of the log's column: up to 400 (scaled), and
    never more than 62% of the window (the log keeps the rest, ten lines and more): a first
    box says the game, its forced bets and how to bet at once, and read in 10 px type it was
    a wall of text (at 1,024 x 640 a 340 px box still set Omaha's first one in 10 px)."""
    return min(px(400), (window_h - px(20)) * 62 // 100)


def _words(text: str) -> list[str]:
    """``text``'s words, lower case, without commas and colons."""
    return [w.strip(":,").lower() for w in text.split()]


class LessonGuide:
    """The lesson on one table: what to say now, what to point at, whether it is over."""

    def __init__(self, table: Any, lesson: Lesson, game_name: str) -> None:
        self.table, self.lesson = table, lesson
        self.title = f"Learn {game_name}"
        self.body = lesson.intro
        self.said: set[str] = set()
        self.phase_shown: str | None = None
        """The phase the box last followed (a step met again is said again when it comes)."""
        self.first_round: int | None = None
        self.finished = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pointed: Any = None  # the widget ringed last frame
        self.places: list[pygame.Rect] = []  # the table's places ringed last frame
        from cardtable import games
        self.bot = games.get(table.variant.game).bot(random.Random(lesson.seed), "normal")
        self._suggested: tuple[int, Action, str] | None = None
        self._filled: tuple[int, int] | None = None  # the position and bar whose amount the lesson set

    # -- what happens -------------------------------------------------------------------------
    def update(self) -> None:
        """Each frame: say the step that came up for the first time; end at the showdown."""
        table = self.table
        if table.passing or table.viewer is None:
            return
        view = table.view
        if view.to_act not in (None, CHANCE) and self.first_round is None:
            self.first_round = view.round
        if self.finished:
            return
        settled = view.showdown is not None or (self.first_round is not None
                                                and (view.round != self.first_round or view.to_act is None))
        if settled and self.first_round is not None:
            if view.showdown is not None and view.showdown.showdown:
                reveal = self.lesson.steps.get("reveal", "") if "reveal" not in self.said else ""
                self.said.add("reveal")
                self._say("showdown", "The showdown", " ".join(t for t in (reveal, self.lesson.showdown, END) if t))
            else:
                self._say("end", "The hand is over", f"Everyone else gave up, so the last player in took the "
                                                     f"pot without showing. {END}")
            self.finished = True
            return
        board = view.zone("board")
        first_board = board is not None and bool(board.cards) and "board" not in self.said
        phase, words = view.phase.id, view.phase.words
        if phase in QUIET_PHASES:
            if first_board:
                self._say_step("board", "The board")
            return
        shown = f"{phase}:{words.lower()}"  # a step of the phase's own words: "bet:betting on the turn"
        # the board's first cards and the round they open are said together ("The flop: ... Your hand is ...")
        said = self._say_step(phase, words, also=shown, before="board" if first_board else "")
        if not said and shown != self.phase_shown:  # a step met before comes again: the box follows it
            text = self.lesson.steps.get(shown) or self.lesson.steps.get(phase)
            if text:
                self.title, self.body = words[:1].upper() + words[1:], text
        self.phase_shown = shown

    def _say_step(self, key: str, title: str, also: str = "", before: str = "") -> bool:
        """Say ``key``'s step the first time it comes up, and the steps ``also`` (a phase's
        own words: "bet:betting on the turn") and ``before`` (the board) name the first time
        they come up, all at once when several are new, ``also``'s first (it says what was
        just dealt); True when something was said now."""
        keys = [k for k in (also, before, key) if k and k not in self.said and self.lesson.steps.get(k)]
        if not keys:
            return False
        self._say(key, title[:1].upper() + title[1:], " ".join(self.lesson.steps[k] for k in keys))
        self.said.update(keys)  # (the intro stays above the first step: see _say)
        return True

    def _say(self, key: str, title: str, text: str) -> None:
        if not self.said:  # the first step: the intro stays above it
            text = f"{self.body} {text}"
        self.said.add(key)
        self.title, self.body = title, text
        self.table.app.speech.say(f"Lesson: {title}. {text}")  # (the box's words, for a screen-reader user)

    # -- the move to make ----------------------------------------------------------------------
    def suggestion(self) -> tuple[Action, str] | None:
        """The move the game's computer player would make for the person now, and its words
        as the table's buttons say them; None when it is not the person's turn. Chosen once
        per position, on the seat's copy of the match."""
        table = self.table
        if not table.mine():
            return None
        seat, moves = table.viewer, table.match.actions
        if self._suggested is None or self._suggested[0] != moves:
            action = table.match.bot_action(self.bot, seat)
            self._suggested = (moves, action, self._words(seat, action))
        self._fill_amount(moves, self._suggested[1])
        return self._suggested[1], self._suggested[2]

    def _fill_amount(self, moves: int, action: Action) -> None:
        """Set the bet bar's amount to the suggested bet's, once for each position and bar
        (so the ringed button says the move the box names, "Raise to 42", and the person
        may still change it)."""
        bar = getattr(self.table, "bet_bar", None)
        fill = getattr(self.table, "lesson_fill", None)  # a table whose amount is its own (Alethkar's bag)
        amount = getattr(action, "to", getattr(action, "amount", None))
        if not isinstance(amount, int) or (fill is None and (bar is None or not hasattr(bar, "set_amount"))):
            return
        if self._filled != (moves, id(bar)):
            self._filled = (moves, id(bar))
            if fill is not None:
                fill(action)
            elif bar is not None:
                bar.set_amount(amount)

    def _words(self, seat: int, action: Action) -> str:
        from cardtable.ui.hint import describe
        world = self.table.match.seat_world(seat, random.Random(0))
        named = getattr(self.bot, "hint_name", None)
        try:
            return str(named(world, seat, action)) if named is not None else describe(world, seat, action)
        except Exception:  # noqa: BLE001 - words are a nicety
            return describe(world, seat, action)

    def control_for(self, words: str) -> Button | None:
        """The bar's button that makes the move ``words`` says: the one whose label starts
        with most of its words ("Cover & raise 7": "Cover & raise", not "Cover 2"), or None."""
        said = _words(words)
        table = self.table
        best, best_count = None, 0
        for group in (table.widgets, getattr(table.bet_bar, "widgets", None)):
            for widget in getattr(group, "widgets", ()):
                label = getattr(widget, "label", "")
                if not (isinstance(widget, Button) and widget.visible and isinstance(label, str)):
                    continue
                count = 0
                for a, b in zip(said, _words(label)):
                    if a != b:
                        break
                    count += 1
                if count > best_count:
                    best, best_count = widget, count
        return best

    def to_deal(self) -> bool:
        """True before the lesson's hand when the person is to say "deal" (a person deals)."""
        return not self.finished and self.first_round is None and self.table.waits_for_next_round()

    def pointed_control(self) -> Button | None:
        """The button the lesson rings now: the one making the suggested move, or the deal's."""
        if self.to_deal():
            return self.control_for(self.table.NEXT_LABEL)
        suggested = self.suggestion()
        if suggested is None:
            return None
        own = getattr(self.table, "lesson_control", None)  # a table whose move's button says other words
        return (own(suggested[0]) if own is not None else None) or self.control_for(suggested[1])

    def pointer_words(self) -> str:
        """What the box says to do now."""
        if self.finished:
            return ""
        if self.to_deal():
            return f"You deal: click the ringed {self.table.NEXT_LABEL} button or press Enter."
        suggested = self.suggestion()
        if suggested is None:
            to_act = self.table.view.to_act
            return "" if to_act in (None, CHANCE) else "Wait: the computer is thinking."
        action, words = suggested
        reason = getattr(self.table, "lesson_reason", None)  # a table that can say why, in the game's words
        because = reason(action) if reason is not None else ""
        words = f"{words} ({because})" if because else words
        control = self.pointed_control()
        if getattr(action, "cards", None):  # cards to pick first: the bar's button changes as they lift
            return f"Your move: try {words}. Click the ringed cards (they lift), then the bar's button."
        if getattr(action, "pile", None) is not None and getattr(action, "card", None) is not None:
            return f"Your move: try {words}. Drag the ringed card onto the ringed pile."
        if getattr(action, "cell", None) is not None:
            return f"Your move: try {words}. Click the ringed card in the grid to turn it."
        if getattr(action, "card", None) is not None and control is None:
            return f"Your move: try {words}. Click the ringed card."
        if control is None:
            return f"Your move: try {words}. Click on the table as the bar below says."
        name = " ".join(w for w in control.label.split() if not w.replace(",", "").isdigit())
        key = f" or press {control.hotkey}" if getattr(control, "hotkey", "") else ""
        return f"Your move: try {words}. Click the ringed {name} button{key}."

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The lesson box in ``rect``, and a ring round the control to use."""
        table = self.table
        px, fonts = table.app.px, table.app.fonts
        self.rect = rect
        pygame.draw.rect(surface, THEME.panel, rect, border_radius=px(10))
        pygame.draw.rect(surface, THEME.accent, rect, 2, border_radius=px(10))
        doing = self.pointer_words()
        hint = "Esc: leave the lesson"
        room = rect.width - px(24)
        for size in (px(16), px(15), px(14), px(13), px(12), px(11), px(10)):
            font = fonts.font(size)
            line_h = size * 4 // 3
            body = wrap_font(self.body, room, font)
            act = wrap_font(doing, room, fonts.font(size, True)) if doing else []
            title = wrap_font(self.title, room, fonts.font(size + px(1), True))
            height = line_h * (len(title) + len(body) + len(act) + 1) + px(20) + (px(6) if act else 0)
            if height <= rect.height:
                break
        y = rect.y + px(8)
        for line in title:
            surface.blit(fonts.render(line, size + px(1), THEME.accent, bold=True), (rect.x + px(12), y))
            y += line_h
        y += px(2)
        for line in body:
            surface.blit(fonts.render(line, size, THEME.text), (rect.x + px(12), y))
            y += line_h
        if act:
            y += px(6)
            for line in act:
                surface.blit(fonts.render(line, size, THEME.highlight, bold=True), (rect.x + px(12), y))
                y += line_h
        surface.blit(fonts.render(hint, size, THEME.text_dim), (rect.x + px(12), rect.bottom - line_h - px(4)))
        self.pointed = self.pointed_control()
        if self.pointed is not None:
            pygame.draw.rect(surface, THEME.highlight, self.pointed.rect.inflate(px(6), px(6)), px(3),
                             border_radius=px(10))
        self.places = self.pointed_places()
        for place in self.places:
            pygame.draw.rect(surface, THEME.highlight, place.inflate(px(8), px(8)), px(3), border_radius=px(8))

    def pointed_places(self) -> list[pygame.Rect]:
        """The places on the table the suggested move is made at, to ring: the person's own
        cards it names and not yet picked (a discard, a card to swap or give up), the pile it
        takes from, the grid card it turns. The person's own cards only: nothing hidden."""
        suggested = self.suggestion()
        if suggested is None:
            return []
        action, table = suggested[0], self.table
        selected = getattr(table, "selected", None)  # the cards lifted so far (a list, in the games that lift)
        picked = selected if isinstance(selected, (list, tuple, set)) else ()
        cards = [c for c in (*getattr(action, "cards", ()), getattr(action, "card", None)) if c is not None]
        hand: dict[int, pygame.Rect] = getattr(table, "hand_rects", {}) or {}
        places = [hand[c] for c in cards if c in hand and c not in picked]
        pile = getattr(action, "pile", None)
        for key, rect in (getattr(table, "pile_rects", {}) or {}).items():
            if pile is not None and getattr(key, "value", key) == pile:
                places.append(rect)
        cell = getattr(action, "cell", None)
        grid = getattr(getattr(table, "grid_view", None), "cells", None)
        if isinstance(cell, int) and grid and 0 <= cell < len(grid):
            places.append(grid[cell])
        return places
