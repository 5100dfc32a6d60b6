"""Random legal play with each house rule of issue 21 on: every invariant holds, every record
replays, every illegal action is refused without a trace, every deal code carries the rules.

``HOUSE_RULES`` is every option alone and all of them together; each runs ``HANDS`` hands here
(the numbers in the report come from a longer run of the same function)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from random_play import play_match
from skat.engine import ISKO, LOTHAR, Match, Phase, SkatDeal, SkatHand
from skat.engine.actions import KNOCK, PICKUP, SKAT_ON
from skat.engine.cards import JACKS_MASK, mask_points
from skat.engine.record import hand_record, match_record, replay_hand, replay_match
from skat.engine.rules import Rules
from skat.engine.share import decode_deal, encode_deal

sys.path.insert(0, str(Path(__file__).parent))
from test_properties import plain_legal, skat_playable, try_illegal  # noqa: E402

HOUSE_RULES: dict[str, Rules] = {
    "skat-to-loser": LOTHAR.with_options(ramsch_skat="loser"),
    "ramsch-always": ISKO.with_options(ramsch_always=True),
    "schieberamsch": LOTHAR.with_options(schieberamsch=True),
    "klopfen": LOTHAR.with_options(klopfen=True),
    "kontra-bidders": ISKO.with_options(kontra_re=True, kontra_bidders_only=True),
    "all": LOTHAR.with_options(ramsch_skat="loser", ramsch_always=True, schieberamsch=True, klopfen=True,
                               jungfrau=True, kontra_re=True, kontra_bidders_only=True),
    "schenken": ISKO.with_options(schenken=True, kontra_re=True, spitze=1),
    "revolution": ISKO.with_options(revolution=True, kontra_re=True, schenken=True),
}
HANDS = 150


def fuzz_hands(rules: Rules, hands: int, seed: int) -> int:
    """Play ``hands`` random hands under ``rules``, checking everything; returns the hands played."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = SkatHand(rules, SkatDeal.random(rng))
        steps = 0
        while not state.done:
            assert state.all_cards_in_one_place()
            legal = state.legal_actions()
            if state.phase == Phase.PLAY:
                lead = state.trick[0] if state.trick else None
                assert set(legal) == plain_legal(skat_playable(state), lead, state.game)
            elif state.phase == Phase.DISCARD and state.declarer is None:
                assert legal and not any(JACKS_MASK >> c & 1 for c in legal)  # no Jack is pushed
            elif state.phase == Phase.SKAT and state.declarer is None:
                assert legal == [PICKUP, SKAT_ON]
            if steps % 5 == 0:
                try_illegal(state, rng)
            state.apply(rng.choice(legal))
            steps += 1
        check_result(state)
        rec = hand_record("skat", rules, state)
        _, again_rules, again = replay_hand(rec)
        assert again_rules == rules and again.history == state.history and again.result == state.result
        assert decode_deal(encode_deal("skat", rules, state.deal.deck)).rules == rules
    return hands


def check_result(state: SkatHand) -> None:
    rules = state.rules
    r = state.result
    assert r is not None and state.all_cards_in_one_place()
    if rules.ramsch_always:
        assert r.game == "ramsch" and not state.bidding
    if r.game == "ramsch":
        assert sum(r.points) == 120 and len(state.tricks) == 10
        assert set(r.skat_passed) <= {0, 1, 2} and (rules.schieberamsch or not r.skat_passed)
        assert rules.klopfen or not r.knocked
        if not r.durchmarsch:
            loser = max(range(3), key=lambda s: (r.points[s], -s))
            if rules.ramsch_skat == "loser":  # the skat never changes who loses
                tricks_only = [p - (mask_points(state.skat) if s == loser else 0) for s, p in enumerate(r.points)]
                assert max(range(3), key=lambda s: (tricks_only[s], -s)) == loser
            factor = 2 ** (len(r.jungfrau) + len(r.skat_passed) + len(r.knocked))
            assert r.declarer == loser and r.scores[loser] == -r.points[loser] * factor
            assert sum(r.scores) == r.scores[loser]
        else:
            assert sorted(r.scores) == [0, 0, 120]
    elif r.gift == "taken":  # Schenken: nothing played, won unless overbid (rules decision 49)
        assert rules.schenken and not state.tricks and r.won != r.overbid
        assert r.schneider == r.schneider_announced and r.schwarz == r.schwarz_announced
    elif r.revolution:  # a Null Ouvert of 92 (rules decision 51), lost with the declarer's first trick
        assert rules.revolution and r.game == "null" and r.game_value == 92
        assert r.won == (r.declarer_tricks == 0) and abs(r.value) in (92, 184, 368, 736)
    elif r.game != "passed" and rules.kontra_bidders_only and r.kontra:
        kontra_by = [s for s in (0, 1, 2) if s != state.declarer and state.may_say_kontra(s)]
        assert kontra_by, "Kontra was said although no defender bid"


@pytest.mark.parametrize("name", sorted(HOUSE_RULES))
def test_random_legal_hands_with_each_house_rule(name: str) -> None:
    assert fuzz_hands(HOUSE_RULES[name], HANDS, seed=sum(map(ord, name))) == HANDS


@pytest.mark.parametrize("name", ["all", "schieberamsch", "klopfen"])
def test_random_matches_with_house_rules_replay_and_sum_up(name: str) -> None:
    rules = HOUSE_RULES[name]
    for seed in range(3):
        players = 3 + seed % 2
        match = Match.new("skat", rules, players=players, hands=2 * players, seed=seed)
        rng = random.Random(seed)
        play_match(match, rng)
        again = replay_match(match_record(match))
        assert again.sheet == match.sheet
        totals = [0] * match.players
        for row in match.sheet:
            totals = [a + b for a, b in zip(totals, row.changes, strict=True)]
            assert list(row.totals) == totals


def test_knock_and_skat_on_are_never_legal_outside_their_rules() -> None:
    rng = random.Random(1)
    for _ in range(40):
        state = SkatHand(LOTHAR.with_options(kontra_re=True), SkatDeal.random(rng))
        while not state.done:
            legal = state.legal_actions()
            assert KNOCK not in legal and SKAT_ON not in legal
            state.apply(rng.choice(legal))
