"""Picking a Called Shot: the deck browser in pick mode, ten cards, then the action.

Search by rank, suit, colour or "trump" as the deck browser does; click cards to
choose them (up to ten); Done declares them when there are exactly ten, otherwise
the browser opens again with the cards chosen so far, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.cards import Card
from cardtable.games.flame_sword.rules import CALLED_SHOT_SIZE, CallShot
from cardtable.ui.deck_browser import DeckBrowser


class CalledShotPicker:
    """Opens the deck browser for ``seat`` and hands a :class:`CallShot` to ``act``.

    ``act`` is the table's legality-checked action function; it returns True when the
    action was applied.
    """

    def __init__(self, app, deck, faces, seat: int, act: Callable[[CallShot], bool]) -> None:
        self.app, self.deck, self.faces, self.seat, self.act = app, deck, faces, seat, act
        self.chosen: list[Card] = []
        self.query = ""
        self.browser: DeckBrowser | None = None

    def open(self) -> DeckBrowser:
        """Push the browser (with any cards chosen before)."""
        self.browser = DeckBrowser(self.app, self.deck, self.faces, on_pick=self.picked,
                                   pick_limit=CALLED_SHOT_SIZE, chosen=self.chosen)
        if self.query:  # back where the search was
            self.browser.set_query(self.query)
            self.browser.layout()
        self.app.push(self.browser)
        return self.browser

    def picked(self, cards: list[Card]) -> None:
        """The browser's Done: declare ten cards, or ask for the rest."""
        self.chosen = list(cards)
        if self.browser is not None:
            self.query = self.browser.query
        if len(cards) != CALLED_SHOT_SIZE:
            self.app.toast(f"A Called Shot names exactly {CALLED_SHOT_SIZE} cards: "
                           f"{len(cards)} chosen", 3.0)
            if cards:
                self.open()
            return
        self.act(CallShot(seat=self.seat, cards=tuple(card.index for card in cards)))
