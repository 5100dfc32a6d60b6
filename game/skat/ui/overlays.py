"""Small overlays: the last trick for review."""

from __future__ import annotations

from .painter import INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button


class LastTrickScene(Scene):
    overlay = True

    def __init__(self, app, table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.table = table

    def enter(self) -> None:
        self.close = Button(540, 520, 200, 50, self.app.t("btn.close"), self.app.pop)

    def handle(self, ev: Input) -> None:
        if ev.kind in ("down", "key"):
            self.app.pop()

    def draw(self, p: Painter) -> None:
        t = self.app.t
        hand = self.table.c.hand
        p.dim(140)
        p.panel(300, 150, 680, 440)
        p.text(t("btn.last_trick"), 640, 185, 34, INK, bold=True, anchor="center")
        if not hand.tricks:
            p.text(t("trick.none"), 640, 340, 26, INK_DIM, anchor="center")
        else:
            trick = hand.tricks[-1]
            n = len(trick.cards)
            seats = self.table.c.match.seats
            art = self.app.services.art
            for i, c in enumerate(trick.cards):
                seat = (trick.leader + i) % n
                x = 640 + (i - (n - 1) / 2) * 150
                p.blit_px(art.face(c, p.size(110)), x, 350, anchor="center")
                p.text(self.table.name(seats[seat]), x, 450, 22, INK_DIM, anchor="center")
            p.text(t("trick.won_by", name=self.table.name(seats[trick.winner])), 640, 485, 24, INK, anchor="center")
        self.close.draw(p, focused=True)
