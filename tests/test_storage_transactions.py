"""Saving is a transaction: a storage operation that fails at any point of finishing, saving or
replacing a match loses no hand and no sheet, and trying again later finishes the job once.

The stand-in backend fails the n-th storage operation like a full disk; each test runs the same
update once for every n it performs, so every point of failure is tried."""

from __future__ import annotations

import errno
import json
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from random_play import play_rows  # noqa: E402
from skat.engine import ISKO, OFFICERS, Match  # noqa: E402
from skat.storage import MatchInProgress, MemoryStorage, Seat, Statistics, Store  # noqa: E402


class FailingStorage(MemoryStorage):
    """A MemoryStorage whose write number ``fail_at`` (saves, deletes and renames, counted from 0)
    fails with a full disk; ``writes`` counts them."""

    def __init__(self, fail_at: int | None = None) -> None:
        super().__init__()
        self.fail_at = fail_at
        self.writes = 0

    def _write_op(self) -> None:
        n, self.writes = self.writes, self.writes + 1
        if n == self.fail_at:
            raise OSError(errno.ENOSPC, "No space left on device")

    def save(self, key: str, text: str) -> None:
        self._write_op()
        super().save(key, text)

    def delete(self, key: str) -> None:
        self._write_op()
        super().delete(key)

    def rename(self, key: str, new_key: str) -> None:
        self._write_op()
        super().rename(key, new_key)


def play_on(match: Match, upto: int, seed: int = 3) -> Match:
    return play_rows(match, random.Random(seed * 1000 + len(match.sheet)), upto)


def played(game: str = "skat", hands: int = 6, upto: int | None = None, seed: int = 3) -> Match:
    rules, players = (ISKO, 3) if game == "skat" else (OFFICERS, 2)
    match = Match.new(game, rules, players=players, hands=hands, seed=seed)
    return play_on(match, hands if upto is None else upto, seed)


def expected_statistics(match: Match, finished: bool) -> Statistics:
    stats = Statistics()
    seat = Seat.of("m", match.game, match.rules, match.players, 0, "normal")
    for row in match.sheet:
        stats.add_hand(seat, row)
    stats.of(match.game).matches_finished = int(finished)
    return stats


def counted(store: Store) -> tuple[int, int]:
    g = store.statistics().of("skat")
    return g.hands_played, g.matches_finished


def writes_of(action, match: Match) -> int:  # type: ignore[no-untyped-def]
    storage = FailingStorage()
    store = Store(storage)
    game = MatchInProgress(match, id="m1")
    store.save_match(game)
    before = storage.writes
    action(store, game)
    return storage.writes - before


@pytest.mark.parametrize("upto", [None, 4], ids=["finished", "given-up"])
def test_finishing_a_match_loses_nothing_whichever_write_fails(upto: int | None) -> None:
    """A match (finished, or given up after 4 of 6 hands) is saved, then finished with write n failing.
    Right after: either the match is still saved, or its sheet is kept and counted.  After a restart,
    the sheet is kept once and every hand counted once."""
    match = played(upto=upto)
    total = writes_of(lambda store, game: store.finish_match(game), match)
    assert total >= 2 + (upto is None)  # sheets, statistics (a finish to count), removing the match
    for fail_at in range(total):
        storage = FailingStorage()
        store = Store(storage)
        game = MatchInProgress(match, id="m1")
        store.save_match(game)
        storage.fail_at = storage.writes + fail_at
        store.finish_match(game)
        assert store.notices, f"write {fail_at} failed silently"
        storage.fail_at = None
        again = Store(storage)
        kept = [s.id for s in again.sheets()]
        saved = again.load_match()
        assert saved is not None or (kept == ["m1"] and counted(again) == (len(match.sheet), upto is None)), (
            f"write {fail_at} failing lost the match")
        if saved is not None:  # the next start (or the next new match) keeps it now
            again.finish_match(saved)
            again.finish_match(saved)  # and once more: nothing doubles
        assert [s.id for s in again.sheets()] == ["m1"]
        assert again.statistics().games == expected_statistics(match, upto is None).games
        assert again.load_match() is None and not again.notices


def test_saving_after_each_hand_counts_each_hand_once_whichever_write_fails() -> None:
    for fail_at in range(2):  # statistics and the match, in either order
        storage = FailingStorage()
        store = Store(storage)
        match = played(hands=6, upto=2)
        game = MatchInProgress(match, id="m1")
        store.save_match(game)
        play_on(match, 4)
        storage.fail_at = storage.writes + fail_at
        assert not store.save_match(game)
        storage.fail_at = None
        again = Store(storage)
        resumed = again.load_match()
        assert resumed is not None
        play_on(resumed.match, 6)
        again.save_match(resumed)
        assert counted(again) == (6, 0), f"write {fail_at} failing miscounted"


def test_a_new_match_that_replaces_one_whose_sheet_cannot_be_written_loses_nothing() -> None:
    """The disk is full when a new match (or a shared deal) replaces the one in progress: the old match
    is moved out of the way, not overwritten, and kept at the next start."""
    from skat.ui.app import App
    from skat.ui.controller import MatchController

    storage = FailingStorage()
    app = App(size=(1280, 720), store=Store(storage, language="en"), headless=True)
    old = MatchController(played(hands=6, upto=2), human=0)
    app.services.save_match(old)

    real_save = storage.save

    def refuse_sheets(key: str, text: str) -> None:
        if key == "sheets":
            raise OSError(errno.ENOSPC, "No space left on device")
        real_save(key, text)

    storage.save = refuse_sheets  # type: ignore[method-assign]
    new = MatchController(Match.new("officers", OFFICERS, players=2, hands=4, seed=8), human=0)
    app.services.save_match(new)  # the new match replaces the old one
    assert any("could not be saved" in n or "full" in n for n in app.notices)
    storage.save = real_save  # type: ignore[method-assign]
    later = App(size=(1280, 720), store=Store(storage, language="en"), headless=True)
    kept = later.services.past_sheets()
    assert [len(s.sheet) for s in kept] == [2] and kept[0].game == "skat"
    resumed = later.services.load_match()
    assert resumed is not None and resumed.match.game == "officers"
    assert later.services.store.statistics().of("skat").hands_played == 2


class UnreadableStorage(MemoryStorage):
    """Reading one key fails (a file the system will not open: permissions, a held file, an I/O
    error); renaming it aside may fail too (a full browser storage)."""

    def __init__(self, key: str, rename_fails: bool = False) -> None:
        super().__init__()
        self.key, self.rename_fails = key, rename_fails

    def load(self, key: str) -> str | None:
        if key == self.key:
            raise PermissionError(errno.EACCES, "Permission denied")
        return super().load(key)

    def rename(self, key: str, new_key: str) -> None:
        if self.rename_fails:
            raise OSError(errno.ENOSPC, "No space left on device")
        super().rename(key, new_key)


@pytest.mark.parametrize("key", ["sheets", "statistics"])
def test_a_document_that_cannot_be_read_is_never_overwritten_by_an_update(key: str) -> None:
    """Keeping a sheet or counting hands reads the document again and writes it back: when it cannot
    be read, nothing is written over it, and the match stays saved for the next try."""
    storage = UnreadableStorage(key)
    before = '{"version": 1, "precious": true}'
    storage.data[key] = before
    store = Store(storage, language="en")
    game = MatchInProgress(played(upto=2), id="m")
    store.save_match(game)
    assert not store.keep_match(game)
    assert storage.data[key] == before
    assert storage.load("match") is not None


def test_a_damaged_document_that_cannot_be_set_aside_is_never_overwritten() -> None:
    storage = UnreadableStorage("none", rename_fails=True)
    storage.data["sheets"] = "{ damaged"
    store = Store(storage, language="en")
    game = MatchInProgress(played(upto=2), id="m")
    assert store.save_match(game)
    assert not store.keep_match(game)
    assert storage.data["sheets"] == "{ damaged" and storage.load("match") is not None


def test_hands_with_a_take_back_are_remembered_across_a_restart() -> None:
    """A hand in which the person took a move back never gives a challenge its result, also after
    the game was closed and the match resumed (the mark is saved with the match)."""
    storage = MemoryStorage()
    game = MatchInProgress(played(upto=2), id="m", hinted=(2,), taken_back=(2,))
    assert Store(storage, language="en").save_match(game)
    again = Store(storage, language="en").load_match()
    assert again is not None and again.taken_back == (2,) and again.hinted == (2,)


def test_a_sheet_that_does_not_read_is_only_dropped_once_its_copy_is_kept() -> None:
    """One damaged sheet among good ones: reading the sheets copies the whole document aside, then
    writes it back without the damaged one.  When the copy cannot be written (a full disk), the
    document stays as it is: the damaged sheet may still be rescued by hand, and nothing is lost."""
    storage = FailingStorage()
    store = Store(storage, language="en")
    for k in range(2):
        assert store.finish_match(MatchInProgress(played(upto=2, seed=k + 1), id=f"m{k}"))
    doc = json.loads(storage.data["sheets"])
    doc["matches"][0]["sheet"][0]["totals"] = [1, 2, 3]  # no longer adds up
    damaged = json.dumps(doc)
    storage.data["sheets"] = damaged
    storage.fail_at = storage.writes  # the copy aside: the next write
    reader = Store(storage, language="en")
    assert [s.id for s in reader.sheets()] == ["m1"]  # shown without it, and told
    assert storage.data["sheets"] == damaged, "the damaged sheet was dropped without a copy"
    assert not [k for k in storage.data if ".corrupt-" in k]
    storage.fail_at = None
    assert [s.id for s in Store(storage, language="en").sheets()] == ["m1"]  # now copied, then dropped
    [aside] = [k for k in storage.data if ".corrupt-" in k]
    assert storage.data[aside] == damaged and len(json.loads(storage.data["sheets"])["matches"]) == 1
