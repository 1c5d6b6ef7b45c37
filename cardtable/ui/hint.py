"""The hint: what the strong computer level would do now, for the person whose turn it is.

Press H (or the Hint button) at any game table. The hint is worked out on the seat's
world (:meth:`~cardtable.match.TableMatch.seat_world`: the seat's copy, what that
person may know), never on the real state, which the table never reads, by
:meth:`cardtable.bots.strong.StrongBot.plan`, in a worker thread, with the strong level's
own count of rollouts (the same choice the strong level makes on the same copy and
seed, however busy the machine); "thinking…" shows meanwhile. A hint is shown only
while the same person is to act in the same position: any move, a pass screen or
another seat's turn throws it away. It is drawn on the screen only, never written to
the log.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.bots.strong import Plan, StrongBot
from cardtable.engine.betting import AllIn, Bet, Call, Raise, bet_words
from cardtable.engine.game import CHANCE, Action, GameState
from cardtable.ui.layout_check import CONTAINERS, HOLDS
from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME

__all__ = ["Hint", "HintBox", "work_out", "describe", "free_spot", "REFUSED"]

REFUSED = "A hint is only for the person whose turn it is."


@dataclass(frozen=True)
class Hint:
    """A finished hint: the action, its words, the chance of winning the round (None when
    the chosen action was not weighed: no round was played out after it) and why."""

    action: Action
    name: str
    win_chance: float | None
    reasons: tuple[str, ...]
    rollouts: int

    @property
    def lines(self) -> list[str]:
        """The panel's lines: the move, the chance of winning the round and the plays
        sampled only when the move was weighed (with no time to weigh it there is no
        chance to tell, not a chance of 0%), then why."""
        weighed = self.win_chance is not None and self.rollouts > 0
        chance = [f"Chance of winning the round: {round(100 * (self.win_chance or 0.0))}%"] if weighed else []
        sampled = [f"({self.rollouts} plays of the round sampled)"] if weighed else []
        return [f"Hint: {self.name}", *chance, *self.reasons, *sampled]


VERBS = {"Fold": "Fold", "Check": "Check", "Stand": "Stand", "Draw": "Draw", "Keep": "Keep",
         "Drop": "Drop it", "Skip": "Skip", "PassBid": "Pass", "DropOut": "Drop out"}
"""Moves without an amount or a card, named as the tables' buttons name them, by the
action's class: the imperative, never the log's third person ("Folds")."""


def describe(world: GameState, seat: int, action: Action) -> str:
    """``action`` as the tables' buttons say it, in the imperative: "Fold", "Call 20",
    "Raise to 40", "All-in 96", "Discard 4D, 8C", "Stand pat", "Bid 3 on Gula 2 of Fire".

    Worked out from the action itself and what ``seat`` may see of ``world`` (its own cards,
    the amounts its betting options give), never from the log line a copy of the world
    writes after the move: that line is the third person ("Folds"), names the cards a
    guessed world would deal ("... and draws 3H, 7D, 5D") or tells what followed the move
    ("Wins the pot of 51").
    """
    kind = type(action).__name__
    if kind in VERBS:
        return VERBS[kind]
    options = _options(world, seat)
    amount = getattr(action, "amount", None)
    cards = getattr(action, "cards", None)
    if isinstance(action, (Call, AllIn)):
        return bet_words(action, options, _stack(world, seat))
    if isinstance(action, Bet):
        return f"Bet {action.to:,}"
    if isinstance(action, Raise):
        return f"Raise to {action.to:,}"
    if kind in ("Discard", "DiscardTwo") and isinstance(cards, tuple):
        held = _own_cards(world, seat, cards)
        return f"Discard {held}" if held else "Stand pat"
    if kind == "BagBet" and isinstance(amount, int):
        return f"Put {amount:,} in the bag and check" if amount else "Check"
    if kind == "Stake" and isinstance(amount, int):
        return f"Stake {amount:,}"
    if kind == "Cover":
        owed = getattr(options, "cover_amount", 0)
        return f"Cover {owed:,}" if owed else "Cover"
    if kind == "CoverRaise" and isinstance(amount, int):
        return f"Cover & raise to {amount:,}"
    card = getattr(action, "card", None)
    if kind == "Bid" and isinstance(card, int) and isinstance(amount, int):
        return f"Bid {amount:,} on {_card_name(world, card)}"  # a flop card: face up for all
    if kind == "Swap" and isinstance(card, int):
        return f"Swap {_own_cards(world, seat, (card,)) or 'a card'} for the drawn card"
    if kind == "Exchange" and isinstance(card, int):
        pile = str(getattr(action, "pile", "")).replace("_", " ").replace("down ", "face-down ")
        pile = pile.replace("up ", "face-up ")
        return f"Exchange {_own_cards(world, seat, (card,)) or 'a card'} for the top of the {pile} pile"
    if kind == "ChooseDealer" and isinstance(getattr(action, "dealer", None), int):
        names = getattr(world, "names", ())
        dealer = action.dealer  # type: ignore[attr-defined]
        return f"Choose {names[dealer]} to deal" if dealer < len(names) else "Choose the dealer"
    if kind == "CallShot" and isinstance(cards, tuple):
        return "Make a Called Shot" if cards else "No Called Shot"
    if kind == "Flip" and isinstance(getattr(action, "cell", None), int):
        row, column = divmod(action.cell, 10)  # type: ignore[attr-defined]
        return f"Flip row {row + 1}, column {column + 1}"
    return action_words(action)


def _stack(world: GameState, seat: int) -> int | None:
    """The chips ``seat`` has behind on ``world`` (None for a game that does not say)."""
    stacks = getattr(world, "stacks", None)
    try:
        return int(stacks[seat]) if stacks is not None else None
    except Exception:  # noqa: BLE001 - words are a nicety
        return None


def _options(world: GameState, seat: int) -> Any:
    """The seat's betting options on ``world`` (None for a game without them)."""
    ask = getattr(world, "betting_options", None)
    try:
        return ask(seat) if ask is not None else None
    except Exception:  # words are a nicety
        return None


def _card_name(world: GameState, card: int) -> str:
    """A card's name as the table writes it (its deck's code)."""
    named = getattr(world, "card_name", None)
    try:
        return str(named(card)) if named is not None else str(world.deck[card].code)
    except Exception:  # words are a nicety
        return "a card"


def _own_cards(world: GameState, seat: int, cards: tuple[int, ...]) -> str:
    """The names of those of ``cards`` that ``seat`` holds, joined by commas: a hint names
    no other card."""
    hand_of = getattr(world, "hand_of", None)
    try:
        held = set(hand_of(seat)) if hand_of is not None else set(cards)
    except Exception:  # noqa: BLE001 - a game without hands: the action's cards are the seat's
        held = set(cards)
    return ", ".join(_card_name(world, c) for c in cards if c in held)


def action_words(action: Action) -> str:
    """The action's own name in words, with its amount ("Raise to 40", "Stake 5")."""
    name = type(action).__name__
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip()
    words = words[:1].upper() + words[1:]
    if isinstance(getattr(action, "to", None), int):
        words += f" to {action.to}"  # type: ignore[attr-defined]
    elif isinstance(getattr(action, "amount", None), int):
        words += f" {action.amount}"  # type: ignore[attr-defined]
    return words


def free_spot(size: tuple[int, int], area: pygame.Rect, taken: list[pygame.Rect],
              step: int) -> pygame.Rect | None:
    """A rect of ``size`` inside ``area`` touching none of ``taken``: the one nearest the
    area's lower right, tried every ``step`` pixels; None when there is none."""
    w, h = size
    if area.width < w or area.height < h:
        return None
    step = max(1, step)
    xs = range(area.right - w, area.x - 1, -step)
    ys = range(area.bottom - h, area.y - 1, -step)
    spots = sorted(((x, y) for x in xs for y in ys), key=lambda p: (area.right - p[0] - w) + (area.bottom - p[1] - h))
    for x, y in spots:
        rect = pygame.Rect(x, y, w, h)
        if rect.collidelist(taken) < 0:
            return rect
    return None


def _signed(value: float) -> str:
    return f"{value:+.0f}" if abs(value) >= 1 else f"{value:+.1f}"


def strong_bot(game_id: str | None, seed: int) -> StrongBot:
    """The game's strong level (with its normal bot's choice to start from), or a plain
    :class:`StrongBot` when the game cannot give one."""
    try:
        from cardtable import games
        bot = games.get(str(game_id)).bot(random.Random(seed), "strong")
        if isinstance(bot, StrongBot):
            return bot
    except (KeyError, ValueError):
        pass
    return StrongBot(random.Random(seed))


def work_out(copy: GameState, seat: int, *, budget_ms: float | None = None, seed: int = 0,
             stop: Any = None, bot: StrongBot | None = None) -> Hint:
    """The hint for ``seat`` on ``copy`` (a seat copy: it is never changed), by ``bot``
    (a plain :class:`StrongBot` when None)."""
    bot = bot or StrongBot(random.Random(seed))
    plan: Plan = bot.plan(copy, seat, budget_ms=budget_ms, stop=stop)
    chosen = plan.chosen
    name = _game_name(bot, copy, seat)
    reasons = []
    shown = [e for e in plan.estimates if e.count > 0][:3]
    if chosen is not None and chosen not in shown and chosen.count > 0:
        shown = [chosen, *shown[:2]]
    named: set[str] = set()
    for estimate in shown:
        words = name(estimate.action)
        if words not in named:  # one move by two names (an all-in call): said once
            named.add(words)
            reasons.append(f"{words}: {_signed(estimate.mean)} on average")
    why = _why_not_the_best(chosen, plan.estimates, name)
    if why is not None:
        reasons.append(why)
    told = _game_reasons(bot, copy, seat, plan.action)
    if not reasons and not told:
        reasons.append("the only thing to do" if len(plan.estimates) == 1
                       else "the computer's own pick: too many choices here to weigh each one in time")
    win = chosen.win_rate if chosen is not None and chosen.count > 0 else None  # not weighed: no chance to tell
    return Hint(plan.action, name(plan.action), win, (*told, *reasons), plan.rollouts)


def _why_not_the_best(chosen: Any, estimates: list[Any], name: Any) -> str | None:
    """One sentence, in the player's words, on why the hint names a move whose figure is
    lower than another's it lists (a tester saw "Check +52" recommended over "All-in
    +98"); None when the move has the best figure. The strong level keeps the usual play
    (its normal level's choice) unless a rival beats it by more than the luck of the few
    plays sampled; a rival set aside early (it looked worse then) shows a figure from
    fewer plays."""
    weighed = [e for e in estimates if e.count > 0]
    if chosen is None or chosen.count == 0 or not weighed:
        return None
    best = max(weighed, key=lambda e: e.mean)
    if best.mean <= chosen.mean or name(best.action) == name(chosen.action):
        return None
    rival, pick = name(best.action), name(chosen.action)
    if getattr(chosen, "prior", False):
        return (f"Why not {rival}? It came out ahead in only {_plays(best.count)}, by too little "
                f"to be sure it is better, so the hint keeps to the usual play, {pick}.")
    return (f"Why not {rival}? Its figure comes from only {_plays(best.count)}: it looked worse than "
            f"{pick} early on and was not played out further.")


def _plays(count: int) -> str:
    """"1 sampled play", "6 sampled plays"."""
    return f"{count} sampled play{'' if count == 1 else 's'}"


def _game_name(bot: StrongBot, copy: GameState, seat: int) -> Any:
    """How the hint names an action: the game's own words where its normal bot has them
    (``hint_name(state, seat, action)``: "Discard 4D, 8C", never the cards a seat copy would
    deal after it), else :func:`describe`."""
    named = getattr(bot.normal, "hint_name", None)

    def name(action: Action) -> str:
        if named is not None:
            try:
                return str(named(copy, seat, action))
            except Exception:  # words are a nicety
                pass
        return describe(copy, seat, action)

    return name


def _game_reasons(bot: StrongBot, copy: GameState, seat: int, action: Action) -> list[str]:
    """The game's own words for ``action`` first, where its normal bot has them
    (``hint_reasons(state, seat, action)``: "Call: about 38% to win, the price is 20%"),
    worked out on a copy of the seat's copy; none when it has none or they fail."""
    explain = getattr(bot.normal, "hint_reasons", None)
    if explain is None:
        return []
    try:
        return [str(line) for line in explain(copy.seat_copy(seat, random.Random(0)), seat, action)]
    except Exception:  # words are a nicety: the figures below still stand
        return []


class HintBox:
    """A table's hint: asked for with H or the button, worked out off the frame loop,
    drawn in a small panel, thrown away when the position changes."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.key: tuple[int, int] | None = None  # (moves made, seat) the hint is for
        self.hint: Hint | None = None
        self.thinking = False
        self._thread: threading.Thread | None = None
        self._result: Hint | None = None
        self._cancel = threading.Event()
        self.button_rect = pygame.Rect(0, 0, 0, 0)
        self._spot: tuple[Any, pygame.Rect | None] | None = None  # the last free spot found, and for what
        self._panel_spot: tuple[Any, pygame.Rect | None] | None = None  # the same for the panel

    # -- who may ask -------------------------------------------------------------------
    def seat_for_hint(self) -> int | None:
        """The seat a hint would be for now, or None when no hint may be shown: only a
        person whose turn it is and whose cards are on the screen, never behind a pass
        screen or in an overlay."""
        table = self.table
        to_act = table.view.to_act
        if to_act is None or to_act == CHANCE or table.is_bot(to_act) or table.passing:
            return None
        if table.viewer != to_act or table.app.scenes.top is not table:
            return None
        return int(to_act)

    def _now(self, seat: int) -> tuple[int, int]:
        return (self.table.match.actions, seat)

    # -- asking ------------------------------------------------------------------------
    def request(self) -> bool:
        """Start working out a hint; False (with a toast) when none may be shown now."""
        seat = self.seat_for_hint()
        if seat is None:
            self.table.app.toast(REFUSED, 2.5)
            return False
        key = self._now(seat)
        if key == self.key and (self.hint is not None or self.thinking):
            return True
        self.clear()
        actions = self.table.match.actions
        copy = self.table.match.seat_world(seat, random.Random(actions))  # never the real state
        self.key, self.thinking = key, True
        cancel = self._cancel = threading.Event()
        bot = strong_bot(getattr(self.table.variant, "game", None), actions)

        def run() -> None:
            try:
                result = work_out(copy, seat, stop=cancel.is_set, bot=bot)
            except Exception:  # a hint that fails is no hint
                result = None
            if not cancel.is_set():
                self._result = result
                self.thinking = False

        self._thread = threading.Thread(target=run, name="cardtable-hint", daemon=True)
        self._thread.start()
        return True

    def clear(self) -> None:
        """Forget the hint (and stop one being worked out)."""
        self._cancel.set()
        self.key, self.hint, self._result, self.thinking = None, None, None, False

    def update(self) -> None:
        """Each frame: take a finished hint (speech says it); throw it away when the position changed."""
        if self.key is None:
            return
        seat = self.seat_for_hint()
        if seat is None or self._now(seat) != self.key:
            self.clear()
            return
        if self._result is not None:
            self.hint, self._result = self._result, None
            if not getattr(self.table, "passing", False):  # (for the person who asked, at the screen)
                self.table.app.speech.say(" ".join(self.hint.lines))

    def wait(self, timeout: float) -> bool:
        """Block until the hint being worked out is finished (or ``timeout`` seconds
        pass); True when none is being worked out any more. For tests and for closing."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self.thinking

    @property
    def visible(self) -> bool:
        # a result the worker has set but no frame has taken yet counts: the worker sets it
        # before it stops thinking, so a frame between the two once hid a finished hint
        return self.key is not None and (self.hint is not None or self.thinking or self._result is not None)

    # -- events and drawing ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """H (no modifier) or a click on the Hint button asks for a hint."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            mod = getattr(event, "mod", 0)
            if not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                if self.visible:
                    self.clear()
                else:
                    self.request()
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
                and self.button_rect.collidepoint(event.pos) and self.seat_for_hint() is not None):
            self.request()
            return True
        return False

    def _place(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the Hint button goes: the felt's lower right, or the first other corner of
        the felt clear of everything the table drew this frame (a hand of seven cards or a
        seat at the corner may fill the lower right); with no corner free, a free spot in
        the felt's middle (:attr:`~cardtable.ui.game_table.GameTableScene.middle`), then
        anywhere free on the felt; the lower right only when nothing is free."""
        table, px = self.table, self.table.app.px
        inner = table.felt.inflate(-px(24), -px(24))
        drawn = [box for _, box in table.layout_boxes() if box.width and box.height and box != rect]
        places = [("bottomright", (table.felt.right - px(70), table.felt.bottom - px(40))),
                  ("bottomright", inner.bottomright), ("topright", inner.topright),
                  ("bottomleft", inner.bottomleft), ("topleft", (inner.x, inner.y + px(30)))]
        for corner, point in places:
            setattr(rect, corner, point)
            if rect.collidelist(drawn) < 0:
                return rect
        middle = getattr(table, "middle", None)
        key = (rect.size, tuple(inner), tuple(middle or ()), tuple(tuple(box) for box in drawn))
        if self._spot is None or self._spot[0] != key:  # a search over the felt: once while nothing moves
            spot = None
            for area in ([middle] if isinstance(middle, pygame.Rect) else []) + [inner]:
                spot = free_spot(rect.size, area.clip(inner), [box.inflate(px(8), px(8)) for box in drawn], px(12))
                if spot is not None:
                    break
            self._spot = (key, spot)
        if self._spot[1] is not None:
            return pygame.Rect(self._spot[1])
        setattr(rect, places[0][0], places[0][1])
        return rect

    panel_rect: pygame.Rect | None = None
    """Where the hint's panel was put this frame (None: no panel)."""
    in_log: bool = False
    """Whether this frame's panel sits at the top of the log's column (no room on the felt)."""
    _felt_width: int | None = None  # the width the panel's lines are wrapped to on the felt
    _smaller: int = 0  # how much smaller the type is in the log's column

    def _images(self, width: int | None, smaller: int = 0) -> list[pygame.Surface]:
        """The panel's lines as images, each wrapped to ``width`` when one is given, in
        type ``smaller`` points (unscaled) smaller than usual."""
        px, fonts = self.table.app.px, self.table.app.fonts
        lines = self.hint.lines if self.hint is not None else ["Hint: thinking…"]
        images = []
        for i, line in enumerate(lines):
            size, ink = px((15 if i else 17) - smaller), THEME.accent if i == 0 else THEME.text
            parts = wrap_font(line, width, fonts.font(size, i == 0)) if width else [line]
            images += [fonts.render(part, size, ink, bold=i == 0) for part in parts or [""]]
        return images

    def arrange(self) -> None:
        """Place the Hint button and the panel for this frame, after the table drew its
        parts and before the log: the panel goes where the table's recorded boxes (plates,
        hands, piles, captions, the button) leave room on the felt, the felt's top middle
        first; with no room there it tops the log's column, wrapped to its width, and the
        log is drawn below it (as a lesson's box is), never over a seat or a pile."""
        table, px = self.table, self.table.app.px
        self.panel_rect, self.in_log = None, False
        if self.seat_for_hint() is None:
            self.button_rect = pygame.Rect(0, 0, 0, 0)
            return
        label = table.app.fonts.render("Hint (H)", px(15), THEME.text)
        self.button_rect = self._place(pygame.Rect(0, 0, label.get_width() + px(20), label.get_height() + px(10)))
        table.note_box("button:Hint", self.button_rect)
        if not self.visible:
            return
        inner = table.felt.inflate(-px(16), -px(16))
        self._felt_width = min(px(380), inner.width - px(24))
        images = self._images(self._felt_width)
        size = (max(img.get_width() for img in images) + px(24),
                sum(img.get_height() + px(4) for img in images) + px(16))
        drawn = [box.inflate(px(6), px(6)) for name, box in table.layout_boxes()
                 if box.width and box.height and not _container(name) and not name.startswith("log")
                 and name != "lesson"]
        kept = getattr(table, "kept_clear", None)
        drawn += [box.inflate(px(6), px(6)) for box in (kept() if kept is not None else [])]
        rect = pygame.Rect((0, 0), size)
        rect.midtop = (table.felt.centerx, table.felt.y + px(48))
        key = (size, tuple(inner), tuple(tuple(box) for box in drawn))
        if inner.contains(rect) and rect.collidelist(drawn) < 0:
            spot: pygame.Rect | None = rect
        elif self._panel_spot is not None and self._panel_spot[0] == key:
            spot = self._panel_spot[1]
        else:  # a search over the felt: once while nothing moves
            middle = getattr(table, "middle", None)
            spot = None
            for area in ([middle.clip(inner)] if isinstance(middle, pygame.Rect) else []) + [inner]:
                spot = free_spot(size, area, drawn, px(12))
                if spot is not None:
                    break
            self._panel_spot = (key, spot)
        if spot is not None:
            self.panel_rect = pygame.Rect(spot)
        else:
            log = table.log_panel.rect
            room = log.height * 3 // 5  # the log keeps the rest of its column
            for smaller in range(5):  # smaller type before a cut: the last lines say why
                self._smaller = smaller
                images = self._images(log.width - px(24), smaller)
                height = sum(img.get_height() + px(4) for img in images) + px(16)
                if height <= room:
                    break
            self.panel_rect = pygame.Rect(log.x, log.y, log.width, min(height, room))
            self.in_log = True
        table.note_box("hint", self.panel_rect)

    def draw(self, surface: pygame.Surface) -> None:
        """The Hint button while a person may ask, and the panel when there is a hint,
        where :meth:`arrange` put them this frame."""
        table = self.table
        px, fonts = table.app.px, table.app.fonts
        if self.seat_for_hint() is None or not self.button_rect.width:
            return
        label = fonts.render("Hint (H)", px(15), THEME.text)
        pygame.draw.rect(surface, THEME.button, self.button_rect, border_radius=px(8))
        pygame.draw.rect(surface, THEME.border, self.button_rect, 1, border_radius=px(8))
        surface.blit(label, label.get_rect(center=self.button_rect.center))
        rect = self.panel_rect
        if not self.visible or rect is None:
            return
        images = (self._images(rect.width - px(24), self._smaller) if self.in_log
                  else self._images(self._felt_width))
        pygame.draw.rect(surface, THEME.panel, rect, border_radius=px(10))
        pygame.draw.rect(surface, THEME.accent, rect, 2, border_radius=px(10))
        y = rect.y + px(8)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-px(4), -px(4)))
        for img in images:
            surface.blit(img, (rect.x + px(12), y))
            y += img.get_height() + px(4)
        surface.set_clip(clip)


def _container(name: str) -> bool:
    """Whether a box named ``name`` holds others (the felt, a bar, a panel): the hint may
    lie on it."""
    head = (name.split(":", 1)[0] if ":" in name else (name.split() or [""])[0]).strip().lower()
    return name.endswith(HOLDS) or head in CONTAINERS
