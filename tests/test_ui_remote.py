"""A remote player's table (cardtable.ui.remote_table), fed the host's messages directly.

* Every game: a whole match played here by computer players, every ``state`` message
  seat 0 would receive given to its remote table, each view shown and drawn (the table
  has no state at all, only the view it was sent); no card face is ever drawn for a
  card that is not a deck's, chance and the other seats are never played here, and the
  table ends on the standings.
* Our person's action goes to the host (not applied), at most one at a time; a refusal
  is a toast; a dropped connection shows "Reconnecting…" and joins again.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.net.host import new_match, state_message
from cardtable.ui import remote_table
from cardtable.ui.remote_table import RemoteTable, open_remote_table
from cardtable.ui.standings import MatchOverScene
from cardtable.ui.table_view import FaceCache

GAMES = games.registry().with_rules()


class FakeLink:
    """Stands for a ThreadedClient: messages put in ``inbox`` come out of ``poll``."""

    def __init__(self) -> None:
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[tuple[Any, int | None]] = []
        self.connected = True
        self.reconnects = 0
        self.closed = False

    def poll(self, most: int = 1000) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def send_action(self, action, count=None) -> None:
        self.sent.append((action, count))

    def send_ping(self, n: int) -> None:
        self.inbox.append({"type": "pong", "n": n})

    def round_trip_ms(self) -> float | None:
        return 0.5

    def reconnect(self, timeout: float = 10.0) -> dict[str, Any]:
        self.reconnects += 1
        self.connected = True
        self.inbox.append({"type": "welcome"})
        return {}

    def close(self, *, bye: bool = False, timeout: float = 3.0) -> None:
        self.closed = True


def message(state, seat: int, log_from: int) -> dict[str, Any]:
    return state_message(state, seat, count=len(state.history), log_from=log_from, want_legal=False)


def open_table(app, game, state, link, seat=0) -> RemoteTable:
    first = message(state, seat, 0)
    return open_remote_table(app, game, link, seat, first, list(first["log"]))


def dealt_remote_table(app, game_id: str):
    """A two-seat match of ``game_id`` just dealt, and seat 0's remote table open on it
    (one frame drawn): ``(game, state, link, table)``."""
    game = games.get(game_id)
    state = new_match(game, {}, ["Ada", "Bo"], 2)
    state.apply(state.chance_action())
    link = FakeLink()
    table = open_table(app, game, state, link)
    app.step(1 / 30)
    return game, state, link, table


@pytest.fixture
def no_pause(monkeypatch):
    monkeypatch.setattr(remote_table, "PACE", 0.0)
    monkeypatch.setattr(remote_table, "REVEAL_HOLD", 0.0)


@pytest.fixture
def faces_checked(monkeypatch):
    """Fail when a face is drawn for a card no deck has (a masked card)."""
    drawn = []
    for name in ("get", "swatch"):
        real = getattr(FaceCache, name)

        def checked(self, deck, card, *args, _real=real, **kwargs):
            assert isinstance(card, int) and 0 <= card < len(deck), f"a face drawn for card {card}"
            drawn.append(card)
            return _real(self, deck, card, *args, **kwargs)

        monkeypatch.setattr(FaceCache, name, checked)
    return drawn


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_games_view_is_drawn_for_a_whole_match(app, game, no_pause, faces_checked):
    state = new_match(game, dict(game.profile.short_match), ["Ada", "Bo", "Cy"][:max(2, game.seats[0])], 4)
    link = FakeLink()
    table = open_table(app, game, state, link)
    bots = {s: game.bot(random.Random(s), "random") for s in range(state.seats)}
    sent = len(state.log)
    shown = 0
    for _ in range(5000):
        if state.to_act is None:
            break
        state.apply(state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act))
        link.inbox.append(message(state, 0, sent))
        sent = len(state.log)
        app.step(1 / 30)
        assert not hasattr(table, "state") and table.match.seats == state.seats
        shown += 1
        assert table.view == state.seat_view(0)
        assert table.viewer == 0 and not table.passing
    # a no-limit match between random players may end in the first hand's all-in (6 views)
    assert state.to_act is None and shown > 5 and faces_checked
    assert table.match.log_for(0) == state.log_for(0)
    assert link.sent == []  # nothing was played from here
    assert isinstance(app.scenes.top, MatchOverScene) and app.scenes.top.on_again is None  # the host deals again


def test_our_action_goes_to_the_host_once_and_a_refusal_is_shown(app, no_pause):
    game = games.get("five_card_draw")
    state = new_match(game, {}, ["Ada", "Bo"], 2)
    while state.to_act != 0:
        state.apply(state.chance_action() if state.to_act == CHANCE else state.legal_actions(state.to_act)[0])
    link = FakeLink()
    table = open_table(app, game, state, link)
    app.step(1 / 30)
    action = state.legal_actions(0)[0]
    count = len(state.history)
    assert table.act(action) and link.sent == [(action, count)]
    assert not table.act(action) and len(link.sent) == 1  # one at a time
    assert len(state.history) == count  # the host applies it, not the table
    link.inbox.append({"type": "refused", "reason": "stale: the game is at action 9", "about": "action", "seq": 1})
    app.step(1 / 30)
    assert "stale" in app.toast_text and not table.in_flight
    state.apply(action)
    link.inbox.append(message(state, 0, 0))
    table.act(action)
    app.step(1 / 30)
    assert table.latency.actions, "the answer to our action was timed"
    assert table.view == state.seat_view(0)


def test_a_dropped_connection_reconnects_and_shows_it(app, no_pause, monkeypatch):
    _, _, link, table = dealt_remote_table(app, "sabacc")
    link.connected = False
    link.inbox.append({"type": "disconnected"})
    calls = []
    monkeypatch.setattr(remote_table.threading, "Thread",
                        lambda target, **kw: type("T", (), {"start": lambda self: calls.append(target)})())
    app.step(1 / 30)
    assert table.reconnecting and calls
    surface = pygame.Surface(app.screen.get_size())
    table.draw(surface)
    calls[0]()  # the reconnecting thread's work, here
    app.step(1 / 30)
    assert link.reconnects == 1 and not table.reconnecting


def test_a_remote_table_saves_nothing_here_on_leaving_a_crash_or_ctrl_s(app, no_pause):
    from cardtable import saves
    _, _, link, table = dealt_remote_table(app, "ipso")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    app.step(1 / 30)
    assert "host" in app.toast_text
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 30)
    assert "hint" in app.toast_text.lower()
    app.crashed(RuntimeError("a test's crash"))
    assert table not in app.scenes.scenes and saves.list_saves() == []
    for _ in range(1000):
        if link.closed:
            break
        time.sleep(0.01)
    assert link.closed, "the crash let go of the connection"


def test_after_the_end_a_closed_connection_is_not_reconnected(app, no_pause, monkeypatch):
    game = games.get("five_card_draw")
    state = new_match(game, {"starting_chips": 2}, ["Ada", "Bo"], 2)
    link = FakeLink()
    table = open_table(app, game, state, link)
    bots = {s: game.bot(random.Random(s), "random") for s in range(2)}
    while state.to_act is not None:
        state.apply(state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act))
    link.inbox.append(message(state, 0, 0))
    app.step(1 / 30)
    assert table.view.to_act is None
    link.connected = False
    link.inbox.append({"type": "disconnected"})
    app.step(1 / 30)
    assert not table.reconnecting and link.reconnects == 0


def test_a_settled_round_stays_on_the_table_until_enter_or_a_few_seconds(app, monkeypatch):
    monkeypatch.setattr(remote_table, "PACE", 0.0)
    game = games.get("five_card_draw")
    state = new_match(game, {}, ["Ada", "Bo", "Cy"], 3)
    link = FakeLink()
    table = open_table(app, game, state, link)
    bots = {s: game.bot(random.Random(s), "random") for s in range(3)}
    sent = 0
    while True:  # to the first settled round, and twenty actions past it, all sent at once
        state.apply(state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act))
        link.inbox.append(message(state, 0, sent))
        sent = len(state.log)
        if state.to_act == CHANCE and state.phase.value == "reveal":
            break
    for _ in range(20):
        state.apply(state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act))
        link.inbox.append(message(state, 0, sent))
        sent = len(state.log)
    app.step(1 / 30)
    assert table.view.phase.id == "reveal" and table.holding_settled and len(table.updates) == 20
    for _ in range(30):
        app.step(1 / 30)
    assert table.view.phase.id == "reveal", "held for the few seconds"
    held = table.view.round
    table.next_round()
    app.step(1 / 30)
    assert len(table.updates) < 20 and table.view.round > held


def test_the_plates_say_which_seats_the_hosts_computers_play_and_who_is_away(app, no_pause):
    game = games.get("five_card_draw")
    state = new_match(game, {}, ["Ada", "Bo", "Cy"], 2)
    state.apply(state.chance_action())
    link = FakeLink()
    first = state_message(state, 0, count=len(state.history), log_from=0, want_legal=False, computers=[2], away=[])
    table = open_remote_table(app, game, link, 0, first, list(first["log"]))
    assert [table.seat_note(s) for s in range(3)] == ["", "", "(computer)"]
    assert table.is_here(0) and not table.is_here(1) and not table.is_here(2)
    link.inbox.append(state_message(state, 0, count=len(state.history), log_from=len(state.log), want_legal=False,
                                    computers=[1, 2], away=[1]))
    app.step(1 / 30)
    assert [table.seat_note(s) for s in range(3)] == ["", "(away: computer playing)", "(computer)"]
    link.inbox.append(state_message(state, 0, count=len(state.history), log_from=len(state.log), want_legal=False,
                                    computers=[2], away=[1]))
    app.step(1 / 30)
    assert table.seat_note(1) == "(away)"
    table.draw(pygame.Surface(app.screen.get_size()))


def test_flame_swords_auto_flip_flips_our_cards_through_the_host_and_only_ours(app, no_pause):
    from cardtable.games.flame_sword.state import Phase
    game = games.get("flame_sword")
    state = new_match(game, {}, ["Ada", "Bo"], 2)
    bots = {s: game.bot(random.Random(s), "random") for s in range(2)}

    def play_to_flip(seat: int) -> None:
        while not (state.phase == Phase.FLIP and state.to_act == seat):
            state.apply(state.chance_action() if state.to_act == CHANCE
                        else bots[state.to_act].choose(state, state.to_act))

    play_to_flip(1)
    link = FakeLink()
    table = open_table(app, game, state, link)
    table.auto_flip = True
    for _ in range(60):
        app.step(1 / 30)
    assert link.sent == [] and table._flipper() is None  # theirs: nothing offered nor sent from here
    sent = len(state.log)
    play_to_flip(0)
    link.inbox.append(message(state, 0, sent))
    for _ in range(60):
        app.step(1 / 30)
    assert len(link.sent) == 1, "ours: the computer flips for us, through the host, once"
    assert link.sent[0][0].seat == 0 and type(link.sent[0][0]).__name__ == "Flip"


def test_sabaccs_die_lands_on_a_remote_table_from_the_views_alone(app, no_pause):
    """The shift die is the game's own animation: the remote table, which holds no game's
    code, shows it landing on the colour the host rolled, from the views before and after."""
    from cardtable.games.sabacc.state import RollDie
    game = games.get("sabacc")
    state = new_match(game, {}, ["Ada", "Bo"], 2)
    link = FakeLink()
    table = open_table(app, game, state, link)
    bots = {s: game.bot(random.Random(s), "random") for s in range(2)}
    sent, rolled = len(state.log), None
    for _ in range(3000):
        if state.to_act is None:
            break
        action = state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act)
        state.apply(action)
        link.inbox.append(message(state, 0, sent))
        sent = len(state.log)
        app.step(1 / 30)
        if isinstance(action, RollDie):
            rolled = action.colour
            break
    assert rolled is not None, "no die was rolled"
    assert table.die.colour == rolled and table.die.busy(table.clock)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_keys_condition_is_a_method_on_the_remote_table(app, game, no_pause):
    """A key's ``when`` names a method the remote table must not shadow with its own
    attribute (Ipso's Enter asks ``holding()``; a remote table once kept a flag of that name,
    and Enter there raised TypeError)."""
    _, _, _, table = dealt_remote_table(app, game.id)
    owners = [(table, table.KEYS), (table.bet_bar, getattr(table.bet_bar, "KEYS", ()))]
    conditions = [(owner, b.when) for owner, keys in owners for b in keys if b.when]
    assert conditions
    for owner, when in conditions:
        assert callable(getattr(owner, when)), f"{type(owner).__name__}.{when} is not a method"
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.step(1 / 30)  # no key raises
