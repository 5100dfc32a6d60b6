"""``skat replay FILE``: replay ISS lines or JSON records, one JSON line per hand.

Each input line is an ISS record (``(;GM[Skat]...;)``) or a JSON hand or match
record; a file holding one JSON document (object or array) works too.  A line
that fails prints an error naming the line and the move on standard error;
the other lines are still processed and the exit status is 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from .engine.errors import RecordError
from .engine.iss import IssSkipped, compare_with_record, replay_iss
from .engine.record import replay_hand, replay_match
from .engine.scoring import HandResult

SUMMARY_KEYS = (
    "declarer",
    "game",
    "hand",
    "schneider_announced",
    "schwarz_announced",
    "ouvert",
    "bid",
    "declarer_points",
    "declarer_tricks",
    "matadors",
    "won",
    "overbid",
    "value",
)
_COMPARED = ("declarer", "game", "won", "value", "matadors", "overbid", "declarer_points", "declarer_tricks")


def summary(hand_id: str, result: HandResult, mismatch: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": hand_id}
    d = result.to_dict()
    for key in SUMMARY_KEYS:
        out[key] = d[key]
    if result.game == "passed":
        out["declarer"] = None
    out["mismatch"] = mismatch
    return out


def _json_mismatch(stored: Any, result: HandResult) -> list[str]:
    if not isinstance(stored, dict):
        return []
    mine = result.to_dict()
    return [k for k in _COMPARED if k in stored and stored[k] != mine[k]]


def _records_from_json(doc: Any) -> Iterator[Any]:
    if isinstance(doc, list):
        yield from doc
    else:
        yield doc


def replay_json(doc: Any) -> Iterator[dict[str, Any]]:
    for rec in _records_from_json(doc):
        fmt = rec.get("format") if isinstance(rec, dict) else None
        if fmt == "skat-match":
            match = replay_match(rec)
            base = str(rec.get("id", ""))
            for row, hrec in zip(match.sheet, rec["hand_records"], strict=False):
                hid = str(hrec.get("id") or f"{base}#{row.number}")
                yield summary(hid, row.result, _json_mismatch(hrec.get("result"), row.result))
        else:
            _, _, hand = replay_hand(rec)
            if hand.result is None:
                raise RecordError("the record ends before the hand does")
            yield summary(str(rec.get("id", "")), hand.result, _json_mismatch(rec.get("result"), hand.result))


def replay_lines(lines: list[str], out: TextIO, err: TextIO) -> int:
    failures = 0
    text = "".join(lines).strip()
    # A whole-file JSON document (pretty-printed or an array).
    if text.startswith(("[", "{")) and "\n" in text:
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            doc = None
        if doc is not None:
            try:
                for row in replay_json(doc):
                    out.write(json.dumps(row) + "\n")
            except RecordError as exc:
                err.write(f"file: {exc}\n")
                return 1
            return 0
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith("("):
                rep = replay_iss(line)
                assert rep.hand.result is not None
                row = summary(rep.record.game_id, rep.hand.result, compare_with_record(rep.record, rep.hand))
                out.write(json.dumps(row) + "\n")
            else:
                try:
                    doc = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise RecordError(f"neither an ISS record nor JSON: {exc}") from exc
                for row in replay_json(doc):
                    out.write(json.dumps(row) + "\n")
        except IssSkipped as note:
            err.write(f"line {number}: skipped: {note}\n")
        except RecordError as exc:
            failures += 1
            err.write(f"line {number}: error: {exc}\n")
    return 1 if failures else 0


def replay_file(path: str, out: TextIO, err: TextIO) -> int:
    try:
        if path == "-":
            lines = sys.stdin.readlines()
        else:
            with open(path, encoding="utf-8", errors="replace") as fh:
                lines = fh.readlines()
    except OSError as exc:
        err.write(f"cannot read {path}: {exc.strerror}\n")
        return 2
    return replay_lines(lines, out, err)
