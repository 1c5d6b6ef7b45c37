"""Issue 20's leftovers at the protocol's level, on 127.0.0.1 and bounded in time:

* the host pings every client and learns its round trip (on every system, not only
  where the kernel tells it);
* every client is sent its seat's typed view, the rules with its first message, and
  the legal actions beside the view only when it asked for them;
* the host says which seats computers play and which players are away;
* a player who leaves before the deal frees the seat for someone else;
* closing a threaded client twice is harmless;
* a bye and a drop follow one absence rule;
* ``--seats`` takes every computer level a game declares (``strong`` too).
"""

from __future__ import annotations

import asyncio
import io
import time

import pytest

from cardtable import games
from cardtable.engine.view import SeatView
from cardtable.net import protocol
from cardtable.net.client import Client, JoinRefused, ThreadedClient
from cardtable.net.host import Host, parse_seats, seat_kinds

DEADLINE = 30.0


def run(coro, timeout: float = DEADLINE):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def host_of(kinds, **kwargs) -> Host:
    return Host(games.get("five_card_draw"), kinds, settings={"starting_chips": 8}, seed=3, **kwargs)


async def read_all(client: Client) -> None:
    while await client.receive() is not None:
        pass


def test_the_host_pings_each_client_and_knows_its_round_trip():
    host = host_of(["remote", "normal"])
    host.ping_every = 0.05
    host.start()
    try:
        async def listen():
            client = Client("127.0.0.1", host.port, host.code, want_legal=True, record=True)
            await client.connect()
            reading = asyncio.create_task(read_all(client))  # the pings are answered as they are read
            end = time.monotonic() + DEADLINE
            while host.round_trip_ms(0) is None and time.monotonic() < end:
                await asyncio.sleep(0.01)
            measured = host.round_trip_ms(0)
            reading.cancel()
            await client.close()
            return client, measured

        client, measured = run(listen())
        assert measured is not None and measured >= 0
        assert b'"type":"ping"' in bytes(client.received)  # the host asked; the client answered
    finally:
        host.stop()


def test_every_client_gets_its_view_and_everyone_learns_who_plays_where():
    sent: dict[int, list[dict]] = {0: [], 1: []}
    host = host_of(["remote", "remote", "normal"],
                   on_send=lambda seat, state, message, data: sent[seat].append(message)).start()
    try:
        async def both():
            headless = Client("127.0.0.1", host.port, host.code, seat=0, want_legal=True)
            window = Client("127.0.0.1", host.port, host.code, seat=1)
            await headless.connect()
            await window.connect()
            while headless.view is None or window.view is None:
                await asyncio.wait_for(asyncio.gather(headless.receive(), window.receive()), 5)
            await headless.close()
            await window.close()
            return headless, window

        headless, window = run(both())
        states = {seat: [m for m in messages if m["type"] == "state"] for seat, messages in sent.items()}
        assert states[0] and states[1] and all("mirror" not in m for m in states[0] + states[1])
        for messages in states.values():
            assert all(SeatView.from_json(m["view"]).seat == m["seat"] for m in messages)
            assert "settings" in messages[0]  # the rules come with the whole log, once
        assert all(m["legal"] is None for m in states[1])  # the window asked for none beside its view
        assert headless.settings == window.settings and window.settings is not None
        assert headless.computers == [2] and window.computers == [2] and window.away == []
    finally:
        host.stop()


def test_an_old_client_is_told_the_versions_differ():
    host = host_of(["remote", "normal"]).start()
    try:
        async def old_hello():
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            writer.write(b'{"v":1,"type":"hello","code":"%s","name":"Old"}\n' % host.code.encode())
            line = await asyncio.wait_for(reader.readline(), 5)
            writer.close()
            return line

        answer = protocol.decode(run(old_hello()))
        assert answer["type"] == "refused" and "version 1 is not" in answer["reason"]
    finally:
        host.stop()


def test_a_client_is_told_when_the_host_is_of_an_older_version():
    """An old host answers the handshake's first message as it answers any message of
    another version: refused, in its own version. The client says the versions differ."""
    async def old_host(reader, writer):
        await reader.readline()
        writer.write(b'{"v":3,"type":"refused","reason":"protocol version 4 is not 3","about":"message"}\n')
        await writer.drain()
        writer.close()

    async def join():
        server = await asyncio.start_server(old_host, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            with pytest.raises(JoinRefused, match="the host speaks version 3 of the network protocol"):
                await Client("127.0.0.1", port, "K7QX2M").connect(timeout=5)
        finally:
            server.close()

    run(join())


def test_a_player_who_leaves_before_the_deal_frees_the_seat():
    host = host_of(["remote", "remote", "normal"]).start()
    try:
        async def come_and_go():
            polite = Client("127.0.0.1", host.port, host.code, name="Polite")
            await polite.connect()
            await polite.close(bye=True)  # leaves with a bye
            dropped = Client("127.0.0.1", host.port, host.code, name="Dropped")
            await dropped.connect()
            dropped.abort()  # leaves as a pulled cable would
            end = time.monotonic() + DEADLINE
            while host.waiting_for < 2 and time.monotonic() < end:
                await asyncio.sleep(0.01)
            assert host.waiting_for == 2 and host.state is None
            late = [Client("127.0.0.1", host.port, host.code, name=n) for n in ("Cy", "Di")]
            for client in late:
                await client.connect()  # both seated: the seats were freed
            while any(c.view is None for c in late):
                await asyncio.wait_for(asyncio.gather(*(c.receive() for c in late if c.view is None)), 5)
            for client in late:
                await client.close()
            return late

        late = run(come_and_go())
        assert sorted(c.seat for c in late) == [0, 1]
        assert host.names[:2] == ["Cy", "Di"] or host.names[:2] == ["Di", "Cy"]
    finally:
        host.stop()


def test_a_player_who_leaves_after_the_deal_keeps_the_seat():
    host = host_of(["remote", "normal"], absent_after=30.0).start()
    try:
        async def leave():
            client = Client("127.0.0.1", host.port, host.code, name="Ada")
            await client.connect()
            await asyncio.wait_for(client.receive(), 5)  # the deal
            client.abort()
            end = time.monotonic() + DEADLINE
            while host.seats[0].conn is not None and time.monotonic() < end:
                await asyncio.sleep(0.01)
            other = Client("127.0.0.1", host.port, host.code, name="Bo")
            try:
                await other.connect()
            except ConnectionError as exc:
                return str(exc), client.token
            return "seated", client.token

        said, token = run(leave())
        assert said == "the table is full" and host.seats[0].token == token and host.away() == [0]
    finally:
        host.stop()


def test_closing_a_threaded_client_twice_is_harmless():
    host = host_of(["remote", "normal"]).start()
    try:
        client = ThreadedClient("127.0.0.1", host.port, host.code)
        client.start()
        client.close(bye=True)
        client.close(bye=True)  # raised "Event loop is closed"
        client.send_action({"type": "nothing"})  # and these did too
        client.send_ping(1)
    finally:
        host.stop()


def test_a_bye_and_a_drop_follow_one_absence_rule():
    """A player who says bye after the deal is kept like one who dropped: a computer
    plays the seat only once they have been gone ``absent_after`` seconds, and the token
    takes it back."""
    host = host_of(["remote", "remote", "normal"], absent_after=30.0).start()
    try:
        async def leave_both_ways():
            polite, dropped = Client("127.0.0.1", host.port, host.code, name="Polite"), \
                Client("127.0.0.1", host.port, host.code, name="Dropped")
            for client in (polite, dropped):
                await client.connect()
            for client in (polite, dropped):
                while client.view is None:  # all read: a close with unread data resets, and the bye is lost
                    await asyncio.wait_for(client.receive(), 5)
            await polite.close(bye=True)
            dropped.abort()
            end = time.monotonic() + DEADLINE
            while host.away() != [0, 1] and time.monotonic() < end:
                await asyncio.sleep(0.01)
            now = time.monotonic()
            seen = {n: (host.gone(n), host.absent_for(n, now + 30.0) >= 30.0) for n in (0, 1)}
            computers = host.computers()
            back = Client("127.0.0.1", host.port, host.code, token=polite.token)
            await back.connect()
            await back.close()
            return seen, computers, back.seat

        seen, computers, back_at = run(leave_both_ways())
        assert seen == {0: (False, True), 1: (False, True)}  # neither yet, both once 30 s have gone
        assert computers == [2] and back_at == 0
    finally:
        host.stop()


@pytest.mark.parametrize("game", games.registry().with_rules(), ids=lambda g: g.id)
def test_every_computer_level_a_game_declares_is_a_seat_kind(game):
    assert "strong" in game.bot_levels
    for level in game.bot_levels:
        assert parse_seats(f"remote,{level}", seat_kinds(game)) == ["remote", level]
    low = max(2, game.seats[0])
    host = Host(game, ["remote"] + ["strong"] * (low - 1), settings=dict(game.profile.short_match))
    assert [s.kind for s in host.seats][1:] == ["strong"] * (low - 1)
    with pytest.raises(ValueError, match="strong"):
        parse_seats("remote,clever", seat_kinds(game))


def test_cardtable_host_takes_a_strong_seat():
    from cardtable import cli

    err = io.StringIO()
    # an unknown setting stops it just after the seats are read: they were accepted
    code = cli.main(["host", "--variant", "sabacc", "--seats", "remote,strong", "--setting", "no_such_setting=1",
                     "--no-advertise", "--port", "0", "--bind", "127.0.0.1"], out=io.StringIO(), err=err)
    assert code == 2 and "seats are" not in err.getvalue() and "strong" not in err.getvalue(), err.getvalue()
    code = cli.main(["host", "--variant", "sabacc", "--seats", "remote,clever", "--no-advertise"],
                    out=io.StringIO(), err=(err := io.StringIO()))
    assert code == 2 and "strong" in err.getvalue()


def test_the_help_of_host_and_join_is_current(capsys):
    from cardtable import cli

    for command in ("join", "host"):
        assert cli.main([command, "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "comes later" not in said and "Join a table" in said and "--token=TOKEN" in said
    assert "normal, tough, random, strong" in said
