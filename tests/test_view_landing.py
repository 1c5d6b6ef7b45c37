"""The picture a big flight lands on, painted off screen while the piles wait hidden and
swapped in when they show: once settled it is the picture a fresh view paints (never how
fast: see benchmarks/)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine.table import Table
from cardtable.ui import landing, sparse_picture
from cardtable.ui.camera import Camera
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import MAX_DAMAGE, TableView

SIZE = (960, 600)


def settled_picture(view: TableView, table: Table, camera: Camera, limit: int = 3000) -> bytes:
    surface = pygame.Surface(SIZE)
    for _ in range(limit):
        view.draw(surface, table, camera)
        if view.settled:
            return pygame.image.tobytes(view.layer, "RGB")
    raise AssertionError("the picture never settled")


def fresh_picture(view: TableView, table: Table, camera: Camera) -> bytes:
    return settled_picture(TableView(view.art, view.cache), table, camera)


def settled_view(table: Table, zoom: float = 0.29, at: tuple[float, float] | None = None):
    """A fresh view of ``table`` through a camera at ``zoom`` (its corner at ``at`` if given),
    drawn until its picture is settled: the view, the camera and a surface to draw on."""
    view = TableView(FaceArt(FontBook()))
    camera = Camera(SIZE, zoom=zoom)
    if at is not None:
        camera.x, camera.y = at
    settled_picture(view, table, camera)
    return view, camera, pygame.Surface(SIZE)


def hidden_in_view(view: TableView, table: Table, camera: Camera) -> dict[int, int]:
    shown = view.visible(table, camera.view_rect())
    assert len(shown) > MAX_DAMAGE + 20
    return {pid: len(pile.cards) for pid, pile in shown[::1][: MAX_DAMAGE + 20]}


@pytest.mark.parametrize("zoom", [0.1, 0.29, 0.45])
@pytest.mark.parametrize("change", ["none", "step", "pan", "early"])
def test_a_landing_swaps_in_the_picture_painted_meanwhile(spread_table, monkeypatch, zoom, change):
    table = spread_table
    view, camera, surface = settled_view(table, zoom, at=(300.0, 500.0))
    monkeypatch.setattr(landing, "LANDING_CHUNK", 10)  # a landing of many frames
    monkeypatch.setattr(landing, "LANDING_SLICE_S", 0.0)
    hidden = hidden_in_view(view, table, camera)
    for n in range(3000):
        view.draw(surface, table, camera, hidden=hidden)
        if view._landing is not None and (change == "early" or (n > 20 and view._landing.done)):
            break
        if n == 5 and change == "step":
            pid, pile = view.visible(table, camera.view_rect())[-1]
            table.move(pid, None, pile.x + 40, pile.y + 30)
            hidden = {p: c for p, c in hidden.items() if p in table.piles}
        if n == 20 and change == "pan":
            camera.pan_pixels(-37, 23)
    assert view._landing is not None and view.layer_landings >= 1
    assert view._landing.done == (change != "early")
    view.draw(surface, table, camera)  # the piles land
    assert view._landing is None and view.landings_swapped == 1
    assert settled_picture(view, table, camera) == fresh_picture(view, table, camera)


def test_a_zoom_drops_the_landing(spread_table):
    table = spread_table
    view, camera, surface = settled_view(table)
    hidden = hidden_in_view(view, table, camera)
    for _ in range(500):
        view.draw(surface, table, camera, hidden=hidden)
        if view._landing is not None:
            break
    assert view._landing is not None
    camera.zoom_at(1.15, 400, 300)
    view.draw(surface, table, camera, hidden=hidden)  # (lifted cards: the zoom paints at once)
    view.draw(surface, table, camera)
    assert view.landings_swapped == 0
    assert settled_picture(view, table, camera) == fresh_picture(view, table, camera)


def test_few_hidden_piles_paint_no_landing(spread_table):
    table = spread_table
    view, camera, surface = settled_view(table)
    pid, pile = view.visible(table, camera.view_rect())[3]
    for _ in range(4):
        view.draw(surface, table, camera, hidden={pid: len(pile.cards)})
    assert view._landing is None and view.layer_landings == 0


def test_a_cards_stand_in_is_its_row_entry(spread_table):
    """A paint of few stand-ins looks each up instead of taking the deck's row: the same surfaces."""
    deck = spread_table.deck
    cache = TableView(FaceArt(FontBook())).cache
    cards = list(range(0, len(deck.cards), 97))
    singles = [cache.stand_in(deck, card, 30, keyed=True) for card in cards]
    row = cache.stand_in_row(deck, 30)
    assert all(a is row[card] for a, card in zip(singles, cards))


class _Landing:
    """What landing_slice reads of a picture under way."""

    def __init__(self, left: int, pile_s: float | None) -> None:
        self.left, self.pile_s = left, pile_s


def test_a_landing_is_spread_over_the_frames_left_in_chunks_that_fit():
    least, most, margin = landing.LANDING_SPREAD
    slice_of = landing.landing_slice
    assert slice_of(_Landing(1000, 2e-5), None) == (landing.LANDING_SLICE_S, landing.LANDING_CHUNK)
    assert slice_of(_Landing(1000, None), 40) == (landing.LANDING_SLICE_S, landing.LANDING_FIRST_CHUNK)
    seconds, chunk = slice_of(_Landing(1000, 2e-5), 40)
    assert seconds == pytest.approx(1000 * 2e-5 / (40 - margin)) and chunk == int(seconds / 2e-5)
    assert slice_of(_Landing(1000, 2e-5), 2)[0] == most  # late: as much as a frame may
    assert slice_of(_Landing(3, 2e-5), 40) == (least, int(least / 2e-5))  # little left
    assert slice_of(_Landing(1000, 1.0), 40)[1] == 1  # one slow pile a chunk at least


@pytest.mark.parametrize("frames", [21, 50])
def test_a_paced_landing_is_done_before_the_piles_land(spread_table, monkeypatch, frames):
    """At 60 frames a second a flight has 21 frames, at 144 fifty: the picture is painted by
    then, so the landing frame does not paint the rest of it at once. (Without the most a
    frame may take, which a slow machine could reach: this checks the pacing, not speed.)"""
    least, _most, margin = landing.LANDING_SPREAD
    monkeypatch.setattr(landing, "LANDING_SPREAD", (least, 10.0, margin))
    table = spread_table
    view, camera, surface = settled_view(table, at=(300.0, 500.0))
    hidden = hidden_in_view(view, table, camera)
    for n in range(frames):
        view.draw(surface, table, camera, hidden=hidden, landing_frames=frames - n)
    assert view._landing is not None and view._landing.done
    view.draw(surface, table, camera)  # the piles land
    assert view.landings_swapped == 1
    assert settled_picture(view, table, camera) == fresh_picture(view, table, camera)


@pytest.mark.parametrize("showing", [0, 7, sparse_picture.FEW_SHOWN + 1])
def test_a_picture_of_few_piles_shows_as_a_fill_and_their_places_until_anything_paints_on_it(
        spread_table, showing):
    """A big step's flight from one pile hides every pile in view but those that stayed: the
    prepared picture is the felt with a few piles, and frames fill the felt and blit those
    piles' places instead of the whole picture, showing exactly what the layer holds; a pan,
    a step or cards shown again paint on it, and frames blit it again (as they always do for a
    picture of many piles)."""
    table = spread_table
    view, camera, surface = settled_view(table, at=(300.0, 500.0))
    stay = {pid for pid, _ in view.visible(table, camera.view_rect())[::5][:showing]}
    hidden = {pid: len(pile.cards) for pid, pile in table.piles.items() if pid not in stay}
    table.move(next(p for p in table.piles if p not in stay), None, 0.0, 0.0)  # (a step: the picture is prepared)
    for _ in view.prepare(table, camera, hidden):
        pass
    shown = []
    for n in range(12):
        filled = view.layer_filled
        view.draw(surface, table, camera, hidden=hidden)
        shown.append(view.layer_filled > filled)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(view.layer, "RGB")
        if n == 4:
            camera.pan_pixels(-37, 23)  # (its strips paint on the layer: no pile there is shown)
        if n == 7:
            hidden = dict(hidden)
            hidden.pop(view.visible(table, camera.view_rect())[0][0])  # a pile shows again
    few = showing <= sparse_picture.FEW_SHOWN
    assert shown[:5] == [few] * 5 and not any(shown[5:])
    view.draw(surface, table, camera)  # every pile lands
    assert settled_picture(view, table, camera) == fresh_picture(view, table, camera)
