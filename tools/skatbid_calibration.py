"""Calibrate the simulation bidder's win estimates on self-play (a tool, not a bench).

``PYTHONPATH=game python3 tools/skatbid_calibration.py --deals N --seed S --samples K [--rules isko|lothar]
[--play P] --out FILE``, then ``... --fit FILE...``

Seeded deals are played with :mod:`skat.ai.expert.skat_calls` deciding the
bidding, the skat, the discard, the declaration, Kontra and Re at all three
seats, and the heuristic ``strong`` player the cards (``--play P``: the
expert's PIMC card play with P sampled deals per card).  Every declaration's
raw estimate (before calibration), its calibrated estimate and the outcome
are written as JSON lines (``--out``); ``--fit`` reads such files and fits
``game_estimates.CALIBRATION`` (a logistic regression of the outcome on the
log-odds of the raw estimate, per game kind), then prints the buckets of 0.1
of the calibrated estimate against the observed win rate.

``--duel`` takes the rows from the duel's own games instead (``skat bench duel --a
expert --b heuristic``, every seating of ``--deals`` deals of ``--seed``, 12 sampled
deals a decision): each declaration of the expert after taking the skat, with
whether the game needed Schneider to reach the bid (``needs``); a game the
heuristic declares is not played on.  ``--jobs`` processes; ``--samples`` does
not apply (the duel's effort).  A hand comes back in each seating where the expert
holds it, so the rows are not independent.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from math import exp

from skat.ai.base import Player, Thinking, View, rules_of
from skat.ai.effort import Effort
from skat.ai.expert.game_estimates import CALIBRATION, kind_of, logit, sigmoid
from skat.ai.expert.skat_calls import last_raw_estimate, think
from skat.ai.heuristic import player as heuristic_player
from skat.ai.strengths import STRONG
from skat.engine.deal import SkatDeal
from skat.engine.rules import preset
from skat.engine.skat_hand import Phase, SkatHand, SkatObservation


class SimBidder(Player):
    """Simulation bidding; card play by the heuristic ``strong`` player, or by
    the expert's PIMC search (``play_samples`` deals per card) when given."""

    def __init__(self, effort: Effort, rng: random.Random, play_samples: int = 0) -> None:
        super().__init__("strong", rng)
        self.effort = effort
        self.play_effort = Effort.fixed(play_samples) if play_samples else None

    def think(self, view: View) -> Thinking:
        assert isinstance(view, SkatObservation)
        rules = rules_of(view)
        if view.phase == Phase.PLAY:
            if self.play_effort is not None and view.game is not None:
                pimc = importlib.import_module("skat.ai.expert.skat_cards")  # the expert's card play (branch skatplay)
                return pimc.think(view, self.rng, self.play_effort)
            return heuristic_player.skat_think(view, rules, STRONG, self.rng)
        return think(view, rules, self.rng, self.effort, self)


def run(args: argparse.Namespace) -> int:
    rules = preset(args.rules)
    rng = random.Random(args.seed)
    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115 (stdout or a file)
    for i in range(args.deals):
        deal = SkatDeal.random(rng)
        players = [SimBidder(Effort.fixed(args.samples), random.Random(rng.random()), args.play) for _ in range(3)]
        state = SkatHand(rules, deal)
        record = None
        pickup = None
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            decision = players[seat].begin(view)
            while not decision.step(0.02):
                pass
            action = decision.action
            if state.phase == Phase.SKAT:
                pickup = action
            if state.phase == Phase.DECLARE:
                raw = last_raw_estimate(players[seat])
                p = players[seat].last_estimate
                record = {"p": p, "raw": raw[1] if raw else None, "game": raw[0] if raw else None}
            state.apply(action)
        r = state.result
        assert r is not None
        if record is not None and r.game != "ramsch":
            record.update(deal=i, seed=args.seed, won=bool(r.won), value=r.value, hand=pickup == 35, bid=r.bid)
            print(json.dumps(record), file=out, flush=True)
    return 0


def duel_rows(job: tuple[int, int, str]) -> list[dict[str, object]]:
    """The expert's declarations after the skat in the duel games of one deal (see the module doc)."""
    from skat.ai.model.evaluation import game_value
    from skat.engine import actions as A
    from skat.engine.match import new_hand
    from skat.engine.tricks import GameType
    from skat.lab import duel
    from skat.lab.ai_bench import time_decision

    seed, index, rules = job
    config = duel.DuelConfig("expert", "heuristic", "skat", rules, seed, duel.DEFAULT_SAMPLES)
    deck = duel.deal_deck(seed, index)
    rows: list[dict[str, object]] = []
    for game_no, seating in enumerate(duel.SKAT_SEATINGS):
        players = duel.seat_players(config, seating, game_no, index)
        state = new_hand("skat", duel.RULES["skat"][rules], deck)
        row: dict[str, object] | None = None
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            action = time_decision(players[seat], view)[0].action
            assert action is not None
            if view.phase == Phase.DECLARE and A.is_declaration(action):
                raw = last_raw_estimate(players[seat])
                if seating[seat] != "A" or raw is None or view.hand_game:
                    break
                d = A.declaration(action)
                value = game_value(d.game, view.hand | view.skat, False) if d.game != GameType.NULL else 0
                row = {"p": players[seat].last_estimate, "raw": raw[1], "game": raw[0], "deal": index, "seed": seed,
                       "seating": seating, "bid": view.bid,
                       "needs": d.game != GameType.NULL and value < view.bid and not d.schneider}
            state.apply(action)
        if row is not None:
            r = state.result
            assert r is not None
            row.update(won=bool(r.won), value=r.value, hand=False)
            rows.append(row)
    return rows


def run_duel(args: argparse.Namespace) -> int:
    from skat.lab.parallel import unordered

    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115 (stdout or a file)
    jobs = [(args.seed, i, args.rules) for i in range(args.deals)]
    for rows in unordered(duel_rows, jobs, args.jobs):
        for row in rows:
            print(json.dumps(row), file=out, flush=True)
    return 0


def run_null(args: argparse.Namespace) -> int:
    """Null after the skat on purpose: on seeded deals where forehand's twelve
    cards could carry a Null, forehand takes the skat at 18, discards for Null
    as the simulation would, declares Null, and the hand is played out; the
    raw estimate and the outcome are recorded like a declaration."""
    from skat.ai.expert import skat_calls as sim
    from skat.ai.expert.skat_calls import NULL_FLOOR, null_discards
    from skat.ai.model.evaluation import win_probability
    from skat.engine import actions as A
    from skat.engine.tricks import GameType

    rules = preset(args.rules)
    rng = random.Random(args.seed)
    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115 (stdout or a file)
    for i in range(args.deals):
        deal = SkatDeal.random(rng)
        cards12 = deal.hands[0] | deal.skat
        pair = null_discards(cards12, 0, 1)[0]
        rest = cards12 & ~(1 << pair[0]) & ~(1 << pair[1])
        if win_probability(GameType.NULL, rest, True, "post") < NULL_FLOOR:
            continue
        players = [SimBidder(Effort.fixed(args.samples), random.Random(rng.random()), args.play) for _ in range(3)]
        state = SkatHand(rules, deal)
        for a in (A.PASS, A.PASS, A.bid(18), A.PICKUP):
            state.apply(a)
        trump_games, sim.TRUMP_GAMES = sim.TRUMP_GAMES, ()  # plan the Null only
        try:
            steps = sim._plan_discard(state.observe(0), rules, players[0].rng, Effort.fixed(args.samples * 3))
            while True:
                try:
                    next(steps)
                except StopIteration as stop:
                    plan = stop.value
                    break
        finally:
            sim.TRUMP_GAMES = trump_games
        if A.declaration(plan[0]).game != GameType.NULL:
            continue
        state.apply(plan[1][0])
        state.apply(plan[1][1])
        state.apply(plan[0])
        while not state.done:
            seat = state.to_move
            assert seat is not None
            decision = players[seat].begin(state.observe(seat))
            while not decision.step(0.02):
                pass
            state.apply(decision.action)
        r = state.result
        assert r is not None
        e = plan[2]
        row = {"p": e.p, "raw": e.p_raw, "game": 5, "deal": i, "seed": args.seed, "won": bool(r.won), "value": r.value}
        row.update(hand=False, bid=18, forced=True)
        print(json.dumps(row), file=out, flush=True)
    return 0


def fit(files: list[str], plain: bool = False) -> int:
    rows = []
    for name in files:
        with open(name) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if r.get("raw") is not None and not (plain and r.get("needs"))]
    result: dict[str, object] = {"declarations": len(rows)}
    fitted = {}
    for kind in ("suit", "grand", "null"):
        data = [(logit(r["raw"]), int(r["won"])) for r in rows if kind_of(r["game"]) == kind]
        if len(data) < 20:
            fitted[kind] = CALIBRATION[kind]
            continue
        a, b = 1.0, 0.0
        for _ in range(50):  # Newton's method, a little ridge towards (1, 0)
            ga = gb = haa = hab = hbb = 0.0
            for x, y in data:
                p = 1 / (1 + exp(-(a * x + b)))
                ga += (p - y) * x
                gb += p - y
                w = p * (1 - p)
                haa += w * x * x
                hab += w * x
                hbb += w
            ga += 1.0 * (a - 1)
            gb += 1.0 * b
            haa += 1.0
            hbb += 1.0
            det = haa * hbb - hab * hab
            a -= (hbb * ga - hab * gb) / det
            b -= (haa * gb - hab * ga) / det
        fitted[kind] = (round(a, 3), round(b, 3))
    result["coefficients"] = fitted
    for label, cal in (("current", CALIBRATION), ("fitted", fitted)):
        buckets: dict[str, dict[str, list[float]]] = {}
        for r in rows:
            kind = kind_of(r["game"])
            a, b = cal[kind]
            p = sigmoid(a * logit(r["raw"]) + b)
            for key in ("all", kind, "null_pickup" if kind == "null" and not r.get("hand") else None):
                if key is None:
                    continue
                k = f"{min(int(p * 10), 9) / 10:.1f}"
                buckets.setdefault(key, {}).setdefault(k, []).append(p)
                buckets[key].setdefault(k + "w", []).append(float(r["won"]))
        table = {}
        for key, b in buckets.items():
            table[key] = {
                k: {"n": len(v), "estimate": round(sum(v) / len(v), 3), "won": round(sum(b[k + "w"]) / len(v), 3)}
                for k, v in sorted(b.items())
                if not k.endswith("w")
            }
        result[label] = table
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--rules", default="isko")
    ap.add_argument("--play", type=int, default=0, help="PIMC deals per card (0: heuristic strong play)")
    ap.add_argument("--out", default="")
    ap.add_argument("--fit", nargs="*", default=None)
    ap.add_argument("--null", action="store_true", help="force Null after the skat where it is plausible")
    ap.add_argument("--duel", action="store_true", help="the expert's declarations in the duel's games")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--plain", action="store_true",
                    help="--fit: leave out the games that needed Schneider (rows of --duel; others have no such mark)")
    args = ap.parse_args(argv)
    if args.fit is not None:
        return fit(args.fit, args.plain)
    if args.duel:
        return run_duel(args)
    if args.null:
        return run_null(args)
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
