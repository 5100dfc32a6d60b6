"""Phones held upright (issue 17, point 4): a window taller than wide gets the
portrait canvas, every control there is a touch target, turning the window
keeps the match, and a screen without a portrait form says to turn the phone.

Driven through the real app with real window and input events.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine import actions as A  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.skat_hand import Phase  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.lab.shots import states  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.layout import PORTRAIT, RATIO, TOUCH_H  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.painter import canvas_for  # noqa: E402
from skat.ui.scene import Input, Scene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import make_app, settle, tap  # noqa: E402

PHONE = (390, 844)
"""A phone's viewport in CSS px; at one device pixel per CSS px a window pixel is a CSS px."""
TOUCH_CSS_PX = 44


def resize(app: App, size: tuple[int, int]) -> None:
    """What the desktop window manager (or the browser) does: a new window size, then the event."""
    pygame.display.set_mode(size)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.frame(0.02)


def test_the_canvas_is_portrait_exactly_when_the_window_is_taller_than_wide() -> None:
    assert canvas_for((1280, 720)) == (1280, 720)
    assert canvas_for((720, 720)) == (1280, 720)
    assert canvas_for((390, 844)) == (720, 1280)
    assert canvas_for((1170, 2532)) == (720, 1280)  # the same phone at three device pixels per CSS px
    assert canvas_for((844, 390)) == (1280, 720)
    # The portrait canvas fills a phone's width: 720 units across 390 px.
    app = make_app(size=PHONE)
    assert app.painter.portrait and app.painter.rect(0, 0, 720, 1280).w == 390


def test_turning_the_window_keeps_the_match_and_moves_everything_to_its_new_place() -> None:
    app = make_app(size=(1280, 720))
    match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=2)
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    settle(app, table, 3000)
    hand = table.c.hand
    assert hand.phase == Phase.BIDDING and table.current_dialog() is not None
    before = (list(hand.history), hand.phase, app.stack.scenes[:])
    order = table._hand_order()

    resize(app, PHONE)
    assert app.painter.portrait and app.stack.top is table
    assert (list(hand.history), hand.phase, app.stack.scenes) == before, "turning changed the match"
    # Every card of the person's hand lies at its portrait place, below the dialog area, and the
    # keyboard walks the two rows in the same order as the landscape fan.
    targets = table.targets()
    mine = [c for c in range(32) if hand.hands[table.c.human_seat] >> c & 1]
    for c in mine:
        sp = table.sprites[c]
        assert (sp.x, sp.y) == (targets[c].x, targets[c].y)
        assert sp.y - sp.w * RATIO / 2 >= PORTRAIT.dialog_area[3]
    assert table._hand_order() == order
    dlg = table.current_dialog()
    assert dlg is not None and dlg.y >= PORTRAIT.dialog_area[1] and dlg.y + dlg.h <= PORTRAIT.dialog_area[3]
    assert all(b.h >= TOUCH_H and b.w >= TOUCH_H for b in dlg.group.buttons)
    assert fit.problems(_boxes(app), app.painter) == []

    # A tap on the dialog's Pass button where the portrait layout draws it is a pass.
    pass_button = next(b for b in dlg.group.buttons if b.label == "Pass")
    tap(app, (pass_button.x + pass_button.w / 2, pass_button.y + pass_button.h / 2))
    assert len(hand.history) > len(before[0]) and hand.history[len(before[0])] == A.PASS
    settle(app, table, 3000)

    resize(app, (1280, 720))
    assert not app.painter.portrait
    targets = table.targets()
    assert all((table.sprites[c].x, table.sprites[c].y) == (targets[c].x, targets[c].y) for c in targets)
    assert table.toolbar.buttons[0].h == 40  # the landscape toolbar again


@pytest.mark.parametrize("animation", ["normal", "slow"])
def test_turning_the_window_puts_every_card_at_its_new_place_at_once_with_animations_on(animation: str) -> None:
    """The table is laid out again for the new canvas: the cards jump there, they do not sweep across."""
    app = make_app(size=(1280, 720), animation=animation)
    match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=2)
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    settle(app, table, 3000)
    for size in (PHONE, (1280, 720)):
        resize(app, size)
        targets = table.targets()
        away = [c for c in targets if (table.sprites[c].x, table.sprites[c].y) != (targets[c].x, targets[c].y)]
        assert away == [] and not any(sp.moving for sp in table.sprites.values()), (size, away)


def _boxes(app: App):  # type: ignore[no-untyped-def]
    p = app.painter
    p.start_recording()
    app.draw()
    return p.stop_recording()


LEAST_CAPITAL_PX = 7
"""The least height of a capital letter or digit on a phone at one pixel per CSS px (a font of
about 10 px); the landscape canvas letterboxed into 390x844 drew them 3 px high."""


def _capitals(label: str) -> bool:
    """A text whose ink reaches cap height: a capital letter or digit in a word of some length."""
    return bool(re.search(r"[A-Z0-9ÄÖÜ]", label)) and len(re.findall(r"\w", label)) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_portrait_control_is_a_touch_target_and_every_text_readable_on_a_phone(lang: str) -> None:
    """At 390 px across (a phone's CSS width), every button drawn in any scene of the tour is at
    least 44 px high and wide, the person's cards show strips at least that big, and no text is
    smaller than a 10 px font."""
    app = App(size=PHONE, store=Store(MemoryStorage(), language=lang), headless=True)
    app.settings["animation"] = "fast"
    small: list[str] = []
    tables = 0
    for name in states(app):
        for b in _boxes(app):
            if b.kind == "button" and (b.rect.h < TOUCH_CSS_PX or b.rect.w < TOUCH_CSS_PX):
                small.append(f"{name}: {b.label!r} is {b.rect.w}x{b.rect.h} px")
            if b.kind == "text" and _capitals(b.label) and b.rect.h < LEAST_CAPITAL_PX:
                small.append(f"{name}: text {b.label!r} is {b.rect.h} px high")
        top = app.stack.top
        if isinstance(top, TableScene) and top.portrait and not app.turn_hint_shown:
            tables += 1
            small += [f"{name}: {s}" for s in _small_card_strips(app, top)]
    assert tables >= 20, "the tour shows the portrait table"
    assert not small, "\n".join(small)


def _small_card_strips(app: App, table: TableScene) -> list[str]:
    """The person's cards in portrait rows: neighbours (a pile's cards count once) and rows at
    least a touch target apart."""
    out = []
    targets = table.targets()
    rows: dict[int, set[float]] = {}
    ys: dict[int, float] = {}
    for c in table._hand_order():
        if c in targets and not targets[c].lift:
            rows.setdefault(targets[c].row, set()).add(round(targets[c].x, 1))
            ys[targets[c].row] = max(ys.get(targets[c].row, 0.0), targets[c].y)
    scale = app.painter.scale
    for row, xs in rows.items():
        ordered = sorted(xs)
        for a, b in zip(ordered, ordered[1:], strict=False):
            if (b - a) * scale < TOUCH_CSS_PX:
                out.append(f"row {row}: cards {b - a:.0f} units apart")
    heights = [ys[r] for r in sorted(ys)]
    for a, b in zip(heights, heights[1:], strict=False):
        if abs(b - a) * scale < TOUCH_CSS_PX:
            out.append(f"rows {abs(b - a):.0f} units apart")
    return out


class WideOnly(Scene):
    """A screen made for landscape only (as any new scene is until it says otherwise)."""

    taps = 0

    def handle(self, ev: Input) -> None:
        if ev.kind == "key" and ev.key == pygame.K_ESCAPE:
            self.app.pop()
        elif ev.kind == "down":
            self.taps += 1

    def draw(self, p) -> None:  # type: ignore[no-untyped-def]
        p.text("a wide table of numbers", 640, 360, 20)


SCREEN_MODULES = ("analysis_view", "challenge", "hand_replay", "help", "history", "menu", "overlays", "result",
                  "sheet", "stats_view", "table")


def test_every_screen_of_the_game_has_a_portrait_form() -> None:
    import importlib
    import inspect

    modules = [importlib.import_module(f"skat.ui.{name}") for name in SCREEN_MODULES]
    scenes = {cls for mod in modules for _, cls in inspect.getmembers(mod, inspect.isclass)
              if issubclass(cls, Scene) and cls is not Scene and cls.__module__.startswith("skat.ui.")}
    assert len(scenes) >= 16
    assert sorted(c.__name__ for c in scenes if not c.portrait) == []
    assert not WideOnly.portrait  # the default: a new screen gets the hint until it has a portrait form


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_screen_without_a_portrait_form_says_to_turn_the_phone(lang: str) -> None:
    app = make_app(lang, size=PHONE)
    assert isinstance(app.stack.top, TitleScene) and not app.turn_hint_shown
    wide = WideOnly(app)
    app.push(wide)
    app.frame(0.02)
    assert app.turn_hint_shown
    texts = [b.label for b in _boxes(app) if b.kind == "text"]
    assert app.t("portrait.turn_title") in texts and "a wide table of numbers" not in texts
    assert fit.problems(_boxes(app), app.painter) == []
    # Taps elsewhere do nothing; turning the window shows the screen itself; turning back, the
    # hint's Back button closes the screen.
    tap(app, (360, 200))
    assert app.stack.top is wide and wide.taps == 0
    resize(app, (1280, 720))
    assert not app.turn_hint_shown and app.stack.top is wide
    assert "a wide table of numbers" in [b.label for b in _boxes(app) if b.kind == "text"]
    resize(app, PHONE)
    assert app.turn_hint_shown
    from skat.ui.portrait import BACK

    tap(app, (BACK[0] + BACK[2] / 2, BACK[1] + BACK[3] / 2))
    assert isinstance(app.stack.top, TitleScene) and not app.turn_hint_shown


def test_the_hint_speaks_both_languages() -> None:
    from skat.i18n import Translator

    de, en = Translator("de"), Translator("en")
    for key in ("portrait.turn_title", "portrait.turn_text"):
        assert de(key) != en(key) and key not in (de(key), en(key))


def test_a_long_rules_page_turns_with_taps_on_a_phone() -> None:
    from skat.ui.help import PAGES, HelpScene

    app = make_app("de", size=PHONE)
    hint = app.t("help.scroll_touch")
    for page in PAGES:  # the first page longer than the panel
        help_scene = HelpScene(app, page)
        app.push(help_scene)
        app.frame(0.02)
        if hint in [b.label for b in _boxes(app) if b.kind == "text"]:
            break
        app.pop()
    else:
        pytest.fail("no rules page is longer than the portrait panel")
    x, y, w, h, _, _ = help_scene.text_box()
    first = [b.label for b in _boxes(app) if b.kind == "text"]
    tap(app, (x + w / 2, y + h * 0.8))
    assert help_scene.scroll > 0
    assert [b.label for b in _boxes(app) if b.kind == "text"] != first
    tap(app, (x + w / 2, y + h * 0.2))
    assert help_scene.scroll == 0 and isinstance(app.stack.top, HelpScene)
