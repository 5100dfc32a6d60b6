"""Challenge codes: a deal code plus results survive the round trip; a changed or garbled
results part is refused with a reason while the deal still opens; plain codes keep working."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.engine.challenge import (
    GAMES,
    MARKER,
    ChallengeResult,
    decode_challenge,
    encode_challenge,
    result_of_hand,
)
from skat.engine.match import Match
from skat.engine.rules import ISKO, OFFICERS
from skat.engine.share import ALPHABET, CODE_LENGTH, ShareCodeError, deal_code_for, decode_deal

SKAT = deal_code_for(Match.new("skat", ISKO, players=3, hands=3, seed=4))
OTHER = deal_code_for(Match.new("skat", ISKO, players=3, hands=3, seed=5))
OFFICERS_CODE = deal_code_for(Match.new("officers", OFFICERS, players=2, hands=2, seed=8))
GRAND = ChallengeResult(seat=1, game="grand", declarer=1, hand=True, won=True, points=92, score=96)
DEFENDED = ChallengeResult(seat=1, game="hearts", declarer=0, won=False, points=55, score=0)


@st.composite
def results(draw, seats: int = 3, seat: int | None = None) -> ChallengeResult:  # type: ignore[no-untyped-def]
    game = draw(st.sampled_from(GAMES))
    me = draw(st.integers(0, seats - 1)) if seat is None else seat
    if game == "passed":
        return ChallengeResult(seat=me, game=game)
    declarer = draw(st.one_of(st.none(), st.integers(0, seats - 1)) if game == "ramsch" else st.integers(0, seats - 1))
    return ChallengeResult(
        seat=me,
        game=game,
        declarer=declarer,
        hand=draw(st.booleans()),
        ouvert=draw(st.booleans()),
        schneider_announced=draw(st.booleans()),
        schwarz_announced=draw(st.booleans()),
        won=draw(st.booleans()),
        points=draw(st.integers(0, 120)),
        score=draw(st.integers(-4096, 4095)),
    )


@settings(max_examples=200)
@given(first=results(seat=2), second=results(seat=2), two=st.booleans())
def test_round_trip(first: ChallengeResult, second: ChallengeResult, two: bool) -> None:
    sent = [first, second] if two else [first]
    code = encode_challenge(SKAT, sent)
    assert code.startswith(SKAT + "-" + MARKER)
    c = decode_challenge(code)
    assert c.problem is None and c.results == tuple(sent) and c.deal == decode_deal(SKAT)
    assert c.seat == 2 and c.code == code
    # Typed by hand: lower case, other groups, I/L/O for 1/1/0.
    assert decode_challenge(" " + code.lower().replace("-", " ").replace("1", "l") + " ").results == tuple(sent)


def test_officers_round_trip() -> None:
    r = ChallengeResult(seat=1, game="null", declarer=0, won=True, score=-23)
    assert decode_challenge(encode_challenge(OFFICERS_CODE, [r])).results == (r,)
    with pytest.raises(ShareCodeError):  # Officers' Skat has two seats
        encode_challenge(OFFICERS_CODE, [ChallengeResult(seat=2, game="passed")])


def test_plain_codes_are_challenges_without_results() -> None:
    c = decode_challenge(SKAT)
    assert c.results == () and c.problem is None and c.seat is None and c.deal == decode_deal(SKAT)
    assert encode_challenge(SKAT, []) == SKAT
    for bad in ("", "hello", SKAT + "AB", SKAT[:-1]):  # as bad as before, with the same reasons
        with pytest.raises(ShareCodeError) as plain:
            decode_deal(bad)
        with pytest.raises(ShareCodeError) as challenge:
            decode_challenge(bad)
        assert challenge.value.key == plain.value.key


def test_every_changed_character_of_the_results_is_caught_and_the_deal_still_opens() -> None:
    code = encode_challenge(SKAT, [GRAND, DEFENDED])
    start = len(SKAT) + 1  # after the hyphen
    for i in range(start, len(code)):
        for ch in ALPHABET:
            if ch == code[i]:
                continue
            c = decode_challenge(code[:i] + ch + code[i + 1 :])
            assert c.deal == decode_deal(SKAT)
            assert c.results == () and c.problem is not None, (i, ch)
            assert c.problem.key.startswith(("results_", "result_"))


def test_a_changed_deal_part_is_never_compared() -> None:
    code = encode_challenge(SKAT, [GRAND])
    for i in range(1, CODE_LENGTH):
        ch = "X" if code[i] != "X" else "Y"
        try:
            c = decode_challenge(code[:i] + ch + code[i + 1 :])
        except ShareCodeError:
            continue  # the deal's own check: nothing to play
        assert c.results == ()  # (a deal code that checks out by chance still fails the results' check)


def test_results_cannot_move_to_another_deal() -> None:
    tail = encode_challenge(SKAT, [GRAND])[CODE_LENGTH:]
    c = decode_challenge(OTHER + tail)
    assert c.deal == decode_deal(OTHER) and c.results == () and c.problem is not None
    assert c.problem.key == "results_checksum"


def test_cut_off_and_foreign_results_parts() -> None:
    code = encode_challenge(SKAT, [GRAND])
    cut = decode_challenge(code[:-3])
    assert cut.results == () and cut.problem is not None and cut.problem.key == "results_length"
    foreign = decode_challenge(SKAT + "-ABCDEFGH")
    assert foreign.results == () and foreign.problem is not None and foreign.problem.key == "results_marker"


def test_impossible_results_are_not_written() -> None:
    for bad in (
        ChallengeResult(seat=3, game="grand", declarer=0),
        ChallengeResult(seat=0, game="grand", declarer=None),
        ChallengeResult(seat=0, game="passed", declarer=1),
        ChallengeResult(seat=0, game="clubs", declarer=0, points=121),
        ChallengeResult(seat=0, game="clubs", declarer=0, score=5000),
    ):
        with pytest.raises(ShareCodeError):
            encode_challenge(SKAT, [bad])
    with pytest.raises(ShareCodeError):  # everyone in a challenge played the same seat
        encode_challenge(SKAT, [GRAND, ChallengeResult(seat=0, game="passed")])


def test_result_of_a_played_hand() -> None:
    m = Match.new("skat", ISKO, players=3, hands=3, seed=4)
    h = m.current
    while not h.done:
        m.act(h.legal_actions()[0])
    row = m.sheet[-1]
    seat = 1
    r = result_of_hand(row.result, seat, row.changes[m.seats[seat]])
    assert r.game == row.result.game and r.seat == seat
    assert decode_challenge(encode_challenge(deal_code_for(m, 1), [r])).results == (r,)


@settings(max_examples=300)
@given(text=st.text(alphabet=ALPHABET + "-ILO iu", max_size=60))
def test_arbitrary_text_is_read_or_refused_but_never_crashes(text: str) -> None:
    try:
        c = decode_challenge(SKAT + "-" + text)
    except ShareCodeError:
        return
    assert c.deal == decode_deal(SKAT)


def test_a_letter_outside_the_alphabet_in_the_results_is_a_damaged_part_not_a_crash() -> None:
    # 'u' reads as U, the one letter the alphabet leaves out (hypothesis found it once).
    c = decode_challenge(SKAT + "-R0000000000000000u")
    assert c.deal == decode_deal(SKAT) and c.results == ()
    assert c.problem is not None and c.problem.key == "characters"


V1_CHALLENGE = "154025SBNBEHTP8SGHNY5BCF3S00MCV-R3J3784GT38"
"""Written by the game while deal codes had version 1 (ISkO, ``shuffled_deck(Random(21))``)."""


def test_a_challenge_made_with_a_version_1_deal_code_still_reads() -> None:
    import random

    from skat.engine import shuffled_deck

    c = decode_challenge(V1_CHALLENGE)
    assert c.problem is None
    assert c.results == (ChallengeResult(seat=1, game="grand", declarer=1, won=True, points=78, score=72),)
    assert c.deal.rules == ISKO and c.deal.deck == shuffled_deck(random.Random(21))
    again = c.code  # written again: a version-2 deal part with the same results
    assert again[0] == "2" and again[CODE_LENGTH] == "-" and decode_challenge(again).results == c.results


def test_a_challenge_carries_the_house_rules() -> None:
    from skat.engine.rules import LOTHAR

    rules = LOTHAR.with_options(schieberamsch=True, klopfen=True, ramsch_always=True, ramsch_skat="loser",
                                kontra_re=True, kontra_bidders_only=True)
    match = Match.new("skat", rules, players=3, hands=3, seed=12)
    deal = deal_code_for(match)
    ramsch = ChallengeResult(seat=2, game="ramsch", declarer=2, points=70, score=-280)
    c = decode_challenge(encode_challenge(deal, [ramsch]))
    assert c.problem is None and c.deal.rules == rules and c.results == (ramsch,)
    assert c.deal.deck == match.decks[-1] and len(deal) == CODE_LENGTH
