"""The statistics screen: the person's record by role, game type, strength and rule set,
Seeger-Fabian per list, and a chart of their results over time; Skat and Officers' Skat apart.

The statistics are read once when the screen opens (a frame only draws what was read); a recount
from the kept sheets, offered where an older version's totals are not broken down, is stepped a
few milliseconds per frame with a line saying how far it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from ..engine.games import GAMES as GAME_KINDS
from ..stats import TYPE_ORDER, GameStats, Statistics, Tally, ratio
from ..storage import StatisticsRebuild
from .chart import Box, Series, draw_bar_chart, draw_line_chart
from .game_names import Contract, game_name
from .history import local_time
from .layout import TOUCH_H, wide_button
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ScrollButtons, draw_title, fitting_size

GAMES = tuple(GAME_KINDS)
"""The games by name, in the order of their buttons."""
PAGES = ("roles", "types", "strength", "rules", "lists", "progress")
STRENGTH_ORDER = ("easy", "normal", "strong", "expert")
RULES_ORDER = ("isko", "lothar", "stammtisch", "custom", "officers", "harlequin", "admirals")
CHART_MATCHES = 60
"""The most matches the chart over time shows (the latest)."""
REBUILD_BUDGET = 0.004
"""Seconds of a frame the recount may take."""


@dataclass(frozen=True)
class Column:
    heading: str
    value: Callable[[Tally], str]
    width: float


class StatsScene(Scene):
    portrait = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = "skat"
        self.page = "roles"
        self.scroll = 0
        self.rebuild: StatisticsRebuild | None = None  # while recounting
        self.told = ""
        self.stats: Statistics = app.services.statistics()  # a damaged file is told here, not later
        if not self.of("skat").hands_played and self.of("officers").hands_played:
            self.game = "officers"

    # ------------------------------------------------------------ what is shown
    def of(self, game: str) -> GameStats:
        return self.stats.of(game)

    @property
    def pages(self) -> tuple[str, ...]:
        """Officers' Skat has no Seeger-Fabian, so no lists."""
        return PAGES if GAME_KINDS[self.game].seeger_fabian else tuple(p for p in PAGES if p != "lists")

    @property
    def portrait_canvas(self) -> bool:
        return self.app.painter.portrait

    def enter(self) -> None:
        t = self.app.t
        p = self.app.painter
        portrait = p.portrait
        self.back = Button(*wide_button(p.W, p.H, (490, 650, 300, 56), 1186), t("btn.back"), self.app.pop,
                           size=26 if not portrait else 30)
        if portrait:
            game_boxes = [(20.0, 80.0, 330.0, TOUCH_H), (370.0, 80.0, 330.0, TOUCH_H)]  # touch-sized
        else:
            game_boxes = [(900.0, 22.0, 170.0, 46.0), (1080.0, 22.0, 170.0, 46.0)]
        self.game_buttons = [Button(*box, t("game_name." + g), partial(self.choose_game, g), size=22 + 6 * portrait,
                                    selected=g == self.game) for box, g in zip(game_boxes, GAMES, strict=True)]
        pages = self.pages
        self.tabs = []
        for i, page in enumerate(pages):
            tab: tuple[float, float, float, float]
            if portrait:
                col, row = i % 3, i // 3
                tab = (20 + col * 230, 172 + row * 92, 220, TOUCH_H)
            else:
                w = 1200 / len(pages)
                tab = (40 + i * w, 82, w - 10, 50)
            x, y, w, h = tab
            self.tabs.append(Button(x, y, w, h, t("stats.tab." + page), partial(self.choose_page, page),
                                    size=22 + 6 * portrait, selected=page == self.page))
        self.pages_buttons = (ScrollButtons((20, 1094, 120, TOUCH_H), (580, 1094, 120, TOUCH_H)) if portrait
                              else ScrollButtons((1100, 652, 64, 52), (1176, 652, 64, 52)))
        rebuild_box: tuple[float, float, float, float] = (20, 1094, 680, TOUCH_H) if portrait else (40, 652, 400, 52)
        self.rebuild_button = Button(*rebuild_box, t("stats.rebuild"), self.start_rebuild, size=22 + 6 * portrait)

    def choose_game(self, game: str) -> None:
        self.game, self.scroll = game, 0
        if self.page not in self.pages:
            self.page = "roles"
        self.enter()

    def choose_page(self, page: str) -> None:
        self.page, self.scroll = page, 0
        self.enter()

    def step_page(self, step: int) -> None:
        pages = self.pages
        self.choose_page(pages[(pages.index(self.page) + step) % len(pages)])

    # ------------------------------------------------------------ recounting
    @property
    def can_rebuild(self) -> bool:
        return self.page == "roles" and self.rebuild is None and any(self.of(g).earlier for g in GAMES)

    def start_rebuild(self) -> None:
        self.rebuild = self.app.services.rebuild_statistics()
        self.told = ""

    def update(self, dt: float) -> None:
        self.app.services.show_notices()  # over this screen, which then says why it is empty
        job = self.rebuild
        if job is not None and job.step(REBUILD_BUDGET):
            self.rebuild = None
            if self.app.services.rebuilt(job):
                self.told = self.app.t("stats.rebuilt", n=job.job.count)
            self.stats = self.app.services.statistics()

    # ------------------------------------------------------------ input
    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE):
                self.app.pop()
            elif ev.key in (pygame.K_RIGHT, pygame.K_TAB):
                self.step_page(1)
            elif ev.key == pygame.K_LEFT:
                self.step_page(-1)
            elif ev.key == pygame.K_g:
                self.choose_game(GAMES[(GAMES.index(self.game) + 1) % len(GAMES)])
            elif ev.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.turn(1)
            elif ev.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.turn(-1)
            return
        if ev.kind == "wheel":
            self.turn(-ev.dy)
            return
        if ev.kind != "down":
            return
        for b in (self.back, *self.game_buttons, *self.tabs):
            if b.contains(ev.pos):
                b.action()
                return
        if self.can_rebuild and self.rebuild_button.contains(ev.pos):
            self.rebuild_button.action()
            return
        if self.more():
            step = self.pages_buttons.press(ev.pos)
            if step:
                self.turn(step)

    # ------------------------------------------------------------ paging
    def rows_shown(self) -> int:
        """Table rows or lists on one page."""
        if self.page == "lists":
            return 5 if self.portrait_canvas else 9
        return 10

    def row_count(self) -> int:
        if self.page == "lists":
            return len(self.stats.lists)
        if self.page in ("types", "strength", "rules"):
            return len(self.table_rows())
        return 0

    def more(self) -> bool:
        return self.row_count() > self.rows_shown()

    def turn(self, step: int) -> None:
        n, shown = self.row_count(), self.rows_shown()
        self.scroll = min(max(0, n - shown), max(0, self.scroll + step * shown))

    # ------------------------------------------------------------ numbers as a player reads them
    def pct(self, value: float | None) -> str:
        return "–" if value is None else self.app.t("fmt.percent", n=self.app.t.number(100 * value))

    def avg(self, total: float, n: int, sign: bool = False) -> str:
        return "–" if not n else self.app.t.number(total / n, 1, sign=sign)

    def of_total(self, n: int, total: int) -> str:
        return f"{n} ({self.pct(ratio(n, total))})" if total else "0"

    # ------------------------------------------------------------ drawing
    def draw(self, p: Painter) -> None:
        t = self.app.t
        portrait = p.portrait
        draw_title(p, t("menu.stats"), 44, 52 if not portrait else 48)
        for b in self.game_buttons:
            b.selected = b.label == t("game_name." + self.game)
            b.draw(p)
        for b, page in zip(self.tabs, self.pages, strict=True):
            b.selected = page == self.page
            b.draw(p, focused=page == self.page)
        g = self.of(self.game)
        top = 150 if not portrait else 362
        if not g.hands_played and self.page != "progress":
            p.text(t("stats.none"), p.W / 2, top + 150, 26 + 4 * portrait, INK_DIM, anchor="center")
        else:
            {"roles": self.draw_roles, "types": self.draw_table, "strength": self.draw_table,
             "rules": self.draw_table, "lists": self.draw_lists, "progress": self.draw_progress}[self.page](p, g, top)
        if self.more():
            n, shown = self.row_count(), self.rows_shown()
            self.pages_buttons.draw(p, self.scroll > 0, self.scroll + shown < n)
        self.back.draw(p, focused=True)

    def draw_roles(self, p: Painter, g: GameStats, top: float) -> None:
        t = self.app.t
        a = g.all
        sf = GAME_KINDS[self.game].seeger_fabian
        overall = [(t("stats.hands"), str(a.hands)), (t("stats.matches"), str(g.matches_finished)),
                   (t("stats.score"), f"{a.score:+d}"), (t("stats.average"), self.avg(a.score, a.hands, True))]
        if sf and a.sf_hands:
            overall.append((t("stats.sf_average"), self.avg(a.seeger, a.sf_hands, True)))
        if a.ramsch:
            overall.append((t("stats.ramsch"), t("stats.of", n=a.ramsch_won, total=a.ramsch)))
        if a.passed:
            overall.append((t("stats.passed"), str(a.passed)))
        declarer = [(t("stats.games"), str(a.declared)), (t("stats.won"), str(a.declared_won)),
                    (t("stats.lost"), str(a.declared_lost)),
                    (t("stats.win_rate"), self.pct(ratio(a.declared_won, a.declared))),
                    (t("stats.avg_value"), self.avg(a.declared_value, a.valued)),
                    (t("stats.avg_points"), self.avg(a.declared_score, a.declared, True))]
        defender = [(t("stats.defended"), str(a.defended)),
                    (t("stats.defence_won"), self.of_total(a.defence_won, a.defended))]
        if a.defence_side_cards:  # counted where two defend together (Skat)
            defender.append((t("stats.defence_share"), self.pct(ratio(a.defence_cards, a.defence_side_cards))))
        blocks = [(t("stats.overall"), overall), (t("stats.declarer"), declarer), (t("stats.defender"), defender)]
        if p.portrait:
            y = top
            step = 33 if (g.earlier or self.rebuild is not None or self.told) else 37  # room for the recount
            for title, lines in blocks:
                p.text(title, 30, y, 32, GOLD, bold=True)
                y += 44
                for label, value in lines:
                    p.text(label, 44, y, fitting_size(p, label, 27, 480), INK_DIM)
                    p.text(value, 690, y, 27, INK, bold=True, anchor="topright")
                    y += step
                y += 12
            note_y = y + 4
            width = 660
            left = 30
        else:
            x = 40.0
            for title, lines in blocks:
                y = top + 10
                p.text(title, x + 10, y, 28, GOLD, bold=True)
                y += 44
                for label, value in lines:
                    p.fill_rect(x, y - 4, 385, 34, (30, 60, 54), radius=6)
                    p.text(label, x + 12, y + 13, fitting_size(p, label, 21, 270), INK_DIM, anchor="midleft")
                    p.text(value, x + 373, y + 13, 22, INK, bold=True, anchor="midright")
                    y += 40
                x += 407
            note_y = 540.0
            width = 1200
            left = 40
        if g.earlier:
            line = t("stats.earlier", n=g.earlier)
            p.text(line, left, note_y, fitting_size(p, line, 20 + 4 * p.portrait, width), INK_DIM)
        job = self.rebuild
        if job is not None:
            line = t("stats.rebuilding", n=job.job.count, total=job.total)
            p.text(line, left, note_y + 34, 22 + 4 * p.portrait, GOLD)
        elif self.told:
            p.text(self.told, left, note_y + 34, 22 + 4 * p.portrait, GOLD)
        if self.can_rebuild:
            self.rebuild_button.draw(p)

    # ------------------------------------------------------------ tables: game types, strength, rules
    def type_name(self, key: str) -> str:
        t = self.app.t
        if key.startswith("null"):
            return game_name(t, Contract("null", hand=key.endswith("_hand"), ouvert="ouvert" in key))
        return game_name(t, Contract(key))

    def table_rows(self) -> list[tuple[str, Tally]]:
        g = self.of(self.game)
        t = self.app.t
        if self.page == "types":
            types = sorted(g.by_type.items(), key=lambda kv: TYPE_ORDER.get(kv[0], 99))
            return [(self.type_name(k), v) for k, v in types]
        if self.page == "strength":
            order = {k: i for i, k in enumerate(STRENGTH_ORDER)}
            strengths = sorted(g.by_strength.items(), key=lambda kv: order.get(kv[0], 9))
            return [(t("strength." + k), v) for k, v in strengths]
        order = {k: i for i, k in enumerate(RULES_ORDER)}
        names = {"isko": "preset.isko", "lothar": "preset.lothar", "stammtisch": "preset.stammtisch",
                 "custom": "preset.custom"}
        return [(t(names.get(k, "opt.layout." + k)), v)
                for k, v in sorted(g.by_rules.items(), key=lambda kv: order.get(kv[0], 9))]

    def columns(self) -> list[Column]:
        t = self.app.t

        def won_lost(v: Tally) -> str:
            if v.ramsch and not v.declared:
                return f"{v.ramsch_won} / {v.ramsch - v.ramsch_won}"
            return f"{v.declared_won} / {v.declared_lost}"

        def rate(v: Tally) -> str:
            if v.ramsch and not v.declared:
                return self.pct(ratio(v.ramsch_won, v.ramsch))
            return self.pct(ratio(v.declared_won, v.declared))

        def declared(v: Tally) -> str:
            return str(v.declared or v.ramsch)

        portrait = self.portrait_canvas
        if self.page == "types":
            value = Column(t("stats.col.value"), lambda v: self.avg(v.declared_value, v.valued), 110)
            defended = Column(t("stats.col.defended"), lambda v: str(v.defended) if v.defended else "–", 110)
            defence = Column(t("stats.col.defence_rate"), lambda v: self.pct(ratio(v.defence_won, v.defended)), 120)
            if portrait:  # the average value is on the overview; the defence stays
                return [Column(t("stats.col.declared"), declared, 104), Column(t("stats.col.won_lost"), won_lost, 110),
                        Column(t("stats.col.rate"), rate, 84),
                        Column(t("stats.col.points"), lambda v: f"{v.score:+d}", 96), defence]
            return [Column(t("stats.col.declared"), declared, 90), Column(t("stats.col.won_lost"), won_lost, 130),
                    Column(t("stats.col.rate"), rate, 100), value,
                    Column(t("stats.col.points"), lambda v: f"{v.score:+d}", 120), defended, defence]
        cols = [Column(t("stats.col.hands"), lambda v: str(v.hands), 84 if portrait else 90),
                Column(t("stats.col.average"), lambda v: self.avg(v.score, v.hands, True), 120),
                Column(t("stats.col.won_lost"), won_lost_declared, 110 if portrait else 130),
                Column(t("stats.col.rate"), lambda v: self.pct(ratio(v.declared_won, v.declared)),
                       84 if portrait else 100)]
        if portrait:
            cols.append(Column(t("stats.col.defence_rate"), lambda v: self.pct(ratio(v.defence_won, v.defended)), 120))
        else:
            cols += [Column(t("stats.col.points"), lambda v: f"{v.score:+d}", 120),
                     Column(t("stats.col.defence_rate"), lambda v: self.pct(ratio(v.defence_won, v.defended)), 130)]
            if GAME_KINDS[self.game].seeger_fabian and self.of(self.game).all.sf_hands:
                cols.append(Column(t("stats.col.sf"), lambda v: self.avg(v.seeger, v.sf_hands, True), 130))
        return cols

    def draw_table(self, p: Painter, g: GameStats, top: float) -> None:
        t = self.app.t
        portrait = p.portrait
        rows = self.table_rows()
        cols = self.columns()
        size = 24 if portrait else 21
        step = 62 if portrait else 38
        left, right = (20, 700) if portrait else (40, 1240)
        name_w = (right - left) - sum(c.width for c in cols) - 16
        head = {"types": "stats.col.type", "strength": "stats.col.strength", "rules": "stats.col.rules"}[self.page]
        y = top + 10
        heading = t(head)
        p.text(heading, left + 12, y + 14, fitting_size(p, heading, size, name_w - 8, True), INK_DIM, bold=True,
               anchor="midleft")
        x = left + name_w
        for c in cols:
            x += c.width
            p.text(c.heading, x - 8, y + 14, fitting_size(p, c.heading, size, c.width - 12, True), INK_DIM, bold=True,
                   anchor="midright")
        y += step - (10 if portrait else 4)
        shown = rows[self.scroll : self.scroll + self.rows_shown()]
        for i, (name, v) in enumerate(shown):
            band = step - 6
            if i % 2 == 0:
                p.fill_rect(left, y - 4, right - left, band, (30, 60, 54), radius=6)
            mid = y - 4 + band / 2
            name = name[:1].upper() + name[1:]  # "leicht", "custom": a row's heading
            p.text(name, left + 12, mid, fitting_size(p, name, size, name_w - 12), INK, anchor="midleft")
            x = left + name_w
            for c in cols:
                x += c.width
                value = c.value(v)
                p.text(value, x - 8, mid, fitting_size(p, value, size, c.width - 12), INK, anchor="midright")
            y += step
        note = {"types": "stats.ramsch_note" if any(v.ramsch for _, v in rows) else "",
                "strength": "stats.strength_note", "rules": "stats.rules_note"}[self.page]
        if note:
            line = t(note)
            ny = y + 16  # under the last row shown
            p.text(line, left, ny, fitting_size(p, line, 20 + 4 * portrait, right - left), INK_DIM, anchor="midleft")

    # ------------------------------------------------------------ Seeger-Fabian per list
    def draw_lists(self, p: Painter, g: GameStats, top: float) -> None:
        t = self.app.t
        lists = self.stats.lists
        portrait = p.portrait
        if not lists:
            for i, line in enumerate(p.wrap(t("stats.no_lists"), p.W - 120, 24 + 4 * portrait)):
                p.text(line, p.W / 2, top + 120 + i * 36, 24 + 4 * portrait, INK_DIM, anchor="center")
            return
        # The table: newest first, a page at a time.
        n = len(lists)
        order = list(range(n - 1, -1, -1))
        shown = order[self.scroll : self.scroll + self.rows_shown()]
        if portrait:
            table_x, table_w, table_y, step, size = 20.0, 680.0, top + 405, 52.0, 24
            chart = Box(24, top + 8, 672, 300, 22)
        else:
            table_x, table_w, table_y, step, size = 40.0, 520.0, top + 6, 40.0, 21
            chart = Box(600, top + 6, 640, 440, 19)
        widths = (table_w * 0.42, table_w * 0.22, table_w * 0.18, table_w * 0.18)
        heads = (t("stats.col.list"), t("stats.col.sf_points"), t("stats.won"), t("stats.lost"))
        x = table_x
        for i, (w, h) in enumerate(zip(widths, heads, strict=True)):
            anchor = "midleft" if i == 0 else "midright"
            hx = x + 12 if i == 0 else x + w - 8
            p.text(h, hx, table_y + 14, fitting_size(p, h, size, w - 14, True), INK_DIM, bold=True, anchor=anchor)
            x += w
        y = table_y + step
        for row, i in enumerate(shown):
            sf = lists[i]
            band = step - 6
            if row % 2 == 0:
                p.fill_rect(table_x, y - 4, table_w, band, (30, 60, 54), radius=6)
            mid = y - 4 + band / 2
            name = t("stats.list_n", n=i + 1)
            if sf.running:
                name += " · " + t("stats.list_running", n=sf.hands)
            cells = (name, f"{sf.seeger:+d}", str(sf.won), str(sf.lost))
            x = table_x
            for k, (w, cell) in enumerate(zip(widths, cells, strict=True)):
                color = GOLD if k == 0 and sf.running else INK
                if k == 0:
                    p.text(cell, x + 12, mid, fitting_size(p, cell, size, w - 14), color, anchor="midleft")
                else:
                    p.text(cell, x + w - 8, mid, fitting_size(p, cell, size, w - 14), color, bold=k == 1,
                           anchor="midright")
                x += w
            y += step
        # The chart: the latest lists' Seeger-Fabian, a running one as an outline.
        last = lists[-20:]
        first = n - len(last)
        draw_bar_chart(p, chart, t, [sf.seeger for sf in last], [str(first + i + 1) for i in range(len(last))],
                       t("stats.chart.lists"), t("stats.chart.sf_per_list"), last_running=lists[-1].running)
        note = t("stats.lists_note")
        ny = top + 326 if portrait else 612.0  # portrait: between the chart and the table
        for k, line in enumerate(p.wrap(note, (p.W - 60) if portrait else 1200, 20 + 2 * portrait)):
            p.text(line, 30 if portrait else 40, ny + k * 26, 20 + 2 * portrait, INK_DIM, anchor="midleft")

    # ------------------------------------------------------------ results over time
    def draw_progress(self, p: Painter, g: GameStats, top: float) -> None:
        t = self.app.t
        portrait = p.portrait
        lines = [m for m in self.stats.matches if m.game == self.game]
        if not lines:
            p.text(t("stats.no_matches"), p.W / 2, top + 150, 26 + 4 * portrait, INK_DIM, anchor="center")
            return
        shown = lines[-CHART_MATCHES:]
        first = len(lines) - len(shown)
        score = [0.0]
        sf = [0.0]
        for m in shown:
            score.append(score[-1] + m.score)
            sf.append(sf[-1] + m.seeger)
        series = [Series(t("stats.chart.running"), score, GOLD)]
        if any(m.seeger_fabian for m in shown):
            series.append(Series(t("stats.chart.sf_running"), sf, (120, 190, 240)))
        box = Box(24, top + 20, 672, 700, 22) if portrait else Box(50, top + 6, 1180, 446, 19)
        draw_line_chart(p, box, t, series, t("stats.chart.matches"), t("stats.chart.points"), start=first)
        parts = []
        if first:
            parts.append(t("stats.chart.last", n=len(shown), total=len(lines)))
        stamps = [m.when for m in shown if m.when]
        if stamps:
            parts.append(t("stats.chart.span", first=local_time(stamps[0], t), last=local_time(stamps[-1], t)))
        if parts:
            line = " · ".join(parts)
            p.text(line, p.W / 2, box.bottom + 28, fitting_size(p, line, 20 + 4 * portrait, p.W - 60), INK_DIM,
                   anchor="center")


def won_lost_declared(v: Tally) -> str:
    return f"{v.declared_won} / {v.declared_lost}"
