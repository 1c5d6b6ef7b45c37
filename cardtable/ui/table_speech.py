"""What every game table says aloud (:mod:`cardtable.speech`), from the viewer's seat view alone.

:class:`TableSpeech` is mixed into :class:`~cardtable.ui.game_table.GameTableScene`, so every
game, a game written in a variant file, a hosted and a remote table speak with no code of
their own. Each frame the table is on top and not being handed over, it says the log's new
lines as the viewer reads them (what just happened; a round's result says why), then whose
turn it is (the viewer's: with the options in words). Four keys say more on demand
(:data:`SPEECH_KEYS`): the viewer's hand, the table, the last actions, the options.

Privacy is by construction: every word comes from :attr:`view` and :meth:`log_lines`,
which are the viewer's (None while the table is handed over: the public view), and nothing
is said while the pass screen is up (the table is not updated under it) or before the
person says they are ready (:attr:`passing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.engine.betting import BetOptions
from cardtable.engine.game import CHANCE
from cardtable.engine.view import FOLDED, OUT, SeatView
from cardtable.ui.table_parts import KeyBinding, pot_words

SPEECH_KEYS = (
    KeyBinding((pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8), "F5-F8",
               "say my hand / the table / the last moves / my options", "key_speech", with_event=True),
)
"""The speech keys every table has (F5-F8: no game uses them), as one help row."""

MAX_NEWS = 12
"""At most this many new log lines are said at once (a resumed match, a long hand-over):
the rest are a key away (F7)."""
LAST_ACTIONS = 6
"""How many log lines F7 says."""


def joined(words: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c" ("" for none)."""
    words = [w for w in words if w]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def bet_option_words(options: BetOptions) -> list[str]:
    """The betting options in words, each with its key, as the betting bar offers them."""
    out = []
    if options.can_fold:
        out.append("fold (F)")
    if options.can_check:
        out.append("check (C)")
    elif options.can_call:
        out.append(f"call {options.call_amount:,} (C)")
    word = "bet" if options.can_bet else "raise to"
    if options.can_bet or options.can_raise:
        if options.min_raise_to < options.max_raise_to:
            out.append(f"{word} {options.min_raise_to:,} to {options.max_raise_to:,} (B; Up and Down change it)")
        else:
            out.append(f"{word} {options.min_raise_to:,} (B)")
    if options.can_all_in:
        out.append(f"all-in {options.all_in_to:,} (A)")
    return out


class TableSpeech:
    """The speaking part of a game table (mixed into
    :class:`~cardtable.ui.game_table.GameTableScene`, whose attributes it reads)."""

    SPEAKS = True
    """False for a table that says nothing by itself (the replay viewer)."""

    # The table's own (GameTableScene's), declared for the type checker.
    app: Any
    viewer: int | None
    passing: bool
    widgets: Any
    bet_bar: Any
    deck: Any
    match: Any
    view: Any
    log_lines: Any
    waits_for_next_round: Any
    mine: Any
    is_bot: Any
    between_rounds: Any
    bet_choices: Any
    title: Any
    KEYS: tuple[KeyBinding, ...]

    # -- what is said by itself ---------------------------------------------------------
    def speak_news(self) -> None:
        """Say the log's new lines for the viewer and, when it changed, whose turn it is.
        Called each frame the table updates."""
        speech = self.app.speech
        if not self.SPEAKS or not speech.on or self.passing or self.app.scenes.top is not self:
            return
        heard: dict[int | None, int] = self.__dict__.setdefault("_lines_heard", {})
        lines = self.log_lines()
        start = heard.get(self.viewer, 0)
        if start > len(lines):
            start = 0  # (a log read anew: a replay's step back, a remote table's new match)
        news = lines[start:]
        if len(news) > MAX_NEWS:
            speech.say(f"{len(news) - MAX_NEWS} earlier lines are in the log.")
            news = news[-MAX_NEWS:]
        for line in news:
            speech.say(line)
        heard[self.viewer] = len(lines)
        view = self.view
        turn = (self.viewer, view.round, view.phase.id, view.to_act, self.match.actions,
                self.waits_for_next_round() if view.to_act == CHANCE else False)
        if self.__dict__.get("_turn_heard") != turn:
            self._turn_heard = turn
            words = self.spoken_turn(view)
            if words:
                speech.say(words)

    def spoken_turn(self, view: SeatView) -> str:
        """Whose turn it is, in words: the viewer's, with the options; another seat's; the
        round's end; "" when nothing need be said (chance dealing)."""
        to_act = view.to_act
        if to_act is None:
            return "The match is over."
        if to_act == CHANCE:
            return "The round is over: Enter for the next round." if self.waits_for_next_round() else ""
        name = view.seats[to_act].name if to_act < len(view.seats) else f"Seat {to_act + 1}"
        if self.mine():
            options = self.spoken_options(short=True)
            return f"Your turn, {name}: {view.phase.words}." + (f" You may {options}." if options else "")
        if self.viewer is None and not self.is_bot(to_act):
            return ""  # (the pass screen comes and says whose turn it is)
        return f"{name}'s turn" + (" (computer)." if self.is_bot(to_act) else ".")

    # -- the keys -------------------------------------------------------------------------
    def key_speech(self, event: pygame.event.Event) -> None:
        """F5-F8: say the hand, the table, the last moves or the options."""
        {pygame.K_F5: self.say_hand, pygame.K_F6: self.say_table, pygame.K_F7: self.say_last_actions,
         pygame.K_F8: self.say_options}[event.key]()

    def say_hand(self) -> None:
        """F5: the viewer's cards by name, and what the hand makes where the table says."""
        self.app.speech.say(self.spoken_hand(), interrupt=True)

    def say_table(self) -> None:
        """F6: the table: the title line, the pots, the shared cards, every seat."""
        self.app.speech.say(self.spoken_table(), interrupt=True)

    def say_last_actions(self) -> None:
        """F7: the last few lines of the log as the viewer reads it."""
        lines = self.log_lines()[-LAST_ACTIONS:]
        self.app.speech.say("Last actions: " + " ".join(lines) if lines else "Nothing has happened yet.",
                            interrupt=True)

    def say_options(self) -> None:
        """F8: what the viewer may do now, with the keys."""
        if self.passing or self.viewer is None:
            self.app.speech.say("Nobody is at the screen yet.", interrupt=True)
            return
        options = self.spoken_options(short=False)
        if self.mine():
            self.app.speech.say(f"You may {options}." if options else "Your turn.", interrupt=True)
        elif self.view.to_act is None or self.between_rounds():
            self.app.speech.say(f"You may {options}." if options else "The round is over.", interrupt=True)
        else:
            self.app.speech.say("It is not your turn. " + self.spoken_turn(self.view), interrupt=True)

    # -- words ----------------------------------------------------------------------------
    def spoken_card(self, card: int | None) -> str:
        """A card's name as a player says it ("a hidden card" for one the viewer may not see)."""
        if card is None:
            return "a hidden card"
        try:
            return str(self.deck[card].name)
        except (IndexError, TypeError, AttributeError):
            return f"card {card}"

    def spoken_cards(self, cards: Sequence[int | None]) -> str:
        """Cards by name, the hidden ones counted."""
        shown = [self.spoken_card(c) for c in cards if c is not None]
        hidden = sum(1 for c in cards if c is None)
        if hidden:
            shown.append(f"{hidden} face down" if shown else f"{hidden} cards face down")
        return joined(shown) or "no cards"

    def spoken_hand(self) -> str:
        """The viewer's hand: its cards, its own places, and the table's line of what it makes."""
        if self.passing or self.viewer is None:
            return "No hand is shown: the table waits for the next person."
        view = self.view
        info = view.seats[self.viewer]
        numbered = [f"{n}: {self.spoken_card(card)}" for n, card in enumerate(info.hand, start=1)]
        parts = [f"Your hand: {joined(numbered)}." if info.hand else "You hold no cards."]  # (1-9 choose cards)
        if info.up and set(info.up) != set(info.hand):
            parts.append(f"Face up: {self.spoken_cards(info.up)}.")
        for zone in info.zones:
            parts.append(f"{zone.id.replace('_', ' ').capitalize()}: {self.spoken_cards(zone.cards)}"
                         + (f" and {zone.face_down} face down." if zone.face_down else "."))
        line = self.__dict__.get("hand_line")
        if line and self.__dict__.get("hand_line_seat") == self.viewer:
            line = line.removeprefix("Your hand: ")
            parts.append(f"{line[:1].upper()}{line[1:]}.")
        shown = view.showdown.hand(self.viewer) if view.showdown is not None else None
        if shown is not None and shown.label:
            parts.append(f"At the showdown: {shown.label}.")
        return " ".join(parts)

    def spoken_table(self) -> str:
        """The whole table as the viewer sees it."""
        view = self.view
        parts = [f"{self.title(view)}."]
        pots = pot_words(view)
        if pots:
            parts.append(f"{joined(pots).capitalize()}.")
        for zone in view.zones:
            if zone.size:
                name = zone.id.replace("_", " ").capitalize()
                if zone.cards:
                    parts.append(f"{name}: {self.spoken_cards(zone.cards)}"
                                 + (f" and {zone.face_down} more face down." if zone.face_down else "."))
                else:
                    parts.append(f"{name}: {zone.face_down} cards.")
        for info in view.seats:
            parts.append(self.spoken_seat(view, info.seat))
        if view.showdown is not None:
            for hand in view.showdown.hands:
                if hand.label:
                    parts.append(f"{view.seats[hand.seat].name} showed {hand.label}.")
        return " ".join(parts)

    def spoken_seat(self, view: SeatView, seat: int) -> str:
        """One seat: its name, chips, bet, state and the cards of it the viewer sees."""
        info = view.seats[seat]
        words = [info.name + (" (you)" if seat == self.viewer else "")]
        if info.dealer or view.dealer == seat:
            words.append("dealer")
        if info.stack is not None:
            words.append(f"{info.stack:,} chips")
        if info.bet:
            words.append(f"bet {info.bet:,}")
        if info.status == FOLDED:
            words.append("folded")
        elif info.status == OUT:
            words.append("out")
        if seat != self.viewer and info.hand:
            words.append(f"cards: {self.spoken_cards(info.hand)}")
        elif seat != self.viewer and info.up:
            words.append(f"face up: {self.spoken_cards(info.up)}")
        if view.to_act == seat:
            words.append("to act")
        return ", ".join(words) + "."

    def spoken_options(self, short: bool) -> str:
        """What the viewer may do now: the betting options, the bar's buttons and the game's
        keys that mean something now, each with its key (``short``: a key a button names once)."""
        found: list[str] = []
        choices = self.bet_choices() if self.bet_bar is not None else None
        betting = isinstance(choices, BetOptions)
        hotkeys: set[str] = {"F", "C", "B", "A"} if betting else set()
        if isinstance(choices, BetOptions):
            found.extend(bet_option_words(choices))
        bar = None if betting else getattr(self.bet_bar, "widgets", None)  # (the words above say the bar's)
        for widget in [*getattr(bar, "widgets", ()), *getattr(self.widgets, "widgets", ())]:
            label = getattr(widget, "label", "")
            if (label and widget.visible and widget.focusable and getattr(widget, "enabled", True)
                    and callable(getattr(widget, "spoken", None))):
                key = getattr(widget, "hotkey", "")
                found.append(f"{label}" + (f" ({key})" if key else ""))
                hotkeys.add(key)
        owners = [(self, self.KEYS), (self.bet_bar, () if betting else getattr(self.bet_bar, "KEYS", ()))]
        for owner, bindings in owners:
            for binding in bindings:
                if short and set(binding.label.split(" / ")) & hotkeys:
                    continue  # (a button said it already)
                if binding.when and getattr(owner, binding.when)():
                    found.append(f"{binding.does} ({binding.label})")
        return joined(list(dict.fromkeys(found)), "or")
