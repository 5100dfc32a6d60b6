"""What the person's seat sees of a hand, as the engine tells it.

The table draws a card face up only when this view says the seat sees it.  The view is
built from ``hand.observe(seat)`` (the seat's own cards, the open cards of an Ouvert game,
the skat once the declarer knows it, Officers' face-up piles and the Harlequin cards the
opponent turned) and what everybody sees (the cards played, how many cards each hand and
the skat hold); at the end of a hand, what the engine's state lays open (the skat, the
cards still held).  So the UI never works out again what a seat may see: a rule about it
lives in the engine's ``observe``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.officers import OfficersHand, OfficersObservation
from ..engine.skat_hand import SkatHand, SkatObservation


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the hand (``seat`` None: a person sitting out sees what everybody sees)."""

    seat: int | None
    seen: int
    """Every card this seat sees face up now (a mask)."""
    known_skat: int
    """The skat cards the seat knows (the declarer's discards; all of the skat after the hand)."""
    counts: tuple[int, ...]
    """How many cards each seat holds (hand, Officers' piles and hand together)."""
    skat_count: int
    done: bool
    legal: tuple[int, ...]
    """The seat's legal actions if it is to move (else empty)."""
    bidding: tuple[tuple[int, int], ...]
    """(seat, action) of every call in the bidding so far, as the engine recorded it."""

    def sees(self, card: int) -> bool:
        return bool(self.seen >> card & 1)


def _played(obs: SkatObservation | OfficersObservation) -> int:
    """The cards on the table for everyone to see: the trick being played and the finished ones."""
    mask = 0
    for _, card in obs.trick:
        mask |= 1 << card
    for trick in obs.tricks:
        for card in trick.cards:
            mask |= 1 << card
    return mask


def seat_view(hand: SkatHand | OfficersHand, seat: int | None) -> SeatView:
    """The view of ``seat`` (None: only what is public) of ``hand``, from the engine's observation."""
    obs = hand.observe(seat if seat is not None else 0)
    public = _played(obs)
    if isinstance(hand, SkatHand):
        assert isinstance(obs, SkatObservation)
        counts = tuple(m.bit_count() for m in hand.hands)
        public |= obs.open_cards | obs.partner_hand  # Revolution: a defender sees his partner's cards
        own = obs.hand | obs.skat if seat is not None else 0
        revealed = 0
        if hand.done:  # the end of the hand lays open the skat and any cards still held
            revealed = obs.skat
            for held in hand.hands:
                revealed |= held
    else:
        assert isinstance(obs, OfficersObservation)
        counts = tuple((hand.up[s] | hand.down[s] | hand.handm[s]).bit_count() for s in (0, 1))
        public |= obs.playable[0] | obs.playable[1]
        # Officers' Skat has no one sitting out: the person is always one of the two seats.
        own = obs.hand | obs.opponent_hand_visible | obs.skat
        revealed = 0
        if hand.done:  # the end of the hand lays open the skat and the hand cards still held
            revealed = obs.skat | hand.handm[0] | hand.handm[1]
    return SeatView(
        seat=seat,
        seen=public | own | revealed,

        known_skat=obs.skat if seat is not None or hand.done else 0,
        counts=counts,
        skat_count=hand.skat.bit_count(),
        done=hand.done,
        legal=obs.legal if seat is not None else (),
        bidding=obs.bidding,
    )
