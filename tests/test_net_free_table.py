"""A hosted free table over real sockets: the host's table reaches every joined
player, operations come back checked and in arrival order, and hidden cards never
leave the host."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import pytest

from cardtable.engine.table import Table
from cardtable.net.client import ThreadedClient
from cardtable.net.free_host import FreeTableHost
from cardtable.net.free_mirror import FreeTableMirror
from cardtable.net.free_wire import PIECE_PILES, Refused, check_operation
from cardtable.variants import load_deck_by_id

CODE = "FREE42"


class Player:
    """A joined client, the messages it was sent, and its copy of the table."""

    def __init__(self, host: FreeTableHost, name: str) -> None:
        self.link = ThreadedClient("127.0.0.1", host.port, CODE, name=name)
        self.link.client.received = bytearray()  # every message, opened, as it came
        self.welcome = self.link.start()
        self.seat: int = self.welcome["seat"]
        self.mirror = FreeTableMirror()
        self.refusals: list[dict] = []

    def take(self) -> None:
        for message in self.link.poll():
            if message["type"] == "state":
                self.mirror.receive(message["view"])
            elif message["type"] == "refused":
                self.refusals.append(message)

    def send(self, op: dict) -> None:
        self.link.send_action(op)

    def messages(self) -> list[dict]:
        assert self.link.client.received is not None
        return [json.loads(line) for line in bytes(self.link.client.received).splitlines()]


def settle(host: FreeTableHost, table: Table, players: list[Player], until: Callable[[], bool],
           timeout: float = 10.0) -> None:
    """Pump the host and read the players until ``until()`` holds (a failure after
    ``timeout`` seconds: a condition, never a sleep, decides)."""
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, "the table did not settle"
        host.pump(table)
        for player in players:
            player.take()
        time.sleep(0.002)


def same(table: Table, player: Player) -> bool:
    """True when the player's copy is the host's table as that seat may see it."""
    mirror = player.mirror
    if set(mirror.piles) != set(table.piles):
        return False
    for pid, pile in table.piles.items():
        mine = mirror.piles[pid]
        if (mine.x, mine.y, mine.z, mine.owner, len(mine.cards)) != (pile.x, pile.y, pile.z, pile.owner,
                                                                     len(pile.cards)):
            return False
        for card, up, shown in zip(pile.cards, pile.faces, mirror.shown[pid]):
            visible = pile.owner == player.seat if pile.owner is not None else up
            if shown != (card if visible else None):
                return False
    return True


@pytest.fixture
def hosted():
    host = FreeTableHost(2, ["Host"], code=CODE, bind="127.0.0.1").start()
    table = Table(load_deck_by_id("standard52"), random.Random(7))
    players: list[Player] = []
    yield host, table, players
    for player in players:
        player.link.close()
    host.stop()


def join(hosted, name: str) -> Player:
    host, table, players = hosted
    player = Player(host, name)
    players.append(player)
    settle(host, table, players, lambda: same(table, player))
    return player


def hidden_cards_never_sent(table: Table, player: Player, ever_shown: set[int]) -> None:
    """No message the player received names a card outside ``ever_shown``."""
    for message in player.messages():
        if message["type"] != "state":
            continue
        for data in message["view"]["piles"]:
            if len(data) > 1:
                named = {c for c in data[5] if c >= 0}
                assert named <= ever_shown, f"seat {player.seat} was sent {sorted(named - ever_shown)}"


def test_moves_flips_and_shuffles_reach_every_screen(hosted):
    host, table, players = hosted
    ann, bob = join(hosted, "Ann"), join(hosted, "Bob")
    assert (ann.seat, bob.seat) == (1, 2)
    deck = table.pile_ids()[0]
    ann.send({"kind": "move", "pile": deck, "size": 52, "count": 1, "x": 300, "y": 0})
    settle(host, table, players, lambda: len(table.piles) == 2 and same(table, ann) and same(table, bob))
    card = max(table.piles)
    bob.send({"kind": "flip", "pile": card, "size": 1})
    settle(host, table, players, lambda: table.piles[card].top_face_up and same(table, ann) and same(table, bob))
    shown = table.piles[card].top
    assert ann.mirror.shown[card] == [shown] == bob.mirror.shown[card]
    before = table.piles[deck].cards
    ann.send({"kind": "shuffle", "pile": deck, "size": 51})
    settle(host, table, players, lambda: table.piles[deck].cards != before and same(table, ann)
           and same(table, bob))
    assert not ann.refusals and not bob.refusals and host.applied == 3
    # a move costs the piles it touched, not the deck: two piles, not 52 cards
    last = [m for m in ann.messages() if m["type"] == "state"][-1]
    assert len(last["view"]["piles"]) == 1 and not last["view"]["full"]


def test_two_grabs_of_one_card_are_settled_in_arrival_order(hosted):
    host, table, players = hosted
    ann, bob = join(hosted, "Ann"), join(hosted, "Bob")
    pile = table.deal(table.pile_ids()[0], 1, face_up=True)[0]
    settle(host, table, players, lambda: same(table, ann) and same(table, bob))
    ann.send({"kind": "take", "pile": pile, "size": 1, "count": 1})
    assert host.wait_queued(1)
    bob.send({"kind": "move", "pile": pile, "size": 1, "count": 1, "x": 0, "y": 500})
    assert host.wait_queued(2)
    settle(host, table, players, lambda: bool(bob.refusals) and same(table, ann) and same(table, bob))
    assert table.hand_of(1) is not None and len(table.piles[table.hand_of(1)].cards) == 1
    assert pile not in table.piles and not ann.refusals
    assert "not on the table" in bob.refusals[0]["reason"]
    assert host.applied == 1


def test_hands_stay_private_on_the_wire(hosted):
    host, table, players = hosted
    ann, bob = join(hosted, "Ann"), join(hosted, "Bob")
    table.deal_hands(table.pile_ids()[0], 5, 3)
    settle(host, table, players, lambda: same(table, ann) and same(table, bob))
    ann_hand, bob_hand = table.hand_of(1), table.hand_of(2)
    assert ann.mirror.shown[ann_hand] == list(table.piles[ann_hand].cards)
    assert bob.mirror.shown[ann_hand] == [None] * 5 and ann.mirror.shown[bob_hand] == [None] * 5
    ann.send({"kind": "play", "pile": ann_hand, "size": 5, "index": 0, "x": 0, "y": 400})
    settle(host, table, players, lambda: len(table.piles[ann_hand].cards) == 4 and same(table, bob))
    played = next(p for p in table.piles.values() if p.owner is None and p.top_face_up).top
    host_hand = table.hand_of(0)
    assert host_hand is not None
    ever = {played}  # the only card anyone was shown face up on the felt
    hidden_cards_never_sent(table, ann, ever | set(table.piles[ann_hand].cards) | {played})
    hidden_cards_never_sent(table, bob, ever | set(table.piles[bob_hand].cards))
    for card in table.piles[host_hand].cards:
        assert card not in ann.mirror.seen() | bob.mirror.seen()


def test_a_hostile_operation_is_refused_and_the_host_goes_on(hosted):
    host, table, players = hosted
    ann, bob = join(hosted, "Ann"), join(hosted, "Bob")
    table.deal_hands(table.pile_ids()[0], 2, 3)
    deck = next(pid for pid, p in table.piles.items() if p.owner is None)
    settle(host, table, players, lambda: same(table, ann) and same(table, bob))
    bob_hand = table.hand_of(2)
    size = len(table.piles[deck].cards)
    bad = [
        {"kind": "flip", "pile": 9999, "size": 1},                               # no such pile
        {"kind": "move", "pile": deck, "size": size, "count": 99, "x": 0, "y": 0},  # out of range
        {"kind": "move", "pile": deck, "size": size, "count": 1, "x": 1e300, "y": 0},  # huge
        {"kind": "play", "pile": bob_hand, "size": 2, "index": 0, "x": 0, "y": 0},  # another's hand
        {"kind": "take", "pile": bob_hand, "size": 2},                           # a hand is no felt pile
        {"kind": "flip", "pile": deck, "size": size, "sneak": 1},                # unknown field
        {"kind": "undo"},                                                        # not a joined player's
        {"kind": "move", "pile": True, "size": size, "x": 0, "y": 0},            # not an id
    ]
    for op in bad:
        ann.send(op)
    settle(host, table, players, lambda: len(ann.refusals) == len(bad))
    reasons = " | ".join(r["reason"] for r in ann.refusals)
    for words in ("not on the table", "count must be", "not a num", "not your hand", "a player's hand",
                  "unknown fields", "unknown operation", "not a pile"):
        assert words in reasons
    assert same(table, ann) and host.applied == 0
    bob.send({"kind": "flip", "pile": deck, "size": size})
    settle(host, table, players, lambda: host.applied == 1 and same(table, ann) and same(table, bob))


def test_a_joiner_whose_seat_is_queued_after_a_frame_sent_it_the_table_gets_it_once(hosted):
    """The server thread welcomes a joiner, then queues its seat for the window: a frame
    can come in between and send it the whole table first. The queued seat then sends
    nothing more (on the Infinite Deck a second whole table is twelve more pieces)."""
    host, table, players = hosted
    ann = Player(host, "Ann")
    players.append(ann)
    queued = host._inbox.get(timeout=10)  # the seat, taken out as if not queued yet
    assert queued == ann.seat
    host.pump(table)  # the frame in between: a new table for the host, sent whole to every seat
    host._inbox.put(queued)
    table.flip(table.pile_ids()[0])
    settle(host, table, players, lambda: host._inbox.empty() and same(table, ann))
    host.pump(table)
    time.sleep(0.05)
    ann.take()
    assert [m["view"]["full"] for m in ann.messages() if m["type"] == "state"] == [True, False]


def test_a_player_joining_mid_game_gets_the_table(hosted):
    host, table, players = hosted
    ann = join(hosted, "Ann")
    table.deal(table.pile_ids()[0], 5, face_up=True)
    table.flip(table.pile_ids()[0])
    ann.send({"kind": "take", "pile": max(table.piles), "size": 1})
    settle(host, table, players, lambda: table.hand_of(1) is not None and same(table, ann))
    bob = join(hosted, "Bob")
    assert same(table, bob) and bob.mirror.shown[table.hand_of(1)] == [None]
    copy = bob.mirror.table(table.deck)
    assert set(copy.piles) == set(table.piles) and copy.card_count() == 52


def test_a_spread_of_the_infinite_deck_travels_in_pieces():
    host = FreeTableHost(1, code=CODE, bind="127.0.0.1").start()
    table = Table(load_deck_by_id("infinite"), random.Random(3))
    player = Player(host, "Ann")
    try:
        settle(host, table, [player], lambda: same(table, player))
        first = [m for m in player.messages() if m["type"] == "state"]
        assert len(first) == 1 and first[0]["view"]["piles"][0][5] == [-len(table.deck)]  # 12,000 backs: one run
        table.spread(table.pile_ids()[0], "grid")
        settle(host, table, [player], lambda: same(table, player), timeout=30)
        pieces = [m for m in player.messages() if m["type"] == "state"][len(first):]
        assert len(pieces) == -(-(len(table.piles) + 1) // PIECE_PILES)  # the 12,000 made and the one gone
        table.move(table.pile_ids()[-1], 1, -500, -500)
        settle(host, table, [player], lambda: same(table, player))
        assert len([m for m in player.messages() if m["type"] == "state"][-1]["view"]["piles"]) == 1
    finally:
        player.link.close()
        host.stop()


def test_check_operation_takes_only_the_known_forms():
    assert check_operation({"kind": "flip", "pile": 1, "size": 2}) == {"kind": "flip", "pile": 1, "size": 2}
    for op in ([], {"kind": 3}, {"kind": "flip", "pile": 1}, {"kind": "move", "pile": 1, "size": 1, "x": "0",
                                                                 "y": 0}):
        with pytest.raises(Refused):
            check_operation(op)


def test_a_stand_in_card_shown_for_real_elsewhere_makes_way():
    mirror = FreeTableMirror()
    deck = load_deck_by_id("standard52")
    mirror.receive({"free": 1, "deck": deck.id, "full": True, "more": False,
                    "piles": [[1, 0, 0, 1, None, [-51]], [2, 0, 0, 2, 1, [51]]]})
    table = mirror.table(deck)
    assert table.piles[1].cards[0] == 0  # a back stands in as card 0, which this seat has not seen
    mirror.receive({"free": 1, "deck": deck.id, "full": False, "more": False,
                    "piles": [[1, 0, 0, 1, None, [-50]], [3, 200, 0, 3, None, [0]]]})
    table._put(mirror.fill(len(deck)))
    assert table.piles[3].cards == (0,) and 0 not in table.piles[1].cards
    assert sorted(c for p in table.piles.values() for c in p.cards) == list(range(52))


def test_a_spectator_sees_no_hand_and_no_face_down_card(hosted):
    host, table, players = hosted
    ann = join(hosted, "Ann")
    table.deal_hands(table.pile_ids()[0], 3, 2)
    watcher = ThreadedClient("127.0.0.1", host.port, CODE, watch=True)
    watcher.client.received = bytearray()
    watcher.start()
    mirror = FreeTableMirror()
    try:
        def seen() -> bool:
            for message in watcher.poll():
                if message["type"] == "state":
                    mirror.receive(message["view"])
            return set(mirror.piles) == set(table.piles)
        settle(host, table, players, lambda: seen() and same(table, ann))
        assert mirror.seen() == set()
        named = [c for line in bytes(watcher.client.received).splitlines() if b'"state"' in line
                 for data in json.loads(line)["view"]["piles"] for c in data[5] if c >= 0]
        assert named == []
        watcher.send_action({"kind": "flip", "pile": table.pile_ids()[0], "size": 1})
        settle(host, table, players, lambda: any(m["type"] == "refused" for m in watcher.poll()))
    finally:
        watcher.close()


def heard(player: Player) -> list[str]:
    """Every line the host put in the player's state messages' logs, in order."""
    return [line for m in player.messages() if m["type"] == "state" for line in m["log"]]


def test_each_player_hears_what_the_others_did_and_never_a_hidden_card(hosted):
    host, table, players = hosted
    ann, bob = join(hosted, "Ann"), join(hosted, "Bob")
    deck = table.pile_ids()[0]
    table.deal_hands(deck, 3, 3)  # the host's own step
    settle(host, table, players, lambda: same(table, ann) and same(table, bob))
    ann_hand = table.hand_of(1)
    ann.send({"kind": "play", "pile": ann_hand, "size": 3, "index": 0, "x": 0, "y": 400})
    settle(host, table, players, lambda: len(table.piles[ann_hand].cards) == 2 and same(table, bob)
           and same(table, ann))
    bob.send({"kind": "move", "pile": deck, "size": 43, "count": 2, "x": 300, "y": 0})
    settle(host, table, players, lambda: len(table.piles) == 6 and same(table, ann) and same(table, bob))
    table.undo()  # the host takes Bob's move back: a step on the table, as any other
    settle(host, table, players, lambda: len(table.piles) == 5 and same(table, ann) and same(table, bob))
    assert heard(ann) == ["Host dealt to every hand", "Bob moved 2 cards", "Host undid move"]
    assert heard(bob) == ["Host dealt to every hand", "Ann played a card from their hand", "Host undid move"]
    assert host.heard == ["Ann played a card from their hand", "Bob moved 2 cards"]
    names = {card.name for card in table.deck.cards}
    assert not any(name in line for player in (ann, bob) for line in heard(player) for name in names)
