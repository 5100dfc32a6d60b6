"""Where every card lies on the table, computed from the hand's state.

The table asks for targets after each event and tweens the cards there.  The
layout reads the engine state only to know where cards are; hidden cards are
drawn as backs, so nothing is shown that the person may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.officers import OfficersHand
from ..engine.skat_hand import Phase, SkatHand
from .hand_order import current_order, sorted_cards

RATIO = 91 / 59
HAND_W = 100.0
TRICK_W = 100.0
BACK_W = 60.0
PILE_W = 50.0
DECK_POS = (640.0, 300.0)


@dataclass(frozen=True)
class Target:
    x: float  # centre
    y: float
    w: float
    face_up: bool
    z: int
    angle: float = 0.0
    dim: bool = False
    lift: bool = False


# Screen slots: 'bottom', 'left', 'top', 'right'.  Everything stays clear of the
# status panel (top left, up to x 310, y 122) and the toolbar (top right, from x 824,
# down to y 50); the seats' labels are placed by the table (see TableScene._label_place).
TRICK_SLOTS = {"bottom": (640, 360), "left": (545, 300), "right": (735, 300), "top": (640, 240)}
PILE_SLOTS = {"bottom": (1215, 665), "left": (100, 660), "right": (1215, 100), "top": (810, 105)}
SKAT_BESIDE_PILE = {"bottom": -40.0, "left": -40.0, "right": -40.0, "top": 40.0}
"""Where the declarer's put-away skat lies, beside their trick pile (towards the table)."""
BOTTOM_HAND_W = 880.0
"""The person's hand spans at most this much, so a raised card keeps clear of the side labels."""
TOP_HAND_X = 560.0
"""The four-player table's top hand sits left of centre, clear of the toolbar."""
SKAT_XY = {3: (604.0, 112.0), 4: (880.0, 112.0)}
"""The skat in the middle; at four players, beside the top hand rather than under it.  Its
bottom stays clear of a dialog's top (``dialogs.Dialog.y``, 170)."""


def hand_positions(n: int, y: float, w: float = HAND_W, max_width: float = 980.0, cx: float = 640.0) -> list[float]:
    if n <= 0:
        return []
    step = min(w + 6, (max_width - w) / max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1)
    x0 = cx - total / 2
    return [x0 + i * step for i in range(n)]


def sorted_hand(cards: list[int], game: int | None) -> list[int]:
    """An open hand in the order the person chose in the settings (:mod:`skat.ui.hand_order`)."""
    return sorted_cards(cards, game, current_order())


def _mask_cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def skat_layout(
    hand: SkatHand, slot_of_seat: dict[int, str], human_seat: int | None, selected: set[int],
    legal_cards: set[int], held_trick: tuple | None,
) -> dict[int, Target]:
    """Targets for a Skat hand.  ``slot_of_seat`` maps hand seats to screen slots."""
    out: dict[int, Target] = {}
    done = hand.done and held_trick is None  # while the last trick is on show, the end (skat, hands) waits
    game = hand.game if hand.phase >= Phase.KONTRA or hand.phase == Phase.PLAY else None
    playing = hand.phase == Phase.PLAY and hand.to_move == human_seat
    for seat, slot in slot_of_seat.items():
        cards = _mask_cards(hand.hands[seat])
        open_hand = seat == human_seat or (hand.ouvert and seat == hand.declarer and hand.phase >= Phase.PLAY)
        open_hand = open_hand or done
        if slot == "bottom":
            cards = sorted_hand(cards, game)
            xs = hand_positions(len(cards), 0, max_width=BOTTOM_HAND_W)
            for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                lift = c in selected
                dim = (playing and c not in legal_cards)
                out[c] = Target(x, 640 - (26 if lift else 0), HAND_W, open_hand, 100 + i, dim=dim, lift=lift)
        elif slot in ("left", "right"):
            cards = sorted_hand(cards, game) if open_hand else cards
            x = 60.0 if slot == "left" else 1220.0
            w = BACK_W if not open_hand else 70.0
            step = 24.0 if not open_hand else 30.0
            y0 = 360 - step * (len(cards) - 1) / 2
            for i, c in enumerate(cards):
                out[c] = Target(x + (0 if not open_hand else (30 if slot == "left" else -30)), y0 + i * step, w,
                                open_hand, 50 + i, angle=90.0 if not open_hand else 0.0)
        else:  # top
            cards = sorted_hand(cards, game) if open_hand else cards
            xs = hand_positions(len(cards), 0, w=BACK_W, max_width=420, cx=TOP_HAND_X)
            for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                out[c] = Target(x, 70, BACK_W if not open_hand else 70.0, open_hand, 50 + i)
    # The skat: in the middle until taken; after the discards, by the declarer's tricks.
    skat_cards = _mask_cards(hand.skat)
    sx, sy = SKAT_XY[4 if "top" in slot_of_seat.values() else 3]
    if hand.phase in (Phase.BIDDING, Phase.SKAT) or (hand.hand_game and not done) or hand.declarer is None:
        for i, c in enumerate(skat_cards):
            out[c] = Target(sx + 72 * i, sy, 64, done, 10 + i)
    elif done:
        for i, c in enumerate(skat_cards):
            out[c] = Target(sx + 72 * i, sy, 64, True, 10 + i)
    else:
        slot = slot_of_seat.get(hand.declarer, "bottom")
        px, py = PILE_SLOTS[slot]
        for i, c in enumerate(skat_cards):
            out[c] = Target(px + SKAT_BESIDE_PILE[slot] + 8 * i, py, PILE_W, seat_sees_discards(hand, human_seat),
                            5 + i)
    _trick_targets(out, hand, 3, held_trick, lambda s: PILE_SLOTS[slot_of_seat.get(s, "bottom")],
                   lambda s: TRICK_SLOTS[slot_of_seat.get(s, "bottom")], TRICK_W, (2.0, 1.0))
    return out


def _trick_targets(  # type: ignore[no-untyped-def]
    out: dict[int, Target], hand, players: int, held_trick: tuple | None, pile_xy, trick_xy, trick_w: float,
    step: tuple[float, float],
) -> None:
    """Finished tricks on the winners' piles; the current trick (or the one just
    finished, held in view for a moment) in front of whoever played each card."""
    tricks = list(hand.tricks)
    if held_trick is not None:
        tricks = tricks[:-1]
    for n, t in enumerate(tricks):
        px, py = pile_xy(t.winner)
        for i, c in enumerate(t.cards):
            out[c] = Target(px + n * step[0], py - n * step[1], PILE_W, False, 20 + n * players + i)
    leader, cards = hand.leader, hand.trick
    if held_trick is not None:
        leader, cards = hand.tricks[-1].leader, hand.tricks[-1].cards
    for i, (seat, c) in enumerate(zip(trick_seats(leader, len(cards), players), cards, strict=True)):
        x, y = trick_xy(seat)
        out[c] = Target(x, y, trick_w, True, 300 + i)


def seat_sees_discards(hand: SkatHand, human_seat: int | None) -> bool:
    return hand.declarer == human_seat and not hand.hand_game


def trick_seats(leader: int, n: int, players: int) -> list[int]:
    return [(leader + i) % players for i in range(n)]


# ----------------------------------------------------------------- Officers
OFF_W = 72.0
OFF_PEEK = 14.0


def officers_pile_xy(slot: str, pile: int, n_piles: int) -> tuple[float, float]:
    """Pile centres: two rows of four (Admirals: one row of five)."""
    if n_piles == 8:
        row, col = divmod(pile, 4)
        x = 640 - 1.5 * (OFF_W + 16) + col * (OFF_W + 16) - 160
        if slot == "bottom":
            y = 520 + row * (OFF_W * RATIO + OFF_PEEK + 6)
        else:
            y = 210 - row * (OFF_W * RATIO + OFF_PEEK + 6)
        return x, y
    x = 640 - 2 * (OFF_W + 14) + pile * (OFF_W + 14) - 160
    y = 470 if slot == "bottom" else 230
    return x, y


OFF_TRICK = {"bottom": (950, 405), "top": (855, 315)}
OFF_PILE = {"bottom": (1180, 645), "top": (1180, 110)}
OFF_DECK = (150.0, 360.0)


def officers_layout(
    hand: OfficersHand, slot_of_seat: dict[int, str], human_seat: int, selected: set[int], legal_cards: set[int],
    held_trick: tuple | None, hidden_reveals: set[int],
) -> dict[int, Target]:
    out: dict[int, Target] = {}
    done = hand.done and held_trick is None  # while the last trick is on show, the end waits
    playing = hand.phase == 6 and hand.to_move == human_seat
    for seat, slot in slot_of_seat.items():
        # Piles (Officers' and Admirals' layouts).
        for p, pile in enumerate(hand.pile_cards[seat]):
            x, y = officers_pile_xy(slot, p, hand.n_piles)
            live = [c for c in pile if (hand.up[seat] | hand.down[seat]) >> c & 1]
            for depth, c in enumerate(live):
                face_up = bool(hand.up[seat] >> c & 1) and c not in hidden_reveals
                top = depth == len(live) - 1 and face_up
                dim = playing and seat == human_seat and top and c not in legal_cards
                lift = c in selected
                dy = -OFF_PEEK if depth == 0 and len(live) == 2 else 0.0
                if slot == "top":
                    dy = -dy
                y_lift = y + dy - (18 if lift else 0)
                out[c] = Target(x, y_lift, OFF_W, face_up, 100 + depth + p * 2, dim=dim, lift=lift)
        # Hand cards (Harlequin, Admirals).
        cards = _mask_cards(hand.handm[seat])
        if cards:
            cards = sorted_hand(cards, hand.game)
            if slot == "bottom":
                admirals = hand.layout == "admirals"
                w = 78.0 if admirals else 84.0
                xs = hand_positions(len(cards), 0, w=w, max_width=760 if admirals else 980, cx=480 if admirals else 640)
                y = 642 if admirals else 600
                for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                    seen = bool(hand.seen[seat] >> c & 1)
                    lift = c in selected
                    dim = playing and c not in legal_cards
                    out[c] = Target(x, y - (22 if lift else 0), w, seen or done, 200 + i, dim=dim, lift=lift)
            else:
                # Harlequin: right of centre, clear of the status panel.
                xs = hand_positions(len(cards), 0, w=64, max_width=700, cx=500 if hand.layout == "admirals" else 680)
                y = 60 if hand.layout == "admirals" else 130
                for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                    # Harlequin: the cards the opponent turned are the ones the person sees.
                    visible = hand.layout == "harlequin" and not hand.seen[seat] >> c & 1
                    out[c] = Target(x, y, 64, visible or done, 200 + i)
    # Skat (Admirals): where the deck was, clear of the dialogs beside the layouts.
    for i, c in enumerate(_mask_cards(hand.skat)):
        out[c] = Target(OFF_DECK[0] + 70 * i, OFF_DECK[1], 60, done, 10 + i)
    # Cards not dealt yet: the deck.
    for i, c in enumerate(hand.deck[hand.dealt:]):
        out[c] = Target(OFF_DECK[0] - i * 0.5, OFF_DECK[1] - i * 0.5, 60, False, 1 + i)
    _trick_targets(out, hand, 2, held_trick, lambda s: OFF_PILE[slot_of_seat[s]],
                   lambda s: OFF_TRICK[slot_of_seat[s]], OFF_W + 10, (1.5, 0.8))
    return out
