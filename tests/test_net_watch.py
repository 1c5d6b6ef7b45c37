"""Spectators (a hello with ``watch``), on 127.0.0.1 and bounded in time.

* Every game of the registry is watched over a whole short match: every message the
  spectator is sent is checked against the host's state as it is sent: the view is
  ``seat_view(None)``, no card in it is one any seat cannot see (a hand's cards show only
  once the hand was shown at a showdown), the log lines are ``log_for(None)``'s; and
  the spectator read exactly what was sent.
* An action from a spectator is refused with the reason and changes nothing.
* A full table can still be watched; the lobby counts the spectators.
* Spectators are capped (:data:`cardtable.net.protocol.MOST_WATCHING`); one who drops
  watches again without a token.
* ``cardtable join --watch`` prints the match as the rail sees it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import random
import re
import threading
import time

import pytest

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE
from cardtable.engine.view import SeatView
from cardtable.net import protocol
from cardtable.net.client import Client, JoinRefused
from cardtable.net.host import Host, new_match

GAMES = games.registry().with_rules()
DEADLINE = 40.0


def run(coro, timeout: float = DEADLINE):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def seat_kinds_for(game) -> list[str]:
    """One remote seat, the rest random computers (quick), within the game's range."""
    low, high = game.seats
    return ["remote"] + ["random"] * (min(high, max(low, 3)) - 1)


def _zones_hidden(rail, seat_zones, where: str, problems: list[str]) -> None:
    """Each card the rail sees in a zone lies in the same place in that seat's view."""
    theirs = {z.id: z for z in seat_zones}
    for zone in rail:
        other = theirs.get(zone.id)
        for n, card in enumerate(zone.cards):
            if card is not None and (other is None or n >= len(other.cards) or other.cards[n] != card):
                problems.append(f"{where} zone {zone.id}[{n}]: card {card} is hidden from a seat")


def rail_problems(state, view: SeatView) -> list[str]:
    """What the spectator's view shows that some seat cannot see: a card in a hand not
    turned up at a showdown (its up cards aside), or any card (hands, up cards, zones)
    that a seat's own view hides in the same place; and a hand's card every seat sees (a
    hand turned up at a showdown) that the rail does not."""
    problems: list[str] = []
    seats = [state.seat_view(s) for s in range(state.seats)]
    for info in view.seats:
        if not info.shown and any(c is not None and c not in info.up for c in info.hand):
            problems.append(f"seat {info.seat}'s hand shows {info.hand} though it was not shown")
        for other in seats:
            mine = other.seats[info.seat]
            for n, card in enumerate(info.hand):
                if card is not None and (n >= len(mine.hand) or mine.hand[n] != card):
                    problems.append(f"seat {info.seat}'s card {card} is hidden from seat {other.seat}")
            if not set(info.up) <= set(mine.up):
                problems.append(f"seat {info.seat}'s up cards {info.up} are not all up for seat {other.seat}")
            _zones_hidden(info.zones, mine.zones, f"seat {info.seat}'s", problems)
    for other in seats:
        _zones_hidden(view.zones, other.zones, "the table's", problems)
    for info in view.seats:  # and what every seat sees, the rail sees: a hand turned up
        for n, card in enumerate(info.hand):
            everyone = {other.seats[info.seat].hand[n] if n < len(other.seats[info.seat].hand) else None
                        for other in seats}
            if card is None and len(everyone) == 1 and None not in everyone:
                problems.append(f"seat {info.seat}'s card {everyone.pop()} is seen by every seat but not the rail")
    return problems


class RailRecorder:
    """The host's ``on_send``: every message to a spectator, checked against the state
    at the moment it is sent (the headless host sends from the thread that plays)."""

    def __init__(self) -> None:
        self.sent = bytearray()
        self.problems: list[str] = []
        self.states = 0
        self.shown_cards = 0

    def __call__(self, seat, state, message, data) -> None:
        if seat is not None:
            return
        self.sent.extend(data)
        if message.get("type") != "state":
            return
        self.states += 1
        sent = json.loads(data)
        count = sent["count"]
        if sent["seat"] is not None or sent["legal"] is not None:
            self.problems.append(f"action {count}: a seat or legal actions sent to a spectator")
        view = SeatView.from_json(sent["view"])
        if view != state.seat_view(None):
            self.problems.append(f"action {count}: the view is not seat None's")
        start = sent["log_from"]
        if sent["log"] != state.log_for(None)[start:start + len(sent["log"])]:
            self.problems.append(f"action {count}: the log lines are not log_for(None)'s")
        self.problems.extend(f"action {count}: {p}" for p in rail_problems(state, view))
        self.shown_cards += sum(c is not None for s in view.seats for c in s.hand)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_message_a_spectator_gets_is_what_the_rail_may_see(game):
    kinds = seat_kinds_for(game)
    recorder = RailRecorder()
    host = Host(game, kinds, settings=dict(game.profile.short_match), seed=5, on_send=recorder).start()
    try:
        async def watch_and_play():
            rail = Client("127.0.0.1", host.port, host.code, watch=True, record=True)
            welcome = await rail.connect()
            player = Client("127.0.0.1", host.port, host.code, name="Ada", want_legal=True)
            await player.connect()
            await asyncio.gather(rail.follow(), player.play("normal", random.Random(5)))
            await rail.close()
            await player.close()
            return rail, welcome

        rail, welcome = run(watch_and_play())
        assert host.wait(DEADLINE) and host.error is None
        assert welcome["seat"] is None and welcome["token"] is None
        assert rail.over and rail.seat is None
        assert rail.view == host.state.seat_view(None).to_json()
        assert rail.log == host.state.log_for(None)
        assert rail.standings == [list(s) for s in host.state.standings()]
        assert bytes(recorder.sent).startswith(bytes(rail.received))
        assert recorder.states > 1 and recorder.problems == []
        assert host.refused_count == 0
    finally:
        host.stop()


def test_the_rail_check_catches_a_hole_card_and_a_hidden_showdown():
    """The check above would see a hole card put in a spectator's view, and a hand
    turned up at a showdown kept from it."""
    game = games.get("five_card_draw")
    state = new_match(game, {}, ["A", "B", "C"], 3)
    while not any(c is not None for c in state.seat_view(1).seats[1].hand):
        state.apply(state.chance_action())
    view = state.seat_view(None)
    assert rail_problems(state, view) == []
    hole = state.seat_view(1).seats[1]
    leaked = dataclasses.replace(view.seats[1], hand=hole.hand)
    bad = dataclasses.replace(view, seats=(view.seats[0], leaked, *view.seats[2:]))
    assert any("not shown" in p for p in rail_problems(state, bad))
    assert any("hidden from seat 0" in p for p in rail_problems(state, bad))
    bots = {n: game.bot(random.Random(n), "random") for n in range(3)}
    while not any(info.shown for info in state.seat_view(None).seats):  # on to a showdown
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else choose_for(bots[seat], state, seat))
    view = state.seat_view(None)
    assert rail_problems(state, view) == []
    shown = next(info for info in view.seats if info.shown)
    blank = dataclasses.replace(shown, hand=tuple(None for _ in shown.hand))
    missed = dataclasses.replace(view, seats=tuple(blank if i.seat == shown.seat else i for i in view.seats))
    assert any("seen by every seat but not the rail" in p for p in rail_problems(state, missed))


def five_card_host(kinds=("remote", "normal"), **kwargs) -> Host:
    return Host(games.get("five_card_draw"), list(kinds), settings={"starting_chips": 8}, seed=3, **kwargs)


async def until(client: Client, done, timeout: float = 10.0) -> None:
    """Read ``client``'s messages until ``done()``."""
    while not done():
        if await asyncio.wait_for(client.receive(), timeout) is None:
            raise ConnectionError("the host closed the connection")


def test_a_spectators_action_is_refused_and_changes_nothing():
    host = five_card_host().start()
    try:
        async def meddle():
            rail = Client("127.0.0.1", host.port, host.code, watch=True)
            await rail.connect()
            player = Client("127.0.0.1", host.port, host.code, want_legal=True)
            await player.connect()
            await until(player, lambda: player.legal)  # the host waits for the player now
            await until(rail, lambda: rail.count == player.count)
            before = json.dumps(host.state.to_json(), sort_keys=True)
            seq = await rail.send_action(player.legal[0], player.count)
            await until(rail, lambda: rail.refusals)
            after = json.dumps(host.state.to_json(), sort_keys=True)
            await rail.close()
            await player.close()
            return rail.refusals[-1], seq, before, after

        refusal, seq, before, after = run(meddle())
        assert refusal["about"] == "action" and refusal["seq"] == seq
        assert "watching" in refusal["reason"] and "cannot act" in refusal["reason"]
        assert before == after
    finally:
        host.stop()


def test_a_full_table_can_be_watched_and_the_lobby_counts_the_spectators():
    host = five_card_host(("remote", "remote", "normal")).start()
    try:
        async def fill():
            first_rail = Client("127.0.0.1", host.port, host.code, watch=True)
            await first_rail.connect()
            await until(first_rail, lambda: first_rail.lobby is not None)
            ada = Client("127.0.0.1", host.port, host.code, name="Ada")
            await ada.connect()
            await until(ada, lambda: ada.lobby is not None)
            second_rail = Client("127.0.0.1", host.port, host.code, watch=True)
            await second_rail.connect()
            await until(ada, lambda: ada.lobby["watching"] == 2)
            lobby = dict(ada.lobby)
            bob = Client("127.0.0.1", host.port, host.code, name="Bob")
            await bob.connect()
            late = Client("127.0.0.1", host.port, host.code, watch=True)
            late_welcome = await late.connect()
            await until(late, lambda: late.view is not None)
            with pytest.raises(JoinRefused, match="the table is full"):
                await Client("127.0.0.1", host.port, host.code).connect()
            watching = host.watching
            for client in (first_rail, second_rail, late, ada, bob):
                await client.close()
            return lobby, late_welcome, late, watching

        lobby, late_welcome, late, watching = run(fill())
        assert lobby["watching"] == 2 and lobby["waiting"] == 1
        assert late_welcome["seat"] is None and late_welcome["names"] == host.names
        assert late.log == host.state.log_for(None)[:len(late.log)] and late.settings is not None
        assert watching == 3
    finally:
        host.stop()


def wait_until(done, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while not done() and time.monotonic() < end:
        time.sleep(0.01)
    return done()


def test_spectators_are_capped_and_one_who_drops_watches_again():
    host = five_card_host(("remote", "remote", "normal")).start()
    try:
        async def crowd():
            rails = [Client("127.0.0.1", host.port, host.code, watch=True) for _ in range(protocol.MOST_WATCHING)]
            for rail in rails:
                await rail.connect()
            with pytest.raises(JoinRefused, match="too many watching") as over:
                await Client("127.0.0.1", host.port, host.code, watch=True).connect()
            seated = Client("127.0.0.1", host.port, host.code, name="Ada")
            await seated.connect()  # the seats are not the spectators' to take
            rails[0].abort()
            end = time.monotonic() + 10
            while host.watching == protocol.MOST_WATCHING and time.monotonic() < end:
                await asyncio.sleep(0.01)
            again = Client("127.0.0.1", host.port, host.code, watch=True)
            welcome = await again.connect()
            for client in (*rails[1:], again, seated):
                await client.close()
            return over.value, welcome, seated

        over, welcome, seated = run(crowd())
        assert str(protocol.MOST_WATCHING) in str(over)
        assert welcome["seat"] is None and seated.seat == 0
        assert wait_until(lambda: host.watching == 0)
    finally:
        host.stop()


def test_cardtable_join_watch_prints_the_match_as_the_rail_sees_it():
    from cardtable import cli

    host_out = io.StringIO()
    result: dict[str, int] = {}
    thread = threading.Thread(target=lambda: result.setdefault("host", cli.main(
        ["host", "--variant", "five_card_draw", "--seats", "remote,random", "--port", "0", "--bind", "127.0.0.1",
         "--code", "ABC234", "--seed", "3", "--setting", "starting_chips=6", "--no-advertise"],
        out=host_out, err=host_out)), daemon=True)
    thread.start()
    assert wait_until(lambda: re.search(r"port: (\d+)", host_out.getvalue())), host_out.getvalue()
    port = int(re.search(r"port: (\d+)", host_out.getvalue()).group(1))
    assert "--watch" in host_out.getvalue()
    watch_out = io.StringIO()
    watching = threading.Thread(target=lambda: result.setdefault("watch", cli.main(
        ["join", f"127.0.0.1:{port}", "--code", "abc234", "--watch"], out=watch_out, err=watch_out)), daemon=True)
    watching.start()
    assert wait_until(lambda: "Watching" in watch_out.getvalue() and "1 watching" in host_out.getvalue())
    join_out = io.StringIO()
    assert cli.main(["join", f"127.0.0.1:{port}", "--code", "ABC234", "--bot", "random", "--seed", "1"],
                    out=join_out, err=join_out) == 0, join_out.getvalue()
    watching.join(DEADLINE)
    thread.join(DEADLINE)
    assert result.get("watch") == 0, watch_out.getvalue()
    lines = watch_out.getvalue().strip().splitlines()
    final = json.loads(lines[-1])
    assert final["watched"] and final["standings"] == json.loads(join_out.getvalue().strip().splitlines()[-1])[
        "standings"]
    assert len(lines) > 5 and "Watching Five-Card Draw" in lines[0]
