"""Decision times of the computer players, per strength, as figures.

``bench_ai()`` plays seeded hands of Skat (ISkO and Lothar's table) and of
Officers' Skat (all three layouts) with computer players of one strength in
every seat, times every decision from ``begin`` to the step that completes it,
and reports the median and the maximum in milliseconds.  Timing is printed,
never asserted: these machines are noisy.  ``skat bench ai`` runs it.
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time

from ..engine.match import new_hand
from ..engine.rules import ISKO, LOTHAR, OFFICERS, Rules
from .base import HEURISTIC_STRENGTHS as STRENGTHS
from .base import Player
from .heuristic import HeuristicPlayer

BENCH_GAMES: tuple[tuple[str, str, Rules], ...] = (
    ("skat", "isko", ISKO.with_options(kontra_re=True)),
    ("skat", "lothar", LOTHAR),
    ("officers", "officers", OFFICERS.with_options(officers_passing=True, officers_null=True)),
    ("officers", "harlequin", OFFICERS.with_options(officers_layout="harlequin", officers_passing=True)),
    ("officers", "admirals", OFFICERS.with_options(officers_layout="admirals", officers_passing=True)),
)


def time_hand(
    game: str, rules: Rules, deck: tuple[int, ...], players: list[Player], budget: float
) -> list[tuple[float, int]]:
    """Play one hand; return (seconds, number of legal actions) per decision."""
    state = new_hand(game, rules, deck)
    times = []
    while not state.done:
        seat = state.to_move
        assert seat is not None
        view = state.observe(seat)
        start = time.perf_counter()
        decision = players[seat].begin(view)
        while not decision.step(budget):
            pass
        times.append((time.perf_counter() - start, len(view.legal)))
        assert decision.action is not None
        state.apply(decision.action)
    return times


def bench_ai(hands: int = 40, seed: int = 1, budget: float = 0.05, verbose: bool = True) -> dict[str, object]:
    """Median and maximum decision time (ms) per strength over seeded hands of every game."""
    figures: dict[str, dict[str, float | int]] = {}
    for strength in STRENGTHS:
        times: list[tuple[float, int]] = []
        per_game: dict[str, float] = {}
        for game, name, rules in BENCH_GAMES:
            rng = random.Random(seed)
            seats = 3 if game == "skat" else 2
            players: list[Player] = [HeuristicPlayer(strength, random.Random(seed + i)) for i in range(seats)]
            game_times: list[tuple[float, int]] = []
            for _ in range(hands):
                deck = list(range(32))
                rng.shuffle(deck)
                game_times += time_hand(game, rules, tuple(deck), players, budget)
            per_game[name] = round(max(t for t, _ in game_times) * 1000, 2)
            times += game_times
        all_times = [t for t, _ in times]
        real_choices = [t for t, n in times if n > 1]
        figures[strength] = {
            "decisions": len(all_times),
            "median_ms": round(statistics.median(all_times) * 1000, 3),
            "median_ms_real_choices": round(statistics.median(real_choices) * 1000, 3),
            "max_ms": round(max(all_times) * 1000, 2),
            "max_ms_by_game": per_game,  # type: ignore[dict-item]
        }
    result: dict[str, object] = {
        "benchmark": "ai",
        "what": "decision time from begin() to the completing step(), all seats computer players; "
        "real choices: decisions with more than one legal action",
        "hands_per_game": hands,
        "games": [name for _, name, _ in BENCH_GAMES],
        "strengths": figures,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    if verbose:
        print(json.dumps(result, indent=2))
    return result


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    hands = int(argv[0]) if argv else 40
    bench_ai(hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
