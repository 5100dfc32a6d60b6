"""How well the Ramsch calls' estimates foretell who is charged.

``PYTHONPATH=game python3 tools/ramsch_calibration.py [HANDS] [SEED]`` deals seeded Ramsch hands
(every game a Ramsch, the skat to the loser, no doubling calls) and plays them with the strong
heuristic in every seat.  Before the first card it notes, for each seat, the expert's sampled
chance to be charged (:func:`skat.ai.expert.ramsch_calls.losing_chance`, 48 deals) and the
heuristic's risk count (:func:`skat.ai.heuristic.ramsch_calls.ramsch_risk`); prints JSON: for
bands of each, how many seats fell in it and how often they were charged.  A doubling (an
unseen pass, a knock) pays for a seat charged less often than one time in three.
"""

from __future__ import annotations

import json
import random
import sys

from skat.ai import HeuristicPlayer
from skat.ai.base import decide_now, run_steps
from skat.ai.expert.ramsch_calls import losing_chance
from skat.ai.heuristic.ramsch_calls import ramsch_risk
from skat.engine import LOTHAR, SkatDeal, SkatHand

CHANCE_BANDS = (0.0, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.33, 0.5, 0.75, 1.01)
RISK_BANDS = (0, 6, 12, 18, 24, 30, 36, 1000)


def _band(value: float, edges: tuple[float, ...]) -> str:
    for low, high in zip(edges, edges[1:], strict=False):
        if low <= value < high:
            return f"{low:g}-{high:g}"
    return f"{edges[-1]:g}+"


def main(hands: int = 900, seed: int = 7) -> dict[str, object]:
    rules = LOTHAR.with_options(ramsch_always=True, ramsch_skat="loser")
    rng = random.Random(seed)
    players = [HeuristicPlayer("strong", random.Random(seed * 10 + s)) for s in range(3)]
    chance: dict[str, list[int]] = {}
    risk: dict[str, list[int]] = {}
    for i in range(hands):
        state = SkatHand(rules, SkatDeal.random(rng))
        est = [run_steps(losing_chance(state.observe(s), random.Random(i * 3 + s), 48)) for s in range(3)]
        risks = [ramsch_risk(state.hands[s]) for s in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            state.apply(decide_now(players[seat], state.observe(seat)))
        r = state.result
        assert r is not None
        loser = None if r.durchmarsch else r.declarer
        for s in range(3):
            for table, key in ((chance, _band(est[s], CHANCE_BANDS)), (risk, _band(risks[s], RISK_BANDS))):
                seen = table.setdefault(key, [0, 0])
                seen[0] += 1
                seen[1] += loser == s

    def rows(table: dict[str, list[int]]) -> dict[str, dict[str, float]]:
        return {k: {"seats": n, "charged": round(c / n, 3)} for k, (n, c) in table.items()}

    return {"hands": hands, "seed": seed, "expert_chance": rows(chance), "heuristic_risk": rows(risk)}


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(main(*args), indent=2))
