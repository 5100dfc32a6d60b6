"""How often would a player win the hands its bidder passes?  (issue 19, the calls)

Every hand of ``--deals`` random deals is put in forehand with the two others
passing, so it may play at 18 whatever it holds.  Hands whose best chance by the
strong heuristic's bidding model (the ``pre`` model, before the skat; Hand games
left out) is below ``--floor`` are skipped.  The forehand then plays: once as the
expert (discard and game by simulation, card play by search), once as the strong
heuristic, each time against two strong-heuristic defenders, on the same cards with
the same seeded generators.  Printed as JSON per bucket of that model chance: the
hands, each declarer's win rate and mean Seeger-Fabian score (passing scores 0
here: all pass and the hand is thrown in).  The bidder declares from 0.58; what
the buckets below it show is what bolder bidding could gain when nobody else bids.

``PYTHONPATH=game python3 tools/forced_declare.py --deals 200 --seed 9100 --jobs 2``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from skat.ai.base import decide_now, run_steps
from skat.ai.effort import Effort
from skat.ai.heuristic.skat_calls import _HAND_FLAG, bid_options
from skat.ai.strengths import STRONG
from skat.engine import actions as A
from skat.engine.cards import cards_of
from skat.engine.deal import SkatDeal, shuffled_deck
from skat.engine.match import new_hand
from skat.engine.rules import ISKO
from skat.engine.scoring import seeger_fabian
from skat.engine.skat_hand import Phase
from skat.lab.duel import make_duel_player, mean_ci
from skat.lab.parallel import unordered

BUCKETS = (0.0, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.58, 0.65, 0.75, 1.01)
POOLED = (0.40, 0.58)
"""The range a bolder forehand would add, summed up as one figure too."""


def rotated_deck(deck: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The deck that deals seat ``seat``'s hand of ``deck`` to forehand (the others in turn)."""
    deal = SkatDeal.from_deck(deck)
    h = [cards_of(deal.hands[(seat + k) % 3]) for k in range(3)]
    return SkatDeal.from_hands(h[0], h[1], h[2], cards_of(deal.skat)).deck


def model_chance(hand: int) -> float:
    """The best pre-skat chance of a trump game or Null by the strong bidder's model."""
    options = run_steps(bid_options(hand, True, STRONG))
    return max((o.p for o in options if not o.action & _HAND_FLAG), default=0.0)


def play(deck: tuple[int, ...], declarer: str, seed: str, samples: int, real: bool) -> dict[str, Any] | None:
    """Forehand ``declarer`` plays at 18 (the others pass) against two strong heuristics;
    ``real``: the others bid as the strong heuristic, and None when either of them bids."""
    effort = Effort.fixed(samples)
    players = [make_duel_player(declarer if s == 0 else "heuristic", random.Random(f"{seed}/{s}"), effort)
               for s in range(3)]
    state = new_hand("skat", ISKO, deck)
    while not state.done:
        seat = state.to_move
        assert seat is not None
        view = state.observe(seat)
        if view.phase == Phase.BIDDING and seat != 0:  # bidding: the others pass
            action = decide_now(players[seat], view) if real else A.PASS
            if action != A.PASS:
                return None
        elif view.phase == Phase.BIDDING:
            action = min((a for a in view.legal if A.is_bid(a)), key=A.bid_value)
        else:
            action = decide_now(players[seat], view)
        state.apply(action)
    result = state.result
    assert result is not None
    sf = seeger_fabian(result.value, result.declarer, 3)[0] if result.declarer == 0 else 0
    return {"won": bool(result.won), "sf": sf, "game": result.game}


def work(job: tuple[int, int, int, float, float, bool]) -> dict[str, Any]:
    seed, index, samples, floor, ceiling, real = job
    deck = tuple(shuffled_deck(random.Random(f"forced/{seed}/{index}")))
    rows = []
    for seat in range(3):
        d = rotated_deck(deck, seat)
        p = model_chance(SkatDeal.from_deck(d).hands[0])
        if not floor <= p < ceiling:
            continue
        tag = f"forced/{seed}/{index}/{seat}"
        expert = play(d, "expert", tag, samples, real)
        if expert is None:
            continue
        rows.append({"p": p, "deal": index, "seat": seat, "expert": expert,
                     "heuristic": play(d, "heuristic", tag, samples, real)})
    return {"index": index, "rows": rows}


def ci95(values: list[float]) -> list[float | None]:
    """The 95% interval of the mean, rounded (the duel's Student's t)."""
    _, lo, hi = mean_ci(values)
    return [None if x is None else round(x, 1) for x in (lo, hi)]


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for lo, hi in zip(BUCKETS, BUCKETS[1:], strict=False):
        inside = [r for r in rows if lo <= r["p"] < hi]
        if not inside:
            continue
        entry: dict[str, Any] = {"bucket": f"{lo:.2f}-{min(hi, 1.0):.2f}", "hands": len(inside)}
        for who in ("expert", "heuristic"):
            entry[who] = {
                "win_rate": round(sum(r[who]["won"] for r in inside) / len(inside), 3),
                "mean_sf": round(sum(r[who]["sf"] for r in inside) / len(inside), 1),
            }
        diffs = [r["expert"]["sf"] - r["heuristic"]["sf"] for r in inside]
        entry["expert_minus_heuristic_sf"] = round(sum(diffs) / len(diffs), 1)
        entry["expert_sf_ci95"] = ci95([float(r["expert"]["sf"]) for r in inside])
        out.append(entry)
    return out


def pooled(rows: list[dict[str, Any]], pool: tuple[float, float] = POOLED) -> dict[str, Any]:
    """The hands of ``pool`` together: the expert's mean score (passing scores 0) and its CI."""
    inside = [r for r in rows if pool[0] <= r["p"] < pool[1]]
    if not inside:
        return {"hands": 0}
    sf = [float(r["expert"]["sf"]) for r in inside]
    return {"range": list(pool), "hands": len(inside),
            "expert_win_rate": round(sum(r["expert"]["won"] for r in inside) / len(inside), 3),
            "expert_mean_sf": round(sum(sf) / len(sf), 1), "expert_sf_ci95": ci95(sf),
            "heuristic_mean_sf": round(sum(r["heuristic"]["sf"] for r in inside) / len(inside), 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=9100)
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--floor", type=float, default=0.3)
    ap.add_argument("--ceiling", type=float, default=1.01)
    ap.add_argument("--real-auction", action="store_true",
                    help="middle- and rearhand bid as the strong heuristic; only the hands they both pass count")
    ap.add_argument("--pool", type=float, nargs=2, default=list(POOLED), metavar=("LO", "HI"),
                    help="the range of model chances pooled into one figure")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    jobs = [(args.seed, i, args.samples, args.floor, args.ceiling, args.real_auction) for i in range(args.deals)]
    rows: list[dict[str, Any]] = []
    for done in unordered(work, jobs, args.jobs):
        rows += done["rows"]
    report = {"deals": args.deals, "seed": args.seed, "samples": args.samples, "real_auction": args.real_auction,
              "floor": args.floor, "ceiling": args.ceiling, "hands": len(rows),
              "buckets": summary(rows), "pooled": pooled(rows, (args.pool[0], args.pool[1])), "rows": rows}
    text = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(json.dumps({k: v for k, v in report.items() if k != "rows"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
