"""Tests of the duplicate-match benchmark (``skat bench duel``): the seatings,
the paired statistics, calibration, reproducibility and the command line."""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from skat.ai.base import Player, decide_now
from skat.ai.effort import Effort
from skat.ai.expert.sampling import INFERENCE, DealSampler
from skat.ai.heuristic.player import HeuristicPlayer
from skat.desktop import cli
from skat.engine import ISKO, OFFICERS, OfficersHand, SkatDeal, SkatHand, shuffled_deck
from skat.engine import actions as A
from skat.engine.cards import JACKS_MASK
from skat.engine.scoring import HandResult
from skat.engine.skat_hand import Phase, SkatObservation
from skat.engine.tricks import GameType
from skat.lab import duel
from skat.lab.duel import DealOutcome, DuelConfig, Tally, calibration, mean_ci, run_duel, seatings
from skat.lab.expert_variants import Oracle, SeenHand
from tool_modules import tool


def _without_timing(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "timing"}


def _bench(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["bench", "duel", *argv])
    return code, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- seatings
def test_skat_seatings_cover_every_assignment_once() -> None:
    rows = seatings("skat")
    assert len(rows) == 6 and len(set(rows)) == 6
    assert {r for r in rows if r.count("A") == 1} == {"ABB", "BAB", "BBA"}
    assert {r for r in rows if r.count("B") == 1} == {"BAA", "ABA", "AAB"}
    for seat in range(3):  # each player holds every seat's cards three times
        assert Counter(r[seat] for r in rows) == {"A": 3, "B": 3}
    assert sorted(seatings("officers")) == ["AB", "BA"]


@pytest.mark.parametrize("game", ["skat", "officers"])
def test_a_deal_is_played_in_every_seating_on_the_same_cards(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Record who really sat where and which cards each seat held."""
    seen: list[tuple[int, int, str, int]] = []  # (game number, seat, strength, first hand seen)

    class Recording(HeuristicPlayer):
        def __init__(self, strength: str, rng: random.Random) -> None:
            super().__init__(strength, rng)
            self.first_hand: int | None = None

        def think(self, view):  # type: ignore[no-untyped-def]
            if self.first_hand is None:
                self.first_hand = view.hand | (view.playable[view.seat] if game == "officers" else 0)
                seen.append((len(games), view.seat, self.strength, self.first_hand))
            return super().think(view)

    games: list[int] = []
    real_play_game = duel.play_game

    def counting_play_game(*args: Any) -> dict[str, Tally]:
        result = real_play_game(*args)
        games.append(1)
        return result

    monkeypatch.setattr(duel, "make_duel_player", lambda name, rng, effort: Recording(name, rng))
    monkeypatch.setattr(duel, "play_game", counting_play_game)
    config = DuelConfig("strong", "normal", game, "isko" if game == "skat" else "officers", 7, 4)
    outcome = duel.play_deal(config, 3)
    n_games = 6 if game == "skat" else 2
    assert len(games) == n_games
    rows = {}
    for game_no in range(n_games):
        by_seat = {seat: name for g, seat, name, _ in seen if g == game_no}
        rows[game_no] = "".join("A" if by_seat[s] == "strong" else "B" for s in sorted(by_seat))
    assert tuple(rows[g] for g in range(n_games)) == seatings(game)
    # The same seat holds the same cards in every game of the deal.
    for seat in range(3 if game == "skat" else 2):
        assert len({h for _, s, _, h in seen if s == seat}) == 1
    seats = 3 if game == "skat" else 2
    assert outcome.tallies["A"].seat_games == outcome.tallies["B"].seat_games == n_games * seats // 2


@pytest.mark.parametrize("game", ["skat", "officers"])
def test_identical_players_differ_by_exactly_zero(game: str) -> None:
    """The pairing cancels card luck: two copies of a deterministic player
    score exactly the same on every deal, whatever the cards."""
    config = DuelConfig("normal", "normal", game, "isko" if game == "skat" else "officers", 11, 4)
    result = run_duel(config, 4)
    assert result["difference"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert result["points_per_game"]["A"] == result["points_per_game"]["B"]
    assert any(result["points_per_game"][w] != 0 for w in "AB") or result["declare_rate"]["A"] == 0


# --------------------------------------------------------------------------- statistics
def test_confidence_interval_of_a_known_sample() -> None:
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    # sd = sqrt(2.5) = 1.5811, se = 0.7071, t(4) = 2.776: half width 1.963
    assert mean == 3.0
    assert lo == pytest.approx(1.0371, abs=1e-3) and hi == pytest.approx(4.9629, abs=1e-3)
    assert mean_ci([4.0]) == (4.0, None, None)
    big = [float(i % 7) for i in range(200)]
    m, lo, hi = mean_ci(big)
    assert lo is not None and hi is not None and hi - m == pytest.approx(m - lo)
    assert (hi - m) == pytest.approx(1.972 * (sum((x - m) ** 2 for x in big) / 199) ** 0.5 / 200**0.5, rel=2e-3)


def test_the_interval_is_over_per_deal_differences() -> None:
    """Two deals: A +10 and +20 per game better; the CI is that of (10, 20), not of the games."""
    tallies = [{"A": Tally(seat_games=9, points=90 + 90 * k), "B": Tally(seat_games=9)} for k in (0, 1)]
    outcomes = [DealOutcome(i, t, t["A"].points / 9 - t["B"].points / 9) for i, t in enumerate(tallies)]
    result = duel.summarize(DuelConfig("x", "y", "skat", "isko", 1, 1), outcomes, 1, 0.0)
    mean, lo, hi = mean_ci([10.0, 20.0])
    assert result["difference"] == {"mean": 15.0, "ci95": [round(lo, 3), round(hi, 3)]}  # type: ignore[arg-type]
    assert result["points_per_game"] == {"A": 15.0, "B": 0.0}
    assert result["games"] == 12


def test_seeger_fabian_points_per_seat() -> None:
    won = HandResult(game="clubs", declarer=1, value=48, won=True, scores=(0, 48, 0))
    lost = HandResult(game="grand", declarer=0, value=-96, scores=(-96, 0, 0))
    assert duel.hand_points("skat", won) == [0, 98, 0]
    assert duel.hand_points("skat", lost) == [-146, 40, 40]
    assert duel.hand_points("skat", HandResult(game="passed", declarer=None, scores=(0, 0, 0))) == [0, 0, 0]
    ramsch = HandResult(game="ramsch", declarer=2, value=-45, scores=(0, 0, -45))
    assert duel.hand_points("skat", ramsch) == [0, 0, -45]
    assert duel.hand_points("officers", HandResult(game="spades", declarer=0, value=-22, scores=(-22, 0))) == [-22, 0]


def test_calibration_buckets() -> None:
    estimates = [("suit", 0.05, False), ("suit", 0.72, True), ("suit", 0.78, False), ("grand", 1.0, True)]
    table = calibration(estimates)
    assert [r["bucket"] for r in table["suit"]] == ["0.0-0.1", "0.7-0.8"]
    row = table["suit"][1]
    assert row["declared"] == 2 and row["mean_estimate"] == 0.75 and row["won_rate"] == 0.5
    assert row["within_0.1"] is None  # too few to judge
    assert table["grand"][0]["bucket"] == "0.9-1.0"  # a sure thing goes into the top bucket
    judged = calibration([("null_pickup", 0.65, i < 30) for i in range(50)])["null_pickup"][0]
    assert judged["won_rate"] == 0.6 and judged["within_0.1"] is True
    overconfident = calibration([("null_pickup", 0.75, i < 25) for i in range(60)])["null_pickup"][0]
    assert overconfident["within_0.1"] is False


def test_null_after_pickup_is_its_own_kind() -> None:
    null = HandResult(game="null", declarer=0, hand=False)
    assert duel.game_kind("skat", ISKO, null) == "null_pickup"
    assert duel.game_kind("skat", ISKO, HandResult(game="null", declarer=0, hand=True)) == "null_hand"
    assert duel.game_kind("officers", OFFICERS, null) == "null"
    assert duel.game_kind("skat", ISKO, HandResult(game="hearts", declarer=0)) == "suit"


# --------------------------------------------------------------------------- the heuristic's estimate
def test_heuristic_notes_its_chance_when_declaring() -> None:
    noted = 0
    for seed in range(40):
        game = "skat" if seed % 2 else "officers"
        state = (
            SkatHand(ISKO, SkatDeal.random(random.Random(seed)))
            if game == "skat"
            else OfficersHand(OFFICERS, shuffled_deck(random.Random(seed)))
        )
        players: list[Player] = [HeuristicPlayer("strong", random.Random(seed + s)) for s in range(3)]
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            before = players[seat].last_estimate
            action = decide_now(players[seat], view)
            if view.phase == Phase.DECLARE and A.is_declaration(action):
                est = players[seat].last_estimate
                assert est is not None and 0.0 <= est <= 1.0
                noted += 1
            else:
                assert players[seat].last_estimate == before
            state.apply(action)
    assert noted >= 20


# --------------------------------------------------------------------------- reproducibility and CLI
def test_same_seed_same_figures_also_with_two_jobs() -> None:
    config = DuelConfig("strong", "normal", "skat", "lothar", 5, 4)
    first = run_duel(config, 4)
    assert _without_timing(first) == _without_timing(run_duel(config, 4))
    assert _without_timing(first) == _without_timing(run_duel(config, 4, jobs=2))
    other = run_duel(DuelConfig("strong", "normal", "skat", "lothar", 6, 4), 4)
    assert _without_timing(first) != _without_timing(other)


def test_cli_tiny_run() -> None:
    code, out, _ = _bench(["--a", "strong", "--b", "heuristic", "--deals", "2", "--seed", "3", "--samples", "2"])
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 12 and result["deals"] == 2 and result["measure"] == "seeger_fabian"
    assert result["corrected_actions"] == {"A": 0, "B": 0}
    assert result["declarations_without_estimate"] == {"A": 0, "B": 0}
    assert set(result["timing"]["A"]) >= {"median_ms", "max_ms", "longest_unit_ms"}
    declared = sum(k["declared"] for k in result["declarer_wins"]["A"].values())
    assert result["declare_rate"]["A"] == round(declared / 18, 3)
    heuristic = duel.make_duel_player("heuristic", random.Random(0), Effort.fixed(1))
    assert isinstance(heuristic, HeuristicPlayer) and heuristic.strength == "strong"

    code, out, _ = _bench(["--a", "strong", "--b", "easy", "--game", "officers", "--deals", "2", "--jobs", "2"])
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 4 and result["measure"] == "game_points"


def test_cli_refuses_bad_input_with_a_message() -> None:
    code, _, err = _bench(["--a", "grandmaster", "--deals", "1"])
    assert code == 2 and "grandmaster" in err
    with pytest.raises(SystemExit):
        _bench(["--game", "skat", "--rules", "officers"])
    with pytest.raises(SystemExit):
        _bench(["--deals", "0"])


def test_expert_variants_are_bench_names() -> None:
    """``expert-MODE[-STYLE]`` names a variant of the expert's pre-play decisions."""
    from skat.lab.expert_variants import ExpertVariant

    variant = duel.make_duel_player("expert-post-bold", random.Random(0), Effort.fixed(1))
    assert isinstance(variant, ExpertVariant) and (variant.skat_mode, variant.bidding.name) == ("post", "bold")
    plain = duel.make_duel_player("expert-sim", random.Random(0), Effort.fixed(1))
    assert isinstance(plain, ExpertVariant) and (plain.skat_mode, plain.bidding.name) == ("sim", "strong")
    for bad in ("expert-guess", "expert-null-reckless"):
        with pytest.raises(ValueError, match="unknown expert variant"):
            duel.make_duel_player(bad, random.Random(0), Effort.fixed(1))
    code, _, err = _bench(["--a", "expert-guess", "--deals", "1"])
    assert code == 2 and "expert-guess" in err


def test_card_play_variants_are_bench_names() -> None:
    """``expert-inf-NAME`` is the shipped expert with another card play; ``shipped`` is the
    shipped one, ``none`` the one before its rule on early trump leads."""
    from skat.ai.expert import skat_cards
    from skat.lab.expert_variants import CARD_PLAYS

    same = duel.make_duel_player("expert-inf-shipped", random.Random(0), Effort.fixed(1))
    shipped = duel.make_duel_player("expert", random.Random(0), Effort.fixed(1))
    assert same.card_play == shipped.card_play == skat_cards.CARD_PLAY  # type: ignore[attr-defined]
    before = duel.make_duel_player("expert-inf-none", random.Random(0), Effort.fixed(1))
    assert before.card_play.trump_lead_penalty == 0 < skat_cards.CARD_PLAY.trump_lead_penalty  # type: ignore[attr-defined]
    early = duel.make_duel_player("expert-inf-earlyrule", random.Random(0), Effort.fixed(1))
    assert early.card_play.early_defence_margin == float("inf")  # type: ignore[attr-defined]
    assert CARD_PLAYS["choice"].inference.game_choice < 1.0
    with pytest.raises(ValueError, match="unknown card play"):
        duel.make_duel_player("expert-inf-guess", random.Random(0), Effort.fixed(1))


# --------------------------------------------------------------------------- where the difference comes from
def _record(seating: str, declarer: int | None, game: str, won: bool, points: tuple[int, ...]) -> duel.GameRecord:
    return duel.GameRecord(seating, declarer, game if declarer is not None else "", won, 70 if won else 50, points)


def test_each_seat_game_is_paired_with_the_same_seat_in_the_swapped_game() -> None:
    """Seat 0 in ABB (A declares clubs, wins) against seat 0 in BAA (B passes, seat 1 declares)."""
    records = {
        "ABB": _record("ABB", 0, "clubs", True, (74, 0, 0)),
        "BAA": _record("BAA", 1, "spades", False, (40, -138, 40)),
        "BAB": _record("BAB", 2, "grand", True, (0, 0, 98)),
        "ABA": _record("ABA", 2, "grand", True, (0, 0, 98)),
        "BBA": _record("BBA", None, "", False, (0, 0, 0)),
        "AAB": _record("AAB", 0, "null", True, (73, 0, 0)),
    }
    s = duel.deal_situations(records)
    a, b = s["A"], s["B"]
    assert sum(a.games.values()) == sum(b.games.values()) == 9
    # A declares where B, on the same cards, does not: ABB seat 0, BAA seat 1, AAB seat 0.
    assert a.games["only_A_declares"] == 3 and a.games["only_B_declares"] == 0
    # The grand of seat 2 in BAB and ABA: A declared it once and defended it twice.
    assert a.games["same_game"] == 1 and a.games["defending_same"] == 2
    assert a.games["other"] == 3 and a.games["different_games"] == 0
    # B's rows are the same pairs seen from the other side.
    assert b.games == a.games
    assert all(b.difference[key] == -a.difference[key] for key in duel.SITUATIONS)
    assert a.difference["only_A_declares"] == (74 - 40) + (-138 - 0) + (73 - 0)
    total_a = sum(records[s].points[i] for s in records for i, w in enumerate(s) if w == "A")
    total_b = sum(records[s].points[i] for s in records for i, w in enumerate(s) if w == "B")
    assert sum(a.difference.values()) == total_a - total_b


def test_the_defence_figure_pairs_the_same_declaration_against_both_defences() -> None:
    records = {
        "BAA": _record("BAA", 0, "hearts", False, (-120, 40, 40)),  # B declares against two A: lost
        "BBB": _record("BBB", 0, "hearts", True, (72, 0, 0)),  # the same against B's own defence: won
        "ABA": _record("ABA", 0, "clubs", True, (0, 0, 0)),  # seat 1 is B but seat 0 declared: not paired
        "AAB": _record("AAB", 2, "grand", True, (0, 0, 98)),  # B at seat 2 declares grand ...
        "AAA": _record("AAA", 2, "diamonds", True, (0, 0, 60)),  # ... but BBB's seat 2 did not: not paired
    }
    d = duel.deal_defence(records)
    assert (d["A"].declarations, d["A"].won_against, d["A"].won_against_own) == (1, 0, 1)
    assert (d["A"].points_against, d["A"].points_against_own) == (50, 70)
    assert d["B"].declarations == 0


def test_a_duel_reports_the_breakdown_and_the_defence_of_each_player() -> None:
    config = DuelConfig("strong", "normal", "skat", "isko", 5, 4, reference=True)
    result = run_duel(config, 3)
    for who in "AB":
        rows = result["breakdown"][who]
        assert list(rows) == list(duel.SITUATIONS)
        assert sum(r["share"] for r in rows.values()) == pytest.approx(1.0, abs=1e-3)
        contribution = sum(r["contribution"] for r in rows.values())
        sign = 1 if who == "A" else -1
        assert contribution == pytest.approx(sign * result["difference"]["mean"], abs=0.02)
        assert set(result["defence"][who]["declarer_win_rate"]) == {"against", "against_own_defence"}
    # The reference games change nothing else: the same figures without them.
    plain = run_duel(DuelConfig("strong", "normal", "skat", "isko", 5, 4), 3)
    assert plain["defence"] is None
    assert {k: v for k, v in plain.items() if k not in ("timing", "defence")} == {
        k: v for k, v in result.items() if k not in ("timing", "defence")
    }


# --------------------------------------------------------------------------- the yardstick
def test_the_oracle_sees_the_cards_the_duel_deals_and_plays_them_double_dummy_once_solved() -> None:
    """``expert-oracle`` is handed the hand in play; from six cards in hand (where it
    solves the true deal to the end, far below any node cap) no card of it changes what
    the declarer reaches with open cards, while the expert, which samples, does here; and
    seated without the cards it refuses to play rather than pass for the expert.
    (From eight cards a node cap can send a search back to the depth limit; under
    Pyodide, whose hashes differ, other games were played and one of them had a card
    at eight that changed the result.)"""

    declarer_reaches = tool("defence_errors").declarer_reaches
    config = DuelConfig("expert-oracle", "heuristic", "skat", "isko", 5, 2)
    checked = 0
    for index in range(10):
        deck = duel.deal_deck(config.seed, index)
        players = duel.seat_players(config, "AAA", 0, index)
        state = duel.new_hand("skat", ISKO, deck)
        for p in players:
            p.peek = state  # type: ignore[attr-defined]  # what play_game does for the yardstick
        before: bool | None = None
        while not state.done:
            seat = state.to_move
            assert seat is not None
            view = state.observe(seat)
            solved = state.phase == Phase.PLAY and state.game not in (GameType.NULL, GameType.RAMSCH) and (
                view.hand.bit_count() <= 6)
            if solved and before is None:
                before = declarer_reaches(state)
            state.apply(decide_now(players[seat], view, 10.0))
            if solved and len(state.tricks) < 10 and not state.done:
                after = declarer_reaches(state)
                assert after == before, (index, len(state.tricks))
                checked += 1
    assert checked > 20
    blind = duel.make_duel_player("expert-oracle", random.Random(1), Effort.fixed(2))
    state = duel.new_hand("skat", ISKO, duel.deal_deck(config.seed, 0))
    while state.phase != Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        state.apply(decide_now(HeuristicPlayer("strong", random.Random(seat)), state.observe(seat), 10.0))
    seat = state.to_move
    assert seat is not None
    with pytest.raises(ValueError, match="peek"):
        decide_now(blind, state.observe(seat), 10.0)


def heuristic_until(state: SkatHand, reached: Callable[[], bool]) -> None:
    """Play ``state`` on with the strong heuristic in every seat until ``reached()``."""
    while not reached():
        seat = state.to_move
        assert seat is not None
        state.apply(decide_now(HeuristicPlayer("strong", random.Random(seat)), state.observe(seat), 10.0))


def test_the_oracle_split_by_role_sees_the_cards_only_in_its_role() -> None:
    """``expert-oracle-declarer`` searches the true deal only as declarer and
    ``-defence`` only as a defender (elsewhere each is the expert and needs no
    cards): seated blind, each refuses exactly the role it would see in."""
    config = DuelConfig("expert-oracle", "heuristic", "skat", "isko", 5, 2)
    state = duel.new_hand("skat", ISKO, duel.deal_deck(config.seed, 0))
    assert isinstance(state, SkatHand)
    heuristic_until(state, lambda: state.phase == Phase.PLAY)
    played_by: dict[str, set[bool]] = {"declarer": set(), "defence": set()}
    while not state.done and len(state.tricks) < 2:
        seat = state.to_move
        assert seat is not None
        view = state.observe(seat)
        declaring = seat == state.declarer
        for role in played_by:
            blind = duel.make_duel_player(f"expert-oracle-{role}", random.Random(1), Effort.fixed(2))
            if declaring == (role == "declarer"):
                with pytest.raises(ValueError, match="peek"):
                    decide_now(blind, view, 10.0)
            else:
                assert decide_now(blind, view, 10.0) in view.legal
                played_by[role].add(declaring)
        state.apply(decide_now(HeuristicPlayer("strong", random.Random(seat)), view, 10.0))
    assert played_by == {"declarer": {False}, "defence": {True}}
    with pytest.raises(ValueError, match="role"):
        duel.make_duel_player("expert-oracle-kibitz", random.Random(1), Effort.fixed(2))


def test_a_defender_who_sees_an_open_declarers_hand_still_draws_deals() -> None:
    """Against an Ouvert game the declarer's cards are fixed for everyone already;
    seeing them once more must not count them twice (the sampler then had room for
    minus ten cards and drew no deal at all)."""
    state = SkatHand(ISKO, SkatDeal.random(random.Random(4)))
    for action in (A.bid(18), A.PASS, A.PASS, A.HAND, A.declare(GameType.GRAND, ouvert=True)):
        state.apply(action)
    d = state.declarer
    assert d is not None and state.to_move is not None and state.to_move != d
    obs = state.observe(state.to_move)
    assert isinstance(obs, SkatObservation) and obs.ouvert
    sampler = SeenHand(obs, INFERENCE, d, state.hands[d])
    assert sampler.feasible
    deal = sampler.sample(random.Random(1))
    assert deal is not None and deal.hands[d] == state.hands[d]


def test_a_defender_who_sees_the_declarers_hand_draws_only_the_partners_hand_and_the_skat() -> None:
    """``expert-oracle-declarer-hand``'s sampler (:class:`SeenHand`) puts the
    declarer's true hand in every deal it draws and still deals the partner's cards
    and the skat, within the hard facts (the defender's own hand, the cards gone)."""
    config = DuelConfig("expert-oracle-declarer-hand", "heuristic", "skat", "isko", 5, 2)
    state = duel.new_hand("skat", ISKO, duel.deal_deck(config.seed, 0))
    assert isinstance(state, SkatHand)
    # some cards gone, and a defender to move
    heuristic_until(state, lambda: len(state.tricks) >= 2 and state.to_move != state.declarer)
    assert state.declarer is not None
    me = state.to_move
    assert me is not None
    obs = state.observe(me)
    assert isinstance(obs, SkatObservation)
    partner = 3 - me - state.declarer
    sampler = SeenHand(obs, INFERENCE, state.declarer, state.hands[state.declarer])
    blind = DealSampler(obs, INFERENCE)
    rng = random.Random(3)
    partners, declarers = set(), set()
    for _ in range(40):
        deal = sampler.sample(rng)
        assert deal is not None
        assert deal.hands[state.declarer] == state.hands[state.declarer]
        assert deal.hands[me] == state.hands[me]
        assert (deal.hands[partner] | deal.skat) == (state.hands[partner] | state.skat)
        partners.add(deal.hands[partner])
        other = blind.sample(rng)
        assert other is not None
        declarers.add(other.hands[state.declarer])
    assert len(partners) > 1  # the partner's hand is still guessed
    assert len(declarers) > 1  # where the expert guesses the declarer's too
    # the partner's hand seen instead: the declarer's hand and the skat are what is guessed
    seen_partner = SeenHand(obs, INFERENCE, partner, state.hands[partner])
    guessed = set()
    for _ in range(40):
        deal = seen_partner.sample(rng)
        assert deal is not None
        assert deal.hands[partner] == state.hands[partner] and deal.hands[me] == state.hands[me]
        assert (deal.hands[state.declarer] | deal.skat) == (state.hands[state.declarer] | state.skat)
        guessed.add(deal.hands[state.declarer])
    assert len(guessed) > 1
    # only the partner's Jacks seen: exactly his Jacks in every deal, his other cards still guessed
    jacks_seen = SeenHand(obs, INFERENCE, partner, state.hands[partner], JACKS_MASK)
    others = set()
    for _ in range(40):
        deal = jacks_seen.sample(rng)
        assert deal is not None
        assert deal.hands[partner] & JACKS_MASK == state.hands[partner] & JACKS_MASK
        assert deal.hands[partner].bit_count() == state.hands[partner].bit_count()
        others.add(deal.hands[partner])
    assert len(others) > 1
    seeing = duel.make_duel_player("expert-oracle-declarer-hand", random.Random(1), Effort.fixed(2))
    with pytest.raises(ValueError, match="peek"):
        decide_now(seeing, obs, 10.0)
    assert isinstance(seeing, Oracle)
    seeing.peek = state
    assert decide_now(seeing, obs, 10.0) in obs.legal


def test_the_declarer_posterior_tool_scores_a_defenders_deals_against_the_declarers_hand() -> None:
    """``tools/declarer_posterior.py`` looks at a defender's lead after the tricks asked for and
    counts the declarer's cards the sampled deals place right: all of them for his own hand,
    half for a hand that holds half of them, and for real deals something in between."""
    posterior = tool("declarer_posterior")
    views = list(posterior.positions(12, 2, 5))
    assert views
    for obs, declarer, truth in views:
        assert obs.seat != declarer and not obs.trick and len(obs.tricks) >= 2
        assert truth & obs.hand == 0 and truth.bit_count() == 10 - len(obs.tricks)
    obs, declarer, truth = views[0]
    count = posterior.Count()
    count.add(truth, truth)
    assert count.summary()["cards_right"] == 1.0 and count.summary()["jacks_exact"] == 1.0
    half = 0
    for i, c in enumerate(c for c in range(32) if truth >> c & 1):
        if i % 2 == 0:
            half |= 1 << c
    count.add(half, truth)
    assert count.summary()["cards_right"] == round((truth.bit_count() + half.bit_count()) / (2 * truth.bit_count()), 4)
    out = posterior.measure(12, 2, 2, 5)
    assert out["expert"]["deals"] == 2 * len(views)
    assert 0.2 < out["expert"]["cards_right"] < 0.95
