"""How much of the declarer's hand a defender's sampled deals get right (issue 19, defence).

``PYTHONPATH=game python3 tools/declarer_posterior.py --hands 80 --at 3`` plays seeded ISkO
hands with the strong heuristic in every seat up to the first lead of a defender once ``--at``
tricks are played (0: the first lead of the hand); that defender then draws ``--deals`` deals with each
variant of the inference, and the tool counts the share of the declarer's cards still in his
hand that the sampled hands hold, and how often they hold exactly his Jacks.  The variants:

- ``expert``: the shipped inference (:data:`skat.ai.expert.sampling.INFERENCE`);
- ``exact-play``: the declarer's past cards weighed as if the strong heuristic's play were
  certain (``declarer_mismatch`` 0.01 instead of ``MISMATCH``), which it nearly is here,
  as the declarer is that heuristic;
- ``exact-play-200``: the same with 200 candidates per deal instead of ``CANDIDATES``.

Prints JSON.  Suit games and Grands only (Null and Ramsch have no declarer's trumps to place).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from skat.ai import HeuristicPlayer
from skat.ai.base import decide_now
from skat.ai.expert import sampling
from skat.ai.expert.sampling import INFERENCE, DealSampler, Inference
from skat.engine import ISKO, SkatDeal, SkatHand
from skat.engine.cards import JACKS_MASK
from skat.engine.hand_state import Phase
from skat.engine.skat_hand import SkatObservation
from skat.engine.tricks import GameType

VARIANTS: dict[str, tuple[Inference, int]] = {
    "expert": (INFERENCE, sampling.CANDIDATES),
    "exact-play": (Inference(declarer_mismatch=0.01), sampling.CANDIDATES),
    "exact-play-200": (Inference(declarer_mismatch=0.01), 200),
}
"""Name: (inference, candidates per accepted deal)."""


@dataclass
class Count:
    """One variant's tally: deals drawn, and the declarer's cards and Jacks they placed right."""

    deals: int = 0
    jacks_exact: int = 0
    cards_right: int = 0
    cards: int = 0

    def add(self, sampled: int, truth: int) -> None:
        self.deals += 1
        self.jacks_exact += (sampled & JACKS_MASK) == (truth & JACKS_MASK)
        self.cards_right += (sampled & truth).bit_count()
        self.cards += truth.bit_count()

    def summary(self) -> dict[str, float | int]:
        return {
            "deals": self.deals,
            "cards_right": round(self.cards_right / self.cards, 4) if self.cards else 0.0,
            "jacks_exact": round(self.jacks_exact / self.deals, 4) if self.deals else 0.0,
        }


def _waiting(state: SkatHand, at: int) -> bool:
    """Not yet a defender's lead after ``at`` tricks."""
    if state.phase != Phase.PLAY or len(state.tricks) < at or state.trick:
        return True
    return state.to_move == state.declarer


def positions(hands: int, at: int, seed: int) -> Iterator[tuple[SkatObservation, int, int]]:
    """(a defender's view at his first lead once ``at`` tricks are played, the declarer's
    seat, his hand) of each seeded hand that is a suit game or Grand and gets there."""
    rng = random.Random(seed)
    for h in range(hands):
        state = SkatHand(ISKO, SkatDeal.random(rng))
        players = [HeuristicPlayer("strong", random.Random(h * 3 + i)) for i in range(3)]

        while not state.done and _waiting(state, at):
            s = state.to_move
            assert s is not None
            state.apply(decide_now(players[s], state.observe(s), 10.0))
        if state.done or state.game in (None, GameType.NULL, GameType.RAMSCH) or state.declarer is None:
            continue
        me = state.to_move
        assert me is not None
        yield state.observe(me), state.declarer, state.hands[state.declarer]


def measure(hands: int, at: int, deals: int, seed: int) -> dict[str, dict[str, float | int]]:
    counts = {name: Count() for name in VARIANTS}
    saved = sampling.CANDIDATES
    try:
        for k, (obs, declarer, truth) in enumerate(positions(hands, at, seed)):
            for name, (inference, candidates) in VARIANTS.items():
                sampling.CANDIDATES = candidates
                sampler = DealSampler(obs, inference)
                rng = random.Random(k)
                for _ in range(deals):
                    world = sampler.sample(rng)
                    assert world is not None
                    counts[name].add(world.hands[declarer], truth)
    finally:
        sampling.CANDIDATES = saved
    return {name: c.summary() for name, c in counts.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--at", type=int, default=3, help="tricks played at least before the lead looked at")
    parser.add_argument("--deals", type=int, default=12, help="deals drawn per position and variant")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    out = {"hands": args.hands, "tricks_played_at_least": args.at, "deals": args.deals, "seed": args.seed,
           "variants": measure(args.hands, args.at, args.deals, args.seed)}
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
