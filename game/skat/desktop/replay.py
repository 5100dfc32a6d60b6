"""``skat replay FILE``: replay ISS lines or JSON records, one JSON line per hand.

Each input line is an ISS record (``(;GM[Skat]...;)``) or a JSON hand or match
record; a file holding one JSON document (object or array) works too.  A line
that fails prints a one-line error naming the line and the move on standard
error; the other lines (and the other records of a JSON array) are still
processed and the exit status is 1.  Every reader below checks the types and
sizes of what it reads before using it, so damaged data gives its error, not a
traceback; a failure that slips through is still reported as that line's error
(``cannot be read (...)``), which the fuzz tests treat as a bug.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from ..engine.errors import RecordError, clipped
from ..engine.iss import IssSkipped, compare_with_record, replay_iss
from ..engine.record import loads, replay_hand, replay_match
from ..engine.scoring import HandResult

UNEXPECTED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError, RecursionError)
"""What a reader's bug on strange data could raise; reported as the line's error, never a traceback."""

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


MAX_RECORDS = 500
"""Records in one JSON document (half a megabyte of hand records, replayed in well under half a
second); more go one per line."""


def summary(hand_id: str, result: HandResult, mismatch: list[str], d: dict[str, Any] | None = None) -> dict[str, Any]:
    """The output row of a hand (``d``: ``result.to_dict()`` if the caller has it already)."""
    out: dict[str, Any] = {"id": hand_id}
    d = result.to_dict() if d is None else d
    for key in SUMMARY_KEYS:
        out[key] = d[key]
    if result.game == "passed":
        out["declarer"] = None
    out["mismatch"] = mismatch
    return out


def _json_row(hand_id: str, result: HandResult, stored: Any) -> dict[str, Any]:
    """The output row of a replayed JSON hand, with the fields where its stored result disagrees."""
    mine = result.to_dict()
    mismatch = [k for k in _COMPARED if k in stored and stored[k] != mine[k]] if isinstance(stored, dict) else []
    return summary(hand_id, result, mismatch, mine)


def _id(value: Any, fallback: str = "") -> str:
    """A record's id as text (an id that is not text or a number is no id)."""
    if isinstance(value, str):
        return clipped(value, 120)
    if type(value) is int and value.bit_length() <= 64:
        return str(value)
    return fallback


def replay_record(rec: Any) -> list[dict[str, Any]]:
    """The summary rows of one JSON hand or match record; RecordError if it does not replay."""
    fmt = rec.get("format") if isinstance(rec, dict) else None
    if fmt == "skat-match":
        match = replay_match(rec)
        base = _id(rec.get("id"))
        if match.current is not None and not match.current.done:
            raise RecordError(f"hand {len(match.sheet) + 1}: the record ends before the hand does")
        rows = []
        for row, hrec in zip(match.sheet, rec["hand_records"], strict=True):
            rows.append(_json_row(_id(hrec.get("id"), f"{base}#{row.number}"), row.result, hrec.get("result")))
        return rows
    _, _, hand = replay_hand(rec)
    if hand.result is None:
        raise RecordError("the record ends before the hand does")
    return [_json_row(_id(rec.get("id")), hand.result, rec.get("result"))]


def replay_json(doc: Any) -> Iterator[tuple[int, list[dict[str, Any]] | RecordError]]:
    """Per record of ``doc`` (one record, or an array of them): its number and its rows or its error
    (number 0: the document as a whole).

    One damaged record of an array never stops the others."""
    records = doc if isinstance(doc, list) else [doc]
    if len(records) > MAX_RECORDS:
        yield 0, RecordError(f"{len(records)} records in one document; at most {MAX_RECORDS}, or one per line")
        return
    for number, rec in enumerate(records, 1):
        try:
            yield number, replay_record(rec)
        except RecordError as exc:
            yield number, exc
        except UNEXPECTED as exc:
            yield number, RecordError(f"cannot be read ({type(exc).__name__}: {exc})")


def _write_json(where: str, doc: Any, out: TextIO, err: TextIO) -> int:
    """Write the rows of every record of ``doc``; the number of records that failed."""
    failures = 0
    several = isinstance(doc, list) and len(doc) != 1
    for number, rows in replay_json(doc):
        if isinstance(rows, RecordError):
            failures += 1
            label = f"{where}, record {number}" if several and number else where
            err.write(clipped(f"{label}: error: {rows}") + "\n")
        else:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    return failures


def _replay_line(number: int, line: str, out: TextIO, err: TextIO) -> int:
    """Replay one line (ISS or JSON); 1 if it failed, else 0."""
    where = f"line {number}"
    try:
        if line.startswith("("):
            rep = replay_iss(line)
            assert rep.hand.result is not None
            row = summary(_id(rep.record.game_id), rep.hand.result, compare_with_record(rep.record, rep.hand))
            out.write(json.dumps(row) + "\n")
            return 0
        try:
            doc = loads(line)
        except RecordError as exc:
            raise RecordError(f"neither an ISS record nor JSON: {exc}") from exc
        return 1 if _write_json(where, doc, out, err) else 0
    except IssSkipped as note:
        err.write(clipped(f"{where}: skipped: {note}") + "\n")
    except RecordError as exc:
        err.write(clipped(f"{where}: error: {exc}") + "\n")
        return 1
    except UNEXPECTED as exc:
        err.write(clipped(f"{where}: error: cannot be read ({type(exc).__name__}: {exc})") + "\n")
        return 1
    return 0


def replay_lines(lines: list[str], out: TextIO, err: TextIO) -> int:
    """Replay every line (or one JSON document spread over the lines); 1 if any failed."""
    text = "".join(lines).strip()
    # A whole-file JSON document (pretty-printed or an array).
    if text.startswith(("[", "{")) and "\n" in text:
        try:
            doc = loads(text)
        except RecordError:
            doc = None  # not one document: read line by line
        if doc is not None:
            return 1 if _write_json("file", doc, out, err) else 0
    failures = 0
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if line and not line.startswith("#"):
            failures += _replay_line(number, line, out, err)
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
