"""What happened when an action was applied, for the table to animate.

The state machines stay lean (the benchmarks run them bare); the UI applies
actions through :func:`apply_with_events`, which compares the few facts that
can change and reports them in order: the action itself, a finished trick,
cards dealt (Officers' Skat deals in stages), cards turned over, the end.
"""

from __future__ import annotations

from typing import NamedTuple

from . import actions as A
from .hand_state import Phase
from .officers import OfficersHand
from .skat_hand import SkatHand
from .tricks import GameType


class Event(NamedTuple):
    kind: str
    """bid, hold, pass, pickup, hand, discard, declare, kontra, re, no_call,
    skat_on (Schieberamsch: the skat passed on unseen), knock, no_knock (Klopfen),
    no_grand_hand (a Ramsch round: the seat plays the Ramsch, declares no Grand Hand),
    gift, no_gift, gift_taken, gift_schneider, gift_schwarz (Schenken),
    swap (Revolution: ``cards`` are the mover's card given and the partner's taken), exchange_done,
    play, trick, deal_down, deal_up, reveal, concede, rest, end"""
    seat: int | None
    cards: tuple[int, ...] = ()
    value: int = 0


_CALLS = {A.PASS: "pass", A.HOLD: "hold", A.PICKUP: "pickup", A.HAND: "hand", A.KONTRA: "kontra", A.RE: "re",
          A.NO_CALL: "no_call", A.SKAT_ON: "skat_on", A.KNOCK: "knock", A.GIFT: "gift",
          A.GIFT_TAKEN: "gift_taken", A.GIFT_SCHNEIDER: "gift_schneider", A.GIFT_SCHWARZ: "gift_schwarz"}
_HOUSE_NO = {Phase.GIFT: "no_gift", Phase.EXCHANGE: "exchange_done"}
"""What "no" means in Schenken's and Revolution's phases."""


def apply_with_events(state: SkatHand | OfficersHand, action: int, seat: int | None = None) -> list[Event]:
    """Apply ``action`` (raising IllegalActionError like ``apply``) and report events."""
    actor = state.to_move
    n_tricks = len(state.tricks)
    phase_before = state.phase
    knocking = state.game == GameType.RAMSCH and action == A.NO_CALL  # Klopfen: "no knock", not "no Kontra"
    # Officers' Skat deals in steps (narrowing the type: its piles' faces before the action).
    faces = (state.up[:], state.down[:]) if isinstance(state, OfficersHand) else None
    # A Ramsch round's offer of a Grand Hand (phase DECLARE, nobody declarer yet): "no Grand Hand".
    declining = knocking and faces is None and phase_before == 3 and state.declarer is None
    state.apply(action, seat)
    events: list[Event] = []
    if action < 32:
        kind = "discard" if phase_before == 2 else "play"  # DISCARD is 2 in both games
        events.append(Event(kind, actor, (action,)))
    elif action == A.NO_CALL and faces is None and phase_before in _HOUSE_NO:
        events.append(Event(_HOUSE_NO[phase_before], actor))
    elif A.is_swap(action):
        events.append(Event("swap", actor, A.swapped(action)))
    elif declining:
        events.append(Event("no_grand_hand", actor))
    elif knocking:
        events.append(Event("no_knock", actor))
    elif action in _CALLS:
        events.append(Event(_CALLS[action], actor))
    elif A.is_bid(action):
        events.append(Event("bid", actor, (), A.bid_value(action)))
    elif A.is_declaration(action):
        events.append(Event("declare", actor, (), action))
    elif action == A.CONCEDE:
        events.append(Event("concede", getattr(state, "declarer", None)))
    elif action in A.PLAY_ENDINGS:  # the rest to one side: ``value`` 1 for the declarer's
        events.append(Event("rest", seat, (), int(action == A.REST_DECLARER)))
    if len(state.tricks) > n_tricks:
        for t in state.tricks[n_tricks:]:
            events.append(Event("trick", t.winner, t.cards))
    if faces is not None and isinstance(state, OfficersHand):  # narrows the type, as above
        up, down = faces
        for s in (0, 1):
            new_down = state.down[s] & ~down[s]
            if new_down:
                events.append(Event("deal_down", s, _cards(new_down)))
            turned = state.up[s] & down[s]
            new_up = state.up[s] & ~up[s] & ~down[s]
            if new_up:
                events.append(Event("deal_up", s, _cards(new_up)))
            if turned:
                events.append(Event("reveal", s, _cards(turned)))
    if state.done:
        events.append(Event("end", None))
    return events


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)
