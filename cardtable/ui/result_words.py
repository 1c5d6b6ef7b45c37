"""The words every table says the same way about a settled round, from its seat view's
showdown alone: who took how much, whose hand was the best one beaten, and what each
person at the screen won or lost.

Each game's own result line (``cardtable/games/<id>/ui/result.py``,
``cardtable/yaml_games/ui/result.py``) builds on these: it names the hands and the
deciding rule in the game's words.

>>> from cardtable.engine.view import PotResult, Showdown, ShownHand
>>> results = Showdown(round=3, showdown=True, hands=(ShownHand(seat=0, key=(2, 5), label="A"),
...                    ShownHand(seat=1, key=(1, 9), label="B"), ShownHand(seat=2, key=(), label="C")),
...                    pots=(PotResult(name="main pot", amount=26, eligible=(0, 1, 2), winners=(0,),
...                                    shares=((0, 26),)),), winners=(0,), net=(14, -12, -2))
>>> runner_up(results, (0,)).seat, first_difference((2, 5), (1, 9)), first_difference((2, 5), (2, 5))
(1, 0, None)
>>> takes(["Ann", "Bo", "Cy"], results.pots[0])
'Ann wins 26 chips'
>>> gains(["Ann", "Bo", "Cy"], results, [1])
'You showed B, which won nothing. Your net this hand: -12 chips (you put in 12).'
>>> gains(["Ann", "Bo", "Cy"], results, [0, 1])
'Net this hand: Ann +14 chips (won 26, put in 12), Bo -12 chips (put in 12).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.view import HandKey, PotResult, Showdown, ShownHand
from cardtable.engine.words import plural

__all__ = ["possessive", "named", "comparable", "first_difference", "runner_up", "takes", "gains", "ordinal",
           "number_at", "ranks_at", "against", "pot_sentence", "pots_text", "the_pot", "Rule"]

Rule = Callable[[ShownHand, ShownHand], str]
"""What put the first hand above the second, in a game's words, with ``{0}`` and ``{1}``
standing for their owners' possessives ("both Pair; {0} kicker beats {1}")."""

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """"first" for 1, "second" for 2 ... "tenth"; "#11" past ten."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"#{n}"


def possessive(name: str) -> str:
    """"Ann's"; "your" for "you"."""
    return "your" if name.lower() == "you" else f"{name}'s"


def named(names: Sequence[str], seats: Sequence[int]) -> str:
    """The seats' names joined: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    people = [names[s] for s in seats]
    if not people:
        return ""
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def comparable(key: HandKey) -> list[Any]:
    """A hand key as lists, compared as the games compare their keys (a tuple inside as a list)."""
    return [list(part) if isinstance(part, tuple) else part for part in key]


def number_at(key: HandKey, place: int) -> int:
    """The number at ``place`` of a hand key (the first of a tuple there)."""
    part = key[place]
    return part[0] if isinstance(part, tuple) else part


def ranks_at(key: HandKey, place: int) -> tuple[int, ...]:
    """The numbers at ``place`` of a hand key, as a tuple (a lone number as one)."""
    part = key[place]
    return part if isinstance(part, tuple) else (part,)


def first_difference(key: HandKey, other: HandKey) -> int | None:
    """The first place at which two hand keys differ (0: the kind), None when equal."""
    return next((i for i, (a, b) in enumerate(zip(comparable(key), comparable(other))) if a != b), None)


def runner_up(results: Showdown, winners: Sequence[int], eligible: Sequence[int] = (),
              hands: Sequence[ShownHand] | None = None) -> ShownHand | None:
    """The best hand shown (of ``hands``: the showdown's unless given) that competed (it
    has a key) among ``eligible`` (every hand when empty) without being one of
    ``winners``: the hand the winners beat; None when there was none."""
    shown = results.hands if hands is None else hands
    others = [h for h in shown if h.key and h.seat not in winners and (not eligible or h.seat in eligible)]
    return max(others, key=lambda h: comparable(h.key)) if others else None


def takes(names: Sequence[str], pot: PotResult, unit: str = "chip", pot_name: str = "") -> str:
    """Who took ``pot`` and how much: "Ann wins 26 chips", "Ann and Bo split 26 chips
    (13 each)", "Ann and Bo split 27 chips (Ann 14, Bo 13)"; ``pot_name`` ("the main
    pot") is said after the amount: "Ann wins the main pot, 26 chips"."""
    amount = plural(pot.amount, unit)
    what = f"{pot_name}, {amount}" if pot_name else amount
    winners = list(pot.winners)
    if len(winners) == 1:
        return f"{names[winners[0]]} wins {what}"
    shares = dict(pot.shares)
    each = {shares.get(s, 0) for s in winners}
    split = (f"{each.pop():,} each" if len(each) == 1
             else ", ".join(f"{names[s]} {shares.get(s, 0):,}" for s in winners))
    return f"{named(names, winners)} split {what} ({split})"


def gains(names: Sequence[str], results: Showdown, people: Sequence[int], unit: str = "chip",
          detail: bool = True, span: str = "hand", label: Callable[[ShownHand], str] | None = None) -> str:
    """What the people at the screen gained or lost over the round, said as the net (the
    showdown's ``net``: what a seat took from the pots less what it put in), so it is not
    taken for the pot: "Your net this hand: -12 chips (you put in 12)." for one person (after
    "You showed Pair, which won nothing." when their shown hand took no share);
    with several, each by name ("Net this hand: Ann +14 chips (won 26, put in 12), Bo -12
    chips (put in 12)."). A person who neither gained nor lost is left out; ``detail``
    False leaves out the "won, put in" (a game whose payments are not pots); ``span`` is the
    game's word for what was played ("hand", "round"); ``label`` says a shown hand in the
    game's words (its name glossed), the hand's label when None. "" when there is nothing to say."""
    net = results.net
    won: dict[int, int] = {}
    for pot in results.pots:
        for seat, amount in pot.shares:
            won[seat] = won.get(seat, 0) + amount
    said = []
    for seat in people:
        if seat >= len(net) or not net[seat]:
            continue
        figure = f"{'+' if net[seat] > 0 else '-'}{plural(abs(net[seat]), unit)}"
        taken = won.get(seat, 0)
        put = taken - net[seat]
        if detail and put >= 0:
            you = "you " if len(people) == 1 else ""
            parts = [f"{you}won {taken:,}"] if taken else []
            parts += [f"{'' if taken else you}put in {put:,}"] if put else []
            figure += f" ({', '.join(parts)})" if parts else ""
        said.append(figure if len(people) == 1 else f"{names[seat]} {figure}")
    if not said:
        return ""
    if len(people) > 1:
        return f"Net this {span}: {', '.join(said)}."
    mine = next((h for h in results.hands if h.seat == people[0]), None) if results.showdown else None
    seat = people[0]
    took = won.get(seat) or seat in results.winners or (seat < len(net) and net[seat] > 0)
    shown = (label(mine) if label is not None else mine.label) if mine is not None else ""
    lost = f"You showed {shown}, which won nothing. " if mine is not None and not took else ""
    return f"{lost}Your net this {span}: {said[0]}."


def against(names: Sequence[str], results: Showdown, pot: PotResult, rule: Rule, *,
            hands: Sequence[ShownHand] | None = None, split: str = "equal hands") -> tuple[str, str]:
    """The best hand ``pot``'s winner beat and the ``rule`` that decided ("Bo's Pair",
    "Flush ranks above Pair"); for a split ``("", split)``; ``("", "")`` when no other
    hand competed. ``hands``: the hands that competed for it (the showdown's unless
    given: a low half's lows)."""
    shown = results.hands if hands is None else hands
    if len(pot.winners) > 1:
        return "", split
    best = next((h for h in shown if h.seat == pot.winners[0]), None) if pot.winners else None
    beaten = runner_up(results, pot.winners, pot.eligible, shown)
    if best is None or beaten is None:
        return "", ""
    why = rule(best, beaten).format(possessive(names[best.seat]), possessive(names[beaten.seat]))
    return f"{possessive(names[beaten.seat])} {beaten.label}", why


def pot_sentence(names: Sequence[str], results: Showdown, pot: PotResult, rule: Rule, *, unit: str = "chip",
                 pot_name: str = "", hands: Sequence[ShownHand] | None = None, split: str = "equal hands") -> str:
    """One pot's result: who took it and how much, with which hand, against the best hand
    that could have won it, and the ``rule`` that decided ("Ann wins 26 chips with Flush
    against Bo's Pair: Flush ranks above Pair"); ``split`` says why winners shared it;
    ``hands`` as :func:`against`."""
    shown = results.hands if hands is None else hands
    taken = takes(names, pot, unit, pot_name)
    labels = [h.label for s in pot.winners for h in shown if h.seat == s]
    if not results.showdown or not labels:
        return f"{taken}: everyone else folded"
    how = f"{taken}{',' if pot_name else ''} with {' and '.join(dict.fromkeys(labels))}"
    beaten, why = against(names, results, pot, rule, hands=hands, split=split)
    return how + (f" against {beaten}" if beaten else "") + (f": {why}" if why else "")


def pots_text(names: Sequence[str], results: Showdown, rule: Rule, *, unit: str = "chip",
              split: str = "equal hands") -> str:
    """Every pot won, a sentence each (:func:`pot_sentence`), the pot named when there are
    several; pots won alike (the same winners, against the same hand) in one sentence
    ("Bo wins the main pot and the auction pot, 9 chips, with ..."); "" when none was won."""
    pots = [pot for pot in results.pots if pot.winners and pot.amount]  # an empty auction pot is no news
    alike: dict[tuple[Any, ...], list[PotResult]] = {}
    for pot in pots:
        alike.setdefault((pot.winners, against(names, results, pot, rule, split=split)), []).append(pot)
    said = []
    for group in alike.values():
        shares: dict[int, int] = {}
        for pot in group:
            for seat, amount in pot.shares:
                shares[seat] = shares.get(seat, 0) + amount
        pot = PotResult(name=group[0].name, amount=sum(p.amount for p in group), eligible=group[0].eligible,
                        winners=group[0].winners, shares=tuple(sorted(shares.items())))
        pot_name = " and ".join(the_pot(p.name) for p in group) if len(pots) > 1 else ""
        said.append(pot_sentence(names, results, pot, rule, unit=unit, split=split, pot_name=pot_name))
    return ". ".join(said) + "." if said else ""


def the_pot(name: str) -> str:
    """A pot's name in a sentence: "the main pot", "the auction pot", "side pot 1"."""
    return name if name.startswith("side pot") else f"the {name}"
