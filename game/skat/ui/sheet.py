"""The score sheet: every hand, running totals, Seeger-Fabian, Net, winner."""

from __future__ import annotations

from typing import Any

import pygame

from ..engine.errors import IllegalActionError
from ..engine.match import Match
from .analysis_view import hand_of_match
from .chart import PLAYER_COLORS, Box, Series, draw_line_chart
from .controller import MatchController
from .game_names import game_name, of_result
from .layout import LANDSCAPE_SHEET, PORTRAIT_SHEET, SheetGeometry
from .painter import GOLD, INK, INK_DIM, Painter
from .player_names import player_name
from .scene import Input, Scene
from .widgets import Button, ScrollButtons, draw_title, fitting_size


class SheetScene(Scene):
    portrait = True

    def __init__(self, app, controller: MatchController, final: bool = False) -> None:
        super().__init__(app)
        self.c = controller
        self.final = final
        self.scroll = 0
        self.selected = len(controller.match.sheet) - 1
        """The row the Analysis and Replay buttons open (the last hand at first)."""
        self.chart = False
        """The running totals drawn as a chart instead of the lines (key C)."""

    def enter(self) -> None:
        t = self.app.t
        label = t("sheet.to_title") if self.final else t("btn.back")
        back, analysis, replay, chart = self.geo.buttons
        self.back = Button(*back, label, self.close)
        self.tools = [
            Button(*analysis, t("analysis.button"), self.analysis),
            Button(*replay, t("replay.button"), self.replay),
        ]
        size = 22 if not self.app.painter.portrait else 26
        self.chart_button = Button(*chart, t("sheet.table" if self.chart else "sheet.chart"), self.toggle_chart,
                                   size=size, selected=self.chart)
        for b in self.tools:
            b.enabled = self.selected >= 0 and self.replayable
        # Either side of the title: a page of lines up and down without a wheel or keys.
        self.pages = (ScrollButtons((16, 14, 110, 84), (594, 14, 110, 84)) if self.app.painter.portrait
                      else ScrollButtons((1120, 28, 50, 44), (1176, 28, 50, 44)))

    def toggle_chart(self) -> None:
        self.chart = not self.chart
        self.enter()

    def turn_page(self, step: int) -> None:
        self.scroll = min(max(0, len(self.c.match.sheet) - 12), max(0, self.scroll + step * 12))

    @property
    def replayable(self) -> bool:
        """Whether the hands can be rebuilt: always in a match being played; a kept sheet only when it
        was kept with its deals (older versions kept the lines alone)."""
        return bool(getattr(self.c.match, "replayable", True))

    @property
    def geo(self) -> SheetGeometry:
        return PORTRAIT_SHEET if self.app.painter.portrait else LANDSCAPE_SHEET

    def _hand_view(self):
        """The selected hand rebuilt, or None (with a notice) when its kept deal does not replay."""
        m = self.c.match
        try:
            view = hand_of_match(m, self.selected, self.names(m), self.c.human)
            if self.selected < len(m.sheet) and view.hand.result != m.sheet[self.selected].result:
                raise ValueError("the kept deal does not end as the sheet says")
            return view
        except (IllegalActionError, ValueError, IndexError):
            self.app.notify(self.app.t("sheet.bad_record", n=self.selected + 1))
            self.app.services.show_notices()
            return None

    def analysis(self) -> None:
        if self.selected >= 0 and self.replayable and (view := self._hand_view()) is not None:
            self.app.screens.open("analysis", view)

    def replay(self) -> None:
        if self.selected >= 0 and self.replayable and (view := self._hand_view()) is not None:
            self.app.screens.open("replay", view)

    def select(self, row: int) -> None:
        m = self.c.match
        if not m.sheet:
            return
        self.selected = max(0, min(len(m.sheet) - 1, row))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + 12:
            self.scroll = self.selected - 11

    def row_at(self, pos: tuple[float, float]) -> int | None:
        """The sheet row drawn at ``pos``."""
        g = self.geo
        if not g.row_x[0] <= pos[0] <= g.row_x[1] or pos[1] < g.row_y - 2:
            return None
        i = int((pos[1] - g.row_y + 2) // g.row_step)
        row = self.scroll + i
        return row if i < 12 and row < len(self.c.match.sheet) else None

    def close(self) -> None:
        if self.final:
            self.app.screens.reset("title")
        else:
            self.app.pop()

    def handle(self, ev: Input) -> None:
        m = self.c.match
        if ev.kind == "key":
            if ev.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.close()
            elif ev.key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif ev.key == pygame.K_UP:
                self.select(self.selected - 1)
            elif ev.key == pygame.K_a:
                self.analysis()
            elif ev.key == pygame.K_r:
                self.replay()
            elif ev.key == pygame.K_c:
                self.toggle_chart()
        elif ev.kind == "wheel":
            self.scroll = min(max(0, len(m.sheet) - 12), max(0, self.scroll - ev.dy))
        elif ev.kind == "down" and self.back.contains(ev.pos):
            self.close()
        elif ev.kind == "down" and self.chart_button.contains(ev.pos):
            self.toggle_chart()
        elif ev.kind == "down" and self.chart:
            for b in self.tools:
                if b.enabled and b.contains(ev.pos):
                    b.action()
        elif ev.kind == "down" and len(m.sheet) > 12 and self.pages.press(ev.pos):
            self.turn_page(self.pages.press(ev.pos))
        elif ev.kind == "down":
            for b in self.tools:
                if b.enabled and b.contains(ev.pos):
                    b.action()
                    return
            row = self.row_at(ev.pos)
            if row is not None:
                self.select(row)

    def hinted(self) -> set[int]:
        """Hands played with a hint: the controller's (match in progress) or the kept sheet's."""
        marks = getattr(self.c, "hinted", None)
        return set(marks if marks is not None else getattr(self.c.match, "hinted", ()))

    def names(self, m: Match) -> list[str]:
        return [player_name(self.app.t, p, self.c.human) for p in range(m.players)]

    def draw(self, p: Painter) -> None:
        t = self.app.t
        m = self.c.match
        g = self.geo
        size = g.size
        p.panel(*g.panel, alpha=245)
        draw_title(p, t("sheet.title"), 52, 40)
        names = self.names(m)
        sf = m.rules.seeger_fabian and m.kind.seeger_fabian
        cols = g.cols
        x_players = [g.players_x + i * (g.players_w / m.players) for i in range(m.players)]
        if self.chart:
            self.draw_chart(p, names, sf)
            for x, n in zip(x_players, names, strict=True):  # whose totals these are, as above the lines
                p.text(n, x, g.totals_y - 36, fitting_size(p, n, size, g.players_w / m.players - 6, True), INK_DIM,
                       bold=True)
        else:
            self.draw_lines(p, names, sf, x_players)
        st = m.standings()
        y = g.totals_y
        p.line((cols[0], y - 8), (g.row_x[1] - 10, y - 8), INK_DIM)
        lines: list[tuple[str, str | None]] = [(t("sheet.total"), "score")]
        if sf:
            lines.append((t("sheet.seeger"), "seeger_fabian"))
        lines += [(t("sheet.won_lost"), None), (t("sheet.net"), "net")]
        for label, key in lines:
            p.text(label, cols[1], y, fitting_size(p, label, size, x_players[0] - cols[1] - 8, True), INK_DIM,
                   bold=True)
            for x, standing in zip(x_players, st, strict=True):
                val = f"{standing['won']} / {standing['lost']}" if key is None else str(standing[key])
                p.text(val, x, y, fitting_size(p, val, size, g.players_w / m.players - 6), INK)
            y += g.total_step
        self.draw_foot(p, names, st, y)

    def draw_chart(self, p: Painter, names: list[str], sf: bool) -> None:
        """Each player's running total after every hand (Seeger-Fabian where it ranks), from 0."""
        t = self.app.t
        m = self.c.match
        x, y, w, h = self.geo.chart
        order = [self.c.human] + [q for q in range(m.players) if q != self.c.human]
        series: list[Series] = []
        for q in order:
            run, acc = [0.0], 0
            for row in m.sheet:
                acc += row.seeger[q] if sf else row.changes[q]
                run.append(float(acc))
            series.append(Series(names[q], run, PLAYER_COLORS[len(series) % len(PLAYER_COLORS)]))
        box = Box(x, y, w, h, 19 if not p.portrait else 22)
        draw_line_chart(p, box, t, series, t("sheet.chart_hands"), t("sheet.chart_sf" if sf else "sheet.chart_score"))

    def draw_lines(self, p: Painter, names: list[str], sf: bool, x_players: list[float]) -> None:
        t = self.app.t
        m = self.c.match
        g = self.geo
        size = g.size
        cols = g.cols
        y = g.head_y
        heads = ["#", t("sheet.declarer"), t("sheet.game"), t("sheet.bid"), t("sheet.value")]
        for i, (x, label) in enumerate(zip(cols, heads, strict=True)):
            room = (cols[i + 1] if i + 1 < len(cols) else x_players[0]) - x - 8
            p.text(label, x, y, fitting_size(p, label, size, room, True), INK_DIM, bold=True)
        for x, n in zip(x_players, names, strict=True):
            p.text(n, x, y, fitting_size(p, n, size, g.players_w / m.players - 6, True), INK_DIM, bold=True)
        y = g.row_y
        # Running Seeger-Fabian totals, shown beside the plain totals when the option is on.
        sf_running: list[tuple[int, ...]] = []
        acc = [0] * m.players
        for row in m.sheet:
            acc = [a + d for a, d in zip(acc, row.seeger, strict=True)]
            sf_running.append(tuple(acc))
        rows = m.sheet[self.scroll : self.scroll + 12]
        hinted = self.hinted()
        for row in rows:
            r = row.result
            band = g.row_step - 1
            ty = y + (band - 27) / 2  # the text's top, in the middle of its band
            if row.number - 1 == self.selected:
                p.fill_rect(g.row_x[0], y - 3, g.row_x[1] - g.row_x[0], band, (60, 90, 80), radius=6)
            who = names[row.declarer] if row.declarer is not None else "–"
            p.text(str(row.number), cols[0], ty, size, INK)
            if row.round:  # a Bock (B, counted double) or Ramsch round's (R) game, rules decisions 40-43
                mark = t("sheet.round_mark." + row.round)
                p.text(mark, cols[0] + p.text_width(str(row.number), size) + 3, ty + size * 0.25, size * 0.7, GOLD,
                       bold=True)
            p.text(who, cols[1], ty, fitting_size(p, who, size, cols[2] - cols[1] - 8), INK)
            game = game_name(t, of_result(r), short=True)
            p.text(game, cols[2], ty, fitting_size(p, game, size, cols[3] - cols[2] - 8), INK)
            p.text(str(r.bid) if r.bid else "", cols[3], ty, size, INK)
            value = r.value * row.factor  # a Bock line's value as it counts, doubled
            p.text(f"{value:+d}" if value else "0", cols[4], ty, size, GOLD if row.factor != 1 else INK)
            for i, (x, total) in enumerate(zip(x_players, row.totals, strict=True)):
                p.text(str(total), x, ty, size, INK)
                if i == self.c.human and row.number in hinted:  # the person used a hint in this hand
                    p.text("*", x - 16, ty, size, GOLD, bold=True)
                if sf and g.seeger_columns:
                    sf_text = f"SF {sf_running[row.number - 1][i]}"  # at four, kept clear of the next column
                    p.text(sf_text, x + 62, ty, fitting_size(p, sf_text, 20, g.players_w / m.players - 70), INK_DIM)
            y += g.row_step

    def draw_foot(self, p: Painter, names: list[str], st: list[dict[str, Any]], y: float) -> None:
        """The chosen hand in full, the winner or how far the match is, the buttons and the hints."""
        t = self.app.t
        m = self.c.match
        g = self.geo
        size = g.size
        cols = g.cols
        hinted = self.hinted()
        if 0 <= self.selected < len(m.sheet):
            # The chosen hand's game in full, as a Skat list reads it out.
            row = m.sheet[self.selected]
            game = game_name(t, of_result(row.result))
            if row.declarer is None:
                detail = t("sheet.detail_nobody", n=row.number, game=game)
            else:
                detail = t("sheet.detail", n=row.number, name=names[row.declarer], game=game)
            p.text(detail, p.W / 2, y + 12, fitting_size(p, detail, size, p.W - 160), GOLD, anchor="center")
            y += g.total_step
        if m.finished:
            winner = min(st, key=lambda r: r["rank"])
            you = winner["player"] == self.c.human  # "You win", not "You wins"
            line = t("sheet.winner_you") if you else t("sheet.winner", name=names[winner["player"]])
            p.text(line, p.W / 2, y + 20, 34, GOLD, bold=True, anchor="center")
        else:
            progress = t("sheet.progress", n=len(m.sheet), total=m.hands)
            waiting = m.rounds_waiting() if hasattr(m, "rounds_waiting") else {}
            if waiting:  # how many Bock and Ramsch-round games are still to come
                progress += " · " + " · ".join(t("sheet.waiting." + k, n=n) for k, n in waiting.items())
            p.text(progress, p.W / 2, y + 20, fitting_size(p, progress, size, p.W - 80), INK_DIM, anchor="center")
        left = cols[0]
        marks = [t("sheet.hint_mark")] if hinted else []
        if any(row.round for row in m.sheet):  # the legend of the Bock and Ramsch-round marks
            marks.append(t("sheet.round_legend"))
        if marks:
            legend = " · ".join(marks)
            room = 420 if g is LANDSCAPE_SHEET else p.W - 2 * left
            p.text(legend, left, g.mark_y, fitting_size(p, legend, 18, room), GOLD, anchor="midleft")
        if len(m.sheet) > 12 and not self.chart:
            self.pages.draw(p, self.scroll > 0, self.scroll + 12 < len(m.sheet))
        self.chart_button.draw(p)
        self.back.draw(p, focused=True)
        for b in self.tools:
            b.draw(p)
        if m.sheet and not self.replayable:
            why = t("sheet.no_record")
            p.text(why, 640, 628, fitting_size(p, why, 18, 1160), INK_DIM, anchor="center")
        elif m.sheet and not self.chart:
            hint = t("sheet.pick")
            room = 420 if g is LANDSCAPE_SHEET else p.W - 2 * left
            p.text(hint, left, g.pick_y, fitting_size(p, hint, 18 if g is LANDSCAPE_SHEET else 22, room), INK_DIM,
                   anchor="midleft")  # above the hint legend
