"""Schwarz announced (Ouvert included) is lost with the defenders' first trick, and play stops
there (docs/rules-decisions.md, decision 22; issue 16, point 10).

ISS records end at that trick; ``skat replay`` refused them ("the moves end before the game
does") and the table played the hand on to the tenth trick for nothing.  The two ISS lines
below have the shape of real records: a Grand Ouvert lost on the first trick and a Clubs
Hand with Schwarz announced lost on the fourth.  Their R[...] blocks hold the value the
rules give; what ISS writes for p/t/s/z in such a game follows the engine (not checked).
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.ai.review import analysis  # noqa: E402
from skat.desktop.replay import replay_lines  # noqa: E402
from skat.engine import ISKO, Match, SkatDeal, SkatHand  # noqa: E402
from skat.engine.actions import parse_action  # noqa: E402
from skat.engine.cards import parse_card  # noqa: E402
from skat.engine.challenge import decode_challenge, encode_challenge, result_of_hand  # noqa: E402
from skat.engine.iss import replay_iss  # noqa: E402
from skat.engine.record import hand_record, replay_hand  # noqa: E402
from skat.engine.share import deal_code_for, decode_deal  # noqa: E402
from skat.lab.shots import _drive, settle  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hand_replay import ReplayScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from test_analysis_view import _result_button, run_analysis  # noqa: E402
from uihelp import click, key, make_app  # noqa: E402

# Grand Ouvert by forehand (CJ SJ: "with 2"); forehand leads D7, middlehand's DA takes it.
OUVERT_HANDS = (
    "CJ SJ CA CT CK HA HT HK SA D7",
    "DA DT DK DQ D9 D8 HJ DJ C7 C8",
    "C9 CQ H7 H8 H9 HQ S7 S8 S9 ST",
    "SK SQ",
)
OUVERT_MOVES = "1 18 0 y 1 p 2 p 0 GO.CJ.SJ.CA.CT.CK.HA.HT.HK.SA.D7 0 D7 1 DA 2 H7"
OUVERT_VALUE = -2 * 24 * (2 + 1 + 6)  # with 2, game, Hand, Schneider, announced, Schwarz, announced, Ouvert
# Clubs Hand, Schneider and Schwarz announced, "with 7" (four Jacks, CA CT CK): three trump
# tricks, then D7 is led and middlehand's DA takes the fourth.
SCHWARZ_HANDS = (
    "CJ SJ HJ DJ CA CT CK HA HT D7",
    "DA DT DK DQ D9 D8 C7 C8 C9 S7",
    "CQ H7 H8 H9 HQ HK S8 S9 ST SA",
    "SK SQ",
)
SCHWARZ_MOVES = "1 p 2 p 0 18 0 CHSZ 0 CJ 1 C7 2 CQ 0 SJ 1 C8 2 H7 0 HJ 1 C9 2 H8 0 D7 1 DA 2 H9"
SCHWARZ_VALUE = -2 * 12 * (7 + 1 + 5)  # with 7, game, Hand, Schneider, announced, Schwarz, announced


@pytest.fixture(autouse=True)
def _fresh_caches() -> None:
    analysis._RESULTS.clear()
    analysis._POSITIONS.clear()


def iss_line(game_id: int, hands: tuple[str, ...], moves: str, result: str) -> str:
    deal = ".".join(" ".join(hands).split())
    return (
        f"(;GM[Skat]PC[International Skat Server]CO[]SE[731300]ID[{game_id}]DT[2024-02-11/20:14:05/UTC]"
        f"P0[ada]P1[bert]P2[clara]R0[]R1[0.0]R2[]MV[w {deal} {moves} ]R[{result}] ;)"
    )


OUVERT_LINE = iss_line(
    9300001, OUVERT_HANDS, OUVERT_MOVES,
    f"d:0 loss v:{OUVERT_VALUE} m:2 bidok p:7 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
)
SCHWARZ_LINE = iss_line(
    9300002, SCHWARZ_HANDS, SCHWARZ_MOVES,
    f"d:0 loss v:{SCHWARZ_VALUE} m:7 bidok p:16 t:3 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
)


def run(lines: list[str]) -> tuple[int, list[dict], str]:
    out, err = io.StringIO(), io.StringIO()
    code = replay_lines([line + "\n" for line in lines], out, err)
    return code, [json.loads(x) for x in out.getvalue().splitlines()], err.getvalue()


@pytest.mark.parametrize(
    ("line", "value", "tricks", "points"),
    [(OUVERT_LINE, OUVERT_VALUE, 1, 7), (SCHWARZ_LINE, SCHWARZ_VALUE, 4, 16)],
    ids=["ouvert-trick-1", "schwarz-trick-4"],
)
def test_skat_replay_accepts_records_ending_at_the_lost_trick(line: str, value: int, tricks: int, points: int) -> None:
    code, rows, err = run([line])
    assert code == 0 and err == ""
    (row,) = rows
    assert row["won"] is False and row["value"] == value and row["schwarz_announced"]
    assert row["declarer_points"] == points and row["mismatch"] == []
    hand = replay_iss(line).hand
    assert len(hand.tricks) == tricks and hand.tricks[-1].winner != hand.declarer
    assert all(t.winner == hand.declarer for t in hand.tricks[:-1])


def test_a_card_after_the_lost_trick_is_refused() -> None:
    longer = OUVERT_LINE.replace(" 2 H7 ]", " 2 H7 1 DT ]")
    code, rows, err = run([longer, SCHWARZ_LINE])
    assert code == 1 and [r["value"] for r in rows] == [SCHWARZ_VALUE]
    assert "line 1: error" in err and "already over" in err


def scripted_match(hands: tuple[str, ...], actions: str) -> tuple[Match, list[int]]:
    """A one-hand match dealt ``hands`` with the person (player 0) in forehand."""
    deal = SkatDeal.from_hands(*[[parse_card(c) for c in h.split()] for h in hands])
    match = Match.new("skat", ISKO, players=3, hands=1, seed=1, first_dealer=2)
    match.redeal(deal.deck)
    return match, [parse_action(a) for a in actions.split()]


OUVERT_ACTIONS = "18 hold pass pass hand game:GO D7 DA H7"
SCHWARZ_ACTIONS = "pass pass 18 hand game:CZ CJ C7 CQ SJ C8 H7 HJ C9 H8 D7 DA H9"


@pytest.mark.parametrize(
    ("hands", "actions", "value"),
    [(OUVERT_HANDS, OUVERT_ACTIONS, OUVERT_VALUE), (SCHWARZ_HANDS, SCHWARZ_ACTIONS, SCHWARZ_VALUE)],
)
def test_the_engine_ends_the_hand_and_reports_the_trick_then_the_end(hands: tuple, actions: str, value: int) -> None:
    match, script = scripted_match(hands, actions)
    for action in script[:-1]:
        events = match.act(action)
        assert all(e.kind != "end" for e in events)
    events = match.act(script[-1])
    assert [e.kind for e in events] == ["play", "trick", "end"]
    assert events[1].seat == 1 and events[1].cards == tuple(match.current.tricks[-1].cards)
    r = match.current.result
    assert match.current.done and r.value == value and not r.won and not r.schneider and not r.schwarz
    assert match.sheet[-1].changes[0] == value and match.finished
    assert match.current.all_cards_in_one_place()  # the unplayed cards stay in the hands


def test_the_record_the_code_and_the_challenge_of_such_a_hand() -> None:
    match, script = scripted_match(OUVERT_HANDS, OUVERT_ACTIONS)
    for action in script:
        match.act(action)
    hand = match.current
    _, _, again = replay_hand(hand_record("skat", ISKO, hand))
    assert again.result == hand.result
    code = deal_code_for(match, 1)
    assert decode_deal(code).deck == hand.deal.deck
    mine = result_of_hand(hand.result, 0, hand.result.value)
    challenge = decode_challenge(encode_challenge(code, [mine]))
    assert challenge.problem is None and challenge.results == (mine,)


@pytest.mark.slow
def test_analysis_of_a_hand_stopped_at_the_lost_trick() -> None:
    match, script = scripted_match(SCHWARZ_HANDS, SCHWARZ_ACTIONS)
    for action in script:
        match.act(action)
    hand: SkatHand = match.current
    assert analysis.unsupported_reason(hand) == ""
    work = analysis.analyse(hand, 0)
    result = None
    for _ in range(100_000):
        try:
            next(work)
        except StopIteration as stop:
            result = stop.value
            break
    assert result is not None and len(result.notes) <= 12  # one note per card played, no more


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_the_table_the_hand_ends_there_and_the_result_replay_and_analysis_open(lang: str) -> None:
    app = make_app(lang)
    match, script = scripted_match(OUVERT_HANDS, OUVERT_ACTIONS)
    table = TableScene(app, MatchController(match, human=0, seed=4))
    app.push(table)
    queue = list(script)
    _drive(table, lambda hand, player: queue.pop(0) if queue else None)
    assert not queue and match.current.done and len(match.current.tricks) == 1
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    assert isinstance(app.stack.top, ResultScene)
    click(app, _result_button(app, app.t("replay.button")))
    assert isinstance(app.stack.top, ReplayScene)
    for _ in range(12):
        key(app, pygame.K_RIGHT)  # step through to the end and beyond
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultScene)
    click(app, _result_button(app, app.t("analysis.button")))
    run_analysis(app)


def test_admirals_skat_schwarz_announced_ends_the_same_way() -> None:
    """Admirals' Skat is valued as Skat, announcements with Hand: the same rule, over 15 tricks."""
    import random

    from skat.engine import OFFICERS, OfficersHand
    from skat.engine import actions as A
    from skat.engine.deal import shuffled_deck
    from skat.engine.tricks import GameType

    rules = OFFICERS.with_options(officers_layout="admirals")
    ended_early = 0
    for seed in range(30):
        rng = random.Random(seed)
        hand = OfficersHand(rules, shuffled_deck(rng))
        hand.apply(A.bid(18))  # the dealer says 18
        hand.apply(A.HOLD)
        hand.apply(A.PASS)  # the dealer passes: forehand declares
        hand.apply(A.HAND)
        hand.apply(A.declare(GameType.GRAND, schwarz=True))
        hand.apply(A.NO_CALL)  # no Kontra
        while not hand.done:
            hand.apply(rng.choice(hand.legal_actions()))
        took = [t.winner == hand.declarer for t in hand.tricks]
        assert not hand.result.won or all(took)
        if len(took) < 15:
            ended_early += 1
            assert took == [True] * (len(took) - 1) + [False] and not hand.result.won
            assert not hand.result.schneider and not hand.result.schwarz
    assert ended_early > 20
