"""The new-match set-up, driven by posted mouse and keyboard events: presets mean exactly their
options, single changes read "custom", rows cycle both ways, strengths come from the AI package."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ai import strengths as ai_strengths  # noqa: E402
from skat.ai.effort import GAME_EFFORT  # noqa: E402
from skat.engine.rules import ISKO, LOTHAR, OFFICERS  # noqa: E402
from skat.engine.share import deal_code_for, decode_deal  # noqa: E402
from skat.storage import Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.menu import VALUE_W, SetupScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app  # noqa: E402


def open_setup(app: App) -> SetupScene:
    new = next(b for b in app.stack.top.group.buttons if b.label == app.t("menu.new"))
    click(app, (new.x + 10, new.y + 10))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


def row(setup: SetupScene, key_: str) -> tuple[int, tuple[float, float, float, float]]:
    i = next(i for i, r in enumerate(setup.rows) if r.key == key_)
    return i, setup._row_rect(i)


def shown(setup: SetupScene, key_: str) -> str:
    r = setup.rows[row(setup, key_)[0]]
    return r.show(r.value)


def forward(app: App, setup: SetupScene, key_: str) -> None:
    _, (x, y, w, h) = row(setup, key_)
    click(app, (x + w - 14, y + h / 2))  # the right arrow


def backward(app: App, setup: SetupScene, key_: str) -> None:
    _, (x, y, w, h) = row(setup, key_)
    click(app, (x + w - VALUE_W + 14, y + h / 2))  # the left arrow


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_match_on_a_fresh_data_directory_is_isko(lang: str) -> None:
    app = make_app(lang)
    setup = open_setup(app)
    assert shown(setup, "preset") == app.t("preset.isko")
    assert shown(setup, "skip_bids") == app.t("opt.on")
    assert shown(setup, "announcements") == app.t("opt.on")
    assert shown(setup, "seeger_fabian") == app.t("opt.on")  # 001: the tournament scoring
    assert shown(setup, "language") == app.t("lang." + lang)  # the screen's own language
    assert setup.rules() == ISKO
    click(app, (setup.start.x + 10, setup.start.y + 10))
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.c.match.rules == ISKO
    # The deal code and the saved match carry ISkO too.
    assert decode_deal(deal_code_for(table.c.match)).rules == ISKO
    assert app.services.store.load_match().match.rules == ISKO
    assert app.t.language == lang


@pytest.mark.parametrize(("lang", "custom"), [("en", "custom"), ("de", "eigene Regeln")])
def test_a_single_option_off_the_preset_reads_custom_and_a_preset_resets_all(lang: str, custom: str) -> None:
    app = make_app(lang)
    setup = open_setup(app)
    forward(app, setup, "skip_bids")
    assert setup.state["skip_bids"] is False
    assert shown(setup, "preset") == custom
    forward(app, setup, "skip_bids")  # back to the preset's value: the name returns
    assert shown(setup, "preset") == app.t("preset.isko")
    forward(app, setup, "kontra_re")
    assert shown(setup, "preset") == custom
    forward(app, setup, "preset")  # choosing a preset means exactly its options
    assert shown(setup, "preset") == app.t("preset.isko") and setup.rules() == ISKO
    forward(app, setup, "preset")
    assert shown(setup, "preset") == app.t("preset.lothar") and setup.rules() == LOTHAR
    # Every single option of Lothar's table by hand is Lothar's table again, not "custom".
    backward(app, setup, "preset")
    assert setup.rules() == ISKO
    for k in ("skip_bids", "all_pass", "announcements", "overbid_null", "seeger_fabian"):
        forward(app, setup, k)
    assert shown(setup, "preset") == app.t("preset.lothar") and setup.rules() == LOTHAR
    click(app, (setup.start.x + 10, setup.start.y + 10))
    assert app.stack.top.c.match.rules == LOTHAR


def test_rows_cycle_both_ways_by_mouse_and_keyboard() -> None:
    app = make_app("en")
    setup = open_setup(app)
    i, (x, y, w, h) = row(setup, "hands")
    assert setup.state["hands"] == 36
    forward(app, setup, "hands")
    assert setup.state["hands"] == 39
    backward(app, setup, "hands")
    backward(app, setup, "hands")
    assert setup.state["hands"] == 33
    click(app, (x + 40, y + h / 2), button=3)  # the right button goes back too
    assert setup.state["hands"] == 30
    # Keyboard: move the focus off the row and back with the arrows, then left and right.
    key(app, pygame.K_UP)
    assert setup.focus == i - 1
    key(app, pygame.K_DOWN)
    assert setup.focus == i
    key(app, pygame.K_RIGHT)
    assert setup.state["hands"] == 33
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert setup.state["hands"] == 27
    # A two-way choice wraps both ways; the game row resets the rules to the game's preset.
    backward(app, setup, "game")
    assert setup.state["game"] == "officers" and setup.rules() == OFFICERS
    backward(app, setup, "game")
    assert setup.state["game"] == "skat" and setup.rules() == ISKO


def test_strength_levels_come_from_the_ai_package_with_a_description(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("en")
    setup = open_setup(app)
    r = setup.rows[row(setup, "strength")[0]]
    assert r.values == list(ai_strengths.STRENGTHS) and r.value == "normal"
    app.draw()
    monkeypatch.setattr(ai_strengths, "STRENGTHS", ("easy", "normal", "strong", "expert"))
    for lang, label in (("en", "expert"), ("de", "Experte")):
        app.settings["language"] = lang
        app.apply_settings()
        setup._rows()
        for _ in range(2):
            forward(app, setup, "strength")
        assert setup.state["strength"] == "expert" and shown(setup, "strength") == label
        # The note states the expert's real budget at the table (a third of a second a move).
        assert GAME_EFFORT.seconds == pytest.approx(0.3)
        assert {"en": "a third of a second", "de": "Drittelsekunde"}[lang] in app.t("strength_note.expert")
        app.draw()  # the description line is drawn for every level
        for _ in range(2):
            backward(app, setup, "strength")
    # A remembered level the AI package no longer offers falls back to normal, never crashes.
    monkeypatch.setattr(ai_strengths, "STRENGTHS", ("easy", "normal", "strong"))
    app.services.remember_setup({**setup.state, "strength": "expert"})
    click(app, (setup.back.x + 10, setup.back.y + 10))
    setup = open_setup(app)
    assert setup.state["strength"] == "normal"
    app.draw()


def test_settings_rows_cycle_both_ways_by_mouse() -> None:
    from skat.ui.menu import SETTINGS_VALUE_W, SettingsScene

    app = make_app("en")
    press_title = next(b for b in app.stack.top.group.buttons if b.label == app.t("menu.settings"))
    click(app, (press_title.x + 10, press_title.y + 10))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    i = next(i for i, r in enumerate(settings.rows) if r.key == "animation")
    x, y, w, h = settings.row_rect(i)
    y += h / 2
    assert app.settings["animation"] == "off"
    click(app, (x + w - 14, y))  # right arrow: forward (wraps to the first)
    assert app.settings["animation"] == "slow"
    click(app, (x + w - SETTINGS_VALUE_W + 14, y))  # left arrow: back
    assert app.settings["animation"] == "off"
    click(app, (x + 60, y), button=3)  # right button: back
    assert app.settings["animation"] == "fast"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_set_up_is_remembered_across_a_restart(lang: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 20, point 8: game, rule set and options, players, hands and strength come back."""
    from skat.storage_backends import FileStorage

    def app_on_disk() -> App:
        app = App(size=(1280, 720), store=Store(FileStorage(tmp_path), language=lang), headless=True)
        app.settings["animation"] = "off"
        app.start()
        app.frame(0.02)
        return app

    app = app_on_disk()
    setup = open_setup(app)
    default_strength, default_hands = setup.state["strength"], setup.state["hands"]
    for k in ("players", "hands", "strength", "kontra_re"):
        forward(app, setup, k)
    chosen = {k: setup.state[k] for k in ("game", "preset", "players", "hands", "strength", "kontra_re")}
    assert chosen["strength"] != default_strength and chosen["hands"] != default_hands
    rules = setup.rules()
    assert rules != ISKO and rules.kontra_re != ISKO.kontra_re and chosen["players"] == 4
    label = setup.preset_label
    click(app, (setup.start.x + 10, setup.start.y + 10))
    assert isinstance(app.stack.top, TableScene)
    assert '"setup"' in (tmp_path / "settings.json").read_text(encoding="utf-8")
    # A restart: the set-up screen opens where the last match began.
    again = app_on_disk()
    setup = open_setup(again)
    assert {k: setup.state[k] for k in chosen} == chosen
    assert setup.rules() == rules and setup.preset_label == label
    assert shown(setup, "strength") == again.t("strength." + chosen["strength"])
    # Officers' Skat is remembered too.
    forward(again, setup, "game")
    assert setup.state["game"] == "officers"
    click(again, (setup.start.x + 10, setup.start.y + 10))
    if not isinstance(again.stack.top, TableScene):  # a match was in progress: confirm the new one
        yes = again.stack.top.group.buttons[0]
        click(again, (yes.x + 10, yes.y + 10))
    assert isinstance(again.stack.top, TableScene) and again.stack.top.c.match.game == "officers"
    assert open_setup(app_on_disk()).state["game"] == "officers"


def test_a_damaged_remembered_set_up_falls_back_and_is_told(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from skat.storage_backends import FileStorage

    (tmp_path / "settings.json").write_text(
        '{"version": 1, "language": "en", "setup": {"game": "poker", "hands": [1], "strength": "normal"}}',
        encoding="utf-8")
    store = Store(FileStorage(tmp_path), language="en")
    settings = store.settings()
    assert dict(settings.setup) == {"game": "poker", "strength": "normal"}  # the list is left out
    assert any("setup" in n for n in store.take_notices())
    app = App(size=(1280, 720), store=Store(FileStorage(tmp_path), language="en"), headless=True)
    app.start()
    app.frame(0.02)
    setup = open_setup(app)
    assert setup.state["game"] == "skat" and setup.rules() == ISKO  # an unknown game is not offered
