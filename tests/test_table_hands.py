"""Players' private hands on the free table: dealt, played, taken, undone, saved."""

from __future__ import annotations

import random

from cardtable import variants
from cardtable.engine.table import Table


def fresh(deck_id: str = "standard52") -> tuple[Table, int]:
    table = Table(variants.load_deck_by_id(deck_id), random.Random(4))
    (pid,) = table.piles
    return table, pid


def every_card_once(table: Table) -> bool:
    return sorted(c for p in table.piles.values() for c in p.cards) == list(range(len(table.deck)))


def test_dealing_to_each_player_goes_round_the_table_into_hands_off_the_felt():
    table, pid = fresh()
    top = table.piles[pid].cards[::-1][:6]
    hands = table.deal_hands(pid, 3, 2)
    assert table.piles[hands[0]].cards == top[0::2] and table.piles[hands[1]].cards == top[1::2]
    assert len(table.piles[pid].cards) == 46 and every_card_once(table)
    for hand in hands.values():
        assert table.piles[hand].owner is not None and hand in table.hands
        assert hand not in table.index and hand not in table.stacks  # never drawn on the felt
        assert not any(table.piles[hand].faces)  # hidden as far as the table is concerned
    assert table.pile_at(1, 1) == pid
    table.deal_hands(pid, 2, 2)
    assert len(table.piles[hands[0]].cards) == 5 and table.hand_of(1) == hands[1]


def test_playing_from_a_hand_and_taking_back_are_undoable_steps():
    table, pid = fresh()
    hands = table.deal_hands(pid, 5, 3)
    card = table.piles[hands[2]].cards[1]
    dest = table.play_from_hand(hands[2], 1, 500, 40)
    assert table.piles[dest].cards == (card,) and table.piles[dest].top_face_up
    assert card not in table.piles[hands[2]].cards and table.pile_at(510, 50) == dest
    table.to_hand(dest, 0)
    assert card in table.piles[hands[0]].cards and dest not in table.piles
    assert table.undo() == "take into hand" and table.undo() == "play from hand"
    assert card in table.piles[hands[2]].cards and every_card_once(table)


def test_gather_leaves_the_hands_and_a_save_keeps_them():
    table, pid = fresh("infinite")
    table.flip(pid)
    hands = table.deal_hands(pid, 7, 4)
    table.spread(pid, "grid")
    keep = table.gather()
    assert len(table.piles[keep].cards) == 12_000 - 28
    assert all(len(table.piles[h].cards) == 7 for h in hands.values())
    x, y, w, h = table.bounds()
    assert (x, y) == (table.piles[keep].x, table.piles[keep].y)
    loaded = Table.from_json(table.to_json(), table.deck)
    assert sorted(len(loaded.piles[h].cards) for h in loaded.hands) == [7, 7, 7, 7]
    assert {loaded.piles[h].owner for h in loaded.hands} == {0, 1, 2, 3}
    table.undo()
    table.undo()
    assert len(table.piles) == 1 + 4 and every_card_once(table)


def test_an_old_save_without_hands_still_loads():
    table, pid = fresh()
    data = table.to_json()
    assert all(len(p) == 5 for p in data["piles"])
    assert Table.from_json(data, table.deck).hands == set()
