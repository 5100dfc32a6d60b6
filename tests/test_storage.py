"""Saved documents: the same suite runs on files and on a stand-in for the browser's localStorage."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest

from skat import storage as S
from skat.engine import ISKO, LOTHAR, OFFICERS, Match
from skat.engine.record import match_record
from skat.engine.scoring import HandResult
from skat.storage import (
    FileStorage,
    LocalStorage,
    MatchInProgress,
    MemoryStorage,
    Seat,
    Settings,
    Statistics,
    Storage,
    Store,
    Tally,
)

NOW = 1_700_000_000.0


class FakeLocalStorage:
    """What the tests know of window.localStorage: strings by key, key(i)/length, and a quota."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key: str) -> str | None:  # the JS names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.items)


@dataclass
class Backend:
    name: str
    storage: Storage
    break_writes: Callable[[], contextlib.AbstractContextManager[None]]


def _half_writing_fdopen(real: Callable[..., Any]) -> Callable[..., Any]:
    """os.fdopen whose file writes half of the data, then fails like a full disk."""

    def fdopen(fd: int, *args: Any, **kwargs: Any) -> Any:
        f = real(fd, *args, **kwargs)

        class HalfFile:
            def __enter__(self) -> HalfFile:
                return self

            def __exit__(self, *exc: object) -> None:
                f.close()

            def write(self, data: bytes) -> int:
                f.write(data[: len(data) // 2])
                f.flush()
                raise OSError(errno.ENOSPC, "No space left on device")

            def flush(self) -> None:
                f.flush()

            def fileno(self) -> int:
                return f.fileno()

        return HalfFile()

    return fdopen


@pytest.fixture(params=["file", "localStorage"])
def backend(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Backend:
    if request.param == "file":

        @contextlib.contextmanager
        def break_file_writes() -> Iterator[None]:
            with monkeypatch.context() as m:
                m.setattr(os, "fdopen", _half_writing_fdopen(os.fdopen))
                yield

        return Backend("file", FileStorage(tmp_path / "skat"), break_file_writes)
    fake = FakeLocalStorage()

    @contextlib.contextmanager
    def break_local_writes() -> Iterator[None]:
        fake.full = True
        try:
            yield
        finally:
            fake.full = False

    return Backend("localStorage", LocalStorage(fake), break_local_writes)


@pytest.fixture
def store(backend: Backend) -> Store:
    return Store(backend.storage, language="de", clock=lambda: NOW)


def play(match: Match, rng: random.Random, actions: int) -> None:
    """Random legal actions; a finished hand is followed by the next deal."""
    for _ in range(actions):
        hand = match.current
        assert hand is not None
        if hand.done:
            if match.next_hand() is None:
                return
            continue
        match.apply(rng.choice(hand.legal_actions()))


def play_out(match: Match, rng: random.Random) -> None:
    while not match.finished:
        play(match, rng, 1000)


def state(match: Match) -> tuple[Any, ...]:
    hand = match.current
    assert hand is not None
    seats = 2 if match.game == "officers" else 3
    return (
        match_record(match, "x"),
        match.sheet,
        match.dealer,
        [hand.observe(s) for s in range(seats)],
        hand.legal_actions(),
        hand.result,
        match.rng.getstate(),
    )


def aside_keys(storage: Storage, key: str) -> list[str]:
    return [k for k in storage.keys() if k.startswith(f"{key}.corrupt-")]  # noqa: SIM118 - not a dict


# ---------------------------------------------------------------- missing data
def test_nothing_saved_gives_defaults_without_notices(store: Store) -> None:
    assert store.settings() == Settings(language="de")
    assert store.load_match() is None
    assert store.sheets() == []
    stats = store.statistics()
    assert stats == Statistics() and stats.of("skat").average_score == 0.0
    assert store.notices == []
    assert store.storage.keys() == []


# ---------------------------------------------------------------- round trips
def test_settings_round_trip(store: Store, backend: Backend) -> None:
    settings = Settings(language="en", animation="fast", pace="slow", deck="german", sound=False, hints=True,
                        sort_suits="reverse", sort_rank="ascending", sort_trumps="right", sort_alternate=True,
                        forced_play=True, shorten=False, takeback=True, ponder=False)
    assert store.save_settings(settings)
    assert store.settings() == settings
    fresh = Store(backend.storage, language="de")
    assert fresh.settings() == settings
    doc = json.loads(backend.storage.load("settings") or "")
    assert doc == {"version": 1, "language": "en", "animation": "fast", "pace": "slow", "deck": "german",
                   "sound": False, "hints": True, "sort_suits": "reverse", "sort_rank": "ascending",
                   "sort_trumps": "right", "sort_alternate": True, "forced_play": True, "shorten": False,
                   "takeback": True, "ponder": False}
    assert store.notices == fresh.notices == []


def test_settings_refuse_unknown_values_when_made() -> None:
    with pytest.raises(ValueError, match="animation"):
        Settings(animation="ludicrous")
    with pytest.raises(ValueError, match="sound"):
        Settings(sound=1)  # type: ignore[arg-type]
    assert Settings().with_options(language="de").language == "de"


@pytest.mark.parametrize(
    ("game", "rules", "players", "actions"),
    [
        ("skat", ISKO, 3, 45),
        ("skat", LOTHAR.with_options(seeger_fabian=True, kontra_re=True), 4, 130),
        ("officers", OFFICERS, 2, 70),
        ("officers", OFFICERS.with_options(officers_layout="admirals", officers_passing=True), 2, 3),
    ],
)
def test_match_in_progress_replays_to_the_same_state(
    store: Store, game: str, rules: Any, players: int, actions: int
) -> None:
    match = Match.new(game, rules, players=players, hands=players * 4, seed=5)
    rng = random.Random(9)
    play(match, rng, actions)
    saved = MatchInProgress(match, person=1, ai="strong", id="m1")
    assert store.save_match(saved)
    loaded = store.load_match()
    assert loaded is not None
    assert (loaded.person, loaded.ai, loaded.id, loaded.counted) == (1, "strong", "m1", len(match.sheet))
    assert state(loaded.match) == state(match)
    # Both continue identically, new deals included.
    rng_a, rng_b = random.Random(1), random.Random(1)
    play(match, rng_a, 200)
    play(loaded.match, rng_b, 200)
    assert state(loaded.match) == state(match)
    assert store.notices == []


def test_a_match_saved_between_hands_resumes_there(store: Store) -> None:
    match = Match.new("skat", ISKO, players=3, hands=6, seed=2)
    rng = random.Random(2)
    while not match.current.done:  # type: ignore[union-attr]
        play(match, rng, 1)
    store.save_match(MatchInProgress(match))
    loaded = store.load_match()
    assert loaded is not None and loaded.match.current.done  # type: ignore[union-attr]
    assert loaded.match.next_hand() is not None and match.next_hand() is not None
    assert loaded.match.decks == match.decks


def test_finished_match_sheet_and_statistics_round_trip(store: Store, backend: Backend) -> None:
    match = Match.new("skat", LOTHAR.with_options(seeger_fabian=True), players=4, hands=8, seed=7)
    game = MatchInProgress(match, person=2, ai="easy", id="done-1")
    rng = random.Random(3)
    while not match.finished:
        play(match, rng, 7)
        store.save_match(game)
    finished = store.finish_match(game)
    assert finished.complete and finished.finished_at == "2023-11-14T22:13:20Z"
    assert store.load_match() is None
    [sheet] = store.sheets()
    assert sheet == finished
    assert sheet.sheet == tuple(match.sheet)
    assert sheet.standings() == match.standings()
    assert Store(backend.storage).sheets() == [finished]

    stats = store.statistics().of("skat")
    expected = Statistics()
    seat = Seat.of("done-1", "skat", match.rules, 4, 2, "easy")
    for row in match.sheet:
        expected.add_hand(seat, row)
    expected.finish(seat)
    expected.line(seat).when = finished.finished_at  # the chart's time of the match
    expected.counted["done-1"] = (8, 1)  # what makes counting again add nothing
    assert store.statistics() == expected
    assert stats.hands_played == 6  # eight hands, two of them sat out as dealer
    assert stats.total_score == sum(r.changes[2] for r in match.sheet)
    assert stats.average_score == stats.total_score / 6
    assert sum(t.declared for t in stats.by_type.values()) == stats.declared
    assert stats.by_strength["easy"] == stats.by_rules["custom"] == stats.all  # Lothar's table with SF: custom
    assert store.notices == []


def test_statistics_count_every_hand_once(store: Store) -> None:
    match = Match.new("officers", OFFICERS, players=2, hands=6, seed=4)
    game = MatchInProgress(match, person=0, id="o")
    rng = random.Random(4)
    play(match, rng, 120)
    store.save_match(game)
    store.save_match(game)  # saving again counts nothing new
    counted = len(match.sheet)
    assert counted >= 1
    assert store.statistics().of("officers").hands_played == counted
    resumed = store.load_match()
    assert resumed is not None and resumed.counted == counted
    play_out(resumed.match, rng)
    store.save_match(resumed)
    store.finish_match(resumed)
    store.finish_match(resumed)  # twice (a crash before the match was removed): nothing doubles
    stats = store.statistics().of("officers")
    assert stats.hands_played == 6 and stats.matches_finished == 1
    assert len(store.sheets()) == 1


def test_ramsch_and_declarer_statistics() -> None:
    stats = Statistics()
    ramsch = HandResult(game="ramsch", declarer=1, scores=(0, -40, 0))
    durch = HandResult(game="ramsch", declarer=0, durchmarsch=True, scores=(120, 0, 0))
    grand = HandResult(game="grand", declarer=0, won=True, value=48, scores=(48, 0, 0))
    passed = HandResult(game="passed", declarer=None, scores=(0, 0, 0))
    rows = [
        S.SheetRow(1, 2, 1, ramsch, (0, -40, 0), (0, 0, 0), (0, -40, 0)),
        S.SheetRow(2, 0, 0, durch, (120, 0, 0), (0, 0, 0), (120, -40, 0)),
        S.SheetRow(3, 1, 0, grand, (48, 0, 0), (0, 0, 0), (168, -40, 0)),
        S.SheetRow(4, 2, None, passed, (0, 0, 0), (0, 0, 0), (168, -40, 0)),
    ]
    seat = Seat.of("m", "skat", LOTHAR, 3, 0, "normal")
    for row in rows:
        stats.add_hand(seat, row)
    g = stats.of("skat")
    assert (g.hands_played, g.declared, g.won_as_declarer, g.total_score) == (4, 1, 1, 168)
    assert g.by_type["ramsch"] == Tally(hands=2, score=120, ramsch=2, ramsch_won=2)
    assert g.by_type["grand"] == Tally(hands=1, score=48, declared=1, declared_won=1, declared_score=48,
                                      valued=1)
    assert g.all.passed == 1 and "passed" not in g.by_type and stats.lists == []  # no Seeger-Fabian at Lothar's


def test_only_the_last_sheets_are_kept(backend: Backend) -> None:
    store = Store(backend.storage, max_sheets=3, language="en")
    for i in range(5):
        match = Match.new("officers", OFFICERS, players=2, hands=2, seed=i)
        play_out(match, random.Random(i))
        store.finish_match(MatchInProgress(match, id=f"m{i}"))
    assert [s.id for s in store.sheets()] == ["m2", "m3", "m4"]
    assert store.statistics().of("officers").matches_finished == 5


# ---------------------------------------------------------------- corrupt documents
def _saved_documents(store: Store) -> dict[str, str]:
    """Every document saved once, as text."""
    store.save_settings(Settings(language="en", sound=False))
    match = Match.new("skat", ISKO, players=3, hands=3, seed=1)
    play_out(match, random.Random(1))
    store.finish_match(MatchInProgress(match, id="old"))
    live = Match.new("skat", ISKO, players=3, hands=3, seed=2)
    play(live, random.Random(2), 20)
    store.save_match(MatchInProgress(live, id="live"))
    docs = {key: store.storage.load(key) for key in ("settings", "match", "sheets", "statistics")}
    assert all(docs.values())
    return docs  # type: ignore[return-value]


def _read(store: Store, key: str) -> Any:
    return {
        "settings": store.settings,
        "match": store.load_match,
        "sheets": store.sheets,
        "statistics": store.statistics,
    }[key]()


DEFAULTS: dict[str, Any] = {
    "settings": Settings(language="de"),
    "match": None,
    "sheets": [],
    "statistics": Statistics(),
}
KEYS = list(DEFAULTS)


def _expect_set_aside(store: Store, key: str, original: str, reason: str) -> None:
    store.notices.clear()
    assert _read(store, key) == DEFAULTS[key]
    assert len(store.notices) == 1, store.notices
    assert reason in store.notices[0]
    [aside] = aside_keys(store.storage, key)
    assert aside == f"{key}.corrupt-20231114-221320"
    assert aside in store.notices[0]
    assert store.storage.load(aside) == original
    assert store.storage.load(key) is None
    # Read again: now simply missing, no second notice.
    assert _read(store, key) == DEFAULTS[key]
    assert len(store.notices) == 1


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("text", ["{not json", "", "[1, 2", "\x00\x01", "null", "[]", '"text"', "42"])
def test_unreadable_json_is_set_aside(store: Store, backend: Backend, key: str, text: str) -> None:
    store.storage.save(key, text)
    if text == "null" and backend.name == "localStorage":
        # A JS bridge may hand over null as "null": localStorage reads it as missing.
        assert _read(store, key) == DEFAULTS[key] and store.notices == []
        return
    _expect_set_aside(store, key, text, "could not be read")


@pytest.mark.parametrize("key", KEYS)
def test_truncated_documents_are_set_aside(store: Store, key: str) -> None:
    full = _saved_documents(store)[key]
    for cut in (1, len(full) // 3, len(full) // 2, len(full) - 1):
        store.storage.save(key, full[:cut])
        for aside in aside_keys(store.storage, key):
            store.storage.delete(aside)
        _expect_set_aside(store, key, full[:cut], "not valid JSON")


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    ("version", "reason"),
    [(99, "newer version"), (0, "no valid version"), ("1", "no valid version"), (None, "no valid version")],
)
def test_wrong_versions_are_set_aside(store: Store, key: str, version: Any, reason: str) -> None:
    doc = json.loads(_saved_documents(store)[key])
    if version is None:
        del doc["version"]
    else:
        doc["version"] = version
    text = json.dumps(doc)
    store.storage.save(key, text)
    _expect_set_aside(store, key, text, reason)


@pytest.mark.parametrize(
    ("key", "change"),
    [
        ("match", lambda d: d.update(person="0")),
        ("match", lambda d: d.update(person=3)),
        ("match", lambda d: d.update(ai=None)),
        ("match", lambda d: d.update(counted=-1)),
        ("match", lambda d: d.update(record=[])),
        ("match", lambda d: d.update(counted=True)),
        ("statistics", lambda d: d["games"]["skat"]["all"].update(hands="many")),
        ("statistics", lambda d: d["games"]["skat"]["all"].update(declared_won=-1)),
        ("statistics", lambda d: d.update(games=[])),
        ("statistics", lambda d: d["games"].update(poker={})),
        ("sheets", lambda d: d.update(matches={})),
    ],
)
def test_wrong_types_are_set_aside(store: Store, key: str, change: Callable[[dict[str, Any]], None]) -> None:
    doc = json.loads(_saved_documents(store)[key])
    change(doc)
    text = json.dumps(doc)
    store.storage.save(key, text)
    _expect_set_aside(store, key, text, "could not be read")


def test_a_bad_setting_falls_back_alone(store: Store) -> None:
    store.storage.save(
        "settings", json.dumps({"version": 1, "language": "en", "animation": 3, "deck": "gold", "sound": False})
    )
    assert store.settings() == Settings(language="en", animation="normal", deck="tournament", sound=False)
    [notice] = store.notices
    assert "'animation'" in notice and "'deck'" in notice
    assert store.settings() == Settings(language="en", sound=False) and len(store.notices) == 1  # repaired


def test_a_bad_sheet_entry_is_dropped_and_the_document_copied_aside(store: Store) -> None:
    text = _saved_documents(store)["sheets"]
    doc = json.loads(text)
    good = doc["matches"][0]
    bad = json.loads(json.dumps(good))
    bad["sheet"][0]["result"]["won"] = "yes"
    doc["matches"] = [bad, good]
    broken = json.dumps(doc)
    store.storage.save("sheets", broken)
    sheets = store.sheets()
    assert [s.id for s in sheets] == ["old"]
    [notice] = store.notices
    assert "finished match 1 was dropped" in notice
    [aside] = aside_keys(store.storage, "sheets")
    assert store.storage.load(aside) == broken
    assert store.sheets() == sheets and len(store.notices) == 1  # repaired: the notice comes once


def test_a_broken_match_record_is_moved_aside_with_a_notice(store: Store) -> None:
    match = Match.new("skat", ISKO, players=3, hands=3, seed=3)
    play(match, random.Random(3), 15)
    store.save_match(MatchInProgress(match, id="broken"))
    doc = json.loads(store.storage.load("match") or "")
    doc["record"]["hand_records"][0]["actions"][2] = "CJ"  # a card during the auction
    text = json.dumps(doc)
    store.storage.save("match", text)
    assert store.load_match() is None
    [notice] = store.notices
    assert "match in progress" in notice and "does not replay" in notice and "cannot be resumed" in notice
    [aside] = aside_keys(store.storage, "match")
    assert store.storage.load(aside) == text
    # Settings and everything else are untouched; a new match saves normally.
    store.save_match(MatchInProgress(Match.new("skat", ISKO, players=3, hands=3, seed=4), id="new"))
    assert store.load_match().id == "new"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(format="chess"),
        lambda r: r.update(version=2),
        lambda r: r.update(players="three"),
        lambda r: r.update(game="poker"),
        lambda r: r.update(rules={"skip_bids": "yes"}),
        lambda r: r["hand_records"][0].update(deck=list(range(31))),
        lambda r: r["hand_records"][0].update(deck=[[1]] * 32),
        lambda r: r["hand_records"][0].update(actions=[{"a": 1}]),
        lambda r: r.update(hand_records=[]),
    ],
)
def test_any_match_record_that_does_not_replay_is_set_aside(store: Store, damage: Callable[[Any], None]) -> None:
    match = Match.new("skat", ISKO, players=3, hands=3, seed=3)
    play(match, random.Random(3), 5)
    store.save_match(MatchInProgress(match, id="m"))
    doc = json.loads(store.storage.load("match") or "")
    damage(doc["record"])
    text = json.dumps(doc)
    store.storage.save("match", text)
    _expect_set_aside(store, "match", text, "does not replay")


def test_a_second_corruption_in_the_same_second_gets_its_own_name(store: Store) -> None:
    for text in ("{", "[", "{{"):
        store.storage.save("statistics", text)
        store.statistics()
    names = aside_keys(store.storage, "statistics")
    assert len(names) == 3
    assert sorted(store.storage.load(n) for n in names) == sorted(["{", "[", "{{"])


# ---------------------------------------------------------------- failing writes
def test_a_failed_write_keeps_the_old_document(store: Store, backend: Backend) -> None:
    store.save_settings(Settings(language="en", animation="slow"))
    old = backend.storage.load("settings")
    with backend.break_writes():
        assert store.save_settings(Settings(language="de", animation="off")) is False
    assert backend.storage.load("settings") == old
    assert len(store.notices) == 1 and "Could not save the settings" in store.notices[0]
    assert store.settings() == Settings(language="en", animation="slow")
    assert backend.storage.keys() == ["settings"]
    if isinstance(backend.storage, FileStorage):  # no temporary file left behind
        assert [p.name for p in backend.storage.directory.iterdir() if p.name != ".lock"] == ["settings.json"]


def test_a_failed_match_save_counts_nothing(store: Store, backend: Backend) -> None:
    match = Match.new("officers", OFFICERS, players=2, hands=2, seed=1)
    game = MatchInProgress(match, id="f")
    play(match, random.Random(1), 200)
    assert match.sheet
    with backend.break_writes():
        assert store.save_match(game) is False
    assert game.counted == 0 and store.statistics() == Statistics()
    assert store.save_match(game) and store.statistics().of("officers").hands_played == len(match.sheet)


def test_file_replace_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = FileStorage(tmp_path)
    files.save("settings", '{"old": 1}')

    def crash(*args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        files.save("settings", '{"new": 2}')
    monkeypatch.undo()
    assert files.load("settings") == '{"old": 1}'
    assert [p.name for p in tmp_path.iterdir() if p.name != ".lock"] == ["settings.json"]


def test_stray_temporary_files_are_ignored(tmp_path: Path) -> None:
    files = FileStorage(tmp_path)
    files.save("settings", "{}")
    (tmp_path / ".settings.json.abc.tmp").write_text('{"half')
    (tmp_path / "notes.txt").write_text("x")
    assert files.keys() == ["settings"] and files.load("settings") == "{}"


def test_bytes_that_are_not_utf8_are_set_aside(tmp_path: Path) -> None:
    store = Store(FileStorage(tmp_path), language="en", clock=lambda: NOW)
    (tmp_path / "settings.json").write_bytes(b'{"version": 1, "language": "\xff"}')
    assert store.settings() == Settings(language="en")
    assert "not text" in store.notices[0]
    assert (tmp_path / "settings.corrupt-20231114-221320.json").read_bytes().endswith(b'"\xff"}')


def test_unreadable_storage_gives_defaults_and_a_notice() -> None:
    class Broken(MemoryStorage):
        def load(self, key: str) -> str | None:
            raise OSError("permission denied")

    store = Store(Broken(), language="en")
    assert store.settings() == Settings(language="en")
    assert "permission denied" in store.take_notices()[0]
    assert store.notices == []


# ---------------------------------------------------------------- migrations
def test_migration_hook_upgrades_old_documents(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.storage.save("settings", json.dumps({"version": 1, "lang": "en", "sound": False}))
    monkeypatch.setitem(S.DOC_VERSIONS, "settings", 2)
    monkeypatch.setitem(S.MIGRATIONS, "settings", {1: lambda d: {**d, "language": d.pop("lang")}})
    assert store.settings() == Settings(language="en", sound=False)
    assert store.notices == []
    store.save_settings(store.settings())
    assert json.loads(store.storage.load("settings") or "")["version"] == 2


def test_a_version_without_migration_or_a_failing_one_is_set_aside(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(S.DOC_VERSIONS, "statistics", 3)
    monkeypatch.setitem(S.MIGRATIONS, "statistics", {2: lambda d: d})
    text = json.dumps({"version": 1, "games": {}})
    store.storage.save("statistics", text)
    _expect_set_aside(store, "statistics", text, "format 1 can no longer be read")

    def boom(doc: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("games")

    monkeypatch.setitem(S.MIGRATIONS, "statistics", {1: boom, 2: lambda d: d})
    for aside in aside_keys(store.storage, "statistics"):
        store.storage.delete(aside)
    store.storage.save("statistics", text)
    _expect_set_aside(store, "statistics", text, "updating it from format 1 failed")


def test_every_result_field_has_a_check() -> None:
    for f in fields(HandResult):
        assert S._typed(S._RESULT_DEFAULTS[f.name], str(f.type), f.name) is not None or f.name == "declarer"


# ---------------------------------------------------------------- backends
def test_storage_keys_rename_and_delete(backend: Backend) -> None:
    st = backend.storage
    st.save("a", "1")
    st.save("b.c-d_e", "2")
    st.rename("a", "z")
    st.rename("missing", "y")
    assert st.keys() == ["b.c-d_e", "z"] and st.load("z") == "1" and st.load("a") is None
    st.delete("z")
    st.delete("z")
    assert st.keys() == ["b.c-d_e"]
    for bad in ("", "../x", "a/b", ".hidden", "x" * 101):
        with pytest.raises(ValueError):
            st.save(bad, "x")


def test_local_storage_keeps_to_its_prefix() -> None:
    fake = FakeLocalStorage()
    fake.setItem("other-game.settings", "theirs")
    ls = LocalStorage(fake)
    ls.save("settings", "ours")
    assert fake.items == {"other-game.settings": "theirs", "skat.settings": "ours"}
    assert ls.keys() == ["settings"]
    fake.setItem("skat.match", "undefined")
    assert ls.load("match") is None


def test_file_storage_writes_utf8_json_files(tmp_path: Path) -> None:
    store = Store(FileStorage(tmp_path / "deep" / "dir"), language="de")
    store.save_settings(Settings(language="de"))
    data = json.loads((tmp_path / "deep" / "dir" / "settings.json").read_text("utf-8"))
    assert data["version"] == 1 and data["language"] == "de"


@pytest.mark.parametrize(
    ("system", "environ", "expected"),
    [
        ("linux", {}, "/home/u/.local/share/skat"),
        ("linux", {"XDG_DATA_HOME": "/data/xdg"}, "/data/xdg/skat"),
        ("linux", {"XDG_DATA_HOME": "relative/path"}, "/home/u/.local/share/skat"),
        ("darwin", {}, "/home/u/Library/Application Support/skat"),
        ("win32", {"APPDATA": "C:/Users/u/AppData/Roaming"}, "C:/Users/u/AppData/Roaming/skat"),
        ("win32", {}, "/home/u/AppData/Roaming/skat"),
    ],
)
def test_user_data_dir(system: str, environ: dict[str, str], expected: str) -> None:
    assert S.user_data_dir(system=system, environ=environ, home="/home/u") == Path(expected)


@pytest.mark.parametrize(
    ("browser", "environ", "expected"),
    [
        ("de-DE", {}, "de"),
        ("en-US", {"LANG": "de_DE.UTF-8"}, "en"),
        ("", {"LANG": "de_AT.UTF-8"}, "de"),
        ("", {"LC_ALL": "C", "LANG": "de_CH"}, "de"),
        ("", {"LANG": "fr_FR.UTF-8"}, "en"),
        ("", {"LANG": "German_Germany.1252"}, "de"),
        ("", {}, "en"),
    ],
)
def test_system_language(browser: str, environ: dict[str, str], expected: str) -> None:
    assert S.system_language(browser, environ) == expected


def test_default_storage_on_the_desktop(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    storage = S.default_storage()
    assert isinstance(storage, FileStorage) and storage.directory == tmp_path / "skat"


def _fake_browser(monkeypatch: pytest.MonkeyPatch, window: object) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))


def test_default_storage_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeLocalStorage()
    window = types.SimpleNamespace(localStorage=fake, navigator=types.SimpleNamespace(language="de-AT"))
    _fake_browser(monkeypatch, window)
    store = Store()
    assert isinstance(store.storage, LocalStorage) and store.storage.local_storage is fake
    assert store.settings().language == "de"
    store.save_settings(Settings(language="en"))
    assert json.loads(fake.items["skat.settings"])["language"] == "en"


def test_a_browser_that_blocks_storage_gets_memory_and_a_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    class Blocked:
        @property
        def localStorage(self) -> object:
            raise RuntimeError("SecurityError: The operation is insecure.")

    _fake_browser(monkeypatch, Blocked())
    store = Store()
    assert isinstance(store.storage, MemoryStorage)
    assert "nothing is saved" in store.notices[0]
    assert store.save_settings(Settings(language="en")) and store.settings() == Settings(language="en")


# ---------------------------------------------------------------- reasons the UI can translate (uisetup)
@pytest.mark.parametrize(
    ("exc", "reason", "where"),
    [
        (PermissionError(errno.EACCES, "Permission denied", "/d/.match.json.x.tmp"), "read_only", "/d"),
        (OSError(errno.EROFS, "Read-only file system", "/d/.match.json.x.tmp"), "read_only", "/d"),
        (IsADirectoryError(errno.EISDIR, "Is a directory", "/d/.match.json.x.tmp", None, "/d/match.json"), "in_the_way",
         "/d/match.json"),
        (NotADirectoryError(errno.ENOTDIR, "Not a directory", "/d"), "in_the_way", "/d"),
        (OSError(errno.ENOSPC, "No space left on device", "/d/x"), "disk_full", "/d"),
        (OSError(errno.EIO, "Input/output error", "/d/x"), "os_error", "/d/x"),
        (RuntimeError("QuotaExceededError: the quota has been exceeded"), "quota", ""),
        (RuntimeError("something else"), "unknown", "/d"),
    ],
)
def test_failures_of_the_medium_get_a_reason_code_and_a_path(exc: BaseException, reason: str, where: str) -> None:
    assert S.failure_reason(exc, "/d") == (reason, where)
    assert reason in S.REASONS


def test_a_directory_in_place_of_the_match_file_is_reported_with_its_path(tmp_path: Path) -> None:
    (tmp_path / "match.json").mkdir()
    store = Store(FileStorage(tmp_path), language="en")
    assert store.load_match() is None
    [read] = store.take_notices()
    assert (read.kind, read.reason, read.where) == ("read_failed", "in_the_way", str(tmp_path / "match.json"))
    game = MatchInProgress(Match.new("skat", ISKO, players=3, hands=3, seed=1))
    assert store.save_match(game) is False
    [write] = store.take_notices()
    assert (write.kind, write.doc, write.reason, write.where) == (
        "save_failed", "match", "in_the_way", str(tmp_path / "match.json"))


def test_a_full_browser_storage_is_a_quota_reason(tmp_path: Path) -> None:
    fake = FakeLocalStorage()
    store = Store(LocalStorage(fake), language="en")
    fake.full = True
    assert store.save_settings(Settings()) is False
    [n] = store.notices
    assert (n.kind, n.reason) == ("save_failed", "quota")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not_json"),
        ('{"version": 99}', "newer_version"),
        ('{"version": "x"}', "bad_content"),
        ('{"version": 1, "record": {"nonsense": 1}, "person": 0, "ai": "normal", "id": "x", "counted": 0}',
         "no_replay"),
    ],
)
def test_unreadable_documents_name_their_reason(store: Store, text: str, reason: str) -> None:
    store.storage.save("match", text)
    assert store.load_match() is None
    [n] = store.notices
    assert (n.kind, n.reason) == ("unreadable", reason) and n.aside.startswith("match.corrupt-")


def test_a_given_up_match_keeps_its_sheet_and_planned_hands_but_is_not_counted_finished(store: Store) -> None:
    match = Match.new("officers", OFFICERS, players=2, hands=6, seed=2)
    play(match, random.Random(2), 120)
    assert match.sheet and not match.finished
    store.finish_match(MatchInProgress(match, id="gone"))
    [kept] = store.sheets()
    assert (kept.complete, kept.finished, kept.hands, list(kept.sheet)) == (False, False, 6, list(match.sheet))
    assert store.statistics().of("officers").matches_finished == 0
    assert store.statistics().of("officers").hands_played == len(match.sheet)
    assert store.load_match() is None


def test_sheets_kept_before_the_planned_hands_were_recorded_still_read(store: Store) -> None:
    match = Match.new("officers", OFFICERS, players=2, hands=2, seed=1)
    play_out(match, random.Random(1))
    store.finish_match(MatchInProgress(match, id="old"))
    doc = json.loads(store.storage.load("sheets"))
    del doc["matches"][0]["hands"]
    store.storage.save("sheets", json.dumps(doc))
    [kept] = store.sheets()
    assert kept.hands == len(kept.sheet) and not store.notices
