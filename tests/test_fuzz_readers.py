"""Fuzzing every reader of outside data (issue 15, build 4).

``skat replay`` on JSON records and ISS lines, deal codes, challenge codes and
the page address's ``?deal=`` query get hypothesis-made text: noise, damaged
good samples, JSON records with odd values in any field, and inputs of a
megabyte.  :func:`skat.bench_readers.read` checks the promises on each input:
no crash, a damaged line never stops the good lines around it (the replay
readers put it between two), every message one line of at most 300
characters, and no input takes long.  The bound is on CPU time (which other
processes do not inflate) and four times the 0.5 s target, so that a loaded
shared machine cannot make it flake; ``skat bench readers`` prints the figures.  Examples per reader: ``FUZZ_EXAMPLES``
(default 150 small, 4 of a megabyte), so the file stays well under a minute.
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat.lab.readers_bench import (
    JSON_SAMPLE,
    MEGABYTE,
    READERS,
    SAMPLES,
    TIME_LIMIT,
    mutate_record,
    mutate_text,
    nested,
    read,
    repeated,
)

SLACK = 4.0
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
BIG_EXAMPLES = max(2, EXAMPLES // 40)
TRIED: Counter[str] = Counter()

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["isko", "pass", "hold", "CJ", "game:GO", "18", "skat-hand", "skat-match", "9" * 4400]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)
fragments = st.text(max_size=12) | st.sampled_from(["(;", ";)", "[", "]", "MV[", "R[", "{", "}", '"', "\\", "\n"])


def damaged(sample: str) -> st.SearchStrategy[str]:
    """``sample`` with one to three slices replaced by hypothesis text."""
    edit = st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), fragments)

    def apply(edits: list[tuple[int, int, str]]) -> str:
        out = sample
        for start, length, insert in edits:
            out = mutate_text(out, start, start + length % 8, insert)
        return out

    return st.lists(edit, min_size=1, max_size=3).map(apply)


def small_inputs(reader: str) -> st.SearchStrategy[str]:
    sample = SAMPLES[reader]
    options = [st.text(max_size=300), damaged(sample)]
    if reader == "replay-json":
        paths = st.lists(st.integers(0, 63), min_size=1, max_size=3)
        options.append(st.builds(lambda path, value: mutate_record(JSON_SAMPLE, path, value), paths, json_values))
        options.append(json_values.map(json.dumps))
    return st.one_of(options)


def big_inputs(reader: str) -> st.SearchStrategy[str]:
    """About a megabyte: a fragment or the sample repeated, deep nesting, or a long number."""
    sample = SAMPLES[reader]
    return st.one_of(
        st.text(min_size=1, max_size=16).map(repeated),
        st.just(repeated(sample)),
        st.just("[" + ",".join([sample] * (MEGABYTE // (len(sample) + 1))) + "]"),
        st.integers(1, 2).map(lambda k: nested(MEGABYTE // (2 * k))),
        st.just(sample[:12] + repeated("9")),
        st.just("?deal=" + repeated("%C3%9F")),
    )


def check(reader: str, text: str) -> None:
    TRIED[reader] += 1
    read(reader, text, time_limit=TIME_LIMIT * SLACK)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_small_hostile_inputs(reader: str) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(small_inputs(reader))
    def run(text: str) -> None:
        check(reader, text)

    run()


@pytest.mark.parametrize("reader", sorted(READERS))
def test_megabyte_inputs(reader: str) -> None:
    @settings(max_examples=BIG_EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(big_inputs(reader))
    def run(text: str) -> None:
        assert len(text) >= MEGABYTE // 2
        check(reader, text)

    run()


def test_the_samples_are_read_without_a_word() -> None:
    """The fuzzing starts from inputs each reader accepts (else a damaged one proves little)."""
    for reader in READERS:
        _, messages = read(reader, SAMPLES[reader])
        assert messages == [], (reader, messages)


def test_report_inputs_tried() -> None:
    """Runs last in this file: prints how many inputs each reader got (for the issue's figures)."""
    print("fuzz inputs per reader:", dict(sorted(TRIED.items())))
