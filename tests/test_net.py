"""Play over the network (cardtable.net), all on 127.0.0.1 and bounded in time.

* Every game of the registry with rules is played to its end by a host and three
  headless clients (plus one computer seat), and the result is exactly the same
  seeded game played locally with the same choices.
* Every message each client received is recorded (opened) and matches what the host
  sent that seat; no message names a card hidden from that seat at that moment, and each
  ``state`` message is the same when built from the seat's ``seat_copy`` (every hidden
  card dealt again), so it depends on no hidden card at all.
* Faults: a client killed mid-hand comes back with its token to the current view;
  garbage, a 10 MB line, actions for another seat, replayed and stale actions and a
  flood of 1,000 messages a second are refused and the match plays on unchanged.
* The join code is required (the handshake itself: tests/test_net_secure.py).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
import threading
import time
from typing import Any

import pytest

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE, action_from_json
from cardtable.engine.view import SeatView
from cardtable.net import protocol
from cardtable.net.client import Client, JoinRefused, ThreadedClient, choose_from_legal
from cardtable.net.host import Host, new_match, state_message

GAMES = games.registry().with_rules()
SEATS = ["remote", "remote", "random", "remote"]
REMOTE_LEVEL = "normal"
DEADLINE = 40.0


def small_settings(game) -> dict[str, Any]:
    """Short stacks so a match ends quickly: the game's declared ``profile.short_match``."""
    return dict(game.profile.short_match)


def run(coro, timeout: float = DEADLINE):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def client_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"client:{seed}:{seat}")


def local_replay(game, settings, names, seed, kinds, max_actions: int = 50_000):
    """The same match played here: chance from the state, the host's computer seats
    with the same seeded bots, the remote seats with the headless clients' choice."""
    state = new_match(game, settings, names, seed)
    bots = {n: game.bot(random.Random(f"{seed}:bot:{n}"), k) for n, k in enumerate(kinds) if k != "remote"}
    rngs = {n: client_rng(seed, n) for n, k in enumerate(kinds) if k == "remote"}
    for _ in range(max_actions):
        to_act = state.to_act
        if to_act is None:
            break
        if to_act == CHANCE:
            state.apply(state.chance_action())
        elif to_act in bots:
            state.apply(choose_for(bots[to_act], state, to_act))
        else:
            legal = [a.to_json() for a in state.legal_actions(to_act)]
            state.apply(action_from_json(choose_from_legal(legal, REMOTE_LEVEL, rngs[to_act])))
    return state


class Recorder:
    """The host's ``on_send``: every message to each seat, checked as it is sent."""

    def __init__(self, copy_checks_per_seat: int = 60) -> None:
        self.sent: dict[int, bytearray] = {}
        self.messages = 0
        self.copy_checks = 0
        self.problems: list[str] = []
        self.copy_budget = copy_checks_per_seat
        self._copies: dict[int, int] = {}
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._name_counts: dict[str, dict[str, int]] = {}
        self._hidden_at = -1
        self._seen: dict[int, tuple[int, str]] = {}
        self._views: list[Any] = []
        self.secrets_seen = 0
        self.views_checked = 0

    def __call__(self, seat, state, message, data) -> None:
        self.sent.setdefault(seat, bytearray()).extend(data)
        self.messages += 1
        if state is None or message.get("type") != "state":
            return
        text = json.loads(data)
        hidden = self.hidden_names(state, seat)
        now = _strings(text)
        round_seen, before = self._seen.get(seat, (None, ""))
        if round_seen != state.round_number:
            before = ""  # a new round: cards shown before are shuffled away
        # a secret named now, unless it was shown to this seat earlier in the round (a
        # flip card taken into a hand was seen by all)
        leaked = {name for name in hidden if self.word(name).search(now) and not self.word(name).search(before)}
        self._seen[seat] = (state.round_number, before + "\n" + now)
        self.secrets_seen += bool(hidden)
        if leaked:
            self.problems.append(f"seat {seat}, action {message['count']}: hidden {sorted(leaked)[:3]} sent")
        # Built again from the seat's copy (every card hidden from it dealt again), the
        # message must be the same bytes: it depends on nothing the seat cannot see.
        done = self._copies.get(seat, 0)
        if done < self.copy_budget or message["count"] % 7 == 0 or message["over"]:
            self._copies[seat] = done + 1
            self.copy_checks += 1
            copy = state.seat_copy(seat, random.Random(message["count"] * 31 + seat))
            again = state_message(copy, seat, count=message["count"], log_from=message["log_from"],
                                  want_legal=message["legal"] is not None,
                                  log_to=message["log_from"] + len(message["log"]),
                                  computers=message.get("computers"), away=message.get("away"))
            if protocol.encode(again) != data:
                self.problems.append(f"seat {seat}, action {message['count']}: the message depends on hidden cards")
            self.check_view(seat, state, message)

    def check_view(self, seat, state, message) -> None:
        """The ``view`` field: read back as a typed seat view, it is exactly the seat's
        view of the state (all a window draws)."""
        self.views_checked += 1
        if SeatView.from_json(message["view"]) != state.seat_view(seat):
            self.problems.append(f"seat {seat}, action {message['count']}: the view sent is not the seat's")

    def hidden_names(self, state, seat) -> set[str]:
        """The names of the cards in another seat's hidden slots now: where this seat's
        view has a hidden card (None) and another seat's view the card itself. (Cards
        nobody sees, such as the stock, are no other seat's secret.)"""
        count = len(state.history)
        if self._hidden_at != count:
            self._hidden_at = count
            self._views = [state.view(s) for s in range(state.seats)]
        deck = state.deck
        secret: set[int] = set()
        for other in range(state.seats):
            if other != seat:
                _secrets(self._views[seat], self._views[other], secret)
        names = set()
        for card in secret:
            if 0 <= card < len(deck):
                for name in {deck[card].name, state.card_name(card)}:
                    if self._counts(deck).get(name, 1) == 1 and len(name) >= 2:
                        names.add(name)
        return names

    def _counts(self, deck) -> dict[str, int]:
        if deck.id not in self._name_counts:
            counts: dict[str, int] = {}
            for card in deck:
                counts[card.name] = counts.get(card.name, 0) + 1
            self._name_counts[deck.id] = counts
        return self._name_counts[deck.id]

    def word(self, name: str) -> re.Pattern[str]:
        if name not in self._patterns:
            self._patterns[name] = re.compile(rf"(?<![\w#]){re.escape(name)}(?![\w#])")
        return self._patterns[name]


def _secrets(mine: Any, theirs: Any, into: set[int]) -> None:
    """Collect the cards of ``theirs`` (another seat's view) that ``mine`` (the same
    structure) hides: in a list of card indices in ``theirs`` (another seat's hand), the
    places that are None in ``mine`` (all of them, or a stud hand's down cards beside its
    up cards); lists of this seat's own numbers, like stacks, have no None."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key, value in mine.items():
            if key in theirs:
                _secrets(value, theirs[key], into)
    elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        if (any(m is None for m in mine)
                and all(m is None or (isinstance(m, int) and not isinstance(m, bool)) for m in mine)
                and all(isinstance(t, int) and not isinstance(t, bool) for t in theirs)):
            into.update(t for m, t in zip(mine, theirs) if m is None)
            return
        for a, b in zip(mine, theirs):
            _secrets(a, b, into)


def _strings(data: Any) -> str:
    """Every string in a JSON value, one a line."""
    out: list[str] = []
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
            out.extend(str(k) for k in value)
        elif isinstance(value, list):
            stack.extend(value)
    return "\n".join(out)


def start_host(game, *, seed: int, kinds=SEATS, recorder=None, absent_after: float = 30.0, code=None) -> Host:
    return Host(game, kinds, settings=small_settings(game), seed=seed, absent_after=absent_after,
                on_send=recorder, code=code).start()


async def join_all(host: Host, seats: list[int], **kwargs) -> list[Client]:
    clients = [Client("127.0.0.1", host.port, host.code, name=f"Player {s + 1}", seat=s, want_legal=True, **kwargs)
               for s in seats]
    for client in clients:
        await client.connect()
    return clients


def remote_seats(kinds) -> list[int]:
    return [n for n, k in enumerate(kinds) if k == "remote"]


def check_same_as_local(host: Host, game, seed: int, kinds=SEATS) -> None:
    assert host.wait(DEADLINE), "the hosted match did not end"
    assert host.error is None, host.error
    local = local_replay(game, small_settings(game), host.names, seed, kinds)
    assert local.is_over and host.state.is_over
    assert host.state.standings() == local.standings()
    assert json.dumps(host.state.to_json(), sort_keys=True) == json.dumps(local.to_json(), sort_keys=True)


# -- (1) + (2): every game to its end, the same as locally, and nothing hidden sent ------

@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_game_plays_to_the_end_as_locally_and_sends_nothing_hidden(game):
    seed = 11
    kinds = SEATS[:max(game.seats[0], len(SEATS))]
    recorder = Recorder()
    host = start_host(game, seed=seed, kinds=kinds, recorder=recorder)
    try:
        async def play():
            clients = await join_all(host, remote_seats(kinds), record=True)
            await asyncio.gather(*(c.play(REMOTE_LEVEL, client_rng(seed, c.seat)) for c in clients))
            return clients

        clients = run(play())
        check_same_as_local(host, game, seed, kinds)
        for client in clients:
            assert client.over and client.standings == [list(s) for s in host.state.standings()]
            assert client.log == host.state.log_for(client.seat)
            assert client.view == host.state.seat_view(client.seat).to_json()
            # every byte the client read is what the host sent that seat, all checked (the host
            # may have sent a notice more, "waiting for ...", as the others left after the end:
            # a client that has read the end reads no further)
            assert bytes(recorder.sent[client.seat]).startswith(bytes(client.received))
        assert recorder.problems == []
        assert recorder.copy_checks > 0 and host.refused_count == 0
        assert recorder.secrets_seen > 0, "the leak check had nothing to check"
        assert recorder.views_checked > 0
    finally:
        host.stop()


def test_the_leak_check_catches_a_leak():
    """The checks above would see a hidden card: one named in a log line, or one put
    in the view in place of its None."""
    game = games.get("five_card_draw")
    state = new_match(game, {}, ["A", "B", "C"], 3)
    while not any(isinstance(c, int) for c in state.view(1)["hands"][1]):
        state.apply(state.chance_action())
    secret = next(c for c in state.view(1)["hands"][1])
    for leak in ("log", "view"):
        recorder = Recorder()
        message = state_message(state, 0, count=len(state.history), log_from=0, want_legal=False)
        if leak == "log":
            message["log"].append(f"psst: B holds {state.card_name(secret)}")
        else:
            message["view"]["seats"][1]["hand"] = list(state.view(1)["hands"][1])
        recorder(0, state, message, protocol.encode(message))
        assert any("depends on hidden cards" in p for p in recorder.problems), leak
        if leak == "log":
            assert any("hidden" in p and "sent" in p for p in recorder.problems)


# -- (3) faults ------------------------------------------------------------------------------

FAULT_GAME = games.get("five_card_draw")


class Misbehaver:
    """Seat 3: plays its seat right, but first floods the host and, before each of its
    actions, sends garbage, an action for another seat and its last action again."""

    def __init__(self, client: Client, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.sent_junk = 0

    async def flood(self, seconds: float = 1.5, per_second: int = 1000) -> None:
        c = self.client
        bursts = int(seconds * 10)
        for burst in range(bursts):  # bounded: bursts * per_second / 10 messages
            lines = []
            for i in range(per_second // 10):
                n = burst * 1000 + i
                kind = i % 4
                if kind == 0:
                    lines.append(protocol.encode({"type": "ping", "n": n}))
                elif kind == 1:
                    lines.append(b"{garbage " + str(n).encode() + b"\n")
                elif kind == 2:
                    lines.append(protocol.encode({"type": "action", "seq": 10**9 + n, "count": -1,
                                                  "action": {"type": "poker.fold", "seat": c.seat}}))
                else:
                    lines.append(protocol.encode({"type": "nonsense", "x": n}))
            await c.send_raw(b"".join(lines))
            self.sent_junk += len(lines)
            await asyncio.sleep(0.1)

    async def junk_before(self, choice: dict[str, Any], last_line: bytes | None) -> None:
        c = self.client
        junk = [b"not json at all\n", b"\xff\xfe\xfd\n", b"[1, 2, 3]\n", b"{}\n",
                protocol.encode({"type": "hello", "name": "again"}),  # already joined
                protocol.encode({"type": "action", "seq": "1", "count": c.count, "action": choice}),
                protocol.encode({"type": "action", "seq": 10**9, "count": c.count, "action": choice, "extra": 1}),
                protocol.encode({"type": "action", "seq": 10**9 + 1, "count": c.count,
                                 "action": {**choice, "seat": (c.seat + 1) % 4}}),
                protocol.encode({"type": "action", "seq": 10**9 + 2, "count": c.count,
                                 "action": {**choice, "surprise": True}}),
                protocol.encode({"type": "action", "seq": 10**9 + 3, "count": c.count,
                                 "action": {"type": "no.such.action", "seat": c.seat}}),
                protocol.encode({"type": "action", "seq": 10**9 + 4, "count": c.count,
                                 "action": {"type": "builtins.eval", "seat": c.seat}}),
                protocol.encode({"type": "action", "seq": 10**9 + 5, "count": c.count - 1, "action": choice}),
                protocol.encode({"type": "action", "seq": 10**9 + 6, "count": c.count,
                                 "action": {"type": "five_card_draw.discard", "seat": c.seat,
                                            "cards": [10**12, -5, 10**12]}}),
                protocol.encode({"type": "action", "seq": 10**9 + 7, "count": c.count,
                                 "action": {"type": "poker.raise", "seat": c.seat, "to": -(10**15)}})]
        if last_line is not None:
            junk.append(last_line)  # the last action again: replayed
        await c.send_raw(b"".join(junk))
        self.sent_junk += len(junk)

    async def play(self) -> None:
        c = self.client
        acted_at = -1
        last_line = None
        big_sent = False
        flood = asyncio.create_task(self.flood())
        try:
            for _ in range(100_000):
                if c.over:
                    break
                if c.legal and c.to_act == c.seat and c.count != acted_at:
                    choice = choose_from_legal(c.legal, REMOTE_LEVEL, self.rng)
                    await self.junk_before(choice, last_line)
                    if not big_sent:  # 10 MB in one line, skipped unread
                        big_sent = True
                        await c.send_raw(b'{"v":5,"type":"ping","n":"' + b"x" * (10 * 1024 * 1024) + b'"}\n')
                    acted_at = c.count
                    c.seq += 1
                    line = protocol.encode({"type": "action", "seq": c.seq, "count": c.count, "action": choice})
                    await c.send_raw(line)
                    last_line = line
                    continue
                if await c.receive() is None:
                    break
        finally:
            await flood


def test_faults_kill_reconnect_garbage_flood_and_the_match_is_unchanged():
    game = FAULT_GAME
    seed = 5
    recorder = Recorder(copy_checks_per_seat=0)
    host = start_host(game, seed=seed, recorder=recorder, absent_after=30.0)
    try:
        async def play():
            a, b, c = await join_all(host, [0, 1, 3], record=True)
            bad = Misbehaver(c, client_rng(seed, 3))

            async def dropper():
                rng = client_rng(seed, 1)
                await b.play(REMOTE_LEVEL, rng, max_actions=3)  # mid-hand: a few actions in
                b.abort()
                await asyncio.sleep(0.2)
                back = Client("127.0.0.1", host.port, host.code, token=b.token, want_legal=True)
                welcome = await back.connect()
                assert welcome["seat"] == 1 and welcome["token"] == b.token
                first = await back.receive()
                assert first is not None and first["type"] == "state" and first["log_from"] == 0
                assert back.view is not None and back.count >= 3
                back.seq = b.seq
                await back.play(REMOTE_LEVEL, rng)
                return back

            results = await asyncio.gather(a.play(REMOTE_LEVEL, client_rng(seed, 0)), dropper(), bad.play())
            return a, results[1], c, bad

        a, back, c, bad = run(play())
        check_same_as_local(host, game, seed)
        assert back.over and back.log == host.state.log_for(1) and back.view == host.state.seat_view(1).to_json()
        assert a.over and c.over
        assert bad.sent_junk >= 1000
        reasons = " | ".join(reason for _, reason in host.refusals)
        for expected in ("not a JSON message", "message over", "unknown message type", "for seat",
                         "replayed", "stale", "unknown fields", "wrong type", "not an action of this game",
                         "joined already"):
            assert expected in reasons, expected
        assert recorder.problems == []
    finally:
        host.stop()


def test_a_gone_player_is_played_by_the_computer_and_may_return():
    game = games.get("sabacc")
    kinds = ["remote", "remote"]
    host = Host(game, kinds, settings={"starting_credits": 3000}, seed=2, absent_after=0.3).start()
    try:
        async def leaver():
            c = Client("127.0.0.1", host.port, host.code, seat=1, want_legal=True)
            await c.connect()
            await c.play("random", random.Random(1), max_actions=1)
            c.abort()
            await asyncio.sleep(0.6)  # the computer stands in meanwhile
            back = Client("127.0.0.1", host.port, host.code, token=c.token, want_legal=True)
            await back.connect()
            back.seq = c.seq
            await back.play("random", random.Random(2))
            return back

        async def stayer():
            c = Client("127.0.0.1", host.port, host.code, seat=0, want_legal=True)
            await c.connect()
            await c.play("random", random.Random(0))
            return c

        # the thread-friendly client joins too: the first remote seat, polled like a frame loop
        async def both():
            return await asyncio.gather(stayer(), leaver())

        stay, back = run(both())
        assert host.wait(DEADLINE) and host.error is None
        assert stay.over and back.over
        # the host's own record replays to the same end
        replay = new_match(game, {"starting_credits": 3000}, host.names, 2)
        for action in host.state.history:
            if replay.to_act == CHANCE:  # chance draws again from the seeded generator
                assert replay.chance_action() == action
            replay.apply(action)
        assert json.dumps(replay.to_json(), sort_keys=True) == json.dumps(host.state.to_json(), sort_keys=True)
    finally:
        host.stop()


def test_the_threaded_client_is_polled_without_blocking():
    game = games.get("ipso")
    host = Host(game, ["remote", "random"], settings={"starting_chips": 10}, seed=4).start()
    client = ThreadedClient("127.0.0.1", host.port, host.code.lower(), name="Window", want_legal=True)
    try:
        welcome = client.start()
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        rng = random.Random(9)
        acted_at = -1
        started = time.monotonic()
        for _ in range(20_000):  # a frame loop: poll, maybe act, "draw"
            client.poll()
            c = client.client
            if c.over or time.monotonic() - started > DEADLINE:
                break
            if c.legal and c.to_act == c.seat and c.count != acted_at:
                acted_at = c.count
                client.send_action(choose_from_legal(c.legal, "random", rng))
            time.sleep(0.002)
        assert client.client.over and host.wait(5)
        assert client.client.standings == [list(s) for s in host.state.standings()]
        # Nothing more will come: a poll that waited for a message would never return.
        polled = threading.Thread(target=client.poll, daemon=True)
        polled.start()
        polled.join(5)
        assert not polled.is_alive(), "poll() waited for the network"
    finally:
        client.close()
        host.stop()


# -- (4) the join code ------------------------------------------------------------------------

def test_the_join_code_is_required():
    """A wrong code is refused; a seat token is looked at only after the right code; the
    old hello, code in the clear, is no handshake; the code's case and spaces do not matter."""
    game = games.get("ipso")
    host = Host(game, ["remote", "random"], seed=1, code="K7QX2M").start()
    try:
        async def attempts():
            with pytest.raises(JoinRefused, match="wrong join code"):
                await Client("127.0.0.1", host.port, "K7QX2N").connect()
            with pytest.raises(JoinRefused, match="unknown seat token"):
                await Client("127.0.0.1", host.port, "K7QX2M", token="made-up").connect()
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            writer.write(b'{"v":5,"type":"hello","code":"K7QX2M","name":"in the clear"}\n')
            await writer.drain()
            first = json.loads(await asyncio.wait_for(reader.readline(), 5))
            assert await asyncio.wait_for(reader.read(), 5) == b""  # closed
            writer.close()
            assert first["type"] == "join_refused" and "not a handshake" in first["reason"]
            assert host.state is None and host.waiting_for == 1
            good = Client("127.0.0.1", host.port, " k7 qx2m ")
            welcome = await good.connect()
            await good.close()
            return welcome

        welcome = run(attempts(), 20)
        assert welcome["seat"] == 0 and len(welcome["token"]) >= 16
    finally:
        host.stop()


# -- the protocol's own checks ---------------------------------------------------------------

def test_oversize_is_refused_before_parsing(monkeypatch):
    def no_parsing(*args, **kwargs):
        raise AssertionError("an oversize message was parsed")

    monkeypatch.setattr(protocol.json, "loads", no_parsing)
    with pytest.raises(protocol.Oversize):
        protocol.decode(b'{"v":5,"type":"ping","n":"' + b"9" * protocol.MAX_MESSAGE + b'"}\n')


def test_messages_and_actions_are_checked_against_their_schema():
    with pytest.raises(protocol.ProtocolError, match="version"):
        protocol.decode(b'{"type":"ping"}\n')
    with pytest.raises(protocol.ProtocolError, match="unknown message type"):
        protocol.decode(b'{"v":5,"type":"welcome","seat":0}\n', protocol.CLIENT_TYPES)
    with pytest.raises(protocol.ProtocolError, match="wrong type"):
        protocol.decode(b'{"v":5,"type":"action","seq":true,"count":0,"action":{}}\n')
    with pytest.raises(protocol.ProtocolError, match="not JSON"):
        protocol.decode(b'{"v":5,"type":"ping","n":NaN}\n')
    state = new_match(games.get("five_card_draw"), {}, ["A", "B"], 0)
    kinds = protocol.game_action_types(type(state))
    action = protocol.decode_action({"type": "five_card_draw.discard", "seat": 1, "cards": [3, 4]}, kinds)
    assert action.cards == (3, 4) and action_from_json(action.to_json()) == action
    for bad, why in [({"type": "five_card_draw.discard", "seat": 1, "cards": [3, "4"]}, "wrong type"),
                     ({"type": "five_card_draw.discard", "seat": True, "cards": []}, "wrong type"),
                     ({"type": "five_card_draw.discard", "seat": 1}, "needs"),
                     ({"type": "poker.bet", "seat": 1, "to": 4, "extra": 0}, "unknown fields"),
                     ({"type": "sabacc.stand", "seat": 1}, "not an action of this game"),
                     ({"seat": 1}, "not an action of this game"), ([], "JSON object")]:
        with pytest.raises(protocol.ProtocolError, match=why):
            protocol.decode_action(bad, kinds)


# -- discovery ------------------------------------------------------------------------------

def test_discovery_degrades_with_a_clear_message_without_zeroconf(monkeypatch):
    import sys

    from cardtable.net import discovery
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # import zeroconf now fails
    reason = discovery.unavailable()
    assert reason and "zeroconf" in reason and "address" in reason
    ad = discovery.Advertiser("Table", 7654)
    assert ad.start() is False and ad.problem == reason
    assert discovery.browse(0.1) == []


def test_discovery_on_loopback_or_a_clear_reason():
    """Announce and find a table over multicast on the loopback interface. zeroconf's
    listening socket binds port 5353 on every address, so this runs only when asked:
    CARDTABLE_NET_MULTICAST_TESTS=1."""
    import os

    from cardtable.net import discovery
    if os.environ.get("CARDTABLE_NET_MULTICAST_TESTS") != "1":
        pytest.skip("multicast discovery binds beyond 127.0.0.1; set CARDTABLE_NET_MULTICAST_TESTS=1 to run it")
    reason = discovery.unavailable()
    if reason:
        pytest.skip(reason)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    ad = discovery.Advertiser("Test table", port, game="ipso", addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    if not ad.start():
        pytest.skip(f"cannot advertise on loopback here: {ad.problem}")
    try:
        found = discovery.browse(1.5, interfaces=["127.0.0.1"])
    finally:
        ad.stop()
    if not found:
        pytest.skip("multicast on loopback does not reach back here")
    assert any(f.port == port and f.host == "127.0.0.1" and f.game == "ipso" for f in found)


# -- the command line -------------------------------------------------------------------------

def test_cardtable_host_and_join_play_a_match():
    import io
    import threading

    from cardtable import cli

    host_out = io.StringIO()
    result: dict[str, int] = {}
    thread = threading.Thread(target=lambda: result.setdefault("host", cli.main(
        ["host", "--variant", "sabacc", "--seats", "remote,random", "--port", "0", "--bind", "127.0.0.1",
         "--code", "ABC234", "--seed", "3", "--setting", "starting_credits=1500", "--no-advertise"],
        out=host_out, err=host_out)), daemon=True)
    thread.start()
    port = None
    for _ in range(200):  # up to ~10 s for the host to listen
        found = re.search(r"port: (\d+)", host_out.getvalue())
        if found:
            port = int(found.group(1))
            break
        time.sleep(0.05)
    assert port, host_out.getvalue()
    join_out = io.StringIO()
    assert cli.main(["join", f"127.0.0.1:{port}", "--code", "abc234", "--name", "Ada", "--bot", "random",
                     "--seed", "1"], out=join_out, err=join_out) == 0, join_out.getvalue()
    thread.join(DEADLINE)
    assert result.get("host") == 0, host_out.getvalue()
    assert "Join code: ABC234" in host_out.getvalue()
    final = json.loads(join_out.getvalue().strip().splitlines()[-1])
    assert final["seat"] == 0 and json.loads(host_out.getvalue().strip().splitlines()[-1])["standings"] == \
        final["standings"]
    assert cli.main(["join", f"127.0.0.1:{port}", "--code", "ABC234", "--bot", "random"],
                    out=io.StringIO(), err=io.StringIO()) == 1  # the host has gone
