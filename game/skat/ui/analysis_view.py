"""The analysis screen: "could I have won?", worked out a few milliseconds per frame.

The solver's work (:func:`skat.ai.review.analysis.analyse`) is a generator; this
scene advances it for at most :data:`~skat.ai.base.TABLE_SLICE` seconds per frame and
shows a progress bar meanwhile, so the table never freezes, not even in the
browser's single thread.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass

import pygame

from ..ai.base import TABLE_SLICE
from ..ai.review.analysis import Analysis, CardNote, Outcome, analyse, cached
from ..engine.games import game_of
from ..engine.match import Hand, Match, new_hand
from ..engine.tricks import GameType
from ..i18n import Translator
from .game_names import declared_name, of_game
from .layout import TOUCH_H
from .painter import GOLD, GREEN, INK, INK_DIM, RED, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title, fitting_size


@dataclass
class HandView:
    """A finished hand with what the screens need to name its seats."""

    hand: Hand
    names: list[str]
    """Name per seat of the hand."""
    me: int | None
    """The person's seat (None: the person sat out)."""


def hand_of_match(match: Match, index: int, names: list[str], human: int) -> HandView:
    """Hand ``index`` of a match rebuilt from its deal and actions (any row of the
    score sheet); ``names`` per table player."""
    hand = new_hand(match.game, match.rules_of(index), match.decks[index])
    for a in match.actions[index]:
        hand.apply(a)
    dealer = match.sheet[index].dealer if index < len(match.sheet) else match.dealer
    seats = match.seats_for(dealer)
    me = seats.index(human) if human in seats else None
    return HandView(hand, [names[p] for p in seats], me)


def card_words(t: Translator, card: int) -> str:
    """A card in words ("Jack of clubs", "Kreuz-Bube"): the default font has no suit signs."""
    return t("acard.name", suit=t(f"acard.suit.{card >> 3}"), rank=t(f"acard.rank.{card & 7}"))


def result_words(t: Translator, o: Outcome) -> str:
    key = "won" if o.won else "lost"
    if o.schwarz:
        key += "_schwarz"
    elif o.schneider:
        key += "_schneider"
    return t("analysis.res." + key)


def effect_words(t: Translator, n: CardNote) -> str:
    e = n.effect
    if e == "points":
        return t("analysis.effect.points", points=n.cost)
    if e == "win_to_loss" and not n.declarer_side:
        return t("analysis.effect.let_win")
    return t("analysis.effect." + e) if e else ""


def mark_words(t: Translator, n: CardNote) -> str:
    e = n.effect
    if not e:
        return t("analysis.mark.best")
    if e == "points":
        return t("analysis.mark.points", points=n.cost)
    if e == "win_to_loss":
        return t("analysis.mark.win_to_loss")
    return t("analysis.mark.schwarz" if "schwarz" in e else "analysis.mark.schneider")


def verdict(t: Translator, a: Analysis, names: list[str]) -> str:
    """The closing sentence: the deciding mistake, or that the cards decided."""
    n = a.deciding
    if n is None:
        return t("analysis.verdict.cards")
    best = card_words(t, n.best) if n.best is not None else t("analysis.unknown")
    values = dict(trick=n.trick, card=card_words(t, n.card), best=best, effect=effect_words(t, n))
    if n.mine:
        return t("analysis.verdict.mine", **values)
    return t("analysis.verdict.other", name=names[n.seat], **values)


def mine_line(t: Translator, n: CardNote) -> str:
    """One costly card of the person: where, which, what was better, what it cost."""
    card = card_words(t, n.card)
    if n.best is None:
        return t("analysis.mine_line_nobest", trick=n.trick, card=card, effect=effect_words(t, n))
    return t("analysis.mine_line", trick=n.trick, card=card, best=card_words(t, n.best), effect=effect_words(t, n))


def summary_lines(t: Translator, a: Analysis) -> list[str]:
    """Best play from the start, and the hand as played."""
    short = a.game == GameType.NULL or a.game_kind == "officers"
    if short:
        return [
            t("analysis.best_short", result=result_words(t, a.best)),
            t("analysis.played_short", result=result_words(t, a.actual)),
        ]
    return [
        t("analysis.best", result=result_words(t, a.best), points=a.best.points),
        t("analysis.played", result=result_words(t, a.actual), points=a.actual.points),
    ]


def games_line(t: Translator, a: Analysis) -> str:
    if a.game_kind != "skat":
        return ""
    won = [g for g, w in a.winnable if w]
    if not won:
        return t("analysis.games_none")
    return t("analysis.games", games=", ".join(declared_name(t, of_game(g)) for g in won))


SUBTITLES: dict[str | None, str] = {"officers": "analysis.subtitle_officers", "admirals": "analysis.subtitle_officers",
             "harlequin": "analysis.subtitle_harlequin"}
"""The subtitle's catalogue key by the game's layout (:meth:`Game.layout`); the plain one for Skat."""


class AnalysisScene(Scene):
    """Progress while the solver works, then the verdict and the per-card marks."""

    portrait = True

    def __init__(self, app, view: HandView) -> None:
        super().__init__(app)
        self.view = view
        me = view.me if view.me is not None else -1  # sat out: no card is "yours"
        self.result: Analysis | None = cached(view.hand, me)
        self.work = None if self.result is not None else self._work(me)
        self.progress = 0.0

    def _work(self, me: int) -> Generator[float, None, Analysis]:
        """The analysis, then each card it shows drawn once at the size shown: a face drawn at a new
        size takes about a millisecond, and thirty in the frame that first shows the result took 40."""
        a = yield from analyse(self.view.hand, me)
        if not a.unsupported:
            p = self.app.painter
            art, width = self.app.services.art, p.size(self.card_width(p))
            for n in a.notes:
                art.face(n.card, width)
                yield 1.0
        return a

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        if self.app.painter.portrait:
            self.group.add(Button(30, 1180, 320, TOUCH_H, t("btn.back"), self.close, size=30))
            self.group.add(Button(370, 1180, 320, TOUCH_H, t("replay.button"), self.replay, size=30))
        else:
            self.group.add(Button(360, 650, 260, 52, t("btn.back"), self.close))
            self.group.add(Button(660, 650, 260, 52, t("replay.button"), self.replay))

    def close(self) -> None:
        self.app.pop()

    def replay(self) -> None:
        self.app.screens.replace("replay", self.view)

    @property
    def idle(self) -> bool:
        return self.work is None

    def update(self, dt: float) -> None:
        if self.work is None:
            return
        deadline = time.perf_counter() + TABLE_SLICE
        while True:
            try:
                p = next(self.work)
            except StopIteration as stop:
                self.result = stop.value
                self.work = None
                self.progress = 1.0
                return
            if p >= 0:
                self.progress = max(self.progress, p)
            if time.perf_counter() >= deadline:
                return

    def finish(self) -> None:
        """Run the analysis to its end (the screenshot tour and tests)."""
        while self.work is not None:
            self.update(0.0)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
            return
        self.group.handle(ev)

    # ----------------------------------------------------------------- drawing
    def draw(self, p: Painter) -> None:
        t = self.app.t
        p.panel(*((40, 20, 1200, 690) if not p.portrait else (6, 6, 708, 1268)), alpha=245)
        draw_title(p, t("analysis.title"), 50, 44)
        cx, width = p.W / 2, p.W - 160 if not p.portrait else p.W - 60
        a = self.result
        hand = self.view.hand
        sub = t(SUBTITLES.get(game_of(hand).layout(hand.rules), "analysis.subtitle"))
        p.text(sub, cx, 88, fitting_size(p, sub, 22, width), INK_DIM, anchor="center")
        if a is None:
            self._draw_progress(p)
        elif a.unsupported:
            text = t("analysis.unsupported." + a.unsupported)
            p.text(text, cx, 330, fitting_size(p, text, 26, width), INK, anchor="center")
        else:
            self._draw_analysis(p, a)
        self.group.draw(p)

    def _draw_progress(self, p: Painter) -> None:
        t = self.app.t
        pct = int(self.progress * 100)
        p.text(t("analysis.working", percent=pct), p.W / 2, 300, 28, INK, anchor="center")
        bar = min(600.0, p.W - 120)
        left = p.W / 2 - bar / 2
        p.fill_rect(left, 350, bar, 26, (40, 60, 60), radius=8)
        if pct:
            p.fill_rect(left, 350, max(16, bar * self.progress), 26, GOLD, radius=8)

    def _draw_analysis(self, p: Painter, a: Analysis) -> None:
        t = self.app.t
        names = self.view.names
        cx, width = p.W / 2, (1120 if not p.portrait else p.W - 60)
        left = 80 if not p.portrait else 30
        bottom = 636 if not p.portrait else 1166
        y: float = 112
        for line in summary_lines(t, a):
            p.text(line, cx, y, fitting_size(p, line, 24, width), INK, anchor="center")
            y += 30
        for line in p.wrap(verdict(t, a, names), width - 20, 26, bold=True)[: 2 if not p.portrait else 4]:
            color = GOLD if a.deciding is None else (RED if a.deciding.mine else GOLD)
            p.text(line, cx, y + 4, 26, color, bold=True, anchor="center")
            y += 32
        y = self._draw_tricks(p, a, y + 12)
        g = games_line(t, a)
        if g:
            for line in p.wrap(g, width, 22)[: 2 if not p.portrait else 3]:
                p.text(line, cx, y, 22, INK, anchor="center")
                y += 26
        mine = a.my_mistakes
        if mine:
            shown = mine[: max(1, int((bottom - y) // 24) - 1)]
            p.text(t("analysis.mine_title"), left, y + 4, 22, INK_DIM, bold=True)
            y += 28
            for n in shown:
                line = mine_line(t, n)
                p.text(line, left, y, fitting_size(p, line, 21, width), INK)
                y += 24
        elif a.my_notes:
            p.text(t("analysis.mine_none"), cx, y + 4, 22, GREEN, anchor="center")

    def _columns(self, p: Painter) -> tuple[int, float]:
        """Tricks per row and a column's width: landscape one row, portrait two, so a card stays
        big enough to read."""
        hand = self.view.hand
        ntricks = game_of(hand).tricks(hand.rules)
        per_row = ntricks if not p.portrait else -(-ntricks // 2)
        return per_row, (1140 if not p.portrait else 690) / per_row

    def card_width(self, p: Painter) -> float:
        """The width of the cards of the tricks (logical pixels)."""
        _, col = self._columns(p)
        return min(54.0 if not p.portrait else 64.0, col - 14)

    def _draw_tricks(self, p: Painter, a: Analysis, top: float) -> float:
        """One column per trick, the cards in the order played; the person's framed."""
        t = self.app.t
        art = self.app.services.art
        per = a.seats
        hand = self.view.hand
        per_row, col = self._columns(p)
        ntricks = game_of(hand).tricks(hand.rules)
        cw = self.card_width(p)
        ch = cw * 91 / 59
        step = 30 if per == 3 else 40
        band = 14 + (per - 1) * step + ch + 32  # one row of tricks, its marks included
        by_trick: dict[int, list[CardNote]] = {}
        for n in a.notes:
            by_trick.setdefault(n.trick, []).append(n)
        x0 = 70 if not p.portrait else 15
        first_top = top
        for k in range(1, ntricks + 1):
            cx = x0 + ((k - 1) % per_row + 0.5) * col
            top = first_top + (k - 1) // per_row * band
            p.text(str(k), cx, top, 18, INK_DIM, anchor="center")
            for i, n in enumerate(by_trick.get(k, [])):
                cy = top + 14 + i * step
                if n.mine:
                    color = RED if n.costly else GREEN
                    p.fill_rect(cx - cw / 2 - 3, cy - 3, cw + 6, ch + 6, color, radius=6)
                p.blit_px(art.face(n.card, p.size(cw)), cx, cy, anchor="midtop", card=str(n.card))
            marks = [n for n in by_trick.get(k, []) if n.mine]
            if marks:
                n = marks[0]
                label = mark_words(t, n)
                ly = top + 14 + (per - 1) * step + ch + 6
                p.text(label, cx, ly, fitting_size(p, label, 18 if not p.portrait else 21, col - 4),
                       RED if n.costly else GREEN, anchor="midtop")
        bottom = top + band
        legend = t("analysis.legend")
        p.text(legend, p.W / 2, bottom, fitting_size(p, legend, 18, p.W - 40), INK_DIM, anchor="center")
        return bottom + 24
