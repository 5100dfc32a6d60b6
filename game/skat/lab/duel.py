"""Duplicate matches: two computer players on the same cards, every seating.

Card luck swamps skill over a few hundred hands, so each deal is played by
both players in every seat and only the difference is counted:

* Skat: each deal six times.  A sits in one seat and B in the other two,
  with A rotated over the three seats; then B in one seat and A in two,
  rotated the same way.  The cards stay on their seats; only who sits where
  changes, so each player holds every hand of the deal three times.
* Officers' Skat: each deal twice, the two players swapping seats.

Points are Seeger-Fabian points in Skat (:func:`skat.engine.scoring.seeger_fabian`
for every played hand; a passed-in deal scores 0, a Ramsch its charge) and
the game points of the score sheet in Officers' Skat, per game played by one
seat of the player.  The 95% confidence interval of the difference A − B is
computed over the deals (one paired difference per deal), so the card luck
that both players shared cancels.

Where the difference comes from (``breakdown``): every seat-game of A is
paired with the same seat in the game with A and B swapped (``ABB`` with
``BAA`` and so on), where B holds those cards against the other player.  Each
pair falls into one situation (only A declares there, only B, both the same
game, both but different games, both defend the same declarer and game, or
anything else), and per situation the JSON gives its share of the games, the
mean difference and its contribution per game (share times mean; the
contributions add up to the difference).  B's breakdown is the same pairs seen
from B.

Defence (``defence``, Skat, with the reference games): each deal is also played
once by three A and once by three B.  A declaration of B's against two A
defenders is compared with the same declaration (same declarer, same game)
against B's own defence on the same cards: the declarer's win rate and card
points against each.  The reference games count nowhere else.

Calibration: right after a player's declaration the benchmark reads
``player.last_estimate`` (its own chance of winning the game it chose) and
compares it with the outcome, in buckets of 0.1 per kind of game.

Everything is seeded: the deals, the players (each seat of each game has its
own ``random.Random``) and the effort (a fixed number of sampled deals), so
the same seed gives the same JSON apart from the figures under ``timing``.
``--jobs 2`` plays the deals in two processes and merges the results in deal
order.  ``skat bench duel`` runs it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from ..ai.base import Player
from ..ai.effort import Effort
from ..ai.heuristic.player import HeuristicPlayer
from ..engine import actions as A
from ..engine import bock
from ..engine.deal import shuffled_deck
from ..engine.games import GAMES
from ..engine.match import new_hand
from ..engine.rules import ISKO, LOTHAR, OFFICERS, STAMMTISCH, Rules
from ..engine.scoring import HandResult, seeger_fabian
from ..engine.skat_hand import Phase
from .ai_bench import settle_garbage, time_decision
from .parallel import unordered

DEFAULT_SAMPLES = 12
"""Sampled deals per decision of a search player here (a fixed effort keeps
the run reproducible; the table's timed effort would not be)."""
RULES: dict[str, dict[str, Rules]] = {
    "skat": {
        "isko": ISKO,
        "lothar": LOTHAR,
        # House rules (issue 21): every hand a Schieberamsch with Klopfen, the skat to the loser;
        # and Lothar's table with Kontra only after bidding and those Ramsch calls when all pass.
        "ramsch": LOTHAR.with_options(ramsch_always=True, schieberamsch=True, klopfen=True, ramsch_skat="loser"),
        "ramsch-plain": LOTHAR.with_options(ramsch_always=True, ramsch_skat="loser"),  # the card play alone
        "house": LOTHAR.with_options(kontra_re=True, kontra_bidders_only=True, schieberamsch=True, klopfen=True,
                                     ramsch_skat="loser"),
        "spitze": ISKO.with_options(spitze=1),
        # One house rule at a time (issue 21: the expert not worse than the heuristic with each on).
        "kontra": ISKO.with_options(kontra_re=True),
        "kontra-bidders": ISKO.with_options(kontra_re=True, kontra_bidders_only=True),
        "schieberamsch": LOTHAR.with_options(ramsch_always=True, schieberamsch=True),
        "klopfen": LOTHAR.with_options(ramsch_always=True, klopfen=True),
        "ramsch-round": bock.hand_rules(STAMMTISCH, bock.RAMSCH),  # every hand a Ramsch round's: Grand Hand or Ramsch
        "schenken": ISKO.with_options(schenken=True),  # rules decisions 48-50
        "revolution": ISKO.with_options(revolution=True),  # rules decisions 51-53
        "stammtisch": STAMMTISCH.with_options(spitze=1),
    },
    "officers": {
        "officers": OFFICERS,
        "harlequin": OFFICERS.with_options(officers_layout="harlequin"),
        "admirals": OFFICERS.with_options(officers_layout="admirals"),
    },
}
SKAT_SEATINGS: tuple[str, ...] = ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")
"""Who sits where in the six games of a Skat deal (seat 0 forehand first)."""
OFFICERS_SEATINGS: tuple[str, ...] = ("AB", "BA")
SITUATIONS: tuple[str, ...] = (
    "only_A_declares", "same_game", "only_B_declares", "different_games", "defending_same", "other",
)  # fmt: skip
"""The situations of :func:`situation`, in the order the JSON lists them."""
CALIBRATION_MIN = 50
"""Declarations a calibration bucket needs before its agreement is judged."""
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, 97.5% quantile, for 1..30 degrees of freedom."""


SEATINGS: dict[int, tuple[str, ...]] = {3: SKAT_SEATINGS, 2: OFFICERS_SEATINGS}
"""The seatings of a deal by the number of seats at a hand."""


def seatings(game: str) -> tuple[str, ...]:
    return SEATINGS[GAMES[game].seats]


def has_defence(game: str) -> bool:
    """Whether the defence figure applies: it pairs two defenders against one declarer (three seats)."""
    return GAMES[game].seats == 3


def reference_seatings(game: str) -> tuple[str, ...]:
    """The two one-player games of a deal (three A, three B) that the defence figure compares against."""
    seats = len(seatings(game)[0])
    return ("A" * seats, "B" * seats)


def swapped(seating: str) -> str:
    """The seating with A and B exchanged: the same seats, the other player."""
    return seating.translate(str.maketrans("AB", "BA"))


def t975(df: int) -> float:
    """The two-sided 95% quantile of Student's t (beyond 30 degrees: a close approximation)."""
    if df <= 30:
        return _T975[df - 1]
    return 1.96 + 2.4 / df


def mean_ci(values: list[float]) -> tuple[float, float | None, float | None]:
    """Mean and 95% confidence interval (Student's t) of independent values."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return mean, None, None
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def make_duel_player(strength: str, rng: random.Random, effort: Effort) -> Player:
    """``make_player``, with ``heuristic`` meaning today's strongest heuristic
    where ``make_player`` does not know that name yet, and ``expert-<mode>``
    the expert with another of its :data:`~skat.lab.expert_variants.SKAT_MODES`
    (benchmark variants only, e.g. ``expert-heuristic`` and ``expert-sim``), ``expert-inf-<name>``
    the expert with another card play (:data:`~skat.lab.expert_variants.CARD_PLAYS`),
    ``expert-oracle[-declarer|-defence]`` the yardstick that sees every card (in that role), and
    ``expert-oracle-declarer-hand[-early|-late]`` the defender who sees the declarer's hand
    (in the first three tricks, or from the fourth), ``expert-oracle-partner-hand`` his partner's
    (``-partner-jacks``: only which Jacks the partner holds)."""
    from ..ai import make_player
    from ..ai.expert.player import HEURISTIC
    from .expert_variants import BIDDING_STYLES, SKAT_MODES, ExpertVariant, Oracle, card_play_variant

    if strength == "expert-oracle":
        return Oracle(rng, effort)
    if strength.startswith("expert-oracle-"):
        return Oracle(rng, effort, strength.removeprefix("expert-oracle-"))
    if strength.startswith("expert-inf-"):
        return card_play_variant(strength.removeprefix("expert-inf-"), rng, effort)
    if strength.startswith("expert-"):
        mode, _, bidding = strength.removeprefix("expert-").partition("-")
        if mode not in SKAT_MODES or bidding not in ("", *BIDDING_STYLES):
            raise ValueError(
                f"unknown expert variant {strength!r}; known: expert-MODE[-STYLE] with MODE one of "
                f"{', '.join(SKAT_MODES)} and STYLE one of {', '.join(BIDDING_STYLES)}"
            )
        return ExpertVariant(rng, effort, skat_mode=mode, bidding=BIDDING_STYLES[bidding] if bidding else HEURISTIC)
    try:
        return make_player(strength, rng, effort)
    except ValueError:
        if strength == "heuristic":
            return HeuristicPlayer("strong", rng)
        raise


def hand_points(game: str, result: HandResult) -> list[int]:
    """Per seat: Seeger-Fabian points (Skat) or the score sheet's game points (Officers')."""
    kind = GAMES[game]
    if not kind.seeger_fabian or result.game == "ramsch":
        return list(result.scores)
    if result.game == "passed":
        return [0] * kind.seats
    return seeger_fabian(result.value, result.declarer, kind.seats)


def game_kind(game: str, rules: Rules, result: HandResult) -> str:
    """suit, grand, or Null: in Skat (and Admirals') Hand and after pickup apart."""
    if result.game == "grand":
        return "grand"
    if result.game != "null":
        return "suit"
    if not GAMES[game].has_skat(rules):
        return "null"
    return "null_hand" if result.hand else "null_pickup"


@dataclass(frozen=True)
class DuelConfig:
    a: str
    b: str
    game: str
    rules: str
    seed: int
    samples: int
    reference: bool = False
    """Also play each deal with one player in every seat, for the defence figure (Skat)."""


@dataclass
class Tally:
    """What one player (A or B) did over some games, in mergeable form."""

    seat_games: int = 0
    points: int = 0
    score: int = 0
    declared: int = 0
    wins: dict[str, list[int]] = field(default_factory=dict)
    """Kind of game -> [declared, won]."""
    estimates: list[tuple[str, float, bool]] = field(default_factory=list)
    """(kind, estimated chance, won) per declaration with an estimate."""
    missing_estimates: int = 0
    decisions: list[float] = field(default_factory=list)
    real_decisions: list[float] = field(default_factory=list)
    longest_unit: float = 0.0
    longest_unit_cpu: float = 0.0
    corrected: int = 0

    def merge(self, other: Tally) -> None:
        self.seat_games += other.seat_games
        self.points += other.points
        self.score += other.score
        self.declared += other.declared
        for kind, (n, won) in other.wins.items():
            mine = self.wins.setdefault(kind, [0, 0])
            mine[0] += n
            mine[1] += won
        self.estimates += other.estimates
        self.missing_estimates += other.missing_estimates
        self.decisions += other.decisions
        self.real_decisions += other.real_decisions
        self.longest_unit = max(self.longest_unit, other.longest_unit)
        self.longest_unit_cpu = max(self.longest_unit_cpu, other.longest_unit_cpu)
        self.corrected += other.corrected


@dataclass(frozen=True)
class GameRecord:
    """What the breakdown and the defence figure need of one played game."""

    seating: str
    declarer: int | None
    """None when the hand was passed in or played as a Ramsch."""
    declaration: str
    """The game with its level (``clubs``, ``grand-hand``, ``null-ouvert-hand`` ...), or ``""``."""
    won: bool
    declarer_points: int
    points: tuple[int, ...]


@dataclass
class Situations:
    """Per situation: how many seat-games and the sum of their paired differences."""

    games: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SITUATIONS, 0))
    difference: dict[str, float] = field(default_factory=lambda: dict.fromkeys(SITUATIONS, 0.0))

    def add(self, situation: str, difference: float) -> None:
        self.games[situation] += 1
        self.difference[situation] += difference

    def merge(self, other: Situations) -> None:
        for key in SITUATIONS:
            self.games[key] += other.games[key]
            self.difference[key] += other.difference[key]


@dataclass
class Defence:
    """The other player's declarations against this player's defenders and against its own, paired."""

    declarations: int = 0
    won_against: int = 0
    won_against_own: int = 0
    points_against: int = 0
    points_against_own: int = 0

    def merge(self, other: Defence) -> None:
        self.declarations += other.declarations
        self.won_against += other.won_against
        self.won_against_own += other.won_against_own
        self.points_against += other.points_against
        self.points_against_own += other.points_against_own


@dataclass
class DealOutcome:
    """One deal in all its seatings: a tally per player and the paired difference."""

    index: int
    tallies: dict[str, Tally]
    difference: float
    """A's points per seat-game minus B's, on this deal."""
    situations: dict[str, Situations] = field(default_factory=lambda: {who: Situations() for who in "AB"})
    defence: dict[str, Defence] = field(default_factory=lambda: {who: Defence() for who in "AB"})


def declaration_name(result: HandResult) -> str:
    """The declared game with the levels that make it another game (Hand, Ouvert, announcements)."""
    if result.declarer is None or result.game in ("passed", "ramsch"):
        return ""
    levels = [
        name
        for name, on in (
            ("hand", result.hand),
            ("ouvert", result.ouvert),
            ("schneider", result.schneider_announced),
            ("schwarz", result.schwarz_announced),
        )
        if on
    ]
    return "-".join([result.game, *levels])


def situation(me: GameRecord, other: GameRecord, seat: int) -> str:
    """Where seat ``seat`` stands in ``me`` (player A's view when A sits there) against the same seat in
    ``other`` (the swapped game)."""
    mine, theirs = me.declarer == seat, other.declarer == seat
    if mine and theirs:
        return "same_game" if me.declaration == other.declaration else "different_games"
    if mine or theirs:
        return f"only_{me.seating[seat] if mine else other.seating[seat]}_declares"
    if me.declarer is not None and me.declarer == other.declarer and me.declaration == other.declaration:
        return "defending_same"
    return "other"


def deal_situations(records: dict[str, GameRecord]) -> dict[str, Situations]:
    """Each player's seat-games of one deal paired with the same seat in the swapped game."""
    out = {who: Situations() for who in "AB"}
    for seating, record in records.items():
        partner = records.get(swapped(seating))
        if partner is None or seating in ("A" * len(seating), "B" * len(seating)):
            continue
        for seat, who in enumerate(seating):
            out[who].add(situation(record, partner, seat), record.points[seat] - partner.points[seat])
    return out


def deal_defence(records: dict[str, GameRecord]) -> dict[str, Defence]:
    """For each player X: the other player's declarations from seat d against two X defenders, paired
    with the same declaration from seat d when the other player also defends (its reference game)."""
    out = {who: Defence() for who in "AB"}
    for defender, declarer in (("A", "B"), ("B", "A")):
        own = records.get(declarer * 3)
        if own is None:
            continue
        for seat in range(3):
            seating = "".join(declarer if s == seat else defender for s in range(3))
            against = records.get(seating)
            if against is None or against.declarer != seat or own.declarer != seat:
                continue
            if against.declaration != own.declaration:
                continue
            d = out[defender]
            d.declarations += 1
            d.won_against += against.won
            d.won_against_own += own.won
            d.points_against += against.declarer_points
            d.points_against_own += own.declarer_points
    return out


def deal_deck(seed: int, index: int) -> tuple[int, ...]:
    return tuple(shuffled_deck(random.Random(f"duel/{seed}/deal/{index}")))


def seat_players(config: DuelConfig, seating: str, game_no: int, index: int) -> list[Player]:
    """The players of one duel game, each with its own seeded generator (a
    paired replay must seat exactly these)."""
    effort = Effort.fixed(config.samples)
    names = {"A": config.a, "B": config.b}
    return [
        make_duel_player(names[who], random.Random(f"duel/{config.seed}/{index}/{game_no}/{seat}"), effort)
        for seat, who in enumerate(seating)
    ]


def play_game(
    config: DuelConfig, deck: tuple[int, ...], seating: str, game_no: int, index: int
) -> tuple[dict[str, Tally], GameRecord]:
    """Play one hand with the given seating; return the tally of each player and the game's record."""
    rules = RULES[config.game][config.rules]
    players = seat_players(config, seating, game_no, index)
    tallies = {who: Tally() for who in "AB"}
    settle_garbage()
    state = new_hand(config.game, rules, deck)
    for p in players:
        if hasattr(p, "peek"):  # the lab's yardstick that sees every card (expert_variants.Oracle)
            p.peek = state
    estimate: dict[int, float | None] = {}
    while not state.done:
        seat = state.to_move
        assert seat is not None
        view = state.observe(seat)
        player = players[seat]
        declaring = view.phase == Phase.DECLARE
        if declaring:
            player.last_estimate = None
        decision, timing = time_decision(player, view)
        action = decision.action
        assert action is not None
        tally = tallies[seating[seat]]
        tally.decisions.append(timing.total)
        if timing.legal > 1:
            tally.real_decisions.append(timing.total)
        tally.longest_unit = max(tally.longest_unit, timing.longest_unit)
        tally.longest_unit_cpu = max(tally.longest_unit_cpu, max(timing.cpu))
        tally.corrected += decision.corrected
        if declaring and A.is_declaration(action):
            estimate[seat] = player.last_estimate
        state.apply(action)
    result = state.result
    assert result is not None
    points = hand_points(config.game, result)
    for seat, who in enumerate(seating):
        t = tallies[who]
        t.seat_games += 1
        t.points += points[seat]
        t.score += result.scores[seat]
    d = result.declarer
    if d is not None and result.game not in ("passed", "ramsch"):
        t = tallies[seating[d]]
        kind = game_kind(config.game, rules, result)
        t.declared += 1
        wins = t.wins.setdefault(kind, [0, 0])
        wins[0] += 1
        wins[1] += result.won
        est = estimate.get(d)
        if est is None:
            t.missing_estimates += 1
        else:
            t.estimates.append((kind, float(est), bool(result.won)))
    declaration = declaration_name(result)
    record = GameRecord(
        seating,
        d if declaration else None,
        declaration,
        bool(result.won),
        result.declarer_points,
        tuple(points),
    )
    return tallies, record


def play_deal(config: DuelConfig, index: int) -> DealOutcome:
    """Every seating of deal ``index`` (and the reference games when asked); the paired difference per
    seat-game, the situations it came from, and the defence figure."""
    deck = deal_deck(config.seed, index)
    tallies = {who: Tally() for who in "AB"}
    records: dict[str, GameRecord] = {}
    counted = seatings(config.game)
    extra = reference_seatings(config.game) if config.reference else ()
    for game_no, seating in enumerate((*counted, *extra)):
        game_tallies, records[seating] = play_game(config, deck, seating, game_no, index)
        if seating in counted:
            for who, t in game_tallies.items():
                tallies[who].merge(t)
    diff = tallies["A"].points / tallies["A"].seat_games - tallies["B"].points / tallies["B"].seat_games
    defence = deal_defence(records) if has_defence(config.game) else {who: Defence() for who in "AB"}
    return DealOutcome(index, tallies, diff, deal_situations(records), defence)


def _play_deal_star(args: tuple[DuelConfig, int]) -> DealOutcome:
    return play_deal(*args)


def run_duel(config: DuelConfig, deals: int, jobs: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``deals`` deals in every seating and summarise them (see the module docstring)."""
    started = time.perf_counter()
    work = [(config, i) for i in range(deals)]
    outcomes: list[DealOutcome] = []
    if jobs > 1 and deals > 1:
        for outcome in unordered(_play_deal_star, work, jobs):
            outcomes.append(outcome)
            _progress(progress, len(outcomes), deals)
    else:
        for item in work:
            outcomes.append(_play_deal_star(item))
            _progress(progress, len(outcomes), deals)
    outcomes.sort(key=lambda o: o.index)  # merge in deal order, whatever finished first
    return summarize(config, outcomes, jobs, time.perf_counter() - started)


def _progress(on: bool, done: int, total: int) -> None:
    if on and (done % 10 == 0 or done == total):
        print(f"duel: {done}/{total} deals", file=sys.stderr, flush=True)


def calibration(estimates: list[tuple[str, float, bool]]) -> dict[str, list[dict[str, Any]]]:
    """Per kind of game, buckets of 0.1 of the estimate: declarations, mean
    estimate, observed win rate, and (from :data:`CALIBRATION_MIN` declarations)
    whether the two agree within 0.1."""
    buckets: dict[str, dict[int, list[tuple[float, bool]]]] = {}
    for kind, est, won in estimates:
        b = min(9, max(0, int(est * 10)))
        buckets.setdefault(kind, {}).setdefault(b, []).append((est, won))
    out: dict[str, list[dict[str, Any]]] = {}
    for kind in sorted(buckets):
        rows = []
        for b in sorted(buckets[kind]):
            items = buckets[kind][b]
            mean_est = statistics.fmean(e for e, _ in items)
            rate = sum(w for _, w in items) / len(items)
            rows.append(
                {
                    "bucket": f"{b / 10:.1f}-{(b + 1) / 10:.1f}",
                    "declared": len(items),
                    "mean_estimate": round(mean_est, 3),
                    "won_rate": round(rate, 3),
                    "within_0.1": abs(rate - mean_est) <= 0.1 if len(items) >= CALIBRATION_MIN else None,
                }
            )
        out[kind] = rows
    return out


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def summarize(config: DuelConfig, outcomes: list[DealOutcome], jobs: int, wall: float) -> dict[str, Any]:
    totals = {who: Tally() for who in "AB"}
    situations = {who: Situations() for who in "AB"}
    defence = {who: Defence() for who in "AB"}
    for o in outcomes:
        for who in "AB":
            totals[who].merge(o.tallies[who])
            situations[who].merge(o.situations[who])
            defence[who].merge(o.defence[who])
    mean, lo, hi = mean_ci([o.difference for o in outcomes])
    games = len(outcomes) * len(seatings(config.game))
    measure = "seeger_fabian" if GAMES[config.game].seeger_fabian else "game_points"

    def per_game(value: int, t: Tally) -> float:
        return round(value / t.seat_games, 3) if t.seat_games else 0.0

    result: dict[str, Any] = {
        "benchmark": "duel",
        "a": config.a,
        "b": config.b,
        "game": config.game,
        "rules": config.rules,
        "deals": len(outcomes),
        "seed": config.seed,
        "effort": f"fixed: {config.samples} sampled deals per decision (search players)",
        "games": games,
        "measure": measure,
        "what": "points per game = a player's points divided by the games it played a seat in; "
        "the difference A-B is paired per deal (every seating of the same cards), "
        "its 95% CI by Student's t over the deals",
        "points_per_game": {who: per_game(totals[who].points, totals[who]) for who in "AB"},
        "difference": {
            "mean": round(mean, 3),
            "ci95": [round(lo, 3), round(hi, 3)] if lo is not None and hi is not None else None,
        },
        "score_per_game": {who: per_game(totals[who].score, totals[who]) for who in "AB"},
        "declare_rate": {
            who: round(totals[who].declared / totals[who].seat_games, 3) if totals[who].seat_games else 0.0
            for who in "AB"
        },
        "declarer_wins": {
            who: {
                kind: {"declared": n, "won": w, "rate": round(w / n, 3)}
                for kind, (n, w) in sorted(totals[who].wins.items())
            }
            for who in "AB"
        },
        "breakdown": {who: _breakdown(situations[who]) for who in "AB"},
        "defence": (
            {who: _defence(defence[who], who) for who in "AB"}
            if config.reference and has_defence(config.game)
            else None
        ),
        "calibration": {who: calibration(totals[who].estimates) for who in "AB"},
        "declarations_without_estimate": {who: totals[who].missing_estimates for who in "AB"},
        "corrected_actions": {who: totals[who].corrected for who in "AB"},
        "decisions": {who: len(totals[who].decisions) for who in "AB"},
        "timing": {
            "jobs": jobs,
            "wall_seconds": round(wall, 1),
            **{who: _timing(totals[who]) for who in "AB"},
        },
        "deal_differences": [round(o.difference, 2) for o in outcomes],
    }
    return result


def _breakdown(s: Situations) -> dict[str, dict[str, float]]:
    """Share of games, mean paired difference and contribution per game of each situation."""
    total = sum(s.games.values())
    return {
        key: {
            "share": round(s.games[key] / total, 4) if total else 0.0,
            "mean_difference": round(s.difference[key] / s.games[key], 3) if s.games[key] else 0.0,
            "contribution": round(s.difference[key] / total, 3) if total else 0.0,
        }
        for key in SITUATIONS
    }


def _defence(d: Defence, who: str) -> dict[str, Any]:
    """The other player's declarer results against ``who``'s defence and against its own."""
    n = d.declarations

    def rate(x: int) -> float | None:
        return round(x / n, 4) if n else None

    return {
        "what": f"the other player's declarations against two {who} defenders, paired with the same "
        "declaration (seat and game) against its own defence on the same cards",
        "declarations": n,
        "declarer_win_rate": {"against": rate(d.won_against), "against_own_defence": rate(d.won_against_own)},
        "declarer_card_points": {
            "against": round(d.points_against / n, 2) if n else None,
            "against_own_defence": round(d.points_against_own / n, 2) if n else None,
        },
    }


def _timing(t: Tally) -> dict[str, float]:
    if not t.decisions:
        return {}
    return {
        "median_ms": _ms(statistics.median(t.decisions)),
        "median_ms_real_choices": _ms(statistics.median(t.real_decisions)) if t.real_decisions else 0.0,
        "max_ms": _ms(max(t.decisions)),
        "longest_unit_ms": _ms(t.longest_unit),
        "longest_unit_cpu_ms": _ms(t.longest_unit_cpu),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="skat bench duel", description="Duplicate matches between two computer players; prints JSON."
    )
    parser.add_argument("--a", default="expert", help="player A (a strength; 'heuristic' = today's strongest)")
    parser.add_argument("--b", default="heuristic", help="player B")
    parser.add_argument("--game", choices=sorted(RULES), default="skat")
    parser.add_argument(
        "--rules", default=None,
        help="Skat: isko, lothar, ramsch, ramsch-plain, house, spitze (ISkO with Spitze), kontra-bidders, "
        "schieberamsch, klopfen, ramsch-round (a Ramsch round's hand), schenken or revolution (ISkO with that "
        "option) or stammtisch (the club evening with Spitze; a Bock round only doubles a line on the sheet, so "
        "it is a match's, not a deal's); Officers' Skat: officers, harlequin or admirals",
    )
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine's cores: 2)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="fixed effort of search players")
    parser.add_argument("--progress", action="store_true", help="report progress on standard error")
    parser.add_argument(
        "--no-reference",
        dest="reference",
        action="store_false",
        help="Skat: skip the two one-player games per deal that the defence figure needs",
    )
    args = parser.parse_args(argv)
    rules = args.rules or GAMES[args.game].presets[0]
    if rules not in RULES[args.game]:
        parser.error(f"--rules for {args.game}: one of {', '.join(RULES[args.game])}")
    if args.deals <= 0 or args.jobs <= 0 or args.samples <= 0:
        parser.error("--deals, --jobs and --samples must be positive")
    config = DuelConfig(
        args.a, args.b, args.game, rules, args.seed, args.samples, reference=args.reference and has_defence(args.game)
    )
    for name in (config.a, config.b):
        try:
            make_duel_player(name, random.Random(0), Effort.fixed(1))
        except ValueError as exc:
            print(f"skat bench duel: {exc}", file=sys.stderr)
            return 2
    print(json.dumps(run_duel(config, args.deals, args.jobs, args.progress), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
