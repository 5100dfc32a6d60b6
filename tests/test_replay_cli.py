"""``skat replay FILE``: ISS lines and JSON records in, one JSON object per hand out."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

from skat.desktop.replay import replay_lines
from skat.engine import ISKO, LOTHAR, OFFICERS, Match, SkatDeal, SkatHand, shuffled_deck
from skat.engine.officers import OfficersHand
from skat.engine.record import dumps, hand_record, match_record

DATA = Path(__file__).parent / "data"
KEYS = {
    "id", "declarer", "game", "hand", "schneider_announced", "schwarz_announced", "ouvert", "bid",
    "declarer_points", "declarer_tricks", "matadors", "won", "overbid", "value", "mismatch",
}


def run(lines: list[str]) -> tuple[int, list[dict], str]:
    out, err = io.StringIO(), io.StringIO()
    code = replay_lines([line + "\n" for line in lines], out, err)
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    return code, rows, err.getvalue()


def iss_lines(name: str) -> list[str]:
    return (DATA / name).read_text().splitlines()


def test_iss_lines_replay_and_agree_with_their_result_blocks() -> None:
    code, rows, err = run(iss_lines("iss_sample.txt"))
    assert code == 0 and err == ""
    assert [set(r) for r in rows] == [KEYS] * 3
    assert [(r["game"], r["declarer"], r["value"], r["matadors"]) for r in rows] == [
        ("hearts", 1, 30, 2),
        ("grand", 0, 144, 3),
        ("null", 2, 46, 0),
    ]
    assert rows[2]["ouvert"] and all(r["mismatch"] == [] for r in rows)


def test_passed_in_resigned_and_timeout_records() -> None:
    code, rows, err = run(iss_lines("iss_special.txt"))
    assert code == 0
    passed, resigned = rows
    assert passed["game"] == "passed" and passed["declarer"] is None and passed["value"] == 0
    # Both defenders resign: the rest goes to the declarer, as the ISS does (t:8, p:84).
    assert resigned["declarer_tricks"] == 8 and resigned["declarer_points"] == 84 and resigned["mismatch"] == []
    assert "line 3: skipped" in err and "penalty" in err


def test_a_disagreeing_result_block_is_reported_as_mismatch() -> None:
    line = iss_lines("iss_sample.txt")[0].replace("v:30", "v:40").replace("p:73", "p:70")
    code, rows, _ = run([line])
    assert code == 0
    assert rows[0]["mismatch"] == ["value", "declarer_points"]


def test_illegal_move_and_malformed_line_are_named_and_the_rest_still_runs() -> None:
    good = iss_lines("iss_sample.txt")
    # In the first record forehand leads DA; rearhand holds diamonds but throws C9 instead.
    illegal = good[0].replace(" 0 DA 1 ST 2 D8", " 0 DA 1 ST 2 C9")
    code, rows, err = run([good[1], illegal, "(;GM[Skat]ID[77]MV[w nonsense];)", "{not json", good[2]])
    assert code == 1
    assert [r["id"] for r in rows] == ["9021578", "9021579"]
    assert "line 2: error" in err and "(2 C9)" in err and "does not follow suit" in err
    assert "line 3: error" in err
    assert "line 4: error" in err


def test_json_hand_and_match_records() -> None:
    rng = random.Random(7)
    skat = SkatHand(LOTHAR, SkatDeal.random(rng))
    while not skat.done:
        skat.apply(rng.choice(skat.legal_actions()))
    off = OfficersHand(OFFICERS, shuffled_deck(rng))
    while not off.done:
        off.apply(rng.choice(off.legal_actions()))
    match = Match.new("skat", ISKO, players=3, hands=3, seed=3)
    while True:
        while not match.current.done:
            match.apply(rng.choice(match.current.legal_actions()))
        if match.next_hand() is None:
            break
    lines = [
        dumps(hand_record("skat", LOTHAR, skat, "h1")),
        dumps(hand_record("officers", OFFICERS, off, "o1")),
        dumps(match_record(match, "m")),
    ]
    code, rows, err = run(lines)
    assert code == 0, err
    assert [r["id"] for r in rows] == ["h1", "o1", "m#1", "m#2", "m#3"]
    assert rows[0]["value"] == skat.result.value and rows[1]["value"] == off.result.value
    assert [r["value"] for r in rows[2:]] == [row.result.value for row in match.sheet]
    assert all(r["mismatch"] == [] for r in rows)
    # A stored result that disagrees with the replay is reported.
    rec = hand_record("skat", LOTHAR, skat, "h1")
    rec["result"]["value"] += 1
    _, rows, _ = run([dumps(rec)])
    assert rows[0]["mismatch"] == ["value"]
    # A record whose actions break off is an error naming the action.
    rec = hand_record("skat", LOTHAR, skat, "h1")
    rec["actions"][3] = "CJ" if rec["actions"][3] != "CJ" else "D7"
    code, _, err = run([dumps(rec)])
    assert code == 1 and "action 4" in err


def test_command_line_entry_point(tmp_path: Path) -> None:
    f = tmp_path / "games.txt"
    f.write_text((DATA / "iss_sample.txt").read_text() + "garbage\n")
    proc = subprocess.run(
        [sys.executable, "-m", "skat", "replay", str(f)], capture_output=True, text=True, check=False,
        cwd=Path(__file__).parents[1] / "game",
    )
    assert proc.returncode == 1
    assert len(proc.stdout.splitlines()) == 3
    assert "line 4" in proc.stderr


def test_both_defenders_resigning_a_null_game_lets_the_declarer_win() -> None:
    # Public ISS record 1390253: Null Ouvert, both defenders resign after the declaration.
    code, rows, err = run(iss_lines("iss_null_resign.txt"))
    assert code == 0 and err == ""
    (row,) = rows
    assert row["game"] == "null" and row["won"] and row["value"] == 46
    assert row["declarer_tricks"] == 0 and row["mismatch"] == []


def test_a_null_declarer_who_concedes_loses_and_a_suit_declarer_who_is_conceded_to_wins() -> None:
    from skat.engine import actions as A
    from skat.engine.tricks import GameType

    def declared(game: int) -> SkatHand:
        hand = SkatHand(ISKO, SkatDeal.random(random.Random(5)))
        hand.apply(A.bid(18))
        hand.apply(A.HOLD)
        hand.apply(A.PASS)
        hand.apply(A.PASS)
        hand.apply(A.HAND)
        hand.apply(A.declare(GameType(game)))
        return hand

    null_lost = declared(GameType.NULL)
    null_lost.concede(declarer_wins=False)
    assert null_lost.result is not None and not null_lost.result.won
    null_won = declared(GameType.NULL)
    null_won.concede(declarer_wins=True)
    assert null_won.result is not None and null_won.result.won and null_won.trick_counts[null_won.declarer] == 0
    grand = declared(GameType.GRAND)
    grand.concede(declarer_wins=True)
    assert grand.result is not None and grand.result.won and grand.trick_counts[grand.declarer] == 10
