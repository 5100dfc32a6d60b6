"""Title, new-match set-up, pause menu, settings and statistics."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..ai import strengths as ai_strengths
from ..engine.games import CUSTOM, GAMES, game_named
from ..engine.match import Match
from ..engine.rules import (
    ALL_PASS_CHOICES,
    BOCK_EVENT_CHOICES,
    ISKO,
    LOTHAR,
    OFFICERS,
    OFFICERS_LAYOUTS,
    OFFICERS_SCORING_CHOICES,
    OVERBID_NULL_CHOICES,
    RAMSCH_SKAT_CHOICES,
    SPITZE_CHOICES,
    STAMMTISCH,
    Rules,
)
from ..i18n import Translator
from .card_art import DECKS
from .controller import MatchController
from .hand_order import SUIT_ORDERS as SORT_SUITS
from .layout import OVER_TABLE, TOUCH_H, Column, menu_column, wide_button
from .overlays import ConfirmScene
from .painter import GOLD, INK, INK_DIM, Painter
from .scene import Input, Scene
from .widgets import Button, ButtonGroup, draw_title, draw_triangle, fitting_size


class TitleScene(Scene):
    portrait = True

    @property
    def column(self) -> Column:
        p = self.app.painter
        return menu_column(p.W, p.H, 228, 470)

    @property
    def modal_edges(self) -> tuple[float, ...]:
        """Heights between the subtitle and the buttons' labels: where a notice panel's edge cuts no text."""
        p = self.app.painter
        below_subtitle = 196 if not p.portrait else 420
        return (below_subtitle, *self.column.edges(len(self.group.buttons)), p.H - 20)

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        has_match = self.app.services.has_saved_match()
        items: list[tuple[str, Callable[[], None], bool]] = [
            (t("menu.continue"), self.resume, has_match),
            (t("menu.new"), lambda: self.app.push(SetupScene(self.app)), True),
            (t("menu.history"), self.history, True),
            (t("menu.rules"), self.rules, True),
            (t("menu.stats"), self.stats, True),
            (t("menu.settings"), lambda: self.app.push(SettingsScene(self.app)), True),
        ]
        if not self.app.services.web:
            items.append((t("menu.quit"), self.quit, True))
        column = self.column
        size = 26 if not self.app.painter.portrait else 32
        for i, (label, fn, ok) in enumerate(items):
            self.group.add(Button(*column.rect(i), label, fn, enabled=ok, size=size))

    def history(self) -> None:
        self.app.screens.open("history")

    def stats(self) -> None:
        self.app.screens.open("stats")

    def update(self, dt: float) -> None:
        # Notices from loading (a damaged file, a bad deal code) are shown once the title is up.
        if self.app.stack.top is self:
            self.app.services.show_notices()

    def resume(self) -> None:
        ctl = self.app.services.load_match()
        if ctl is None:
            self.enter()
            return
        self.app.screens.open("table", ctl)

    def rules(self) -> None:
        self.app.screens.open("help")

    def quit(self) -> None:
        self.app.running = False

    def handle(self, ev: Input) -> None:
        self.group.handle(ev)

    def draw(self, p: Painter) -> None:
        portrait = p.portrait
        draw_title(p, "Skat", 110 if not portrait else 120, 110 if not portrait else 140)
        p.text(self.app.t("menu.subtitle"), p.W / 2, 180 if not portrait else 215, 28 if not portrait else 34, INK_DIM,
               anchor="center")
        art = self.app.services.art
        # The four Jacks and the four Aces: beside the buttons, or above them on a phone.
        (jx, ax, y) = (230, 950, 420) if not portrait else (150, 450, 330)
        for i, card in enumerate((28, 20, 12, 4)):
            surf = art.face(card, p.size(70))
            surf = pygame.transform.rotate(surf, 18 - i * 12)
            p.blit_px(surf, jx + i * 40, y + abs(i - 1.5) * 10, anchor="center")
            p.blit_px(pygame.transform.rotate(art.face(31 - i * 8, p.size(70)), -18 + i * 12),
                      ax + i * 40, y + abs(i - 1.5) * 10, anchor="center")
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


SKAT_OPTIONS = GAMES["skat"].option_keys
OFFICERS_OPTIONS = GAMES["officers"].option_keys
SETUP_PAGES = ("main", "house", "more")
"""Skat's set-up has two pages: the game with its usual rules, and the house rules (Ramsch and the
calls tables add), so neither screen is crowded; the second row of both (under the game) turns the page."""
PRESETS: dict[str, Rules] = {"isko": ISKO, "lothar": LOTHAR, "officers": OFFICERS, "stammtisch": STAMMTISCH}
GAME_PRESETS = {name: list(game.presets) for name, game in GAMES.items()}


def strengths() -> list[str]:
    """The computer strengths the AI package offers, weakest first (read at run time, so a new level
    shows up here without a change)."""
    return list(ai_strengths.STRENGTHS)


def option_keys(game: str) -> tuple[str, ...]:
    return game_named(game).option_keys


def setup_rules(state: dict[str, Any]) -> Rules:
    """The rules a set-up stands for: the preset's options with the single options the screen shows."""
    base = PRESETS[state.get("preset", "isko")] if state.get("preset") in PRESETS else ISKO
    opts = {k: state[k] for k in option_keys(state.get("game", "skat")) if k in state}
    return base.with_options(**opts)


def matching_preset(state: dict[str, Any]) -> str:
    """The preset whose options are exactly the set-up's single options, or CUSTOM."""
    return game_named(state.get("game", "skat")).preset_of(state)


def apply_preset(state: dict[str, Any], name: str) -> None:
    """Choosing a preset sets every single option to that preset's value."""
    state["preset"] = name
    base = PRESETS[name].to_dict()
    for k in option_keys(state["game"]):
        state[k] = base[k]


class SetupScene(Scene):
    portrait = True
    """New match: game, rule set preset and each single option, hands, table, strength, language.

    The state always holds every single option of the chosen game: a preset fills them all in
    (a fresh set-up holds only the preset's name), and the rule-set row reads "custom" as soon as
    one of them differs from every preset.
    """

    def __init__(self, app) -> None:
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
        self.page = "main"

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
        game_row = OptionRow("game", t("setup.game"), ["skat", "officers"], 0, lambda v: t("game_name." + v))
        preset_row = OptionRow("preset", t("setup.preset"), presets, 0, lambda v: t("preset." + v))
        rows = [game_row, preset_row]
        if not skat:
            self.page = "main"
        if skat:
            page_row = OptionRow("page", t("setup.page"), list(SETUP_PAGES), SETUP_PAGES.index(self.page),
                                 lambda v: t("setup.page." + v))
            rows.insert(1, page_row)
        if skat and self.page == "house":
            self.rows = [game_row, page_row, preset_row,
                         OptionRow("jungfrau", t("opt.jungfrau"), on_off, 0, yn),
                         OptionRow("ramsch_skat", t("opt.ramsch_skat"), list(RAMSCH_SKAT_CHOICES), 0,
                                   lambda v: t("opt.ramsch_skat." + v)),
                         OptionRow("ramsch_always", t("opt.ramsch_always"), on_off, 0, yn),
                         OptionRow("schieberamsch", t("opt.schieberamsch"), on_off, 0, yn),
                         OptionRow("klopfen", t("opt.klopfen"), on_off, 0, yn),
                         OptionRow("kontra_bidders_only", t("opt.kontra_bidders_only"), on_off, 0, yn),
                         OptionRow("bock_events", t("opt.bock_events"), list(BOCK_EVENT_CHOICES), 0,
                                   lambda v: t("opt.bock_events." + v)),
                         OptionRow("ramsch_round", t("opt.ramsch_round"), on_off, 0, yn),
                         OptionRow("spitze", t("opt.spitze"), list(SPITZE_CHOICES), 0,
                                   lambda v: t("opt.spitze." + str(v)))]
            self._select_values(self.rows, custom, skat, 3)
            self._buttons()
            return
        if skat and self.page == "more":  # the calls of the first trick (rules decisions 48-53)
            self.rows = [game_row, page_row, preset_row,
                         OptionRow("schenken", t("opt.schenken"), on_off, 0, yn),
                         OptionRow("revolution", t("opt.revolution"), on_off, 0, yn)]
            self._select_values(self.rows, custom, skat, 3)
            self._buttons()
            return
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
        self._select_values(rows, custom, skat, step)
        self.rows = rows
        self._buttons()

    def _select_values(self, rows: list[OptionRow], custom: bool, skat: bool, step: int) -> None:
        """Each row at the set-up's value (a value the row does not offer: its usual one)."""
        s = self.state
        for r in rows:
            if r.key == "page":
                continue
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

    def _buttons(self) -> None:
        t = self.app.t
        p = self.app.painter
        if p.portrait:  # side by side under the single column of rows
            self.start = Button(370, 1190, 330, TOUCH_H, t("setup.start"), self.start_match, size=30)
            self.back = Button(20, 1190, 330, TOUCH_H, t("btn.back"), self.app.pop, size=30)
        else:
            self.start = Button(900, 640, 300, 56, t("setup.start"), self.start_match)
            self.back = Button(80, 640, 220, 56, t("btn.back"), self.app.pop)

    def change(self, row: OptionRow, delta: int) -> None:
        row.index = (row.index + delta) % len(row.values)
        if row.key == "page":
            self.page = row.value
        elif row.key == "game":
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
        self.focus = min(self.focus, len(self.rows))  # the other page may have fewer rows

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
        sizes = game_named(game).table_sizes
        players = s["players"] if s.get("players") in sizes else sizes[0]
        seed = self.app.services.new_seed()
        match = Match.new(game, self.rules(), players=players, hands=int(s["hands"]), seed=seed,
                      first_dealer=players - 1)
        ctl = MatchController(match, human=0, strength=s["strength"], seed=seed)
        self.app.services.remember_setup(s)
        self.app.stack.reset(TitleScene(self.app))
        self.app.screens.open("table", ctl)
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
        if self.app.painter.portrait:  # one column of touch-sized rows
            return 20, 84 + i * 85, 680, 82
        col, row = divmod(i, 8)
        return 60 + col * 600, 120 + row * 62, 560, 54

    def draw(self, p: Painter) -> None:
        t = self.app.t
        draw_title(p, t("setup.title"), 56 if not p.portrait else 42, 52)
        for i, r in enumerate(self.rows):
            x, y, w, h = self._row_rect(i)
            focused = i == self.focus
            p.record("button", p.rect(x, y, w, h), r.label)  # a row is a control: a click steps its value
            p.fill_rect(x, y, w, h, (40, 72, 64) if not focused else (70, 120, 100), radius=10)
            if focused:
                p.fill_rect(x, y, w, h, GOLD, radius=10, width=2)
            label_size, value_size = (22, 24) if not p.portrait else (26, 28)
            p.text(r.label, x + 16, y + h / 2, fitting_size(p, r.label, label_size, w - VALUE_W - 24), INK_DIM,
                   anchor="midleft")
            vx = x + w - VALUE_W
            draw_arrow(p, vx + 16, y + h / 2, -1)
            draw_arrow(p, x + w - 16, y + h / 2, 1)
            value = r.show(r.value)
            p.text(value, vx + VALUE_W / 2, y + h / 2, fitting_size(p, value, value_size, VALUE_W - 40, True), INK,
                   bold=True, anchor="center")
        self.start.draw(p, focused=self.focus == len(self.rows))
        self.back.draw(p)
        if p.portrait:  # no room below the rows: the strength shows by name only, and keys are for desktops
            return
        self._draw_strength_note(p)
        p.text(t("setup.hint"), 640, 622, 20, INK_DIM, anchor="center")

    def _draw_strength_note(self, p: Painter) -> None:
        """What the chosen computer strength does, under the last row of the right column."""
        i = next((i for i, r in enumerate(self.rows) if r.key == "strength"), None)
        if i is None:  # the house rules' page
            return
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
SETTINGS_VALUE_W = 330
"""Width of a settings row's value, between its two arrows."""
_CHOICES: dict[str, tuple[Any, ...]] = {
    "all_pass": ALL_PASS_CHOICES,
    "ramsch_skat": RAMSCH_SKAT_CHOICES,
    "bock_events": BOCK_EVENT_CHOICES,
    "spitze": SPITZE_CHOICES,
    "overbid_null": OVERBID_NULL_CHOICES,
    "officers_layout": OFFICERS_LAYOUTS,
    "officers_scoring": OFFICERS_SCORING_CHOICES,
}


class PauseScene(Scene):
    overlay = True
    portrait = True

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def enter(self) -> None:
        t = self.app.t
        self.group = ButtonGroup()
        items = [
            (t("menu.resume"), self.app.pop),
            (t("btn.sheet"), lambda: self.app.screens.open("sheet", self.table.c)),
            (t("btn.last_trick"), self.table.open_last_trick),
            (t("menu.rules"), lambda: self.app.screens.open("help")),
            (t("menu.settings"), lambda: self.app.push(SettingsScene(self.app))),
            (t("menu.to_title"), self.to_title),
        ]
        p = self.app.painter
        column = menu_column(p.W, p.H, 190, 330)
        for i, (label, fn) in enumerate(items):
            self.group.add(Button(*column.rect(i), label, fn, size=26 if not p.portrait else 30))
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
        if p.portrait:
            p.panel(*OVER_TABLE)
            p.text(self.app.t("menu.paused"), 360, 268, 44, GOLD, bold=True, anchor="center")
        else:
            p.panel(440, 110, 400, 500)
            p.text(self.app.t("menu.paused"), 640, 150, 40, GOLD, bold=True, anchor="center")
        self.group.draw(p)


SETTINGS_TOP, SETTINGS_STEP, SETTINGS_ROW_H = 130, 57, 50
"""The settings rows, in two columns of up to seven above the deck preview and the Back button."""
SETTINGS_COLUMNS = ((30.0, 600.0), (650.0, 600.0))
"""Each column's left edge and width."""
SETTINGS_PER_COLUMN = 7
PORTRAIT_SETTINGS_TOP, PORTRAIT_SETTINGS_STEP, PORTRAIT_SETTINGS_ROW_H = 94.0, 83.0, 82.0
"""Portrait: one column of thirteen rows, each still a touch target (44 CSS px on a 390 px phone)."""


def suit_sequence(t: Translator, order: str) -> str:
    """A suit order as its suits' names in the deck's words: "Kreuz, Pik, Herz, Karo" or "Eichel, Grün, ..."."""
    suits = ["clubs", "spades", "hearts", "diamonds"]
    return ", ".join(t("game." + s) for s in (suits if order == "skat" else reversed(suits)))


class SettingsScene(Scene):
    overlay = False
    portrait = True

    def enter(self) -> None:
        self._rows()

    def _rows(self) -> None:
        t = self.app.t
        s = self.app.settings
        def on_off(v: object) -> str:
            return t("opt.on") if v else t("opt.off")

        self.rows = [  # the first column: how the game looks and sounds; the second: how it plays
            OptionRow("language", t("setup.language"), ["de", "en"], 0, lambda v: t("lang." + v)),
            OptionRow("deck", t("settings.deck"), list(DECKS), 0, lambda v: t("deck." + v)),
            OptionRow("animation", t("settings.speed"), ["slow", "normal", "fast", "off"], 0,
                      lambda v: t("speed." + v)),
            OptionRow("pace", t("settings.pace"), ["slow", "normal", "fast"], 0, lambda v: t("pace." + v)),
            OptionRow("sound", t("settings.sound"), [True, False], 0, on_off),
            OptionRow("hints", t("settings.hints"), [False, True], 0, on_off),
            OptionRow("sort_suits", t("settings.sort_suits"), list(SORT_SUITS), 0, lambda v: suit_sequence(t, v)),
            OptionRow("sort_rank", t("settings.sort_rank"), ["descending", "ascending"], 0,
                      lambda v: t("sort_rank." + v)),
            OptionRow("sort_trumps", t("settings.sort_trumps"), ["left", "right"], 0, lambda v: t("sort_trumps." + v)),
            OptionRow("sort_alternate", t("settings.sort_alternate"), [False, True], 0, on_off),
            OptionRow("forced_play", t("settings.forced_play"), [False, True], 0, on_off),
            OptionRow("shorten", t("settings.shorten"), [True, False], 0, on_off),
            OptionRow("takeback", t("settings.takeback"), [False, True], 0, on_off),
        ]
        for r in self.rows:
            if s.get(r.key) in r.values:
                r.index = r.values.index(s[r.key])
        self.focus = getattr(self, "focus", 0)
        p = self.app.painter
        self.back = Button(*wide_button(p.W, p.H, (490, 640, 300, 56), 1186), t("btn.back"), self.app.pop,
                           size=26 if not p.portrait else 30)

    def row_rect(self, i: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of row ``i``: landscape down the first column, then the second; portrait one
        column of touch-sized rows."""
        if self.app.painter.portrait:
            return 30.0, PORTRAIT_SETTINGS_TOP + i * PORTRAIT_SETTINGS_STEP, 660.0, PORTRAIT_SETTINGS_ROW_H
        x, w = SETTINGS_COLUMNS[i // SETTINGS_PER_COLUMN]
        return x, SETTINGS_TOP + (i % SETTINGS_PER_COLUMN) * SETTINGS_STEP, w, SETTINGS_ROW_H

    def value_w(self) -> float:
        """The width of a row's value between its arrows."""
        return SETTINGS_VALUE_W if not self.app.painter.portrait else 370.0

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
            value_w = self.value_w()
            for i, r in enumerate(self.rows):
                x, y, w, h = self.row_rect(i)
                if x <= ev.pos[0] <= x + w and y <= ev.pos[1] <= y + h:
                    self.focus = i
                    # As in the set-up: the right button or the left arrow goes back.
                    vx = x + w - value_w
                    back = ev.button == 3 or (vx <= ev.pos[0] < vx + value_w / 2)
                    self.change(r, -1 if back else 1)

    def draw(self, p: Painter) -> None:
        draw_title(p, self.app.t("menu.settings"), 80 if not p.portrait else 50, 56)
        value_w = self.value_w()
        big = 4 if p.portrait else 0
        for i, r in enumerate(self.rows):
            x, y, w, h = self.row_rect(i)
            mid = y + h / 2
            p.record("button", p.rect(x, y, w, h), r.label)
            p.fill_rect(x, y, w, h, (70, 120, 100) if i == self.focus else (40, 72, 64), radius=10)
            p.text(r.label, x + 16, mid, fitting_size(p, r.label, 22 + big, w - value_w - 30), INK_DIM,
                   anchor="midleft")
            vx = x + w - value_w
            draw_arrow(p, vx + 16, mid, -1)
            draw_arrow(p, x + w - 16, mid, 1)
            value = r.show(r.value)  # clear of the arrows
            p.text(value, vx + value_w / 2, mid, fitting_size(p, value, 22 + big, value_w - 64, True), INK,
                   bold=True, anchor="center")
        if not p.portrait:  # the deck's look; on a phone the rows take the whole height
            art = self.app.services.art
            for i, c in enumerate((31, 22, 13, 4)):  # an Ace (Daus), King, Queen (Ober) and Jack (Unter) of each suit
                p.blit_px(art.face(c, p.size(56)), 520 + i * 80, 574, anchor="center")
        self.back.draw(p)
