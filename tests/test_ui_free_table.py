"""The free table played through posted mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest
from uihelp import Driver

from cardtable.engine.table import CARD_H, CARD_W
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.help import HelpOverlay
from cardtable.ui.menu import MenuScene


def open_table(app, deck_id="standard52") -> tuple[Driver, FreeTableScene]:
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id=deck_id, seed=3))
    d = Driver(app)
    d.step()
    return d, scene


def centre_of(scene: FreeTableScene, pid: int) -> tuple[int, int]:
    pile = scene.table.piles[pid]
    x, y = scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)
    return int(x), int(y)


def only_pile(scene):
    (pid,) = scene.table.piles
    return pid


def until_shown(d, scene, limit=200) -> int:
    """Step until a big step's work is done and its picture shows; the frames it took."""
    frames = 0
    while scene.work.busy or scene.holding:
        assert frames < limit
        d.step()
        frames += 1
    return frames


def test_menu_opens_the_free_table_with_enter(app):
    d = Driver(app)
    d.step()
    menu = app.scenes.top
    ids = [entry.spec.id if entry.spec else None for entry in menu.entries]
    for _ in range(ids.index("free_table")):  # walk down the list with the arrow key
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, FreeTableScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_drag_the_top_card_off_the_pile_and_back_onto_it(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    start = centre_of(scene, pid)
    d.drag(start, (start[0] + 300, start[1]))
    assert len(scene.table.piles) == 2
    loose = next(p for p in scene.table.piles if p != pid)
    assert scene.table.piles[loose].cards == (51,)
    d.drag(centre_of(scene, loose), (start[0] + 5, start[1] + 5))
    assert list(scene.table.piles) == [pid] and len(scene.table.piles[pid].cards) == 52


def test_shift_drag_moves_the_whole_pile(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    before = scene.table.piles[pid]
    start = centre_of(scene, pid)
    # Mouse events carry no modifiers: Shift is read from the keyboard's state.
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        d.drag(start, (start[0] + 200, start[1] + 100))
    finally:
        pygame.key.set_mods(0)
    after = scene.table.piles[pid]
    assert len(scene.table.piles) == 1 and after.cards == before.cards
    assert after.x == pytest.approx(before.x + 200 / scene.camera.zoom, abs=1)


def test_keys_flip_shuffle_deal_spread_gather_and_undo(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_f)
    assert all(scene.table.piles[pid].faces)
    d.key(pygame.K_s)
    order = scene.table.piles[pid].cards
    assert order != tuple(range(52)) and not any(scene.table.piles[pid].faces)
    d.key(pygame.K_d, pygame.KMOD_SHIFT)  # five cards, face up
    assert len(scene.table.piles) == 6
    assert sum(all(p.faces) for p in scene.table.piles.values() if len(p.cards) == 1) == 5
    d.move(centre_of(scene, pid))
    d.key(pygame.K_g)
    assert len(scene.table.piles) == 52
    d.key(pygame.K_c)
    assert len(scene.table.piles) == 1
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.table.piles) == 52
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert len(scene.table.piles) == 1


def test_double_click_flips_a_card(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    c = centre_of(scene, pid)
    d.click(c)
    d.click(c)
    assert scene.table.piles[pid].top_face_up


def test_toolbar_buttons_act_and_undo_greys_out_when_nothing_to_undo(app):
    d, scene = open_table(app)
    assert not d.button("Undo").enabled
    d.press("Fan")
    assert len(scene.table.piles) == 52
    assert d.button("Undo").enabled
    d.press("Undo")
    assert len(scene.table.piles) == 1 and not d.button("Undo").enabled


def test_wheel_zooms_around_the_cursor(app):
    d, scene = open_table(app)
    pos = (700, 450)
    world_before = scene.camera.to_world(*pos)
    zoom = scene.camera.zoom
    d.wheel(2, pos)
    assert scene.camera.zoom > zoom
    assert scene.camera.to_world(*pos) == pytest.approx(world_before)


def test_right_drag_on_felt_and_arrow_keys_pan(app):
    d, scene = open_table(app)
    x0, y0 = scene.camera.x, scene.camera.y
    d.drag((1200, 700), (1100, 650), button=3)
    assert scene.camera.x == pytest.approx(x0 + 100 / scene.camera.zoom)
    assert scene.camera.y == pytest.approx(y0 + 50 / scene.camera.zoom)
    x1 = scene.camera.x
    d.key(pygame.K_RIGHT)
    assert scene.camera.x > x1


def test_home_fits_every_card_on_screen(app):
    d, scene = open_table(app)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.key(pygame.K_HOME)
    w, h = app.screen.get_size()
    for pile in scene.table.piles.values():
        x0, y0 = scene.camera.to_screen(pile.x, pile.y)
        x1, y1 = scene.camera.to_screen(pile.x + CARD_W, pile.y + CARD_H)
        assert 0 <= x0 and x1 <= w and scene.toolbar_height() <= y0 and y1 <= h


def test_the_last_card_touched_goes_on_top(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    c = centre_of(scene, pid)
    d.drag(c, (c[0] + 40, c[1]))  # a card half over the pile
    loose = next(p for p in scene.table.piles if p != pid)
    overlap = (c[0] + 20, c[1])
    assert scene.pile_under(overlap) == loose
    d.click((c[0] - 60, c[1]))     # touch the pile where the loose card does not cover it
    assert scene.pile_under(overlap) == pid


def test_hover_magnify_with_alt_shows_only_what_is_face_up(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="",
                                         scancode=0))
    d.step()
    assert scene.alt_held
    requested = []
    real_get = scene.view.cache.get
    scene.view.cache.get = lambda deck, card, up, w, **kw: (requested.append((card, up, w)),
                                                            real_get(deck, card, up, w, **kw))[1]
    d.step()
    big = [r for r in requested if r[2] > 200]
    assert big and all(up is False for _, up, _ in big)  # the pile is face down: the magnifier shows a back


def test_help_overlay_opens_with_f1_and_question_mark_and_closes_with_escape(app):
    d, scene = open_table(app)
    d.key(pygame.K_F1)
    assert isinstance(app.scenes.top, HelpOverlay)
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene
    d.key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    assert isinstance(app.scenes.top, HelpOverlay)


def test_switching_decks_keeps_each_table(app):
    d, scene = open_table(app)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.key(pygame.K_2)
    assert scene.table.deck.id == "ivali" and len(scene.table.piles) == 1
    assert len(scene.table.piles[only_pile(scene)].cards) == 129
    d.key(pygame.K_1)
    assert scene.table.deck.id == "standard52" and len(scene.table.piles) == 52


def test_the_infinite_deck_spreads_gathers_and_zooms_without_trouble(app):
    d, scene = open_table(app, "infinite")
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_f)
    d.key(pygame.K_g)
    until_shown(d, scene)
    assert len(scene.table.piles) == 12_000
    d.key(pygame.K_HOME)
    d.step(30)  # the cards fly to their places
    assert scene.animation is None and scene.view.drawn_last_frame == 12_000
    for _ in range(3):
        d.wheel(3, (640, 400))
    assert 0 < scene.view.drawn_last_frame < 2000
    d.key(pygame.K_c)
    until_shown(d, scene)
    assert len(scene.table.piles) == 1


def test_status_line_never_names_a_face_down_card(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    drawn = []
    real = app.fonts.render
    app.fonts.render = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    d.step()
    top = scene.table.deck.cards[scene.table.piles[pid].top].name
    assert not any(top in t for t in drawn)
    d.key(pygame.K_f)
    drawn.clear()
    d.step()
    new_top = scene.table.deck.cards[scene.table.piles[pid].top].name
    assert any(new_top in t for t in drawn)


def test_moves_make_sounds_only_when_sound_is_on(app):
    d, scene = open_table(app)
    played = []
    app.sounds.sounds = {name: type("S", (), {"play": lambda self, n=name: played.append(n)})()
                         for name in app.sounds.NAMES}
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_s)
    d.key(pygame.K_f)
    assert played == ["shuffle", "flip"]
    app.update_settings(sound=False)
    d.key(pygame.K_f)
    assert played == ["shuffle", "flip"]


def test_a_spread_flies_the_cards_out_and_an_undo_flies_them_back(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_g)
    anim = scene.animation
    # The top card stays where the pile was; the other 51 fly out from there.
    assert anim is not None and len(anim.flights) == 51
    assert all((f.x0, f.y0) == (0, 0) != (f.x1, f.y1) for f in anim.flights)
    waiting = {pid for pid, p in scene.table.piles.items() if (p.x, p.y) != (0, 0)}
    assert set(anim.hidden) == waiting  # every pile a card flies to waits for it
    d.step(30)
    assert scene.animation is None
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    back = scene.animation
    assert back is not None and {(f.x1, f.y1) for f in back.flights} == {(0, 0)}
    d.step(30)
    assert scene.animation is None and len(scene.table.piles) == 1


def test_a_dropped_card_does_not_fly(app):
    d, scene = open_table(app)
    c = centre_of(scene, only_pile(scene))
    d.drag(c, (c[0] + 300, c[1]))
    assert scene.animation is None


def _overlapping(scene) -> bool:
    piles = list(scene.table.piles.values())
    return any(a.x < b.x + CARD_W and b.x < a.x + CARD_W and a.y < b.y + CARD_H and b.y < a.y + CARD_H
               for i, a in enumerate(piles) for b in piles[i + 1:])


def test_the_grip_at_a_piles_corner_drags_the_whole_pile(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    grip = scene.view.grip_rect(scene.camera, scene.table.piles[pid]).center
    assert scene.grip_under(grip) == pid
    d.drag(grip, (grip[0] + 250, grip[1] + 60))
    assert list(scene.table.piles) == [pid] and len(scene.table.piles[pid].cards) == 52
    assert scene.table.piles[pid].x > 100


def test_d_deals_face_down_even_from_a_face_up_pile_and_rows_never_overlap(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_f)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_d)
    singles = [p for p in scene.table.piles.values() if len(p.cards) == 1]
    assert len(singles) == 5 and not any(p.faces[0] for p in singles)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_d, pygame.KMOD_SHIFT)
    assert sum(p.faces[0] for p in scene.table.piles.values() if len(p.cards) == 1) == 5
    assert not _overlapping(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_g)
    assert len(scene.table.piles) == 52 and not _overlapping(scene)


def test_fit_with_one_pile_is_capped_and_keeps_the_count_badge_on_screen(app):
    d, scene = open_table(app)
    d.key(pygame.K_HOME)
    assert scene.camera.zoom <= 2.0
    pile = scene.table.piles[only_pile(scene)]
    _, bottom = scene.camera.to_screen(pile.x, pile.y + CARD_H + 30)
    assert bottom <= app.screen.get_height()


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_toolbar_folds_into_more_and_leaves_room_for_the_frame_time(app, size, scale):
    app.update_settings(ui_scale=scale, show_frame_time=True)
    app._resized(size)
    d, scene = open_table(app)
    d.step()
    w = app.screen.get_width()
    rects = [wd.rect for wd in scene.widgets.widgets]
    assert all(r.right <= w - scene.readout_width() for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    shown = {getattr(wd, "label", None) for wd in scene.widgets.widgets}
    folded = {label for label, _, _ in scene.folded}
    assert {"Grid", "Fan", "Gather", "Undo", "Redo", "Fit", "Find", "?"} <= shown | folded
    if folded:
        d.press("More ▾")
        assert scene.menu is not None and scene.menu.rect.right <= w
        i = next(i for i, item in enumerate(scene.menu.items) if item[2] is not None)  # Undo is greyed
        assert scene.menu.items[i][0] in folded
        d.click(scene.menu.item_rect(i).center)
        assert scene.menu is None


def test_rubber_band_selects_and_the_selection_moves_and_flips_as_one_step(app):
    d, scene = open_table(app)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.step(30)
    d.key(pygame.K_HOME)
    first = sorted(scene.table.piles, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))[:3]
    a = scene.camera.to_screen(scene.table.piles[first[0]].x - 5, scene.table.piles[first[0]].y - 5)
    b = centre_of(scene, first[2])
    d.drag((int(a[0]), int(a[1])), b)
    assert scene.selected == set(first)
    steps = len(scene.table.undo_stack)
    before = {p: (scene.table.piles[p].x, scene.table.piles[p].y) for p in first}
    c = centre_of(scene, first[1])
    d.drag(c, (c[0], c[1] + 300))
    assert len(scene.table.undo_stack) == steps + 1
    assert all(scene.table.piles[p].y > before[p][1] + 100 for p in first)
    d.move(centre_of(scene, first[0]))
    d.key(pygame.K_f)
    assert all(scene.table.piles[p].top_face_up for p in first)
    assert len(scene.table.undo_stack) == steps + 2
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not any(scene.table.piles[p].top_face_up for p in first)


def test_ctrl_click_adds_and_removes_a_pile_from_the_selection(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_n)
    d.step(30)
    piles = sorted(scene.table.piles, key=lambda p: scene.table.piles[p].x)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        left = scene.table.piles[piles[0]]  # the fan covers all but its left edge
        edge = scene.camera.to_screen(left.x + 8, left.y + CARD_H / 2)
        d.click(centre_of(scene, piles[-1]))
        d.click((int(edge[0]), int(edge[1])))
        assert scene.selected == {piles[-1], piles[0]}
        d.click(centre_of(scene, piles[-1]))
        assert scene.selected == {piles[0]}
    finally:
        pygame.key.set_mods(0)


def test_right_click_menu_on_a_pile_acts_through_the_model(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.click(centre_of(scene, pid), button=3)
    assert scene.menu is not None
    labels = [label for label, _, _ in scene.menu.items]
    assert "Flip" in labels and "Spread as a row" in labels and "Count" in labels
    d.click(scene.menu.item_rect(labels.index("Take the top 5 cards into a new pile")).center)
    assert scene.menu is None and sorted(len(p.cards) for p in scene.table.piles.values()) == [5, 47]
    assert not _overlapping(scene)
    d.click(centre_of(scene, pid), button=3)
    labels = [label for label, _, _ in scene.menu.items]
    d.click(scene.menu.item_rect(labels.index("Spread as a row")).center)
    assert len({p.y for p in scene.table.piles.values() if len(p.cards) == 1}) == 1
    assert not _overlapping(scene)
    assert scene.table.undo() == "spread (row)"


def test_the_key_map_and_the_free_tables_page_tell_the_new_mouse_scheme(app):
    from pathlib import Path

    from cardtable.games.free_table.ui.keys import key_rows
    keys = {k for k, _ in key_rows()}
    assert {"Ctrl+click", "Right-click", "Drag felt"} <= keys
    assert not any(k.startswith("Drag felt,") for k in keys)  # dragging the felt selects; it no longer pans
    page = (Path(__file__).parent.parent / "docs" / "games" / "free_table.md").read_text(encoding="utf-8")
    section = page[page.index("On the free table:"):page.index("## Settings")]
    assert "rubber-band" in section and "right-click a pile" in section and "More ▾" in section
    assert "| drag the felt, right-drag" not in section


def test_dragging_the_felt_selects_and_space_or_middle_drag_pans(app):
    d, scene = open_table(app)
    x0, y0 = scene.camera.x, scene.camera.y
    d.drag((1200, 700), (1100, 650))  # a rubber band over nothing: no pan, nothing selected
    assert (scene.camera.x, scene.camera.y) == (x0, y0) and not scene.selected
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    d.step()
    d.drag((1200, 700), (1100, 700))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    d.step()
    assert scene.camera.x == pytest.approx(x0 + 100 / scene.camera.zoom)
    d.drag((1200, 700), (1200, 600), button=2)
    assert scene.camera.y == pytest.approx(y0 + 100 / scene.camera.zoom)
    d.click((1200, 700), button=3)  # a right-click on the felt opens no menu
    assert scene.menu is None


def test_the_free_tables_help_lists_its_key_map_and_every_key_has_a_handler(app):
    """Help's rows come from the table's key map (not the variant file), and each key
    the map declares dispatches to a method the scene has."""
    from cardtable.games.free_table.ui import keys
    from cardtable.ui.help import HelpOverlay

    d, scene = open_table(app)
    spec = scene.variant
    rows = HelpOverlay(app, spec).key_rows()
    assert rows == keys.key_rows()
    listed = {(k, w) for ks, ws in rows for k, w in zip(ks.split("; "), ws.split("; "))}  # (a row may pair two)
    for binding in keys.KEYS + keys.CTRL_KEYS + keys.FOCUS_KEYS:
        assert callable(getattr(scene, binding.handler)), binding.handler
        if binding.label not in ("Esc", "? / F1"):
            assert (binding.label, binding.does) in listed
    before = len(scene.table.piles)
    d.key(pygame.K_g)
    assert len(scene.table.piles) > before
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(scene.table.piles) == before


def test_a_step_of_thousands_of_piles_holds_the_last_picture_until_done_then_flies(app):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_f)
    d.step(40)
    top = (0, 0, app.screen.get_width(), app.screen.get_height() - 120)  # above the toasts
    before = pygame.image.tobytes(app.screen.subsurface(top), "RGB")
    d.key(pygame.K_g)  # the step is prepared a slice a frame: the picture stays the last one, whole
    assert scene.work.busy and scene.animation is None
    held = 1
    while scene.work.busy:
        assert pygame.image.tobytes(app.screen.subsurface(top), "RGB") == before
        d.step()
        held += 1
    assert len(scene.table.piles) == 12_000 and not scene.table.index.deferred
    assert scene.animation is not None and scene.animation.flights
    assert held >= 1  # (how many depends on the machine: a slice of each frame's time)
    d.step()  # the first frame that shows the step: the cards leave the pile
    assert pygame.image.tobytes(app.screen.subsurface(top), "RGB") != before
    assert scene.animation.progress(scene.clock) < 0.1
    d.step(60)  # landed
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.work.busy  # (putting one pile back is quick: its flight waits for the next frames)
    until_shown(d, scene)
    assert scene.animation is not None and len(scene.table.piles) == 1


def test_one_card_and_one_player_are_singular(app):
    """Wording: "Shuffled 1 card", "to 1 player", never "1 cards" or "1 piles"."""
    d, scene = open_table(app)
    pid = next(iter(scene.table.piles))
    one = scene.table.move(pid, 1, scene.table.piles[pid].x + 400, scene.table.piles[pid].y)
    d.step()
    d.move(centre_of(scene, one))
    d.key(pygame.K_s)
    assert app.toast_text == "Shuffled 1 card"
    scene.set_players(1)
    scene.deal_to_players(pid)
    assert app.toast_text.startswith("Dealt 5 cards to 1 player:")
