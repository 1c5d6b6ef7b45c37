"""A Flame Sword computer player: it bets by simulated hand strength and flips the grid
cards of the lines that suit its hole cards.

Everything it uses is what its seat may see: its hole cards, the face-up grid cards,
the chips, and how many players are still in. The cards it cannot see are drawn at
random from the cards it has not seen (the stock, the face-down grid and the other
players' hole cards look alike to it).

* **Strength** (:meth:`FlameBot.strength`): Monte Carlo. Each scenario fills the
  face-down grid cells with random unseen cards and deals a few opponents random hole
  cards; each hand is the best of the 20 lines (:func:`flame_hands.best_line`). The
  share of opponent hands it beats (ties half), ``p``, gives the chance to beat all
  ``m`` opponents still in as ``p ** m``. The estimate is kept for the rest of the
  betting round (the cards it sees do not change inside a round).
* **Betting**: well above its fair share ``1 / (m + 1)`` it bets or raises, sized by
  the strength (a share of the pot), asking for more with each raise already made and
  never raising past a few raises a round; otherwise it checks, calls when the strength
  beats the pot odds or the bet is at most half the pot and its hand playable
  (:data:`SMALL_CALL`), and folds; heads-up it bluffs now and then. The estimate is
  shrunk towards an even chance (it is made of a handful of samples), which keeps it
  from raising on noise.
* **Flipping**: each face-down cell scores the face-up cards of its row and column
  that share a rank (3), a suit (2) or a colour (1) with its hole cards: it turns the
  cell whose lines already suit it best, so what it learns is about the lines it may
  play (ties broken at random).
* **Called Shot**: it never calls one (ten named cards in one hand of ten has odds
  far below one in a decillion).

``level="tough"`` plays more scenarios against more opponents, calls a little looser
and bluffs more heads-up. Sample counts are fixed (never a clock), so the
same seed makes the same choices.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.bots.strong import light_choice
from cardtable.engine.betting import AllIn, Bet, BetOptions, Call, Check, Fold, Raise
from cardtable.engine.game import Action
from cardtable.games.flame_sword import hands as flame_hands
from cardtable.games.flame_sword.rules import GRID_CELLS, GRID_SIDE, HOLE_CARDS, UNDERDOG_EXTRA, CallShot, Flip, Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["FlameBot", "LEVELS", "LEVEL_KNOBS", "rollout_choice"]

LEVELS = ("normal", "tough")
"""The levels of :class:`FlameBot`."""

LEVEL_KNOBS: dict[str, dict[str, float]] = {
    "normal": {"scenarios": 3, "opponents": 2, "call_margin": 1.05, "raise_at": 1.7, "bluff": 0.03,
               "max_raises": 2},
    "tough": {"scenarios": 4, "opponents": 2, "call_margin": 0.95, "raise_at": 1.5, "bluff": 0.06,
              "max_raises": 3},
}
"""What the levels differ in: grid scenarios per estimate, opponent hands dealt per
scenario, the pot-odds margin of a call, how many times its fair share the strength must
be to bet or raise (1.25 times more for each raise already made in the round), the
heads-up bluff rate, and the raises in a round after which it only calls."""


def rollout_choice(state: FlameSwordState, seat: int, rng: random.Random) -> Action:
    """The strong level's rollout policy: a random face-down cell when flipping (drawn
    without listing the up to 100 flips), :func:`~cardtable.bots.strong.light_choice`
    otherwise."""
    if state.phase == Phase.FLIP:
        face_up = state.face_up
        while True:  # at most 80 of the 100 cells are up, so a few draws at most
            cell = rng.randrange(GRID_CELLS)
            if not face_up[cell]:
                return Flip(seat=seat, cell=cell)
    return light_choice(state, seat, rng)


EQUITY_SCENARIOS = 24
EQUITY_HANDS = 2
"""Grid scenarios of :meth:`FlameBot.random_equity`, and the random hands dealt in each
against the seat's (72 hand searches, some 30 ms; a standard error near 0.07)."""

TIGHT_HAND_EQUITY = 0.85
"""The equity against a random hand of the hands a tight player plays on with (see
:attr:`FlameBot.tight_hand_equity`): the premium player's best tenth, judged on ten
check-downs, won 0.85 of ten more against random hands (150 deals; Flame Sword's
starting hands differ a lot: their equities spread with a standard deviation of 0.21)."""


BET_HAND_EQUITY = (0.64, 0.74)
"""The equity against a random hand (:meth:`FlameBot.random_equity`) of the hands the normal
bot bets or raises with heads-up, before the flop and after it: on 120 deals it bet 51 of
240 hands before the flop, worth 0.67, and 42 after it, worth 0.77 (against 0.46 and 0.52 for
all), and it bluffs at 0.03 of its decisions, about an eighth of its bets; so a bet is taken
for 0.64 and 0.74."""


SMALL_CALL = 0.6
"""A bet of at most half the pot is called with a strength of at least this share of the
fair one (``1 / players``): a playable hand at good odds is not folded (the normal level
folded half the minimum bets at four seats before)."""


class FlameBot(LevelledBot):
    """A Flame Sword player of ``level`` ``normal`` or ``tough``.

    >>> FlameBot(random.Random(1)).level
    'normal'
    """

    LEVEL_KNOBS = LEVEL_KNOBS

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)
        self._memo: tuple[Any, float] | None = None

    rollout_choice = staticmethod(rollout_choice)

    wary_until_read = True
    """Ask the strong level to leave out shoves of more than three pots, and raises in a
    raise war but with a very good hand, while an opponent is unread
    (:func:`cardtable.bots.exploits.without_early_overbets`,
    :func:`~cardtable.bots.exploits.without_early_reraises`): against the premium player
    (40 matches heads-up, seed 1, 1bb97c7) the rollouts, taking it for the normal level,
    raised and shoved in its first hands, when it folds only to a bet and calls everything
    with the hands it plays. Of the eight matches whose share was 0.2 or more from even,
    the six traced had seven plays end on one pot in the first three hands (three lost,
    four won); strong's share was 0.539 (0.495 to 0.583), and wary 0.550 (0.510 to 0.590)."""

    tight_hand_equity = TIGHT_HAND_EQUITY
    """The strong level, facing a bet of a player read as tight with a hand short of
    playing on, calls when its chance against hands of this equity beats the price
    (:func:`cardtable.bots.exploits.tight_move`): the premium player raises by the least,
    and strong folded pots of 480 chips to a raise of 101 after betting into them."""

    def bet_hand_equity(self, state: FlameSwordState) -> float:
        """What the hands a player of this bot's kind bets or raises with are worth against
        random ones, before the flop and from the flop on (:data:`BET_HAND_EQUITY`): the
        strong level calls such a bet only when its chance against those hands beats the
        price (:func:`cardtable.bots.exploits.bettor_move`)."""
        return BET_HAND_EQUITY[0 if not state.betting_round else 1]

    def rollout_bot(self, rng: random.Random) -> FlameBot:
        """A cheap player like this one, for the strong level's rollouts: the normal level
        on one grid scenario an estimate, flipping at random
        (:class:`~cardtable.games.flame_sword.rollout_bot.RolloutFlameBot`)."""
        from cardtable.games.flame_sword.rollout_bot import RolloutFlameBot
        return RolloutFlameBot(rng)

    def worth_planning(self, state: FlameSwordState, seat: int) -> bool:
        """Whether the strong level should weigh this decision by rollouts: not a flip
        (up to 100 cells, each worth too little to tell apart; this bot's choice stands)."""
        return state.phase != Phase.FLIP

    # -- the decision ---------------------------------------------------------------------
    def choose(self, state: FlameSwordState, seat: int) -> Action:
        """A legal action for ``seat``, which must be the seat to act."""
        if state.phase == Phase.CALL:
            return CallShot(seat=seat)
        if state.phase == Phase.FLIP:
            return Flip(seat=seat, cell=self.flip_cell(state, seat))
        options = state.betting_options(seat)
        if options is None:
            actions = state.legal_actions(seat)
            if not actions:
                raise ValueError(f"seat {seat} has nothing to do now")
            return actions[0]
        return self._bet(state, seat, options)

    def flip_cell(self, state: FlameSwordState, seat: int) -> int:
        """The face-down cell whose row and column suit ``seat``'s hole cards best."""
        deck = state.deck
        hole = [deck[c] for c in state.hands[seat]]
        ranks = {c.rank for c in hole}
        suits = {c.suit for c in hole}
        colours = {c.colour for c in hole}
        rows = [0] * GRID_SIDE
        cols = [0] * GRID_SIDE
        for cell, up in enumerate(state.face_up):
            if not up:
                continue
            card = deck[state.grid[cell]]
            score = 3 * (card.rank in ranks) + 2 * (card.suit in suits) + (card.colour in colours)
            rows[cell // GRID_SIDE] += score
            cols[cell % GRID_SIDE] += score
        best, choices = -1, []
        for cell in range(GRID_CELLS):
            if state.face_up[cell]:
                continue
            score = rows[cell // GRID_SIDE] + cols[cell % GRID_SIDE]
            if score > best:
                best, choices = score, [cell]
            elif score == best:
                choices.append(cell)
        return self.rng.choice(choices)

    def strength(self, state: FlameSwordState, seat: int) -> float:
        """The estimated chance that ``seat``'s hand beats every other player still in."""
        opponents = sum(state.chips.in_hand) - 1
        if opponents <= 0:
            return 1.0
        moment = (state.hand_no, state.betting_round, state.face_up_count, seat, opponents)
        if self._memo is not None and self._memo[0] == moment:
            return self._memo[1]
        beat = self._share_beaten(state, seat)
        value = beat ** opponents
        self._memo = (moment, value)
        return value

    def random_equity(self, state: FlameSwordState, seat: int) -> float:
        """``seat``'s chance to beat hands dealt at random to every other player still in
        (the share of :data:`EQUITY_SCENARIOS` grid scenarios' random hands it beats, to
        the power of the players it must beat): what the strong level weighs its hand by
        against a player read as tight or as raising whatever it holds
        (:func:`cardtable.bots.exploits.equity_of`), or betting like this bot
        (:func:`cardtable.bots.exploits.bettor_move`). An opponent who is the Underdog is
        dealt its eight hole cards (dealt four, an Underdog's hand looked weaker than it
        is). The shared estimate plays the hand
        out to the showdown 40 times, every flip a decision: some 500 ms of CPU a call
        here, which took the strong level's p95 past 250 ms wherever it was asked."""
        opponents = sum(state.chips.in_hand) - 1
        if opponents <= 0:
            return 1.0
        underdog = state.underdog
        if underdog is None or underdog == seat or not state.chips.in_hand[underdog]:
            return self._share_beaten(state, seat, EQUITY_SCENARIOS, EQUITY_HANDS) ** opponents
        # The Underdog holds eight hole cards: its hands are dealt eight (an eight-card hand
        # beats a four-card one some 0.7 of the time), the others four.
        against_eight = self._share_beaten(state, seat, EQUITY_SCENARIOS, EQUITY_HANDS, HOLE_CARDS + UNDERDOG_EXTRA)
        if opponents == 1:
            return against_eight
        return self._share_beaten(state, seat, EQUITY_SCENARIOS, EQUITY_HANDS) ** (opponents - 1) * against_eight

    def equity_moment(self, state: FlameSwordState, seat: int) -> tuple[Any, int]:
        """What :meth:`random_equity` hangs on besides the hand: the betting round and the
        grid cards face up (the strong level keeps an equity while these stand; kept for
        the whole hand, the one before the flop outlived the 60 cards the flop turns up)."""
        return state.betting_round, state.face_up_count

    # -- inside ---------------------------------------------------------------------------
    def _share_beaten(self, state: FlameSwordState, seat: int, scenarios: int | None = None,
                      dealt: int | None = None, size: int = HOLE_CARDS) -> float:
        deck = state.deck
        hole = list(state.hands[seat])
        known = set(hole) | {c for c, up in zip(state.grid, state.face_up) if up}
        wins = trials = 0.0
        dealt_others = int(min(self.knobs["opponents"], sum(state.chips.in_hand) - 1)) if dealt is None else dealt
        for _ in range(int(self.knobs["scenarios"]) if scenarios is None else scenarios):
            used = set(known)
            grid = [c if up else self._unseen(used, len(deck)) for c, up in zip(state.grid, state.face_up)]
            called = state.called[seat] or ()
            mine = flame_hands.best_line(deck, hole, grid, called=called, order=state.settings.order)[0].key
            for _ in range(dealt_others):
                other = [self._unseen(used, len(deck)) for _ in range(size)]
                theirs = flame_hands.best_line(deck, other, grid, order=state.settings.order)[0].key
                wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                trials += 1
        # A few samples are noisy: shrink a little towards an even chance (half a win in one trial).
        return (wins + 0.5) / (trials + 1.0)

    def _unseen(self, used: set[int], size: int) -> int:
        while True:
            card = self.rng.randrange(size)
            if card not in used:
                used.add(card)
                return card

    def _bet(self, state: FlameSwordState, seat: int, options: BetOptions) -> Action:
        strength = self.strength(state, seat)
        players = sum(state.chips.in_hand)
        fair = 1.0 / players
        pot = state.chips.pot_total
        owed = options.call_amount
        raises = state.betting.raises if state.betting is not None else 0
        # Each raise already made this round asks for a stronger hand to raise again.
        aggressive = strength >= min(0.95, fair * self.knobs["raise_at"] * (1.25 ** raises))
        if players == 2 and raises == 0 and self.rng.random() < self.knobs["bluff"]:
            aggressive = True
        if raises >= self.knobs["max_raises"]:
            aggressive = False
        if aggressive and (options.can_bet or options.can_raise):
            size = int(pot * (0.25 + strength) / 2)
            current = max(state.chips.round_bets)
            to = max(options.min_raise_to, min(options.max_raise_to, current + size))
            if to >= options.all_in_to and options.can_all_in:
                return AllIn(seat=seat)
            return (Bet if options.can_bet else Raise)(seat=seat, to=to)
        if options.can_check:
            return Check(seat=seat)
        pot_odds = owed / (pot + owed) if pot + owed else 1.0
        if strength * self.knobs["call_margin"] >= pot_odds or (aggressive and owed):
            return Call(seat=seat)
        if owed * 2 <= pot and strength >= SMALL_CALL * fair:
            return Call(seat=seat)  # a small bet and a playable hand: people call it
        return Fold(seat=seat)
