"""Save failures and damaged files, through the real app: shown at once (at the table too), once per
cause, in the player's language with what to do, wrapped and scrolled in a panel inside the window."""

from __future__ import annotations

import errno
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.i18n import CATALOGS  # noqa: E402
from skat.storage import FileStorage, MemoryStorage  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.menu import PauseScene, SetupScene, TitleScene  # noqa: E402
from skat.ui.overlays import NoticeScene  # noqa: E402
from skat.ui.painter import LOGICAL_H, LOGICAL_W  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app, press  # noqa: E402

FIXED_DEAL = 20261201
"""Every new match's seed: with a random deal, everyone may pass and leave no card to play."""
SMALLEST = (640, 360)
"""The smallest window these tests check (half the logical size)."""


def start_new_match(app: App) -> TableScene:
    press(app, app.t("menu.new"))
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    click(app, (setup.start.x + 10, setup.start.y + 10))
    if type(app.stack.top).__name__ == "ConfirmScene":  # a match in progress is given up
        press(app, app.t("confirm.new_yes"))
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    return table


def play_frames(app: App, n: int = 300) -> None:
    for _ in range(n):
        app.frame(0.05)


class ReadOnlyStorage(FileStorage):
    """A data directory the game may not write in (tests run as root, where chmod does not stop writes)."""

    def save(self, key: str, text: str) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(self.directory / f".{key}.json.tmp"))


def english_only_words() -> set[str]:
    return {"Permission denied", "Is a directory", "Errno", "Expecting value", "JSON (", "not valid"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_directory_where_the_match_file_belongs_is_shown_at_the_table_once(tmp_path: Path, lang: str) -> None:
    app = make_app(lang, FileStorage(tmp_path), seed=FIXED_DEAL)
    (tmp_path / "match.json").mkdir()  # in the way of the match file from now on
    table = start_new_match(app)
    # At once, over the table, before the first move.
    assert isinstance(app.stack.top, NoticeScene) and app.stack.scenes[-2] is table
    [notice] = app.services.unseen_notices()
    t = app.t
    assert t("reason.in_the_way") in notice and str(tmp_path / "match.json") in notice
    assert t("save_lost.match") in notice  # what it means ...
    assert t("advice.in_the_way", path=tmp_path / "match.json") in notice  # ... and what to do
    assert not any(w in notice for w in english_only_words())
    # OK closes it; play goes on and the same failure is not told again at every move.
    ok = app.stack.top.ok
    click(app, (ok.x + 10, ok.y + 10))
    assert app.stack.top is table
    table.c.autoplay = True
    played = len(table.c.hand.history)
    play_frames(app, 100)
    assert len(table.c.hand.history) > played + 5
    assert not isinstance(app.stack.top, NoticeScene) and len(app.notices) == 1
    # Back at the title: no pile of identical notices.
    table.c.autoplay = False
    while not isinstance(app.stack.top, TableScene):
        app.pop()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    press(app, t("menu.to_title"))
    app.frame(0.02)
    assert isinstance(app.stack.top, TitleScene) and len(app.notices) == 1
    # Once the way is clear, saving works again; a new failure later is news again.
    (tmp_path / "match.json").rmdir()
    table = start_new_match(app)
    assert app.stack.top is table and (tmp_path / "match.json").is_file()


def test_a_read_only_data_directory_is_said_in_german_with_what_to_do(tmp_path: Path) -> None:
    app = make_app("de", ReadOnlyStorage(tmp_path), seed=FIXED_DEAL)
    start_new_match(app)
    assert isinstance(app.stack.top, NoticeScene)
    [notice] = app.services.unseen_notices()
    de = CATALOGS["de"]
    assert notice.startswith("Speichern fehlgeschlagen")
    assert de["reason.read_only"] in notice and str(tmp_path) in notice
    assert "beschreibbar" in notice and not any(w in notice for w in english_only_words())
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene)
    app.stack.top.c.autoplay = True
    play_frames(app, 100)
    assert len(app.notices) == 1  # the match and the statistics fail for one cause: said once


def test_a_damaged_match_file_is_told_in_german_without_english_detail() -> None:
    storage = MemoryStorage()
    storage.save("match", "{not json")
    app = make_app("de", storage, seed=FIXED_DEAL)
    assert isinstance(app.stack.top, NoticeScene)
    [notice] = app.services.unseen_notices()
    assert CATALOGS["de"]["reason.not_json"] in notice and "match.corrupt-" in notice
    assert not any(w in notice for w in english_only_words())
    click(app, (app.stack.top.ok.x + 5, app.stack.top.ok.y + 5))
    assert isinstance(app.stack.top, TitleScene)
    assert not app.services.unseen_notices()


@pytest.mark.parametrize("size", [(1280, 720), SMALLEST])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_many_long_notices_wrap_stack_and_scroll_inside_the_window(size: tuple[int, int], lang: str) -> None:
    storage = MemoryStorage()
    for doc in ("match", "sheets", "statistics", "settings"):
        storage.save(doc, "{damaged")
    app = make_app(lang, storage, size=size, seed=FIXED_DEAL)
    long_path = "/home/somebody/" + "a-very-long-folder-name/" * 8 + "match.json"
    app.notify(app.t("notice.save_failed", doc=app.t("doc.match"), reason=app.t("reason.in_the_way"),
                     consequence=app.t("save_lost.match"), advice=app.t("advice.in_the_way", path=long_path)))
    app.services.statistics()  # reads the damaged statistics ...
    app.services.past_sheets()  # ... and score sheets
    app.frame(0.02)
    scene = app.stack.top
    assert isinstance(scene, NoticeScene)
    p = app.painter
    notices = app.services.unseen_notices()
    assert len(notices) == 5
    lines = scene.lines(p)
    y, h, view = scene.box(p)
    # The panel and its OK button are inside the window; every line fits the panel's width.
    assert scene.X >= 0 and scene.X + scene.W <= LOGICAL_W and y >= 0 and y + h <= LOGICAL_H
    for text, _ in lines:
        assert p.text_width(text, scene.SIZE) <= scene.text_width + 1, text
    assert "".join(t for t, _ in lines).replace(" ", "").count("a-very-long-folder-name") == 8  # nothing lost
    app.draw()
    assert y + 70 + view <= scene.ok.y  # the text view ends above the button
    assert scene.ok.y + scene.ok.h <= y + h
    # More than fits: scroll to the end with the keyboard and back with the wheel.
    assert len(lines) * scene.LINE > view
    for _ in range(len(lines)):
        key(app, pygame.K_DOWN)
    assert scene.scroll == scene.max_scroll(p) > 0
    for _ in range(len(lines)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.frame(0.02)
    assert scene.scroll == 0
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and not app.services.unseen_notices()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_notice_and_reason_has_a_message_in_both_languages(lang: str) -> None:
    from skat.storage import REASONS, Notice

    app = make_app(lang, MemoryStorage(), seed=FIXED_DEAL)
    catalog = CATALOGS[lang]
    for kind in ("read_failed", "partly_unreadable", "unreadable", "save_failed", "delete_failed", "no_storage"):
        for reason in REASONS:
            for doc in ("settings", "match", "sheets", "statistics"):
                n = Notice("English text", kind, doc, "English detail", "match.corrupt-x", reason=reason,
                           where="/data/skat", count=2)
                text = app.services.localize(n)
                assert "{" not in text and "English" not in text and "reason." not in text, text
                if kind != "no_storage":  # the one notice without a reason
                    assert catalog["reason." + reason].format(n=2) in text
    for level in ("easy", "normal", "strong", "expert"):
        assert catalog["strength." + level] and catalog["strength_note." + level]
