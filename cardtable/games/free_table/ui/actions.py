"""What the free table does to its piles: flip, shuffle, deal (a row, or N to each
player's hand), spread, take, count, gather, pass the screen on, undo and redo.

A mixin of :class:`~cardtable.games.free_table.ui.table.FreeTableScene`: each action
works on the pile under the cursor (or the one a menu was opened on, or the selection),
goes through :class:`~cardtable.engine.table.Table` so that it can be undone, and says
what it did in the status line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.games.free_table.ui.big_steps import HOLD_PILES
from cardtable.games.free_table.ui.hands import player_name
from cardtable.ui.key_map import hotkey
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.text import figure, plural


def to_each(players: int) -> str:
    """Whom a deal to the hands goes to: "to each of 3 players", "to 1 player".

    >>> to_each(3), to_each(1)
    ('to each of 3 players', 'to 1 player')
    """
    return f"to each of {plural(players, 'player')}" if players != 1 else "to 1 player"


BADGE_ROOM = 30
"""World units below a pile that its count badge takes (Fit and a gather keep them in view)."""

LET_GO = "the steps before it were let go to save memory"
"""Said when the oldest step the history kept is undone and older ones were let go."""


def nothing_to_undo(table: Table) -> str:
    """Why Undo does nothing: no step yet, or the older ones were let go (the history's cap)."""
    if table.dropped:
        return "Nothing more to undo: older steps were let go to save memory"
    return "Nothing to undo"


class PileActions:
    """The free table's actions on piles (see the module's docstring)."""

    seat: int  # the player at the screen
    players: int  # how many players share the screen
    selected: set[int]  # the selected piles' ids
    press: Any  # the press under way (a drag), or None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes and methods (the table, the camera, the menus...)."""

    def _act(self, label: str, fn, sound: str, pid: int | None = None) -> None:
        pid = self.target() if pid is None else pid
        if pid is None:
            self.toast(self.nothing_pointed_at(label))
            return
        result = fn(pid)
        self.app.sounds.play(sound)
        if result is not None:  # (None: a big step, which says where it ended when done)
            self.current = result
        self._prune_selection()
        self._refresh_buttons()

    def _prune_selection(self) -> None:
        """Let go of selected piles no longer on the table (it runs every frame: a pass over a
        selection of 12,000 only when the table or the selection changed since the last)."""
        if not self.selected:
            return
        seen = (id(self.table), self.table.revision, len(self.selected))
        if self.__dict__.get("_pruned") == (seen, self.selected):
            return
        piles = self.table.piles
        if not all(map(piles.__contains__, self.selected)):
            self.selected = {pid for pid in self.selected if pid in piles}
        self._pruned = ((id(self.table), self.table.revision, len(self.selected)), self.selected)

    def _selection_for(self, pid: int | None) -> set[int] | None:
        """The selection, when a key or menu acting on ``pid`` acts on all of it."""
        self._prune_selection()
        if len(self.selected) > 1 and (pid is None or pid in self.selected):
            return set(self.selected)
        return None

    def flip(self, pid: int | None = None) -> None:
        """Flip the card or pile pointed at (the whole selection, if it is in it)."""
        pointed = pid
        if pid is None:
            pointed = self.focused_pile() if self.focus is not None else self.pile_under(self.mouse)
        chosen = self._selection_for(pointed)
        if chosen:
            self.begin(self.table.flip_many_job(chosen), lambda _: self._refresh_buttons())
            self.app.sounds.play("flip")
            return
        self._act("flip", self.table.flip, "flip", pid)

    def shuffle(self, pid: int | None = None) -> None:
        """Shuffle the pile pointed at."""
        def go(pid: int) -> int:
            self.table.shuffle(pid)
            self.toast(f"Shuffled {plural(len(self.table.piles[pid].cards), 'card')}")
            return pid
        self._act("shuffle", go, "shuffle", pid)

    def deal(self, face_up: bool, pid: int | None = None) -> None:
        """Deal a row of ``deal_count`` cards from the pile pointed at: face down, or face up
        (in the felt in view where it has room)."""
        def go(pid: int) -> int:
            made = self.table.deal(pid, self.deal_count, face_up=face_up, within=self.world_in_view())
            return pid if pid in self.table.piles else (made[-1] if made else pid)
        self._act("deal", go, "deal", pid)

    def deal_to_players(self, pid: int | None = None) -> None:
        """Deal ``deal_count`` cards to each player's private hand from the pile pointed at."""
        def go(pid: int) -> int:
            if self.table.piles[pid].owner is not None:
                return pid
            self.table.deal_hands(pid, self.deal_count, self.players)
            self.toast(f"Dealt {plural(self.deal_count, 'card')} {to_each(self.players)}: "
                       f"{player_name(self.seat)}'s hand is below", 2.0)
            return pid
        self._act("deal to each player", go, "deal", pid)

    def set_players(self, players: int) -> None:
        """How many hot-seat players there are (1-8)."""
        self.players = max(1, min(8, players))
        self.seat %= self.players
        self.toast(f"{plural(self.players, 'player')}: H deals {to_each(self.players)}", 1.5)

    def pass_on(self) -> None:
        """Hide the table behind a pass screen until the next player is at the screen."""
        if not self.table.hands:
            self.toast("Nobody holds a hand: deal to each player first (H)")
            return
        if self.players < 2:
            self.toast("One player: there is nobody to pass to")
            return
        nxt = (self.seat + 1) % self.players
        self.press = None

        def ready() -> None:
            self.seat = nxt
        self.app.push(PassScreen(self.app, player_name(nxt), ready,
                                 note="Everyone else: look away. Your hand shows when you are ready."))

    def spread(self, mode: str, pid: int | None = None) -> None:
        """Lay the pile pointed at out as a grid, a row or a fan, in free space in the felt
        in view (:meth:`~cardtable.games.free_table.ui.in_view.InView.place_in_view`: the
        view zooms out for it as far as cards stay readable)."""
        whole = [True]

        def done(made: list[int]) -> None:
            more = "" if whole[0] else ": Home shows them all"
            self.toast(f"Spread {plural(len(made), 'card')} as a {mode}{more}")
            self.current = made[0]
            self._refresh_buttons()

        def go(pid: int) -> None:
            pile = self.table.piles[pid]
            n = len(pile.cards)
            columns = self.grid_columns(n) if mode == "grid" and n < HOLD_PILES else None
            w, h = self.table.spread_size(pid, mode, columns=columns)
            at = self.place_in_view(w, h, (pile.x, pile.y), ignore=(pid,))
            whole[0] = self.felt_in_view().contains(self._on_screen((at[0], at[1], w, h)))
            self.begin(self.table.spread_job(pid, mode, columns=columns, at=at), done)
        self._act("spread", go, "slide", pid)

    def take(self, pid: int) -> None:
        """Lift the top ``deal_count`` cards of a pile into a new pile beside it."""
        self._act("take", lambda p: self.table.take(p, self.deal_count, within=self.world_in_view()), "slide", pid)

    def count(self, pid: int) -> None:
        """Say how many cards a pile holds (and how many show their face)."""
        pile = self.table.piles[pid]
        up = sum(pile.faces)
        self.toast(f"{plural(len(pile.cards), 'card')}, {figure(up)} face up")

    def gather(self, pid: int | None = None) -> None:
        """Gather the selection (else every card) into one pile where the pointed pile lies
        (else where the pointer is on the felt, else in the middle of the felt in view),
        moved as little as needed for it and its count to show in the felt in view."""
        pid = self.target() if pid is None else pid
        chosen = self._selection_for(pid)
        anchor = self.table.piles[pid] if pid is not None else None
        if anchor is not None:
            at = (anchor.x, anchor.y)
        elif self.felt_in_view().collidepoint(self.mouse):
            x, y = self.camera.to_world(*self.mouse)
            at = (x - CARD_W / 2, y - CARD_H / 2)
        else:
            vx, vy, vw, vh = self.world_in_view()
            at = (vx + (vw - CARD_W) / 2, vy + (vh - CARD_H) / 2)
        at = self.spot_in_view(CARD_W, CARD_H + BADGE_ROOM, at)

        def done(keep: int) -> None:
            self.current = keep
            self.toast(f"Gathered {plural(len(self.table.piles[keep].cards), 'card')}", 1.5)
            self._refresh_buttons()
        self.begin(self.table.gather_job(chosen, at=at), done)
        self.selected = set()
        self.app.sounds.play("slide")
        self._refresh_buttons()

    def open_pile_menu(self, pid: int, at: tuple[int, int]) -> None:
        """The right-click menu of a pile (or of the selection it belongs to)."""
        n = self.deal_count
        many = self._selection_for(pid)
        key = hotkey  # (the key chosen in Settings, where one was)
        items: list[tuple[str, str, object]] = [
            (f"Flip {plural(len(many), 'pile')}" if many else "Flip", key("flip.f", "F"), lambda: self.flip(pid)),
            ("Shuffle", key("shuffle.s", "S"), lambda: self.shuffle(pid)),
            (f"Deal {plural(n, 'card')} face down", key("key_deal.d", "D"), lambda: self.deal(False, pid)),
            (f"Deal {plural(n, 'card')} face up", key("key_deal.d", "Shift+D"), lambda: self.deal(True, pid)),
            ("Spread as a row", "", lambda: self.spread("row", pid)),
            ("Spread as a grid", key("key_spread.g", "G"), lambda: self.spread("grid", pid)),
            ("Spread as a fan", "N", lambda: self.spread("fan", pid)),
            (f"Gather {plural(len(many), 'pile')} here" if many else "Gather all here", key("gather.c", "C"),
             lambda: self.gather(pid)),
            ("Count", "", lambda: self.count(pid)),
            (f"Take the top {plural(n, 'card')} into a new pile", "", lambda: self.take(pid)),
            (f"Deal {plural(n, 'card')} {to_each(self.players)}", key("key_hands.h", "H"),
             lambda: self.deal_to_players(pid)),
            (f"Set players… ({self.players})", "", lambda: self.open_players_menu(at)),
        ]
        if len(self.table.piles[pid].cards) == 1:
            items = [it if it[0] in ("Shuffle", "Count") or it[0].startswith(("Flip", "Gather", "Set players"))
                     else (it[0], it[1], None) for it in items]
        self._popup(items, at)

    def open_players_menu(self, at: tuple[int, int]) -> None:
        """The menu of how many players share the screen (1-8), the current count marked."""
        self._popup([(("• " if n == self.players else "") + plural(n, "player"), "",
                      lambda n=n: self.set_players(n)) for n in range(1, 9)], at)

    def undo(self) -> None:
        """Take back the last move."""
        def done(label: str | None) -> None:
            if label and not self.table.undo_stack and self.table.dropped:
                self.toast(f"Undid {label}: {LET_GO}", 3.0)
            else:
                self.toast(f"Undid {label}" if label else nothing_to_undo(self.table), 1.2)
            self._refresh_buttons()
        self.begin(self.table.undo_job(), done)

    def redo(self) -> None:
        """Do again the last move taken back."""
        def done(label: str | None) -> None:
            self.toast(f"Redid {label}" if label else "Nothing to redo", 1.2)
            self._refresh_buttons()
        self.begin(self.table.redo_job(), done)

