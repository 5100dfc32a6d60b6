"""Fit the card play's leaf estimate to double-dummy values (issue 19, the card play).

The expert's depth-limited search scores a trump game's position two tricks ahead by
:func:`skat.ai.expert.leaf_estimate.declarer_points`.  This tool makes its data and
fits it: ``--deals`` seeded deals are played by the strong heuristic in every seat
(ISkO auction); at the start of the third and the fourth trick of every suit game and
Grand the position is solved exactly (the declarer's final card points under best
play, :meth:`skat.ai.solve.skat_solver.SkatSolver.exact`).  ``fit`` then solves the
least-squares problem (a little ridge) for the points the declarer takes from the
cards still out, and prints JSON: the coefficients to paste into
``leaf_estimate.COEFFICIENTS`` and, on the positions of ``--check`` (a file made from
another seed), how far the fitted estimate and the old rule of thumb
(:func:`skat.ai.expert.skat_cards.static_points`) are from the truth: the mean
error in card points, how often won or lost is called right, and the log loss of
the win chance for a few spreads.

    PYTHONPATH=game python3 tools/leaf_fit.py positions --deals 3000 --seed 1 --out /tmp/train.json
    PYTHONPATH=game python3 tools/leaf_fit.py positions --deals 1500 --seed 2 --out /tmp/check.json
    PYTHONPATH=game python3 tools/leaf_fit.py fit /tmp/train.json --check /tmp/check.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.expert.leaf_estimate import COEFFICIENTS, FEATURES, SPREAD, features
from skat.ai.expert.skat_cards import static_points
from skat.ai.solve.skat_solver import SearchAborted, SkatSolver
from skat.engine.cards import mask_points
from skat.engine.deal import shuffled_deck
from skat.engine.match import new_hand
from skat.engine.rules import ISKO
from skat.engine.skat_hand import Phase
from skat.engine.tricks import GameType
from skat.lab.parallel import unordered

TRICKS = (3, 4)
"""The tricks at whose start a position is taken: where a search from the first
or the second trick, two tricks deep, stops."""
NODE_LIMIT = 400_000
"""A position whose exact solve needs more is left out."""
RIDGE = 1.0


def positions(job: tuple[int, int]) -> list[dict[str, Any]]:
    """The positions of one seeded deal, each with its exact value."""
    seed, index = job
    deck = tuple(shuffled_deck(random.Random(f"leaf/{seed}/{index}")))
    players = [make_player("strong", random.Random(f"leaf/{seed}/{index}/{s}")) for s in range(3)]
    state = new_hand("skat", ISKO, deck)
    found = []
    while not state.done:
        seat = state.to_move
        assert seat is not None
        trump_game = state.game is not None and state.game != GameType.NULL
        if state.phase == Phase.PLAY and trump_game and not state.trick and len(state.tricks) + 1 in TRICKS:
            d = state.declarer
            assert d is not None and state.game is not None
            found.append({
                "deal": index, "trick": len(state.tricks) + 1, "game": int(state.game), "declarer": d,
                "hands": list(state.hands), "leader": seat, "points": state.points[d] + mask_points(state.skat),
                "own_tricks": state.trick_counts[d], "other_tricks": sum(state.trick_counts) - state.trick_counts[d],
            })
        state.apply(decide_now(players[seat], state.observe(seat), 10.0))
    out = []
    for p in found:
        solver = SkatSolver(p["game"], p["declarer"])
        solver.reset(list(p["hands"]), [], p["leader"], p["points"], p["own_tricks"], p["other_tricks"])
        try:
            p["exact"] = solver.exact(node_limit=NODE_LIMIT)
        except SearchAborted:
            continue
        out.append(p)
    return out


def _features(p: dict[str, Any]) -> list[float]:
    return features(p["game"], p["declarer"], p["hands"], p["leader"])


def least_squares(rows: list[list[float]], targets: list[float], ridge: float = RIDGE) -> list[float]:
    """Coefficients minimising the squared error plus ``ridge`` times their squares
    (the normal equations, solved by Gaussian elimination with pivoting)."""
    n = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(n)] for i in range(n)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n):
                a[r][c] -= f * a[col][c]
            b[r] -= f * b[col]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (b[r] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def estimate(coefs: list[float] | tuple[float, ...], p: dict[str, Any]) -> int:
    f = _features(p)
    return p["points"] + min(max(round(sum(c * x for c, x in zip(coefs, f, strict=True))), 0), int(f[1]))


def judged(estimates: list[int], truth: list[int]) -> dict[str, Any]:
    """How far ``estimates`` are from the exact final points."""
    n = len(truth)
    out: dict[str, Any] = {
        "mean_error_points": round(sum(abs(e - t) for e, t in zip(estimates, truth, strict=True)) / n, 2),
        "won_or_lost_right": round(sum((e >= 61) == (t >= 61) for e, t in zip(estimates, truth, strict=True)) / n, 3),
    }
    for spread in (4.0, 5.0, 6.0, 7.0):
        loss = 0.0
        for e, t in zip(estimates, truth, strict=True):
            p = min(max(1.0 / (1.0 + math.exp(-(e - 60.5) / spread)), 1e-4), 1 - 1e-4)
            loss -= math.log(p) if t >= 61 else math.log(1.0 - p)
        out[f"log_loss_spread_{spread:g}"] = round(loss / n, 4)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    make = sub.add_parser("positions", help="play and solve seeded deals")
    make.add_argument("--deals", type=int, default=200)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--jobs", type=int, default=2)
    make.add_argument("--out", required=True)
    fit = sub.add_parser("fit", help="fit the coefficients")
    fit.add_argument("data")
    fit.add_argument("--check", default="", help="positions of another seed to judge the fit on")
    args = ap.parse_args(argv)
    if args.command == "positions":
        rows: list[dict[str, Any]] = []
        for done in unordered(positions, [(args.seed, i) for i in range(args.deals)], args.jobs):
            rows += done
        rows.sort(key=lambda p: (p["deal"], p["trick"]))
        with open(args.out, "w") as f:
            json.dump({"seed": args.seed, "deals": args.deals, "positions": rows}, f)
        print(json.dumps({"seed": args.seed, "deals": args.deals, "positions": len(rows)}))
        return 0
    with open(args.data) as f:
        train = json.load(f)["positions"]
    coefs = least_squares([_features(p) for p in train], [float(p["exact"] - p["points"]) for p in train])
    report: dict[str, Any] = {
        "positions": len(train),
        "coefficients": {name: round(c, 3) for name, c in zip(FEATURES, coefs, strict=True)},
        "as_tuple": tuple(round(c, 3) for c in coefs),
        "shipped_spread": SPREAD,
    }
    if args.check:
        with open(args.check) as f:
            check = json.load(f)["positions"]
        truth = [p["exact"] for p in check]
        report["check"] = {
            "positions": len(check),
            "fitted": judged([estimate(coefs, p) for p in check], truth),
            "shipped": judged([estimate(COEFFICIENTS, p) for p in check], truth),
            "rule_of_thumb": judged([static_points(p["game"], p["declarer"], p["hands"], p["points"]) for p in check],
                                    truth),
        }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
