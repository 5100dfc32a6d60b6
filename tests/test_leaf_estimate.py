"""The fitted leaf estimate of the card play's depth-limited search.

It must say how a trump game ends from the third or fourth trick better than the
rule of thumb it was fitted to replace, on positions it was not fitted on, and it
must stay a possible number of card points.
"""

from __future__ import annotations

import random

import pytest

from skat.ai.expert.leaf_estimate import COEFFICIENTS, FEATURES, declarer_points, features
from skat.engine.cards import mask_points
from skat.engine.deal import shuffled_deck
from skat.engine.tricks import GameType
from tool_modules import tool


@pytest.fixture(scope="module")
def leaf_fit():
    return tool("leaf_fit")


@pytest.fixture(scope="module")
def solved(leaf_fit) -> list[dict]:
    """Positions of deals the shipped coefficients were not fitted on (those used seeds 1), solved exactly."""
    out: list[dict] = []
    for index in range(40):
        out += leaf_fit.positions((77, index))
    assert len(out) >= 40
    return out


def test_every_feature_has_a_coefficient() -> None:
    assert len(FEATURES) == len(COEFFICIENTS)
    hands = [int(h) for h in _ten_card_hands()]
    assert len(features(int(GameType.CLUBS), 0, hands, 1)) == len(FEATURES)


def test_the_fitted_estimate_beats_the_rule_of_thumb_on_fresh_positions(leaf_fit, solved) -> None:
    from skat.ai.expert.skat_cards import static_points

    truth = [p["exact"] for p in solved]
    fitted = leaf_fit.judged([leaf_fit.estimate(COEFFICIENTS, p) for p in solved], truth)
    rule = leaf_fit.judged([static_points(p["game"], p["declarer"], p["hands"], p["points"]) for p in solved], truth)
    assert fitted["mean_error_points"] < rule["mean_error_points"] - 1.5
    assert fitted["won_or_lost_right"] > rule["won_or_lost_right"]


def test_the_estimate_is_a_possible_final_count(solved) -> None:
    for p in solved:
        left = mask_points(p["hands"][0] | p["hands"][1] | p["hands"][2])
        est = declarer_points(p["game"], p["declarer"], p["hands"], p["leader"], p["points"])
        assert p["points"] <= est <= p["points"] + left


def test_the_least_squares_fit_recovers_a_known_line(leaf_fit) -> None:
    rng = random.Random(3)
    rows = [[1.0, rng.uniform(0, 10), rng.uniform(-5, 5)] for _ in range(200)]
    targets = [2.0 + 3.0 * a - 1.5 * b for _, a, b in rows]
    coefs = leaf_fit.least_squares(rows, targets, ridge=0.0)
    assert coefs == pytest.approx([2.0, 3.0, -1.5], abs=1e-6)


def _ten_card_hands() -> list[int]:
    deck = shuffled_deck(random.Random(5))
    hands = [0, 0, 0]
    for i, c in enumerate(deck[:30]):
        hands[i % 3] |= 1 << c
    return hands


def test_the_expert_scores_its_first_tricks_by_the_fitted_estimate(monkeypatch) -> None:
    from skat.ai import make_player
    from skat.ai.base import decide_now
    from skat.ai.effort import Effort
    from skat.ai.expert import leaf_estimate, skat_cards
    from skat.ai.expert.player import SearchPlayer
    from skat.engine.match import new_hand
    from skat.engine.rules import ISKO
    from skat.engine.skat_hand import Phase

    assert skat_cards.CARD_PLAY.fitted_leaf
    calls = {"fitted": 0, "rule": 0}
    fitted, rule = leaf_estimate.declarer_share, skat_cards.static_points

    def counted_fitted(*args):
        calls["fitted"] += 1
        return fitted(*args)

    def counted_rule(*args):
        calls["rule"] += 1
        return rule(*args)

    monkeypatch.setattr(leaf_estimate, "declarer_share", counted_fitted)
    monkeypatch.setattr(skat_cards, "static_points", counted_rule)
    for seed in range(20):
        state = new_hand("skat", ISKO, tuple(shuffled_deck(random.Random(seed))))
        players = [make_player("strong", random.Random(s)) for s in range(3)]
        while not state.done and state.phase != Phase.PLAY:
            state.apply(decide_now(players[state.to_move], state.observe(state.to_move)))
        if state.done or state.game == GameType.NULL:
            continue
        expert = SearchPlayer("expert", random.Random(1), Effort.fixed(2))
        decide_now(expert, state.observe(state.to_move), 10.0)  # the first card: a search two tricks deep
        break
    assert calls["fitted"] > 0 and calls["rule"] == 0
