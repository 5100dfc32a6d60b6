"""The table's status display: what the table says in words.

It decides the texts around the cards: each seat's label (name, position, declarer, thinking),
the speech bubbles of the calls (bids, passes, Kontra, the declared game) and how long they
stay, the short message in the middle (why a card may not be played, why a hand ended
early), and the status panel (the hand's number, the bidding so far or the game being played,
the tricks and points).  The bidding it shows is the one the engine recorded for the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.events import Event
from ..engine.games import game_of
from ..engine.skat_hand import Phase
from ..engine.tricks import FOLLOW, TRUMPS
from .analysis_view import card_words
from .game_names import declared_name, game_name, of_declaration, of_hand
from .painter import GOLD, INK, INK_DIM, Painter

if TYPE_CHECKING:
    from .table import TableScene

POSITION_KEYS = ("pos.forehand", "pos.middlehand", "pos.rearhand")
SUIT_NAME_KEYS = ("suit.diamonds", "suit.hearts", "suit.spades", "suit.clubs")
BUBBLE_SECONDS = 4.0
SAID = ("hold", "pass", "pickup", "hand", "kontra", "re", "no_call", "skat_on", "knock", "no_knock", "no_grand_hand",
        "gift", "no_gift", "gift_taken", "gift_schneider", "gift_schwarz", "swap", "exchange_done")
"""The calls a bubble shows in words (a bid shows its value, a declaration the game's name)."""


class StatusDisplay:
    """The speech bubbles, the message line and the texts of the labels and the status panel."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.bubbles: dict[int, tuple[str, float]] = {}
        """player -> (text, seconds left) of the speech bubble beside their label."""
        self.message = ""
        self.message_time = 0.0

    # ------------------------------------------------------------ what is said
    def event_said(self, ev: Event, player: int | None) -> None:
        """The bubble an event puts beside its player's label (a call or a declared game)."""
        t = self.table.app.t
        if ev.kind == "bid":
            self.bubble(player, str(ev.value))
        elif ev.kind in SAID:
            self.bubble(player, t("say." + ev.kind))
        elif ev.kind == "declare":
            said = of_declaration(ev.value, hand=bool(getattr(self.table.c.hand, "hand_game", False)))
            self.bubble(player, declared_name(t, said))

    def bubble(self, player: int | None, text: str) -> None:
        if player is not None:
            self.bubbles[player] = (text, BUBBLE_SECONDS)

    def say(self, text: str, seconds: float = 3.0) -> None:
        """A short message in the middle of the table."""
        self.message = text
        self.message_time = seconds

    def update(self, dt: float, fading: bool) -> None:
        """Bubbles fade (not while the person decides: a call made just before their turn stays), and so
        does the message."""
        for p in list(self.bubbles) if fading else ():
            text, left = self.bubbles[p]
            if left - dt <= 0:
                del self.bubbles[p]
            else:
                self.bubbles[p] = (text, left - dt)
        if self.message_time > 0:
            self.message_time -= dt

    def refusal_reason(self, card: int) -> str:
        """Why the person may not play ``card`` now, in their language."""
        t = self.table.app.t
        hand = self.table.c.hand
        if not hand.trick or hand.game is None:
            return t("illegal.card")
        lead = hand.trick[0]
        if game_of(hand).layout(hand.rules) == "harlequin" and FOLLOW[hand.game][lead] >> card & 1:
            return t("illegal.unseen")  # it follows suit, but only a card the person can see may
        if TRUMPS[hand.game] >> lead & 1:
            return t("illegal.follow_trump")
        return t("illegal.follow_suit", suit=t(SUIT_NAME_KEYS[lead >> 3]))

    def ending_line(self) -> str:
        """Why the cards are laid open (given up, a claim settled, a decided hand), in the person's language."""
        table = self.table
        t = table.app.t
        ending = table.c.ending
        hand = table.c.hand
        r = hand.result
        won = r is not None and r.won
        declarer = table.c.match.seats[hand.declarer] if hand.declarer is not None else None

        def said(key: str, player: int | None, **kw: str) -> str:
            if player == table.c.human and not table.c.autoplay:
                return t(key + "_you", **kw)
            return t(key, name=table.name(player) if player is not None else "", **kw)

        if ending is None or ending.kind == "decided":
            return said("ending.decided_won" if won else "ending.decided_lost", declarer)
        if ending.kind == "concede":
            return said("ending.conceded", declarer)
        claim = ending.claim
        assert claim is not None  # an ending that is neither decided nor given up is a claim
        side = t("ending.side_declarer" if claim.to_declarer else "ending.side_defenders")
        return said("ending.claim_holds" if claim.holds else "ending.claim_fails", claim.player, side=side)

    def auction_text(self) -> list[str]:
        """Each bidder's last call so far, for the status panel."""
        table = self.table
        t = table.app.t
        last: dict[int, str] = {}
        bid = 0
        for seat, action in table.auction():
            if A.is_bid(action):
                bid = A.bid_value(action)
                last[seat] = str(bid)
            elif action == A.HOLD:
                last[seat] = t("auction.holds", bid=bid)
            elif action == A.PASS:
                last[seat] = t("auction.passed")
        seats = table.c.match.seats
        return [f"{table.name(seats[s])}: {call}" for s, call in sorted(last.items())]

    # ------------------------------------------------------------ drawing
    def draw_labels(self, p: Painter) -> None:
        table = self.table
        t = table.app.t
        seating = table.c.seating()
        thinking = table.c.thinking_player
        slots = {"bottom": seating.bottom, "left": seating.left, "top": seating.top, "right": seating.right}
        seats = table.c.match.seats
        hand = table.c.hand
        officers = table.officers
        for slot, player in slots.items():
            if player is None:
                continue
            x, y, anchor = table.label_place(slot)
            roles = []
            if player in seats and not officers:
                roles.append(t(POSITION_KEYS[seats.index(player)]))
            elif player not in seats:
                roles.append(t("pos.sits_out"))
            if officers:
                roles.append(t("pos.dealer") if seats.index(player) == 1 else t("pos.forehand"))
            if hand.declarer is not None and player == seats[hand.declarer] and hand.game is not None:
                roles.append(t("label.declarer"))
            color = GOLD if thinking == player else INK
            if officers:
                side = table.ogeo.two_line_labels
            else:
                side = slot in ("left", "right") or (slot == "top" and table.geo.portrait)
            if side:  # two short lines at the screen's edge, clear of the person's cards
                p.text(table.name(player), x, y, 24, color, bold=True, anchor=anchor)
                p.text(" · ".join(roles), x, y + 22, 20, INK, anchor=anchor)
                below = y + 42
            else:
                p.text(" · ".join([table.name(player), *roles]), x, y, 24, color, bold=True, anchor=anchor)
                below = y + 22
            if thinking == player:
                dots = "." * (1 + int(table.think_time * 3) % 3)
                p.text(t("label.thinking") + dots, x, below, 20, INK_DIM, anchor=anchor)
            bubble = self.bubbles.get(player)
            if bubble:
                self._draw_bubble(p, bubble[0], slot, p.text_width(" · ".join([table.name(player), *roles]), 24, True))

    def _draw_bubble(self, p: Painter, text: str, slot: str, label_w: float) -> None:
        """A speech bubble beside the speaker's label, where no card or dialog goes."""
        table = self.table
        wpx = p.text_width(text, 24, True) + 28
        # Officers' Skat in landscape: above the label, for below it lie the cards or the deck.
        x, by, how = table.ogeo.bubbles[slot] if table.officers else table.geo.bubbles[slot]
        bx = {"left": x + wpx / 2, "right": x - wpx / 2, "center": x, "after": x + label_w / 2 + 18 + wpx / 2,
              "before": x - label_w / 2 - 18 - wpx / 2}[how]
        p.fill_rect(bx - wpx / 2, by - 18, wpx, 36, (250, 245, 230), radius=16)
        with p.inside(bx - wpx / 2, by - 18, wpx, 36, "bubble", text):
            p.text(text, bx, by, 24, (30, 30, 30), bold=True, anchor="center")

    def draw_info(self, p: Painter) -> None:
        """The status panel: the hand's number, the bidding or the game, the tricks and points."""
        table = self.table
        t = table.app.t
        hand = table.c.hand
        m = table.c.match
        ox, oy, info_w, info_h = table.geo.info
        x, dy = ox + 14, oy - 10  # the texts' left edge; their heights below are the landscape panel's
        p.panel(ox, oy, info_w, info_h, alpha=200)
        with p.inside(ox, oy, info_w, info_h):
            number = m.hand_number - (1 if hand.done else 0)  # a finished hand is already on the sheet
            head = t("info.hand_of", n=number, total=m.hands)
            kind = m.kinds[number - 1] if 0 < number <= len(m.kinds) else ""
            if kind:  # a Bock or Ramsch round's game (rules decisions 40-43), in gold
                _fit_text(p, head + " · " + t("info.round." + kind), x, dy + 18, 20, GOLD, info_w - 28)
            else:
                p.text(head, x, dy + 18, 20, INK_DIM)
            before_play = hand.phase < Phase.PLAY and not hand.done
            if table.seat_view().game is not None:  # the game as the seats know it (Skat: once declared)
                contract = of_hand(hand)
                title = game_name(t, contract) if contract is not None else ""
                if hand.bid:
                    title += " · " + t("info.bid_to", bid=hand.bid)
                _fit_text(p, title, x, dy + 40, 26, GOLD, info_w - 28)
                if hand.declarer is not None:
                    who = t("info.declarer", name=table.name(m.seats[hand.declarer]))
                    spitze = table.seat_view().spitze
                    if spitze is not None:  # the Spitze card is shown to everyone (rules decision 45)
                        who += " · " + t("info.spitze", card=card_words(t, spitze))
                    _fit_text(p, who, x, dy + 70, 20, INK, info_w - 28)
            elif before_play and (hand.phase == Phase.BIDDING or hand.bid):
                # The bidding, or once it is over the bid it reached, with everyone's last call.
                title = t("info.bidding") if hand.phase == Phase.BIDDING else t("info.bid", bid=hand.bid)
                p.text(title, x, dy + 40, 24, GOLD, bold=True)
                calls = self.auction_text()
                for i, line in enumerate(_pack(p, calls, info_w - 28, 20)[:3]):
                    p.text(line, x, dy + 68 + 18 * i, 18 if len(calls) > 2 else 20, INK)
            pts = hand.points
            if hand.declarer is not None and hand.game is not None and hand.game != 5 and len(hand.tricks):
                d = hand.declarer
                mine = pts[d]
                p.text(t("info.tricks", n=len(hand.tricks)) + f" · {mine}:{sum(pts) - mine}", x, dy + 96, 20, INK_DIM)
            elif len(hand.tricks):
                p.text(t("info.tricks", n=len(hand.tricks)), x, dy + 96, 20, INK_DIM)

    def draw_message(self, p: Painter) -> None:
        """The message below the trick, where the hint to play stands: the trick stays in view.  One line
        where it fits; a longer one (the German note on a shared deal, on the portrait canvas) wraps."""
        if self.message_time <= 0:
            return
        table = self.table
        p.new_layer()
        lines = p.wrap(self.message, table.geo.message_w - 60, 24)
        w = min(table.geo.message_w, max(480.0, max(p.text_width(line, 24) for line in lines) + 60))
        h = 20 + 28 * len(lines)
        x, y = table.geo.message if not table.officers else table.ogeo.message
        p.panel(x - w / 2, y, w, h)
        with p.inside(x - w / 2, y, w, h):
            for i, line in enumerate(lines):
                p.text(line, x, y + 24 + 28 * i, 24, INK, anchor="center")


def _fit_text(p: Painter, text: str, x: float, y: float, size: float, color: tuple[int, int, int],
              width: float) -> None:
    """Bold text on one line, made smaller until it fits ``width``."""
    while size > 14 and p.text_width(text, size, True) > width:
        size -= 1
    p.text(text, x, y, size, color, bold=True)


def _pack(p: Painter, parts: list[str], width: float, size: float) -> list[str]:
    """Join ``parts`` with " · " into as few lines of ``width`` as they need."""
    lines: list[str] = []
    for part in parts:
        if lines and p.text_width(lines[-1] + " · " + part, size) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines
