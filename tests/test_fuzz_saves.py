"""Fuzzing the save readers: documents of each kind (settings, match in progress, score sheets,
statistics) as the game wrote them, then damaged at random (a node replaced by another JSON value,
a key dropped, the text cut or bloated).  Whatever comes, reading gives a usable value, every
failure is a notice (the document set aside or the entry dropped), nothing raises, and no read
takes long.  Sizes are bounded so the whole file runs in a few seconds."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from random_play import play_rows  # noqa: E402
from skat.engine import ISKO, LOTHAR, OFFICERS, Match
from skat.engine.errors import IllegalActionError
from skat.storage import FinishedMatch, MatchInProgress, MemoryStorage, Notice, Settings, Statistics, Store
from skat.ui.analysis_view import hand_of_match

READ_SECONDS = 2.0
"""Generous: a damaged document is read in milliseconds; this only catches a runaway."""


def _played(match: Match, rng: random.Random, hands: int) -> Match:
    return play_rows(match, rng, hands)


def _documents() -> dict[str, str]:
    """One document of each kind, written by the game."""
    storage = MemoryStorage()
    store = Store(storage)
    store.save_settings(Settings(language="de", deck="classic", hints=True))
    rng = random.Random(7)
    for i, (game, rules, players, hands) in enumerate(
        (("skat", ISKO, 3, 3), ("officers", OFFICERS, 2, 2), ("skat", LOTHAR.with_options(seeger_fabian=True), 4, 4))
    ):
        match = _played(Match.new(game, rules, players=players, hands=hands, seed=i + 1), rng, hands)
        store.finish_match(MatchInProgress(match, id=f"m{i}", hinted=(1,)))
    current = _played(Match.new("skat", ISKO, players=3, hands=6, seed=9), rng, 2)
    current.next_hand()
    current.apply(current.current.legal_actions()[0])  # type: ignore[union-attr]
    store.save_match(MatchInProgress(current, id="now", ai="expert", hinted=(2,)))
    assert not store.notices
    return {key: storage.data[key] for key in ("settings", "match", "sheets", "statistics")}


DOCUMENTS = _documents()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40) | st.sampled_from(["", "x", "AAAA", "grandmaster", "normal", "skat", "-3", "1e999"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=20,
)


def _nodes(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _nodes(v, (*path, i))
    return out


@st.composite
def damaged(draw: st.DrawFn, key: str) -> str:
    """The game's document of ``key`` with one to three random injuries."""
    doc = json.loads(DOCUMENTS[key])
    for _ in range(draw(st.integers(1, 3))):
        nodes = _nodes(doc)
        path = draw(st.sampled_from(nodes))
        how = draw(st.sampled_from(["replace", "drop", "nest"]))
        if not path:
            doc = draw(json_values) if how == "replace" else doc
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if how == "replace":
            parent[last] = draw(json_values)
        elif how == "drop":
            del parent[last]
        else:
            parent[last] = [[[[copy.deepcopy(parent[last])]]]]
    text = json.dumps(doc, allow_nan=True)
    cut = draw(st.sampled_from(["none", "none", "cut", "bloat", "deep"]))
    if cut == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif cut == "bloat":
        text = text[:-1] + ',"junk":"' + "ß" * draw(st.integers(0, 200_000)) + '"}'
    elif cut == "deep":
        depth = draw(st.integers(100, 50_000))
        text = text[:-1] + ',"deep":' + "[" * depth + "]" * depth + "}"
    return text


def _read(key: str, text: str) -> tuple[Any, list[str], MemoryStorage]:
    storage = MemoryStorage({key: text})
    store = Store(storage)
    started = time.perf_counter()
    value = {"settings": store.settings, "match": store.load_match, "sheets": store.sheets,
             "statistics": store.statistics}[key]()
    assert time.perf_counter() - started < READ_SECONDS
    return value, store.notices, storage


def _check_notices(text: str, notices: list[str], storage: MemoryStorage) -> None:
    """Every failure is a notice of a known kind, of a readable length, and keeps the document aside
    byte for byte."""
    assert all(isinstance(n, Notice) for n in notices)
    for n in notices:
        assert n.kind in ("unreadable", "partly_unreadable") and len(str(n)) < 2_000
        if n.aside:
            assert storage.data[n.aside] == text


EXAMPLES = int(os.environ.get("SKAT_FUZZ_EXAMPLES", "60"))
"""Examples per reader (more for a long run: SKAT_FUZZ_EXAMPLES=2000)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                       HealthCheck.data_too_large])


def _same_as_written(key: str, value: Any) -> bool:
    storage = MemoryStorage({key: DOCUMENTS[key]})
    store = Store(storage)
    whole = {"settings": store.settings, "match": store.load_match, "sheets": store.sheets,
             "statistics": store.statistics}[key]()
    if key == "match":
        return value is not None and value.id == whole.id and len(value.match.sheet) == len(whole.match.sheet)
    return value == whole


@FUZZ
@given(damaged("settings"))
def test_damaged_settings(text: str) -> None:
    value, notices, storage = _read("settings", text)
    assert isinstance(value, Settings)
    _check_notices(text, notices, storage)
    if not notices:
        assert value == Store(MemoryStorage({"settings": text})).settings()


@FUZZ
@given(damaged("match"))
def test_damaged_match_in_progress(text: str) -> None:
    value, notices, storage = _read("match", text)
    assert value is None or isinstance(value, MatchInProgress)
    _check_notices(text, notices, storage)
    if value is None:
        assert notices and "match" not in storage.data  # set aside, never half-resumed
    else:
        assert not notices and value.ai in ("easy", "normal", "strong", "expert")
        assert isinstance(value.match.seed, int | None) and type(value.match.hands) is int


@FUZZ
@given(damaged("sheets"))
def test_damaged_score_sheets(text: str) -> None:
    value, notices, storage = _read("sheets", text)
    assert isinstance(value, list) and all(isinstance(s, FinishedMatch) for s in value)
    _check_notices(text, notices, storage)
    for m in value:  # what is kept can be shown, and its hands rebuilt or refused cleanly
        m.standings()
        for i in range(len(m.decks)):  # the sheet screen turns these three into a notice
            with contextlib.suppress(IllegalActionError, ValueError, IndexError):
                hand_of_match(m, i, ["a", "b", "c", "d"][: m.players], m.person)  # type: ignore[arg-type]


@FUZZ
@given(damaged("statistics"))
def test_damaged_statistics(text: str) -> None:
    value, notices, storage = _read("statistics", text)
    assert isinstance(value, Statistics)
    _check_notices(text, notices, storage)
    for g in value.games.values():
        assert 0 <= g.won_as_declarer <= g.declared <= g.hands_played


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(DOCUMENTS)), st.binary(max_size=2_000))
def test_any_bytes_where_a_document_belongs(key: str, junk: bytes) -> None:
    """Not even JSON (nor UTF-8): the defaults, and the bytes kept aside with a notice."""
    text = junk.decode("latin-1")
    value, notices, storage = _read(key, text)
    try:
        parsed_ok = isinstance(json.loads(text), dict)
    except ValueError:
        parsed_ok = False
    if not parsed_ok:
        assert notices and storage.data[notices[0].aside] == text
        assert value == {"settings": Store(MemoryStorage()).default_settings(), "match": None, "sheets": [],
                         "statistics": Statistics()}[key]


def test_the_documents_as_written_read_back_without_notices() -> None:
    for key in DOCUMENTS:
        value, notices, _ = _read(key, DOCUMENTS[key])
        assert not notices and _same_as_written(key, value)
