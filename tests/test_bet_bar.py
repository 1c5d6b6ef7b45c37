"""The betting bar: only legal choices, chips and slider within the legal range, keys."""

from __future__ import annotations

import pygame

from cardtable.engine.betting import AllIn, BetOptions, Call, Check, Fold, Raise
from cardtable.ui.bet_bar import BetBar


def options(**kw):
    base = dict(seat=2, can_fold=True, can_check=False, can_call=True, call_amount=4, can_bet=False,
                can_raise=True, min_raise_to=8, max_raise_to=60, can_all_in=True, all_in_to=60)
    base.update(kw)
    return BetOptions(**base)


def bar(app, opts):
    sent = []
    return BetBar(app, pygame.Rect(10, 600, 1000, 130), opts, sent.append), sent


def labels(b):
    return [w.label for w in b.widgets.widgets if hasattr(w, "label")]


def test_only_legal_buttons_show(app):
    b, _ = bar(app, options())
    assert labels(b) == ["Fold", "Call 4", "Raise to 8", "All-in 60"]
    b, _ = bar(app, options(can_call=False, can_check=True, can_raise=False, can_bet=False, can_all_in=False))
    assert labels(b) == ["Fold", "Check"]


def test_chips_add_and_take_off_within_the_legal_range(app):
    b, sent = bar(app, options())
    five = b.chips[5].center
    for _ in range(3):
        b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=five, button=1))
    assert b.amount == 23
    b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.chips[100].center, button=1))
    assert b.amount == 60  # never above the most this seat may raise to
    for _ in range(10):
        b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.chips[25].center, button=3))
    assert b.amount == 8   # nor below the minimum raise
    b.bet()
    assert sent == [Raise(seat=2, to=8)]


def test_the_slider_and_the_keys(app):
    b, sent = bar(app, options())
    b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(b.slider.right - 1, b.slider.centery), button=1))
    assert b.amount >= 59  # the far end of the slider is the most
    for key, expected in ((pygame.K_c, Call(seat=2)), (pygame.K_f, Fold(seat=2)), (pygame.K_a, AllIn(seat=2))):
        b.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        assert sent[-1] == expected
    b2, sent2 = bar(app, options(can_call=False, can_check=True))
    b2.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode=""))
    assert sent2 == [Check(seat=2)]
