"""The turn timer of a hosted match, on 127.0.0.1 and bounded in time:

* a connected player who never acts has each turn played by the host's computer once
  the turn time is up, the log (every seat's) says so, and the seat stays theirs;
* without a turn time nothing is played for them.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from cardtable import games
from cardtable.engine.betting import Check
from cardtable.net.client import Client
from cardtable.net.host import Host
from cardtable.net.turn_timer import TurnTimer, took_too_long

DEADLINE = 30.0


def run(coro, timeout: float = DEADLINE):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def test_a_player_who_never_acts_has_the_computer_play_each_turn_and_everyone_is_told():
    host = Host(games.get("five_card_draw"), ["remote", "remote", "normal"], settings={"starting_chips": 8}, seed=3,
                turn_seconds=0.05).start()
    try:
        async def never_act(client: Client) -> Client:
            await client.connect()
            while await client.receive() is not None and not client.over:
                pass
            return client

        async def both() -> list[Client]:
            return await asyncio.gather(*(never_act(Client("127.0.0.1", host.port, host.code, name=name))
                                          for name in ("Bo", "Cy")))

        bo, cy = run(both())
        assert host.wait(DEADLINE) and host.error is None and host.state.is_over
        log = host.state.log_for(None)
        said = [line for line in log if "took too long" in line]
        for seat, name in ((bo.seat, "Bo"), (cy.seat, "Cy")):
            theirs = [line for line in said if line.startswith(f"{name} took too long: the computer ")]
            actions = [a for a in host.state.history if a.seat == seat]
            assert actions and len(theirs) == len(actions)  # every turn of theirs, each said once
        assert all(line.endswith(" for them") for line in said)
        assert [line for line in bo.log if "took too long" in line] == said  # on every screen
        assert [line for line in cy.log if "took too long" in line] == said
        assert {n: s.token for n, s in enumerate(host.seats) if n < 2} == {bo.seat: bo.token, cy.seat: cy.token}
        assert host.away() == [] and host.computers() == [2]  # the seats stayed theirs
    finally:
        host.stop()


def test_without_a_turn_time_nobody_is_played_for():
    host = Host(games.get("five_card_draw"), ["remote", "normal"], settings={"starting_chips": 8}, seed=3).start()
    try:
        async def idle():
            client = Client("127.0.0.1", host.port, host.code, name="Bo")
            await client.connect()
            while client.to_act != 0:
                await asyncio.wait_for(client.receive(), 5)
            count = client.count
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(client.receive(), 0.5)  # pings are answered inside: no update comes
            await client.close()
            return count

        count = run(idle())
        assert len(host.state.history) == count and host.state.to_act == 0
    finally:
        host.stop()


def test_the_turn_timer_counts_each_turn_from_its_start():
    now = [100.0]
    timer = TurnTimer(60, clock=lambda: now[0])
    assert timer.left("turn 1") == 60
    now[0] += 59
    assert timer.left("turn 1") == 1
    now[0] += 1
    assert timer.left("turn 1") == 0
    assert timer.left("turn 2") == 60  # a new turn (or the player back on a new connection): a whole one
    assert TurnTimer(0).left("any") is None and not TurnTimer(0).on


def test_the_log_line_says_what_the_computer_did():
    assert took_too_long("Bo", Check(seat=0)) == "Bo took too long: the computer checked for them"
    odd: Any = SimpleNamespace(kind="odd.shuffle", seat=0)
    assert took_too_long("Bo", odd) == "Bo took too long: the computer played for them"
