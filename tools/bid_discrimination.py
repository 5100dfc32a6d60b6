"""Which estimate before the skat tells the hands the expert wins from those it loses?  (issue 19, bidding)

Reads a ``tools/forced_declare.py`` run (every hand put in forehand and played at 18
by the expert against two strong defenders, the others passing whatever they hold),
rebuilds each hand from the run's seed and scores it three ways:

- ``model``: the strong bidder's chance before the skat (what the bidding uses);
- ``skat_average``: the mean over sampled skats of the best game's chance after the
  discard by the same models (the choice of game per skat the linear model cannot see);
- ``simulation``: the expert's own pre-skat simulation (:mod:`skat.ai.expert.skat_calls`):
  deals fitting the hand, the game chosen on each twelve cards, played out and
  calibrated, at bid 18;
- ``double_dummy`` (``--double-dummy``): the share of sampled deals in which the game
  and discard the models choose on the twelve cards is won with every card open (the
  solver; forehand leads), a play-out without the heuristic's errors on either side.

Prints JSON: each score's AUC (the chance that a won hand scores above a lost one)
over all hands and over the hands the bidder is unsure of (model 0.40 to 0.65),
and the expert's win rate and mean Seeger-Fabian score by model and simulation bucket.

``PYTHONPATH=game python3 tools/bid_discrimination.py docs/bench/forced-declare-400-seed9100.json --jobs 2``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from forced_declare import model_chance, rotated_deck

from skat.ai.base import run_steps
from skat.ai.effort import Effort
from skat.ai.expert.skat_calls import _best_at, _simulate_pre_skat
from skat.ai.model.evaluation import TRUMP_GAMES, best_discard, game_value, win_probability
from skat.ai.solve.skat_solver import SkatSolver
from skat.engine.cards import cards_of, mask_points
from skat.engine.deal import SkatDeal, shuffled_deck
from skat.engine.rules import ISKO
from skat.engine.skat_hand import SkatHand
from skat.engine.tricks import GameType
from skat.lab.parallel import unordered

UNSURE = (0.40, 0.65)
"""The bidder's unsure range of model chances (its line is 0.58)."""
SKATS = 60
"""Skats sampled per hand for ``skat_average`` (of 231)."""


def forehand_hand(seed: int, deal: int, seat: int) -> int:
    """The hand a forced run put in forehand for ``seat`` of deal ``deal``."""
    deck = tuple(shuffled_deck(random.Random(f"forced/{seed}/{deal}")))
    return SkatDeal.from_deck(rotated_deck(deck, seat)).hands[0]


def hands_of(run: dict[str, Any]) -> tuple[list[tuple[dict[str, Any], int]], int]:
    """Each row of the run with its hand, and how many rows were left out.

    Newer runs name each row's deal and seat.  Older ones keep only the model
    chance: a row is then matched by it, and left out where two different hands
    of the run share that chance (it cannot say which one it played)."""
    rows = run["rows"]
    if all("deal" in r for r in rows):
        return [(r, forehand_hand(run["seed"], r["deal"], r["seat"])) for r in rows], 0
    by_chance: dict[float, set[int]] = {}
    for i in range(run["deals"]):
        for seat in range(3):
            hand = forehand_hand(run["seed"], i, seat)
            by_chance.setdefault(round(model_chance(hand), 12), set()).add(hand)
    matched = []
    for r in rows:
        hands = by_chance.get(round(r["p"], 12), set())
        if len(hands) == 1:
            matched.append((r, next(iter(hands))))
    return matched, len(rows) - len(matched)


def chosen_game(cards: int, bid: int = 18) -> tuple[int, tuple[int, int], float] | None:
    """The game, discard and model chance the models choose on twelve ``cards`` (the
    best by expected Seeger-Fabian score among the games reaching ``bid``)."""
    best: tuple[float, int, tuple[int, int], float] | None = None
    for g in (*TRUMP_GAMES, GameType.NULL):
        pair = best_discard(cards, g)
        rest = cards & ~(1 << pair[0]) & ~(1 << pair[1])
        if g == GameType.NULL:
            p, v = win_probability(g, rest, True, "post"), 23
        else:
            p = win_probability(g, rest, True, "post", mask_points(1 << pair[0] | 1 << pair[1]))
            v = game_value(g, cards, False)
        if v < bid:
            continue
        e = p * (v + 50) - (1 - p) * (2 * v + 50)
        if best is None or e > best[0]:
            best = (e, g, pair, p)
    return None if best is None else best[1:]


def skat_average(hand: int, rng: random.Random, bid: int = 18) -> float:
    """The mean over sampled skats of the best game's model chance after its discard."""
    out = [c for c in range(32) if not hand >> c & 1]
    pairs = [(a, b) for i, a in enumerate(out) for b in out[i + 1:]]
    total = 0.0
    chosen = rng.sample(pairs, min(SKATS, len(pairs)))
    for a, b in chosen:
        best = chosen_game(hand | 1 << a | 1 << b, bid)
        total += best[2] if best is not None else 0.0
    return total / len(chosen)


def double_dummy(hand: int, rng: random.Random, deals: int, bid: int = 18) -> float:
    """The share of ``deals`` sampled deals (the other hands and the skat) in which the
    game the models choose after taking the skat is won with every card open, forehand
    (the declarer) leading."""
    won = 0
    out = [c for c in range(32) if not hand >> c & 1]
    for _ in range(deals):
        rng.shuffle(out)
        skat = 1 << out[20] | 1 << out[21]
        best = chosen_game(hand | skat, bid)
        if best is None:
            continue
        game, (a, b), _ = best
        cards = (hand | skat) & ~(1 << a) & ~(1 << b)
        hands = [cards, sum(1 << c for c in out[:10]), sum(1 << c for c in out[10:20])]
        solver = SkatSolver(int(game), 0)
        solver.reset(hands, [], 0, mask_points(1 << a | 1 << b))
        won += solver.null_declarer_wins() if game == GameType.NULL else solver.declarer_reaches(61)
    return won / deals


def simulation(hand: int, index: int, samples: int) -> float:
    """The expert's pre-skat simulation: taking the skat's calibrated chance at 18."""
    rest = [c for c in range(32) if not hand >> c & 1]
    deal = SkatDeal.from_hands(cards_of(hand), rest[:10], rest[10:20], rest[20:22])
    obs = SkatHand(ISKO, deal).observe(0)
    sim = run_steps(_simulate_pre_skat(obs, ISKO, random.Random(f"sim/{index}"), Effort.fixed(samples), False))
    _, pickup = _best_at(sim, 18, True)
    return pickup.p if pickup is not None else 0.0


def work(job: tuple[int, int, int, int]) -> tuple[int, float, float, float | None]:
    index, hand, samples, dd_deals = job
    dd = double_dummy(hand, random.Random(f"dd/{hand}"), dd_deals) if dd_deals else None
    return index, skat_average(hand, random.Random(hand)), simulation(hand, index, samples), dd


def auc(scores: list[float], won: list[bool]) -> float | None:
    """The chance that a won hand scores above a lost one (ties count half)."""
    pos = [s for s, w in zip(scores, won, strict=True) if w]
    neg = [s for s, w in zip(scores, won, strict=True) if not w]
    if not pos or not neg:
        return None
    hits = sum(1.0 if p > q else 0.5 if p == q else 0.0 for p in pos for q in neg)
    return round(hits / (len(pos) * len(neg)), 3)


def aucs(rows: list[dict[str, Any]]) -> dict[str, Any]:
    won = [r["won"] for r in rows]
    keys = ("model", "skat_average", "simulation", "double_dummy")
    return {"hands": len(rows), **{k: auc([r[k] for r in rows], won) for k in keys if rows and k in rows[0]}}


def buckets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for lo, hi in ((0.0, 0.4), (0.4, 0.58), (0.58, 0.75), (0.75, 1.01)):
        for slo, shi in ((0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)):
            inside = [r for r in rows if lo <= r["model"] < hi and slo <= r["simulation"] < shi]
            if inside:
                out.append({"model": [lo, min(hi, 1.0)], "simulation": [slo, min(shi, 1.0)], "hands": len(inside),
                            "won": round(sum(r["won"] for r in inside) / len(inside), 3),
                            "mean_sf": round(sum(r["sf"] for r in inside) / len(inside), 1)})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("forced", help="a tools/forced_declare.py JSON (not --real-auction)")
    ap.add_argument("--samples", type=int, default=24, help="sampled deals of the simulation (the duel's bid: 2 x 12)")
    ap.add_argument("--limit", type=int, default=0, help="only the first hands (a quick look)")
    ap.add_argument("--double-dummy", type=int, default=0, metavar="DEALS",
                    help="also score each hand by this many deals solved with every card open")
    ap.add_argument("--unsure-only", action="store_true", help="only the hands of the unsure range")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    with open(args.forced) as f:
        run = json.load(f)
    matched, left_out = hands_of(run)
    rows = [{"model": r["p"], "won": r["expert"]["won"], "sf": r["expert"]["sf"], "hand": hand} for r, hand in matched]
    if args.unsure_only:
        rows = [r for r in rows if UNSURE[0] <= r["model"] < UNSURE[1]]
    if args.limit:
        rows = rows[: args.limit]
    jobs = [(i, r["hand"], args.samples, args.double_dummy) for i, r in enumerate(rows)]
    for index, average, simulated, dd in unordered(work, jobs, args.jobs):
        rows[index]["skat_average"], rows[index]["simulation"] = average, simulated
        if dd is not None:
            rows[index]["double_dummy"] = dd
    unsure = [r for r in rows if UNSURE[0] <= r["model"] < UNSURE[1]]
    print(json.dumps({"forced": args.forced, "samples": args.samples, "double_dummy_deals": args.double_dummy,
                      "rows_left_out": left_out,
                      "auc_all": aucs(rows),
                      "auc_unsure": aucs(unsure), "unsure": list(UNSURE), "buckets": buckets(rows)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
