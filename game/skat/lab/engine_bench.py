"""Benchmarks that print figures (never timed tests: these machines are noisy)."""

from __future__ import annotations

import json
import platform
import random
import time

from ..engine.deal import SkatDeal, shuffled_deck
from ..engine.officers import OfficersHand
from ..engine.rules import ISKO, OFFICERS, Rules
from ..engine.skat_hand import SkatHand


def random_skat_hand(rules: Rules, rng: random.Random) -> SkatHand:
    """Deal to final score with uniformly random legal actions."""
    hand = SkatHand(rules, SkatDeal.random(rng))
    choice = rng.choice
    while hand.phase != 7:
        hand.apply(choice(hand.legal_actions()))
    return hand


def random_officers_hand(rules: Rules, rng: random.Random) -> OfficersHand:
    hand = OfficersHand(rules, shuffled_deck(rng))
    choice = rng.choice
    while hand.phase != 7:
        hand.apply(choice(hand.legal_actions()))
    return hand


def _rate(fn, rules: Rules, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    for _ in range(50):  # warm up
        fn(rules, rng)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            fn(rules, rng)
        n += 100
        now = time.perf_counter()
        if now >= deadline:
            return n / (now - start)


def bench_engine(seconds: float = 3.0) -> dict[str, object]:
    return {
        "benchmark": "engine",
        "what": "random full hands per second: deal to final score, random legal actions, one core",
        "skat_hands_per_s": round(_rate(random_skat_hand, ISKO, seconds, 1)),
        "officers_hands_per_s": round(_rate(random_officers_hand, OFFICERS, seconds, 2)),
        "seconds_each": seconds,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def main(argv: list[str]) -> int:
    """``skat bench engine [SECONDS]``."""
    try:
        seconds = float(argv[0]) if argv else 3.0
    except ValueError:
        print("usage: skat bench engine [SECONDS]")
        return 2
    print(json.dumps(bench_engine(seconds)))
    return 0
