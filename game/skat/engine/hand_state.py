"""What both games' hand states share: phases, tricks, and the checked ``apply``.

Every ``apply`` validates before it changes anything, so an illegal action
raises :class:`IllegalActionError` with a message that names what is allowed,
and leaves the state exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from typing import ClassVar

from . import actions as A
from .cards import names
from .errors import IllegalActionError, shown
from .tricks import GameType
from .values import BID_INDEX, BID_VALUES


class Phase(IntEnum):
    BIDDING = 0
    SKAT = 1  # take the skat or play Hand
    DISCARD = 2
    DECLARE = 3
    KONTRA = 4
    RE = 5
    PLAY = 6
    DONE = 7
    GIFT = 8
    """Schenken: the defenders may offer the game, the declarer answers (before the first card)."""
    EXCHANGE = 9
    """Revolution: the defenders exchange cards, the declarer's lying open (before the first card).
    Both come between Re and the first card in time; they are numbered after DONE so that the
    older phases keep their numbers."""


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[int, ...]
    winner: int


class PlayedCards:
    """What everybody has seen of the play, for an observation (a frozen dataclass with ``trick``,
    the (seat, card) pairs of the trick being played, and ``tricks``, the finished ones): the one
    place the cards gone are counted, so no player or screen loops over the tricks for them.

    >>> from .skat_hand import SkatHand
    >>> from .deal import SkatDeal
    >>> from .rules import ISKO
    >>> from . import actions as A
    >>> h = SkatHand(ISKO, SkatDeal.from_deck(tuple(range(32))))
    >>> for a in (A.bid(18), A.HOLD, A.PASS, A.PASS, A.HAND, A.declare(GameType.GRAND)):
    ...     h.apply(a)
    >>> for _ in range(4):  # a whole trick (middlehand wins it), then middlehand leads
    ...     h.apply(h.legal_actions()[0])
    >>> obs = h.observe(2)
    >>> h.tricks[0].cards, h.trick
    ((0, 3, 6), [4])
    >>> names(obs.played), names(obs.played_by(0)), names(obs.played_by(1)), names(obs.played_by(2))
    ('D7 DT DJ DK', 'D7', 'DT DJ', 'DK')
    """

    SEATS: ClassVar[int]
    """Seats at a hand: the ``n``-th card of a trick was played by ``(leader + n) % SEATS``."""
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[Trick, ...]

    @cached_property
    def _by_seat(self) -> tuple[int, ...]:
        by_seat = [0] * self.SEATS
        for t in self.tricks:
            for i, card in enumerate(t.cards):
                by_seat[(t.leader + i) % self.SEATS] |= 1 << card
        for seat, card in self.trick:
            by_seat[seat] |= 1 << card
        return tuple(by_seat)

    @cached_property
    def played(self) -> int:
        """Every card played so far, the current trick's too (a mask)."""
        mask = 0
        for cards in self._by_seat:
            mask |= cards
        return mask

    def played_by(self, seat: int) -> int:
        """The cards ``seat`` has played so far, the current trick's too (a mask)."""
        return self._by_seat[seat]


def raise_actions(bid: int, skip_bids: bool) -> list[int]:
    """The sayer's choices: pass, or a higher value (any, or only the next one)."""
    start = BID_INDEX[bid] + 1 if bid else 0
    stop = len(BID_VALUES) if skip_bids else min(start + 1, len(BID_VALUES))
    return [A.PASS] + [A.BID_BASE + i for i in range(start, stop)]


class HandState:
    """The shared skeleton of a hand: subclasses supply the phases' rules."""

    phase: Phase
    to_move: int | None
    history: list[int]
    game: int | None
    declarer: int | None
    schwarz_announced: bool

    @property
    def done(self) -> bool:
        return self.phase == Phase.DONE

    def _lost_early(self, winner: int) -> bool:
        """The trick just taken by ``winner`` decides a game that cannot be won any more: a Null
        declarer's first trick, or the defenders' first trick against Schwarz announced (Ouvert
        included; Admirals' Skat alike).  Play stops there, as on the ISS; the cards not played
        count for nobody."""
        if self.game == GameType.NULL:
            return winner == self.declarer
        return self.schwarz_announced and winner != self.declarer

    def legal_actions(self) -> list[int]:
        raise NotImplementedError

    def legal_play_mask(self) -> int:
        raise NotImplementedError

    def playable_mask(self, seat: int) -> int:
        """The cards ``seat`` could play if suit did not matter."""
        raise NotImplementedError

    def apply(self, action: int, seat: int | None = None) -> None:
        """Carry out ``action`` for the seat to move (``seat`` checks who acts)."""
        if type(action) is not int:  # a float equal to a legal action, True/False or a string is no action
            raise IllegalActionError(f"an action is a whole number, not {type(action).__name__} {shown(action)}")
        if self.phase == Phase.DONE:
            raise IllegalActionError("the hand is over")
        if seat is not None and seat != self.to_move:
            raise IllegalActionError(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        if self.phase == Phase.PLAY:  # the hot path: a mask test, no list
            if not (0 <= action < 32 and self.legal_play_mask() >> action & 1):
                raise IllegalActionError(self._illegal_card_message(action))
            self.history.append(action)
            self._play(action)
            return
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(action))
        self.history.append(action)
        self._decide(action)

    def _play(self, card: int) -> None:
        raise NotImplementedError

    def _decide(self, action: int) -> None:
        """Apply a legal action of a phase other than play."""
        raise NotImplementedError

    def _illegal_card_message(self, action: int) -> str:
        seat = self.to_move
        what = A.action_name(action)
        if not 0 <= action < 32:
            return f"{what} is not a card; a card must be played now"
        if seat is None or not self.playable_mask(seat) >> action & 1:
            return f"seat {seat} does not hold {what} as a playable card"
        return f"{what} does not follow suit: seat {seat} must play one of {names(self.legal_play_mask())}"

    def _illegal_message(self, action: int) -> str:
        legal = ", ".join(A.action_name(a) for a in self.legal_actions())
        return (
            f"{A.action_name(action)} is not allowed now ({self.phase.name.lower()}, seat {self.to_move}); "
            f"allowed: {legal}"
        )
