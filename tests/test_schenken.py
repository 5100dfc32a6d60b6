"""Schenken (rules decisions 48-50), from the worked example in docs/rules-decisions.md: before
the first card both defenders may give the game; the declarer takes it (won at the levels
declared) or declines for Schneider or Schwarz and must make it.  Then the sheet's names,
records, deal codes, every strength with the option on and a fuzz run."""

from __future__ import annotations

import random

import pytest

from random_play import play_match
from skat.ai import make_player
from skat.ai.base import decide_now
from skat.ai.effort import Effort
from skat.ai.strengths import STRENGTHS
from skat.engine import ISKO, Phase, SkatHand, parse_action, parse_card
from skat.engine import actions as A
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.events import apply_with_events
from skat.engine.record import hand_record, replay_hand
from skat.engine.share import decode_deal, encode_deal

FH = "CJ SJ HJ DJ CA CT C9 C7 HA D8"
MH = "CK C8 SA ST SK HK H9 DA DK D9"
RH = "CQ SQ S9 S8 S7 HT HQ H8 DT DQ"
SKAT = "H7 D7"
SCHENKEN = ISKO.with_options(schenken=True)
TRUMPS_FIRST = "CJ SJ HJ DJ CA CT C9 C7 HA D8"


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def declared(rules=SCHENKEN, game: str = "game:C", take: bool = False) -> SkatHand:  # type: ignore[no-untyped-def]
    """Middlehand and rearhand pass, forehand plays Clubs at 18, Hand unless ``take``."""
    h = SkatHand(rules, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("pass", "pass", "18", "pickup" if take else "hand"):
        h.apply(parse_action(token))
    if take:
        h.apply(parse_card("H7"))
        h.apply(parse_card("D7"))
    h.apply(parse_action(game))
    return h


def play(h: SkatHand, order: str) -> None:
    """Forehand plays ``order`` card by card; the defenders their lowest legal card."""
    mine = cards(order)
    while not h.done:
        h.apply(mine.pop(0) if h.to_move == 0 else h.legal_actions()[0])


def test_both_defenders_are_asked_in_turn_before_the_first_card() -> None:
    h = declared()
    assert h.phase == Phase.GIFT and h.to_move == 1 and h.legal_actions() == [A.GIFT, A.NO_CALL]
    with pytest.raises(IllegalActionError):
        h.apply(parse_card("CK"))  # no card before the question is answered
    h.apply(A.GIFT)
    assert h.phase == Phase.GIFT and h.to_move == 2 and h.observe(0).gift_offers == (1,)
    h.apply(A.GIFT)
    assert h.to_move == 0 and h.observe(0).gift == "offered"
    assert h.legal_actions() == [A.GIFT_TAKEN, A.GIFT_SCHNEIDER, A.GIFT_SCHWARZ]


def test_one_defender_saying_no_is_no_offer_and_play_begins() -> None:
    h = declared()
    h.apply(A.GIFT)
    h.apply(A.NO_CALL)
    assert h.phase == Phase.PLAY and h.to_move == 0 and h.gift == ""
    h2 = declared()
    h2.apply(A.NO_CALL)  # the first says no: the second is not asked
    assert h2.phase == Phase.PLAY
    play(h2, TRUMPS_FIRST)
    assert h2.result is not None and h2.result.gift == "" and h2.result.won


def test_a_gift_taken_is_won_at_the_levels_declared() -> None:
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_TAKEN):
        h.apply(a)
    r = h.result
    assert h.done and r is not None and r.gift == "taken" and r.won
    assert (r.matadors, r.multiplier, r.value) == (6, 8, 96)  # with 6, game, Hand
    assert not r.schneider and not r.schwarz


def test_declined_for_schwarz_and_made() -> None:
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_SCHWARZ):
        h.apply(a)
    assert h.phase == Phase.PLAY and h.schwarz_announced
    play(h, TRUMPS_FIRST)
    r = h.result
    assert r is not None and r.gift == "schwarz" and r.won and r.schwarz
    assert (r.multiplier, r.value) == (12, 144)


def test_declined_for_schneider_and_made() -> None:
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_SCHNEIDER):
        h.apply(a)
    play(h, TRUMPS_FIRST)
    r = h.result
    assert r is not None and r.gift == "schneider" and r.won and r.schneider_announced
    assert (r.multiplier, r.value) == (11, 132)  # Schwarz reached, not announced


def test_declined_for_schneider_made_with_99_and_given_up_lost_at_the_announced_levels() -> None:
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_SCHNEIDER):
        h.apply(a)
    h.apply(parse_card("D8"))  # middlehand's DA takes it with rearhand's DT: 21 points
    h.apply(parse_card("DA"))
    h.apply(parse_card("DT"))
    play(h, "CJ SJ HJ DJ CA CT C9 C7 HA")
    r = h.result
    assert r is not None and r.declarer_points == 99 and r.won and (r.multiplier, r.value) == (10, 120)
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_SCHNEIDER, A.CONCEDE):
        h.apply(a)
    r = h.result
    assert r is not None and not r.won and r.gift == "schneider" and (r.multiplier, r.value) == (10, -240)


def test_an_overbid_gift_is_lost() -> None:
    """Bid 120 on Clubs Hand (96 with these cards): taking the gift does not reach the bid."""
    h = SkatHand(SCHENKEN, SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)))
    for token in ("120", "hold", "pass", "pass", "hand", "game:C", "gift", "gift", "gift:take"):
        h.apply(parse_action(token))
    r = h.result
    assert r is not None and r.overbid and not r.won and r.value == -2 * 120


def test_no_gift_with_schwarz_announced_in_null_or_with_the_option_off() -> None:
    assert declared(game="game:CZ").phase == Phase.PLAY
    assert declared(game="game:N").phase == Phase.PLAY
    assert declared(rules=ISKO).phase == Phase.PLAY
    h = declared(game="game:CS")  # Schneider announced: only Schwarz is left to decline for
    h.apply(A.GIFT)
    h.apply(A.GIFT)
    assert h.legal_actions() == [A.GIFT_TAKEN, A.GIFT_SCHWARZ]
    h.apply(A.GIFT_TAKEN)
    assert h.result is not None and h.result.won and h.result.multiplier == 10  # with 6, game, Hand, Schneider, ann.


def test_the_gift_comes_after_kontra_and_re_which_double_it() -> None:
    h = declared(rules=SCHENKEN.with_options(kontra_re=True))
    assert h.phase == Phase.KONTRA
    for a in (A.KONTRA, A.RE, A.GIFT, A.GIFT, A.GIFT_TAKEN):
        h.apply(a)
    assert h.result is not None and h.result.value == 96 * 4


def test_events_records_and_codes_carry_the_gift() -> None:
    h = declared()
    kinds = [e.kind for a in (A.GIFT, A.GIFT, A.GIFT_TAKEN) for e in apply_with_events(h, a)]
    assert kinds == ["gift", "gift", "gift_taken", "end"]
    _, rules, again = replay_hand(hand_record("skat", h.rules, h))
    assert rules.schenken and isinstance(again, SkatHand) and again.result == h.result
    assert [A.action_name(a) for a in h.history[-3:]] == ["gift", "gift", "gift:take"]
    code = encode_deal("skat", SCHENKEN, range(32))
    assert decode_deal(code).rules.schenken and not decode_deal(encode_deal("skat", ISKO, range(32))).rules.schenken


def test_a_gift_declined_for_schwarz_ends_with_the_defenders_first_trick() -> None:
    h = declared()
    for a in (A.GIFT, A.GIFT, A.GIFT_SCHWARZ):
        h.apply(a)
    h.apply(parse_card("D8"))
    h.apply(parse_card("DA"))
    h.apply(parse_card("DT"))
    assert h.done and h.result is not None and not h.result.won and h.result.multiplier == 12


@pytest.mark.parametrize("strength", sorted(STRENGTHS))
def test_every_strength_plays_schenken_legally(strength: str) -> None:
    rng = random.Random(21)
    rules = SCHENKEN.with_options(kontra_re=True)
    calls = 0
    for n in range(6 if strength == "expert" else 20):
        h = SkatHand(rules, SkatDeal.random(rng))
        players = [make_player(strength, random.Random(n * 3 + s), Effort.fixed(2)) for s in range(3)]
        while not h.done:
            seat = h.to_move
            assert seat is not None
            action = decide_now(players[seat], h.observe(seat))
            assert action in h.legal_actions() or h.phase == Phase.PLAY
            calls += h.phase == Phase.GIFT
            h.apply(action, seat)
    assert calls > 0


def test_fuzz_random_legal_play_with_schenken() -> None:
    rng = random.Random(48)
    rules = SCHENKEN.with_options(kontra_re=True, spitze=1)
    outcomes = set()
    for _ in range(400):
        h = SkatHand(rules, SkatDeal.random(rng))
        while not h.done:
            legal = h.legal_actions()
            action = A.GIFT if A.GIFT in legal and rng.random() < 0.8 else rng.choice(legal)
            apply_with_events(h, action)
            assert h.all_cards_in_one_place()
            for s in range(3):
                h.observe(s)
        assert h.result is not None and sum(h.result.scores) == h.result.value
        outcomes.add(h.result.gift)
    assert outcomes >= {"", "taken", "schneider", "schwarz"}


def test_a_match_with_a_gift_and_a_revolution_saves_resumes_and_keeps_its_sheet() -> None:
    import json

    from skat.engine import Match
    from skat.storage import SHEETS, MatchInProgress, MemoryStorage, Store

    rules = SCHENKEN.with_options(revolution=True)
    match = Match.new("skat", rules, players=3, hands=3, seed=3, first_dealer=2)
    match.redeal(SkatDeal.from_hands(cards(FH), cards(MH), cards(RH), cards(SKAT)).deck)
    for token in ("pass", "pass", "18", "hand", "game:C", "gift", "gift"):
        match.apply(parse_action(token))
    store = Store(MemoryStorage({}), language="en")
    assert store.save_match(MatchInProgress(match, id="gift"))
    resumed = Store(store.storage, language="en").load_match()
    assert resumed is not None and resumed.match.current is not None and resumed.match.current.gift == "offered"
    match.apply(A.GIFT_TAKEN)
    match.next_hand()
    rng = random.Random(3)
    play_match(match, rng)
    store.finish_match(MatchInProgress(match, id="gift"))
    doc = json.loads(store.storage.load(SHEETS) or "")
    [sheet] = Store(MemoryStorage({SHEETS: json.dumps(doc)}), language="en").sheets()
    assert sheet.rules == rules and sheet.sheet[0].result.gift == "taken" and sheet.sheet == tuple(match.sheet)
