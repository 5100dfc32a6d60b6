"""How close sampled deals come to the truth, with and without the play evidence.

``PYTHONPATH=game python3 tools/sampling_accuracy.py [HANDS] [SEED]`` plays
seeded ISkO hands with the strong heuristic in every seat; at the start of
tricks 2, 4, 6 and 8 the seat to lead draws 10 deals, and the share of the
other hands' cards that the sampled hands got right is counted.  Prints JSON:
that share by trick, with the play evidence on and off, and the CPU
milliseconds per sampled deal.
"""

from __future__ import annotations

import json
import random
import sys
import time

from skat.ai import HeuristicPlayer
from skat.ai.base import decide_now
from skat.ai.expert import sampling
from skat.ai.expert.sampling import DealSampler
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine.hand_state import Phase
from skat.engine.tricks import GameType

AT = (1, 3, 5, 7)
"""Tricks finished when the deals are drawn."""


def measure(play_weights: bool, hands: int, seed: int) -> dict[str, object]:
    sampling.PLAY_WEIGHTS = play_weights
    rng = random.Random(seed)
    right = dict.fromkeys(AT, 0)
    held = dict.fromkeys(AT, 0)
    cpu = 0.0
    drawn = 0
    for h in range(hands):
        state = SkatHand(ISKO, SkatDeal.random(rng))
        players = [HeuristicPlayer("strong", random.Random(h * 3 + i)) for i in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            obs = state.observe(seat)
            k = len(obs.tricks)
            if obs.phase == Phase.PLAY and obs.game not in (None, GameType.RAMSCH) and k in AT and not obs.trick:
                sampler = DealSampler(obs)
                r = random.Random(h)
                for _ in range(10):
                    started = time.process_time()
                    deal = sampler.sample(r)
                    cpu += time.process_time() - started
                    drawn += 1
                    assert deal is not None
                    for s in range(3):
                        if s != seat:
                            right[k] += (deal.hands[s] & state.hands[s]).bit_count()
                            held[k] += state.hands[s].bit_count()
            state.apply(decide_now(players[seat], obs, 10.0))
    return {
        "share_right_by_trick": {str(k + 1): round(right[k] / held[k], 3) for k in AT if held[k]},
        "cpu_ms_per_deal": round(1000 * cpu / max(1, drawn), 2),
    }


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    result = {
        "hands": hands,
        "seed": seed,
        "play_evidence": measure(True, hands, seed),
        "bidding_only": measure(False, hands, seed),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
