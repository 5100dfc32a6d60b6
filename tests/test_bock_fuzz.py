"""Random legal play in matches with Bock rounds and Ramsch rounds on: every line is the hand's
result times its round's factor, the rounds follow the queue an independent reading of the
sheet expects (rules decisions 40-43), every hand's illegal actions are refused, every match
replays from its record and every hand from its own deal code.

``MATCHES`` matches of three and four players run here (the report's count comes from a longer
run of :func:`fuzz_matches`)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from skat.engine import ISKO, LOTHAR, Match, Phase, SkatHand
from skat.engine.actions import NO_CALL, declare
from skat.engine.record import match_record, replay_match
from skat.engine.rules import Rules
from skat.engine.scoring import HandResult
from skat.engine.share import deal_code_for, decode_deal
from skat.engine.tricks import GameType

sys.path.insert(0, str(Path(__file__).parent))
from test_properties import plain_legal, skat_playable, try_illegal  # noqa: E402

BOCK_RULES: dict[str, Rules] = {
    "classic": ISKO.with_options(bock_events="classic", kontra_re=True),
    "classic+ramsch-round": ISKO.with_options(bock_events="classic", ramsch_round=True, kontra_re=True),
    "all+ramsch-round+house": LOTHAR.with_options(bock_events="all", ramsch_round=True, kontra_re=True,
                                                  schieberamsch=True, klopfen=True, seeger_fabian=True),
}
MATCHES = 4


def expected_events(r: HandResult, events: str, before: list[int], after: list[int]) -> bool:
    """The events read straight from the rules text, apart from :mod:`skat.engine.bock`."""
    if events == "off":
        return False
    hit = r.game not in ("passed", "ramsch") and (
        (r.game != "null" and not r.won and r.declarer_points == 60)
        or (r.game == "grand" and r.hand and r.won)
        or (r.kontra and not r.won)
        or r.re
    )
    if events == "all":
        hit = hit or (r.game not in ("passed", "ramsch") and r.game_value >= 72)
        for a, b in zip(after, before, strict=True):
            s = str(abs(a))
            if a != b and abs(a) >= 100 and (abs(a) % 100 == 0 or (len(s) >= 3 and len(set(s[-3:])) == 1)):
                hit = True
    return hit


def fuzz_matches(rules: Rules, matches: int, seed: int) -> int:
    """Play ``matches`` random matches; returns the games played."""
    games = 0
    for n in range(matches):
        rng = random.Random(seed * 100 + n)
        players = 3 + n % 2
        m = Match.new("skat", rules, players=players, hands=6 * players, seed=seed + n)
        steps = 0
        while True:
            hand = m.current
            assert isinstance(hand, SkatHand)
            kind = m.current_round
            if kind == "ramsch":
                assert hand.rules.ramsch_always and hand.rules.ramsch_grand_hand
            while not hand.done:
                legal = hand.legal_actions()
                if hand.phase == Phase.PLAY:
                    lead = hand.trick[0] if hand.trick else None
                    assert set(legal) == plain_legal(skat_playable(hand), lead, hand.game)
                elif hand.phase == Phase.DECLARE and hand.declarer is None:
                    assert kind == "ramsch" and legal == [NO_CALL, declare(GameType.GRAND)]
                if steps % 7 == 0:
                    try_illegal(hand, rng)
                m.apply(rng.choice(legal))
                steps += 1
            assert hand.all_cards_in_one_place()
            games += 1
            if m.finished:
                break
            m.next_hand()
        check_sheet(m)
        again = replay_match(match_record(m))
        assert again.sheet == m.sheet and again.kinds == m.kinds
        for i in range(len(m.sheet)):
            shared = decode_deal(deal_code_for(m, i + 1))
            hand = shared.new_hand()
            for a in m.actions[i]:
                hand.apply(a)
            assert hand.result == m.sheet[i].result
    return games


def check_sheet(m: Match) -> None:
    queue: list[str] = []
    totals = [0] * m.players
    for row in m.sheet:
        kind = queue.pop(0) if queue else ""
        assert row.round == kind, (row.number, row.round, kind)
        seats = m.seats_for(row.dealer)
        factor = 2 if kind == "bock" else 1
        raw = [0] * m.players
        for seat, delta in enumerate(row.result.scores):
            raw[seats[seat]] += delta
        assert list(row.changes) == [d * factor for d in raw]
        if kind == "ramsch":
            assert row.result.game in ("ramsch", "grand")
            assert row.result.game == "ramsch" or row.result.hand
        before = totals
        totals = [a + b for a, b in zip(totals, row.changes, strict=True)]
        assert list(row.totals) == totals
        if expected_events(row.result, m.rules.bock_events, before, totals):
            queue += ["bock"] * m.players + (["ramsch"] * m.players if m.rules.ramsch_round else [])


@pytest.mark.parametrize("name", sorted(BOCK_RULES))
def test_random_matches_with_bock_rounds(name: str) -> None:
    assert fuzz_matches(BOCK_RULES[name], MATCHES, seed=sum(map(ord, name))) > 0
