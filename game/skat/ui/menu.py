"""Title, new-match set-up, pause menu, settings and statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..engine.match import Match
from ..engine.rules import (
    ALL_PASS_CHOICES,
    ISKO,
    LOTHAR,
    OFFICERS,
    OFFICERS_LAYOUTS,
    OFFICERS_SCORING_CHOICES,
    OVERBID_NULL_CHOICES,
    Rules,
)
from .controller import MatchController
from .overlays import ConfirmScene
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title, draw_triangle


class TitleScene(Scene):
    modal_edges = (196, 286, 350, 414, 478, 542, 606, 670, 700)
    """Heights between the subtitle and the buttons' labels: where a notice panel's edge cuts no text."""

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        has_match = self.app.services.has_saved_match()
        items: list[tuple[str, Callable[[], None], bool]] = [
            (t("menu.continue"), self.resume, has_match),
            (t("menu.new"), lambda: self.app.push(SetupScene(self.app)), True),
            (t("menu.history"), self.history, True),
            (t("menu.rules"), self.rules, True),
            (t("menu.stats"), lambda: self.app.push(StatsScene(self.app)), True),
            (t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)), True),
        ]
        if not self.app.services.web:
            items.append((t("menu.quit"), self.quit, True))
        for i, (label, fn, ok) in enumerate(items):
            self.group.add(Button(490, 228 + i * 64, 300, 52, label, fn, enabled=ok))

    def history(self) -> None:
        from .history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def update(self, dt: float) -> None:
        # Notices from loading (a damaged file, a bad deal code) are shown once the title is up.
        if self.app.stack.top is self:
            self.app.services.show_notices()

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


SKAT_OPTIONS = ("skip_bids", "all_pass", "announcements", "overbid_null", "kontra_re", "seeger_fabian", "jungfrau")
OFFICERS_OPTIONS = ("officers_layout", "kontra_re", "officers_passing", "officers_null", "more_matadors",
                    "officers_scoring")
PRESETS: dict[str, Rules] = {"isko": ISKO, "lothar": LOTHAR, "officers": OFFICERS}
GAME_PRESETS = {"skat": ["isko", "lothar"], "officers": ["officers"]}
CUSTOM = "custom"
"""The rule-set row's value when single options differ from the preset they started from."""


def strengths() -> list[str]:
    """The computer strengths the AI package offers, weakest first (read at run time, so a new level
    shows up here without a change)."""
    from ..ai.base import STRENGTHS

    return list(STRENGTHS)


def option_keys(game: str) -> tuple[str, ...]:
    return SKAT_OPTIONS if game == "skat" else OFFICERS_OPTIONS


def setup_rules(state: dict[str, Any]) -> Rules:
    """The rules a set-up stands for: the preset's options with the single options the screen shows."""
    base = PRESETS[state.get("preset", "isko")] if state.get("preset") in PRESETS else ISKO
    opts = {k: state[k] for k in option_keys(state.get("game", "skat")) if k in state}
    return base.with_options(**opts)


def matching_preset(state: dict[str, Any]) -> str:
    """The preset whose options are exactly the set-up's single options, or CUSTOM."""
    game = state.get("game", "skat")
    for name in GAME_PRESETS[game]:
        base = PRESETS[name].to_dict()
        if all(state.get(k, base[k]) == base[k] for k in option_keys(game)):
            return name
    return CUSTOM


def apply_preset(state: dict[str, Any], name: str) -> None:
    """Choosing a preset sets every single option to that preset's value."""
    state["preset"] = name
    base = PRESETS[name].to_dict()
    for k in option_keys(state["game"]):
        state[k] = base[k]


class SetupScene(Scene):
    """New match: game, rule set preset and each single option, hands, table, strength, language.

    The state always holds every single option of the chosen game: a preset fills them all in
    (a fresh set-up holds only the preset's name), and the rule-set row reads "custom" as soon as
    one of them differs from every preset.
    """

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.state: dict[str, Any] = dict(app.services.last_setup())
        game = self.state.get("game")
        if game not in GAME_PRESETS:
            game = self.state["game"] = "skat"
        preset = self.state.get("preset")
        if preset not in GAME_PRESETS[game]:
            preset = GAME_PRESETS[game][0]
        # Options the remembered set-up lacks come from its preset, never from a row's first choice.
        base = PRESETS[preset].to_dict()
        for k in option_keys(game):
            if k not in self.state or self.state[k] not in _CHOICES.get(k, (False, True)):
                self.state[k] = base[k]
        found = matching_preset(self.state)
        self.state["preset"] = preset if found == CUSTOM else found
        self.focus = 0
        self.scroll = 0

    def enter(self) -> None:
        self._rows()

    @property
    def preset_label(self) -> str:
        """What the rule-set row shows: the preset, or "custom" when single options differ from it."""
        name = matching_preset(self.state)
        return self.app.t("preset." + name)

    def _rows(self) -> None:
        t = self.app.t
        s = self.state
        # The language row shows the language the screen is in.
        s["language"] = self.app.settings.get("language", "en")
        skat = s["game"] == "skat"
        on_off = [False, True]
        yn = lambda v: t("opt.on") if v else t("opt.off")  # noqa: E731
        presets = list(GAME_PRESETS[s["game"]])
        custom = matching_preset(s) == CUSTOM
        if custom:
            presets.append(CUSTOM)
        rows = [
            OptionRow("game", t("setup.game"), ["skat", "officers"], 0, lambda v: t("game_name." + v)),
            OptionRow("preset", t("setup.preset"), presets, 0, lambda v: t("preset." + v)),
        ]
        if skat:
            rows += [
                OptionRow("players", t("setup.players"), [3, 4], 0, lambda v: t("setup.players_n", n=v)),
                OptionRow("skip_bids", t("opt.skip_bids"), on_off, 0, yn),
                OptionRow("all_pass", t("opt.all_pass"), list(ALL_PASS_CHOICES), 0,
                          lambda v: t("opt.all_pass." + v)),
                OptionRow("announcements", t("opt.announcements"), on_off, 0, yn),
                OptionRow("overbid_null", t("opt.overbid_null"), list(OVERBID_NULL_CHOICES), 0,
                          lambda v: t("opt.overbid_null." + v)),
                OptionRow("kontra_re", t("opt.kontra_re"), on_off, 0, yn),
                OptionRow("seeger_fabian", t("opt.seeger_fabian"), on_off, 0, yn),
                OptionRow("jungfrau", t("opt.jungfrau"), on_off, 0, yn),
            ]
        else:
            rows += [
                OptionRow("officers_layout", t("opt.layout"), list(OFFICERS_LAYOUTS), 0,
                          lambda v: t("opt.layout." + v)),
                OptionRow("kontra_re", t("opt.kontra_re"), on_off, 0, yn),
                OptionRow("officers_passing", t("opt.passing"), on_off, 0, yn),
                OptionRow("officers_null", t("opt.null"), on_off, 0, yn),
                OptionRow("more_matadors", t("opt.more_matadors"), on_off, 0, yn),
                OptionRow("officers_scoring", t("opt.scoring"), list(OFFICERS_SCORING_CHOICES), 0,
                          lambda v: t("opt.scoring." + v)),
            ]
        step = s.get("players", 3) if skat else 2
        hands = [n for n in range(step, 97, step)] if skat else list(range(2, 41, 2))
        rows += [
            OptionRow("hands", t("setup.hands"), hands, 0, str),
            OptionRow("strength", t("setup.strength"), strengths(), 0, lambda v: t("strength." + v)),
            OptionRow("language", t("setup.language"), ["de", "en"], 0, lambda v: t("lang." + v)),
        ]
        for r in rows:
            cur = CUSTOM if r.key == "preset" and custom else s.get(r.key)
            if cur not in r.values:
                cur = r.values[0]
                if r.key == "hands":
                    cur = min(r.values, key=lambda n: abs(n - (36 if skat else 8)))
                    if skat and 36 % step == 0:
                        cur = 36
                elif r.key == "strength" and "normal" in r.values:
                    cur = "normal"
                s[r.key] = cur
            r.index = r.values.index(cur)
        self.rows = rows
        self.start = Button(900, 640, 300, 56, t("setup.start"), self.start_match)
        self.back = Button(80, 640, 220, 56, t("btn.back"), self.app.pop)

    def change(self, row: OptionRow, delta: int) -> None:
        row.index = (row.index + delta) % len(row.values)
        if row.key == "game":
            self.state["game"] = row.value
            apply_preset(self.state, GAME_PRESETS[row.value][0])
            self.state.pop("hands", None)  # each game's usual length (36 hands of Skat, 8 of Officers' Skat)
        elif row.key == "preset":
            if row.value == CUSTOM:  # "custom" is where one comes from, never where one goes
                row.index = (row.index + delta) % len(row.values)
            apply_preset(self.state, row.value)
        else:
            self.state[row.key] = row.value
            if row.key in option_keys(self.state["game"]) and matching_preset(self.state) != CUSTOM:
                self.state["preset"] = matching_preset(self.state)
        if row.key == "language":
            self.app.settings["language"] = row.value
            self.app.apply_settings()
        self._rows()

    def rules(self) -> Rules:
        return setup_rules(self.state)

    def start_match(self) -> None:
        """Start, after asking when a match in progress would be given up."""
        t = self.app.t
        current = self.app.services.match_in_progress()
        if current is None:
            self._start()
            return
        m = current.match
        text = t("confirm.new_text", game=t("game_name." + m.game), n=len(m.sheet), total=m.hands)
        self.app.push(ConfirmScene(self.app, t("confirm.new_title"), text, t("confirm.new_yes"), t("confirm.new_no"),
                                   self._abandon_and_start))

    def _abandon_and_start(self) -> None:
        self.app.services.abandon_match()
        self._start()

    def _start(self) -> None:
        s = self.state
        game = s["game"]
        players = s.get("players", 3) if game == "skat" else 2
        seed = self.app.services.new_seed()
        match = Match(game, self.rules(), players=players, hands=int(s["hands"]), seed=seed,
                      first_dealer=players - 1)
        ctl = MatchController(match, human=0, strength=s["strength"], seed=seed)
        self.app.services.remember_setup(s)
        from .table import TableScene

        self.app.stack.reset(TitleScene(self.app))
        self.app.push(TableScene(self.app, ctl))
        # Saved once the table is up, so that a failure shows there.
        self.app.services.save_match(ctl)

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
                    # The right button, or a click on the left arrow, goes back; anything else forward.
                    back = ev.button == 3 or (x + w - VALUE_W <= ev.pos[0] < x + w - VALUE_W / 2)
                    self.change(r, -1 if back else 1)
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
            vx = x + w - VALUE_W
            draw_arrow(p, vx + 16, y + h / 2, -1)
            draw_arrow(p, x + w - 16, y + h / 2, 1)
            p.text(r.show(r.value), vx + VALUE_W / 2, y + h / 2, 24, INK, bold=True, anchor="center")
        self._draw_strength_note(p)
        self.start.draw(p, focused=self.focus == len(self.rows))
        self.back.draw(p)
        p.text(t("setup.hint"), 640, 622, 20, INK_DIM, anchor="center")

    def _draw_strength_note(self, p: Painter) -> None:
        """What the chosen computer strength does, under the last row of the right column."""
        i = next(i for i, r in enumerate(self.rows) if r.key == "strength")
        row = self.rows[i]
        x, _, w, _ = self._row_rect(len(self.rows) - 1)
        _, y, _, h = self._row_rect(len(self.rows) - 1)
        y += h + 16
        title = f"{row.label}: {row.show(row.value)}"
        p.text(title, x + 16, y, 22, GOLD, bold=True)
        y += 28
        for line in p.wrap(self.app.t("strength_note." + row.value), w - 32, 22):
            p.text(line, x + 16, y, 22, INK_DIM)
            y += 24


def draw_arrow(p: Painter, x: float, y: float, direction: int) -> None:
    """A small triangle pointing left (-1) or right (1): where a click steps a row's value."""
    draw_triangle(p, x, y, "right" if direction > 0 else "left")


VALUE_W = 250
SETTINGS_VALUE_W = 380
"""Width of a set-up row's value, between its two arrows."""
_CHOICES: dict[str, tuple[Any, ...]] = {
    "all_pass": ALL_PASS_CHOICES,
    "overbid_null": OVERBID_NULL_CHOICES,
    "officers_layout": OFFICERS_LAYOUTS,
    "officers_scoring": OFFICERS_SCORING_CHOICES,
}


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
        self.table.enter()  # back from the settings: the table behind (its toolbar) in the language chosen there

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


SETTINGS_TOP, SETTINGS_STEP, SETTINGS_ROW_H = 132, 54, 48
"""The settings rows: seven fit above the deck preview and the Back button."""


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
            OptionRow("hints", t("settings.hints"), [False, True], 0, lambda v: t("opt.on") if v else t("opt.off")),
            OptionRow("shorten", t("settings.shorten"), [True, False], 0,
                      lambda v: t("opt.on") if v else t("opt.off")),
            OptionRow("takeback", t("settings.takeback"), [False, True], 0,
                      lambda v: t("opt.on") if v else t("opt.off")),
        ]
        for r in self.rows:
            if s.get(r.key) in r.values:
                r.index = r.values.index(s[r.key])
        self.focus = getattr(self, "focus", 0)
        self.back = Button(490, 616, 300, 56, t("btn.back"), self.app.pop)

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
                if 340 <= ev.pos[0] <= 940 and SETTINGS_TOP + i * SETTINGS_STEP <= ev.pos[1] <= (
                    SETTINGS_TOP + i * SETTINGS_STEP + SETTINGS_ROW_H
                ):
                    self.focus = i
                    # As in the set-up: the right button or the left arrow goes back.
                    back = ev.button == 3 or (940 - SETTINGS_VALUE_W <= ev.pos[0] < 940 - SETTINGS_VALUE_W / 2)
                    self.change(r, -1 if back else 1)

    def draw(self, p: Painter) -> None:
        draw_title(p, self.app.t("menu.settings"), 80, 56)
        for i, r in enumerate(self.rows):
            y = SETTINGS_TOP + i * SETTINGS_STEP
            mid = y + SETTINGS_ROW_H / 2
            p.fill_rect(340, y, 600, SETTINGS_ROW_H, (70, 120, 100) if i == self.focus else (40, 72, 64), radius=10)
            p.text(r.label, 360, mid, 24, INK_DIM, anchor="midleft")
            vx = 940 - SETTINGS_VALUE_W
            draw_arrow(p, vx + 16, mid, -1)
            draw_arrow(p, 940 - 16, mid, 1)
            p.text(r.show(r.value), vx + SETTINGS_VALUE_W / 2, mid, 26, INK, bold=True, anchor="center")
        art = self.app.services.art
        for i, c in enumerate((31, 22, 13, 4)):
            p.blit_px(art.face(c, p.size(56)), 520 + i * 80, 562, anchor="center")
        self.back.draw(p)


class StatsScene(Scene):
    def enter(self) -> None:
        self.back = Button(490, 640, 300, 56, self.app.t("btn.back"), self.app.pop)
        self.app.services.statistics_rows()  # reads the statistics: a damaged file is told here, not later

    def update(self, dt: float) -> None:
        self.app.services.show_notices()  # over this screen, which then says why it is empty

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
