"""Quick figures for the expert's card play (not the duel benchmark).

``python tools/expert_card_play.py times [HANDS] [SEED]``: decision times of
the expert's card play (real choices only) at the table's timed Effort, over
seeded ISkO hands with the expert in one seat (rotated) and the strong
heuristic in the others.  Every clock the search reads is this thread's CPU
time, so the figures are what one unloaded core would see on a shared machine;
also the longest slice (one ``Decision.step`` with a zero budget).

``python tools/expert_card_play.py duel [DEALS] [SEED] [SAMPLES]``: every deal
is played once by three strong heuristics and then three more times with the
expert playing the cards of one seat (bidding stays the heuristic's, so the
same game is played); the seat's Seeger-Fabian points are compared.

Both print one JSON object.  Run from the repository with ``PYTHONPATH=game``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import types

from skat.ai import HeuristicPlayer, SearchPlayer
from skat.ai import effort as effort_module
from skat.ai.base import Player, decide_now
from skat.ai.effort import GAME_EFFORT, Effort
from skat.ai.expert import skat_cards
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine.hand_state import Phase
from skat.engine.scoring import HandResult


def times(hands: int, seed: int) -> dict[str, object]:
    cpu_clock = types.SimpleNamespace(perf_counter=time.thread_time)
    skat_cards.time = cpu_clock  # type: ignore[assignment]
    effort_module.time = cpu_clock  # type: ignore[assignment]
    rng = random.Random(seed)
    decisions: list[float] = []
    slices: list[float] = []
    for h in range(hands):
        state = SkatHand(ISKO, SkatDeal.random(rng))
        expert = h % 3
        players: list[Player] = [
            SearchPlayer(rng=random.Random(h), effort=GAME_EFFORT)
            if s == expert
            else HeuristicPlayer("strong", random.Random(h * 3 + s))
            for s in range(3)
        ]
        while state.phase != Phase.DONE:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            if seat != expert or state.phase != Phase.PLAY or len(view.legal) < 2:
                state.apply(decide_now(players[seat], view))
                continue
            start = time.thread_time()
            decision = players[seat].begin(view)
            while True:
                s0 = time.thread_time()
                done = decision.step(0.0)
                slices.append(time.thread_time() - s0)
                if done:
                    break
            decisions.append(time.thread_time() - start)
            assert decision.action is not None
            state.apply(decision.action)
    decisions.sort()
    return {
        "what": "expert card play, real choices, CPU ms per decision at the timed table Effort",
        "hands": hands,
        "decisions": len(decisions),
        "median_ms": round(statistics.median(decisions) * 1000, 1),
        "p90_ms": round(decisions[int(len(decisions) * 0.9)] * 1000, 1),
        "max_ms": round(decisions[-1] * 1000, 1),
        "slices": len(slices),
        "slice_max_ms": round(max(slices) * 1000, 1),
        "slices_over_20ms": sum(1 for s in slices if s > 0.02),
    }


def _seeger_fabian(result: HandResult, seat: int) -> int:
    """The seat's Seeger-Fabian points of one hand (three players)."""
    if result.declarer is None:
        return 0
    if seat == result.declarer:
        return result.scores[seat] + (50 if result.won else -50)
    return 0 if result.won else 40


def _play(deal: SkatDeal, expert: int | None, samples: int) -> HandResult:
    state = SkatHand(ISKO, deal)
    players: list[Player] = [
        SearchPlayer(rng=random.Random(7), effort=Effort.fixed(samples))
        if s == expert
        else HeuristicPlayer("strong", random.Random(7))
        for s in range(3)
    ]
    while state.phase != Phase.DONE:
        seat = state.to_move
        assert seat is not None
        state.apply(decide_now(players[seat], state.observe(seat)))
    assert state.result is not None
    return state.result


def duel(deals: int, seed: int, samples: int) -> dict[str, object]:
    rng = random.Random(seed)
    diffs: list[int] = []
    as_declarer: list[int] = []
    as_defender: list[int] = []
    for _ in range(deals):
        deal = SkatDeal.random(rng)
        base = _play(deal, None, samples)
        if base.declarer is None:
            continue
        for seat in range(3):
            d = _seeger_fabian(_play(deal, seat, samples), seat) - _seeger_fabian(base, seat)
            diffs.append(d)
            (as_declarer if seat == base.declarer else as_defender).append(d)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {
        "what": "Seeger-Fabian points per seat and game, expert card play minus heuristic, same deals and bidding",
        "deals": deals,
        "samples": samples,
        "seat_games": len(diffs),
        "gain_per_game": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)],
        "as_declarer": round(statistics.mean(as_declarer), 2) if as_declarer else None,
        "as_defender": round(statistics.mean(as_defender), 2) if as_defender else None,
    }


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("times", "duel"):
        print(__doc__)
        return 2
    args = [int(a) for a in argv[1:]]
    if argv[0] == "times":
        result = times(*(args or [20, 1]))
    else:
        defaults = [60, 7, 8]
        result = duel(*(args + defaults[len(args) :]))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
