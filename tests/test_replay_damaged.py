"""``skat replay`` on damaged records: every fault is that line's one-line error, the other lines go on.

The damaged fields are the ones a mutation run found crashing the reader (issue 15, finding 4):
non-string presets, numbers that are text, NaN or Infinity, decks of mixed or float cards, JSON
nested too deeply and integers longer than Python reads.  Finding 8: moves after the end are refused.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from skat.desktop.replay import replay_lines
from skat.engine import ISKO, LOTHAR, Match, SkatDeal, SkatHand
from skat.engine.record import dumps, hand_record, match_record

DATA = Path(__file__).parent / "data"


def run(lines: list[str]) -> tuple[int, list[dict[str, Any]], list[str]]:
    out, err = io.StringIO(), io.StringIO()
    code = replay_lines([line + "\n" for line in lines], out, err)
    return code, [json.loads(x) for x in out.getvalue().splitlines()], err.getvalue().splitlines()


def played_hand(seed: int = 7) -> SkatHand:
    rng = random.Random(seed)
    hand = SkatHand(LOTHAR, SkatDeal.random(rng))
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def good_hand(hand_id: str = "h") -> dict[str, Any]:
    return hand_record("skat", LOTHAR, played_hand(), hand_id)


def good_match() -> dict[str, Any]:
    rng = random.Random(3)
    match = Match.new("skat", ISKO, players=3, hands=3, seed=3)
    while True:
        while not match.current.done:
            match.apply(rng.choice(match.current.legal_actions()))
        if match.next_hand() is None:
            break
    return match_record(match, "m")


def damaged(base: dict[str, Any], key: str, value: Any) -> str:
    rec = json.loads(json.dumps(base))
    rec[key] = value
    return json.dumps(rec)  # NaN and Infinity are written as the JSON reader accepts them


NAN = float("nan")
INF = float("inf")
MATCH_FIELDS = [(k, v) for k in ("players", "hands", "first_dealer") for v in ("", "x", NAN, INF, 3.0, True, None, [3])]
HAND_FIELDS = [
    ("rules", {"preset": 5}),
    ("rules", {"preset": ["isko"]}),
    ("rules", 7),
    ("rules", {"skip_bids": "yes"}),
    ("deck", ["D7", *range(1, 32)]),
    ("deck", [float(c) for c in range(32)]),
    ("deck", [True, *range(1, 32)]),
    ("deck", list(range(31))),
    ("deck", "0123"),
    ("game", 5),
    ("game", ["skat"]),
    ("version", 1.0),
    ("version", True),
    ("actions", [5, "pass"]),
    ("actions", [["pass"]]),
    ("actions", ["9" * 5000]),
    ("actions", ["x" * 100_000]),
    ("actions", ["pass"] * 100_000),
    ("actions", "pass pass"),
]


def assert_only_line_2_fails(lines: list[str], n_good: int) -> list[str]:
    code, rows, err = run(lines)
    assert code == 1
    assert len(rows) == n_good, err
    assert len(err) == 1 and err[0].startswith("line 2: error: "), err
    assert len(err[0]) <= 300 and "cannot be read" not in err[0], err[0]
    return err


@pytest.mark.parametrize(("key", "value"), MATCH_FIELDS)
def test_a_match_record_with_a_bad_number_is_its_lines_error(key: str, value: Any) -> None:
    good = dumps(good_hand())
    err = assert_only_line_2_fails([good, damaged(good_match(), key, value), good], 2)
    assert key in err[0]


@pytest.mark.parametrize(("key", "value"), HAND_FIELDS)
def test_a_hand_record_with_a_bad_field_is_its_lines_error(key: str, value: Any) -> None:
    good = dumps(good_hand())
    assert_only_line_2_fails([good, damaged(good_hand(), key, value), good], 2)


@pytest.mark.parametrize(
    "line",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        '{"format": "skat-hand", "version": ' + "9" * 5000 + "}",
        "9" * 5000,
        "NaN",
        '"just text"',
        "{" + "x" * 200_000,
    ],
    ids=["deep-array", "deep-object", "long-int-field", "long-int", "nan", "string", "long-garbage"],
)
def test_unreadable_json_is_its_lines_error(line: str) -> None:
    good = dumps(good_hand())
    assert_only_line_2_fails([good, line, good], 2)


def test_a_bad_record_in_a_json_array_stops_neither_the_array_nor_the_file() -> None:
    good = good_hand("g")
    doc = [good, {**good, "players": "x", "format": "skat-match"}, {**good, "deck": [0.5] * 32}, good]
    code, rows, err = run([json.dumps(doc), dumps(good_hand("after"))])
    assert code == 1
    assert [r["id"] for r in rows] == ["g", "g", "after"]
    assert [e.split(": error")[0] for e in err] == ["line 1, record 2", "line 1, record 3"]


def test_a_whole_file_json_array_reports_each_bad_record() -> None:
    good = good_hand("g")
    text = json.dumps([good, {**good, "rules": {"preset": 3}}, good], indent=1)
    code, rows, err = run(text.splitlines())
    assert code == 1 and [r["id"] for r in rows] == ["g", "g"]
    assert err == ["file, record 2: error: bad rules: the preset must be a name, not 3"]


def test_json_moves_after_the_end_are_refused() -> None:
    rec = good_hand()
    rec["actions"].append("pass")
    code, rows, err = run([dumps(rec)])
    assert code == 1 and rows == []
    assert "the hand is over" in err[0]


def test_iss_moves_after_the_end_are_refused() -> None:
    line = (DATA / "iss_sample.txt").read_text().splitlines()[0]
    # Ten tricks are played; a player's card after them is impossible.
    extra = line.replace("]R[", " 0 CJ]R[", 1)
    code, rows, err = run([line, extra, line])
    assert code == 1 and len(rows) == 2
    assert err[0].startswith("line 2: error:") and "the game is already over" in err[0]


def test_an_iss_line_of_a_megabyte_is_refused_unread() -> None:
    line = (DATA / "iss_sample.txt").read_text().splitlines()[0]
    huge = line.replace("P0[", "P0[" + "x" * 1_000_000, 1)
    code, rows, err = run([huge, line])
    assert code == 1 and len(rows) == 1
    assert "too long" in err[0] and len(err[0]) <= 300
