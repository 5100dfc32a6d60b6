"""How many deals the expert's searches get at the table's pace (a tool, not a bench).

At the table a thinking player runs only ``step(TABLE_SLICE)`` once per frame of
1/60 s (the rest of the frame draws and waits), while its time budget counts
wall-clock time.  ``skat bench ai`` steps a decision without pauses, so it
shows what the budget affords to a player that gets the whole core.  This
tool plays seeded ISkO hands with the expert at its table budget
(``GAME_EFFORT``) in every seat, stepping like the table (``--pace table``)
or without pauses (``--pace bench``), and prints JSON: the deals the card
play solved per real decision (early: more than 8 cards in hand, at the
depth limit; late: solved to the end) and the deals each discard simulated.

    PYTHONPATH=game python3 tools/table_pace.py --pace table --hands 10
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from skat.ai import make_player
from skat.ai.base import TABLE_SLICE
from skat.engine.match import new_hand
from skat.engine.rules import ISKO
from skat.engine.skat_hand import Phase
from skat.lab.ai_bench import tallying

FRAME = 1 / 60
SLICE = TABLE_SLICE


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pace", choices=("table", "bench"), default="table")
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    table = args.pace == "table"
    rng = random.Random(args.seed)
    players = [make_player("expert", random.Random(args.seed * 16 + i)) for i in range(3)]
    with tallying() as (solved, discard_worlds):
        return _run(args, table, rng, players, solved, discard_worlds)


def _run(args, table, rng, players, solved, discard_worlds) -> int:  # type: ignore[no-untyped-def]
    early: list[int] = []
    late: list[int] = []
    walls: list[float] = []
    for _ in range(args.hands):
        deck = list(range(32))
        rng.shuffle(deck)
        state = new_hand("skat", ISKO, tuple(deck))
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            solved_before = len(solved)
            started = time.perf_counter()
            decision = players[seat].begin(view)
            while True:
                frame_start = time.perf_counter()
                if decision.step(SLICE if table else 0.0):
                    break
                if table:
                    time.sleep(max(0.0, FRAME - (time.perf_counter() - frame_start)))
            if view.phase == Phase.PLAY and len(solved) > solved_before:
                (early if view.hand.bit_count() > 8 else late).append(solved[-1])
                walls.append(time.perf_counter() - started)
            assert decision.action is not None
            state.apply(decision.action)

    def figures(counts: list[int]) -> dict[str, object]:
        if not counts:
            return {"decisions": 0}
        return {"decisions": len(counts), "median": statistics.median(counts), "all": sorted(counts)}

    print(
        json.dumps(
            {
                "pace": args.pace,
                "hands": args.hands,
                "seed": args.seed,
                "card_play_early": figures(early),
                "card_play_late": figures(late),
                "card_play_median_wall_s": round(statistics.median(walls), 3) if walls else None,
                "discard_deals": figures(discard_worlds),
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
