"""A Sabacc hand's result in the game's words, from the seat view alone: who took the hand
pot and how much, with which total against the best total beaten and why (a special
hand, the higher absolute total, everyone else bombing out, or a sudden demise and how
its cards fell), who took the sabacc pot, and who bombed out and paid for it.

>>> from cardtable.engine.view import PotResult, Showdown, ShownHand
>>> from cardtable.games.sabacc.view import SabaccParts
>>> hands = (ShownHand(seat=0, key=(0, 20), label="+20"), ShownHand(seat=1, key=(0, 17), label="-17"),
...          ShownHand(seat=2, key=(), label="bomb out (+25)"))
>>> pot = PotResult(name="hand pot", amount=600, winners=(0,), shares=((0, 600),))
>>> results = Showdown(round=2, showdown=True, hands=hands, pots=(pot,), winners=(0,), net=(400, -200, -400))
>>> result_text(["Han", "Lando", "Jabba"], results, SabaccParts(bombed=(2,)), {}.get)
"Han wins the hand pot, 600 credits, with +20 against Lando's -17: the higher absolute total wins (20 against 17). \
Jabba bombed out (+25: over 23, under -23 or at 0) and paid the hand pot's amount into the sabacc pot."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.view import Showdown
from cardtable.engine.words import plural
from cardtable.games.sabacc.view import SabaccParts
from cardtable.ui.result_words import named, number_at, possessive, runner_up, takes

__all__ = ["result_text"]

CardWords = Callable[[int], str | None]
"""The sudden-demise card dealt to a seat, in words (None: none)."""

_SPECIAL_RULES = {2: "the Idiot's Array beats every other hand, Pure Sabacc too",
                  1: "Pure Sabacc beats every total but the Idiot's Array"}


def _demise(names: Sequence[str], results: Showdown, winners: list[int], parts: SabaccParts,
            demise_card: CardWords) -> str:
    """How the sudden demise settled a tie at the call."""
    before = dict(parts.demise_from)
    tied = sorted(before)
    drew = []
    for seat in tied:
        hand = results.hand(seat)
        label = hand.label if hand is not None else ""
        then = (f" and bombed out ({label.removeprefix('bomb out (').removesuffix(')')})"
                if label.startswith("bomb out") else f" for {label}")
        card = demise_card(seat)
        drew.append(f"{names[seat]} drew {card}{then}" if card else f"{names[seat]} {label}")
    after = {s: results.hand(s) for s in tied}
    bombed = [s for s, h in after.items() if h is None or not h.key]
    if len(winners) > 1:
        rule = "still equal, so they split it"
    elif len(bombed) == len(tied):
        rule = "all bombed out, and the total nearest 23 wins"
    elif bombed:
        rule = "a hand that does not bomb out beats one that does"
    else:
        rule = "the higher absolute total wins"
    at_call = ", ".join(f"{names[s]} {before[s]}" for s in tied)
    return f"{named(names, tied)} tied at the call ({at_call}), so a sudden demise dealt each one card: " \
           f"{', '.join(drew)}; {rule}"


def _hand_pot(names: Sequence[str], results: Showdown, parts: SabaccParts, demise_card: CardWords) -> str:
    pot = next((p for p in results.pots if p.name == "hand pot"), None)
    if pot is None:
        return f"Everyone bombed out: {plural(parts.carried, 'credit')} stay in the hand pot for the next hand"
    taken = takes(names, pot, "credit", "the hand pot")
    winners = list(pot.winners)
    if not results.showdown:
        return f"{taken}: everyone else folded"
    if any(s in dict(parts.demise_from) for s in winners):
        return f"{taken}: {_demise(names, results, winners, parts, demise_card)}"
    best = results.hand(winners[0])
    with_hand = f"{taken}, with {best.label}" if best is not None else taken
    beaten = runner_up(results, winners)
    if beaten is None:
        return f"{with_hand}: everyone else bombed out" if len(results.hands) > 1 else with_hand
    if best is not None and best.key[0] != beaten.key[0]:
        rule = _SPECIAL_RULES.get(number_at(best.key, 0), "a special hand wins")
    else:
        mine, theirs = (abs(number_at(h.key, 1)) for h in (best, beaten) if h is not None)
        rule = f"the higher absolute total wins ({mine} against {theirs})"
    return f"{with_hand} against {possessive(names[beaten.seat])} {beaten.label}: {rule}"


def result_text(names: Sequence[str], results: Showdown, parts: SabaccParts, demise_card: CardWords) -> str:
    """The hand's result: the hand pot, the sabacc pot and the bomb-outs, a sentence each
    (``demise_card`` names the sudden-demise card dealt to a seat)."""
    said = [_hand_pot(names, results, parts, demise_card)]
    sabacc = next((p for p in results.pots if p.name == "sabacc pot"), None)
    if sabacc is not None and sabacc.winners:
        special = results.hand(sabacc.winners[0])
        said.append(f"{special.label if special else 'Sabacc'}! " + takes(names, sabacc, "credit", "the sabacc pot")
                    .replace(" wins ", " also takes ").replace(" split ", " also split "))
    elif parts.sabacc_pot:  # what the antes and the bomb-outs put there: part of what the others lost
        said.append(f"The sabacc pot holds {plural(parts.sabacc_pot, 'credit')} for a special hand")
    bombed = [s for s in parts.bombed if s not in dict(parts.demise_from)]
    if bombed:
        totals = {s: h.label.removeprefix("bomb out (").removesuffix(")") for s in bombed if (h := results.hand(s))}
        labels = ", ".join(f"{names[s]} {total}" if len(bombed) > 1 else total for s, total in totals.items())
        said.append(f"{named(names, bombed)} bombed out ({labels}: over 23, under -23 or at 0) and paid "
                    "the hand pot's amount into the sabacc pot")
    return ". ".join(said) + "."
