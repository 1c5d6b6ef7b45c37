"""Flame Sword's command-line tools, as :mod:`cardtable.cli` calls them (``rank``, ``simulate``)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import Deck

__all__ = ["rank", "parse_flame_cards", "simulate", "make_flame_bots"]


def parse_flame_cards(args: list[str], deck: Deck) -> list[int]:
    """Deck indices of the cards named in ``args``, spelled "<rank> of <suit>".

    One name an argument, several in one argument, or the words of several all work
    (suits may have two words: "Ace of Flame Swords"); commas are ignored. ValueError
    names anything that is not a card of the Infinite Deck, or a card given twice.
    """
    ranks = {label.lower() for label in deck.ranks}
    words = " ".join(args).replace(",", " ").split()
    starts = [i for i in range(len(words) - 1)
              if words[i].lower() in ranks and words[i + 1].lower() == "of"]
    if not starts or starts[0] != 0:
        stray = " ".join(words[:starts[0]] if starts else words)
        raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                         "'Dragon of Embers' ('<rank> of <suit>')")
    cards: list[int] = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        name = " ".join(words[start:end])
        if end - start < 3:
            raise ValueError(f"{name!r} names no suit: expected '<rank> of <suit>'")
        try:
            index = deck.find(name).index
        except KeyError:
            raise ValueError(f"no card {name!r} in the Infinite Deck") from None
        if index in cards:
            raise ValueError(f"{name!r} is given twice")
        cards.append(index)
    return cards


def rank(cards: list[str]) -> dict[str, Any]:
    """The best Flame Sword hand of ten of the 10 to 18 cards named on the command line.

    Returns ``{"variant": "flame_sword", "rank": 8, "kind": "Rainbow x10", "cards":
    [the ten used, kind-making cards first]}``; rank 1 is Called Shot, 102 Pair, 103 High
    Card. ValueError for an unreadable card, a repeat, or fewer than 10 / more than 18.
    """
    from cardtable.games.flame_sword.hands import best_hand
    from cardtable.variants import load_deck_by_id

    deck = load_deck_by_id("infinite")
    indices = parse_flame_cards(cards, deck)
    if not 10 <= len(indices) <= 18:
        raise ValueError(f"a Flame Sword hand is the best ten of 10 to 18 cards, got {len(indices)}")
    hand = best_hand(deck, indices)
    return {"variant": "flame_sword", "rank": hand.rank, "kind": hand.kind,
            "cards": [deck[c].code for c in hand.cards]}


def make_flame_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated match (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.flame_sword.bot import FlameBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, FlameBot)


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: Any = None) -> dict[str, Any]:
    """Play ``games`` Flame Sword matches of bots with every check after every action
    (chips, the 12,000 cards, views, the log, liveness; a JSON round trip every
    ``json_every`` actions, play going on from the copy). Returns the summary shaped
    like ``simulation.simulate_matches``'s. ``max_rounds`` caps the hands of a match (0: to the end)."""
    import random

    from cardtable.games.flame_sword import checks
    from cardtable.games.flame_sword.rules import Phase
    from cardtable.games.flame_sword.state import FlameSwordState
    from cardtable.simulation import Simulation, simulate_matches
    from cardtable.variants import load_deck_by_id

    deck = load_deck_by_id("infinite")
    settings = _flame_settings()

    def problems(state: Any, start: int, done: int) -> list[str]:
        # Every seat's view at the end of each hand and every 10th action: 12,000 cards
        # make a full view check the dearest part of a step.
        views = state.phase in (Phase.REVEAL, Phase.GAME_OVER) or done % 10 == 0
        return checks.all_problems(state, log_start=start, views=views)

    sim = Simulation(
        variant="flame_sword",
        new_state=lambda names, game, seed: FlameSwordState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=make_flame_bots, problems=problems, round_trip=checks.round_trip,
        rounds=lambda state: state.hand_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat],
        round_word="hands")
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)


def _flame_settings() -> Any:
    """The bundled Flame Sword variant's settings (the defaults if it is missing)."""
    from cardtable.games.flame_sword.rules import FlameSwordSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("flame_sword", FlameSwordSettings)
