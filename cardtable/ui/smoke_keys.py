"""The smoke run's hand by keys alone: every game with rules, from the menu, at 1366 x 768.

For each game (its first bundled variant) a person opens it from the menu with the arrows
and Enter, starts it with Enter and plays one hand against the computers with key events
only (no mouse event is ever posted): a turn is taken by the game's keys (C to check or
call, the digits and Enter to discard, the arrows and Space to flip a grid card) or by
Tab to a button and Enter. Each game checks that Tab draws the focus ring where the
focused control is, and that speech announced the person's turns. The free table is
opened from the menu the same way, and a row is dealt, a card moved onto another, the deck
spread and every card gathered by its keys (:func:`free_table_by_keys`), the focus ring
checked round the focused pile after each.
"""

from __future__ import annotations

import dataclasses
from typing import Any

SIZE = (1366, 768)
"""The window the hands are played in."""

CALM = ("Check", "Call", "Stand pat", "Skip", "No Called Shot", "Stand", "Keep", "Stake", "Cover",
        "Pass", "Discard", "Next round")
"""Buttons a person may press to go on without folding, best first (by the start of the label)."""

MOVES = 40
"""Key gestures a person's turn may take before the run calls it stuck."""


class StuckError(RuntimeError):
    """A hand could not go on by keys alone."""


def play_every_hand_by_keys(entries: list[Any]) -> list[str]:
    """Play one hand of each game by keys; return one line a game (raises on a failure)."""
    import pygame

    from cardtable import games
    from cardtable.ui.app import App
    from cardtable.ui.game_table import GameTableScene
    from cardtable.ui.menu import MenuScene

    app = App(size=SIZE)
    ids = [g.id for g in games.registry().with_rules()]
    app.settings = dataclasses.replace(app.settings, bot_speed=4.0, speech=True, lessons_offered=tuple(ids))
    app.speech.mode = True
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    done: list[str] = []
    seen: set[str] = set()
    try:
        for spec in (e.spec for e in entries if e.spec is not None):
            if spec.game in seen or spec.game not in ids:
                continue
            seen.add(spec.game)
            keys = _Keys(app)
            for _ in range(len(menu.entries)):
                if menu.current is not None and menu.current.spec is not None and menu.current.spec.id == spec.id:
                    break
                keys.press(pygame.K_DOWN)
            keys.press(pygame.K_RETURN)  # the setup screen
            keys.press(pygame.K_RETURN)  # Start
            table = app.scenes.top
            if not isinstance(table, GameTableScene):
                raise StuckError(f"{spec.id}: Enter on the setup screen opened {type(table).__name__} "
                                 f"({[type(s).__name__ for s in app.scenes.scenes]}, {app.toast_text!r})")
            turns = _play_hand(app, table, keys)
            while app.scenes.top is not menu:  # the table, and what it opened over itself
                app.scenes.pop()
            app.step()
            done.append(f"{spec.id}: a hand by keys alone, {turns} turns, the focus ring drawn")
    finally:
        app.shutdown()
    return done


class _Keys:
    """Posts key presses (never a mouse event) and runs a frame after each."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def press(self, key: int, unicode: str = "") -> None:
        """One press and release of ``key``, then a frame."""
        import pygame
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=unicode, scancode=0))
        self.app.step(1 / 30)


def _play_hand(app: Any, table: Any, keys: _Keys) -> int:
    """Play ``table``'s first hand to its end by keys; the number of the person's turns."""
    import pygame

    from cardtable.ui.pass_screen import PassScreen
    turns = ring_checked = 0
    for _ in range(20000):
        view = table.view
        if view.to_act is None:
            break
        if view.showdown is not None or table.between_rounds():
            if turns:
                break
            if isinstance(app.scenes.top, PassScreen) or app.scenes.top is not table:
                app.step(1 / 30)
                continue
            keys.press(pygame.K_RETURN)  # (the hand ended before the person's turn: the next one)
            app.step(1 / 30)
            continue
        if isinstance(app.scenes.top, PassScreen):
            keys.press(pygame.K_RETURN)
            continue
        if app.scenes.top is not table or not table.mine():
            app.step(1 / 30)
            continue
        app.step(1 / 30)  # (the turn is announced)
        if not any(line.startswith("Your turn") for line in list(app.speech.log)[-6:]):
            raise StuckError(f"{table.variant.id}: the person's turn was not announced")
        if not ring_checked:
            ring_checked = _check_focus_ring(app, table, keys)
        _take_turn(app, table, keys)
        turns += 1
    else:
        raise StuckError(f"{table.variant.id}: the hand did not end ({table.view.phase.words}, "
                         f"{type(app.scenes.top).__name__} on top, {table.view.to_act} to act)")
    if not turns:
        raise StuckError(f"{table.variant.id}: the person never had a turn")
    if not ring_checked:
        raise StuckError(f"{table.variant.id}: Tab never showed a focus ring")
    return turns


def _check_focus_ring(app: Any, table: Any, keys: _Keys) -> int:
    """Tab: a control of the bar takes the focus and its ring is drawn just outside it (1),
    or the bar has no control to focus (0); Tab on till the focus leaves the controls."""
    import pygame

    from cardtable.ui.theme import THEME
    keys.press(pygame.K_TAB)
    groups = [g for g in (getattr(table.bet_bar, "widgets", None), table.widgets) if g is not None]
    focused = next((g.focused for g in groups if g.focused is not None), None)
    if focused is None:
        return 0
    rect = focused.rect
    if tuple(app.screen.get_at((rect.x - 1, rect.centery)))[:3] != THEME.focus:
        raise StuckError(f"{table.variant.id}: no focus ring round {getattr(focused, 'label', focused)!r}")
    for group in groups:
        group.focus(None)  # (no key takes the focus off a bar: the game's keys then act, not a button)
    return 1


def _take_turn(app: Any, table: Any, keys: _Keys) -> None:
    """Take one turn by keys: C where the betting bar is up, Tab to a calm button and
    Enter, else the game's keys for choosing cards or grid cards."""
    import pygame

    before = table.match.actions
    tries = [[pygame.K_c], [], [pygame.K_RETURN] if _enter_calm(table) else [],
             [pygame.K_1, pygame.K_2, pygame.K_RETURN], [pygame.K_RIGHT, pygame.K_SPACE]]
    if table.bet_bar is None:
        tries.pop(0)  # (no betting bar: a calm button first)
    for attempt in range(MOVES):
        if table.match.actions != before or not table.mine() or app.scenes.top is not table:
            return
        if attempt < len(tries):
            presses = tries[attempt] or _tab_to_calm(table)
        else:
            presses = [pygame.K_RIGHT, pygame.K_SPACE]  # (a face-up grid card: the next one)
        for key in presses:
            keys.press(key)
    raise StuckError(f"{table.variant.id}: no key took a turn in {table.view.phase.words!r}")


def _enter_calm(table: Any) -> bool:
    """True when Enter (with nothing focused) presses a calm button of the bar."""
    return any(getattr(w, "hotkey", "") == "Enter" and any(_is(w, word) for word in CALM)
               for w in table.widgets.widgets)


def _is(widget: Any, word: str) -> bool:
    """True when the widget's label is ``word`` or starts with it as a word ("Call 20", not "Called Shot")."""
    label = str(getattr(widget, "label", ""))
    return label == word or label.startswith(word + " ")


def _tab_to_calm(table: Any) -> list[int]:
    """The Tabs that reach the bar's calmest button (the betting bar's where it is up),
    then Enter ([] with none)."""
    import pygame
    group = table.bet_bar.widgets if table.bet_bar is not None else table.widgets
    focusable = group.focusables()
    at = focusable.index(group.focused) if group.focused in focusable else -1
    for word in CALM:
        for n, widget in enumerate(focusable):
            if _is(widget, word) and getattr(widget, "enabled", True):
                return [pygame.K_TAB] * ((n - at) % len(focusable) or len(focusable)) + [pygame.K_RETURN]
    return []


def free_table_by_keys(entries: list[Any]) -> str:
    """Open the free table from the menu and deal, move, spread and gather by key events
    alone at :data:`SIZE`, checking after each that the focus ring is drawn round the focused
    pile and that the piles changed as the key says; the line ``--smoke`` prints."""
    import pygame

    from cardtable.games.free_table.ui.table import FreeTableScene
    from cardtable.ui.menu import MenuScene

    spec = next((e.spec for e in entries if e.spec is not None and e.spec.game == "free_table"), None)
    if spec is None:
        return "no free table variant"
    app = _app_at(SIZE)
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    keys = _Keys(app)
    try:
        for _ in range(len(menu.entries)):
            if menu.current is not None and menu.current.spec is not None and menu.current.spec.id == spec.id:
                break
            keys.press(pygame.K_DOWN)
        keys.press(pygame.K_RETURN)
        table = app.scenes.top
        if not isinstance(table, FreeTableScene):
            raise StuckError(f"free table: Enter in the menu opened {type(table).__name__}")

        def settle() -> None:
            for _ in range(600):
                if not table.busy and table.animation is None:
                    break
                app.step(1 / 30)
            app.step(1 / 30)

        def piles() -> list[int]:
            return sorted(len(p.cards) for pid, p in table.table.piles.items() if pid not in table.table.hands)

        keys.press(pygame.K_TAB)
        _check_pile_ring(app, table, "Tab")
        deck = len(table.table.deck)
        keys.press(pygame.K_d)
        settle()
        if piles() != sorted([1] * table.deal_count + [deck - table.deal_count]):
            raise StuckError(f"free table: D dealt no row ({piles()})")
        _check_pile_ring(app, table, "D")
        def tab_to(wanted: Any, what: str) -> None:
            for _ in range(len(table.table.piles) + len(table.widgets.focusables()) + 2):
                pid = table.focused_pile() if table.focus_on_felt() else None
                if pid is not None and wanted(pid):
                    return
                keys.press(pygame.K_TAB)
            raise StuckError(f"free table: Tab never reached {what}")

        def one_card(pid: int) -> bool:
            return len(table.table.piles[pid].cards) == 1

        tab_to(one_card, "a dealt card")
        first = table.focused_pile()
        keys.press(pygame.K_RETURN)  # picked up
        tab_to(lambda pid: one_card(pid) and pid != first, "another dealt card")
        keys.press(pygame.K_RETURN)  # put down on it
        settle()
        if piles().count(2) != 1:
            raise StuckError(f"free table: Enter, Tab, Enter moved no card onto another ({piles()})")
        _check_pile_ring(app, table, "a move")
        tab_to(lambda pid: len(table.table.piles[pid].cards) > 2, "the deck")
        before = len(table.table.piles)
        keys.press(pygame.K_g)
        settle()
        if len(table.table.piles) != before - 1 + deck - table.deal_count:
            raise StuckError(f"free table: G spread no grid ({len(table.table.piles)} piles)")
        _check_pile_ring(app, table, "G")
        keys.press(pygame.K_c)
        settle()
        if piles() != [deck]:
            raise StuckError(f"free table: C gathered no pile ({len(table.table.piles)} piles)")
        _check_pile_ring(app, table, "C")
        keys.press(pygame.K_ESCAPE)
    finally:
        app.shutdown()
    return "free table: a deal, a move, a spread and a gather by keys alone, the focus ring drawn after each"


def _app_at(size: tuple[int, int]) -> Any:
    """The app in a window of ``size``, speech on (what the smoke run's keys play in)."""
    from cardtable.ui.app import App
    app = App(size=size)
    app.settings = dataclasses.replace(app.settings, speech=True)
    app.speech.mode = True
    return app


def _check_pile_ring(app: Any, table: Any, after: str) -> None:
    """The focus ring is drawn round the focused pile: pixels of the focus colour just
    outside its rect on all four sides."""
    from cardtable.ui.theme import THEME
    rect = table.focus_rect()
    if rect is None:
        raise StuckError(f"free table: after {after} no pile has the focus")
    reach = table.ring_reach()
    spots = [(rect.x - reach, rect.centery), (rect.right + reach - 1, rect.centery),
             (rect.centerx, rect.y - reach), (rect.centerx, rect.bottom + reach - 1)]
    area = app.screen.get_rect()
    missing = [s for s in spots if not area.collidepoint(s) or tuple(app.screen.get_at(s))[:3] != THEME.focus]
    if missing:
        raise StuckError(f"free table: after {after} no focus ring round the focused pile at {missing}")
