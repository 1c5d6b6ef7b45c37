"""A Poker Hand History (PHH) file opened back as a hand of a bundled poker game.

:func:`open_hand` reads the TOML text :mod:`cardtable.yaml_games.phh` writes (and pokerkit
writes) and makes the match it describes: the bundled game of its variant (``NT`` and
``FT``: Texas Hold'em no-limit and fixed-limit; ``PO``: pot-limit Omaha; ``FO/8``: Omaha
Hi/Lo), seated with the file's players and stacks, the dealer last in PHH's order (the
first player sits left of the dealer), and the hand's moves as the state's history: one
chance :class:`~cardtable.engine.flow.actions.Shuffle` whose order makes the declared deal
give exactly the file's hole cards and board, then each player's move, every one checked
by the game's own ``why_illegal``. So the state replays like any save
(:func:`cardtable.engine.replay.replay`).

How PHH maps to the games (the export's mapping, read backwards): ``f`` is a fold,
``cc`` a check or a call, ``cbr X`` a bet or raise to X (all-in when X is every chip the
player has), ``sm`` nothing (the showdown shows every hand by itself). Cards written
unknown (``????``) are dealt from the cards the file does not name, in an order drawn from
the file's digest (the same file always opens the same way), and the result says so
(:attr:`OpenedHand.notes`). Anything the game cannot hold (a straddle, an ante, a draw, a
variant it does not play) or the rules refuse is a :class:`PhhFileError` with the reason,
naming the file and the action.
"""

from __future__ import annotations

import hashlib
import random
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.cards import Deck
from cardtable.engine.flow.actions import Shuffle
from cardtable.engine.flow.streets import Board
from cardtable.engine.game import CHANCE, Action, GameState, IllegalAction
from cardtable.engine.replay import MAX_NAME
from cardtable.games.definition import GameDefinition
from cardtable.yaml_games.phh import PhhError, card_code

__all__ = ["GAMES", "MAX_BYTES", "OpenedHand", "PhhFileError", "open_hand"]

GAMES = {"NT": ("texas_holdem", "no_limit"), "FT": ("texas_holdem", "fixed"),
         "PO": ("omaha", "pot_limit"), "FO/8": ("omaha_hilo", "fixed")}
"""The bundled game and betting limit of each PHH variant code that can be opened."""

MAX_BYTES = 1_000_000
"""The largest PHH text opened (a hand is a few hundred bytes)."""

MAX_ACTIONS = 5_000
"""The most actions a file may list (a hand has a few dozen)."""

MAX_CHIPS = 10 ** 15
"""The most chips a stack, a blind or a bet may be in a file."""

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


class PhhFileError(PhhError):
    """A PHH text that cannot be opened: ``source`` names the file, ``action`` the action
    at fault (1-based, None when it is the file's header), ``reason`` says why."""

    def __init__(self, source: str, action: int | None, reason: str) -> None:
        where = f"{source}: action {action}" if action is not None else source
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.action = action
        self.reason = reason


class _Refused(Exception):
    """A reason to refuse, its action number added where the text is read."""

    def __init__(self, reason: str, action: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


@dataclass(frozen=True)
class OpenedHand:
    """A PHH hand opened: its ``game`` and ``deck``, the ``state`` the hand reaches (its
    genesis and history replay it), the file's ``variant`` code, and ``notes``: what the
    file did not say and was made up (cards written unknown), in words."""

    game: GameDefinition
    deck: Deck
    state: GameState
    variant: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Table:
    """The file's header: the game, its settings, the players in PHH order, their stacks."""

    variant: str
    game: GameDefinition
    settings: dict[str, Any]
    names: list[str]
    stacks: list[int]


class _Cards:
    """The cards the file names: each player's hole cards and the board (None: a card
    written unknown), and where each card was first named, so none is named twice."""

    def __init__(self, deck: Deck, players: int, hole: int) -> None:
        self.deck = deck
        self.hole = hole
        self.holes: list[list[int | None]] = [[] for _ in range(players)]
        self.board: list[int | None] = []
        self.named: dict[int, tuple[int, str]] = {}
        """Each card named: the action that first named it and whose it is."""

    def deal(self, seat: int, dealt: list[int | None], n: int) -> None:
        """``d dh``: cards dealt to ``seat`` at action ``n``."""
        if len(self.holes[seat]) + len(dealt) > self.hole:
            raise _Refused(f"the game deals {self.hole} cards to each player")
        self._name(dealt, f"p{seat + 1}", n)
        self.holes[seat] += dealt

    def deal_board(self, dealt: list[int | None], n: int, most: int) -> None:
        """``d db``: board cards (``most`` in all) dealt at action ``n``."""
        if len(self.board) + len(dealt) > most:
            raise _Refused(f"the game's board has {most} cards")
        self._name(dealt, "the board", n)
        self.board += dealt

    def show(self, seat: int, shown: list[int | None], n: int) -> None:
        """``sm``: cards shown by ``seat``; the player's own, naming any dealt unknown."""
        owner = f"p{seat + 1}"
        for card in shown:
            hole = self.holes[seat]
            if card is None or card in hole:
                continue
            if None not in hole and len(hole) >= self.hole:
                raise _Refused(f"{self.code(card)} is not among the cards {owner} was dealt")
            self._name([card], owner, n)
            at = hole.index(None) if None in hole else len(hole)
            self.holes[seat] = hole[:at] + [card] + hole[at + 1:]

    def _name(self, cards: list[int | None], owner: str, n: int) -> None:
        for card in cards:
            if card is None:
                continue
            if card in self.named:
                first, whose = self.named[card]
                raise _Refused(f"{self.code(card)} is dealt twice: to {whose} (action {first}) and to {owner}")
            self.named[card] = (n, owner)

    def code(self, card: int) -> str:
        """A card as PHH writes it."""
        return card_code(self.deck[card])


def open_hand(text: str, *, source: str = "<phh>") -> OpenedHand:
    """The hand the PHH ``text`` holds, opened as a match of its bundled game
    (:class:`OpenedHand`). ``source`` names the file in reasons. PhhFileError, with the
    reason, for anything that is not a hand the game can play; never another error."""
    try:
        return _open(text)
    except _Refused as refused:
        raise PhhFileError(source, refused.action, refused.reason) from None
    except Exception as exc:  # noqa: BLE001 - hostile text: a reason, never a traceback
        raise PhhFileError(source, None, f"cannot be opened ({type(exc).__name__}: {exc})") from exc


def _open(text: str) -> OpenedHand:
    fields = _toml(text)
    table = _table(fields)
    deck = _deck(table.game)
    actions = _action_list(fields)
    rng = random.Random(hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest())
    probe: Any = _new_state(table, deck, random.Random(0))
    playing = list(probe.playing_cards())
    probe.apply(Shuffle(order=tuple(playing)))  # card i at place i: where the deal puts each place
    holes = [list(hand) for hand in probe.hands]  # (a fold takes a hand away)
    cards, moves = _walk(probe, table, deck, actions)
    notes = _unknown_holes(cards, table.names)
    order, filled = _deck_order(holes, probe.board, playing, cards, rng)
    state = _played(table, deck, order, moves, rng)
    _check_finish(state, fields.get("finishing_stacks"))
    if not _hand_over(state):
        filled.append("the hand stops before its end: the match goes on from there")
    return OpenedHand(table.game, deck, state, table.variant, tuple(notes + filled))


def _played(table: _Table, deck: Deck, order: tuple[int, ...], moves: list[tuple[int, Action]],
            rng: random.Random) -> GameState:
    """The match begun with ``rng``, shuffled to ``order`` and each move applied (the probe
    played them already: only the cards differ)."""
    state = _new_state(table, deck, rng)
    state.apply(Shuffle(order=order))
    for n, move in moves:
        try:
            _apply(state, move)
        except _Refused as refused:
            raise _Refused(refused.reason, n) from None
    return state


# -- the header ---------------------------------------------------------------------------------
def _toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise _Refused(f"is not text ({type(text).__name__})")
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _Refused(f"is over {MAX_BYTES:,} bytes: no hand history is that long")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _Refused(f"is not PHH (TOML): {exc}") from None
    except RecursionError:
        raise _Refused("is not PHH (TOML): nested too deep") from None


def _table(fields: Mapping[str, Any]) -> _Table:
    """The game, the settings, the players and their stacks the header says."""
    from cardtable import games

    variant = _required(fields, "variant")
    if not isinstance(variant, str) or variant not in GAMES:
        known = ", ".join(GAMES)
        if isinstance(variant, str) and variant.startswith("cardtable."):
            raise _Refused(f"{variant[:60]!r} is cardtable's own hand history (written for reading): only PHH's "
                           f"variants open as a match ({known})")
        raise _Refused(f"PHH variant {str(variant)[:60]!r} is not one cardtable opens (it opens {known})")
    game_id, limit = GAMES[variant]
    game = games.get(game_id)
    stacks = _chips(_required(fields, "starting_stacks"), "starting_stacks")
    low, high = game.seats
    if not low <= len(stacks) <= high:
        raise _Refused(f"{game.name} is played by {low} to {high} players, the file has {len(stacks)}")
    if min(stacks) < 1:
        raise _Refused(f"p{stacks.index(min(stacks)) + 1} starts with no chips: every player needs some")
    settings = {**game.defaults(), "limit": limit, **_forced_bets(fields, game, len(stacks)),
                **_bet_sizes(fields, variant)}
    try:
        game.read_settings(settings)
    except ValueError as exc:
        raise _Refused(f"the file's stakes are not a table of {game.name}: {exc}") from None
    return _Table(variant, game, settings, _names(fields.get("players"), len(stacks)), stacks)


def _required(fields: Mapping[str, Any], key: str) -> Any:
    if key not in fields:
        raise _Refused(f"the file has no {key!r}, which PHH requires")
    return fields[key]


def _chips(value: Any, what: str, *, least: int = 0) -> list[int]:
    """``value`` as a list of whole chip counts (``least`` and up)."""
    if not isinstance(value, list) or not value or len(value) > 64:
        raise _Refused(f"{what} must be a list of chip counts, not {_short(value)}")
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not least <= item <= MAX_CHIPS:
            raise _Refused(f"{what} must hold whole numbers of chips from {least} to {MAX_CHIPS:,}, "
                           f"not {_short(item)}")
    return list(value)


def _forced_bets(fields: Mapping[str, Any], game: GameDefinition, players: int) -> dict[str, int]:
    """The small and the big blind: the games post both, and no ante and no straddle."""
    antes = _required(fields, "antes")
    antes = [antes] * players if isinstance(antes, int) and not isinstance(antes, bool) else antes
    if any(_chips(antes, "antes")):
        raise _Refused(f"{game.name} has no antes; the file's are {_short(antes)}")
    blinds = _chips(_required(fields, "blinds_or_straddles"), "blinds_or_straddles")
    if len(blinds) > players:
        raise _Refused(f"blinds_or_straddles lists {len(blinds)} amounts for {players} players")
    blinds += [0] * (2 - len(blinds))
    if any(blinds[2:]):
        raise _Refused(f"{game.name} has no straddle: blinds_or_straddles is {_short(blinds)}")
    if not all(blinds[:2]):
        raise _Refused(f"{game.name} has a small and a big blind; the file's are {_short(blinds[:2])}")
    return {"small_blind": blinds[0], "big_blind": blinds[1]}


def _bet_sizes(fields: Mapping[str, Any], variant: str) -> dict[str, Any]:
    """The bet sizes: no-limit and pot-limit's smallest bet, fixed limit's small and big bet."""
    if variant in ("NT", "PO"):
        return {"min_bet": _chips([_required(fields, "min_bet")], "min_bet", least=1)[0]}
    small, big = (_chips([_required(fields, key)], key, least=1)[0] for key in ("small_bet", "big_bet"))
    return {"min_bet": small, "big_bet": big}


def _names(given: Any, players: int) -> list[str]:
    """The players' names (``players``, else p1, p2...), each at most MAX_NAME characters."""
    if given is None:
        return [f"p{n + 1}" for n in range(players)]
    if not isinstance(given, list) or len(given) != players or not all(isinstance(n, str) for n in given):
        raise _Refused(f"players must be {players} names, not {_short(given)}")
    names = [" ".join("".join(c if c.isprintable() else " " for c in n).split())[:MAX_NAME].strip()
             for n in given]  # (no control character, NUL included, reaches a save)
    if not all(names):
        raise _Refused("every player needs a name: players holds an empty one")
    if len(set(names)) != len(names):
        raise _Refused(f"two players share a name: {_short(names)}")
    return names


def _deck(game: GameDefinition) -> Deck:
    from cardtable.variants import load_deck_by_id

    return load_deck_by_id(game.decks[0])


def _new_state(table: _Table, deck: Deck, rng: random.Random) -> GameState:
    """The match before its first shuffle: PHH's players in seats 0 up, the last the dealer."""
    assert table.game.state is not None
    settings = table.game.read_settings(table.settings)
    try:
        return table.game.state.new(settings, deck, table.names, rng, len(table.names) - 1,
                                    stacks=table.stacks)
    except ValueError as exc:
        raise _Refused(f"the table cannot be seated: {exc}") from None


# -- the actions --------------------------------------------------------------------------------
def _action_list(fields: Mapping[str, Any]) -> list[list[str]]:
    """Each action's words, its comment (after ``#``) left out."""
    actions = _required(fields, "actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _Refused(f"actions must be a list of texts, not {_short(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise _Refused(f"the file has {len(actions):,} actions; a hand has far fewer")
    return [action.split("#", 1)[0].split() for action in actions]


def _walk(probe: Any, table: _Table, deck: Deck,
          actions: list[list[str]]) -> tuple[_Cards, list[tuple[int, Action]]]:
    """Play the file's actions on ``probe`` (dealt card i from place i): the cards the file
    names and each player's move with its action number."""
    cards = _Cards(deck, len(table.names), len(probe.hands[0]))
    moves: list[tuple[int, Action]] = []
    for n, words in enumerate(actions, 1):
        try:
            move = _read_action(probe, table, cards, words, n)
            if move is not None:
                _apply(probe, move)
                moves.append((n, move))
        except _Refused as refused:
            raise _Refused(f"{' '.join(words)[:80]!r}: {refused.reason}", n) from None
    if len(cards.board) > len(probe.board):
        raise _Refused(f"the file deals {len(cards.board)} board cards; the hand reaches only {len(probe.board)}")
    return cards, moves


def _read_action(state: Any, table: _Table, cards: _Cards, words: list[str], n: int) -> Action | None:
    """Action ``n`` read: a deal or a show is noted in ``cards``; a player's move is returned."""
    match words:
        case []:
            return None
        case ["d", "dh", player, dealt]:
            cards.deal(_player(player, table), _cards(dealt, cards.deck), n)
            return None
        case ["d", "db", dealt]:
            cards.deal_board(_cards(dealt, cards.deck), n, _board_size(state))
            return None
        case [player, "sm"] | [player, "sm", "-"]:
            _player(player, table)
            return None  # (a muck, or cards shown unnamed: the showdown shows every hand itself)
        case [player, "sm", shown]:
            cards.show(_player(player, table), _cards(shown, cards.deck), n)
            return None
        case [player, ("f" | "cc") as verb] | [player, "cbr" as verb, _]:
            if len(cards.board) != len(state.board):
                raise _Refused(f"the board has {len(state.board)} cards here; the file has dealt {len(cards.board)}")
            return _move(state, _player(player, table), verb, words[2:])
        case [_, ("sd" | "pb") as verb, *_]:
            raise _Refused(f"{table.game.name} has no {'draw' if verb == 'sd' else 'bring-in'}")
    raise _Refused("is no PHH action cardtable knows")


def _player(word: str, table: _Table) -> int:
    """The seat of ``p1``, ``p2``... (PHH's players sit in seats 0 up)."""
    number = word[1:]
    if word[:1] != "p" or not (number.isascii() and number.isdigit() and len(number) < 4) \
            or not 1 <= int(number) <= len(table.names):
        raise _Refused(f"there is no player {word[:12]!r} (the file has p1 to p{len(table.names)})")
    return int(number) - 1


def _cards(text: str, deck: Deck) -> list[int | None]:
    """The cards ``text`` spells (``AsKd``; ``??`` an unknown card, None)."""
    if len(text) % 2 or not text or len(text) > 20:
        raise _Refused(f"{text[:20]!r} is not a list of cards (two letters each: As, Td, ??)")
    found: list[int | None] = []
    for at in range(0, len(text), 2):
        rank, suit = text[at].upper(), text[at + 1].lower()
        if rank + suit == "??":
            found.append(None)
        elif rank in _RANKS and suit in _SUITS:
            found.append(deck.find(("10" if rank == "T" else rank) + suit).index)
        else:
            raise _Refused(f"{text[at:at + 2]!r} is not a card")
    return found


def _move(state: Any, seat: int, verb: str, amount: list[str]) -> Action:
    """A player's move as the game's action: ``f`` a fold, ``cc`` a check or a call, ``cbr X``
    a bet or raise to X (all-in when X is every chip the player has)."""
    to_act = state.to_act
    if to_act != seat:
        now = f"p{to_act + 1}'s turn" if to_act is not None and to_act >= 0 else "nobody's turn"
        raise _Refused(f"it is {now}, not p{seat + 1}'s")
    betting = state.betting
    if verb == "f":
        return Fold(seat=seat)
    if verb == "cc":
        return Call(seat=seat) if betting.to_call(seat) else Check(seat=seat)
    if not (amount[0].isascii() and amount[0].isdigit()) or len(amount[0]) > 16:
        raise _Refused(f"{amount[0][:20]!r} is not a whole number of chips")
    to = int(amount[0])
    chips = state.chips
    if to == chips.round_bets[seat] + chips.stacks[seat] and to > betting.current_bet:
        return AllIn(seat=seat)
    return Raise(seat=seat, to=to) if betting.current_bet else Bet(seat=seat, to=to)


def _apply(state: GameState, move: Action) -> None:
    try:
        state.apply(move)
    except IllegalAction as exc:
        raise _Refused(f"{type(move).__name__} by p{move.seat + 1} is not allowed there: {exc.reason}") from None


def _board_size(state: Any) -> int:
    return sum(step.count for step in state.FLOW.steps if isinstance(step, Board))


# -- the deal -----------------------------------------------------------------------------------
def _unknown_holes(cards: _Cards, names: Sequence[str]) -> list[str]:
    """Which players' cards the file does not all name, in words."""
    return [f"{names[seat]}'s hole cards are not all in the file: dealt from the cards it does not name"
            for seat, hole in enumerate(cards.holes) if None in hole or len(hole) < cards.hole]


def _deck_order(holes: list[list[int]], board: list[int], playing: list[int], cards: _Cards,
                rng: random.Random) -> tuple[tuple[int, ...], list[str]]:
    """The shuffle that deals the file's cards: each named card at the place the probe's deal
    took its hole card or board card from (the probe was dealt card i from place i), the
    rest in an order from ``rng``; with a note when the board is not all named."""
    place = {card: at for at, card in enumerate(playing)}
    placed: dict[int, int] = {}
    for seat, hole in enumerate(cards.holes):
        placed.update((place[holes[seat][i]], card) for i, card in enumerate(hole) if card is not None)
    placed.update((place[board[i]], card) for i, card in enumerate(cards.board) if card is not None)
    named = set(placed.values())
    rest = [card for card in playing if card not in named]
    rng.shuffle(rest)
    unseen = iter(rest)
    order = tuple(placed[at] if at in placed else next(unseen) for at in range(len(playing)))
    notes = []
    if None in cards.board or len(cards.board) < len(board):
        notes.append("the board is not all in the file: its missing cards are dealt from the cards it does not name")
    return order, notes


# -- the end ------------------------------------------------------------------------------------
def _hand_over(state: GameState) -> bool:
    return state.to_act is None or state.to_act == CHANCE


def _check_finish(state: Any, finishing: Any) -> None:
    """The file's finishing stacks, when it gives them, are what the hand ends with."""
    if finishing is None or not _hand_over(state):
        return
    stacks = list(state.chips.stacks)
    if finishing != stacks:
        raise _Refused(f"the file says the hand ends with stacks {_short(finishing)}; "
                       f"by {state.GAME.name}'s rules it ends with {_short(stacks)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
