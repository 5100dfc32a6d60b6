"""The house rules of issue 21, each from the worked example in docs/rules-decisions.md.

Each test drives the real state machine (``SkatHand``) with a constructed deal and a
scripted, legal play; the engine refuses anything illegal.  Seats: 0 forehand,
1 middlehand, 2 rearhand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from random_play import play_match
from skat.engine import NO_CALL, PASS, PICKUP, GameType, Match, Phase, SkatHand, parse_action, parse_card
from skat.engine.actions import KNOCK, SKAT_ON
from skat.engine.cards import mask_of, mask_points
from skat.engine.deal import SkatDeal
from skat.engine.errors import IllegalActionError
from skat.engine.games import Hand
from skat.engine.rules import ISKO, LOTHAR, Rules

FH, MH, RH = 0, 1, 2


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def deal(fh: str, mh: str, rh: str, skat: str) -> SkatDeal:
    return SkatDeal.from_hands(cards(fh), cards(mh), cards(rh), cards(skat))


def act(hand: SkatHand, script: str) -> None:
    for token in script.split():
        hand.apply(parse_action(token))


def play_tricks(hand: SkatHand, tricks: list[tuple[str, int]]) -> None:
    for text, winner in tricks:
        for token in text.split():
            hand.apply(parse_card(token))
        assert hand.tricks[-1].winner == winner, text


# The Ramsch of tests/test_rule_examples.py (rules decision 6).
RAMSCH_DEAL = (
    "D9 H8 H9 HT S7 C7 C9 CT CQ CA",
    "D7 D8 DJ DK H7 HJ HQ HA S8 CJ",
    "DT DQ DA HK S9 ST SJ SK C8 CK",
    "SQ SA",
)
RAMSCH_PLAY = [
    ("CT D7 C8", FH), ("CQ S8 CK", RH), ("DQ D9 D8", RH), ("S9 S7 HQ", RH), ("HK H8 HA", MH),
    ("CJ SJ CA", MH), ("DJ DA C7", MH), ("HJ ST C9", MH), ("DK DT HT", RH), ("SK H9 H7", RH),
]


def _ramsch(rules: Rules) -> SkatHand:
    h = SkatHand(rules, deal(*RAMSCH_DEAL))
    act(h, "pass pass pass")
    assert h.game == GameType.RAMSCH
    play_tricks(h, RAMSCH_PLAY)
    return h


def test_skat_to_the_last_trick_is_todays_ramsch() -> None:
    """Decision 27: tricks 10 / 55 / 41, the skat (SQ SA, 14) to rearhand, who took the last
    trick: 55 and 55, middlehand is earlier and loses 55."""
    r = _ramsch(LOTHAR).result
    assert r is not None and r.points == (10, 55, 55) and r.scores == (0, -55, 0)


def test_skat_to_the_loser_adds_it_to_the_most_points_in_tricks() -> None:
    """Decision 27: with the skat to the loser, middlehand (55 in tricks, the most) gets the 14
    and loses 69; rearhand keeps 41."""
    h = _ramsch(LOTHAR.with_options(ramsch_skat="loser"))
    r = h.result
    assert r is not None and mask_points(h.skat) == 14 and h.skat == mask_of(cards("SQ SA"))
    assert r.points == (10, 69, 41) and r.declarer == MH and r.scores == (0, -69, 0)
    assert sum(r.points) == 120


# ---------------------------------------------------------------------------- Ramsch every game
def test_ramsch_every_game_starts_each_hand_as_a_ramsch_without_bidding() -> None:
    """Decision 28: no bidding; forehand leads a Ramsch at once, scored as decision 6."""
    h = SkatHand(ISKO.with_options(ramsch_always=True), deal(*RAMSCH_DEAL))
    assert h.phase == Phase.PLAY and h.game == GameType.RAMSCH and h.to_move == FH and h.declarer is None
    with pytest.raises(IllegalActionError):
        h.apply(PASS)
    play_tricks(h, RAMSCH_PLAY)
    r = h.result
    assert r is not None and r.game == "ramsch" and r.points == (10, 55, 55) and r.scores == (0, -55, 0)
    assert h.bidding == [] and r.bid == 0


def test_ramsch_every_game_on_the_sheet_charges_each_hand_and_deals_round() -> None:
    match = Match.new("skat", ISKO.with_options(ramsch_always=True), players=4, hands=4, seed=3)
    rng = random.Random(3)
    def ramsch_only(hand: Hand, legal: Sequence[int], rng: random.Random) -> int:
        assert hand.game == GameType.RAMSCH and hand.phase == Phase.PLAY
        return rng.choice(list(legal))

    play_match(match, rng, ramsch_only)
    assert [row.result.game for row in match.sheet] == ["ramsch"] * 4
    assert len({row.dealer for row in match.sheet}) == 4  # the deal goes round as always
    for row in match.sheet:
        r = row.result
        if not r.durchmarsch:
            assert sorted(row.changes) == [-max(r.points), 0, 0, 0]
        # Seeger-Fabian (on in the ISkO preset) counts a Ramsch's points as they are (decision 17).
        assert row.seeger == row.changes


# ---------------------------------------------------------------------------- Schieberamsch
def test_schieberamsch_worked_example() -> None:
    """Decision 30: forehand takes the skat (SQ SA) and pushes CA CT, middlehand passes it on
    unseen, rearhand takes CA CT and pushes DA DT; one unseen pass doubles the charge once."""
    rules = LOTHAR.with_options(schieberamsch=True)
    h = SkatHand(rules, deal(*RAMSCH_DEAL))
    act(h, "pass pass pass")
    assert h.phase == Phase.SKAT and h.to_move == FH and h.legal_actions() == [PICKUP, SKAT_ON]
    h.apply(PICKUP)
    assert h.phase == Phase.DISCARD and h.skat_taken == mask_of(cards("SQ SA")) and h.hands[FH] >> parse_card("SA") & 1
    act(h, "CA CT")
    assert h.skat == mask_of(cards("CA CT")) and h.to_move == MH and h.observe(FH).skat == h.skat
    assert h.observe(MH).skat == 0  # unseen
    h.apply(SKAT_ON)
    assert h.skat_passed == [MH] and h.to_move == RH and h.phase == Phase.SKAT
    h.apply(PICKUP)
    with pytest.raises(IllegalActionError):  # no Jack may be pushed
        h.apply(parse_card("SJ"))
    assert not any(c in h.legal_actions() for c in cards("CJ SJ HJ DJ"))
    act(h, "DA DT")
    assert h.phase == Phase.PLAY and h.to_move == FH and h.skat == mask_of(cards("DA DT"))
    assert h.observe(RH).skat == h.skat and h.observe(FH).skat == 0
    assert h.all_cards_in_one_place()
    while not h.done:
        h.apply(h.legal_actions()[0])
    r = h.result
    assert r is not None and r.skat_passed == (MH,) and sum(r.points) == 120
    loser = r.declarer
    assert loser is not None
    if not r.durchmarsch:
        assert r.scores[loser] == -2 * r.points[loser] and r.value == r.scores[loser]


def test_schieberamsch_every_seat_passing_unseen_is_eight_times() -> None:
    h = SkatHand(LOTHAR.with_options(schieberamsch=True), deal(*RAMSCH_DEAL))
    act(h, "pass pass pass skat:on skat:on skat:on")
    assert h.phase == Phase.PLAY and h.skat == mask_of(cards("SQ SA"))
    play_tricks(h, RAMSCH_PLAY)
    r = h.result
    assert r is not None and r.skat_passed == (FH, MH, RH)
    assert r.points == (10, 55, 55) and r.scores == (0, -55 * 8, 0)


# ---------------------------------------------------------------------------- Klopfen
def test_klopfen_worked_example_two_knocks_quadruple_the_charge() -> None:
    """Decision 31: forehand and rearhand knock, middlehand does not: 55 x 4 = 220."""
    h = SkatHand(LOTHAR.with_options(klopfen=True), deal(*RAMSCH_DEAL))
    act(h, "pass pass pass")
    assert h.phase == Phase.KONTRA and h.to_move == FH and h.legal_actions() == [KNOCK, NO_CALL]
    act(h, "knock no knock")
    assert h.phase == Phase.PLAY and h.knocked == [FH, RH]
    play_tricks(h, RAMSCH_PLAY)
    r = h.result
    assert r is not None and r.knocked == (FH, RH) and r.scores == (0, -220, 0)


def test_klopfen_and_schieberamsch_and_jungfrau_multiply() -> None:
    """Decision 32: all three pass the skat on unseen and all three knock: 2**6 = 64 times 55."""
    h = SkatHand(LOTHAR.with_options(klopfen=True, schieberamsch=True), deal(*RAMSCH_DEAL))
    act(h, "pass pass pass skat:on skat:on skat:on knock knock knock")
    play_tricks(h, RAMSCH_PLAY)
    r = h.result
    assert r is not None and r.scores == (0, -55 * 64, 0)


def test_a_durchmarsch_is_never_doubled() -> None:
    h = SkatHand(LOTHAR.with_options(klopfen=True), forced_grand_all())
    act(h, "pass pass pass knock knock knock")
    while not h.done:
        h.apply(h.legal_actions()[0])
    r = h.result
    assert r is not None and r.durchmarsch and r.scores == (120, 0, 0)


def forced_grand_all() -> SkatDeal:
    fh = "CJ SJ HJ DJ CA CT CK CQ C9 C8"
    rest = [c for c in range(32) if c not in cards(fh + " C7 D7")]
    return SkatDeal.from_hands(cards(fh), rest[:10], rest[10:], cards("C7 D7"))


# ---------------------------------------------------------------------------- Kontra by bidders only
def test_kontra_only_by_a_defender_who_bid() -> None:
    """Decision 29: middlehand said 18, rearhand passed without a word: only middlehand is asked."""
    script = "18 hold pass pass hand game:G"
    for only, asked in ((False, [MH, RH]), (True, [MH])):
        h = SkatHand(ISKO.with_options(kontra_re=True, kontra_bidders_only=only), deal(*RAMSCH_DEAL))
        act(h, script)
        seen = []
        while h.phase == Phase.KONTRA:
            seen.append(h.to_move)
            h.apply(NO_CALL)
        assert seen == asked and h.phase == Phase.PLAY


def test_kontra_only_by_bidders_skips_kontra_when_forehand_plays_alone() -> None:
    """Middlehand and rearhand passed without a bid; forehand plays at 18: nobody may say Kontra."""
    h = SkatHand(ISKO.with_options(kontra_re=True, kontra_bidders_only=True), deal(*RAMSCH_DEAL))
    act(h, "pass pass 18 hand game:G")
    assert h.phase == Phase.PLAY and not h.kontra
    h2 = SkatHand(ISKO.with_options(kontra_re=True, kontra_bidders_only=True), deal(*RAMSCH_DEAL))
    act(h2, "pass 18 hold pass hand game:G")  # rearhand said 18 to forehand, who held
    assert h2.phase == Phase.KONTRA and h2.to_move == RH  # middlehand passed without a bid
    act(h2, "kontra re")
    assert h2.kontra and h2.re and h2.phase == Phase.PLAY


# ---------------------------------------------------------------------------- the sheet
def test_the_sheet_names_each_doubling_and_the_result_lists_them() -> None:
    """Decision 32: the loser's line on the sheet and its computation name every doubling."""
    from skat.i18n import Translator
    from skat.ui.game_names import game_name, of_result
    from skat.ui.result_text import computation

    h = SkatHand(LOTHAR.with_options(klopfen=True, schieberamsch=True, jungfrau=True), deal(*RAMSCH_DEAL))
    act(h, "pass pass pass skat:on pickup SA SQ skat:on knock no no")
    play_tricks(h, RAMSCH_PLAY)
    r = h.result
    assert r is not None and r.skat_passed == (FH, RH) and r.knocked == (FH,) and r.jungfrau == ()
    assert r.scores[r.declarer] == -r.points[r.declarer] * 8
    de, en = Translator("de"), Translator("en")
    assert game_name(de, of_result(r)) == "Ramsch, 2x geschoben, 1x geklopft"
    assert game_name(de, of_result(r), short=True) == "Ramsch S2 K1"
    assert game_name(en, of_result(r)) == "Ramsch, passed on 2x, knocked 1x"
    lines = computation(en, r)
    points = r.points[r.declarer]
    assert lines[1:] == [
        f"Skat passed on unseen 2x, each doubles: {-points * 4}",
        f"Knocked 1x, each doubles: {-points * 8}",
    ]


def test_a_match_with_house_rules_keeps_its_sheet_through_a_save() -> None:
    """The sheet's results carry who passed the skat on and who knocked; a save and a kept sheet
    bring them back (decisions 30-32)."""
    from skat.storage import MatchInProgress, MemoryStorage, Store

    rules = LOTHAR.with_options(klopfen=True, schieberamsch=True, ramsch_always=True, ramsch_skat="loser")
    match = Match.new("skat", rules, players=3, hands=3, seed=9)
    rng = random.Random(9)
    # Everyone knocks and passes the skat on unseen: the sheet shows the doublings.
    play_match(match, rng, lambda hand, legal, rng: KNOCK if KNOCK in legal else SKAT_ON if SKAT_ON in legal
               else rng.choice(list(legal)))
    for row in match.sheet:
        assert row.result.knocked == (0, 1, 2) and row.result.skat_passed == (0, 1, 2)
        if not row.result.durchmarsch:
            assert min(row.changes) == -max(row.result.points) * 64
    store = Store(MemoryStorage({}), language="en")
    finished = store.finish_match(MatchInProgress(match, id="house"))
    [sheet] = Store(store.storage, language="en").sheets()
    assert sheet == finished and sheet.rules == rules and sheet.sheet == tuple(match.sheet)
