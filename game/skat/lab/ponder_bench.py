"""``skat bench ponder``: what thinking ahead gives the expert at the table's budget.

Seeded Skat hands (ISkO) are played through the table's own controller
(:class:`skat.ui.controller.MatchController`) as the table plays them, frame by
simulated frame: the two computer seats are experts with the table's budget
(0.3 s a decision, stepped in :data:`~skat.ai.base.TABLE_SLICE` slices, one a
frame); the person's seat is the strong heuristic, which takes
``--think-frames`` frames over each of its decisions; every card then flies for
``--flight-frames`` frames.  In every frame without a computer decision the
controller ponders (:meth:`MatchController.step_ponder`, one
:data:`~skat.ai.expert.ponder.PONDER_SLICE` slice), exactly as the table does.

Each deal is played twice, with pondering on and off (the setting), and the
figures compare the expert's card decisions: the deals each one used (solved
ahead and solved in its own time), how often pondering had prepared the
position that came, the decisions' wall time, the pondering slices' wall time,
and how many frames a person's decision lasted before pondering had nothing
left to prepare (from then on the table sleeps).  The outcome of each hand
(the person's seat's score) is reported for both modes as a first look at
strength; with a timed budget neither mode replays exactly.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from dataclasses import dataclass, field

from ..ai import make_player, scores
from ..ai.base import TABLE_SLICE
from ..ai.effort import Effort
from ..ai.expert.ponder import PONDER_SLICE, POSITION_CAP, WORK_CAP
from ..engine.match import Match
from ..engine.rules import ISKO
from ..engine.skat_hand import Phase, SkatHand
from ..ui.controller import MatchController
from .ai_bench import _cpu_time, settle_garbage

THINK_FRAMES = 180
"""Frames the simulated person takes over each decision (3 s at 60 frames a second)."""
FLIGHT_FRAMES = 24
"""Frames each card is in flight (0.4 s)."""


CONTESTED_S = 0.28
"""A card decision that ran (nearly) its whole 0.3 s budget: the deals did not all agree on
one card early (a decision whose deals all agree stops after ``skat_cards.SETTLED`` of them)."""


@dataclass
class Figures:
    """One mode's record over the deals."""

    used: list[int] = field(default_factory=list)
    """Deals each expert card decision (a choice among unlike cards) used in all."""
    pondered: list[int] = field(default_factory=list)
    """Of those, the deals solved ahead."""
    decision_s: list[float] = field(default_factory=list)
    """Wall time of each expert card decision with a choice (first to last slice)."""
    slices_s: list[float] = field(default_factory=list)
    """Wall time of each pondering slice."""
    slices_cpu_s: list[float] = field(default_factory=list)
    """This thread's CPU time in each pondering slice (other processes do not inflate it)."""
    frames_to_rest: list[int] = field(default_factory=list)
    """Per person's card decision: frames until pondering had nothing left (``think`` if never)."""
    person_scores: list[int] = field(default_factory=list)
    computer_scores: list[int] = field(default_factory=list)
    """The two computer seats' scores together, per deal."""
    faults: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        fresh = [u - p for u, p in zip(self.used, self.pondered, strict=True)]
        hits = [p for p in self.pondered if p]
        out: dict[str, object] = {
            "card_decisions": len(self.used),
            "deals_used": _spread(self.used),
            "deals_solved_ahead": _spread(self.pondered),
            "deals_solved_in_own_time": _spread(fresh),
            "prepared_share": round(len(hits) / len(self.used), 3) if self.used else 0.0,
            "decision_ms": _spread([s * 1000 for s in self.decision_s]),
            "deals_used_when_contested": _spread(
                [u for u, t in zip(self.used, self.decision_s, strict=False) if t >= CONTESTED_S]),
            "person_score_mean": round(statistics.fmean(self.person_scores), 2) if self.person_scores else 0.0,
            "faults": self.faults,
        }
        if self.slices_s:
            ordered = sorted(self.slices_s)
            out["ponder_slice_ms"] = {
                "slices": len(ordered),
                "median": round(statistics.median(ordered) * 1000, 2),
                "p99": round(ordered[int(len(ordered) * 0.99)] * 1000, 2),
                "max": round(ordered[-1] * 1000, 2),
            }
            cpu = sorted(self.slices_cpu_s)
            out["ponder_slice_cpu_ms"] = {
                "median": round(statistics.median(cpu) * 1000, 2),
                "p99": round(cpu[int(len(cpu) * 0.99)] * 1000, 2),
                "max": round(cpu[-1] * 1000, 2),
            }
            out["frames_until_nothing_left"] = _spread(self.frames_to_rest)
        return out


def _spread(values: list[int] | list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 1),
        "median": round(statistics.median(ordered), 1),
        "p10": round(ordered[len(ordered) // 10], 1),
        "max": round(ordered[-1], 1),
    }


def play_deal(
    seed: int, ponder: bool, think_frames: int, flight_frames: int, figures: Figures, fixed: int | None = None,
) -> None:
    """One hand at a simulated table (see the module doc), its figures added to ``figures``.

    ``fixed``: the experts decide on that many sampled deals (at least) and every frame ponders
    exactly one unit of work, so the hand replays from its seed (the clock plays no part)."""
    settle_garbage()
    match = Match.new("skat", ISKO, players=3, hands=1, seed=seed)
    ctl = MatchController(match, human=0, strength="expert", seed=seed)
    ctl.ponder = ponder
    ctl.shorten = False
    if fixed is not None:
        for p in (1, 2):
            ctl.players[p] = make_player("expert", random.Random(seed * 16 + p), Effort.fixed(fixed))
    person = make_player("strong", random.Random(seed))
    pending: list[int] = []

    def counter(kind: str, count: int) -> None:
        if kind == "pondered":
            pending.append(count)
        elif kind == "solved":
            figures.used.append(count)
            figures.pondered.append(pending.pop() if pending else 0)

    def frame() -> None:
        """A frame without a computer decision: the table ponders."""
        start, start_cpu = time.perf_counter(), _cpu_time()
        ctl.step_ponder(PONDER_SLICE if fixed is None else 0.0)
        if ponder and ctl.pondering:
            figures.slices_s.append(time.perf_counter() - start)
            figures.slices_cpu_s.append(_cpu_time() - start_cpu)

    with scores.counted(counter):
        h = ctl.hand
        while not h.done:
            if ctl.ai_to_move:
                playing = h.phase == Phase.PLAY
                before = len(figures.used)
                start = time.perf_counter()
                while not ctl.step_ai(TABLE_SLICE):
                    pass
                if playing and len(figures.used) > before:
                    figures.decision_s.append(time.perf_counter() - start)
                for _ in range(flight_frames if playing else 1):
                    frame()
                continue
            seat = h.to_move
            assert seat is not None
            rest = think_frames
            for i in range(think_frames):
                if not ctl.pondering:
                    rest = i
                    break
                frame()
            if h.phase == Phase.PLAY and ponder:
                figures.frames_to_rest.append(rest)
            view = h.observe(seat)
            decision = person.begin(view)
            while not decision.step(1.0):
                pass
            assert decision.action is not None
            ctl.act(decision.action)
            if h.phase == Phase.PLAY or h.done:
                for _ in range(flight_frames):
                    frame()
    assert isinstance(h, SkatHand) and h.result is not None
    person_seat = match.seat_of(0)
    figures.person_scores.append(h.result.scores[person_seat])  # type: ignore[index]
    figures.computer_scores.append(sum(v for s, v in enumerate(h.result.scores) if s != person_seat))
    figures.faults += ctl.faults


def _paired(first: list[int], second: list[int]) -> dict[str, float]:
    """Per deal ``first`` minus ``second`` (the person's score without pondering minus with
    it; the computers' score with minus without: positive is good for pondering), with a
    normal 95% interval."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    if len(diffs) < 2:
        return {"deals": len(diffs)}
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    return {"deals": len(diffs), "mean": round(mean, 2), "ci95_low": round(mean - half, 2),
            "ci95_high": round(mean + half, 2), "deals_differing": sum(1 for d in diffs if d)}


def bench_ponder(
    deals: int, seed: int, think_frames: int, flight_frames: int, fixed: int | None = None,
) -> dict[str, object]:
    modes = {"pondering": Figures(), "without": Figures()}
    for i in range(deals):
        for name, figures in modes.items():
            play_deal(seed + i, name == "pondering", think_frames, flight_frames, figures, fixed)
    return {
        "benchmark": "ponder",
        "what": "expert card decisions at the table's budget (timed 0.3 s, 8 ms slices) with and without "
        "thinking ahead while the person (the strong heuristic) takes think_frames frames per decision and "
        "each card flies for flight_frames frames; both modes on the same deals (ISkO). deals_used: the "
        "sampled deals a decision averaged over (solved ahead plus its own); prepared_share: decisions that "
        "found their position prepared; deals_used_when_contested: the decisions that ran their whole "
        "budget (the deals disagreed, so more deals help); ponder_slice_ms: wall time of each pondering slice (budget "
        f"{PONDER_SLICE * 1000:.0f} ms); frames_until_nothing_left: per person's card, the frames pondering "
        "worked before it had nothing left to prepare (the think time when it never ran out). Wall-clock "
        "figures on a shared machine are noisy.",
        "deals": deals,
        "seed": seed,
        "budget": f"fixed: {fixed} sampled deals a decision, one unit of pondering a frame" if fixed is not None
        else f"timed: 0.3 s a decision, {PONDER_SLICE * 1000:.0f} ms of pondering a frame",
        "think_frames": think_frames,
        "flight_frames": flight_frames,
        "ponder_slice_ms": PONDER_SLICE * 1000,
        "position_cap": POSITION_CAP,
        "work_cap": WORK_CAP,
        "modes": {name: f.summary() for name, f in modes.items()},
        "person_score_paired": _paired(modes["without"].person_scores, modes["pondering"].person_scores),
        "computers_score_paired": _paired(modes["pondering"].computer_scores, modes["without"].computer_scores),
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="skat bench ponder", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-frames", type=int, default=THINK_FRAMES)
    parser.add_argument("--flight-frames", type=int, default=FLIGHT_FRAMES)
    parser.add_argument("--fixed-samples", type=int, default=None,
                        help="reproducible: the experts decide on this many deals, a frame ponders one unit")
    args = parser.parse_args(argv)
    if args.deals <= 0 or args.think_frames < 0 or args.flight_frames < 0:
        parser.error("deals must be positive, frames not negative")
    figures = bench_ponder(args.deals, args.seed, args.think_frames, args.flight_frames, args.fixed_samples)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
