"""The free table's tool bar is drawn once and reused: the reused picture must always be
what drawing its widgets afresh gives, and must change when a widget's look does."""

from __future__ import annotations

import pygame
from test_ui_free_table import open_table

from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Stepper


def fresh(scene, surface: pygame.Surface) -> pygame.Surface:
    """The tool bar drawn widget by widget, as it was drawn every frame before the cache."""
    out = pygame.Surface(surface.get_size(), 0, surface)
    out.fill((1, 2, 3))
    bar = pygame.Rect(0, 0, out.get_width(), scene.toolbar_height())
    pygame.draw.rect(out, THEME.panel, bar)
    pygame.draw.line(out, THEME.panel_edge, bar.bottomleft, bar.bottomright)
    scene.widgets.draw(out)
    return out


def cached(scene, surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), 0, surface)
    out.fill((1, 2, 3))
    scene._draw_toolbar(out)
    return out


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def check(scene) -> bytes:
    """The tool bar as the scene shows it, after checking it equals a fresh drawing."""
    screen = scene.app.screen
    shown = cached(scene, screen)
    assert same(shown, fresh(scene, screen))
    return pygame.image.tobytes(shown, "RGB")


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def test_the_cached_toolbar_equals_a_fresh_drawing_through_hover_press_and_state(app):
    d, scene = open_table(app)
    start = check(scene)
    assert check(scene) == start  # nothing changed: the same picture again

    deal = next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.label == "Deal")
    d.move(deal.rect.center)  # hover
    assert deal.hovered
    hovered = check(scene)
    assert hovered != start

    post(pygame.MOUSEBUTTONDOWN, pos=deal.rect.center, button=1, mod=0)
    d.step()
    assert deal.pressed
    pressed = check(scene)
    assert pressed != hovered

    undo = d.button("Undo")
    assert not undo.enabled
    post(pygame.MOUSEBUTTONUP, pos=deal.rect.center, button=1, mod=0)
    d.step()
    assert undo.enabled  # the deal made Undo possible: its button is no longer grey
    dealt = check(scene)
    assert dealt != pressed

    d.move((5, app.screen.get_height() // 2))  # off the bar: no hover anywhere
    assert check(scene) != dealt

    stepper = next(w for w in scene.widgets.widgets if isinstance(w, Stepper))
    before = check(scene)
    d.click(stepper._buttons()[1].center)  # the stepper's "+"
    assert stepper.value == 6
    assert check(scene) != before


def test_the_toolbar_follows_the_deck_the_window_and_the_readout(app):
    d, scene = open_table(app)
    start = check(scene)
    decks = [w for w in scene.widgets.widgets if getattr(w, "label", "").startswith(("Ivali", "Sabacc"))]
    if decks:
        d.click(decks[0].rect.center)  # another deck: its button shows selected
        assert check(scene) != start
    before = check(scene)
    d.key(pygame.K_F3)  # the frame-time readout takes the bar's right end: tools fold
    assert check(scene) != before
    d.key(pygame.K_F3)
    check(scene)
    before = check(scene)
    scene.app.screen = pygame.Surface((900, 700))
    scene.resized((900, 700))
    d.step()
    small = check(scene)
    assert small != before
    assert pygame.image.tobytes(cached(scene, scene.app.screen), "RGB") == small


def test_a_resized_window_shows_the_bar_as_it_was_for_one_frame_then_the_fresh_drawing(app):
    """The frame that opens the new window surface shows the bar it had, cut or drawn on as bare
    bar to the new width (never the felt where the bar is); the next frame repaints it."""
    d, scene = open_table(app)
    d.step()
    for size in ((1000, 700), (1200, 760)):  # narrower, then wider
        before = scene._toolbar[1].copy()
        post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        d.step()
        screen = scene.app.screen
        assert screen.get_size() == size
        h = scene.toolbar_height()
        expect = pygame.Surface(size, 0, screen)
        expect.fill(THEME.panel, (0, 0, size[0], h))
        expect.fill(THEME.panel_edge, (0, h, size[0], 1))
        expect.blit(before, (0, 0))
        bar = (0, 0, size[0], h + 1)
        assert pygame.image.tobytes(screen.subsurface(bar), "RGB") == pygame.image.tobytes(
            expect.subsurface(bar), "RGB")
        d.step()
        assert pygame.image.tobytes(screen.subsurface(bar), "RGB") == pygame.image.tobytes(
            fresh(scene, screen).subsurface(bar), "RGB")
