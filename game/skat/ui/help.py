"""Rules help for both games and every option, including the decisions taken
where the rule texts are thin, in the current language."""

from __future__ import annotations

import pygame

from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title

PAGES = ("skat", "values", "officers", "options", "officers_variants", "decisions", "controls")


class HelpScene(Scene):
    def __init__(self, app, page: str = "skat") -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.page = PAGES.index(page) if page in PAGES else 0
        self.scroll = 0

    def enter(self) -> None:
        t = self.app.t
        self.tabs = ButtonGroup()
        for i, key in enumerate(PAGES):
            b = Button(40, 110 + i * 58, 250, 48, t(f"help.{key}.title"), (lambda i=i: self.select(i)), size=21)
            b.selected = i == self.page
            self.tabs.add(b)
        self.tabs.focus = self.page
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
        self.tabs.handle(ev)

    def draw(self, p: Painter) -> None:
        t = self.app.t
        key = PAGES[self.page]
        draw_title(p, t("menu.rules"), 50, 50)
        p.panel(310, 100, 940, 610, alpha=230)
        p.text(t(f"help.{key}.title"), 340, 118, 32, GOLD, bold=True)
        lines: list[tuple[str, float]] = []  # (text, left edge): a bullet's further lines hang indented
        for para in t(f"help.{key}.body").split("\n"):
            bullet = para.lstrip().startswith("•")
            indent = p.text_width("• ", 23) if bullet else 0.0
            for i, line in enumerate(p.wrap(para.strip(), 880 - indent, 23) if para else [""]):
                lines.append((line, 340 + (indent if bullet and i else 0)))
        per_page = 20
        self.scroll = min(self.scroll, max(0, len(lines) - per_page))
        y = 162
        with p.inside(310, 100, 940, 610):
            for line, x in lines[self.scroll : self.scroll + per_page]:
                p.text(line, x, y, 23, INK)
                y += 26
        if len(lines) > per_page:
            p.text(t("help.scroll"), 1230, 690, 18, INK_DIM, anchor="bottomright")
        self.tabs.draw(p)
        self.back.draw(p)
