"""A poker-family hand as a declared flow of steps.

A game's hand is a :class:`HandFlow`: a tuple of step records that a person who knows
poker reads as a list, the way pokerkit declares a variant as a tuple of streets::

    HandFlow(Shuffle(), Antes("ante"), Deal(hole=5), Bet("before the draw"),
             Draw(up_to="max_draw", ace_bonus="ace_bonus"), Bet("after the draw", big=True),
             Showdown("cardtable.engine.poker_hands:evaluate"), Settle())

:class:`FlowState` runs it: chance's shuffle starts a hand, the steps that need nobody's
decision follow by themselves, a betting round or a draw waits for its seats, all but one
folding goes straight to the settle, and the settle pays every pot (side pots, the uncalled
bet returned, odd chips to the first tied seat left of the dealer). What one game does
alone is a :class:`Hook` step, a name the game's state maps to its own :class:`Step`
(Shenja Ivali's flop and auction). :class:`SeatedFlowState` is the runner without a chip
ledger, for a game whose chips are its own (Alethkar Poker's stacks, bags and middle).
"""

from cardtable.engine.flow.actions import Discard, Reshuffle, Shuffle
from cardtable.engine.flow.state import FlowState, SeatedFlowState
from cardtable.engine.flow.steps import (
    Antes,
    Bet,
    Blind,
    Blinds,
    Deal,
    Draw,
    HandFlow,
    Hook,
    InTurn,
    Settle,
    Showdown,
    Step,
)

__all__ = ["HandFlow", "Step", "InTurn", "Shuffle", "Antes", "Blind", "Blinds", "Deal", "Bet", "Draw",
           "Showdown", "Settle", "Hook", "FlowState", "SeatedFlowState", "Discard", "Reshuffle"]
