"""Statistics per player name and per game: games, rounds won, chips won and lost, best hand.

They are kept in ``stats.json`` beside the saves (:func:`cardtable.paths.saves_dir`),
written as a checked envelope like a save (:mod:`cardtable.saves`), so a damaged
file is reported and set aside, never trusted.

Rounds are recorded from ``GameState.round_outcome()``, a dict for the most
recently settled round::

    {"round": n, "winners": [seats], "net": [chips change of every seat],
     "hands": {"seat": "hand name"},            # hands shown
     "hand_rank": {"seat": int}}                # optional: lower is a better hand

Every match has an id (kept in its saves), and the file remembers the last round
recorded for each match, so recording is idempotent: a resumed game, a save loaded
twice, or the same outcome seen after every action never counts a round twice.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable import paths
from cardtable.saves import SaveError, decode, encode, write_save
from cardtable.storage import StorageError, read_user_file

__all__ = ["MATCHES_REMEMBERED", "PlayerStats", "StatsBook", "stats_path"]

STATS_LIMIT = 64_000_000
"""The largest statistics file read (a big one holds well under a megabyte)."""

MATCHES_REMEMBERED = 500
"""How many matches' "last round recorded" marks are kept (the most recent)."""


def stats_path() -> Path:
    """Where the statistics live: ``saves_dir()/stats.json``."""
    return paths.saves_dir() / "stats.json"


@dataclass
class PlayerStats:
    """One player's record at one game.

    ``best_rank`` is the game's own hand rank (lower is better) when the game gives
    one; without ranks, the best hand is the hand of the latest round won.
    """

    games: int = 0
    matches_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    chips_won: int = 0
    chips_lost: int = 0
    best_hand: str | None = None
    best_rank: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerStats:
        """Rebuild from :meth:`to_json` (unknown keys ignored, missing ones zero)."""
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    def offer_hand(self, name: str, rank: int | None, won: bool) -> None:
        """Keep ``name`` as the best hand if it beats the one kept."""
        if rank is not None:
            if self.best_rank is None or rank < self.best_rank:
                self.best_hand, self.best_rank = name, rank
        elif self.best_rank is None and (won or self.best_hand is None):
            self.best_hand = name


@dataclass
class StatsBook:
    """Every player's statistics, and which rounds of which matches are recorded.

    ``players[name][game]`` is a :class:`PlayerStats`. ``error`` says why the file
    could not be read (it was then set aside and the book started empty).
    """

    path: Path = field(default_factory=stats_path)
    players: dict[str, dict[str, PlayerStats]] = field(default_factory=dict)
    matches: dict[str, dict[str, Any]] = field(default_factory=dict)
    error: str | None = None

    # -- file ----------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path | None = None) -> StatsBook:
        """Read the book (an empty one when there is none). A damaged file is renamed
        ``stats.broken.json`` so the next write does not lose it, and ``error`` says why."""
        book = cls(path or stats_path())
        try:
            raw = read_user_file(book.path, limit=STATS_LIMIT)
        except StorageError as exc:
            if exc.missing:
                return book
            book.error = f"cannot read the statistics {book.path}: {exc.reason}"
            if exc.special or exc.too_big:  # never usable: set aside so the next write works
                book.error += "; it was set aside"
                try:
                    os.replace(book.path, book.path.with_name("stats.broken.json"))
                except OSError:
                    pass
            return book
        try:
            envelope = decode(raw, book.path)
            data = envelope["payload"]
            book.players = {name: {game: PlayerStats.from_json(s) for game, s in games.items()}
                            for name, games in data.get("players", {}).items()}
            book.matches = dict(data.get("matches", {}))
        except (SaveError, AttributeError, TypeError, ValueError) as exc:
            book.error = f"the statistics file was damaged and was set aside: {getattr(exc, 'reason', exc)}"
            book.players, book.matches = {}, {}
            try:
                os.replace(book.path, book.path.with_name("stats.broken.json"))
            except OSError:
                pass
        return book

    def save(self) -> None:
        """Write the book atomically (the previous good file kept as ``stats.prev.json``)."""
        if len(self.matches) > MATCHES_REMEMBERED:
            newest = sorted(self.matches, key=lambda m: self.matches[m].get("at", 0))[-MATCHES_REMEMBERED:]
            self.matches = {m: self.matches[m] for m in newest}
        payload = {"players": {name: {game: s.to_json() for game, s in games.items()}
                               for name, games in self.players.items()},
                   "matches": self.matches}
        write_save(self.path, encode(game="stats", variant="stats", match="", payload=payload, kind="stats"))

    # -- recording -------------------------------------------------------------------
    def entry(self, name: str, game: str) -> PlayerStats:
        """The record of ``name`` at ``game`` (created empty)."""
        return self.players.setdefault(name, {}).setdefault(game, PlayerStats())

    def record_round(self, match: str, game: str, names: Sequence[str],
                     outcome: Mapping[str, Any] | None) -> bool:
        """Count a settled round once; True when it was new.

        The first round recorded for a match also counts a game for every seat.
        """
        if not outcome:
            return False
        number = int(outcome["round"])
        mark = self.matches.get(match)
        if mark is not None and number <= mark.get("last_round", 0):
            return False
        first = mark is None
        mark = self.matches.setdefault(match, {"game": game, "last_round": 0, "over": False})
        mark["last_round"], mark["at"] = number, time.time()
        winners = set(outcome.get("winners", ()))
        net = list(outcome.get("net", ()))
        hands = outcome.get("hands", {}) or {}
        ranks = outcome.get("hand_rank", {}) or {}
        for seat, name in enumerate(names):
            stats = self.entry(name, game)
            if first:
                stats.games += 1
            change = net[seat] if seat < len(net) else 0
            played = change != 0 or seat in winners or str(seat) in hands
            if not played:
                continue
            stats.rounds += 1
            stats.rounds_won += seat in winners
            stats.chips_won += max(change, 0)
            stats.chips_lost += max(-change, 0)
            if str(seat) in hands:
                rank = ranks.get(str(seat))
                stats.offer_hand(str(hands[str(seat)]), int(rank) if rank is not None else None,
                                 seat in winners)
        return True

    def record_match_end(self, match: str, game: str, winner: str | None) -> bool:
        """Count the match's winner once, when the match is over; True when new."""
        mark = self.matches.setdefault(match, {"game": game, "last_round": 0, "over": False})
        if mark.get("over"):
            return False
        mark["over"], mark["at"] = True, time.time()
        if winner is not None:
            self.entry(winner, game).matches_won += 1
        return True

    def rows(self) -> list[tuple[str, str, PlayerStats]]:
        """``(name, game, stats)`` for every record, by name then game."""
        return [(name, game, self.players[name][game])
                for name in sorted(self.players, key=str.casefold) for game in sorted(self.players[name])]
