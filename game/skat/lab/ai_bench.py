"""Decision times of the computer players, per strength, as figures.

``bench_ai()`` plays seeded hands of Skat (ISkO and Lothar's table) and of
Officers' Skat (all three layouts) with computer players of one strength in
every seat.  Every decision is stepped with a zero budget, so each
``step`` runs exactly one unit of work (the time between two yields of the
thinking generator, which cannot be split) and is timed on its own.  From
these it reports, in milliseconds:

* the median and maximum decision time (``begin`` to the completing step),
  and the median over real decisions (more than one legal action);
* the longest unit: what one frame must absorb at the least;
* the longest slice at the table's budget per frame (:data:`~skat.ai.base.TABLE_SLICE`): units are run until
  the budget is used, so a slice is the sum of the units up to and including
  the one that crossed it (derived from the unit times, as ``Decision.step``
  would cut them).

Timing is printed, never asserted: these machines are noisy.  The expert
(when :func:`skat.ai.make_player` knows it) thinks with a fixed number of
sampled deals by default (``--expert-samples``), so its work is reproducible;
``--expert-seconds`` gives it the table's time budget instead.  For the
expert it also counts the deals each Skat card-play decision solved and each
discard simulated: what the budget affords when a decision is stepped without
pause (at the table it runs one slice per frame, see ``tools/table_pace.py``).
``skat bench ai`` runs it.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..ai.base import TABLE_SLICE, Decision, Player, View
from ..ai.effort import Effort
from ..ai.strengths import STRENGTHS
from ..engine.games import GAMES
from ..engine.match import new_hand
from ..engine.rules import ISKO, LOTHAR, OFFICERS, Rules

BENCH_GAMES: tuple[tuple[str, str, Rules], ...] = (
    ("skat", "isko", ISKO.with_options(kontra_re=True)),
    ("skat", "lothar", LOTHAR),
    ("officers", "officers", OFFICERS.with_options(officers_passing=True, officers_null=True)),
    ("officers", "harlequin", OFFICERS.with_options(officers_layout="harlequin", officers_passing=True)),
    ("officers", "admirals", OFFICERS.with_options(officers_layout="admirals", officers_passing=True)),
)
FRAME_BUDGET = TABLE_SLICE
"""The time the table gives a thinking player per frame (seconds)."""
EXPERT_SAMPLES = 8
"""The expert's default fixed effort here: sampled deals per decision."""
EXPERT_HANDS = 3
"""Hands per game for the expert by default (it thinks a thousand times longer)."""


def _cpu_time() -> float:
    """This thread's CPU time; Pyodide's ``time`` has no ``thread_time``, so the process's there."""
    clock = getattr(time, "thread_time", None)
    return clock() if clock is not None else time.process_time()


@dataclass
class DecisionTime:
    """The timing of one decision, from its units."""

    legal: int
    units: list[float] = field(default_factory=list)
    """Wall-clock seconds of each unit."""
    cpu: list[float] = field(default_factory=list)
    """CPU seconds of this thread in each unit: immune to other processes taking the core."""

    @property
    def total(self) -> float:
        return sum(self.units)

    @property
    def longest_unit(self) -> float:
        return max(self.units)

    def slices(self, budget: float = FRAME_BUDGET) -> list[float]:
        """The slices ``Decision.step(budget)`` would run: units until the budget is used."""
        out: list[float] = []
        acc = 0.0
        for u in self.units:
            acc += u
            if acc >= budget:
                out.append(acc)
                acc = 0.0
        if acc:
            out.append(acc)
        return out


def settle_garbage() -> None:
    """Move everything alive so far (the benchmark's own records, mostly) out of
    the garbage collector's reach, so that a full collection of them does not
    land in, and inflate, some player's unit of work."""
    gc.freeze()


def time_decision(player: Player, view: View) -> tuple[Decision, DecisionTime]:
    """Run one decision unit by unit (budget 0: exactly one unit per step),
    timing each; returns the finished decision and its timing."""
    timing = DecisionTime(len(view.legal))
    start, start_cpu = time.perf_counter(), _cpu_time()
    decision = player.begin(view)
    while True:
        done = decision.step(0.0)
        now, now_cpu = time.perf_counter(), _cpu_time()
        timing.units.append(now - start)
        timing.cpu.append(now_cpu - start_cpu)
        start, start_cpu = now, now_cpu
        if done:
            break
    assert decision.action is not None
    return decision, timing


def time_checks(state: object) -> DecisionTime | None:
    """The table's checks at this point (a computer leader's claim and the decided-hand
    test, :func:`skat.ai.solve.claims.table_checks`), each slice of nodes timed as a unit."""
    from ..ai.solve.claims import NODE_SLICE, table_checks
    from ..engine.games import game_of
    from ..engine.skat_hand import SkatHand

    if not game_of(state).play_endings:
        return None
    assert isinstance(state, SkatHand)  # narrows the type: the table's checks are Skat's
    checks = table_checks(state, claim=True, decided=True)
    if not checks:
        return None
    timing = DecisionTime(0)
    for _, judgement in checks:
        while True:
            start, start_cpu = time.perf_counter(), _cpu_time()
            done = judgement.step(NODE_SLICE)
            timing.units.append(time.perf_counter() - start)
            timing.cpu.append(_cpu_time() - start_cpu)
            if done:
                break
    return timing


def time_hand(
    game: str, rules: Rules, deck: tuple[int, ...], players: list[Player], checks: list[DecisionTime] | None = None
) -> list[DecisionTime]:
    """Play one hand; return the timing of every decision (and add the table's checks to ``checks``)."""
    settle_garbage()
    state = new_hand(game, rules, deck)
    times = []
    while not state.done:
        seat = state.to_move
        assert seat is not None
        if checks is not None:
            check = time_checks(state)
            if check is not None:
                checks.append(check)
        decision, timing = time_decision(players[seat], state.observe(seat))
        times.append(timing)
        assert decision.action is not None, "time_decision runs the decision to its end"
        state.apply(decision.action)
    return times


def known_strengths() -> list[str]:
    """The heuristic strengths, and the expert when ``make_player`` knows it."""
    from ..ai import make_player

    names = list(STRENGTHS)
    if "expert" not in names:
        try:
            make_player("expert", random.Random(0), Effort.fixed(1))
        except ValueError:
            return names
        names.append("expert")
    return names


def _ms(seconds: float, digits: int = 2) -> float:
    return round(seconds * 1000, digits)


def summarize(times: list[DecisionTime]) -> dict[str, float | int]:
    totals = [t.total for t in times]
    real = [t.total for t in times if t.legal > 1]
    slices = [s for t in times for s in t.slices()]
    return {
        "decisions": len(times),
        "median_ms": _ms(statistics.median(totals), 3),
        "median_ms_real_choices": _ms(statistics.median(real), 3) if real else 0.0,
        "max_ms": _ms(max(totals)),
        "longest_unit_ms": _ms(max(t.longest_unit for t in times)),
        "longest_unit_cpu_ms": _ms(max(max(t.cpu) for t in times)),
        "units_per_decision_max": max(len(t.units) for t in times),
        "slice_budget_ms": _ms(FRAME_BUDGET),
        "longest_slice_ms": _ms(max(slices)),
    }


def sample_figures(counts: list[int]) -> dict[str, float | int]:
    """How many deals a decision's search solved or simulated (the Skat card
    play with a choice among unlike cards, the discard): what the budget
    affords on this machine."""
    ordered = sorted(counts)
    return {
        "decisions": len(ordered),
        "mean": round(statistics.fmean(ordered), 1),
        "median": statistics.median(ordered),
        "p10": ordered[len(ordered) // 10],
        "min": ordered[0],
        "max": ordered[-1],
    }


@contextmanager
def tallying() -> Iterator[tuple[list[int], list[int]]]:
    """Count, while the block runs, the deals each expert card decision solved
    and each planned discard simulated (through :func:`skat.ai.scores.tally`)."""
    from ..ai import scores

    tallies: dict[str, list[int]] = {"solved": [], "discard_worlds": [], "pondered": []}
    with scores.counted(lambda kind, count: tallies[kind].append(count)):
        yield tallies["solved"], tallies["discard_worlds"]


def _strength_row(
    strength: str,
    hands: int,
    seed: int,
    effort: Effort,
    expert_hands: int,
    solved: list[int],
    discard_worlds: list[int],
) -> dict[str, object]:
    """One strength's figures (see :func:`bench_ai`)."""
    from ..ai import make_player

    n_hands = expert_hands if strength == "expert" else hands
    times: list[DecisionTime] = []
    checks: list[DecisionTime] = []
    per_game: dict[str, dict[str, float]] = {}
    for game, name, rules in BENCH_GAMES:
        rng = random.Random(seed)
        seats = GAMES[game].seats
        players = [make_player(strength, random.Random(seed + i), effort) for i in range(seats)]
        game_times: list[DecisionTime] = []
        for _ in range(n_hands):
            deck = list(range(32))
            rng.shuffle(deck)
            game_times += time_hand(game, rules, tuple(deck), players, checks)
        per_game[name] = {
            "max_ms": _ms(max(t.total for t in game_times)),
            "longest_unit_ms": _ms(max(t.longest_unit for t in game_times)),
            "longest_unit_cpu_ms": _ms(max(max(t.cpu) for t in game_times)),
        }
        times += game_times
    row: dict[str, object] = {"hands_per_game": n_hands, **summarize(times), "by_game": per_game}
    if checks:  # claims and shortening on: what the table's checks ask of a frame
        row["table_checks"] = summarize(checks)
    if solved:
        row["skat_card_play_deals_solved"] = sample_figures(solved)
    if discard_worlds:
        row["skat_discard_deals_simulated"] = sample_figures(discard_worlds)
    return row


def bench_ai(
    hands: int = 40,
    seed: int = 1,
    strengths: list[str] | None = None,
    effort: Effort | None = None,
    verbose: bool = True,
    expert_hands: int = EXPERT_HANDS,
) -> dict[str, object]:
    """Decision, unit and slice times (ms) per strength over seeded hands of every game."""

    effort = effort if effort is not None else Effort.fixed(EXPERT_SAMPLES)
    names = strengths if strengths is not None else known_strengths()
    figures: dict[str, object] = {}
    for strength in names:
        with tallying() as (solved, discard_worlds):
            figures[strength] = _strength_row(strength, hands, seed, effort, expert_hands, solved, discard_worlds)
    result: dict[str, object] = {
        "benchmark": "ai",
        "what": "decision time from begin() to the completing step(), all seats computer players of one "
        "strength; real choices: decisions with more than one legal action; a unit: the work between two "
        "yields of the thinking generator (each step run with budget 0 and timed by the wall clock and by the "
        "thread's CPU time, which other processes on the machine do not inflate); a slice: the units one "
        f"step({FRAME_BUDGET}) runs, the table's budget per frame (derived from the unit times). "
        "table_checks: the table's exact checks at each trick start of a Skat game (a computer's claim of "
        "the rest, a decided hand), with claiming and shortening on; a unit is one slice of solver nodes. "
        "Wall-clock figures on a shared machine are noisy.",
        "seed": seed,
        "games": [name for _, name, _ in BENCH_GAMES],
        "expert_effort": _effort_text(effort) if "expert" in names else None,
        "strengths": figures,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    if verbose:
        print(json.dumps(result, indent=2))
    return result


def _effort_text(effort: Effort) -> str:
    if effort.samples is not None:
        return f"fixed: {effort.samples} sampled deals per decision"
    return f"timed: {effort.seconds} s per decision"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="skat bench ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=None, help="hands per game (same as --hands)")
    parser.add_argument("--hands", dest="hands_opt", type=int, default=40, help="hands per game and rule set")
    parser.add_argument("--expert-hands", type=int, default=EXPERT_HANDS, help="hands per game for the expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strengths", default=None, help="comma-separated (default: all known)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--expert-samples", type=int, default=EXPERT_SAMPLES, help="fixed effort of the expert")
    group.add_argument("--expert-seconds", type=float, default=None, help="timed effort of the expert instead")
    args = parser.parse_args(argv)
    hands = args.hands if args.hands is not None else args.hands_opt
    if hands <= 0:
        parser.error("hands must be positive")
    effort = Effort.timed(args.expert_seconds) if args.expert_seconds else Effort.fixed(args.expert_samples)
    strengths = args.strengths.split(",") if args.strengths else None
    bench_ai(hands, args.seed, strengths, effort, expert_hands=args.expert_hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
