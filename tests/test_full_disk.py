"""A full disk during play (ENOSPC part-way through a write, or on the rename) destroys nothing
that was saved, says so at the table while play goes on, and loses no score sheet: a sheet that
could not be written is kept in memory, shown in Past matches, and written as soon as there is
room again (not only at the next start).  Driven through the real App on a real data folder."""

from __future__ import annotations

import errno
import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from random_play import play_match, play_step  # noqa: E402
from skat import storage_backends  # noqa: E402
from skat.engine import ISKO, Match  # noqa: E402
from skat.storage import FileStorage, MatchInProgress, MemoryStorage, Store  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.history import HistoryScene  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import key, make_app, press  # noqa: E402


def play_to(app: Any, table: TableScene, hands: int) -> list[str]:
    """The computer plays the person's cards too until ``hands`` are on the sheet (at the match's
    end, until its final sheet shows); each notice that comes up is read and closed with Enter, as a player
    does.  The notices read."""
    import pygame

    read: list[str] = []
    table.c.autoplay = True
    for _ in range(20000):
        top = type(app.stack.top).__name__
        if top == "NoticeScene":
            read += app.services.unseen_notices()
            key(app, pygame.K_RETURN)
            continue
        if len(table.c.match.sheet) >= hands and top == ("SheetScene" if table.c.match.finished else "ResultScene"):
            break
        if top == "ResultScene":
            press(app, app.t("result.final" if table.c.match.finished else "result.next"))
        app.frame(0.05)
    table.c.autoplay = False
    assert len(table.c.match.sheet) >= hands
    return read


class FullDisk:
    """Every file the game writes from now on stops half-way with ENOSPC (``on``: in the write;
    ``rename``: the write works, the rename fails), until :meth:`freed`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
        self.full = False
        self.refused = 0
        real_fdopen, real_replace = os.fdopen, os.replace

        class HalfWritten:
            def __init__(self, f: Any) -> None:
                self.f = f

            def write(self, data: bytes) -> int:
                self.f.write(data[: len(data) // 2])
                outer.refused += 1
                raise OSError(errno.ENOSPC, "No space left on device")

            def __getattr__(self, name: str) -> Any:
                return getattr(self.f, name)

            def __enter__(self) -> HalfWritten:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()

        outer = self

        def fdopen(fd: int, *args: Any, **kw: Any) -> Any:
            f = real_fdopen(fd, *args, **kw)
            return HalfWritten(f) if self.full and where == "write" else f

        def replace(src: Any, dst: Any) -> None:
            if self.full and where == "rename":
                outer.refused += 1
                raise OSError(errno.ENOSPC, "No space left on device", str(dst))
            real_replace(src, dst)

        monkeypatch.setattr(storage_backends.os, "fdopen", fdopen)
        monkeypatch.setattr(storage_backends.os, "replace", replace)

    def freed(self) -> None:
        self.full = False


class Refusing(MemoryStorage):
    """Storage on a disk that is ``full`` (every write refused with ENOSPC) or not."""

    full = False

    def save(self, key: str, text: str) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        super().save(key, text)


def files(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text("utf-8") for p in sorted(folder.iterdir()) if p.is_file() and p.name != ".lock"}


@pytest.mark.parametrize("where", ["write", "rename"])
def test_a_disk_that_fills_during_a_match_loses_no_hand_and_no_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    disk = FullDisk(monkeypatch, where)
    earlier = Store(FileStorage(tmp_path), language="en")
    old = Match.new("skat", ISKO, players=3, hands=3, seed=5)
    assert earlier.finish_match(MatchInProgress(old, id="earlier")) and not earlier.notices
    app = make_app("en", FileStorage(tmp_path))
    match = Match.new("skat", ISKO, players=3, hands=3, seed=11)
    app.push(TableScene(app, MatchController(match, human=0, seed=11)))
    table = app.stack.top
    play_to(app, table, 1)
    saved = files(tmp_path)
    assert "match.json" in saved and "sheets.json" in saved

    disk.full = True
    told = play_to(app, table, 3)  # the other two hands, then the match ends
    assert match.finished and disk.refused
    # The player was told at the table, in words, and play went on.
    assert any("disk space" in n for n in told), told
    # Nothing saved before was destroyed or cut short: every file is as it was, or whole and newer.
    now = files(tmp_path)
    assert now == saved, "a failed write changed what was saved"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

    # Room again: the next thing the game saves (here: opening Past matches) writes the sheet.
    disk.freed()
    app.screens.reset("title")
    app.frame(0.02)
    assert isinstance(app.stack.top, TitleScene)
    press(app, app.t("menu.history"))
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert [m.id for m in history.sheets][-1] == "earlier" and len(history.sheets) == 2
    assert list(history.sheets[0].sheet) == list(match.sheet) and history.sheets[0].complete

    # A restart reads it from the folder, with every hand counted once; no match is left to resume.
    again = Store(FileStorage(tmp_path), language="en")
    kept = {s.id: s for s in again.sheets()}
    assert set(kept) == {"earlier", history.sheets[0].id}
    assert list(kept[history.sheets[0].id].sheet) == list(match.sheet)
    assert again.statistics().of("skat").hands_played == 3
    assert again.load_match() is None and not again.notices


def test_a_sheet_that_could_not_be_written_is_written_by_the_next_save_and_shown_meanwhile() -> None:
    """The store keeps what it could not write and writes it with the next save of anything (a
    setting, the next match), so the sheet does not wait for a restart, and Past matches shows
    it meanwhile."""
    storage = Refusing()
    store = Store(storage, language="en")
    match = Match.new("skat", ISKO, players=3, hands=3, seed=2)
    game = MatchInProgress(match, id="m")
    assert store.save_match(game)
    storage.full = True
    play_match(match, random.Random(1))
    assert not store.save_match(game) and not store.keep_match(game)
    assert [s.id for s in store.sheets()] == ["m"]  # shown from memory meanwhile
    storage.full = False
    store.take_notices()
    assert store.save_settings(store.settings())
    stored = Store(storage, language="en")
    assert [s.id for s in stored.sheets()] == ["m"] and len(stored.sheets()[0].sheet) == 3
    assert stored.statistics().of("skat").hands_played == 3 and stored.load_match() is None


def test_a_recount_counts_a_match_whose_sheet_waited_for_room_once() -> None:
    """A match ends on a full disk, so its sheet waits in memory; room comes back and the player
    recounts the statistics: the recount keeps the sheet (it reads the statistics) and must count
    that match once, not as the match in progress and again as the sheet it just kept."""
    storage = Refusing()
    store = Store(storage, language="en")
    game = MatchInProgress(Match.new("skat", ISKO, players=3, hands=3, seed=2), id="m")
    assert store.save_match(game)
    storage.full = True
    play_match(game.match, random.Random(1))
    assert not store.save_match(game) and not store.keep_match(game)
    storage.full = False
    assert store.rebuild_statistics().finish()
    assert [s.id for s in Store(storage).sheets()] == ["m"]
    stats = store.statistics().of("skat")
    assert (stats.hands_played, stats.matches_finished) == (3, 1)


class Counting(Refusing):
    """:class:`Refusing` storage that counts the reads and writes of the sheets document and notes
    which document each write was for; ``room``: the longest text a write still finds room for."""

    def __init__(self) -> None:
        super().__init__()
        self.sheets_io = 0
        self.writes: list[str] = []
        self.room: int | None = None

    def load(self, key: str) -> str | None:
        self.sheets_io += key == "sheets"
        return super().load(key)

    def save(self, key: str, text: str) -> None:
        self.writes.append(key)
        self.sheets_io += key == "sheets"
        if self.room is not None and len(text) > self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        super().save(key, text)


def test_a_sheet_waiting_for_room_costs_a_move_no_read_or_write_of_every_sheet() -> None:
    """While a finished match's sheet waits for room, each move's save stays the small save of the
    match: the whole sheets document is not read and written again at every move (a long frame, and
    on a full disk it fails anyway).  The waiting sheet is tried after the match's own save worked
    (that proves room, and the small save goes first), at once when room came back, and after a try
    that failed not again at every move but only a while later."""
    storage = Counting()
    now = [1000.0]
    store = Store(storage, language="en", clock=lambda: now[0])
    for i in range(4):
        old = Match.new("skat", ISKO, players=3, hands=3, seed=20 + i)
        play_match(old, random.Random(i))
        assert store.finish_match(MatchInProgress(old, id=f"old{i}"))
    waiting = MatchInProgress(Match.new("skat", ISKO, players=3, hands=3, seed=2), id="waiting")
    assert store.save_match(waiting)
    storage.full = True
    play_match(waiting.match, random.Random(1))
    assert not store.save_match(waiting) and not store.keep_match(waiting)

    game, rng = MatchInProgress(Match.new("skat", ISKO, players=3, hands=6, seed=3), id="next"), random.Random(3)
    storage.sheets_io = 0
    for _ in range(20):
        play_step(game.match, rng)
        assert not store.save_match(game)
    assert storage.sheets_io == 0, "moves on a full disk read or wrote the whole sheets document"

    storage.full, storage.room = False, len(storage.data["sheets"])  # room for the match, not for the sheets
    storage.writes.clear()
    play_step(game.match, rng)
    assert store.save_match(game)
    assert "sheets" in storage.writes and storage.writes.index("match") < storage.writes.index("sheets")
    tried = storage.sheets_io
    for _ in range(20):
        play_step(game.match, rng)
        assert store.save_match(game)
    assert storage.sheets_io == tried, "a sheet that did not fit a moment ago was tried again at every move"

    now[0] += 3600  # an hour later, and room for everything
    storage.room = None
    play_step(game.match, rng)
    assert store.save_match(game)
    assert [s.id for s in Store(storage).sheets()] == ["old0", "old1", "old2", "old3", "waiting"]
    storage.sheets_io = 0
    for _ in range(10):
        play_step(game.match, rng)
        assert store.save_match(game)
    assert storage.sheets_io == 0 and not game.match.finished
