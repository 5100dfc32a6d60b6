"""Title, new-match set-up, pause menu, settings and statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..engine.match import Match
from ..engine.rules import ISKO, LOTHAR, OFFICERS, Rules
from .controller import MatchController
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title


class TitleScene(Scene):
    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        has_match = self.app.services.has_saved_match()
        items: list[tuple[str, Callable[[], None], bool]] = [
            (t("menu.continue"), self.resume, has_match),
            (t("menu.new"), lambda: self.app.push(SetupScene(self.app)), True),
            (t("menu.rules"), self.rules, True),
            (t("menu.stats"), lambda: self.app.push(StatsScene(self.app)), True),
            (t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)), True),
        ]
        if not self.app.services.web:
            items.append((t("menu.quit"), self.quit, True))
        for i, (label, fn, ok) in enumerate(items):
            self.group.add(Button(490, 250 + i * 66, 300, 54, label, fn, enabled=ok))

    def resume(self) -> None:
        ctl = self.app.services.load_match()
        if ctl is None:
            self.enter()
            return
        from .table import TableScene

        self.app.push(TableScene(self.app, ctl))

    def rules(self) -> None:
        from .help import HelpScene

        self.app.push(HelpScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, ev: Input) -> None:
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        draw_title(p, "Skat", 110, 110)
        p.text(self.app.t("menu.subtitle"), 640, 180, 28, INK_DIM, anchor="center")
        art = self.app.services.art
        for i, card in enumerate((28, 20, 12, 4)):  # the four Jacks
            surf = art.face(card, p.size(70))
            surf = pygame.transform.rotate(surf, 18 - i * 12)
            p.blit_px(surf, 230 + i * 40, 420 + abs(i - 1.5) * 10, anchor="center")
            p.blit_px(pygame.transform.rotate(art.face(31 - i * 8, p.size(70)), -18 + i * 12),
                      950 + i * 40, 420 + abs(i - 1.5) * 10, anchor="center")
        self.group.draw(p)
        notices = self.app.notices[-3:]
        for i, n in enumerate(notices):
            p.text(n, 640, 660 + i * 20 - 20 * (len(notices) - 1), 20, GOLD, anchor="center")


@dataclass
class OptionRow:
    key: str
    label: str
    values: list[Any]
    index: int
    show: Callable[[Any], str]
    visible: Callable[[], bool] = field(default=lambda: True)

    @property
    def value(self) -> Any:
        return self.values[self.index]


class SetupScene(Scene):
    """New match: game, rule set preset and each single option, hands, table, strength, language."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.state: dict[str, Any] = dict(app.services.last_setup())
        self.focus = 0
        self.scroll = 0

    def enter(self) -> None:
        self._rows()

    def _rows(self) -> None:
        t = self.app.t
        s = self.state
        skat = s["game"] == "skat"
        on_off = [False, True]
        yn = lambda v: t("opt.on") if v else t("opt.off")  # noqa: E731
        rows = [
            OptionRow("game", t("setup.game"), ["skat", "officers"], 0, lambda v: t("game_name." + v)),
            OptionRow("preset", t("setup.preset"), ["isko", "lothar"] if skat else ["officers"], 0,
                      lambda v: t("preset." + v)),
        ]
        if skat:
            rows += [
                OptionRow("players", t("setup.players"), [3, 4], 0, lambda v: t("setup.players_n", n=v)),
                OptionRow("skip_bids", t("opt.skip_bids"), on_off, 0, yn),
                OptionRow("all_pass", t("opt.all_pass"), ["passed", "ramsch"], 0, lambda v: t("opt.all_pass." + v)),
                OptionRow("announcements", t("opt.announcements"), on_off, 0, yn),
                OptionRow("overbid_null", t("opt.overbid_null"), ["forbidden", "next_step"], 0,
                          lambda v: t("opt.overbid_null." + v)),
                OptionRow("kontra_re", t("opt.kontra_re"), on_off, 0, yn),
                OptionRow("seeger_fabian", t("opt.seeger_fabian"), on_off, 0, yn),
                OptionRow("jungfrau", t("opt.jungfrau"), on_off, 0, yn),
            ]
        else:
            rows += [
                OptionRow("officers_layout", t("opt.layout"), ["officers", "harlequin", "admirals"], 0,
                          lambda v: t("opt.layout." + v)),
                OptionRow("kontra_re", t("opt.kontra_re"), on_off, 0, yn),
                OptionRow("officers_passing", t("opt.passing"), on_off, 0, yn),
                OptionRow("officers_null", t("opt.null"), on_off, 0, yn),
                OptionRow("more_matadors", t("opt.more_matadors"), on_off, 0, yn),
                OptionRow("officers_scoring", t("opt.scoring"), ["standard", "simple_points", "simple_base"], 0,
                          lambda v: t("opt.scoring." + v)),
            ]
        step = s.get("players", 3) if skat else 2
        hands = [n for n in range(step, 97, step)] if skat else list(range(2, 41, 2))
        rows += [
            OptionRow("hands", t("setup.hands"), hands, 0, str),
            OptionRow("strength", t("setup.strength"), ["easy", "normal", "strong"], 0, lambda v: t("strength." + v)),
            OptionRow("language", t("setup.language"), ["de", "en"], 0, lambda v: t("lang." + v)),
        ]
        for r in rows:
            cur = s.get(r.key)
            if cur not in r.values:
                cur = r.values[0]
                if r.key == "hands":
                    cur = min(r.values, key=lambda n: abs(n - (36 if skat else 8)))
                    if skat and 36 % step == 0:
                        cur = 36
                s[r.key] = cur
            r.index = r.values.index(cur)
        self.rows = rows
        self.start = Button(900, 640, 300, 56, t("setup.start"), self.start_match)
        self.back = Button(80, 640, 220, 56, t("btn.back"), self.app.pop)

    def _rules_from_preset(self) -> Rules:
        s = self.state
        return {"isko": ISKO, "lothar": LOTHAR, "officers": OFFICERS}[s["preset"]]

    def change(self, row: OptionRow, delta: int) -> None:
        row.index = (row.index + delta) % len(row.values)
        self.state[row.key] = row.value
        if row.key in ("preset", "game"):
            if row.key == "game":
                self.state["preset"] = "isko" if row.value == "skat" else "officers"
            base = self._rules_from_preset().to_dict()
            for k, v in base.items():
                self.state[k] = v
        if row.key == "language":
            self.app.settings["language"] = row.value
            self.app.apply_settings()
        self._rows()

    def rules(self) -> Rules:
        s = self.state
        base = self._rules_from_preset()
        opts = {k: s[k] for k in base.to_dict() if k in s}
        return base.with_options(**opts)

    def start_match(self) -> None:
        s = self.state
        game = s["game"]
        players = s.get("players", 3) if game == "skat" else 2
        seed = self.app.services.new_seed()
        match = Match(game, self.rules(), players=players, hands=int(s["hands"]), seed=seed,
                      first_dealer=players - 1)
        ctl = MatchController(match, human=0, strength=s["strength"], seed=seed)
        self.app.services.remember_setup(s)
        self.app.services.save_match(ctl)
        from .table import TableScene

        self.app.stack.reset(TitleScene(self.app))
        self.app.push(TableScene(self.app, ctl))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
            elif ev.key == pygame.K_UP:
                self.focus = (self.focus - 1) % (len(self.rows) + 1)
            elif ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % (len(self.rows) + 1)
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus < len(self.rows):
                self.change(self.rows[self.focus], 1 if ev.key == pygame.K_RIGHT else -1)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.focus == len(self.rows):
                    self.start_match()
                else:
                    self.change(self.rows[self.focus], 1)
            return
        if ev.kind == "down":
            if self.start.contains(ev.pos):
                self.start_match()
                return
            if self.back.contains(ev.pos):
                self.app.pop()
                return
            for i, r in enumerate(self.rows):
                x, y, w, h = self._row_rect(i)
                if x <= ev.pos[0] <= x + w and y <= ev.pos[1] <= y + h:
                    self.focus = i
                    self.change(r, -1 if ev.pos[0] < x + w * 0.6 and ev.button == 3 else 1)
                    return

    def _row_rect(self, i: int) -> tuple[float, float, float, float]:
        col, row = divmod(i, 8)
        return 60 + col * 600, 120 + row * 62, 560, 54

    def draw(self, p: Painter) -> None:
        t = self.app.t
        draw_title(p, t("setup.title"), 56, 52)
        for i, r in enumerate(self.rows):
            x, y, w, h = self._row_rect(i)
            focused = i == self.focus
            p.fill_rect(x, y, w, h, (40, 72, 64) if not focused else (70, 120, 100), radius=10)
            if focused:
                p.fill_rect(x, y, w, h, GOLD, radius=10, width=2)
            p.text(r.label, x + 16, y + h / 2, 22, INK_DIM, anchor="midleft")
            p.text("‹  " + r.show(r.value) + "  ›", x + w - 16, y + h / 2, 24, INK, bold=True, anchor="midright")
        self.start.draw(p, focused=self.focus == len(self.rows))
        self.back.draw(p)
        p.text(t("setup.hint"), 640, 622, 20, INK_DIM, anchor="center")


class PauseScene(Scene):
    overlay = True

    def __init__(self, app, table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.table = table

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        from .help import HelpScene
        from .sheet import SheetScene

        items = [
            (t("menu.resume"), self.app.pop),
            (t("btn.sheet"), lambda: self.app.push(SheetScene(self.app, self.table.c))),
            (t("btn.last_trick"), self.table.open_last_trick),
            (t("menu.rules"), lambda: self.app.push(HelpScene(self.app))),
            (t("menu.settings"), lambda: self.app.push(SettingsScene(self.app))),
            (t("menu.to_title"), self.to_title),
        ]
        for i, (label, fn) in enumerate(items):
            self.group.add(Button(490, 190 + i * 64, 300, 52, label, fn))

    def to_title(self) -> None:
        self.app.services.save_match(self.table.c)
        self.app.stack.reset(TitleScene(self.app))

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        p.dim(150)
        p.panel(440, 110, 400, 500)
        p.text(self.app.t("menu.paused"), 640, 150, 40, GOLD, bold=True, anchor="center")
        self.group.draw(p)


class SettingsScene(Scene):
    overlay = False

    def enter(self) -> None:
        self._rows()

    def _rows(self) -> None:
        t = self.app.t
        s = self.app.settings
        self.rows = [
            OptionRow("language", t("setup.language"), ["de", "en"], 0, lambda v: t("lang." + v)),
            OptionRow("animation", t("settings.speed"), ["slow", "normal", "fast", "off"], 0,
                      lambda v: t("speed." + v)),
            OptionRow("deck", t("settings.deck"), ["tournament", "classic"], 0, lambda v: t("deck." + v)),
            OptionRow("sound", t("settings.sound"), [True, False], 0, lambda v: t("opt.on") if v else t("opt.off")),
        ]
        for r in self.rows:
            if s.get(r.key) in r.values:
                r.index = r.values.index(s[r.key])
        self.focus = getattr(self, "focus", 0)
        self.back = Button(490, 600, 300, 56, t("btn.back"), self.app.pop)

    def change(self, r: OptionRow, delta: int) -> None:
        r.index = (r.index + delta) % len(r.values)
        self.app.settings[r.key] = r.value
        self.app.apply_settings()
        self._rows()

    def handle(self, ev: Input) -> None:
        if ev.kind == "key":
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
            elif ev.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.rows)
            elif ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.rows)
            elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN):
                self.change(self.rows[self.focus], -1 if ev.key == pygame.K_LEFT else 1)
            return
        if ev.kind == "down":
            if self.back.contains(ev.pos):
                self.app.pop()
                return
            for i, r in enumerate(self.rows):
                if 340 <= ev.pos[0] <= 940 and 180 + i * 80 <= ev.pos[1] <= 180 + i * 80 + 64:
                    self.focus = i
                    self.change(r, 1)

    def draw(self, p: Painter) -> None:
        draw_title(p, self.app.t("menu.settings"), 80, 56)
        for i, r in enumerate(self.rows):
            y = 180 + i * 80
            p.fill_rect(340, y, 600, 64, (70, 120, 100) if i == self.focus else (40, 72, 64), radius=10)
            p.text(r.label, 360, y + 32, 24, INK_DIM, anchor="midleft")
            p.text("‹  " + r.show(r.value) + "  ›", 920, y + 32, 26, INK, bold=True, anchor="midright")
        art = self.app.services.art
        for i, c in enumerate((31, 22, 13, 4)):
            p.blit_px(art.face(c, p.size(56)), 520 + i * 80, 536, anchor="center")
        self.back.draw(p)


class StatsScene(Scene):
    def enter(self) -> None:
        self.back = Button(490, 640, 300, 56, self.app.t("btn.back"), self.app.pop)

    def handle(self, ev: Input) -> None:
        if (ev.kind == "key" and ev.key in (pygame.K_ESCAPE, pygame.K_RETURN)) or (
            ev.kind == "down" and self.back.contains(ev.pos)
        ):
            self.app.pop()

    def draw(self, p: Painter) -> None:
        t = self.app.t
        draw_title(p, t("menu.stats"), 70, 56)
        rows = self.app.services.statistics_rows()
        y = 140
        for title, lines in rows:
            p.text(title, 200, y, 30, GOLD, bold=True)
            y += 38
            for label, value in lines:
                p.text(label, 220, y, 24, INK_DIM)
                p.text(value, 760, y, 24, INK, anchor="topright")
                y += 28
            y += 14
        if not rows:
            p.text(t("stats.none"), 640, 300, 26, INK_DIM, anchor="center")
        self.back.draw(p)
