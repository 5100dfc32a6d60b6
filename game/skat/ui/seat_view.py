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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.games import OFFICERS, SKAT, Game, Hand, game_of
from ..engine.officers import OfficersHand, OfficersObservation
from ..engine.skat_hand import SkatHand, SkatObservation
from ..engine.tricks import GameType


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
    game: GameType | None = None
    """The game being played as the seats know it (Skat: once declared; Ramsch from the start)."""
    spitze: int | None = None
    """The Spitze card when the declarer announced Spitze (shown to everyone)."""

    def sees(self, card: int) -> bool:
        return bool(self.seen >> card & 1)


def _skat_view(hand: SkatHand, obs: SkatObservation, seat: int | None) -> tuple[int, int]:
    public = obs.open_cards | obs.partner_hand  # Revolution: a defender sees his partner's cards
    own = obs.hand | obs.skat if seat is not None else 0
    revealed = 0
    if hand.done:  # the end of the hand lays open the skat and any cards still held
        revealed = obs.skat
        for held in hand.hands:
            revealed |= held
    return public, own | revealed


def _officers_view(hand: OfficersHand, obs: OfficersObservation, seat: int | None) -> tuple[int, int]:
    public = obs.playable[0] | obs.playable[1]
    # Officers' Skat has no one sitting out: the person is always one of the two seats.
    own = obs.hand | obs.opponent_hand_visible | obs.skat
    if hand.done:  # the end of the hand lays open the skat and the hand cards still held
        own |= obs.skat | hand.handm[0] | hand.handm[1]
    return public, own


_VIEWS: dict[Game, Callable[[Any, Any, int | None], tuple[int, int]]] = {
    SKAT: _skat_view,  # each takes its own game's hand and observation
    OFFICERS: _officers_view,
}
"""Per game: (cards open to everyone, cards this seat sees besides)."""


def seat_view(hand: Hand, seat: int | None) -> SeatView:
    """The view of ``seat`` (None: only what is public) of ``hand``, from the engine's observation."""
    obs = hand.observe(seat if seat is not None else 0)
    public, own = _VIEWS[game_of(hand)](hand, obs, seat)
    return SeatView(
        seat=seat,
        seen=obs.played | public | own,
        known_skat=obs.skat if seat is not None or hand.done else 0,
        counts=obs.held,
        skat_count=obs.skat_count,
        done=hand.done,
        legal=obs.legal if seat is not None else (),
        bidding=obs.bidding,
        game=obs.game,
        spitze=obs.spitze,
    )
