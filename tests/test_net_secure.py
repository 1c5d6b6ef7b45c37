"""The join code and the sealed session, on 127.0.0.1 and bounded in time:

* a frame altered, replayed or reordered, in either direction, fails to open and the
  session is closed; a different code gives keys whose first frame fails;
* wrong codes are checked one at a time host-wide and each slows every check after it
  (the delays asked for are checked, never the wall clock); the lobby says someone is
  guessing; the right code still joins after many wrong ones;
* "the table is full" is said only after the code is proved, and sealed;
* nothing in the clear after the handshake: no JSON, no token, no card name;
* the announcement carries no character of the code;
* unproved connections are capped per address (the longest idle goes first, not one
  in mid-handshake) and given a deadline; a host held to 256 files takes a real player
  after 1,000 idle connections.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from handshake import read_line

from cardtable import games
from cardtable.net import protocol
from cardtable.net.client import Client, JoinRefused
from cardtable.net.guessing import DOUBLING_AFTER, FIRST_DELAY, MOST_DELAY, WINDOW, GuessGate
from cardtable.net.host import Host
from cardtable.net.secure import BadFrame, Handshake, Session

DEADLINE = 40.0
ROOT = Path(__file__).resolve().parents[1]


def run(coro, timeout: float = DEADLINE):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def sessions(client_code: str = "K7QX2M", host_code: str = "K7QX2M") -> tuple[Session, Session]:
    client, host = Handshake(client_code, host=False), Handshake(host_code, host=True)
    return client.finish(host.message), host.finish(client.message)


class FakeClock:
    """A clock that moves only when the gate sleeps; every sleep asked for is kept."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def ipso_host(kinds=("remote", "remote", "random"), **kwargs) -> Host:
    return Host(games.get("ipso"), list(kinds), settings={"starting_chips": 10}, seed=4, **kwargs)


# -- the frames ----------------------------------------------------------------------------------

@pytest.mark.parametrize("direction", ["client to host", "host to client"])
def test_an_altered_replayed_or_reordered_frame_does_not_open(direction):
    for fault in ("altered", "replayed", "reordered", "truncated"):
        client, host = sessions()
        sender, receiver = (client, host) if direction == "client to host" else (host, client)
        frames = [sender.seal(protocol.encode({"type": "ping", "n": n})) for n in range(3)]
        assert json.loads(receiver.open(frames[0]))["n"] == 0
        if fault == "altered":
            body = bytearray(frames[1])
            body[10] = ord("A") if body[10] != ord("A") else ord("B")
            bad = bytes(body)
        elif fault == "replayed":
            bad = frames[0]
        elif fault == "reordered":
            bad = frames[2]
        else:
            bad = frames[1][:-9] + b"\n"
        with pytest.raises(BadFrame):
            receiver.open(bad)
    client, host = sessions()
    assert host.open(client.seal(b'{"v":4}')) == b'{"v":4}'  # the faults above are all that failed


def test_a_different_code_gives_keys_that_do_not_open_and_nothing_on_the_wire_names_the_code():
    client, host = sessions("K7QX2M", "K7QX2N")
    with pytest.raises(BadFrame):
        host.open(client.seal(protocol.encode({"type": "hello", "name": "guess"})))
    shake = Handshake("K7QX2M", host=False)
    assert b"K7QX2M" not in shake.message and len(shake.message) == 33
    again = Handshake(" k7 qx2m", host=True)  # as typed: case and spaces do not matter
    assert again.finish(shake.message).open(shake.finish(again.message).seal(b"x")) == b"x"


# -- the pace of guesses --------------------------------------------------------------------------

def test_the_guess_gate_checks_one_at_a_time_and_each_wrong_code_slows_every_check_after_it():
    clock = FakeClock()
    gate = GuessGate(clock=clock, sleep=clock.sleep)
    inside = [0]
    most_inside = [0]

    def attempt(right: bool):
        def check() -> bool:
            inside[0] += 1
            most_inside[0] = max(most_inside[0], inside[0])
            inside[0] -= 1
            return right
        return check

    async def guesses():
        wrong = await asyncio.gather(*(gate.check(attempt(False)) for _ in range(7)))
        right = await gate.check(attempt(True))
        return wrong, right

    wrong, right = asyncio.run(guesses())
    assert wrong == [False] * 7 and right is True and most_inside[0] == 1
    expected = [FIRST_DELAY] * DOUBLING_AFTER + [min(MOST_DELAY, FIRST_DELAY * 2 ** k) for k in range(1, 5)]
    assert clock.sleeps == pytest.approx(expected)  # the right code waited its turn too
    assert gate.warning() == "someone is guessing the code: 7 wrong codes, joins slowed"
    clock.now += WINDOW + 1  # guessing stopped: the wrong codes age out
    assert gate.recent() == 0 and gate.warning() is None and gate.delay() == 0
    clock.sleeps.clear()
    assert asyncio.run(gate.check(attempt(False))) is False  # one mistyped code...
    assert asyncio.run(gate.check(attempt(True))) is True
    assert clock.sleeps == [pytest.approx(FIRST_DELAY)]  # ...costs the next one a second, no lockout


def test_wrong_codes_against_a_host_are_slowed_said_in_the_lobby_and_the_right_code_still_joins():
    clock = FakeClock()
    host = ipso_host(code="K7QX2M")
    host.guesses = GuessGate(clock=clock, sleep=clock.sleep)
    host.most_unproved_per_address = 64  # all guesses wait their answer here (the cap has its own test)
    host.start()
    try:
        async def play():
            seated = Client("127.0.0.1", host.port, "K7QX2M", name="Ada")
            await seated.connect()
            refused = 0

            async def guess(n: int) -> None:
                nonlocal refused
                code = "".join(random.Random(n).choice("ABCDEFGHJKMNPQRSTUVWXYZ") for _ in range(6))
                with pytest.raises(JoinRefused, match="wrong join code"):
                    await Client("127.0.0.1", host.port, code).connect(timeout=20)
                refused += 1

            await asyncio.gather(*(guess(n) for n in range(24)))
            lobby = None
            while lobby is None or "warning" not in lobby:
                lobby = await asyncio.wait_for(seated.receive(), 10)
                assert lobby is not None
            late = Client("127.0.0.1", host.port, "k7qx2m", name="Bo")
            welcome = await late.connect()
            await seated.close()
            await late.close()
            return refused, lobby, welcome

        refused, lobby, welcome = run(play())
        assert refused == 24 and host.guesses.wrong_total == 24
        # 24 wrong codes answered: 23 waits between them, growing to the cap, and the right
        # code after them waited one more
        assert len(clock.sleeps) == 24 and clock.sleeps[0] == pytest.approx(FIRST_DELAY)
        assert clock.sleeps[-1] == pytest.approx(MOST_DELAY) and clock.sleeps == sorted(clock.sleeps)
        assert "someone is guessing the code" in lobby["warning"] and "joins slowed" in lobby["warning"]
        assert welcome["seat"] == 1
        assert host.guessing() == "someone is guessing the code: 24 wrong codes, joins slowed"
    finally:
        host.stop()


def test_the_table_is_full_is_said_only_after_the_code_is_proved():
    host = ipso_host(["remote", "random"], code="K7QX2M").start()
    try:
        async def tries():
            first = Client("127.0.0.1", host.port, "K7QX2M")
            await first.connect()
            full = Client("127.0.0.1", host.port, "K7QX2M", record=True)
            with pytest.raises(JoinRefused, match="the table is full") as said:
                await full.connect()
            wrong = Client("127.0.0.1", host.port, "ZZZZZZ", record=True)
            with pytest.raises(JoinRefused) as wrong_said:
                await wrong.connect()
            await first.close()
            return full, said.value, wrong, wrong_said.value

        full, said, wrong, wrong_said = run(tries())
        assert "wrong join code" in str(wrong_said) and "full" not in str(wrong_said)
        assert b"full" not in bytes(wrong.wire)  # nothing about seats to a wrong code
        assert b"full" in bytes(full.received) and b"full" not in bytes(full.wire)  # said sealed
    finally:
        host.stop()


# -- nothing in the clear -------------------------------------------------------------------------

def test_nothing_travels_in_the_clear_after_the_handshake():
    game = games.get("five_card_draw")
    host = Host(game, ["remote", "random"], settings={"starting_chips": 8}, seed=3).start()
    try:
        async def play():
            client = Client("127.0.0.1", host.port, host.code, name="Ada", want_legal=True, record=True)
            await client.connect()
            await client.play("random", random.Random(1))
            await client.close()
            return client

        client = run(play())
        assert client.over and host.wait(10)
        wire, opened = bytes(client.wire), bytes(client.received)
        lines = wire.splitlines()
        assert json.loads(lines[0])["type"] == "spake" and len(lines) > 10
        for line in lines[1:]:
            assert re.fullmatch(rb"[A-Za-z0-9+/]+=*", line), line[:80]
        names = {host.state.card_name(c) for c in range(52)}
        naming = [line.encode() for line in client.log if names & set(re.findall(r"\w+", line))]  # cards named
        assert client.token and client.token.encode() in opened and naming  # the checks have something to find
        assert client.token.encode() not in wire
        assert not [line for line in naming if line in wire]
        after = wire.split(b"\n", 1)[1]  # after the handshake's answer
        assert b'"type"' in opened and b'"type"' not in after and b"{" not in after
    finally:
        host.stop()


# -- tampering on a live connection ---------------------------------------------------------------

@pytest.mark.parametrize("fault", ["altered", "replayed", "reordered"])
def test_a_tampered_frame_from_a_client_closes_its_session(fault):
    host = ipso_host().start()
    try:
        async def tamper():
            client = Client("127.0.0.1", host.port, host.code)
            await client.connect()
            one, two = client.seal({"type": "ping", "n": 1}), client.seal({"type": "ping", "n": 2})
            if fault == "altered":
                await client.send_wire(one[:5] + (b"A" if one[5:6] != b"A" else b"B") + one[6:])
            elif fault == "replayed":
                await client.send_wire(one + one)
            else:
                await client.send_wire(two + one)
            messages = []
            while (message := await asyncio.wait_for(client.receive(), 10)) is not None:
                messages.append(message)
            return messages

        messages = run(tamper())
        pongs = [m["n"] for m in messages if m["type"] == "pong"]
        assert pongs == ([1] if fault == "replayed" else [])
        assert any("does not open" in reason for _, reason in host.refusals)
        assert host.seats[0].conn is None  # the session is over
    finally:
        host.stop()


@pytest.mark.parametrize("fault", ["altered", "replayed", "reordered"])
def test_a_tampered_frame_from_the_host_closes_the_clients_session(fault):
    host = ipso_host().start()

    async def proxy(reader, writer):
        """Between the client and the host: the host's fourth line (the lobby, after the
        handshake's answer, the welcome and a ping) tampered with."""
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", host.port, limit=2**20)

        async def upstream():
            while data := await reader.read(65536):
                up_writer.write(data)
                await up_writer.drain()

        task = asyncio.create_task(upstream())
        lines = []
        while line := await up_reader.readline():
            lines.append(line)
            if len(lines) < 3:
                writer.write(line)
            elif len(lines) == 4:
                third, fourth = lines[2], lines[3]
                if fault == "altered":
                    writer.write(third + fourth[:7] + (b"A" if fourth[7:8] != b"A" else b"B") + fourth[8:])
                elif fault == "replayed":
                    writer.write(third + third + fourth)
                else:
                    writer.write(fourth + third)
            elif len(lines) > 4:
                writer.write(line)
            await writer.drain()
        task.cancel()
        writer.close()

    try:
        async def tamper():
            server = await asyncio.start_server(proxy, "127.0.0.1", 0, limit=2**20)
            port = server.sockets[0].getsockname()[1]
            client = Client("127.0.0.1", port, host.code, record=True)
            welcome = await client.connect()
            kinds = []
            while (message := await asyncio.wait_for(client.receive(), 10)) is not None:
                kinds.append(message["type"])
            server.close()
            return welcome, kinds, client

        welcome, kinds, client = run(tamper())
        assert welcome["type"] == "welcome"
        assert "lobby" not in kinds  # the tampered lobby (or the frames around it) never opened
        assert client._writer is not None and client._writer.transport.is_closing()  # the client closed it
    finally:
        host.stop()


# -- the announcement -----------------------------------------------------------------------------

class FakeAdvertiser:
    """Stands in for zeroconf: keeps what would be announced."""

    made: list[FakeAdvertiser] = []

    def __init__(self, name, port, *, game="", seats="", addresses=None, interfaces=None) -> None:
        self.name, self.port, self.properties = name, port, {"game": game, "seats": seats, "v": "1"}
        self.problem = None
        FakeAdvertiser.made.append(self)

    def start(self) -> bool:
        return True

    def stop(self) -> None:
        pass


def assert_no_code_in(advertiser: FakeAdvertiser, code: str) -> None:
    said = " ".join([advertiser.name, *advertiser.properties.keys(), *advertiser.properties.values()]).upper()
    assert not [c for c in code if c in said], (said, code)


def test_the_announcement_carries_no_character_of_the_code(monkeypatch):
    import io
    import threading

    from cardtable import cli
    from cardtable.net import discovery
    from cardtable.ui import hosting
    from cardtable.ui.setup_scene import SeatConfig

    code = "234567"  # digits: the game's name and the seats, announced, have none
    FakeAdvertiser.made.clear()
    monkeypatch.setattr(discovery, "Advertiser", FakeAdvertiser)
    monkeypatch.setattr(hosting, "HOST_PORT", 0)
    monkeypatch.setattr(hosting, "BIND", "127.0.0.1")
    monkeypatch.setattr(hosting, "ADVERTISE", True)
    session = hosting.HostingSession(games.get("ipso"), [SeatConfig("Ada", None, False), SeatConfig("", None, True)],
                                     code=code).open()
    assert session is not None
    try:
        assert session._advert_thread is not None
        session._advert_thread.join(10)
    finally:
        session.stop()
    out = io.StringIO()
    thread = threading.Thread(target=lambda: cli.main(
        ["host", "--variant", "ipso", "--seats", "remote,random", "--port", "0", "--bind", "127.0.0.1",
         "--code", code, "--setting", "starting_chips=10"], out=out, err=out), daemon=True)
    thread.start()
    port = None
    for _ in range(200):
        found = re.search(r"port: (\d+)", out.getvalue())
        if found and len(FakeAdvertiser.made) == 2:
            port = int(found.group(1))
            break
        time.sleep(0.05)
    assert port, out.getvalue()

    async def play():
        client = Client("127.0.0.1", port, code, want_legal=True)
        await client.connect()
        await client.play("random", random.Random(2))
        await client.close()

    run(play())
    thread.join(DEADLINE)
    assert len(FakeAdvertiser.made) == 2
    for advertiser in FakeAdvertiser.made:
        assert advertiser.name.startswith("cardtable ")
        assert_no_code_in(advertiser, code)


# -- connection limits ----------------------------------------------------------------------------

def test_unproved_connections_are_capped_per_address_the_longest_idle_first_and_given_a_deadline():
    host = ipso_host(code="K7QX2M")
    host.most_unproved_per_address = 3
    host.handshake_seconds = 30.0
    host.start()
    socks: list[socket.socket] = []
    try:
        def connect() -> socket.socket:
            sock = socket.create_connection(("127.0.0.1", host.port), timeout=10)
            socks.append(sock)
            time.sleep(0.05)  # accepted in this order
            return sock

        busy = connect()  # the first to connect, but it goes on to talk
        idle_a, idle_b = connect(), connect()
        shake = Handshake("K7QX2M", host=False)
        busy.sendall(protocol.encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
        answer = json.loads(read_line(busy))  # heard from: no longer the longest idle
        assert answer["type"] == "spake"
        connect()  # over the cap of 3: the longest idle goes
        assert idle_a.recv(100) == b""  # closed by the host
        session = shake.finish(base64.b64decode(answer["msg"]))
        busy.sendall(session.seal(protocol.encode({"type": "hello", "name": "Busy"})))
        welcome = json.loads(session.open(read_line(busy)))
        assert welcome["type"] == "welcome"
        host.handshake_seconds = 0.2
        late = connect()
        late.settimeout(10)
        refused = json.loads(read_line(late))  # says nothing: out of time
        assert refused["type"] == "join_refused" and "no handshake in time" in refused["reason"]
        idle_b.setblocking(False)
        with pytest.raises(BlockingIOError):
            idle_b.recv(100)  # still open: it was not the longest idle
    finally:
        for sock in socks:
            sock.close()
        host.stop()


def test_the_host_holds_no_more_connections_than_its_budget_and_still_seats_a_player():
    host = ipso_host(["remote", "random"], code="K7QX2M")
    host.handshake_seconds = 30.0  # the idle ones are closed for room, not for time
    host.start()
    host.budget = 6  # as if the file limit were that low
    socks: list[socket.socket] = []
    try:
        most = 0
        for _ in range(20):
            socks.append(socket.create_connection(("127.0.0.1", host.port), timeout=10))
            time.sleep(0.01)
            most = max(most, len(host._conns))

        async def play():
            client = Client("127.0.0.1", host.port, "K7QX2M", want_legal=True)
            await client.connect()
            await client.play("random", random.Random(3))
            return client

        assert run(play()).over
        assert most <= 6
        closed = 0
        for sock in socks:  # closed long before the player joined, so their end has come
            sock.setblocking(False)
            try:
                closed += sock.recv(100) == b""
            except BlockingIOError:
                pass
        assert closed >= 14  # room was made by closing the idle ones
    finally:
        for sock in socks:
            sock.close()
        host.stop()


_HOST_SCRIPT = """
import sys
from cardtable import cli
sys.exit(cli.main(["host", "--variant", "ipso", "--seats", "remote,random", "--port", "0", "--bind", "127.0.0.1",
                   "--code", "K7QX2M", "--setting", "starting_chips=10", "--no-advertise"]))
"""


def _limit_files() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


@pytest.mark.skipif(sys.platform == "win32", reason="file limits are POSIX")
def test_a_host_held_to_256_files_takes_a_player_after_1000_idle_connections():
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1000 + 200
    if soft < want:
        if hard != resource.RLIM_INFINITY and hard < want:
            pytest.skip(f"this process may open only {hard} files; the test holds {want}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    proc = subprocess.Popen([sys.executable, "-c", _HOST_SCRIPT], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, preexec_fn=_limit_files, text=True)
    idle: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        output: list[str] = []
        reading = threading.Thread(target=lambda: output.extend(proc.stdout), daemon=True)  # never a full pipe
        reading.start()
        port = None
        for _ in range(200):
            found = re.search(r"port: (\d+)", "".join(output))
            if found:
                port = int(found.group(1))
                break
            time.sleep(0.05)
        assert port, "".join(output)
        for n in range(1000):  # from 200 addresses, so the cap in all is what holds, not the one per address
            sock = socket.socket()
            sock.settimeout(10)
            if sys.platform.startswith("linux"):
                sock.bind((f"127.0.{n % 200 // 100}.{n % 100 + 2}", 0))
            sock.connect(("127.0.0.1", port))
            idle.append(sock)

        async def play():
            client = Client("127.0.0.1", port, "K7QX2M", want_legal=True)
            await client.connect(timeout=20)
            await client.play("random", random.Random(3))
            await client.close()
            return client

        client = run(play(), 60)
        assert client.over
        proc.wait(30)
        reading.join(10)
        out = "".join(output)
        assert proc.returncode == 0, out[-2000:]
        assert "Too many open files" not in out and "could not accept" not in out
        assert "the longest idle of 64 connections without the code" in out  # the cap in all held
    finally:
        for sock in idle:
            sock.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_hosts_connections_send_at_once():
    """The host accepts its own sockets, which asyncio leaves with Nagle on: each update
    would then wait ~40 ms for an ACK. TCP_NODELAY must be set on every one."""
    host = ipso_host().start()
    try:
        async def join():
            client = Client("127.0.0.1", host.port, host.code)
            await client.connect()
            conn = host.seats[0].conn
            assert conn is not None
            nodelay = conn.writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
            await client.close()
            return nodelay

        assert run(join()) != 0
    finally:
        host.stop()


def test_an_oversize_line_in_the_handshake_is_refused_and_the_host_goes_on():
    host = ipso_host(code="K7QX2M").start()
    try:
        with socket.create_connection(("127.0.0.1", host.port), timeout=10) as sock:
            shake = Handshake("K7QX2M", host=False)
            sock.sendall(protocol.encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
            assert json.loads(read_line(sock))["type"] == "spake"
            sock.sendall(b"A" * (2 * 1024 * 1024) + b"\n")  # a "first frame" far over the limit
            refused = json.loads(read_line(sock))
        assert refused["type"] == "join_refused" and "not a handshake" in refused["reason"]
        assert host.guesses.wrong_total == 0  # no frame was opened: no guess was answered

        async def join():
            client = Client("127.0.0.1", host.port, "K7QX2M")
            welcome = await client.connect()
            await client.close()
            return welcome

        assert run(join())["type"] == "welcome"
    finally:
        host.stop()
