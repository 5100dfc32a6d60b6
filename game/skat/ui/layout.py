"""Where every card lies on the table, computed from the hand's state.

The table asks for targets after each event and tweens the cards there.  The
layout reads the engine state only to know where cards are; whether a card
lies face up comes from what the person's seat sees (:mod:`skat.ui.seat_view`,
built from the engine's ``observe``), so nothing is shown that the person may not see.
A card the person may not know lies as a back in its group's places (``Target.hidden``:
an opponent's hand, the skat, a pile, the deck), as many as the group has cards; which card
takes which place the table's director decides from what it showed before, never from the
cards, so only the public counts show (``tests/test_hidden_cards.py``).

It is also where the places of each canvas live (the painter chooses landscape
1280x720 or portrait 720x1280 from the window): the table's geometry
(:class:`TableGeometry`, :class:`OfficersGeometry`), the score sheet's, the
menus' button columns, and how a decision's panel is laid out on a phone
(:func:`reflow_dialog`), with every portrait control at least ``TOUCH_H`` high.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..engine.officers import OfficersHand
from ..engine.skat_hand import Phase, SkatHand
from ..engine.tricks import GameType
from .dialogs import TEXT_SIZE, TEXT_STEP, TEXT_TOP
from .hand_order import current_order, sorted_cards
from .seat_view import SeatView

RATIO = 91 / 59
HAND_W = 100.0
TRICK_W = 100.0
BACK_W = 60.0
PILE_W = 50.0
DECK_POS = (640.0, 300.0)
TOUCH_H = 84.0
"""A control's least height (and a card's least visible strip) on the portrait canvas: a phone
390 CSS px wide shows the 720 logical units at 0.54 CSS px each, so 44 CSS px (the usual
touch target) is 81.2 units."""


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
    row: int = 0
    """The row of a hand laid out in rows (portrait): keyboard order goes row by row, then left to right."""
    hidden: str = ""
    """A card the person may not know, face down among others of this group (a seat's hand, the
    skat, a pile, the deck); "" for every card the person knows.  Its place is one of the group's,
    in the group's order: which of the group's cards takes which place, the table decides
    (:meth:`AnimationDirector.place_hidden`), so no place says which card it is."""


# Screen slots: 'bottom', 'left', 'top', 'right'.  Everything stays clear of the
# status panel (top left, up to x 310, y 122) and the toolbar (top right, from x 824,
# down to y 50); the seats' labels are placed by the table (see TableScene._label_place).
TRICK_SLOTS: dict[str, tuple[float, float]] = {
    "bottom": (640, 360), "left": (545, 300), "right": (735, 300), "top": (640, 240)}
PILE_SLOTS: dict[str, tuple[float, float]] = {
    "bottom": (1215, 665), "left": (100, 660), "right": (1215, 100), "top": (810, 105)}
SKAT_BESIDE_PILE = {"bottom": -40.0, "left": -40.0, "right": -40.0, "top": 40.0}
"""Where the declarer's put-away skat lies, beside their trick pile (towards the table)."""
BOTTOM_HAND_W = 880.0
"""The person's hand spans at most this much, so a raised card keeps clear of the side labels."""
TOP_HAND_X = 560.0
"""The four-player table's top hand sits left of centre, clear of the toolbar."""
SKAT_XY = {"no_top": (604.0, 112.0), "top_plays": (880.0, 112.0), "top_sits_out": (880.0, 112.0)}
"""The skat in the middle; at four players, beside the top hand rather than under it, and
there too when the top player deals and sits out (their label lies under the top hand's
place).  Its bottom stays clear of a dialog's top (``dialogs.Dialog.y``, 170)."""


@dataclass(frozen=True)
class HandRow:
    """Where a player's hand cards lie (Harlequin, Admirals): centre, centre line of the lowest (or
    only) row, card width, widest span, rows of at most ``per_row`` cards and the distance between
    rows (negative: the rows grow downwards, for the opponent at the top)."""

    cx: float
    y: float
    w: float
    span: float
    per_row: int = 99
    row_step: float = 0.0


@dataclass(frozen=True)
class Fan:
    """An opponent's hand: centre, whether it runs down the screen's edge (landscape's sides) or
    across, the card widths for backs and an open hand, the step down an edge (or the widest
    span across), and how far an open hand moves in from the edge."""

    x: float
    y: float
    vertical: bool
    back_w: float
    back_step: float
    open_w: float
    open_step: float
    open_dx: float = 0.0


PORTRAIT_NOTE_SIZE = 22.0
"""The least font size of a touch-sized button's note (a game's value): on a 390 px phone its
digits stay 7 px high."""
OPEN_FAN_SPAN = (182.0, 514.0)
"""Landscape: the top and bottom a side seat's open hand (Ouvert, a Revolution's partner, a hand given
up) may reach, below the seat's speech bubble and above its label."""


@dataclass(frozen=True)
class TableGeometry:
    """Every place on the table for one canvas (landscape 1280x720 or portrait 720x1280).

    The one copy of the table's geometry: the layouts below, the table scene (labels, bubbles,
    toolbar, status panel, dialogs, messages) and the hint panel read it."""

    W: float
    H: float
    trick: dict[str, tuple[float, float]]
    trick_w: float
    piles: dict[str, tuple[float, float]]
    skat_beside: dict[str, float]
    skat_xy: dict[str, tuple[float, float]]
    """Where the skat lies before it is taken, by the top slot: 'no_top' (three at the table),
    'top_plays', 'top_sits_out' (four at the table, the top player dealing)."""
    skat_w: float
    skat_step: float
    deck: tuple[float, float]
    hand: HandRow
    """The person's cards (portrait: rows of six, each strip a touch target)."""
    hand_lift: float
    fans: dict[str, Fan]
    labels: dict[str, tuple[float, float, str]]
    """(x, y, anchor) of each seat's label; the left and right ones take two lines."""
    bubbles: dict[str, tuple[float, float, str]]
    """(x, y, how): 'left'/'right' x is the bubble's edge, 'center' its centre, 'after'/'before'
    the label's centre (the bubble goes right or left of the label)."""
    info: tuple[float, float, float, float]
    toolbar: tuple[tuple[float, float, float, float], ...]
    """Menu, last trick, score sheet, hint (x, y, w, h)."""
    toolbar_size: float
    dialog_area: tuple[float, float, float, float]
    """Where a decision's panel goes (x, top, w, bottom); None of it covers the person's hand."""
    play_hint: tuple[float, float]
    message: tuple[float, float]
    message_w: float

    @property
    def portrait(self) -> bool:
        return self.H > self.W


LANDSCAPE = TableGeometry(
    W=1280, H=720, trick=TRICK_SLOTS, trick_w=TRICK_W, piles=PILE_SLOTS, skat_beside=SKAT_BESIDE_PILE,
    skat_xy=SKAT_XY, skat_w=64.0, skat_step=72.0, deck=DECK_POS,
    hand=HandRow(640.0, 640.0, HAND_W, BOTTOM_HAND_W), hand_lift=26.0,
    fans={"left": Fan(60.0, 360.0, True, BACK_W, 24.0, 70.0, 30.0, 30.0),
          "right": Fan(1220.0, 360.0, True, BACK_W, 24.0, 70.0, 30.0, -30.0),
          "top": Fan(TOP_HAND_X, 70.0, False, BACK_W, 420.0, 70.0, 420.0)},
    labels={"bottom": (640, 520, "center"), "left": (14, 528, "midleft"), "right": (1266, 528, "midright"),
            "top": (TOP_HAND_X, 140, "center")},
    bubbles={"bottom": (640, 520, "after"), "top": (TOP_HAND_X, 140, "before"), "left": (10, 160, "left"),
             "right": (1270, 160, "right")},
    info=(10, 10, 300, 112),
    toolbar=((1128, 10, 142, 40), (976, 10, 142, 40), (824, 10, 142, 40), (672, 10, 142, 40)),
    toolbar_size=22, dialog_area=(290, 170, 700, 710), play_hint=(640, 458), message=(640, 440), message_w=1200,
)

PORTRAIT = TableGeometry(
    W=720, H=1280,
    trick={"bottom": (360, 700), "left": (240, 610), "right": (480, 610), "top": (360, 560)}, trick_w=124.0,
    piles={"bottom": (672, 880), "left": (48, 500), "right": (672, 500), "top": (200, 440)},
    skat_beside={"bottom": -46.0, "left": 46.0, "right": -46.0, "top": 46.0},
    skat_xy={"no_top": (326.0, 265.0), "top_plays": (80.0, 862.0), "top_sits_out": (326.0, 265.0)},
    skat_w=60.0, skat_step=68.0, deck=(360.0, 640.0),
    hand=HandRow(360.0, 1186.0, 112.0, 700.0, per_row=6, row_step=100.0), hand_lift=24.0,
    fans={"left": Fan(150.0, 265.0, False, 56.0, 182.0, 60.0, 276.0),
          "right": Fan(570.0, 265.0, False, 56.0, 182.0, 60.0, 276.0),
          "top": Fan(360.0, 265.0, False, 56.0, 182.0, 60.0, 276.0)},
    labels={"bottom": (14, 946, "midleft"), "left": (14, 326, "midleft"), "right": (706, 326, "midright"),
            "top": (360, 326, "center")},
    bubbles={"bottom": (706, 946, "right"), "top": (360, 398, "center"), "left": (10, 398, "left"),
             "right": (710, 398, "right")},
    info=(10, 100, 700, 112),
    toolbar=((542.5, 8, 167.5, TOUCH_H), (365, 8, 167.5, TOUCH_H), (187.5, 8, 167.5, TOUCH_H),
             (10, 8, 167.5, TOUCH_H)),
    toolbar_size=26, dialog_area=(10, 426, 700, 928), play_hint=(360, 835), message=(360, 800), message_w=700,
)


OVER_TABLE = (2.0, 226.0, 716.0, 700.0)
"""A modal panel over the portrait table (the pause menu, the last trick): across the whole width
and from below the opponents' labels to above the person's, so it covers them whole or not at all."""
RESULT_PANEL = (2.0, 96.0, 716.0, 1150.0)
"""The hand's result over the portrait table: everything from the status panel to the hand."""


def table_geometry(w: float, h: float) -> TableGeometry:
    """The table's geometry for a canvas of ``w`` x ``h`` (the painter chooses the canvas)."""
    return PORTRAIT if h > w else LANDSCAPE


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
    hand: SkatHand, slot_of_seat: dict[int, str], view: SeatView, selected: set[int],
    legal_cards: set[int], held_trick: tuple | None, hidden_reveals: Collection[int] = (),
    geo: TableGeometry = LANDSCAPE, table_players: int | None = None,
) -> dict[int, Target]:
    """Targets for a Skat hand.  ``slot_of_seat`` maps hand seats to screen slots; ``view`` is what
    the person's seat sees (the cards it shows face up); nothing in Skat uncovers a card
    (``hidden_reveals``, as in :func:`officers_layout`, is for the tables' one signature).
    ``table_players`` is how many sit at the table (None: as many as the hand's seats): the
    skat's place depends on whether the top player plays or deals and sits out
    (:attr:`TableGeometry.skat_xy`)."""
    out: dict[int, Target] = {}
    done = hand.done and held_trick is None  # while the last trick is on show, the end (skat, hands) waits
    game = hand.game if hand.phase >= Phase.KONTRA or hand.game == GameType.RAMSCH else None
    playing = hand.phase == Phase.PLAY and hand.to_move == view.seat
    seen = view.seen
    for seat, slot in slot_of_seat.items():
        cards = _mask_cards(hand.hands[seat])
        open_hand = not hand.hands[seat] & ~seen  # every card of it in view (the person's, Ouvert, the end)
        if slot == "bottom":
            cards = sorted_hand(cards, game)
            for i, (c, (x, y, row)) in enumerate(zip(cards, row_places(len(cards), geo.hand), strict=True)):
                lift = c in selected
                dim = (playing and c not in legal_cards)
                out[c] = Target(x, y - (geo.hand_lift if lift else 0), geo.hand.w, open_hand, 100 + i, dim=dim,
                                lift=lift, row=row, hidden="" if open_hand else f"hand{seat}")
            continue
        fan = geo.fans[slot]
        cards = sorted_hand(cards, game) if open_hand else cards
        group = "" if open_hand else f"hand{seat}"  # backs: as many places as cards, in any order
        w = fan.open_w if open_hand else fan.back_w
        step = fan.open_step if open_hand else fan.back_step
        # A card picked from another hand (the partner's, in a Revolution's exchange) stands out
        # towards the middle of the table.
        towards = geo.hand_lift if fan.x < 640 else -geo.hand_lift
        if fan.vertical:
            centre = fan.y
            if open_hand and len(cards) > 1:  # face up, a hand stays between the seat's bubble and its label
                step = min(step, (OPEN_FAN_SPAN[1] - OPEN_FAN_SPAN[0] - w * RATIO) / (len(cards) - 1))
                centre = sum(OPEN_FAN_SPAN) / 2
            y0 = centre - step * (len(cards) - 1) / 2
            for i, c in enumerate(cards):
                lift = c in selected
                out[c] = Target(fan.x + (fan.open_dx if open_hand else 0) + (towards if lift else 0), y0 + i * step,
                                w, open_hand, 50 + i, angle=90.0 if not open_hand else 0.0, lift=lift, hidden=group)
        else:
            xs = hand_positions(len(cards), 0, w=fan.back_w, max_width=step, cx=fan.x)
            for i, (c, x) in enumerate(zip(cards, xs, strict=True)):
                lift = c in selected
                out[c] = Target(x, fan.y + (geo.hand_lift if lift else 0), w, open_hand, 50 + i, lift=lift,
                                hidden=group)
    # The skat: in the middle until taken; after the discards, by the declarer's tricks.
    skat_cards = _mask_cards(hand.skat)
    top = "top_plays" if "top" in slot_of_seat.values() else "top_sits_out" if table_players == 4 else "no_top"
    sx, sy = geo.skat_xy[top]
    if hand.phase in (Phase.BIDDING, Phase.SKAT) or (hand.hand_game and not done) or hand.declarer is None or done:
        for i, c in enumerate(skat_cards):
            out[c] = Target(sx + geo.skat_step * i, sy, geo.skat_w, bool(seen >> c & 1), 10 + i,
                            hidden="" if seen >> c & 1 else "skat")
    else:
        slot = slot_of_seat.get(hand.declarer, "bottom")
        px, py = geo.piles[slot]
        for i, c in enumerate(skat_cards):
            out[c] = Target(px + geo.skat_beside[slot] + 8 * i, py, PILE_W, bool(seen >> c & 1), 5 + i,
                            hidden="" if seen >> c & 1 else "skat")
    _trick_targets(out, hand, 3, held_trick, lambda s: geo.piles[slot_of_seat.get(s, "bottom")],
                   lambda s: geo.trick[slot_of_seat.get(s, "bottom")], geo.trick_w, (2.0, 1.0))
    return out


def _trick_targets(
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


def trick_seats(leader: int, n: int, players: int) -> list[int]:
    return [(leader + i) % players for i in range(n)]


# ----------------------------------------------------------------- Officers
@dataclass(frozen=True)
class OfficersGeometry:
    """Officers' Skat on one canvas and layout: the pile grid, hand cards, tricks, piles, skat,
    deck, the seats' labels and speech bubbles, the hint to play and where a decision's panel goes."""

    card_w: float
    col_step: float
    grid_x: float
    """The centre of the pile grid (four columns, or the Admirals' row of five)."""
    rows_y: dict[str, float]
    """The pile row next to the middle of the table, per slot; the second lies ``row_step`` further out."""
    row_step: float
    five_step: float
    five_y: dict[str, float]
    """The Admirals' row of five piles, per slot."""
    hands: dict[str, HandRow]
    trick: dict[str, tuple[float, float]]
    piles: dict[str, tuple[float, float]]
    skat: tuple[float, float, float, float]
    """The Admirals' skat: first card's centre, step, card width."""
    deck: tuple[float, float]
    labels: dict[str, tuple[float, float, str]]
    bubbles: dict[str, tuple[float, float, str]]
    two_line_labels: bool
    play_hint: tuple[float, float]
    message: tuple[float, float]
    dialog_area: tuple[float, float, float, float] | None
    """Portrait: where a decision's panel goes; landscape: None (the dialogs place themselves beside the layouts)."""
    lift: float = 18.0
    """How far a chosen pile card rises."""

    def pile_xy(self, slot: str, pile: int, n_piles: int) -> tuple[float, float]:
        """Pile centres: two rows of four (Admirals: one row of five)."""
        out = 1 if slot == "bottom" else -1
        if n_piles == 8:
            row, col = divmod(pile, 4)
            return self.grid_x + (col - 1.5) * self.col_step, self.rows_y[slot] + out * row * self.row_step
        return self.grid_x + (pile - 2) * self.five_step, self.five_y[slot]


OFF_W = 72.0
OFF_PEEK = 14.0
OFF_TRICK: dict[str, tuple[float, float]] = {"bottom": (950, 405), "top": (855, 315)}
OFF_PILE: dict[str, tuple[float, float]] = {"bottom": (1180, 645), "top": (1180, 110)}
OFF_DECK = (150.0, 360.0)

LANDSCAPE_OFFICERS = OfficersGeometry(
    card_w=OFF_W, col_step=OFF_W + 16, grid_x=480.0, rows_y={"bottom": 520.0, "top": 210.0},
    row_step=OFF_W * RATIO + OFF_PEEK + 6, five_step=OFF_W + 14, five_y={"bottom": 470.0, "top": 230.0},
    hands={"bottom": HandRow(640, 600, 84, 980), "top": HandRow(680, 130, 64, 700)},
    trick=OFF_TRICK, piles=OFF_PILE, skat=(OFF_DECK[0], OFF_DECK[1], 70.0, 60.0), deck=OFF_DECK,
    labels={"bottom": (14, 480, "midleft"), "top": (14, 236, "midleft")},
    bubbles={"bottom": (10, 438, "left"), "top": (10, 194, "left")}, two_line_labels=True,
    play_hint=(900, 475), message=(900, 480), dialog_area=None,
)
LANDSCAPE_ADMIRALS_HANDS = {"bottom": HandRow(480, 642, 78, 760), "top": HandRow(500, 60, 64, 700)}

_PW = 100.0
"""The portrait piles' card width: a face-up card's index reads at a glance, a pile is a touch target."""
PORTRAIT_OFFICERS = OfficersGeometry(
    card_w=_PW, col_step=124.0, grid_x=330.0, rows_y={"bottom": 946.0, "top": 526.0},
    row_step=_PW * RATIO + OFF_PEEK + 8, five_step=124.0, five_y={"bottom": 946.0, "top": 526.0},
    hands={"bottom": HandRow(330, 1186, 104, 580), "top": HandRow(330, 330, 60, 580)},
    trick={"bottom": (390, 744), "top": (270, 716)}, piles={"bottom": (672, 1150), "top": (672, 320)},
    skat=(640.0, 740.0, 0.0, 60.0), deck=(360.0, 736.0),
    labels={"bottom": (14, 1228, "midleft"), "top": (14, 240, "midleft")},
    bubbles={"bottom": (706, 1228, "right"), "top": (706, 240, "right")}, two_line_labels=False,
    play_hint=(360, 1264), message=(360, 820), dialog_area=(10, 264, 700, 660), lift=22.0,
)
PORTRAIT_HARLEQUIN = OfficersGeometry(
    card_w=_PW, col_step=124.0, grid_x=360.0, rows_y={"bottom": 946.0, "top": 526.0}, row_step=0.0,
    five_step=124.0, five_y={"bottom": 946.0, "top": 526.0},
    hands={"bottom": HandRow(360, 1186, 90, 700, per_row=8, row_step=100.0),
           "top": HandRow(360, 330, 70, 700, per_row=8, row_step=-76.0)},
    trick={"bottom": (410, 690), "top": (300, 660)}, piles={"bottom": (672, 880), "top": (672, 500)},
    skat=(640.0, 740.0, 0.0, 60.0), deck=(360.0, 680.0),
    labels={"bottom": (14, 946, "midleft"), "top": (14, 240, "midleft")},
    bubbles={"bottom": (706, 946, "right"), "top": (706, 240, "right")}, two_line_labels=False,
    play_hint=(360, 860), message=(360, 800), dialog_area=(10, 470, 700, 928), lift=22.0,
)
PORTRAIT_ADMIRALS = OfficersGeometry(
    card_w=_PW, col_step=124.0, grid_x=360.0, rows_y={"bottom": 880.0, "top": 500.0}, row_step=0.0,
    five_step=124.0, five_y={"bottom": 880.0, "top": 500.0},
    hands={"bottom": HandRow(360, 1120, 104, 620), "top": HandRow(330, 330, 60, 580)},
    trick={"bottom": (330, 710), "top": (210, 680)}, piles={"bottom": (672, 1120), "top": (672, 320)},
    skat=(560.0, 690.0, 68.0, 60.0), deck=(360.0, 690.0),
    labels={"bottom": (14, 1232, "midleft"), "top": (14, 240, "midleft")},
    bubbles={"bottom": (706, 1232, "right"), "top": (706, 240, "right")}, two_line_labels=False,
    play_hint=(360, 1264), message=(360, 800), dialog_area=(10, 264, 700, 660), lift=22.0,
)


def officers_geometry(w: float, h: float, layout: str) -> OfficersGeometry:
    """Officers' Skat's places for a canvas of ``w`` x ``h`` and a layout (officers, harlequin, admirals)."""
    if h > w:
        return {"harlequin": PORTRAIT_HARLEQUIN, "admirals": PORTRAIT_ADMIRALS}.get(layout, PORTRAIT_OFFICERS)
    if layout == "admirals":
        return OfficersGeometry(**{**LANDSCAPE_OFFICERS.__dict__, "hands": LANDSCAPE_ADMIRALS_HANDS})
    return LANDSCAPE_OFFICERS


def row_places(n: int, row: HandRow) -> list[tuple[float, float, int]]:
    """(x, y, row) of ``n`` sorted hand cards: one fanned row, or rows of at most ``per_row``."""
    rows = max(1, -(-n // row.per_row))
    if rows == 1:
        return [(x, row.y, 0) for x in hand_positions(n, 0, row.w, row.span, row.cx)]
    out: list[tuple[float, float, int]] = []
    per = -(-n // rows)
    step = min(row.w + 6, (row.span - row.w) / max(1, per - 1))
    first = 0
    for r in range(rows):
        count = min(per, n - first)
        y = row.y - (rows - 1 - r) * row.row_step
        x0 = row.cx - step * (count - 1) / 2
        out += [(x0 + i * step, y, r) for i in range(count)]
        first += count
    return out


def officers_layout(
    hand: OfficersHand, slot_of_seat: dict[int, str], view: SeatView, selected: set[int], legal_cards: set[int],
    held_trick: tuple | None, hidden_reveals: set[int], geo: OfficersGeometry = LANDSCAPE_OFFICERS,
    table_players: int | None = None,
) -> dict[int, Target]:
    """Targets for an Officers' Skat hand; ``view`` is what the person's seat sees (the cards it
    shows face up: the face-up piles, the hand cards it can see, the cards the opponent turned);
    ``table_players`` is for the tables' one signature (two sit at an Officers' table)."""
    out: dict[int, Target] = {}
    done = hand.done and held_trick is None  # while the last trick is on show, the end waits
    human_seat = view.seat if view.seat is not None else 0
    seen = view.seen
    playing = hand.phase == 6 and hand.to_move == human_seat
    in_rows = geo.dialog_area is not None  # portrait: the keyboard goes row by row
    for seat, slot in slot_of_seat.items():
        # Piles (Officers' and Admirals' layouts).
        for p, pile in enumerate(hand.pile_cards[seat]):
            x, y = geo.pile_xy(slot, p, hand.n_piles)
            live = [c for c in pile if (hand.up[seat] | hand.down[seat]) >> c & 1]
            for depth, c in enumerate(live):
                face_up = bool(seen >> c & 1) and c not in hidden_reveals
                top = depth == len(live) - 1 and face_up
                dim = playing and seat == human_seat and top and c not in legal_cards
                lift = c in selected
                dy = -OFF_PEEK if depth == 0 and len(live) == 2 else 0.0
                if slot == "top":
                    dy = -dy
                y_lift = y + dy - (geo.lift if lift else 0)
                out[c] = Target(x, y_lift, geo.card_w, face_up, 100 + depth + p * 2, dim=dim, lift=lift,
                                row=p // 4 if in_rows and hand.n_piles == 8 else 0,
                                hidden="" if seen >> c & 1 else f"pile{seat}.{p}")
        # Hand cards (Harlequin, Admirals).
        cards = _mask_cards(hand.handm[seat])
        if cards:
            # The cards the person sees in the order of the settings, then the backs (Harlequin's
            # blind and unturned cards): a back's place must not tell how it sorts among the others.
            backs = [c for c in cards if not seen >> c & 1]
            cards = sorted_hand([c for c in cards if seen >> c & 1], hand.game) + backs
            group = f"hand{seat}"
            row = geo.hands[slot]
            places = row_places(len(cards), row)
            if slot == "bottom":
                for i, (c, (x, y, r)) in enumerate(zip(cards, places, strict=True)):
                    lift = c in selected
                    dim = playing and c not in legal_cards
                    out[c] = Target(x, y - (22 if lift else 0), row.w, bool(seen >> c & 1), 200 + i, dim=dim,
                                    lift=lift, row=2 + r if in_rows else 0, hidden="" if seen >> c & 1 else group)
            else:
                for i, (c, (x, y, _)) in enumerate(zip(cards, places, strict=True)):
                    # Harlequin: the cards the opponent turned are the ones the person sees.
                    out[c] = Target(x, y, row.w, bool(seen >> c & 1), 200 + i, hidden="" if seen >> c & 1 else group)
    # Skat (Admirals): where the deck was, clear of the dialogs beside the layouts.
    sx, sy, step, sw = geo.skat
    for i, c in enumerate(_mask_cards(hand.skat)):  # put away face down, even by a declarer who knows it
        out[c] = Target(sx + step * i, sy, sw, done and bool(seen >> c & 1), 10 + i,
                        hidden="" if seen >> c & 1 else "skat")
    # Cards not dealt yet: the deck.
    for i, c in enumerate(hand.deck[hand.dealt:]):
        out[c] = Target(geo.deck[0] - i * 0.5, geo.deck[1] - i * 0.5, 60, False, 1 + i, hidden="deck")
    _trick_targets(out, hand, 2, held_trick, lambda s: geo.piles[slot_of_seat[s]],
                   lambda s: geo.trick[slot_of_seat[s]], geo.card_w + 10, (1.5, 0.8))
    return out


# ----------------------------------------------------------------- dialogs on the portrait canvas
ROW_GAP = 10.0
MAX_PER_ROW = 3
PORTRAIT_DIALOG_TEXT = (72.0, 34.0, 29.0, 38.0)
"""A decision's text on the portrait canvas: first line's centre below the panel's top, line step,
size, and the title's size (larger than landscape's: a phone shows 0.54 CSS px per unit)."""


def dialog_text(dlg, p, portrait: bool) -> tuple[list[str], float, float, float, float]:
    """A dialog's wrapped lines, first line's offset, line step, text size and title size."""
    if not portrait:
        return dlg.wrapped(p), TEXT_TOP, TEXT_STEP, TEXT_SIZE, 34.0
    top, step, size, title = PORTRAIT_DIALOG_TEXT
    return [part for line in dlg.lines for part in p.wrap(line, dlg.w - 40, size)], top, step, size, title


def reflow_dialog(dlg, p, area: tuple[float, float, float, float]) -> None:
    """Lay a decision's panel out for the portrait canvas, in ``area`` (x, top, w, bottom).

    The dialogs are built for the landscape table; here the panel takes the area's width, its
    buttons keep their rows (rows of more than three are split) and grow to touch size
    (``TOUCH_H`` high, no narrower than high), and the panel stands in the middle of the area,
    so it never covers the person's hand below it."""
    x, top, w, bottom = area
    dlg.x, dlg.w = x, w
    rows: list[list] = []
    for b in sorted(dlg.group.buttons, key=lambda b: (round(b.y), b.x)):
        if rows and abs(rows[-1][0].y - b.y) < 1:
            rows[-1].append(b)
        else:
            rows.append([b])
    split: list[list] = []
    for row in rows:
        if all(b.compact for b in row) and len(row) == MAX_PER_ROW + 1:
            split.append(row)  # four toggles keep one row (still wider than high)
        elif len(row) > MAX_PER_ROW + 1 or (len(row) == MAX_PER_ROW + 1 and min(b.w for b in row) > TOUCH_H):
            split += [row[i:i + MAX_PER_ROW] for i in range(0, len(row), MAX_PER_ROW)]
        else:
            split.append(row)
    lines, text_top, text_step, text_size, _ = dialog_text(dlg, p, True)
    n = len(lines)
    text_bottom = text_top + text_step * (n - 1) + text_size / 2 if n else 48
    inner = w - 40
    y = text_bottom + 14
    for row in split:
        gaps = ROW_GAP * (len(row) - 1)
        small = [b for b in row if b.w <= TOUCH_H]  # a picker's - and + stay square
        free = inner - gaps - TOUCH_H * len(small)
        big = [b for b in row if b not in small]
        total = sum(b.w for b in big) or 1.0
        bx = x + 20
        for b in row:
            b.w = TOUCH_H if b in small else free * b.w / total
            b.h = TOUCH_H
            b.size = round(b.size * 1.15)  # a touch-sized button reads larger (it shrinks to fit its width)
            b.note_size = max(b.size * 0.7, PORTRAIT_NOTE_SIZE)  # and its note, a value, readable on a phone
            b.x, b.y = bx, y
            bx += b.w + ROW_GAP
        y += TOUCH_H + ROW_GAP
    height = y - ROW_GAP + 16
    dlg.h = height
    dlg.y = max(top, top + (bottom - top - height) / 2)
    for b in dlg.group.buttons:
        b.y += dlg.y


# ----------------------------------------------------------------- menus
@dataclass(frozen=True)
class Column:
    """A centred column of equal buttons (the title, the pause menu)."""

    cx: float
    top: float
    w: float
    h: float
    step: float

    def rect(self, i: int) -> tuple[float, float, float, float]:
        return self.cx - self.w / 2, self.top + i * self.step, self.w, self.h

    def edges(self, n: int) -> list[float]:
        """Heights between the buttons (and just past the last): where a panel's edge cuts no label."""
        gap = self.step - self.h
        return [self.top + i * self.step - gap / 2 for i in range(1, n + 1)]


def menu_column(canvas_w: float, canvas_h: float, top: float, portrait_top: float) -> Column:
    """Landscape: 300x52 buttons 64 apart from ``top``; portrait: touch-sized ones from ``portrait_top``."""
    if canvas_h > canvas_w:
        return Column(canvas_w / 2, portrait_top, 440.0, TOUCH_H, TOUCH_H + 16)
    return Column(canvas_w / 2, top, 300.0, 52.0, 64.0)


def wide_button(canvas_w: float, canvas_h: float, landscape: tuple[float, float, float, float],
                portrait_y: float, portrait_w: float = 440.0) -> tuple[float, float, float, float]:
    """A screen's main button: its landscape box, or on the portrait canvas a centred touch-sized one."""
    if canvas_h > canvas_w:
        return canvas_w / 2 - portrait_w / 2, portrait_y, portrait_w, TOUCH_H
    return landscape


# ----------------------------------------------------------------- the score sheet
@dataclass(frozen=True)
class SheetGeometry:
    """Where the sheet's parts go on one canvas (landscape, or portrait with taller rows)."""

    panel: tuple[float, float, float, float]
    cols: tuple[float, ...]
    """#, declarer, game, bid, value."""
    players_x: float
    players_w: float
    head_y: float
    row_y: float
    row_step: float
    row_x: tuple[float, float]
    """The rows' clickable left and right edges."""
    totals_y: float
    total_step: float
    size: float
    seeger_columns: bool
    """Running Seeger-Fabian totals beside each row's totals (landscape only: no room on a phone)."""
    buttons: tuple[tuple[float, float, float, float], ...]
    """Back, analysis, replay, and the chart's switch."""
    pick_y: float
    mark_y: float
    chart: tuple[float, float, float, float] = (60, 84, 1160, 340)
    """Where the chart of the running totals goes when it is shown instead of the lines."""


LANDSCAPE_SHEET = SheetGeometry(
    panel=(40, 20, 1200, 690), cols=(60, 110, 230, 470, 560), players_x=650, players_w=560, head_y=90, row_y=120,
    row_step=28, row_x=(50, 1230), totals_y=470, total_step=28, size=22, seeger_columns=True,
    buttons=((490, 650, 300, 52), (830, 650, 190, 52), (1030, 650, 190, 52), (56, 26, 180, 44)), pick_y=654,
    mark_y=676,
)
PORTRAIT_SHEET = SheetGeometry(
    panel=(6, 6, 708, 1268), cols=(22, 62, 160, 316, 404), players_x=478, players_w=234, head_y=100, row_y=146,
    row_step=58, row_x=(10, 710), totals_y=880, total_step=36, size=24, seeger_columns=False,
    buttons=((16, 1178, 166, TOUCH_H), (190, 1178, 166, TOUCH_H), (364, 1178, 166, TOUCH_H),
             (538, 1178, 166, TOUCH_H)),
    pick_y=1118, mark_y=1148, chart=(20, 104, 680, 716),
)
