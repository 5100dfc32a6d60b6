"""Words and formats a player reads (issue 16, build 8): numbers and dates as the
language writes them, sentences that say what they mean, the language the
system asks for, and notices on the screen they are about.

UI behaviour is driven by real pygame events posted to the app.
"""

from __future__ import annotations

import json
import os
import re
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat import storage_backends  # noqa: E402
from skat.ai.review.hint import Hint  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.i18n import CATALOGS, Translator  # noqa: E402
from skat.storage import DOC_VERSIONS, SETTINGS, STATISTICS, MemoryStorage  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hint import reason_text  # noqa: E402
from skat.ui.history import local_time  # noqa: E402
from skat.ui.menu import PauseScene, SettingsScene  # noqa: E402
from skat.ui.overlays import NoticeScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.stats_view import StatsScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app, press, settle  # noqa: E402


def drawn_texts(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return [b.label for b in p.stop_recording() if b.kind == "text"]


# ----------------------------------------------------------------- numbers and dates
def test_numbers_and_dates_as_each_language_writes_them() -> None:
    de, en = Translator("de"), Translator("en")
    assert de.number(36.0, 1, sign=True) == "+36,0" and en.number(36.0, 1, sign=True) == "+36.0"
    assert de.number(-2.25, 2) == "-2,25" and en.number(7) == "7"
    moment = time.struct_time((2026, 12, 1, 18, 2, 0, 1, 335, 0))
    assert de.datetime(moment) == "01.12.2026 18:02" and en.datetime(moment) == "2026-12-01 18:02"
    assert re.fullmatch(r"\d\d\.\d\d\.2026 \d\d:\d\d", local_time("2026-12-01T12:00:00Z", de))
    assert re.fullmatch(r"2026-\d\d-\d\d \d\d:\d\d", local_time("2026-12-01T12:00:00Z", en))


@pytest.mark.parametrize(("lang", "shown"), [("de", "+36,5"), ("en", "+36.5")])
def test_the_statistics_screen_writes_the_average_in_the_language(lang: str, shown: str) -> None:
    storage = MemoryStorage()
    storage.save(STATISTICS, json.dumps({"version": 1, "games": {"skat": {  # as version 1 wrote it
        "hands_played": 2, "declared": 1, "won_as_declarer": 1, "total_score": 73, "matches_finished": 0,
        "by_type": {}}}}))
    app = make_app(lang, storage, animation="fast")
    app.push(StatsScene(app))
    app.frame(0.02)
    assert shown in drawn_texts(app)


# ----------------------------------------------------------------- sentences
def test_ramsch_charge_reads_without_a_double_negative() -> None:
    for lang, costs in (("de", "kostet"), ("en", "charged")):
        text = Translator(lang)("result.ramsch", points=94, value=-94)
        assert costs not in text and text.endswith(" -94"), text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_first_bid_asks_for_a_value_not_a_higher_one(lang: str) -> None:
    app = make_app(lang, animation="fast")
    t = app.t
    match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=1)  # the person is middlehand: says first
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    settle(app, table)
    assert table.c.hand.bid == 0
    texts = drawn_texts(app)
    assert t("dlg.bid_text_first") in texts and t("dlg.bid_text") not in texts
    assert "18" in t("dlg.bid_text_first")
    key(app, pygame.K_1, "1")  # says 18
    settle(app, table)
    dlg = table.current_dialog()
    if dlg is not None and table.c.hand.bid and table.c.hand.phase == 0 and dlg.lines:
        assert dlg.lines[0] in (t("dlg.bid_text"), t("dlg.hold_text", bid=table.c.hand.bid))


# ----------------------------------------------------------------- language switched at the table
def _toolbar(table: TableScene) -> list[str]:
    return [b.label for b in table.toolbar.buttons]


def test_switching_language_in_the_pause_menu_renames_the_toolbar_behind_it() -> None:
    app = make_app("en", animation="fast")
    table = TableScene(app, MatchController(Match.new("skat", ISKO, players=3, hands=3, seed=2), human=0, seed=2))
    app.push(table)
    settle(app, table)
    assert "Score sheet" in _toolbar(table)
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert isinstance(app.stack.top, PauseScene)
    press(app, "Settings")
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_RIGHT)  # the first row: the language
    assert app.t.language == "de"
    key(app, pygame.K_ESCAPE)  # back to the pause menu, the table drawn behind it
    assert isinstance(app.stack.top, PauseScene)
    assert "Spielliste" in _toolbar(table) and "Score sheet" not in _toolbar(table)
    texts = drawn_texts(app)
    assert "Spielliste" in texts and "Score sheet" not in texts
    key(app, pygame.K_ESCAPE)  # resume
    assert app.stack.top is table and "Spielliste" in drawn_texts(app)
    # A hand later the result overlay stands over the same table, in German throughout.
    from skat.lab.shots import _drive, _winner_policy

    _drive(table, _winner_policy(0))
    for _ in range(400):
        if isinstance(app.stack.top, ResultScene):
            break
        app.frame(0.05)
    assert isinstance(app.stack.top, ResultScene)
    texts = drawn_texts(app)
    assert "Spielliste" in texts and "Score sheet" not in texts and "Last trick" not in texts


# ----------------------------------------------------------------- the system's language
@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "de:en", "LANG": "C.UTF-8"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LC_MESSAGES": "de_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LANGUAGE": "en_GB", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_when_the_locale_module_cannot_tell(
        monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], expected: str) -> None:
    """A container with LANG=de_DE.UTF-8 and no German locale installed: Python runs in
    C.UTF-8 and ``locale.getlocale()`` says en_US."""
    import locale

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in environ.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(locale, "setlocale", lambda category, value=None: "C.UTF-8")
    monkeypatch.setattr(locale, "getlocale", lambda category=None: ("en_US", "UTF-8"))
    monkeypatch.setattr(storage_backends, "browser_window", lambda: None)
    assert storage_backends.system_language() == expected


def test_an_installed_locale_still_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    import locale

    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setattr(locale, "setlocale", lambda category, value=None: "de_DE.UTF-8")
    monkeypatch.setattr(locale, "getlocale", lambda category=None: ("de_DE", "UTF-8"))
    monkeypatch.setattr(storage_backends, "browser_window", lambda: None)
    assert storage_backends.system_language() == "de"


# ----------------------------------------------------------------- notices
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_damaged_statistics_file_is_explained_on_the_statistics_screen(lang: str) -> None:
    storage = MemoryStorage()
    storage.save(STATISTICS, "{damaged")
    app = make_app(lang, storage, animation="fast")
    t = app.t
    title = app.stack.top
    b = next(b for b in title.group.buttons if b.label == t("menu.stats"))  # type: ignore[union-attr]
    click(app, (b.x + b.w / 2, b.y + b.h / 2))
    app.frame(0.02)
    scenes = app.stack.scenes
    assert isinstance(app.stack.top, NoticeScene) and isinstance(scenes[-2], StatsScene)
    [notice] = app.services.unseen_notices()
    assert t("doc.statistics") in notice and t("reason.not_json") in notice
    texts = drawn_texts(app)
    assert t("stats.none") in texts  # the empty screen and, over it, why it is empty
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, StatsScene)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bad_setting_values_are_named(lang: str) -> None:
    storage = MemoryStorage()
    storage.save(SETTINGS, json.dumps({"version": DOC_VERSIONS[SETTINGS], "language": lang, "animation": "warp",
                                       "deck": "tarot", "sound": "loud"}))
    app = make_app(lang, storage, animation="fast")
    app.frame(0.02)
    notices = app.services.unseen_notices()
    assert len(notices) == 1, notices
    t = app.t
    for label in ("settings.speed", "settings.deck", "settings.sound"):
        assert t(label) in notices[0], (label, notices[0])
    assert t("reason.bad_setting") not in notices[0]
    assert t("setup.language") not in notices[0]  # the language was fine


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_hint_where_every_card_shows_zero_says_why_it_names_one(lang: str) -> None:
    t = Translator(lang)
    lost = Hint("card", (3,), chance=0.0, samples=40, measure="chance", card_values={3: 0.0, 5: 0.001, 9: 0.0})
    text = reason_text(t, lost, legal=3)
    assert text == t("hints.why.card_lost", samples=40) and "40" in text
    won = Hint("card", (3,), chance=1.0, samples=40, measure="chance", card_values={3: 1.0, 5: 0.999})
    assert reason_text(t, won, legal=2) == t("hints.why.card_won", samples=40)
    mixed = Hint("card", (3,), chance=0.5, samples=40, measure="chance", card_values={3: 0.5, 5: 0.0})
    assert reason_text(t, mixed, legal=2) == t("hints.why.card_chance", chance="50", samples=40)
    assert CATALOGS["de"]["hints.why.card_lost"] != CATALOGS["en"]["hints.why.card_lost"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bad_values_of_the_play_settings_are_named_and_fall_back(lang: str) -> None:
    """Issue 20: pace, sorting and forced cards are checked like every other setting."""
    storage = MemoryStorage()
    storage.save(SETTINGS, json.dumps({"version": DOC_VERSIONS[SETTINGS], "language": lang, "pace": "warp",
                                       "sort_trumps": 3, "sort_alternate": "yes", "forced_play": True,
                                       "sort_rank": "ascending"}))
    app = make_app(lang, storage, animation="fast")
    app.frame(0.02)
    notices = app.services.unseen_notices()
    assert len(notices) == 1, notices
    t = app.t
    for label in ("settings.pace", "settings.sort_trumps", "settings.sort_alternate"):
        assert t(label) in notices[0], (label, notices[0])
    for label in ("settings.forced_play", "settings.sort_rank"):  # those were fine and are kept
        assert t(label) not in notices[0]
    s = app.settings
    assert (s["pace"], s["sort_trumps"], s["sort_alternate"]) == ("normal", "left", False)
    assert (s["forced_play"], s["sort_rank"]) == (True, "ascending")
