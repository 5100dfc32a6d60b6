"""Past matches: every kept score sheet, newest first, each opening in the score-sheet screen."""

from __future__ import annotations

import calendar
import time
from dataclasses import dataclass

import pygame

from ..i18n import Translator
from ..storage import FinishedMatch
from .layout import wide_button
from .painter import GOLD, INK, INK_DIM, Painter
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


def rules_name(t, m: FinishedMatch) -> str:  # type: ignore[no-untyped-def]
    """The preset a kept match was played by, or "custom" (Officers' Skat: its layout first)."""
    from .menu import matching_preset, option_keys

    state = {"game": m.game, **{k: getattr(m.rules, k) for k in option_keys(m.game)}}
    preset = t("preset." + matching_preset(state))
    if m.game == "officers":
        layout = t("opt.layout." + m.rules.officers_layout)
        return layout if matching_preset(state) != "custom" else f"{layout} · {preset}"
    return preset


def player_names(t, m: FinishedMatch) -> list[str]:  # type: ignore[no-untyped-def]
    from .table import AI_NAMES

    return [t("name.you") if p == m.person else AI_NAMES[p % len(AI_NAMES)] for p in range(m.players)]


class HistoryScene(Scene):
    portrait = True

    def rows_place(self) -> tuple[float, float, float, float]:
        """The list's left and right edges, first row's top and row height (portrait: three-line rows)."""
        return (80, 1200, TOP, ROW_H) if not self.app.painter.portrait else (16, 704, 110, 122)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
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
        from .sheet import SheetScene

        self.focus = i
        self.app.push(SheetScene(self.app, KeptSheet(self.sheets[i])))  # type: ignore[arg-type]

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


def tour_states(app):  # type: ignore[no-untyped-def]
    """The screenshot tour's part for these screens (see :mod:`skat.ui.shots`): past matches with a
    finished and a given-up sheet, one of them opened, the question before a match is given up, and
    a save failure shown at the table.  Yields a name for each state."""
    import random

    from ..engine.match import Match
    from ..engine.rules import ISKO, LOTHAR, OFFICERS
    from ..storage import MatchInProgress, Notice
    from .controller import MatchController
    from .menu import SetupScene, TitleScene
    from .overlays import ConfirmScene
    from .table import TableScene

    t = app.t
    store = app.services.store
    app.services.abandon_match()
    for i, (game, rules, players, hands, stop) in enumerate((
        ("officers", OFFICERS, 2, 4, None),
        ("skat", LOTHAR.with_options(seeger_fabian=True), 3, 36, 7),
        ("skat", ISKO, 3, 6, None),
    )):
        match, rng = Match(game, rules, players=players, hands=hands, seed=i + 1), random.Random(i)
        while not match.finished and (stop is None or len(match.sheet) < stop):
            hand = match.current
            if hand is None or (hand.done and match.next_hand() is None):
                break
            if not hand.done:
                match.apply(rng.choice(hand.legal_actions()))
        store.finish_match(MatchInProgress(match, id=f"tour-{i}"))
    app.stack.reset(TitleScene(app))
    app.push(HistoryScene(app))
    app.frame(0.02)
    yield "18-past-matches"
    app.stack.top.open(1)
    app.frame(0.02)
    yield "18b-past-match-sheet"
    app.stack.reset(TitleScene(app))
    app.push(SetupScene(app))  # where the question comes: Start with a match in progress
    ask = t("confirm.new_text", game=t("game_name.skat"), n=4, total=36)
    app.push(ConfirmScene(app, t("confirm.new_title"), ask, t("confirm.new_yes"), t("confirm.new_no"), app.pop))
    app.frame(0.02)
    yield "19-confirm-new-match"
    app.stack.reset(TitleScene(app))
    match = Match("skat", ISKO, players=3, hands=36, seed=2, first_dealer=2)
    app.push(TableScene(app, MatchController(match, human=0, seed=2)))
    app.stack.top.skip()
    store.notices.append(Notice("", "save_failed", "match", reason="read_only", where="/home/player/.local/share/skat"))
    app.services.save_match(app.stack.top.c)  # the notice comes with a save, as in play
    app.frame(0.02)
    yield "20-save-failed-at-the-table"
    app.services.notices_read()
    # Damaged files found at the start: told over the title, one under the other.
    for doc in ("match", "statistics"):
        store.storage.save(doc, "{damaged")
    app.services.statistics()
    app.services.abandon_match()
    app.stack.reset(TitleScene(app))
    app.frame(0.02)
    yield "21-damaged-files-at-the-title"
    app.services.notices_read()
    app.stack.reset(TitleScene(app))
