"""Past matches: every kept score sheet, newest first, each opening in the score-sheet screen."""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass

import pygame

from ..engine.games import GAMES
from ..i18n import Translator
from ..storage import FinishedMatch
from .layout import wide_button
from .menu import matching_preset, option_keys
from .painter import GOLD, INK, INK_DIM, Painter
from .player_names import player_name
from .scene import Input, Scene
from .widgets import Button, ScrollButtons, draw_title, fitting_size

ROW_H = 58
VISIBLE = 8
TOP = 130


@dataclass(frozen=True)
class KeptSheet:
    """What the score-sheet screen reads from a controller (``match`` and ``human``), for a kept sheet:
    it is drawn read-only with the same code as the sheet of the match in progress."""

    match: FinishedMatch

    @property
    def human(self) -> int:
        return self.match.person


def local_time(stamp: str, t: Translator) -> str:
    """``2026-12-01T04:30:00Z`` (UTC, as stored) in the player's local time, to the minute,
    as the language writes it."""
    try:
        utc = calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ"))
    except (ValueError, OverflowError):
        return stamp
    return t.datetime(time.localtime(utc))


def rules_name(t, m: FinishedMatch) -> str:
    """The preset a kept match was played by, or "custom" (Officers' Skat: its layout first)."""
    state = {"game": m.game, **{k: getattr(m.rules, k) for k in option_keys(m.game)}}
    preset = t("preset." + matching_preset(state))
    layout_name = GAMES[m.game].layout(m.rules)
    if layout_name is not None:
        layout = t("opt.layout." + layout_name)
        return layout if matching_preset(state) != "custom" else f"{layout} · {preset}"
    return preset


def player_names(t, m: FinishedMatch) -> list[str]:
    return [player_name(t, p, m.person) for p in range(m.players)]


class HistoryScene(Scene):
    portrait = True

    def rows_place(self) -> tuple[float, float, float, float]:
        """The list's left and right edges, first row's top and row height (portrait: three-line rows)."""
        return (80, 1200, TOP, ROW_H) if not self.app.painter.portrait else (16, 704, 110, 122)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sheets: list[FinishedMatch] = app.services.past_sheets()
        self.focus = 0
        self.scroll = 0

    def enter(self) -> None:
        p = self.app.painter
        self.back = Button(*wide_button(p.W, p.H, (490, 650, 300, 52), 1180), self.app.t("btn.back"), self.app.pop,
                           size=26 if not p.portrait else 30)
        # Beside the "more" line under the list: a page up and down without a wheel or keys.
        self.pages = (ScrollButtons((16, 1090, 120, 84), (584, 1090, 120, 84)) if p.portrait
                      else ScrollButtons((80, 592, 60, 40), (1140, 592, 60, 40)))

    def turn_page(self, step: int) -> None:
        n = len(self.sheets)
        self.scroll = min(max(0, n - VISIBLE), max(0, self.scroll + step * VISIBLE))
        self.focus = min(max(self.focus, self.scroll), self.scroll + VISIBLE - 1, max(0, n - 1))

    def open(self, i: int) -> None:
        self.focus = i
        self.app.screens.open("sheet", KeptSheet(self.sheets[i]))

    def _show_focus(self) -> None:
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + VISIBLE:
            self.scroll = self.focus - VISIBLE + 1

    def row_at(self, pos: tuple[float, float]) -> int | None:
        left, right, top, row_h = self.rows_place()
        if not left <= pos[0] <= right:
            return None
        i = int((pos[1] - top) // row_h)
        if 0 <= i < VISIBLE and pos[1] >= top and self.scroll + i < len(self.sheets):
            return self.scroll + i
        return None

    def handle(self, ev: Input) -> None:
        n = len(self.sheets)
        if ev.kind == "key":
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
            elif ev.key == pygame.K_DOWN and n:
                self.focus = min(n - 1, self.focus + 1)
            elif ev.key == pygame.K_UP and n:
                self.focus = max(0, self.focus - 1)
            elif ev.key == pygame.K_PAGEDOWN and n:
                self.focus = min(n - 1, self.focus + VISIBLE)
            elif ev.key == pygame.K_PAGEUP and n:
                self.focus = max(0, self.focus - VISIBLE)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if n:
                    self.open(self.focus)
                else:
                    self.app.pop()
            self._show_focus()
        elif ev.kind == "wheel":
            self.scroll = min(max(0, n - VISIBLE), max(0, self.scroll - ev.dy))
        elif ev.kind == "down":
            if self.back.contains(ev.pos):
                self.app.pop()
                return
            step = self.pages.press(ev.pos) if n > VISIBLE else 0
            if step:
                self.turn_page(step)
                return
            i = self.row_at(ev.pos)
            if i is not None:
                self.open(i)

    def draw(self, p: Painter) -> None:
        t = self.app.t
        draw_title(p, t("history.title"), 56, 52)
        if not self.sheets:
            p.text(t("history.none"), p.W / 2, 300, 26, INK_DIM, anchor="center")
        left, right, first, row_h = self.rows_place()
        portrait = p.portrait
        for row, i in enumerate(range(self.scroll, min(len(self.sheets), self.scroll + VISIBLE))):
            m = self.sheets[i]
            y = first + row * row_h
            focused = i == self.focus
            p.record("button", p.rect(left, y, right - left, row_h - 6), local_time(m.finished_at, self.app.t))
            p.fill_rect(left, y, right - left, row_h - 6, (70, 120, 100) if focused else (40, 72, 64), radius=10)
            if focused:
                p.fill_rect(left, y, right - left, row_h - 6, GOLD, radius=10, width=2)
            if portrait:
                self._draw_portrait_row(p, m, y)
                continue
            top, bottom = y + 15, y + 38
            p.text(local_time(m.finished_at, t), 100, top, 22, INK, bold=True, anchor="midleft")
            if m.complete:
                status = t("history.finished", n=len(m.sheet))
            else:
                status = t("history.abandoned", n=len(m.sheet), total=m.hands)
            p.text(status, 100, bottom, 20, GOLD if m.complete else INK_DIM, anchor="midleft")
            p.text(t("game_name." + m.game), 430, top, 22, INK, anchor="midleft")
            p.text(rules_name(t, m), 430, bottom, 20, INK_DIM, anchor="midleft")
            totals = m.sheet[-1].totals if m.sheet else (0,) * m.players
            names = player_names(t, m)
            for k, (name, total) in enumerate(zip(names, totals, strict=True)):
                x = 720 + k * (460 / m.players)
                p.text(name, x, top, 20, INK_DIM, anchor="midleft")
                p.text(str(total), x, bottom, 22, GOLD if k == m.person else INK, bold=True, anchor="midleft")
        n = len(self.sheets)
        if n > VISIBLE:
            p.text(t("history.more", first=self.scroll + 1, last=min(n, self.scroll + VISIBLE), n=n), p.W / 2,
                   612 if not portrait else first + VISIBLE * row_h + 10, 20 if not portrait else 24, INK_DIM,
                   anchor="center")
        if n > VISIBLE:
            self.pages.draw(p, self.scroll > 0, self.scroll + VISIBLE < n)
        self.back.draw(p, focused=not self.sheets)

    def _draw_portrait_row(self, p: Painter, m: FinishedMatch, y: float) -> None:
        """One past match in three lines: when and how it ended, the game and rules, everyone's total."""
        t = self.app.t
        p.text(local_time(m.finished_at, t), 32, y + 22, 26, INK, bold=True, anchor="midleft")
        game = t("game_name." + m.game)
        p.text(game, 688, y + 22, 26, INK, anchor="midright")
        if m.complete:
            status = t("history.finished", n=len(m.sheet))
        else:
            status = t("history.abandoned", n=len(m.sheet), total=m.hands)
        p.text(status, 32, y + 54, 22, GOLD if m.complete else INK_DIM, anchor="midleft")
        rules = rules_name(t, m)
        p.text(rules, 688, y + 54, fitting_size(p, rules, 22, 300), INK_DIM, anchor="midright")
        totals = m.sheet[-1].totals if m.sheet else (0,) * m.players
        for k, (name, total) in enumerate(zip(player_names(t, m), totals, strict=True)):
            x = 32 + k * (656 / m.players)
            line = f"{name} {total}"
            p.text(line, x, y + 88, fitting_size(p, line, 24, 656 / m.players - 12, True),
                   GOLD if k == m.person else INK, bold=True, anchor="midleft")
