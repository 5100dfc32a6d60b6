"""Where a defence loses its games: double-dummy errors by trick and seat (issue 19, defence).

Plays the duel's defence games (those of :mod:`skat.lab.defence_ab`): each deal once
with the declaring player (the strong heuristic) in every seat, and where he
declares a suit game or Grand, once more with ``--defender`` in the two other seats.
Before each card of both games the solver asks whether the declarer, all cards
open, still reaches his target; a card after which the answer changes is an error
of its player in the double-dummy sense (with all cards seen no player can do
better than the solver, so every change is a loss to the one who played).

Prints JSON, per defence (``own``: the declarer's own kind as defenders, and the
candidate's): the errors of defenders and of the declarer by trick, the defenders'
leads of the first three tricks by kind of card (trump, ace, ten, picture, low)
with the errors among them, and with ``--oracle`` the candidate's decisions of the
first three tricks where a card would lose: how often it kept the result, and how
often its own search, handed the true deal as its only sampled deal, would have
(what better knowledge of the cards could win; expert candidates only).

``PYTHONPATH=game python3 tools/defence_errors.py --deals 400 --seed 6100 --oracle --jobs 2``
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from skat.ai.base import run_steps
from skat.ai.effort import Effort
from skat.ai.expert.skat_cards import CARD_PLAY, CardPlay, _Search
from skat.ai.model.worlds import World
from skat.ai.solve.skat_solver import SkatSolver
from skat.engine.cards import CARD_POINTS, mask_points
from skat.engine.skat_hand import Phase, SkatHand
from skat.engine.tricks import TRUMPS, GameType
from skat.lab.ai_bench import time_decision
from skat.lab.defence_ab import REFERENCE_GAME, defended_seating
from skat.lab.duel import RULES, SKAT_SEATINGS, DuelConfig, deal_deck, make_duel_player, new_hand, seat_players
from skat.lab.parallel import unordered

LEAD_TRICKS = 3
"""The first tricks whose leads are counted by kind and checked by the oracle."""


@dataclass(frozen=True)
class Job:
    defender: str
    declarer: str
    rules: str
    seed: int
    index: int
    oracle: bool


def played(config: DuelConfig, deck: tuple[int, ...], seating: str, game_no: int, index: int) -> list[int]:
    """The actions of one duel game (the duel's players and generators)."""
    players = seat_players(config, seating, game_no, index)
    state = new_hand("skat", RULES["skat"][config.rules], deck)
    actions: list[int] = []
    while not state.done:
        seat = state.to_move
        assert seat is not None
        action = time_decision(players[seat], state.observe(seat))[0].action
        assert action is not None
        actions.append(action)
        state.apply(action)
    return actions


def skat_hand(rules: str, deck: tuple[int, ...]) -> SkatHand:
    hand = new_hand("skat", RULES["skat"][rules], deck)
    assert isinstance(hand, SkatHand)
    return hand


def declarer_reaches(state: SkatHand) -> bool:
    """Does the declarer reach his target from here with all cards open?"""
    game, d = state.game, state.declarer
    assert game is not None and d is not None
    won = [0, 0, 0]
    for t in state.tricks:
        won[t.winner] += 1
    solver = SkatSolver(int(game), d)
    points = state.points[d] + mask_points(state.skat)
    solver.reset(list(state.hands), list(state.trick), state.leader, points, won[d], sum(won) - won[d])
    if state.schwarz_announced or state.ouvert:
        return solver.declarer_takes_all()
    return solver.declarer_reaches(90 if state.schneider_announced else 61)


def kind_of(game: int, card: int) -> str:
    if TRUMPS[game] >> card & 1:
        return "trump"
    return {11: "ace", 10: "ten", 0: "low"}.get(CARD_POINTS[card], "picture")


def analyse(deck: tuple[int, ...], actions: list[int], rules: str, card_play: CardPlay | None) -> dict[str, Any]:
    """The double-dummy errors of one game (see the module doc); with ``card_play``,
    the oracle's check of the defenders' early decisions by that card play's search."""
    oracle = card_play is not None
    state = skat_hand(rules, deck)
    errors: list[tuple[str, int]] = []
    leads: list[tuple[str, bool]] = []
    decisions: list[tuple[int, int, bool, bool]] = []
    reaches: bool | None = None
    start: bool | None = None
    for action in actions:
        if state.phase != Phase.PLAY:
            state.apply(action)
            continue
        if reaches is None:
            reaches = start = declarer_reaches(state)
        seat = state.to_move
        trick = len(state.tricks)
        defender = seat != state.declarer
        game = int(state.game)  # type: ignore[arg-type]
        after: dict[int, bool] = {}
        if defender and trick < LEAD_TRICKS and oracle:
            for c in state.observe(seat).legal:  # type: ignore[arg-type]
                trial = state.clone()
                trial.apply(c)
                after[c] = declarer_reaches(trial)
            if any(v != reaches for v in after.values()) and len(after) > 1:
                obs = state.observe(seat)  # type: ignore[arg-type]
                search = _Search(obs, card_play or CARD_PLAY)
                search.start_deal()
                truth = World((state.hands[0], state.hands[1], state.hands[2]), state.skat)
                values = {c: run_steps(search.evaluate(truth, c)) for c in obs.legal}
                pick = max(obs.legal, key=lambda c: values[c])
                decisions.append((trick, len(state.trick), after[action] == reaches, after[pick] == reaches))
        state.apply(action)
        if len(state.tricks) == 10 or state.phase != Phase.PLAY:
            break
        now = after.get(action)
        if now is None:
            now = declarer_reaches(state)
        if defender and trick < LEAD_TRICKS and len(state.trick) == 1:
            leads.append((kind_of(game, action), now != reaches))
        if now != reaches:
            errors.append(("defender" if defender else "declarer", trick))
        reaches = now
    return {"start": start, "errors": errors, "leads": leads, "decisions": decisions}


def play_deal(job: Job) -> dict[str, Any] | None:
    deck = deal_deck(job.seed, job.index)
    config = DuelConfig(job.defender, job.declarer, "skat", job.rules, job.seed, 12)
    own_actions = played(config, deck, "BBB", REFERENCE_GAME, job.index)
    state = skat_hand(job.rules, deck)
    for a in own_actions:
        state.apply(a)
    result = state.result
    assert result is not None
    if result.declarer is None or state.game in (None, GameType.NULL, GameType.RAMSCH):
        return None
    seating = defended_seating(result.declarer)
    actions = played(config, deck, seating, SKAT_SEATINGS.index(seating), job.index)
    candidate = make_duel_player(job.defender, random.Random(0), Effort.fixed(1))  # only its card play is read
    card_play = getattr(candidate, "card_play", None) if job.oracle else None
    return {
        "own": analyse(deck, own_actions, job.rules, None),
        "candidate": analyse(deck, actions, job.rules, card_play),
    }


def summarize(games: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"games": len(games)}
    for key in ("own", "candidate"):
        errors: Counter[tuple[str, int]] = Counter()
        leads: Counter[tuple[str, bool]] = Counter()
        decisions: Counter[tuple[int, int, str]] = Counter()
        starts = 0
        for g in games:
            a = g[key]
            starts += bool(a["start"])
            errors.update((role, trick) for role, trick in a["errors"])
            leads.update((kind, bad) for kind, bad in a["leads"])
            for trick, pos, kept, oracle_kept in a["decisions"]:
                decisions[(trick, pos, "n")] += 1
                decisions[(trick, pos, "kept")] += kept
                decisions[(trick, pos, "oracle")] += oracle_kept
        entry: dict[str, Any] = {
            "declarer_reaches_target_double_dummy_at_the_start": starts,
            "errors_by_trick": {role: [errors[(role, t)] for t in range(10)] for role in ("defender", "declarer")},
            "leads": {
                kind: {"leads": leads[(kind, False)] + leads[(kind, True)], "errors": leads[(kind, True)]}
                for kind in ("trump", "ace", "ten", "picture", "low")
            },
        }
        if decisions:
            entry["decisions_that_matter"] = [
                {
                    "trick": t + 1,
                    "position": p,
                    "decisions": decisions[(t, p, "n")],
                    "kept": decisions[(t, p, "kept")],
                    "search_with_the_true_deal_kept": decisions[(t, p, "oracle")],
                }
                for t in range(LEAD_TRICKS)
                for p in range(3)
                if decisions[(t, p, "n")]
            ]
        out[key] = entry
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--defender", default="expert")
    parser.add_argument("--declarer", default="heuristic")
    parser.add_argument("--rules", default="isko", help="a Skat rule set of skat bench duel")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=6100)
    parser.add_argument("--oracle", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = [Job(args.defender, args.declarer, args.rules, args.seed, i, args.oracle) for i in range(args.deals)]
    games = [g for g in unordered(play_deal, jobs, args.jobs) if g is not None]
    summary = {
        "tool": "defence_errors",
        "defender": args.defender,
        "declarer": args.declarer,
        "rules": args.rules,
        "deals": args.deals,
        "seed": args.seed,
        **summarize(games),
    }
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
