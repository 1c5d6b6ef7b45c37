"""A saved match's hands as text: Poker Hand History (PHH) where PHH has the variant, else
PHH's shape with cardtable's extension (``docs/hand-histories.md``).

:func:`export` is what the command line and the Saves screen call: the games PHH names
(:mod:`cardtable.yaml_games.phh`) are written as PHH, which pokerkit plays; every other
game with rules as the extension, a TOML file with PHH's fields (``players``,
``starting_stacks``, ``actions``, ``finishing_stacks``...) and ``variant =
"cardtable.<game id>"``, so that a PHH reader refuses it instead of misreading it.

The extension is written from the game's actions alone, the same way for every game: each
move of the save is one action, the engine's betting as PHH's verbs (``p1 f``, ``p2 cc``,
``p1 cbr 20``, ``p3 sd 7h``), any other action as its kind's last word and its fields
(``p2 bid card=Gula_3_of_Fire amount=4``, ``d roll colour=red``), its log line after it as
a TOML comment. What a move deals or turns up follows it: ``d dh p1 ...`` for a player's
cards, ``d db ...`` for the board, ``d dz ZONE ...`` for another shared place (a grid, a
flip pile), ``p2 sm ...`` for a hand shown, all read off each seat's own view of the table
(:meth:`~cardtable.engine.game.GameState.seat_view`), so every card written is one some
player saw, the hole cards as PHH writes them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.cards import Card, Deck
from cardtable.engine.flow.actions import Discard
from cardtable.engine.game import CHANCE, Action, GameState, action_from_json
from cardtable.engine.replay import replay
from cardtable.engine.view import OUT
from cardtable.yaml_games.phh import (
    PhhError,
    betting_words,
    card_code,
    hand_history,
    match_history,
    phh_variant,
    toml_entry,
)

__all__ = ["Export", "export", "export_save", "write_beside", "hand_texts", "card_token", "EXTENSION",
           "CONSEQUENCES", "PhhError"]

EXTENSION = "cardtable."
"""The start of an extension file's ``variant``: ``cardtable.<game id>``."""

IN_PLAY = ("the match is still being played: a hand history shows every player's cards, folded ones too, "
           "so it is written once the match is over (a replay shows your own seat's view meanwhile)")
"""Why a match still in play has no hand history yet (the replay viewer's rule as well)."""

CONSEQUENCES = ("d dh ", "d db ", "d dz ")
"""How the lines a move causes start (with ``pN sm``): no move of the save stands for them."""


@dataclass(frozen=True)
class Export:
    """Hands as text: ``text``, the file ``suffix`` it is written with (``.phh`` one hand,
    ``.phhs`` several) and ``hands``, how many."""

    text: str
    suffix: str
    hands: int


def export(game: Any, data: Mapping[str, Any], *, deck: Deck, hand: int | None = None) -> Export:
    """Hand ``hand`` (1-based), or every finished hand, of the saved match ``data`` (a
    state's ``to_json()``): PHH where PHH names the game, else the extension. PhhError
    with the reason for a game without rules, a hand the save does not have, or a save
    with no finished hand."""
    if not getattr(game, "has_rules", False):
        raise PhhError(f"{getattr(game, 'name', 'this game')} has no rules: its table keeps no hands")
    start = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=0)
    if phh_variant(start) is not None:
        if hand is not None:
            return Export(hand_history(game, data, hand, deck=deck), ".phh", 1)
        text = match_history(game, data, deck=deck)
        return Export(text, ".phhs", text.count("\nvariant = "))
    texts = hand_texts(game, data, deck=deck, only=hand)
    if hand is not None:
        return Export(texts[0], ".phh", 1)
    return Export("\n".join(f"[{n}]\n{text}" for n, text in enumerate(texts, 1)), ".phhs", len(texts))


def export_save(path: str, *, hand: int | None = None) -> Export:
    """The hands of the save file ``path``, checked first as ``cardtable save check`` does
    (replayed, whatever wrote it): :func:`export`. PhhError (or
    :class:`cardtable.saves.SaveError`) with the reason when it cannot be."""
    from cardtable import games, save_checks, saves
    from cardtable.variants import load_deck_by_id

    envelope = saves.load_save(path)
    game = games.find(str(envelope.get("game")))
    if game is None or not game.has_rules:
        raise PhhError(f"{getattr(game, 'name', envelope.get('game'))} has no rules: its table keeps no hands")
    problem = save_checks.checker()({**envelope, "sha256": None})
    if problem is not None:
        raise PhhError(problem)
    data = envelope["payload"]["state"]
    imported = bool((envelope.get("summary") or {}).get("imported"))  # (every card came from its file)
    if not imported and save_checks.load_state(game.id, envelope["payload"], trusted=True).to_act is not None:
        raise PhhError(IN_PLAY)
    return export(game, data, deck=load_deck_by_id(data["state"]["deck"]), hand=hand)


def write_beside(save: str, folder: str) -> tuple[str, Export]:
    """Every finished hand of the save file ``save`` written (atomically) to ``folder`` as
    ``<save's stem><suffix>``: the path and the export. PhhError, SaveError or
    :class:`cardtable.storage.StorageError` with the reason when it cannot be."""
    import os

    from cardtable.storage import atomic_write_text

    made = export_save(save)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, os.path.splitext(os.path.basename(save))[0] + made.suffix)
    atomic_write_text(path, made.text)
    return path, made


def _hands(history: Sequence[Any], state: GameState) -> Iterator[tuple[int, int, int]]:
    """Each hand of ``history`` as (its number, first move, end), playing ``state`` (at
    the match's start) through it: a hand starts with the move that raises
    ``round_number``; moves before the first hand (a draw for the deal) go with it."""
    begun, number = 0, 0
    for n, item in enumerate(history):
        before = state.round_number
        state.apply(action_from_json(item))
        if state.round_number != before and before > 0:
            yield number, begun, n
            begun = n
        number = state.round_number
    if number:
        yield number, begun, len(history)


def hand_texts(game: Any, data: Mapping[str, Any], *, deck: Deck, only: int | None = None) -> list[str]:
    """The extension's text of every finished hand of ``data`` (or of hand ``only``,
    finished or not); PhhError when there is none."""
    history = list(data.get("history", []))
    start = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=0)
    over = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=0)
    bounds = list(_hands(history, over))  # (``over`` played to the save's end on the way)
    settled = (over.round_outcome() or {}).get("round", 0)
    wanted = [b for b in bounds if (b[0] == only if only is not None
                                    else over.to_act is None or b[0] <= settled or b[2] < len(history))]
    if not wanted:
        raise PhhError(f"the save has hands 1 to {len(bounds)}, not {only}" if only is not None
                       else "the save has no finished hand yet")
    texts = []
    for number, begun, end in bounds[:bounds.index(wanted[-1]) + 1]:  # one pass: each hand where play reaches it
        if (number, begun, end) in wanted:
            texts.append(_write(game, start, history[begun:end], number, deck))
        else:
            for item in history[begun:end]:
                start.apply(action_from_json(item))
    return texts


def card_token(card: Card, standard: bool) -> str:
    """A card as the extension writes it: PHH's code ("As", "Td") in a standard 52-card
    deck, else the deck's code with ``_`` for each space ("Gula_3_of_Fire")."""
    return card_code(card) if standard else card.code.replace(" ", "_")


def _standard(deck: Deck) -> bool:
    """Whether ``deck`` is the standard 52: each card a distinct PHH code."""
    codes = {card_code(card) for card in deck}
    return len(deck) == 52 and len(codes) == 52 and all(len(code) == 2 for code in codes)


class _Table:
    """What every seat of a hand has seen so far, to write what each move dealt or showed."""

    def __init__(self, seats: Sequence[int], deck: Deck) -> None:
        self.seats = list(seats)
        self.deck = deck
        self.standard = _standard(deck)
        self.held: dict[int, set[int]] = {s: set() for s in seats}
        self.shown: set[int] = set()
        self.seen: set[int] = set()

    def cards(self, cards: Sequence[int]) -> str:
        """Cards as one token list: PHH's codes run together, other decks' by commas."""
        tokens = [card_token(self.deck[c], self.standard) for c in cards]
        return ("" if self.standard else ",").join(tokens)

    def news(self, state: GameState, player: Mapping[int, str]) -> list[str]:
        """The lines for what the last move dealt, turned up or showed."""
        lines = []
        views = {s: state.seat_view(s) for s in self.seats}
        for seat in self.seats:
            info = views[seat].seats[seat]
            mine = [c for c in (*info.hand, *(c for z in info.zones for c in z.cards)) if c is not None]
            new = [c for c in mine if c not in self.held[seat] and c not in self.seen]
            self.held[seat].update(mine)
            if new:
                lines.append(f"d dh {player[seat]} {self.cards(new)}")
            self.seen.update(mine)
        public = state.seat_view(None)
        for zone in public.zones:
            new = [c for c in zone.cards if c is not None and c not in self.seen]
            if new:
                lines.append(f"d db {self.cards(new)}" if zone.id == "board" else f"d dz {zone.id} {self.cards(new)}")
                self.seen.update(new)
        for info in public.seats:
            if info.shown and info.seat in player and info.seat not in self.shown:
                self.shown.add(info.seat)
                hand = [c for c in views[info.seat].seats[info.seat].hand if c is not None]
                lines.append(f"{player[info.seat]} sm {self.cards(hand)}")
        return lines


def _write(game: Any, state: GameState, moves: Sequence[Any], number: int, deck: Deck) -> str:
    """Hand ``number`` as the extension: ``moves`` played on ``state`` (at the hand's start;
    left at its end)."""
    seats = [info.seat for info in state.seat_view(None).seats if info.status != OUT]
    before = {s: state.holding(s) for s in seats}
    first = action_from_json(moves[0]) if moves else None
    said: list[str] = []
    opened = first is not None and first.seat == CHANCE
    if first is not None and opened:  # (the hand's opening move may move the button: the order after it)
        logged = len(state.log)
        state.apply(first)
        said = [event.public for event in state.log[logged:]]
    dealer = next((info.seat for info in state.seat_view(None).seats if info.dealer), None)
    if dealer is not None:  # PHH's order: from the dealer's left round to the dealer
        seats.sort(key=lambda s: (s - dealer - 1) % state.seats)
    player = {seat: f"p{n + 1}" for n, seat in enumerate(seats)}
    table = _Table(seats, deck)
    actions: list[str] = []
    verbs: dict[str, str] = {}
    for index, item in enumerate(moves):
        action = action_from_json(item)
        words = _words(state, action, player, table, verbs)
        if index or not opened:
            logged = len(state.log)
            state.apply(action)
            said = [event.public for event in state.log[logged:]]
        actions.append(toml_entry(words, said))
        actions += [toml_entry(line, ()) for line in table.news(state, player)]
    lines = [f"variant = {json.dumps(EXTENSION + game.id)}",
             f"players = [{', '.join(json.dumps(state.names[s]) for s in seats)}]",
             f"starting_stacks = {[before[s] for s in seats]}",
             "actions = [\n" + "".join(f"  {entry}\n" for entry in actions) + "]",
             f"hand = {number}",
             f"finishing_stacks = {[state.holding(s) for s in seats]}"]
    if dealer in player:
        lines.append(f"dealer = {json.dumps(player[dealer])}")
    if verbs:
        lines.append("verbs = {" + ", ".join(f"{verb} = {json.dumps(kind)}" for verb, kind in verbs.items()) + "}")
    return "\n".join(lines) + "\n"


def _words(state: Any, action: Action, player: Mapping[int, str], table: _Table, verbs: dict[str, str]) -> str:
    """A move in the extension's words: PHH's verbs for the engine's betting and draw,
    else the action's kind's last word and its fields."""
    who = "d" if action.seat == CHANCE else player.get(action.seat, f"s{action.seat + 1}")
    betting = betting_words(state, action, who)
    if betting is not None:
        return betting
    if isinstance(action, Discard):
        return f"{who} sd {table.cards(action.cards)}".rstrip()
    verb = action.kind.rpartition(".")[2]
    verbs[verb] = action.kind
    parts = [who, verb]
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.name == "seat" or (field.name == "order" and action.seat == CHANCE):
            continue  # (a shuffle's order: the deals it makes follow, each to whom it went)
        parts.append(f"{field.name}={_value(field.name, value, player, table)}")
    return " ".join(parts)


def _value(name: str, value: Any, player: Mapping[int, str], table: _Table) -> str:
    """A field's value as one token: cards as card tokens, a seat as its player."""
    if isinstance(value, tuple):
        return table.cards(value) or "-"
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value).replace(" ", "_")
    if name.startswith("card"):
        return table.cards([value])
    if name in ("dealer", "seat", "player"):
        return player.get(value, f"s{value + 1}")
    return str(value)
