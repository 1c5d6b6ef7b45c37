"""Whole poker hands played twice, in our engine and in an independent one (pokerkit), with
the same cards in the same seats and the same actions: every seat's final stack must agree.

Four games, many seeded random hands each at two to six seats, stacks from a few chips
(all-in on the blinds or the antes) to deep: no-limit Texas Hold'em (blinds 1/2),
pot-limit Omaha (blinds 1/2), fixed-limit Seven-Card Stud (ante 1, bring-in 2, bets 5/10)
and fixed-limit Omaha Hi/Lo eight-or-better (blinds 1/2, bets 2/4). Each action is drawn at
random among our engine's legal actions (fold, check or call, a bet or raise of any legal
size, all-in) and played in pokerkit by its own words; before each one
the two engines must agree on who acts, what a call costs, whether a bet or raise is
allowed, and its smallest and largest size.

Where the two engines' conventions legitimately differ, the comparison is aligned:

* Seats: pokerkit's player i is our i-th seat from the dealer's left (the dealer last),
  which is how pokerkit orders a table (small blind first, the button last; in Stud the
  first dealt).
* Heads-up blinds: our Hold'em and Omaha flows post them as Hold'em does
  (``Blinds(heads_up="dealer_small")``: the dealer the small blind and first to act before
  the flop), pokerkit's rule heads-up.
* Cards: pokerkit is dealt exactly the cards our engine dealt, to the same seats in the
  same order, burns included (our Board burns one card before each street, as pokerkit's
  Hold'em streets do); our Stud streets burn nothing, so pokerkit's Stud streets here burn
  nothing either.
* The bring-in: ours posts it as the hand reaches it (the lowest up card, clubs the lowest
  suit among equal ranks, as pokerkit breaks the tie); pokerkit's bring-in seat acts by
  ``post_bring_in`` (it could also complete at once, which our engine does not offer).
* The raise cap: ours counts raises, the opening bet and the completion of a bring-in
  not counted (``raise_cap=3``: a bet and three raises; before the flop three raises of
  the big blind); pokerkit counts the opening bet and the completion too, so its streets
  here allow three before the flop and four otherwise. Pokerkit also counts an all-in
  raise short of a full raise toward the cap, and ours does not (it is no raise: it does
  not reopen the betting): where, after such a short all-in, pokerkit's cap holds and ours
  does not, the seat to act is given only a fold, a check or a call.
* Reopening the betting: ours reopens it for a seat that already acted only when the bet
  has risen by a full raise since that seat acted; pokerkit adds up the short all-ins since
  the last full raise, whenever the seat acted, and so sometimes lets a seat raise that
  ours does not. Our actions are drawn from our rules, so pokerkit only ever sees raises it
  allows too; a seat pokerkit alone lets raise is not a disagreement.
* The last seat with chips: when everyone else still in is all-in and it owes nothing,
  ours skips its turn (it could only check) and pokerkit asks it to act: it checks there.
* Stud stacks cover the ante and at least part of the bring-in (two chips or more): with
  the lowest card all-in on its ante, pokerkit has the next seat with chips bring it in,
  ours has the all-in seat bring it in for nothing.
* The showdown: every hand still in is shown, as ours are.
* Folding when a check is free: allowed by both (pokerkit's cash-game mode warns about it;
  the warning is silenced, any other pokerkit warning fails the hand).
* The pay-out after a showdown: pokerkit's main and side pots as they stand at the
  showdown (their chips, who may win each) and pokerkit's value of every hand are paid by
  the standard rules (:func:`_paid`) in place of pokerkit's own pushes, which differ from
  them three ways. It gives all the odd chips of a split to the first winner from the
  dealer's left, where the rule is one each from the dealer's left (they agree unless three
  or more hands tie). It kills the hands that cannot win before paying, and then joins
  the pots that are left with the same contenders into one, whose odd chip falls otherwise
  than those of the pots as they were formed. And a Hi/Lo pot that nobody eligible for it
  has a low for is still split in two when any player at the table has a low, its low half
  shared by every player eligible for it, where the high hand takes the whole pot. A hand
  won by a fold is pokerkit's pay-out as it is.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass
from typing import Any

import pokerkit
import pytest
from poker_tables import HOLDEM, OMAHA, OMAHA_HILO, STUD, table
from pokerkit import Automation, BettingStructure, Mode, Opening, Street

from cardtable.engine import flow
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.flow.streets import BoardFlowState
from cardtable.engine.game import CHANCE

HANDS = 150  # hands a game; every kind of ending each game names still comes up (the test counts them)
FOLD_WARNING = "There is no reason for this player to fold."


def _street(burn: bool, hole: tuple[bool, ...], board: int, opening: Opening, bet: int, cap: int | None) -> Street:
    return Street(burn, hole, board, False, opening, bet, cap)


def _board_streets(hole: int, small: int, big: int, cap: int | None) -> tuple[Street, ...]:
    first = None if cap is None else cap
    later = None if cap is None else cap + 1
    return (_street(False, (False,) * hole, 0, Opening.POSITION, small, first),
            _street(True, (), 3, Opening.POSITION, small, later),
            _street(True, (), 1, Opening.POSITION, big, later),
            _street(True, (), 1, Opening.POSITION, big, later))


def _stud_streets(small: int, big: int, cap: int | None) -> tuple[Street, ...]:
    count = None if cap is None else cap + 1
    return (_street(False, (False, False, True), 0, Opening.LOW_CARD, small, count),
            _street(False, (True,), 0, Opening.HIGH_HAND, small, count),
            _street(False, (True,), 0, Opening.HIGH_HAND, big, count),
            _street(False, (True,), 0, Opening.HIGH_HAND, big, count),
            _street(False, (False,), 0, Opening.HIGH_HAND, big, count))


@dataclass(frozen=True)
class Game:
    """One game as both engines play it."""

    hand: flow.HandFlow
    rules: dict[str, Any]
    """Our table's betting rules and stakes (:func:`poker_tables.table`'s keywords)."""
    structure: BettingStructure
    streets: tuple[Street, ...]
    hand_types: tuple[type[pokerkit.Hand], ...]
    antes: int = 0
    blinds: tuple[int, ...] = (0,)
    bring_in: int = 0
    shortest: int = 1
    """The fewest chips a seat starts with."""
    expect: tuple[str, ...] = ("split pot",)
    """What some of the hands must come to besides showdowns, folds, side pots and an
    uncalled bet ("split pot": a tie; "low half": a pot split high and low)."""

    def ours(self, seats: int, stacks: list[int], dealer: int) -> BoardFlowState:
        return table(self.hand, seats, stacks, dealer=dealer, **self.rules)

    def theirs(self, stacks: list[int]) -> pokerkit.State:
        automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                       Automation.RUNOUT_COUNT_SELECTION, Automation.CHIPS_PULLING)
        return pokerkit.State(automations, pokerkit.Deck.STANDARD, self.hand_types, self.streets, self.structure,
                              True, self.antes, self.blinds, self.bring_in, stacks, len(stacks),
                              mode=Mode.CASH_GAME)


GAMES = {
    "no-limit hold'em": Game(
        HOLDEM, dict(limit="no_limit", min_bet=2, big_bet=2, small_blind=1, blind=2),
        BettingStructure.NO_LIMIT, _board_streets(2, 2, 2, None), (pokerkit.StandardHighHand,), blinds=(1, 2)),
    "pot-limit omaha": Game(
        OMAHA, dict(limit="pot_limit", min_bet=2, big_bet=2, small_blind=1, blind=2),
        BettingStructure.POT_LIMIT, _board_streets(4, 2, 2, None), (pokerkit.OmahaHoldemHand,), blinds=(1, 2)),
    "fixed-limit stud": Game(
        STUD, dict(limit="fixed", min_bet=5, big_bet=10, raise_cap=3, ante=1, bring_in=2),
        BettingStructure.FIXED_LIMIT, _stud_streets(5, 10, 3), (pokerkit.StandardHighHand,), antes=1, bring_in=2,
        shortest=2, expect=()),  # ties are too rare in Stud
    "fixed-limit omaha hi/lo": Game(
        OMAHA_HILO, dict(limit="fixed", min_bet=2, big_bet=4, raise_cap=3, small_blind=1, blind=2),
        BettingStructure.FIXED_LIMIT, _board_streets(4, 2, 4, 3),
        (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand), blinds=(1, 2),
        expect=("split pot", "low half")),
}


def _code(state: BoardFlowState, card: int) -> str:
    face = state.deck[card]
    return ("T" if face.rank == "10" else face.rank) + face.suit[0].lower()


class Match:
    """One hand in both engines, kept in step: ``order[i]`` is our seat of pokerkit's player i."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        seats = rng.randint(2, 6)
        dealer = rng.randrange(seats)
        stacks = [rng.randint(game.shortest, 12) if rng.random() < 0.2 else rng.randint(15, 400) for _ in range(seats)]
        self.ours = game.ours(seats, stacks, dealer)
        self.order = seats_from_left_of(dealer, seats)
        self.player = {seat: i for i, seat in enumerate(self.order)}
        self.theirs = game.theirs([stacks[seat] for seat in self.order])
        self.given = [0] * seats  # cards of each pokerkit player dealt so far
        self.boards = 0
        self.burns = 0
        self.pushed = [0] * seats  # what pokerkit's pushes paid each player
        self.showdown: tuple[list[tuple[int, tuple[int, ...]]], list[list[Any]]] | None = None
        """Pokerkit's pots and every player's hand of each hand type, at the showdown."""
        self.history: list[str] = [f"stacks {stacks}, dealer {dealer}"]
        self.dealt: list[list[int]] = [[] for _ in range(seats)]
        self.short_all_in: int | None = None
        """The betting round in which the last all-in raise short of a full raise was made."""
        self.capped = False
        """Pokerkit's cap, counting a short all-in raise, holds where ours does not."""

    # -- keeping pokerkit in step -----------------------------------------------------------
    def _note_cards(self) -> None:
        """What our engine has dealt each seat so far (a folded hand leaves our hands)."""
        for seat, hand in enumerate(self.ours.hands):
            if len(hand) > len(self.dealt[seat]):
                self.dealt[seat].extend(hand[len(self.dealt[seat]):])

    def sync(self) -> None:
        """Deal pokerkit what our engine dealt, and post its bring-in, until a seat must act
        (or the hand is over)."""
        self._note_cards()
        theirs, ours = self.theirs, self.ours
        while theirs.status:
            if theirs.can_burn_card():
                theirs.burn_card(_code(ours, ours.burned[self.burns]))
                self.burns += 1
            elif theirs.hole_dealee_index is not None:
                i = theirs.hole_dealee_index
                theirs.deal_hole(_code(ours, self.dealt[self.order[i]][self.given[i]]), i)
                self.given[i] += 1
            elif theirs.can_deal_board():
                count = theirs.board_dealing_count
                cards = ours.board[self.boards:self.boards + count]
                theirs.deal_board("".join(_code(ours, c) for c in cards))
                self.boards += count
            elif theirs.actor_index is not None and self._alone_with_chips():
                theirs.check_or_call()  # nobody to bet against: ours skips this seat's turn
            elif theirs.can_show_or_muck_hole_cards():
                theirs.show_or_muck_hole_cards(True)  # every hand still in is shown, as ours are
            elif theirs.can_post_bring_in():
                assert self.order[theirs.actor_index] == ours.bring_in_seat, self.history
                theirs.post_bring_in()
            elif theirs.can_kill_hand() or theirs.can_push_chips():
                if self.showdown is None and sum(theirs.statuses) > 1:
                    self.showdown = ([(pot.amount, pot.player_indices) for pot in theirs.pots],
                                     [list(theirs.get_up_hands(0, k))
                                                         for k in range(len(self.game.hand_types))])
                if theirs.can_kill_hand():
                    theirs.kill_hand()
                else:
                    for i, amount in enumerate(theirs.push_chips().amounts):
                        self.pushed[i] += amount
            else:
                return

    def _alone_with_chips(self) -> bool:
        """Pokerkit asks its actor to act though nobody else in the hand has chips and it owes
        nothing (our engine skips that turn: it could only check)."""
        theirs = self.theirs
        actor = theirs.actor_index
        others = [i for i in range(theirs.player_count) if i != actor and theirs.statuses[i] and theirs.stacks[i]]
        return not others and theirs.checking_or_calling_amount == 0

    # -- one decision -------------------------------------------------------------------------
    def agree_on_options(self, seat: int) -> None:
        """Who acts, what a call costs, and whether and how much a seat may bet or raise."""
        theirs = self.theirs
        assert theirs.actor_index is not None and self.order[theirs.actor_index] == seat, self.history
        options = self.ours.betting_options(seat)
        assert options is not None
        assert options.call_amount == theirs.checking_or_calling_amount, self.history
        ours_raise = options.can_bet or options.can_raise
        their_low = theirs.min_completion_betting_or_raising_to_amount
        self.capped = False
        if ours_raise and their_low is None:  # pokerkit's cap, counting a short all-in raise
            assert self.game.structure == BettingStructure.FIXED_LIMIT, self.history
            assert self.short_all_in == self.ours.betting_round, self.history
            assert theirs.completion_betting_or_raising_count == theirs.street.max_completion_betting_or_raising_count
            self.capped = True
        elif their_low is not None and not ours_raise:  # pokerkit's looser reopening (see above)
            betting = self.ours.betting
            assert betting is not None
            assert "not reopened" in (betting._why_no_raise(seat) or ""), self.history
        elif ours_raise:
            assert (options.min_raise_to, options.max_raise_to) == (
                their_low, theirs.max_completion_betting_or_raising_to_amount), self.history

    def choose(self, seat: int) -> Any:
        """A random legal action of ours, often a call, sometimes a bet of any legal size."""
        actions = self.ours.legal_actions(seat)
        options = self.ours.betting_options(seat)
        if self.capped:  # pokerkit's cap (see above): no raise
            actions = [a for a in actions if isinstance(a, (Fold, Check, Call))]
        weights = []
        for action in actions:
            if isinstance(action, Fold):
                weights.append(0.3 if options.can_check else 1.5)
            elif isinstance(action, (Check, Call)):
                weights.append(5)
            else:
                weights.append(1.5)
        action = self.rng.choices(actions, weights)[0]
        if isinstance(action, (Bet, Raise)) and len(options.raise_range) > 2 and self.rng.random() < 0.5:
            action = type(action)(seat=seat, to=self.rng.choice(options.raise_range))
        return action

    def play_theirs(self, action: Any) -> None:
        theirs = self.theirs
        if isinstance(action, Fold):
            theirs.fold()
        elif isinstance(action, (Check, Call)):
            theirs.check_or_call()
        else:
            theirs.complete_bet_or_raise_to(action.to)

    def play(self) -> None:
        ours = self.ours
        ours.apply(flow.Shuffle(order=tuple(self.rng.sample(range(len(ours.deck)), len(ours.deck)))))
        self.sync()
        while ours.phase.value not in ("reveal", "game_over"):
            seat = ours.to_act
            assert seat is not None and seat != CHANCE
            self.agree_on_options(seat)
            action = self.choose(seat)
            self.history.append(repr(action))
            betting = ours.betting
            assert betting is not None
            current, completing, size = betting.current_bet, betting.completing, betting.bet_size
            betting_round = ours.betting_round
            to = ours.chips.round_bets[seat] + ours.chips.stacks[seat]
            ours.apply(action)
            if isinstance(action, AllIn):  # in pokerkit's words, a call or a raise to all of it
                action = Bet(seat=seat, to=to) if to > current else Call(seat=seat)
            if isinstance(action, (Bet, Raise)) and action.to < current + size:
                if not (completing and action.to <= size):  # not a (short) completion
                    self.short_all_in = betting_round  # an all-in raise short of a full one
            self.play_theirs(action)
            self.sync()
        assert not self.theirs.status, self.history

    # -- the pay-out, aligned -----------------------------------------------------------------
    def their_stacks(self) -> list[int]:
        """Pokerkit's final stacks by our seats; after a showdown, its pots as they stood
        then paid by the standard rules (see the module's docstring)."""
        stacks = list(self.theirs.stacks)
        if self.showdown is not None:
            won = _paid(*self.showdown)
            stacks = [stacks[i] - self.pushed[i] + won.get(i, 0) for i in range(len(stacks))]
        mine = [0] * len(stacks)
        for i, seat in enumerate(self.order):
            mine[seat] = stacks[i]
        return mine


def _paid(pots: list[tuple[int, tuple[int, ...]]], hands: list[list[Any]]) -> dict[int, int]:
    """What each player wins of ``pots`` (pokerkit's at the showdown: the chips, who may win
    them) with ``hands`` (each
    player's hand of each hand type, pokerkit's; the high first): each pot on its own, split
    between its best high and its best low when a player eligible for it has one (the odd
    chip to the high half), each part among its best hands, odd chips one each from the
    dealer's left (pokerkit's player 0)."""
    won: dict[int, int] = {}
    for amount, eligible in pots:
        kinds = [k for k in range(len(hands)) if any(hands[k][i] is not None for i in eligible)]
        share, odd = divmod(amount, len(kinds))
        for kind in kinds:
            shown = {i: hands[kind][i] for i in eligible if hands[kind][i] is not None}
            best = max(shown.values())
            winners = [i for i in sorted(shown) if shown[i] == best]
            each, rest = divmod(share + (odd if kind == kinds[0] else 0), len(winners))
            for place, i in enumerate(winners):
                won[i] = won.get(i, 0) + each + (place < rest)
    return won


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_seat_ends_the_hand_with_the_stack_pokerkit_gives_it(name):
    game = GAMES[name]
    seen = dict.fromkeys(("showdown", "won by a fold", "side pots", "uncalled bet", *game.expect), 0)
    for number in range(HANDS):
        match = Match(game, random.Random(f"{name}:{number}"))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.filterwarnings("ignore", message=FOLD_WARNING)
            match.play()
        result = match.ours.results
        assert result is not None
        assert match.ours.chips.stacks == match.their_stacks(), (name, number, match.history)
        seen["showdown" if result.showdown else "won by a fold"] += 1
        seen["side pots"] += len({p.name.split(" (")[0] for p in result.pots}) > 1
        seen["uncalled bet"] += result.uncalled[1] > 0
        if "split pot" in seen:
            seen["split pot"] += any(len(p.winners) > 1 for p in result.pots)
        if "low half" in seen:
            seen["low half"] += any(p.name.endswith("(low)") for p in result.pots)
    assert all(seen.values()), seen  # the hands went everywhere they should
