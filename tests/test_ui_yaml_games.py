"""The poker table of the games written in a variant file, driven by posted events: each
bundled one (found in the registry, not listed here) opened from the menu with two people
and a computer, a hand played to the showdown with the mouse and the keys, the board and
the up cards drawn, no card drawn face up that the person at the screen may not see, each
pot's winners told whole; a save restored; the draw and Pineapple's exact discard of
games a person writes; Stud and Omaha Hi/Lo at their most seats in the smallest window at
the largest scale, every frame to the showdown within the layout check."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver, people_turns, start_two_people_and_a_computer, variant_spec
from written_games import DRAW, PINEAPPLE, write_examples

from cardtable import games, paths
from cardtable.engine.betting import Call, Check
from cardtable.engine.flow.actions import Discard
from cardtable.engine.game import CHANCE
from cardtable.ui.layout_check import check_scene
from cardtable.ui.setup_scene import SeatConfig
from cardtable.yaml_games.rules import Phase
from cardtable.yaml_games.ui.hands_page import HandsPage
from cardtable.yaml_games.ui.table import TABLE, PokerTableScene

SHARED_TABLE = "cardtable.yaml_games.ui.table"
DECLARED = [game for game in games.games() if game.table == SHARED_TABLE]
"""Every game written in a variant file the registry found (Hold'em, Omaha, Stud, Hi/Lo...)."""


def test_the_bundled_declared_games_play_at_this_table():
    assert {"texas_holdem", "omaha", "omaha_hilo", "seven_card_stud"} <= {game.id for game in DECLARED}


def visible(state, viewer: int | None) -> set[int]:
    """The cards ``viewer`` may see (the truth, from the state): its own, every up card,
    the board and the hands shown."""
    cards = set(state.board) | {card for up in state.up for card in up}
    for seat, hand in enumerate(state.hands):
        if seat == viewer or state.shown[seat]:
            cards |= set(hand)
    return cards


class FacesSeen:
    """Every card the table draws face up, frame by frame: after each frame, each one must
    be a card the person at the screen may see."""

    def __init__(self, app, scene, monkeypatch) -> None:
        self.scene, self.frame, self.frames = scene, set(), 0
        self.board_drawn = self.up_drawn = False
        get = scene.faces.get

        def spy(deck, card, face_up, *args, **kwargs):
            if face_up:
                self.frame.add(card)
            return get(deck, card, face_up, *args, **kwargs)

        monkeypatch.setattr(scene.faces, "get", spy)
        step = app.step

        def checked_step(dt=None):
            step(dt)
            self.check()

        monkeypatch.setattr(app, "step", checked_step)

    def check(self) -> None:
        state, scene = self.scene.state, self.scene
        if scene.app.scenes.top is scene:
            wrong = self.frame - visible(state, scene.viewer)
            assert not wrong, f"drawn face up for viewer {scene.viewer}: {sorted(wrong)} ({state.phase})"
            self.board_drawn |= bool(state.board) and set(state.board) <= self.frame
            others_up = {c for s, up in enumerate(state.up) if s != scene.viewer for c in up}
            self.up_drawn |= bool(others_up) and others_up <= self.frame
            self.frames += 1
        self.frame = set()


def no_up_cards(state) -> bool:
    """people_turns' check that a person sees no other seat's card holds until cards are dealt
    face up (Stud's): from then on :class:`FacesSeen` checks what the table draws."""
    return not any(state.up)


def call_with_the_mouse(d: Driver, scene) -> None:
    """Click the bet bar's Check or Call button."""
    button = next(w for w in scene.bet_bar.widgets.widgets
                  if getattr(w, "label", "") == "Check" or str(getattr(w, "label", "")).startswith("Call"))
    d.click(button.rect.center)


@pytest.mark.parametrize("game", DECLARED, ids=lambda g: g.id)
def test_a_hand_to_the_showdown_through_events(app, game, monkeypatch):
    d, scene = start_two_people_and_a_computer(app, variant_spec(app, game.id).id, PokerTableScene)
    state = scene.state
    seen = FacesSeen(app, scene, monkeypatch)
    passes: list[str] = []
    moves = 0
    for seat in people_turns(d, scene, lambda state: state.phase == Phase.REVEAL, 6000, passes, private=no_up_cards):
        assert state.phase in (Phase.BET, Phase.DRAW) and scene.viewer == seat
        history = len(state.history)
        if state.phase == Phase.DRAW:  # Five-Card Draw's: stand pat
            d.key(pygame.K_d)
            assert len(state.history) > history and state.history[history] == Discard(seat=seat, cards=())
            continue
        if moves % 2 == 0:
            call_with_the_mouse(d, scene)
        else:
            d.key(pygame.K_c)
        assert len(state.history) > history and isinstance(state.history[history], (Check, Call))
        moves += 1
    assert state.phase == Phase.REVEAL and state.results is not None and moves >= 2
    assert set(passes) <= {"Player 1", "Player 2"} and passes
    d.step(20)
    parts = scene.parts()
    assert seen.frames > 50
    assert seen.board_drawn == parts.has_board and seen.up_drawn == parts.has_up
    # each pot said whole: its name, amount, winners and hand, the hand beaten and why
    results = scene.view.showdown
    assert results is not None and results.showdown  # the people never fold
    lines = scene.result_lines
    assert len(lines) == len(results.pots) and not any("…" in line for line in lines)
    alone = all(pot.name.startswith("main pot") for pot in results.pots)  # no side pot: said as "the pot"
    for line, pot in zip(lines, results.pots):
        name = pot.name.replace("main pot", "pot") if alone else pot.name
        assert line.lower().startswith(f"{name} {pot.amount:,}: ")
        assert all(scene.names[w] in line for w in pot.winners)
        high = results.hand(pot.winners[0])
        low = pot.name.endswith("(low)")
        if low:
            assert " low" in line
        else:
            assert high is not None and high.label in line
        if len(pot.winners) > 1:
            assert line.endswith("(equal hands)")
        elif pot.name.startswith("main pot") and not low:  # the people's hands at least were shown
            assert ", against " in line and line.endswith(")")
    if game.id == "omaha_hilo" and any(p.name.endswith("(low)") for p in results.pots):
        assert any(line.startswith(("Main pot (low)", "Pot (low)")) for line in lines)
    d.key(pygame.K_RETURN)  # the next hand
    assert state.round_no == 2


@pytest.mark.parametrize("game", ["texas_holdem", "seven_card_stud"])
def test_a_save_restores_the_table_exactly(app, game):
    d, scene = start_two_people_and_a_computer(app, game, PokerTableScene)
    state = scene.state
    for _ in people_turns(d, scene, lambda state: state.phase == Phase.BET and state.betting_round == 1, 4000,
                          private=no_up_cards):
        d.key(pygame.K_c)
    data = scene.save_data()
    copy = TABLE.restore(app, scene.variant, data)
    assert isinstance(copy, PokerTableScene) and copy is not scene
    assert copy.state.to_json() == state.to_json() and copy.state.to_act == state.to_act
    app.scenes.remove(copy)


def test_the_hands_page_has_the_lows_only_where_a_pot_splits(app):
    holdem = HandsPage(app, variant_spec(app, "texas_holdem"))
    hilo = HandsPage(app, variant_spec(app, "omaha_hilo"))
    assert [r.name for r in holdem.rows()][:2] == ["Straight Flush", "Four of a Kind"] and len(holdem.rows()) == 9
    assert len(hilo.rows()) > 9 and any(r.name == "5-4-3-2-A" for r in hilo.rows())
    assert len(TABLE.help_pages(app, variant_spec(app, "omaha_hilo"))) == 1


# -- games a person writes: a draw, and Pineapple's discard (docs/examples) -----------------------
@pytest.fixture
def written_app():
    """The app with the example games (docs/examples) in the user's variants folder, the
    registry found again with them (and as it was afterwards)."""
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    write_examples(paths.user_variants_dir(), PINEAPPLE, DRAW)
    games.registry.cache_clear()
    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    try:
        assert {DRAW, PINEAPPLE} <= set(games.registry().games), games.broken()
        yield app
    finally:
        app.shutdown()
        games.registry.cache_clear()


def to_the_persons_discard(d: Driver, scene):
    """Check and call through the betting until a person is to draw or discard."""
    for _ in people_turns(d, scene, lambda state: state.phase in (Phase.DRAW, Phase.DISCARD), 4000):
        d.key(pygame.K_c)
    from cardtable.ui.pass_screen import PassScreen

    state = scene.state
    assert state.phase in (Phase.DRAW, Phase.DISCARD) and not scene.is_bot(state.to_act)
    while isinstance(d.app.scenes.top, PassScreen) or scene.cards.busy or scene.viewer != state.to_act:
        d.key(pygame.K_RETURN) if isinstance(d.app.scenes.top, PassScreen) else d.step()
    return state, state.to_act


def test_pineapple_discards_exactly_one_card_by_clicking(written_app):
    d, scene = start_two_people_and_a_computer(written_app, PINEAPPLE, PokerTableScene)
    state, seat = to_the_persons_discard(d, scene)
    assert scene.parts().draw_exact and scene.parts().draw_limit == 1
    button = d.button("Choose 1 more")
    assert not button.enabled and "exactly 1 card" in button.disabled_reason
    history = len(state.history)
    d.key(pygame.K_RETURN)  # refused: nothing chosen
    assert len(state.history) == history and "exactly 1 card" in written_app.toast_text
    first, second = state.hands[seat][:2]
    d.click(scene.hand_rects[first].center)
    assert scene.selected == [first]
    d.click(scene.hand_rects[second].center)  # one too many: refused
    assert scene.selected == [first] and "exactly 1 card" in written_app.toast_text
    d.press("Discard 1")
    last = state.history[history]
    assert isinstance(last, Discard) and last.cards == (first,) and first not in state.hands[seat]
    assert len(state.hands[seat]) == 2


def test_a_written_draw_game_draws_by_keys(written_app):
    d, scene = start_two_people_and_a_computer(written_app, DRAW, PokerTableScene)
    state, seat = to_the_persons_discard(d, scene)
    hand = list(state.hands[seat])
    assert not scene.parts().draw_exact and d.button("Stand pat")
    d.key(pygame.K_1)
    d.key(pygame.K_3)
    assert scene.selected == [hand[0], hand[2]]
    d.press("Discard 2")
    assert state.drawn[seat] == 2 and len(state.hands[seat]) == 5
    assert hand[0] not in state.hands[seat] and hand[2] not in state.hands[seat]


# -- the tightest window ----------------------------------------------------------------------------
class Stays:
    """A player who checks or calls to the showdown."""

    def choose(self, state, seat):
        options = state.betting_options(seat)
        if options is not None:
            return Check(seat=seat) if options.can_check else Call(seat=seat)
        return state.legal_actions(seat)[0]


@pytest.mark.parametrize("game,count", [("seven_card_stud", 7), ("omaha_hilo", 8), ("texas_holdem", 8)])
def test_the_most_seats_fit_the_smallest_window_to_the_showdown(small_app, game, count):
    app = small_app
    app.settings = dataclasses.replace(app.settings, bot_speed=4.0)
    seats = [SeatConfig("Ada")] + [SeatConfig(f"Computer {n}", "normal") for n in range(2, count + 1)]
    scene = TABLE.start(app, variant_spec(app, game), seats, 200, seed=count)
    scene.bots = dict.fromkeys(scene.bots, Stays())
    state, d, problems, boards = scene.state, Driver(app), [], []
    for _ in range(3000):
        if state.phase == Phase.REVEAL:
            break
        if state.to_act == 0 and scene.viewer == 0 and not scene.cards.busy:
            d.key(pygame.K_c)
        else:
            app.step(1 / 30)
        problems += check_scene(scene, app.screen.get_size())
        board = next((rect for name, rect in scene.layout_boxes() if name == "board"), None)
        if board is not None and not scene.result_lines:  # a board to read: 20 px cards at scale 1 (was 13)
            boards.append(int(board.height / 1.4) + 1 >= app.px(20))
    d.step(12)
    problems += check_scene(scene, app.screen.get_size())
    assert state.phase == Phase.REVEAL and state.results is not None
    assert not problems, sorted(set(problems))[:8]
    assert all(boards) and (bool(boards) or game == "seven_card_stud")
    names = {name.split(":")[0] for name, _ in scene.layout_boxes()}
    assert {"results", "plate", "hand"} <= names
    assert len(scene.result_lines) >= 1 and not any("…" in line for line in scene.result_lines)
    said = scene.bar_text(scene.view)  # the middle without room for the hands beaten: the bar says them
    assert scene.results_whole or (", against " in said or "equal hands" in said), (scene.result_lines, said)
    up_rows = [state.up[s] for s in range(count) if s and state.in_hand[s]]
    assert game != "seven_card_stud" or all(len(up) == 4 for up in up_rows)
    assert CHANCE == state.to_act  # the next hand waits for the person
