"""Small overlays: the last trick for review, notices, a yes/no question."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .layout import OVER_TABLE, TOUCH_H
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_triangle


class LastTrickScene(Scene):
    overlay = True
    portrait = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def enter(self) -> None:
        box: tuple[float, float, float, float] = (
            (540, 520, 200, 50) if not self.app.painter.portrait else (210, 836, 300, TOUCH_H))
        self.close = Button(*box, self.app.t("btn.close"), self.app.pop)

    def handle(self, ev: Input) -> None:
        if ev.kind in ("down", "key"):
            self.app.pop()

    def draw(self, p: Painter) -> None:
        t = self.app.t
        hand = self.table.c.hand
        p.dim(140)
        cx = p.W / 2
        # Portrait: the panel lower and the cards bigger, everything else as in landscape.
        top, card_w, step, big = (150, 110, 150, 0) if not p.portrait else (OVER_TABLE[1], 180, 210, 6)
        p.panel(*((300, top, 680, 440) if not p.portrait else OVER_TABLE))
        dy = top - 150
        p.text(t("btn.last_trick"), cx, dy + 185, 34 + big, INK, bold=True, anchor="center")
        if not hand.tricks:
            p.text(t("trick.none"), cx, dy + 340, 26 + big, INK_DIM, anchor="center")
        else:
            trick = hand.tricks[-1]
            n = len(trick.cards)
            seats = self.table.c.match.seats
            art = self.app.services.art
            card_y = dy + 350 if not p.portrait else dy + 440
            names_y = card_y + card_w * 10 / 11
            for i, c in enumerate(trick.cards):
                seat = (trick.leader + i) % n
                x = cx + (i - (n - 1) / 2) * step
                p.blit_px(art.face(c, p.size(card_w)), x, card_y, anchor="center")
                p.text(self.table.name(seats[seat]), x, names_y, 22 + big, INK_DIM, anchor="center")
            p.text(t("trick.won_by", name=self.table.name(seats[trick.winner])), cx, names_y + 35, 24 + big, INK,
                   anchor="center")
        self.close.draw(p, focused=True)


def wrap_text(p: Painter, text: str, width: float, size: float) -> list[str]:
    """Word wrap that also breaks a word too long for a line (a long file path) between characters."""
    out: list[str] = []
    for line in p.wrap(text, width, size):
        while p.text_width(line, size) > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and p.text_width(line[:cut], size) > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


class NoticeScene(Scene):
    """The notices the player has not read yet, over any scene: wrapped to the panel, stacked one
    under the other, scrolled when they do not fit, and closed with OK (Enter, Esc or a click).

    While it is up the table waits (it only plays on when it is the top scene), so a save that
    failed in the middle of a hand is read before the next move.
    """

    overlay = True
    portrait = True
    PAD = 28
    SIZE = 24
    LINE = 28
    TOP_MARGIN, BOTTOM_MARGIN = 40, 30

    @property
    def X(self) -> float:  # noqa: N802 - read like the constant it is in landscape
        return 170 if not self.app.painter.portrait else 20

    @property
    def W(self) -> float:  # noqa: N802
        return self.app.painter.W - 2 * self.X

    @property
    def text_width(self) -> float:
        return self.W - 2 * self.PAD - 24

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0.0
        self._lines: list[tuple[str, bool]] = []
        """Wrapped lines, each with whether it starts a notice (drawn with a mark)."""
        self._key: tuple | None = None

    def enter(self) -> None:
        self.ok = Button(0, 0, 220, 52 if not self.app.painter.portrait else TOUCH_H, self.app.t("btn.ok"), self.close)

    def close(self) -> None:
        self.app.services.notices_read()
        if self.app.stack.top is self:
            self.app.pop()
        elif self in self.app.stack.scenes:
            self.app.stack.scenes.remove(self)

    # ------------------------------------------------------------ geometry
    def lines(self, p: Painter) -> list[tuple[str, bool]]:
        notices = self.app.services.unseen_notices()
        key = (tuple(notices), p.scale, p.W)
        if key != self._key:
            self._key = key
            out: list[tuple[str, bool]] = []
            for i, n in enumerate(notices):
                if i:
                    out.append(("", False))
                for j, part in enumerate(wrap_text(p, n, self.text_width, self.SIZE)):
                    out.append((part, j == 0))
            self._lines = out
        return self._lines

    def box(self, p: Painter) -> tuple[float, float, float]:
        """The panel's top and height, and the height of the text view inside it (all within the window)."""
        lines = self.lines(p)
        head, foot = 70, 84 if not p.portrait else 116
        most = p.H - self.TOP_MARGIN - self.BOTTOM_MARGIN
        view: float = min(len(lines) * self.LINE, most - head - foot)
        h = head + view + foot
        y = (p.H - h) / 2
        edges = self.edges_below()
        if edges:
            # Put the panel's edges where the scene below has no text, so none is cut in half.
            top = max([e for e in edges if e <= y] or edges[:1])
            bottom = min([e for e in edges if e >= top + h] or edges[-1:])
            y, h = top, bottom - top
            view = min(view, h - head - foot) // self.LINE * self.LINE
        return y, h, view

    def edges_below(self) -> list[float]:
        """``modal_edges`` of the scene under the notice: heights where a panel edge cuts no text."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
        return sorted(getattr(below, "modal_edges", ()))

    def max_scroll(self, p: Painter) -> float:
        _, _, view = self.box(p)
        return max(0.0, len(self.lines(p)) * self.LINE - view)

    def scroll_by(self, dy: float) -> None:
        top = self.max_scroll(self.app.painter)
        self.scroll = min(top, max(0.0, self.scroll + dy))

    # ------------------------------------------------------------ input
    def update(self, dt: float) -> None:
        stack = self.app.stack
        if not self.app.services.unseen_notices():
            self.close()
        elif stack.top is not self and self in stack.scenes:
            # A scene pushed after the notice (a hand's result, the final sheet) goes under it.
            stack.scenes.remove(self)
            stack.scenes.append(self)

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE):
                self.close()
            elif ev.key == pygame.K_DOWN:
                self.scroll_by(self.LINE)
            elif ev.key == pygame.K_UP:
                self.scroll_by(-self.LINE)
            elif ev.key == pygame.K_PAGEDOWN:
                self.scroll_by(self.LINE * 8)
            elif ev.key == pygame.K_PAGEUP:
                self.scroll_by(-self.LINE * 8)
        elif ev.kind == "wheel":
            self.scroll_by(-ev.dy * self.LINE)
        elif ev.kind == "down" and self.ok.contains(ev.pos):
            self.close()

    # ------------------------------------------------------------ drawing
    def layout(self, p: Painter) -> None:
        """The notices wrapped to this canvas: the scroll stays within them, OK under the panel."""
        y, h, _ = self.box(p)
        self.scroll = min(self.scroll, self.max_scroll(p))
        self.ok.x, self.ok.y = p.W / 2 - self.ok.w / 2, y + h - 14 - self.ok.h

    def draw(self, p: Painter) -> None:
        t = self.app.t
        lines = self.lines(p)
        y, h, view = self.box(p)
        p.dim(140)
        p.panel(self.X, y, self.W, h, alpha=255)
        p.text(t("notice.title"), p.W / 2, y + 36, 32, GOLD, bold=True, anchor="center")
        top = y + 70
        first = int(self.scroll // self.LINE)
        shown = int(view // self.LINE)
        for i, (line, starts) in enumerate(lines[first : first + shown]):
            ly = top + i * self.LINE
            if starts:
                p.text("•", self.X + self.PAD, ly, self.SIZE, GOLD, bold=True)
            p.text(line, self.X + self.PAD + 24, ly, self.SIZE, INK)
        more_above, more_below = first > 0, first + shown < len(lines)
        if more_above or more_below:
            hint = t("notice.scroll")
            p.text(hint, self.X + self.W - self.PAD, y + h - 58 - (self.ok.h - 52), 18, INK_DIM, anchor="topright")
            if more_above:
                draw_triangle(p, self.X + self.W - self.PAD - 8, y + 38, "up")
            if more_below:
                draw_triangle(p, self.X + self.W - self.PAD - 8, top + view - 8, "down")
        self.ok.draw(p, focused=True)


class ConfirmScene(Scene):
    """A yes/no question over the scene below; the safe answer has the focus."""

    overlay = True
    portrait = True

    def __init__(self, app, title: str, text: str, yes: str, no: str,
                 on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.title, self.body, self.yes_label, self.no_label = title, text, yes, no
        self.on_yes = on_yes

    def enter(self) -> None:
        self.group = ButtonGroup()
        if self.app.painter.portrait:
            self.group.add(Button(40, 0, 310, TOUCH_H, self.yes_label, self.yes))
            self.group.add(Button(370, 0, 310, TOUCH_H, self.no_label, self.app.pop))
        else:
            self.group.add(Button(350, 0, 280, 56, self.yes_label, self.yes))
            self.group.add(Button(650, 0, 280, 56, self.no_label, self.app.pop))
        self.group.focus = 1

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        portrait = p.portrait
        lines = wrap_text(p, self.body, 900 if not portrait else 620, 24)
        foot = 76 if not portrait else TOUCH_H + 20
        # A full-width band whose edges fall between the set-up screen's rows (178..426), so the panel
        # covers the lines below it whole instead of cutting through their labels.  Portrait: the
        # band's edges fall between the set-up's rows (84 + 85 i) as well.
        h = max(248, 102 + foot + len(lines) * 28)
        if not portrait:
            y = 178 if h == 248 else (p.H - h) / 2
        else:
            y = 84 + 85 * 4 - 2.0
            h = (h + 84) // 85 * 85
        p.dim(150)
        p.panel(20 if portrait else 40, y, p.W - (40 if portrait else 80), h, alpha=255)
        p.text(self.title, p.W / 2, y + 36, 32, GOLD, bold=True, anchor="center")
        for i, line in enumerate(lines):
            p.text(line, p.W / 2, y + 88 + i * 28, 24, INK, anchor="center")
        for b in self.group.buttons:
            b.y = y + h - foot
        self.group.draw(p)
