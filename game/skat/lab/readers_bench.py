"""The readers of outside data under hostile input: ``skat bench readers [INPUTS] [SEED]``.

Five readers take text the game did not write: ``skat replay`` on JSON records
and on ISS lines, deal codes, challenge codes and the page address's ``?deal=``
query.  Each must answer any text of up to a megabyte within half a second with
its own error of at most 300 characters, and a damaged line must never stop the
lines around it.  :func:`read` runs one reader on one text and returns what it
said, raising :class:`ReaderFault` when a promise is broken; the fuzz tests
(``tests/test_fuzz_readers.py``) feed it with hypothesis, this benchmark with a
seeded generator, and prints per reader the inputs tried, the crashes and the
slowest time and longest message seen (JSON, one line).
"""

from __future__ import annotations

import gc
import io
import json
import math
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from ..desktop.replay import replay_lines
from ..engine.challenge import decode_challenge
from ..engine.deal import SkatDeal
from ..engine.errors import MESSAGE_LIMIT
from ..engine.record import dumps, hand_record
from ..engine.rules import LOTHAR
from ..engine.share import ShareCodeError, decode_deal, encode_deal
from ..engine.skat_hand import SkatHand
from ..i18n import Translator
from ..ui.web import deal_code_from_query

TIME_LIMIT = 0.5
"""Seconds any reader may take for one input of up to a megabyte (the benchmark's target)."""
MEGABYTE = 1 << 20

ISS_SAMPLE = (
    "(;GM[Skat]PC[International Skat Server]CO[]SE[731204]ID[9021577]DT[2023-03-14/19:02:41/UTC]P0[ada]"
    "P1[bert]P2[clara]R0[]R1[0.0]R2[]MV[w CK.DT.S8.DA.CT.H8.HJ.CA.DJ.HQ.H9.C8.HT.HK.SA.ST.HA.D7.SJ.CJ.C9.SK.D8"
    ".C7.DK.SQ.D9.CQ.DQ.S9.H7.S7 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 p 2 27 1 y 2 p 1 s w H7.S7 1 "
    "H.D7.C8 0 DA 1 ST 2 D8 0 CA 1 H7 2 C9 1 HT 2 C7 0 H8 1 HA 2 CQ 0 DJ 0 CK 1 HK 2 DQ 1 S7 2 SQ 0 S8 2 DK "
    "0 DT 1 SJ 1 H9 2 SK 0 HQ 0 HJ 1 CJ 2 D9 1 SA 2 S9 0 CT ]R[d:1 win v:30 m:2 bidok p:73 t:6 s:0 z:0 p0:0 "
    "p1:0 p2:0 l:-1 to:-1 r:0] ;)"
)
"""A complete Hearts game in the shape ISS writes (ids and names are the project's own)."""


class ReaderFault(AssertionError):
    """A reader broke a promise: it crashed, was slow, said too much, or lost the lines around a bad one."""


def _sample_hand() -> dict[str, Any]:
    rng = random.Random(7)
    hand = SkatHand(LOTHAR, SkatDeal.random(rng))
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand_record("skat", LOTHAR, hand, "good")


JSON_SAMPLE = _sample_hand()
DEAL_SAMPLE = encode_deal("skat", LOTHAR, JSON_SAMPLE["deck"])


def _replay(kind: str, text: str) -> list[str]:
    """The fuzzed text between two good records of the same kind: both of them must come out."""
    good = dumps(JSON_SAMPLE) if kind == "json" else ISS_SAMPLE
    out, err = io.StringIO(), io.StringIO()
    replay_lines([good + "\n", text + "\n", good + "\n"], out, err)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    good_id = "good" if kind == "json" else "9021577"
    if sum(r["id"] == good_id for r in rows) < 2:
        raise ReaderFault(f"a damaged {kind} line stopped the good lines around it: {err.getvalue()[:300]!r}")
    messages = err.getvalue().splitlines()
    for message in messages:
        if "cannot be read (" in message:  # the safety net: a reader met data it did not check
            raise ReaderFault(f"unchecked data reached the replay: {message}")
    return messages


def _code_messages(exc: ShareCodeError) -> list[str]:
    """The English message and the player's message in both languages."""
    return [str(exc)] + [Translator(lang)("share.err." + exc.key, **exc.params) for lang in ("en", "de")]


def _deal(text: str) -> list[str]:
    try:
        decode_deal(text)
    except ShareCodeError as exc:
        return _code_messages(exc)
    return []


def _challenge(text: str) -> list[str]:
    try:
        challenge = decode_challenge(text)
    except ShareCodeError as exc:
        return _code_messages(exc)
    return _code_messages(challenge.problem) if challenge.problem is not None else []


def _url(text: str) -> list[str]:
    code = deal_code_from_query(text)
    return [] if code is None else _challenge(code)


READERS: dict[str, Callable[[str], list[str]]] = {
    "replay-json": lambda text: _replay("json", text),
    "iss": lambda text: _replay("iss", text),
    "deal": _deal,
    "challenge": _challenge,
    "url": _url,
}
SAMPLES = {
    "replay-json": dumps(JSON_SAMPLE),
    "iss": ISS_SAMPLE,
    "deal": DEAL_SAMPLE,
    "challenge": DEAL_SAMPLE,
    "url": "?lang=de&deal=" + DEAL_SAMPLE,
}


def read(reader: str, text: str, time_limit: float = TIME_LIMIT) -> tuple[float, list[str]]:
    """Run ``reader`` on ``text``: the CPU seconds it took and its messages; ReaderFault if a promise broke.

    CPU time, not wall time: on a machine shared with other busy processes the wall clock
    also counts the time this process waited for a core."""
    start = time.process_time()
    try:
        messages = READERS[reader](text)
    except ReaderFault:
        raise
    except Exception as exc:  # noqa: BLE001 - any escape is the fault being looked for
        raise ReaderFault(f"{reader} crashed: {type(exc).__name__}: {str(exc)[:200]}") from exc
    seconds = time.process_time() - start
    if seconds > time_limit:
        raise ReaderFault(f"{reader} took {seconds:.2f} s for {len(text)} characters")
    for message in messages:
        if len(message) > MESSAGE_LIMIT or "\n" in message:
            raise ReaderFault(f"{reader} said {len(message)} characters: {message[:120]!r}")
    return seconds, messages


# ------------------------------------------------------------------ hostile text
ODD_VALUES: tuple[Any, ...] = (
    "", "x", "1", 0, -1, 3, 2**40, 1.5, 3.0, math.nan, math.inf, -math.inf, True, False, None, [], {}, [0] * 32,
    ["D7"] * 32, list(range(32)), [float(c) for c in range(32)], "isko", {"preset": 5}, "9" * 5000, "ß" * 50,
)
"""JSON values a damaged or hand-edited record may hold where another was expected."""


def mutate_text(sample: str, start: int, stop: int, insert: str) -> str:
    """``sample`` with ``[start:stop]`` replaced by ``insert`` (positions taken modulo its length)."""
    n = len(sample) + 1
    start, stop = sorted((start % n, stop % n))
    return sample[:start] + insert + sample[stop:]


def mutate_record(record: dict[str, Any], path: list[int], value: Any) -> str:
    """A JSON record with the value at ``path`` (indices taken modulo each level's size) replaced."""
    doc = json.loads(json.dumps(record))
    node: Any = doc
    for step in path:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = keys[step % len(keys)]
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or step == path[-1]:
            node[key] = value
            break
        node = child
    return json.dumps(doc)


def repeated(fragment: str, size: int = MEGABYTE) -> str:
    """``fragment`` repeated to about ``size`` characters."""
    return (fragment or "x") * (size // max(1, len(fragment or "x")))


def nested(depth: int, opener: str = "[", closer: str = "]") -> str:
    return opener * depth + closer * depth


def _random_text(rng: random.Random, size: int) -> str:
    pools = (
        "0123456789ABCDEFGHJKMNPQRSTVWXYZ-",
        "(;)[]{}:,.\"'\\ \t\n#",
        "".join(chr(c) for c in range(32, 127)),
        "ßäöüİıſǅ﹏ＡＢ١٢٣𝟙⁹²\u200b\ufeff\x00",
    )
    pool = rng.choice(pools) + rng.choice(pools)
    return "".join(rng.choice(pool) for _ in range(size))


def hostile(reader: str, rng: random.Random) -> str:
    """One seeded hostile input for ``reader``: noise, a damaged sample, or a megabyte of something."""
    sample = SAMPLES[reader]
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(
            (
                repeated(_random_text(rng, rng.randint(1, 20))),
                repeated(sample),
                "[" + ",".join([sample] * (MEGABYTE // (len(sample) + 1))) + "]",
                nested(MEGABYTE // 2),
                nested(MEGABYTE // 10, '{"a":', "}"),
                sample[:10] + repeated("9"),
                "?deal=" + repeated("%E4"),
                "?" + repeated("a=b&"),
            )
        )
    if roll < 0.25:
        return _random_text(rng, rng.randint(0, 200))
    if reader == "replay-json" and roll < 0.6:
        path = [rng.randrange(64) for _ in range(rng.randint(1, 3))]
        return mutate_record(JSON_SAMPLE, path, rng.choice(ODD_VALUES))
    out = sample
    for _ in range(rng.randint(1, 3)):
        a = rng.randrange(len(out) + 1)
        insert = rng.choice(("", _random_text(rng, rng.randint(1, 8)), sample[rng.randrange(len(sample)) :][:10]))
        out = mutate_text(out, a, a + rng.randint(0, 6), insert)
    return out


def bench_readers(inputs: int, seed: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for reader in READERS:
        rng = random.Random(f"{seed}-{reader}")
        slowest = 0.0
        slowest_size = 0
        longest = 0
        times: list[float] = []
        faults: list[str] = []
        for _ in range(inputs):
            text = hostile(reader, rng)
            gc.collect()  # the garbage of the last megabyte is not charged to this input
            try:
                seconds, messages = read(reader, text, time_limit=math.inf)
            except ReaderFault as fault:
                faults.append(str(fault)[:200])
                continue
            times.append(seconds)
            if seconds > slowest:
                slowest = seconds
                slowest_size = len(text)
            longest = max([longest, *map(len, messages)])
        times.sort()
        figures[reader] = {
            "inputs": inputs,
            "crashes": len(faults),
            "median_s": round(times[len(times) // 2], 5) if times else None,
            "p99_s": round(times[len(times) * 99 // 100], 4) if times else None,
            "slowest_s": round(slowest, 4),
            "slowest_input_chars": slowest_size,
            "longest_message": longest,
            "over_time_limit": slowest > TIME_LIMIT,
            "first_faults": faults[:3],
        }
    return {
        "benchmark": "readers",
        "what": "hostile inputs per reader (noise, damaged samples, 2% of a megabyte), CPU seconds each; "
        f"target: each under {TIME_LIMIT} s, messages at most {MESSAGE_LIMIT} characters, 0 crashes",
        "seed": seed,
        "readers": figures,
        "python": platform.python_version(),
    }


def main(argv: list[str]) -> int:
    """``skat bench readers [INPUTS] [SEED]`` (default 2000 inputs per reader, seed 1)."""
    try:
        inputs = int(argv[0]) if argv else 2000
        seed = int(argv[1]) if len(argv) > 1 else 1
    except ValueError:
        print("usage: skat bench readers [INPUTS] [SEED]")
        return 2
    result = bench_readers(inputs, seed)
    print(json.dumps(result))
    return 1 if any(r["crashes"] for r in result["readers"].values()) else 0
