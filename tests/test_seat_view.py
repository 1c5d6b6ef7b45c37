"""The typed seat view (:mod:`cardtable.engine.view`): it goes through plain JSON text
exactly, a game's declared part included, and refuses data that is not a view."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.betting import BetOptions, Call
from cardtable.engine.view import (
    FOLDED,
    GameExtra,
    Phase,
    Pot,
    PotResult,
    SeatInfo,
    SeatView,
    Showdown,
    ShownHand,
    ViewError,
    Zone,
)


class DemoParts(GameExtra, kind="test.demo"):
    """A game's own part, as a game declares one."""

    die: str | None = None
    grid: tuple[int | None, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()


def a_view() -> SeatView:
    """A view using every kind of field the view has."""
    seats = (SeatInfo(seat=0, name="Ada", stack=90, bet=10, contributed=10, dealer=True, hand=(4, 7),
                      up=(9,), zones=(Zone(id="drawn", cards=(3,)),)),
             SeatInfo(seat=1, name="Bo", stack=None, status=FOLDED, hand=(None, None)))
    options = BetOptions(seat=0, can_fold=True, can_check=False, can_call=True, call_amount=5, can_bet=False,
                         can_raise=True, min_raise_to=20, max_raise_to=90, can_all_in=True, all_in_to=100)
    return SeatView(
        game="demo", seat=0, round=3, phase=Phase(id="bet", words="Betting"), to_act=0, seats=seats, dealer=0,
        pots=(Pot(amount=30, eligible=(0, 1)),), pot_total=30, betting_round=2,
        zones=(Zone(id="board", cards=(1, None)), Zone(id="deck", face_down=40)),
        legal=(Call(seat=0),), options=options,
        showdown=Showdown(round=2, showdown=True,
                          hands=(ShownHand(seat=1, key=(2, (13, 13), 9), label="A pair", kind="pair", cards=(1, 2)),),
                          pots=(PotResult(name="main pot", amount=20, eligible=(0, 1), winners=(1,),
                                          shares=((1, 20),)),), winners=(1,), net=(-10, 10)),
        extra=DemoParts(die="red", grid=(None, 5), pairs=((1, 2),)))


def test_a_view_goes_through_json_text_exactly():
    view = a_view()
    text = json.dumps(view.to_json())
    back = SeatView.from_json(json.loads(text))
    assert back == view
    assert isinstance(back.extra, DemoParts) and back.extra.grid == (None, 5)
    assert json.dumps(back.to_json()) == text


def test_what_a_table_asks_of_a_view():
    view = a_view()
    assert view.names == ["Ada", "Bo"]
    assert view.mine() and not view.is_over
    assert view.zone("deck").size == 40 and view.zone("nowhere") is None
    assert view.seats[0].zone("drawn").cards == (3,) and not view.seats[1].in_hand
    assert view.showdown.hand(1).label == "A pair" and view.showdown.hand(0) is None
    assert view.extra_as(DemoParts).die == "red"


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(seat="0"),
    lambda d: d.update(round=True),
    lambda d: d["seats"][0].update(hand="4,7"),
    lambda d: d["seats"][0].update(eye=1),
    lambda d: d["extra"].update(kind="someone.else"),
    lambda d: d.pop("phase"),
    lambda d: d["zones"].append(7),
    lambda d: d["showdown"]["hands"][0].update(key=[2, "13"]),
])
def test_data_that_is_not_a_view_is_refused(spoil):
    data = json.loads(json.dumps(a_view().to_json()))
    spoil(data)
    with pytest.raises(ViewError):
        SeatView.from_json(data)
