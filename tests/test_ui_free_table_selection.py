"""A big selection on the free table: its outlines from a cached picture, dragged as one
picture, dropped and turned over as big steps (input meanwhile handled after, in order), and
the window resized: the pictures match what a fresh drawing paints, pixel for pixel."""

from __future__ import annotations

import pygame
from test_ui_free_table import centre_of, only_pile, open_table, until_shown

from cardtable.games.free_table.ui.group_drag import LIFTED_MOST, GroupPicture
from cardtable.ui.selection_outlines import GROUP_OUTLINE_WIDTH, draw_each, in_view
from cardtable.ui.table_view import TableView
from cardtable.ui.theme import THEME


def spread(d, scene, key=pygame.K_g):
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_f)
    d.key(key)
    until_shown(d, scene)
    d.key(pygame.K_HOME)
    until_shown(d, scene)
    while not scene.view.settled or scene.animation is not None:  # (the flights landed)
        d.step()
        scene.clock += 0.1


def band_all(d, scene):
    """A rubber band from the empty felt above-left of every pile to below-right of them."""
    x, y, w, h = scene.table.bounds()
    a = scene.camera.to_screen(x - 4 / scene.camera.zoom, y - 4 / scene.camera.zoom)
    b = scene.camera.to_screen(x + w, y + h)
    d.drag((int(a[0]), max(int(a[1]), scene.toolbar_height() + 2)), (int(b[0]) + 1, int(b[1]) + 1))
    until_shown(d, scene)


def fresh_outlines(scene, surface):
    picture = surface.copy()
    draw_each(picture, scene.view, scene.table, scene.camera, in_view(scene.table, scene.camera, scene.selected))
    return picture



def press_and_move(d, start: tuple[int, int], by: tuple[int, int]) -> None:
    """Press the left button at ``start`` and move it ``by`` pixels, a frame each."""
    d.move(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0))
    d.step()
    pos = (start[0] + by[0], start[1] + by[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=by, buttons=(1, 0, 0)))
    d.step()

def test_the_cached_outlines_match_a_fresh_drawing_and_are_redrawn_when_the_selection_or_view_changes(app):
    d, scene = open_table(app)
    spread(d, scene)
    assert scene.view.card_width(scene.camera) >= GROUP_OUTLINE_WIDTH
    band_all(d, scene)
    assert len(scene.selected) == 52
    outlines = scene.view.outlines
    felt = pygame.Surface(app.screen.get_size(), 0, app.screen)
    felt.fill(THEME.felt)

    def cached():
        picture = felt.copy()
        outlines.draw(picture, scene.view, scene.table, scene.camera, scene.selected)
        return picture

    drawn = outlines.redrawn
    for _ in range(3):  # idle frames: no drawing anew
        d.step()
    assert outlines.redrawn == drawn
    assert pygame.image.tobytes(cached(), "RGB") == pygame.image.tobytes(fresh_outlines(scene, felt), "RGB")
    changes = [lambda: setattr(scene, "selected", set(sorted(scene.selected)[:20])),  # the selection
               lambda: scene.camera.pan_pixels(37, 11),  # the view's place
               lambda: scene.camera.zoom_at(1.15, 400, 300)]  # the zoom
    for change in changes:
        change()
        d.step()
        assert outlines.redrawn == drawn + 1
        drawn = outlines.redrawn
        assert pygame.image.tobytes(cached(), "RGB") == pygame.image.tobytes(fresh_outlines(scene, felt), "RGB")
    pygame.key.set_mods(pygame.KMOD_CTRL)  # a Ctrl+click makes a new selection, drawn anew
    try:
        pid = next(iter(scene.selected))
        d.click(centre_of(scene, pid))
    finally:
        pygame.key.set_mods(0)
    assert pid not in scene.selected and outlines.redrawn == drawn + 1


def test_cards_too_small_to_tell_apart_get_one_outline_around_the_selection(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    assert scene.view.card_width(scene.camera) < GROUP_OUTLINE_WIDTH
    band_all(d, scene)
    assert len(scene.selected) == 12_000
    outline = scene.view.outlines.group_outline(scene.view, scene.table, scene.camera, scene.selected)
    x, y, w, h = scene.table.bounds()
    corner = scene.view.to_screen(scene.camera, x, y)
    assert outline is not None and outline.topleft == (corner[0] - 3, corner[1] - 3)
    for at in ((outline.x + 40, outline.y), (outline.x, outline.y + 40), (outline.right - 1, outline.y + 40)):
        assert app.screen.get_at(at)[:3] == THEME.focus


def _layer_bytes(view):
    return pygame.image.tobytes(view.layer, "RGB")


def _fresh_layer(app, scene) -> bytes:
    """The table's picture as a view that never drew it paints it whole."""
    view = TableView(app.faces, scene.view.cache)
    surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
    view.draw(surface, scene.table, scene.camera)
    while not view.settled:
        view.draw(surface, scene.table, scene.camera)
    return pygame.image.tobytes(view.layer, "RGB")


def test_a_big_group_drag_and_drop_is_sliced_handles_input_after_in_order_and_ends_as_a_plain_move(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    band_all(d, scene)
    group = set(scene.selected)
    pid = min(group, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
    start = centre_of(scene, pid)
    end = (start[0] + 60, start[1] + 45)
    expected = {p: (scene.table.piles[p].x + 60 / scene.camera.zoom, scene.table.piles[p].y + 45 / scene.camera.zoom)
                for p in group}
    press_and_move(d, start, (30, 20))
    assert scene.work.busy  # the group's picture is composed a slice a frame
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(30, 25), buttons=(1, 0, 0)))
    until_shown(d, scene)
    d.step()  # (the motion kept meanwhile is handled now)
    assert scene.press is not None and scene.press.picture is not None and scene.mouse == end
    # Every pile is in it, so the felt is bare: the picture painted opaque with the felt around it
    # in place of the felt's, then keyed over what lies on the felt, shows what it shows keyed.
    picture = scene.press.picture
    assert picture.bare and picture.bands is None
    painted = pygame.Surface(app.screen.get_size(), 0, app.screen)
    painted.fill((0, 0, 0))
    picture.draw_under(painted, (7, 5))
    bar = pygame.Rect(0, painted.get_height() - 150, painted.get_width(), 150)
    painted.fill(THEME.panel, bar)
    picture.draw(painted, (7, 5), [bar])
    keyed = pygame.Surface(app.screen.get_size(), 0, app.screen)
    keyed.fill(THEME.felt)
    keyed.fill(THEME.panel, bar)
    keyed.blit(picture.picture, (picture.at[0] + 7, picture.at[1] + 5))
    assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(keyed, "RGB")
    assert scene._group_under  # (what the frames of the drag paint)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, mod=0))
    d.step()
    assert scene.work.busy and scene.holding  # the drop: a big step, the last picture held
    # Input meanwhile: F turns the selection over, then Ctrl+Z takes that back, after the drop.
    for key, mod in ((pygame.K_f, 0), (pygame.K_z, pygame.KMOD_CTRL)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    d.step()
    assert [c.label for c in scene.table.undo_stack][-1] != "flip"
    for _ in range(3):
        until_shown(d, scene)
        d.step()
    assert [c.label for c in scene.table.undo_stack][-2:] == ["spread (grid)", "move"]
    assert [c.label for c in scene.table.redo_stack] == ["flip"]
    piles = scene.table.piles
    assert {p: (piles[p].x, piles[p].y) for p in group} == expected
    # The felt's picture after the drop (the one without the group, the group pasted on)
    # is the one a fresh view paints.
    d.step()
    assert _layer_bytes(scene.view) == _fresh_layer(app, scene)


def test_a_part_of_the_felt_dragged_shows_by_its_bands_what_its_picture_shows_and_given_up_lies_as_before(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    x, y, w, h = scene.table.bounds()
    group = [pid for pid, _ in scene.view.visible(scene.table, (x, y, w * 0.3, h * 0.3))]
    assert LIFTED_MOST < len(group) < len(scene.table.piles)
    before = _layer_bytes(scene.view)
    picture = GroupPicture.compose(scene.view, scene.table, scene.camera, group, app.screen)
    # Its bands (each encoded for the screen a slice at a time) show what the picture itself shows.
    assert not picture.bare and picture.bands and len(picture.bands) > 1
    by_bands = pygame.Surface(app.screen.get_size(), 0, app.screen)
    by_bands.fill(THEME.felt)
    whole = by_bands.copy()
    picture.draw(by_bands, (7, 5))
    whole.blit(picture.picture, (picture.at[0] + 7, picture.at[1] + 5))
    assert pygame.image.tobytes(by_bands, "RGB") == pygame.image.tobytes(whole, "RGB")
    # Lifted, the felt is painted without it (and no picture with it meanwhile); put back, the
    # felt's picture is the one from before, not painted anew.
    surface = pygame.Surface(app.screen.get_size(), 0, app.screen)
    for _ in range(3):
        scene.view.draw(surface, scene.table, scene.camera, hidden=picture.hidden, lands=False)
    assert scene.view._landing is None and _layer_bytes(scene.view) != before
    rebuilds = scene.view.layer_rebuilds
    assert picture.flat and picture.put_back(scene.view, scene.table, scene.camera)
    scene.view.draw(surface, scene.table, scene.camera)
    assert scene.view.layer_rebuilds == rebuilds and _layer_bytes(scene.view) == before


def test_a_stream_of_resizes_in_one_frame_is_one_resize_and_the_picture_ends_as_a_fresh_one(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    sizes = []
    resized = type(app)._resized
    monkeypatch.setattr(type(app), "_resized", lambda self, size: (sizes.append(size), resized(self, size)))
    resizes = scene.view.layer_resized
    for w, h in ((1200, 760), (1100, 720), (1000, 700)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    d.step()
    assert sizes == [(1000, 700)] and app.screen.get_size() == (1000, 700)
    assert scene.view.layer_resized == resizes  # the old picture shown (the window's surfaces made)
    d.step(2)  # the new picture's surface made, then its painting begun off screen
    assert scene.view.layer_resized == resizes + 1 and scene.view._build is not None
    assert sizes == [(1000, 700)]  # (the size set_mode tells back, next frame: not laid out again)
    frames = 0
    while not (scene.view.settled and scene.view.layer.get_size() == (1000, 700)):
        d.step()
        frames += 1
    assert frames > 1
    assert _layer_bytes(scene.view) == _fresh_layer(app, scene)


def test_a_window_resized_back_paints_on_the_surface_its_size_s_picture_had_and_ends_as_a_fresh_one(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    first = scene.view.layer
    for size in ((1000, 700), first.get_size()):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames = 0
        d.step()
        while not (scene.view.settled and scene.view.layer.get_size() == size):
            d.step()
            frames += 1
            assert frames < 2000
    assert scene.view.layer is first  # (not a new one: SDL zeroes a new surface, up to 3 ms)
    assert _layer_bytes(scene.view) == _fresh_layer(app, scene)


def test_a_dropped_selection_s_one_outline_moves_with_it_without_a_pass_and_matches_a_fresh_one(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    band_all(d, scene)
    outlines = scene.view.outlines
    assert scene.view.card_width(scene.camera) < GROUP_OUTLINE_WIDTH
    pid = min(scene.selected, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
    start = centre_of(scene, pid)
    end = (start[0] + 37, start[1] + 23)
    press_and_move(d, start, (20, 10))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(17, 13), buttons=(1, 0, 0)))
    until_shown(d, scene)
    d.step()
    drawn = outlines.redrawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, mod=0))
    d.step()
    assert scene.holding
    until_shown(d, scene)
    d.step()
    assert [c.label for c in scene.table.undo_stack][-1] == "move"
    assert outlines.redrawn == drawn  # moved with the group, not drawn again over its 12,000 piles
    fresh = outlines.group_outline(scene.view, scene.table, scene.camera, scene.selected)
    assert outlines._group == fresh
    for at in ((fresh.x + 40, fresh.y), (fresh.x, fresh.y + 40), (fresh.right - 1, fresh.y + 40)):
        assert app.screen.get_at(at)[:3] == THEME.focus
    # Any other step (its undo here) draws them again.
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    until_shown(d, scene)
    d.step()
    assert outlines.redrawn > drawn


def test_back_at_a_size_whose_picture_is_under_way_the_frame_that_sees_it_paints_nothing(app):
    """The window resized away while its new size's picture is painted, and straight back: the
    frame that sees the size again makes the window's surface and shows the old picture, and the
    painting goes on from the next frame."""
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    view = scene.view

    def resize(size: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        d.step()

    resize((1000, 700))
    d.step(3)
    build = view._build
    assert build is not None and build.key[2] == (1000, 700), "the picture at 1000x700 is not under way"
    resize((1100, 720))
    painted = view.cards_painted
    resize((1000, 700))
    assert view._build is build and view.cards_painted == painted
    d.step()
    assert view.cards_painted > painted
    frames = 0
    while not (view.settled and view.layer.get_size() == (1000, 700)):
        d.step()
        frames += 1
        assert frames < 2000
    assert _layer_bytes(view) == _fresh_layer(app, scene)
