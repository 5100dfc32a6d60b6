"""Rules help for both games and every option, including the decisions taken
where the rule texts are thin, in the current language."""

from __future__ import annotations

import pygame

from .layout import TOUCH_H
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title

PAGES = ("skat", "values", "officers", "options", "house", "officers_variants", "decisions", "controls")


class HelpScene(Scene):
    portrait = True

    def __init__(self, app, page: str = "skat") -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.page = PAGES.index(page) if page in PAGES else 0
        self.scroll = 0

    def enter(self) -> None:
        t = self.app.t
        self.tabs = ButtonGroup()
        portrait = self.app.painter.portrait
        for i, key in enumerate(PAGES):
            # Landscape: a column of tabs beside the text; portrait: rows of three above it.
            box = (40, 110 + i * 58, 250, 48) if not portrait else (
                12 + (i % 3) * 236, 96 + (i // 3) * (TOUCH_H + 8), 224, TOUCH_H)
            b = Button(*box, t(f"help.{key}.title"), (lambda i=i: self.select(i)), size=21 if not portrait else 24)
            b.selected = i == self.page
            self.tabs.add(b)
        self.tabs.focus = self.page
        if portrait:
            self.back = Button(496, 96 + 2 * (TOUCH_H + 8), 212, TOUCH_H, t("btn.back"), self.app.pop, size=28)
        else:
            self.back = Button(40, 650, 250, 50, t("btn.back"), self.app.pop)

    def select(self, i: int) -> None:
        self.page = i
        self.scroll = 0
        self.enter()

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
            elif ev.key in (pygame.K_UP, pygame.K_LEFT):
                self.select((self.page - 1) % len(PAGES))
            elif ev.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.select((self.page + 1) % len(PAGES))
            elif ev.key == pygame.K_PAGEDOWN:
                self.scroll += 10
            elif ev.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - 10)
            return
        if ev.kind == "wheel":
            self.scroll = max(0, self.scroll - 3 * ev.dy)
            return
        if ev.kind == "down" and self.back.contains(ev.pos):
            self.app.pop()
            return
        if ev.kind == "down" and ev.touch:  # a phone has no wheel: a tap on the text turns its pages
            x, y, w, h, _, step = self.text_box()
            if x <= ev.pos[0] <= x + w and y <= ev.pos[1] <= y + h:
                page = int((h - 90) // step) - 2
                self.scroll = self.scroll + page if ev.pos[1] > y + h / 2 else max(0, self.scroll - page)
                return
        self.tabs.handle(ev)

    def text_box(self) -> tuple[float, float, float, float, float, float]:
        """The text's panel (x, y, w, h), its size and line step: portrait below the tabs, larger."""
        if self.app.painter.portrait:
            return 6, 378, 708, 896, 26, 30
        return 310, 100, 940, 610, 23, 26

    def draw(self, p: Painter) -> None:
        t = self.app.t
        key = PAGES[self.page]
        draw_title(p, t("menu.rules"), 50, 50)
        px_, py_, pw, ph, size, step = self.text_box()
        p.panel(px_, py_, pw, ph, alpha=230)
        p.text(t(f"help.{key}.title"), px_ + 30, py_ + 18, 32, GOLD, bold=True)
        lines: list[tuple[str, float]] = []  # (text, left edge): a bullet's further lines hang indented
        for para in t(f"help.{key}.body").split("\n"):
            bullet = para.lstrip().startswith("•")
            indent = p.text_width("• ", size) if bullet else 0.0
            for i, line in enumerate(p.wrap(para.strip(), pw - 60 - indent, size) if para else [""]):
                lines.append((line, px_ + 30 + (indent if bullet and i else 0)))
        per_page = int((ph - 90) // step)
        self.scroll = min(self.scroll, max(0, len(lines) - per_page))
        y = py_ + 62
        with p.inside(px_, py_, pw, ph):
            for line, x in lines[self.scroll : self.scroll + per_page]:
                p.text(line, x, y, size, INK)
                y += step
        if len(lines) > per_page:
            key = "help.scroll" if not p.portrait else "help.scroll_touch"
            p.text(t(key), px_ + pw - 20, py_ + ph - 20, 18 if not p.portrait else 22, INK_DIM, anchor="bottomright")
        self.tabs.draw(p)
        self.back.draw(p)
