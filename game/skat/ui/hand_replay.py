"""Hand replay: step through a finished hand trick by trick, every hand open.

The hand is replayed from its deal (the engine is deterministic), keeping a
snapshot after each trick; stepping only picks a snapshot, so moving back and
forth costs nothing.  Arrow keys, Page keys, Home/End, the mouse wheel and
the two buttons step; Escape closes.
"""

from __future__ import annotations

import pygame

from ..ai.review.analysis import play_start
from ..engine.actions import BID_BASE, HOLD, PASS, bid_value
from ..engine.cards import mask_points
from ..engine.games import game_of
from ..engine.match import Hand
from ..engine.skat_hand import SkatHand
from ..engine.tricks import GameType
from .analysis_view import HandView
from .game_names import game_name, of_result
from .layout import TOUCH_H, sorted_hand
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title, fitting_size


def held(hand: Hand, seat: int) -> int:
    """Every card a seat still has (Officers: face up, face down and in hand)."""
    return game_of(hand).held(hand, seat)


def snapshots(hand: Hand) -> list[Hand]:
    """The hand before the first trick and after every trick played; a hand whose play
    ended early (given up, the rest claimed) ends with its final state."""
    h = play_start(hand)
    out = [h.clone()]
    for action in hand.history[len(h.history):]:
        if action >= 32:  # a play ending: the rest was gathered, not played
            out.append(hand.clone())
            break
        h.apply(action)
        if not h.trick:
            out.append(h.clone())
    return out


class ReplayScene(Scene):
    portrait = True

    def __init__(self, app, view: HandView) -> None:
        super().__init__(app)
        self.view = view
        self.states = snapshots(view.hand)
        self.step = 0

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        portrait = self.app.painter.portrait
        boxes: list[tuple[float, float, float, float]] = [
            (150, 650, 240, 52), (520, 650, 240, 52), (890, 650, 240, 52)] if not portrait else [
            (20, 1180, 220, TOUCH_H), (250, 1180, 220, TOUCH_H), (480, 1180, 220, TOUCH_H)]
        size = 26 if not portrait else 28
        self.prev_button = self.group.add(Button(*boxes[0], t("replay.prev"), self.back, size=size))
        self.group.add(Button(*boxes[1], t("replay.close"), self.close, size=size))
        self.next_button = self.group.add(Button(*boxes[2], t("replay.next"), self.forward, size=size))
        self.group.focus = 2
        self._enable()

    def _enable(self) -> None:
        self.prev_button.enabled = self.step > 0
        self.next_button.enabled = self.step < self.last

    def go(self, step: int) -> None:
        self.step = max(0, min(self.last, step))
        self._enable()

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def close(self) -> None:
        self.app.pop()

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            k = ev.key
            if k == pygame.K_ESCAPE:
                self.close()
            elif k in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_n):
                self.forward()
            elif k in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_p):
                self.back()
            elif k == pygame.K_HOME:
                self.go(0)
            elif k == pygame.K_END:
                self.go(self.last)
            else:
                self.group.handle(ev)
            return
        if ev.kind == "wheel":
            self.go(self.step - ev.dy)
            return
        self.group.handle(ev)

    # ----------------------------------------------------------------- drawing
    def draw(self, p: Painter) -> None:
        t = self.app.t
        hand = self.view.hand
        h = self.states[self.step]
        names = self.view.names
        p.panel(*((40, 20, 1200, 690) if not p.portrait else (6, 6, 708, 1268)), alpha=245)
        draw_title(p, t("replay.title"), 50, 44)
        cx, width = p.W / 2, (1100 if not p.portrait else p.W - 60)
        r = hand.result
        d = hand.declarer
        y = 88
        if r is not None and d is not None and r.game not in ("passed", "ramsch"):
            if d == self.view.me:
                line = t("replay.declared_you", game=game_name(t, of_result(r)))
            else:
                line = t("replay.declared", name=names[d], game=game_name(t, of_result(r)))
            p.text(line, cx, y, fitting_size(p, line, 24, width), GOLD, anchor="center")
        y += 28
        bidding = self._bidding_text()
        for line in p.wrap(bidding, width + 20, 20)[:2]:
            p.text(line, cx, y, 20, INK_DIM, anchor="center")
            y += 24
        self._draw_hands(p, h, 170)
        self._draw_trick(p, h)
        if not p.portrait:  # the keys are for a desktop; a phone has the buttons
            p.text(t("replay.keys"), 640, 622, 18, INK_DIM, anchor="center")
        self.group.draw(p)

    def _bidding_text(self) -> str:
        t = self.app.t
        hand = self.view.hand
        if not hand.bidding:
            return t("replay.no_bidding")
        calls = []
        for seat, a in hand.bidding:
            if a == PASS:
                word = t("say.pass")
            elif a == HOLD:
                word = t("say.hold")
            elif a >= BID_BASE:
                word = str(bid_value(a))
            else:
                continue
            calls.append(f"{self.view.names[seat]} {word}")
        return t("replay.bidding", calls=" · ".join(calls))

    def _draw_hands(self, p: Painter, h: Hand, top: float) -> None:
        """A row per seat: name, then its cards still held, sorted as at the table
        for the hand's game (Jacks as trumps in a Grand or suit game, Null order in a Null)."""
        t = self.app.t
        art = self.app.services.art
        hand = self.view.hand
        game = game_of(hand)
        n = game.seats
        if p.portrait:  # the whole width for the rows: bigger cards
            cw, gap, row_h = (48, 40, 140) if game.piles else (60, 64, 140)
        else:
            cw, gap, row_h = (44, 34, 124) if game.piles else (52, 46, 124)
        left = 70 if not p.portrait else 30
        for seat in range(n):
            y = top + seat * row_h
            name = self.view.names[seat]
            if seat == hand.declarer:
                name += f" ({t('replay.declarer')})"
            p.text(name, left, y + 4, fitting_size(p, name, 22, 230 if not p.portrait else 600),
                   GOLD if seat == hand.declarer else INK)
            cards = sorted_hand([c for c in range(32) if held(h, seat) >> c & 1], hand.game)  # as at the table
            for i, c in enumerate(cards):
                p.blit_px(art.face(c, p.size(cw)), left + i * gap, y + 30, card=str(c))
        # The skat and the discards beside the hands (Skat), right of the rows (portrait: below them).
        if isinstance(hand, SkatHand):  # narrows the type: Skat's deal keeps the skat as dealt
            x, top = (700, top) if not p.portrait else (left, top + n * row_h)
            p.text(t("result.skat"), x, top + 4, 20, INK_DIM)
            for i, c in enumerate(sorted_hand([c for c in range(32) if hand.deal.skat >> c & 1], hand.game)):
                p.blit_px(art.face(c, p.size(cw)), x + i * (cw + 6), top + 30, card=str(c))
            if not hand.hand_game and hand.skat != hand.deal.skat:
                label = t("result.final_skat") if hand.game == GameType.RAMSCH else t("result.discards")
                p.text(label, x + 140, top + 4, 20, INK_DIM)
                for i, c in enumerate(sorted_hand([c for c in range(32) if hand.skat >> c & 1], hand.game)):
                    p.blit_px(art.face(c, p.size(cw)), x + 140 + i * (cw + 6), top + 30, card=str(c))

    def _draw_trick(self, p: Painter, h: Hand) -> None:
        """The trick just completed (or, before the first, nothing) with its winner."""
        t = self.app.t
        art = self.app.services.art
        hand = self.view.hand
        names = self.view.names
        total = len(hand.tricks)
        skat = not game_of(hand).piles  # below Skat's three rows and its skat; Officers' two rows
        if p.portrait:  # below the hands (and the skat)
            x0, y0 = 30, 740 if skat else 470
        else:
            x0, y0 = 700, 300 if skat else 420
        if self.step == 0:
            p.text(t("replay.start"), x0, y0, 24, INK)
        else:
            trick = hand.tricks[self.step - 1]
            pts = mask_points(sum(1 << c for c in trick.cards))
            if trick.winner == self.view.me:
                line = t("replay.trick_you", n=self.step, total=total, points=pts)
            else:
                line = t("replay.trick", n=self.step, total=total, name=names[trick.winner], points=pts)
            p.text(line, x0, y0, fitting_size(p, line, 24, 520 if not p.portrait else 660), INK)
            cw = 64 if not p.portrait else 90
            for i, c in enumerate(trick.cards):
                seat = (trick.leader + i) % game_of(hand).seats
                x = x0 + i * (cw + 60)
                if seat == trick.winner:
                    p.fill_rect(x - 4, y0 + 56, cw + 8, cw * 91 / 59 + 8, GOLD, radius=6)
                p.blit_px(art.face(c, p.size(cw)), x, y0 + 60, card=str(c))
                label = names[seat]
                name_size = fitting_size(p, label, 18 if not p.portrait else 22, cw + 50)
                p.text(label, x + cw / 2, y0 + 36, name_size, INK_DIM, anchor="midtop")
        d = hand.declarer
        if d is not None and hand.game is not None and hand.result is not None and hand.result.game != "null":
            decl = h.points[d]
            opp = sum(h.points) - decl
            line = t("replay.points", decl=decl, opp=opp)
            below, size, room = (180, 20, 520) if not p.portrait else (80 + 90 * 91 / 59, 24, 660)
            p.text(line, x0, y0 + below, fitting_size(p, line, size, room), INK_DIM)
