"""The rest of issue 16's table layout: what a table draws is declared to the layout
check, a cut name shows whole on hover, small cards show large on hover, the Hint
button finds a free place, and the tables share one way of writing counts."""

from __future__ import annotations


def test_the_tables_count_with_the_shared_plural():
    from cardtable.engine import words
    from cardtable.ui import table_parts

    assert table_parts.plural is words.plural
    assert table_parts.plural(12000, "chip") == "12,000 chips"


import dataclasses  # noqa: E402
import importlib  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from uihelp import Driver, rendered_texts, to_my_turn, variant_spec  # noqa: E402

from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.ui.layout_check import check_scene  # noqa: E402
from cardtable.ui.setup_scene import SeatConfig  # noqa: E402

LONG_NAMES = ["Ann"] + [f"Computer Player {n}" for n in range(2, 9)]




def eight_seats(app, game: str, seed: int = 3):
    """A table of Ann and seven computers with long names, one frame drawn."""
    table = importlib.import_module(f"cardtable.games.{game}.ui.table").TABLE
    configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(LONG_NAMES)]
    scene = table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=seed)
    Driver(app).step()
    return scene


def spy_tips(scene) -> list[list[str]]:
    shown: list[list[str]] = []
    draw_tip = scene.draw_tip

    def spy(surface, lines, over=None):
        shown.append(list(lines))
        return draw_tip(surface, lines, over)

    scene.draw_tip = spy
    return shown


@pytest.mark.parametrize("game", ["shenja_ivali", "sabacc"])
def test_a_cut_name_shows_whole_when_the_mouse_rests_on_its_plate(tight_app, game):
    scene = eight_seats(tight_app, game)
    assert scene.compact_plates()
    cut = [(rect, lines) for rect, lines in scene.tips if any(line.startswith("Computer Player") for line in lines)]
    assert cut, scene.tips
    rect, lines = cut[0]
    shown = spy_tips(scene)
    d = Driver(tight_app)
    d.move((scene.felt.centerx, scene.felt.centery))
    assert not shown
    d.move(rect.center)
    assert shown and shown[-1][0].startswith("Computer Player ") and "(computer)" in shown[-1][0], shown[-1:]


def test_the_hint_button_goes_to_a_free_spot_when_no_corner_is_free():
    from types import SimpleNamespace

    from cardtable.ui.hint import HintBox

    felt = pygame.Rect(10, 10, 700, 460)
    middle = pygame.Rect(200, 150, 300, 160)
    corners = [pygame.Rect(10, 10, 220, 130), pygame.Rect(490, 10, 220, 130),
               pygame.Rect(10, 330, 300, 140), pygame.Rect(400, 330, 310, 140), pygame.Rect(200, 150, 300, 90)]
    table = SimpleNamespace(felt=felt, middle=middle, app=SimpleNamespace(px=lambda v: int(v)),
                            layout_boxes=lambda: [(f"seat:{n}", r) for n, r in enumerate(corners)])
    button = HintBox(table)._place(pygame.Rect(0, 0, 90, 30))
    assert felt.contains(button)
    assert button.collidelist(corners) < 0, button
    assert middle.contains(button), button


def test_sabaccs_narrow_pots_and_piles_say_what_they_are(small_app, monkeypatch):
    scene = eight_seats(small_app, "sabacc")
    drawn = rendered_texts(small_app, monkeypatch)
    Driver(small_app).step()
    assert not [t for t in drawn if t.endswith("…") and t[:2] in ("ha", "sa")], drawn
    assert "sabacc" in drawn or "sabacc pot" in drawn
    captions = {name.split(":")[1].split()[0] for name, _ in scene.layout_boxes() if name.startswith("caption:")}
    assert {"deck", "out"} <= captions, captions


def play_calmly_to_the_showdown(scene, calm: tuple[str, ...], *, moves: int, bots: bool = False) -> None:
    """Play the table until it waits for the next round (checked): each seat takes its first
    legal action whose class is named in ``calm``; with none, its bot's choice (with ``bots``,
    if it has one) or its first legal action."""
    state = scene.state
    for _ in range(moves):
        if scene.waits_for_next_round() or state.to_act is None:
            break
        seat = state.to_act
        if seat == CHANCE:
            scene.perform(state.chance_action())
            continue
        actions = state.legal_actions(seat)
        quiet = [a for a in actions if type(a).__name__ in calm]
        bot = scene.bots.get(seat) if bots else None
        scene.perform(bot.choose(state, seat) if bot is not None and not quiet else (quiet or actions)[0])
    assert scene.waits_for_next_round()


def boxes_of(scene) -> set[str]:
    return {name.split(":")[0] + (":" + name.split(":")[1] if name.startswith(("key:", "bag:")) else "")
            for name, _ in scene.layout_boxes()}


def four_seats(app, game: str, seed: int = 5):
    table = importlib.import_module(f"cardtable.games.{game}.ui.table").TABLE
    configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(["Ann", "Bo", "Cy", "Di"])]
    scene = table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=seed)
    Driver(app).step()
    return scene


def test_what_the_tables_draw_beside_their_parts_is_declared_to_the_layout_check(small_app):
    sabacc = four_seats(small_app, "sabacc")
    assert "die caption" in boxes_of(sabacc)
    flame = four_seats(small_app, "flame_sword")
    assert {"grid", "grid numbers"} <= boxes_of(flame)
    alethkar = four_seats(small_app, "alethkar_poker")
    to_my_turn(alethkar, lambda state: state.phase.value == "bet")
    Driver(small_app).step()
    assert {"bag:own", "key:1"} <= boxes_of(alethkar), boxes_of(alethkar)
    ipso = four_seats(small_app, "ipso")
    to_my_turn(ipso, lambda state: state.phase.value == "exchange")
    Driver(small_app).step()
    stock = dict(ipso.layout_boxes())["pile:stock"]
    assert stock.top < ipso.pile_rects[next(iter(ipso.pile_rects))].top and "key:1" in boxes_of(ipso)
    for scene in (sabacc, flame, alethkar, ipso):  # (a text cut short, the bag line too, is a problem)
        assert check_scene(scene, small_app.screen.get_size()) == [], type(scene).__name__


def test_a_tag_on_a_plates_top_edge_is_part_of_the_plate_and_clear_of_the_seat_above(tight_app):
    scene = eight_seats(tight_app, "shenja_ivali")
    surface = pygame.Surface(tight_app.screen.get_size())
    scene.begin_boxes()
    for seat in range(1, 8):
        scene.seat_plate(surface, seat, ["chips 99,999 · bet 99,999 · folded"], dealer=seat == 2, acting=False)
    plates = {name: rect for name, rect in scene.layout_boxes() if name.startswith("plate:")}
    assert len(plates) == 7
    found = check_scene(scene, tight_app.screen.get_size())
    # nothing overlaps; a line this long (five-figure stacks and bets) is cut in a compact column, whole on hover
    assert [p for p in found if "cut to fit" not in p] == []
    assert not found or scene.tips
    for seat in range(1, 8):
        slot = scene.slot(seat)
        assert plates[f"plate:{seat}"].top < slot.plate.top or scene.tips, seat  # on the edge, or cut (with a tip)


def test_another_seats_small_revealed_cards_show_large_under_the_mouse(tight_app):
    scene = eight_seats(tight_app, "sabacc", seed=2)
    play_calmly_to_the_showdown(scene, ("Check", "Call", "Stand", "Keep"), moves=3000, bots=True)
    d = Driver(tight_app)
    d.step(20)
    assert scene.compact_plates() and scene.seat_hands, "no small revealed cards to hover"
    seat, (box, cards) = next(iter(scene.seat_hands.items()))
    drawn: list[list[int]] = []
    scene._show_large = lambda surface, faces, rect: drawn.append([f.get_width() for f in faces])
    d.move((scene.felt.centerx, scene.felt.bottom - 4))
    assert not drawn
    d.move(box.center)
    assert drawn and len(drawn[-1]) == len(cards) and min(drawn[-1]) >= tight_app.px(90)
    del scene._show_large
    d.move((box.centerx + 1, box.centery))


@pytest.mark.parametrize("size, scale", [((1024, 640), 1.5), ((1366, 768), 1.0)])
def test_flame_swords_called_shots_stay_in_their_seats_places(size, scale):
    from cardtable.games.flame_sword.rules import CallShot
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=size)
    try:
        app.settings = dataclasses.replace(app.settings, ui_scale=scale)
        app.push(MenuScene(app))
        scene = eight_seats(app, "flame_sword")
        state = scene.state
        for _ in range(3000):  # everyone calls a shot; then to Ann's bet
            if state.phase.value == "bet" and state.to_act == 0:
                break
            seat = state.to_act
            if seat == CHANCE:
                scene.perform(state.chance_action())
            elif state.phase.value == "call":
                scene.perform(CallShot(seat=seat, cards=tuple(range(10 * seat, 10 * seat + 10))))
            else:
                scene.perform(scene.bots[seat].choose(state, seat) if seat in scene.bots else
                              state.legal_actions(seat)[0])
        Driver(app).step(20)
        names = {name for name, _ in scene.layout_boxes()}
        assert "called:0" in names and "pots" in names and "hand:own" in names
        assert check_scene(scene, app.screen.get_size()) == []
    finally:
        app.shutdown()


def test_ivalis_piles_keep_to_the_middle_at_a_crowded_showdown(small_app):
    scene = eight_seats(small_app, "shenja_ivali", seed=7)
    play_calmly_to_the_showdown(scene, ("Check", "Call", "PassBid", "Discard"), moves=5000)
    Driver(small_app).step(30)
    boxes = dict(scene.layout_boxes())
    assert boxes["deck"].colliderect(scene.middle) and scene.middle.contains(boxes["discards"])
    assert check_scene(scene, small_app.screen.get_size()) == []
