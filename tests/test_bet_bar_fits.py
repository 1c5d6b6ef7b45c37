"""The betting bar fits its room (issue 16: "on the Ivali table All-in disappears"):
for every game whose table opens the shared bet bar, at the smallest window at the
largest scale and at a common laptop's, with the person at the screen facing a bet,
every control of the bar (buttons, amount field, steppers, slider, chips) is declared
to the layout check and passes it, All-in is there, and clicking it goes all-in."""

from __future__ import annotations

import dataclasses
import importlib
import os
import random

import pygame
import pytest
from uihelp import Driver

from cardtable import games
from cardtable.engine.betting import AllIn, Bet, BetOptions, Check, Limit
from cardtable.engine.game import CHANCE
from cardtable.ui.bet_bar import BetBar
from cardtable.ui.layout_check import check_scene, text_overflows

TABLE_GAMES = [g for g in games.games() if g.id != "free_table"]


def _facing_a_bet(table, app, game_id: str):
    """A four-seat table of ``game_id`` (a person at seat 0) played on until the
    person faces a bet they may go all-in against (at fixed limit, where only a short
    stack may: any bet); None for a game without the bar."""
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game_id)
    seats = [table.smoke_names[0]] + [f"Computer {n}" for n in range(2, 5)]
    from cardtable.ui.setup_scene import SeatConfig
    configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(seats)]
    scene = table.start(app, spec, configs, table.smoke_stack, seed=4)
    state = scene.state
    if not hasattr(state, "betting_options"):
        return None  # no betting decisions of the shared kind (Alethkar's secret bet)
    mine = table.bot("normal", random.Random(0))
    betting = getattr(getattr(state, "settings", None), "betting", None)
    fixed = getattr(betting, "limit", None) == Limit.FIXED
    for _ in range(2000):
        to = state.to_act
        assert to is not None, f"{game_id}: the match ended before the person faced a bet"
        if to == CHANCE:
            scene.perform(state.chance_action())
            continue
        options = state.betting_options(to) if hasattr(state, "betting_options") else None
        if options is not None and not isinstance(options, BetOptions):
            return None  # a game with its own bar (Ipso)
        if to == 0 and options is not None and not isinstance(scene.bet_bar, BetBar):
            return None  # a game with its own betting controls (Alethkar's secret bet)
        if to == 0:
            if options is not None and options.can_call and (options.can_all_in or fixed):
                return scene
            scene.perform(Check(seat=0) if options is not None and options.can_check else mine.choose(state, 0))
        elif options is not None and options.can_bet:
            scene.perform(Bet(seat=to, to=options.min_raise_to))  # someone opens, so the person faces a bet
        else:
            scene.perform(scene.bots[to].choose(state, to))
    raise AssertionError(f"{game_id}: the person never faced a bet")


@pytest.mark.parametrize("size,scale", [((1024, 640), 1.5), ((1366, 768), 1.0)], ids=["1024x640@1.5", "1366x768@1"])
@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda g: g.id)
def test_the_bet_bar_fits_and_all_in_goes_all_in(game, size, scale):
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=size)
    try:
        app.settings = dataclasses.replace(app.settings, ui_scale=scale)
        app.push(MenuScene(app))
        table = importlib.import_module(game.table).TABLE
        scene = _facing_a_bet(table, app, game.id)
        if scene is None:
            pytest.skip(f"{game.id} has no shared bet bar")
        driver = Driver(app)
        driver.step(2)
        bar = scene.bet_bar
        assert isinstance(bar, BetBar), game.id
        if os.environ.get("CARDTABLE_SHOTS"):
            pygame.image.save(app.screen, f"/tmp/shots/{game.id}_{size[0]}x{size[1]}_{scale}.png")
        found = [p for p in check_scene(scene, size) if "bet:" in p]  # the bar's own; the table's have their tests
        assert found == [], (game.id, found)
        all_in = [w for w in bar.widgets.widgets if getattr(w, "label", "").startswith("All-in")]
        labels = [getattr(w, "label", "") for w in bar.widgets.widgets]
        assert len(all_in) == int(bar.options.can_all_in), (game.id, labels)
        # inside the bar itself: a control under the log panel is "held whole" by it, which the check allows
        outside = [(n, r) for n, r in scene.layout_boxes() if n.startswith("bet:") and not bar.rect.contains(r)]
        assert outside == [], (game.id, bar.rect, outside)
        names = [name for name, _ in scene.layout_boxes()]
        o = bar.options
        if (o.can_bet or o.can_raise) and o.min_raise_to < o.max_raise_to:  # (past a raise cap: nothing to size)
            assert bar.field is not None and bar.slider is not None, game.id  # the amount, typed or slid
            assert "bet:slider" in names and (not bar.chips or any(n.startswith("bet:chip") for n in names)), names
        elif o.can_bet or o.can_raise:  # one amount (a fixed limit's bet): its button says it, nothing to slide
            assert bar.field is None and bar.slider is None and "bet:slider" not in names, game.id
            assert bar.bet_button.label.endswith(f" {o.min_raise_to:,}"), bar.bet_button.label
        assert text_overflows([(f"bet:{n}", w) for n, w in enumerate(bar.widgets.widgets)]) == [], game.id
        for widget in bar.widgets.widgets:
            assert any(rect == widget.rect for _, rect in scene.layout_boxes()), (game.id, widget)
        if not all_in:
            return  # fixed limit, a stack deeper than the bet: no all-in to click
        assert pygame.Rect((0, 0), size).contains(all_in[0].rect) and bar.rect.contains(all_in[0].rect)
        applied = []
        apply = scene.state.apply

        def spy(action):
            applied.append(action)
            return apply(action)

        scene.state.apply = spy
        driver.click(all_in[0].rect.center)
        assert applied and isinstance(applied[0], AllIn) and applied[0].seat == 0, (game.id, applied[:1])
    finally:
        app.shutdown()


def test_a_narrow_bar_keeps_every_control_on_two_rows(app):
    """A bar too narrow for one row: the buttons on the first (shortened labels when
    even they do not fit), the amount with its -/+ steppers and the slider on the second,
    each working by a posted click, none outside the bar or over another."""
    options = BetOptions(seat=0, can_fold=True, can_check=False, can_call=True, call_amount=40, can_bet=False,
                         can_raise=True, min_raise_to=80, max_raise_to=2000, can_all_in=True, all_in_to=2000)
    sent: list = []
    for width, short in ((480, False), (380, True)):
        bar = BetBar(app, pygame.Rect(10, 300, width, 120), options, sent.append)
        labels = [getattr(w, "label", "") for w in bar.widgets.widgets]
        assert labels[:4] == ["Fold", "Call 40", "Raise 80" if short else "Raise to 80",
                              "All-in" if short else "All-in 2,000"], labels
        assert bar.field is not None and bar.slider is not None
        assert bar.field.rect.top > bar.buttons["fold"].rect.bottom  # the second row
        boxes = [(str(w), w.rect) for w in bar.widgets.widgets] + bar.drawn_boxes()
        assert all(bar.rect.contains(r) for _, r in boxes), (width, boxes)
        assert not [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1:] if ra.colliderect(rb)]

        def click(pos, b=bar):
            b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, mod=0))
            b.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=0))

        click(bar.more.rect.center)
        assert bar.amount == 80 + (2000 - 80) // 20 and bar.field.text == str(bar.amount)
        click(bar.less.rect.center)
        assert bar.amount == 80
        click((bar.slider.right - 1, bar.slider.centery))
        assert bar.amount > 1950
        click(bar.buttons["all_in"].rect.center)
        assert isinstance(sent[-1], AllIn)


def test_a_call_that_takes_every_chip_is_one_button(app):
    """Issue 30: Five-Card Draw offered "Call 99" and "All-in 99" for the same move when
    calling puts the person all-in; the bar offers one button, and it calls all-in."""
    from uihelp import variant_spec

    from cardtable.engine.betting import Call
    from cardtable.ui.setup_scene import SeatConfig

    spec = variant_spec(app, "five_card_draw")
    table = games.get(spec.game).table_module().TABLE
    configs = [SeatConfig("Ada")] + [SeatConfig(f"Computer {n}", bot="normal") for n in (2, 3)]
    scene = table.start(app, spec, configs, 100, seed=2)
    state = scene.state
    for _ in range(200):
        to = state.to_act
        if to == CHANCE:
            scene.perform(state.chance_action())
        elif to == 0:
            break
        else:
            options = state.betting_options(to)
            scene.perform(AllIn(seat=to) if options is not None and options.can_all_in else
                          scene.bots[to].choose(state, to))
    d = Driver(app)
    d.step()
    options = state.betting_options(0)
    assert options.can_call and options.can_all_in and not (options.can_bet or options.can_raise)
    assert options.call_amount == state.seat_view(0).seats[0].stack  # the call takes every chip
    labels = [b.label for b in scene.bet_bar.buttons.values()]
    assert labels == ["Fold", f"Call {options.call_amount} (all-in)"], labels
    d.click(scene.bet_bar.buttons["call"].rect.center)
    assert isinstance(state.history[-1], Call) and state.seat_view(0).seats[0].stack == 0
