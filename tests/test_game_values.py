"""The ISkO game-value table, row by row, over ``score_skat`` and end to end.

Every expected value is worked out by hand in the comment next to it:
levels = matadors + 1 (game) + Hand + Schneider + Schneider announced + Schwarz
+ Schwarz announced + Ouvert; value = base x levels; a lost game counts
double; an overbid game is lost at the smallest multiple of the base value
reaching the bid (doubled); Kontra and Re double each.  Null has fixed values.
"""

from __future__ import annotations

import itertools

import pytest

from skat.engine import ISKO, LOTHAR, GameType, SkatHand, parse_action, parse_card, score_skat
from skat.engine.cards import mask_of
from skat.engine.deal import SkatDeal
from skat.engine.values import BID_VALUES, matadors

D, H, S, C, G, N = GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND, GameType.NULL


def row(
    name: str,
    game: GameType,
    mats: int,
    expected: int,
    *,
    hand: bool = False,
    sa: bool = False,
    za: bool = False,
    ouvert: bool = False,
    points: int = 70,
    tricks: int = 7,
    bid: int = 18,
    kontra: bool = False,
    re: bool = False,
    overbid: bool = False,
) -> object:
    kwargs = dict(
        matadors=mats, hand=hand, schneider_announced=sa, schwarz_announced=za, ouvert=ouvert,
        declarer_points=points, declarer_tricks=tricks, bid=bid, kontra=kontra, re=re,
    )
    return pytest.param(game, kwargs, expected, overbid, id=name)


TABLE = [
    # --- suit games and Grand, with / without matadors ----------------------------------
    row("diamonds with 1", D, 1, 18),  # with 1, game 2 -> 2 x 9 = 18
    row("diamonds without 1", D, -1, 18),  # without 1, game 2 -> 2 x 9 = 18
    row("hearts with 2", H, 2, 30),  # with 2, game 3 -> 3 x 10 = 30
    row("hearts without 3", H, -3, 40),  # without 3, game 4 -> 4 x 10 = 40
    row("spades with 1", S, 1, 22),  # 2 x 11 = 22
    row("spades without 4", S, -4, 55),  # without 4, game 5 -> 5 x 11 = 55
    row("clubs with 2", C, 2, 36),  # with 2, game 3 -> 3 x 12 = 36
    row("clubs with 11", C, 11, 144),  # with 11, game 12 -> 12 x 12 = 144
    row("clubs without 11", C, -11, 144),  # without 11, game 12 -> 12 x 12 = 144
    row("diamonds with 11", D, 11, 108),  # 12 x 9 = 108
    row("grand with 1", G, 1, 48),  # with 1, game 2 -> 2 x 24 = 48
    row("grand without 2", G, -2, 72),  # without 2, game 3 -> 3 x 24 = 72
    row("grand with 4", G, 4, 120),  # with 4, game 5 -> 5 x 24 = 120
    row("grand without 4", G, -4, 120),  # without 4, game 5 -> 5 x 24 = 120
    # --- Hand ------------------------------------------------------------------------------
    row("clubs with 2 hand", C, 2, 48, hand=True),  # with 2, game 3, hand 4 -> 4 x 12 = 48
    row("grand with 1 hand", G, 1, 72, hand=True),  # with 1, game 2, hand 3 -> 3 x 24 = 72
    row("diamonds without 1 hand", D, -1, 27, hand=True),  # 3 x 9 = 27
    # --- Schneider (not announced) ---------------------------------------------------------
    row("hearts with 1 schneider at 90", H, 1, 30, points=90),  # with 1, game 2, schneider 3 -> 30
    row("hearts with 1 opponents 31", H, 1, 20, points=89),  # no Schneider: 2 x 10 = 20
    row("grand with 2 hand schneider", G, 2, 120, hand=True, points=95),  # 2+1+1+1 = 5 x 24 = 120
    # --- Schneider announced -----------------------------------------------------------------
    # with 1, game 2, hand 3, schneider 4, announced 5 -> 5 x 12 = 60
    row("clubs schneider announced made", C, 1, 60, hand=True, sa=True, points=90),
    # the same levels, lost (opponents have 31): -2 x 60
    row("clubs schneider announced missed", C, 1, -120, hand=True, sa=True, points=89),
    row("clubs schneider announced lost on points", C, 1, -120, hand=True, sa=True, points=50, tricks=4),
    # --- Schwarz -----------------------------------------------------------------------------
    # with 2, game 3, schneider 4, schwarz 5 -> 5 x 11 = 55
    row("spades with 2 schwarz", S, 2, 55, points=120, tricks=10),
    # with 1, game 2, hand 3, schneider 4, schwarz 5 -> 5 x 24 = 120
    row("grand with 1 hand schwarz", G, 1, 120, hand=True, points=120, tricks=10),
    # one trick without points for the opponents: Schneider, not Schwarz: with 1, game, hand, schneider -> 4 x 24
    row("grand one zero trick is not schwarz", G, 1, 96, hand=True, points=120, tricks=9),
    # --- Schwarz announced (includes Schneider announced) -------------------------------------
    # with 1, game 2, hand 3, schneider 4, announced 5, schwarz 6, announced 7 -> 7 x 24 = 168
    row("grand schwarz announced made", G, 1, 168, hand=True, sa=True, za=True, points=120, tricks=10),
    row("grand schwarz announced implies schneider announced", G, 1, 168, hand=True, za=True, points=120, tricks=10),
    # missed by one trick: the same 7 levels, lost -> -2 x 168
    row("grand schwarz announced missed", G, 1, -336, hand=True, sa=True, za=True, points=120, tricks=9),
    row("grand schwarz announced no schneider", G, 1, -336, hand=True, za=True, points=80, tricks=6),
    # --- Ouvert (counts as Schwarz announced, played Hand) --------------------------------------
    # with 4, game 5, hand 6, schneider 7, announced 8, schwarz 9, announced 10, ouvert 11 -> 11 x 24 = 264
    row("grand ouvert with 4", G, 4, 264, hand=True, sa=True, za=True, ouvert=True, points=120, tricks=10),
    row("grand ouvert implies hand and schwarz announced", G, 4, 264, ouvert=True, points=120, tricks=10),
    row("grand ouvert with 4 missed", G, 4, -528, ouvert=True, points=118, tricks=9),  # -2 x 264
    # with 1, game 2, hand 3, schneider 4, ann 5, schwarz 6, ann 7, ouvert 8 -> 8 x 12 = 96
    row("clubs ouvert with 1", C, 1, 96, ouvert=True, points=120, tricks=10),
    # with 11 + 7 levels = 18 -> 18 x 12 = 216, the largest suit game
    row("clubs ouvert with 11", C, 11, 216, ouvert=True, points=120, tricks=10),
    row("diamonds ouvert without 11", D, -11, 162, ouvert=True, points=120, tricks=10),  # 18 x 9
    # --- Null: fixed values, lost double ------------------------------------------------------
    row("null won", N, 0, 23, points=0, tricks=0),
    row("null hand won", N, 0, 35, hand=True, points=0, tricks=0),
    row("null ouvert won", N, 0, 46, ouvert=True, points=0, tricks=0),
    row("null ouvert hand won", N, 0, 59, hand=True, ouvert=True, points=0, tricks=0),
    row("null lost", N, 0, -46, points=5, tricks=1),  # -2 x 23
    row("null hand lost", N, 0, -70, hand=True, points=5, tricks=1),  # -2 x 35
    row("null ouvert lost", N, 0, -92, ouvert=True, points=5, tricks=1),  # -2 x 46
    row("null ouvert hand lost", N, 0, -118, hand=True, ouvert=True, points=5, tricks=1),  # -2 x 59
    # --- lost games count double -----------------------------------------------------------------
    row("clubs with 2 lost at 60", C, 2, -72, points=60, tricks=4),  # -2 x 36
    row("clubs with 2 lost schneider", C, 2, -96, points=30, tricks=3),  # with 2, game, schneider 4 x 12, x -2
    row("clubs with 2 lost schwarz", C, 2, -120, points=0, tricks=0),  # 2+1+1+1 = 5 x 12 = 60, x -2
    row("grand with 1 hand lost", G, 1, -144, hand=True, points=55, tricks=4),  # 3 x 24 = 72, x -2
    # --- overbid: lost at the smallest multiple of the base value reaching the bid, doubled -----------
    row("overbid 24 diamonds with 1", D, 1, -54, bid=24, overbid=True),  # 18 < 24: 3 x 9 = 27, x -2
    row("overbid 50 hearts with 1", H, 1, -100, bid=50, overbid=True),  # 20 < 50: 5 x 10 = 50, x -2
    row("overbid 30 hearts with 1", H, 1, -60, bid=30, overbid=True),  # 20 < 30: 3 x 10 = 30, x -2
    row("bid 30 hearts with 1 schneider", H, 1, 30, bid=30, points=95),  # 3 x 10 = 30 reaches the bid
    row("bid 36 clubs with 2 exactly", C, 2, 36, bid=36),
    row("overbid 50 grand with 1", G, 1, -144, bid=50, overbid=True),  # 48 < 50: 3 x 24 = 72, x -2
    row("overbid 40 clubs with 2 also lost", C, 2, -96, bid=40, points=55, tricks=5, overbid=True),  # 4 x 12
    row("overbid 60 spades with 2 hand", S, 2, -132, hand=True, bid=60, overbid=True),  # 44 < 60: 66, x -2
    # --- Kontra and Re: x 2 each -------------------------------------------------------------------
    row("clubs with 2 kontra", C, 2, 72, kontra=True),  # 36 x 2
    row("clubs with 2 kontra re", C, 2, 144, kontra=True, re=True),  # 36 x 4
    row("clubs with 2 lost kontra", C, 2, -144, points=50, tricks=4, kontra=True),  # -72 x 2
    row("clubs with 2 lost kontra re", C, 2, -288, points=50, tricks=4, kontra=True, re=True),  # -72 x 4
    row("null kontra", N, 0, 46, points=0, tricks=0, kontra=True),  # 23 x 2
    row("null lost kontra re", N, 0, -184, points=5, tricks=1, kontra=True, re=True),  # -46 x 4
    row("overbid 24 diamonds with 1 kontra", D, 1, -108, bid=24, kontra=True, overbid=True),  # -54 x 2
]


@pytest.mark.parametrize(("game", "kwargs", "expected", "overbid"), TABLE)
def test_game_value_table(game: GameType, kwargs: dict, expected: int, overbid: bool) -> None:
    s = score_skat(game, **kwargs)
    assert s.value == expected
    assert s.won == (expected > 0)
    assert s.overbid == overbid


@pytest.mark.parametrize(
    ("bid", "hand", "ouvert", "expected"),
    [
        (24, False, False, -70),  # Null 23 below 24: next Null step 35, x -2
        (36, False, False, -92),  # next step reaching 36 is 46
        (46, True, False, -92),  # Null Hand 35 below 46: 46, x -2
        (59, False, False, -118),  # 59, x -2
    ],
)
def test_overbid_null_next_step(bid: int, hand: bool, ouvert: bool, expected: int) -> None:
    """Lothar's rule (004): "An overbid Null is charged at the next Null step." -- even when
    no trick was taken."""
    s = score_skat(N, matadors=0, hand=hand, schneider_announced=False, schwarz_announced=False, ouvert=ouvert,
                   declarer_points=0, declarer_tricks=0, bid=bid)
    assert s.overbid and not s.won and s.value == expected


# ---------------------------------------------------------------------------------------------
# The bidding ladder and matadors
# ---------------------------------------------------------------------------------------------
def all_game_values() -> set[int]:
    """Every game value, from the definition: base x (matadors + 1 + Hand + Schneider +
    Schneider announced + Schwarz + Schwarz announced + Ouvert), announcements only in
    Hand games, Schwarz announced includes Schneider announced, Ouvert includes Schwarz
    announced, Schwarz includes Schneider; plus the four Null values."""
    values = {23, 35, 46, 59}
    for base, top in ((9, 11), (10, 11), (11, 11), (12, 11), (24, 4)):
        for mats, hand, announced, schneider, schwarz in itertools.product(
            range(1, top + 1), (0, 1), ("none", "schneider", "schwarz", "ouvert"), (0, 1), (0, 1)
        ):
            if announced != "none" and not hand:
                continue
            if schwarz and not schneider:
                continue
            sa = announced in ("schneider", "schwarz", "ouvert")
            za = announced in ("schwarz", "ouvert")
            ouvert = announced == "ouvert"
            levels = mats + 1 + hand + (schneider or sa) + sa + (schwarz or za) + za + ouvert
            values.add(base * levels)
    return values


def test_bid_values_are_exactly_all_game_values() -> None:
    derived = tuple(sorted(all_game_values()))
    assert derived == BID_VALUES
    assert BID_VALUES[0] == 18 and BID_VALUES[-1] == 264
    assert len(set(BID_VALUES)) == len(BID_VALUES)


def m(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


@pytest.mark.parametrize(
    ("game", "cards", "expected"),
    [
        (C, "CJ D7", 1),  # with 1
        (C, "CJ SJ HJ D7", 3),  # with 3
        (C, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", 11),  # with 11: every trump
        (C, "CJ SJ HJ DJ CA CT CK CQ C9 C8", 10),  # the 7 missing: with 10
        (H, "CJ SJ HJ DJ HA HT HK D7", 7),  # the trump suit counts on after the Jacks
        (C, "SJ D7", -1),  # without 1
        (S, "HJ D7", -2),  # without 2
        (D, "DT D7", -5),  # missing the four Jacks and the trump Ace: without 5
        (D, "DA D7", -4),  # the trump Ace stops the run: without 4
        (D, "HA ST", -11),  # no trump at all: without 11
        (G, "CJ SJ HJ DJ", 4),  # with 4
        (G, "CJ SJ DJ CA", 2),  # with 2
        (G, "DJ CA CT", -3),  # without 3
        (G, "CA CT", -4),  # without 4
    ],
)
def test_matadors(game: GameType, cards: str, expected: int) -> None:
    assert matadors(game, m(cards)) == expected


# ---------------------------------------------------------------------------------------------
# Some rows end to end through SkatHand
# ---------------------------------------------------------------------------------------------
def deal_for(declarer: int, decl: str, skat: str) -> SkatDeal:
    taken = {parse_card(t) for t in (decl + " " + skat).split()}
    rest = [c for c in range(32) if c not in taken]
    hands: list[list[int]] = [[], [], []]
    hands[declarer] = [parse_card(t) for t in decl.split()]
    a, b = (s for s in range(3) if s != declarer)
    hands[a], hands[b] = rest[:10], rest[10:]
    return SkatDeal.from_hands(*hands, [parse_card(t) for t in skat.split()])


# Deals in which the result does not depend on the play (see tests/test_rule_examples.py):
GRAND_ALL = ("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 D7")  # Jacks + clubs, opponents hold neither
CLUBS_ALL = GRAND_ALL  # as a clubs game: ten trumps, the club 7 in the skat -> with 11
NULL_WIN = ("D7 D8 D9 H7 H8 H9 S7 S8 S9 C7", "DA HA")  # can never take a trick
NULL_LOSS = ("DA DK DQ HA HK HQ SA SK SQ CA", "D7 H7")  # takes the first trick it plays to
ONE_ZERO_TRICK = ("CJ SJ HJ DJ CA CT CK CQ C9 D7", "C8 C7")  # loses only D7 D8 D9 (0 points)

E2E = [
    # Grand with 4, game 5, Schneider 6, Schwarz 7 -> 7 x 24 = 168
    pytest.param(ISKO, 0, GRAND_ALL, "pass pass 18 pickup C7 D7 game:G", 168, id="grand with 4 schwarz"),
    # ... Hand 8 -> 192
    pytest.param(ISKO, 0, GRAND_ALL, "pass pass 18 hand game:G", 192, id="grand hand with 4 schwarz"),
    # ... Hand, Schneider announced: 4 + 1 + 1 + 2 (Schneider, announced) + 1 (Schwarz) = 9 -> 216
    pytest.param(ISKO, 0, GRAND_ALL, "pass pass 18 hand game:GS", 216, id="grand hand schneider announced"),
    # ... Schwarz announced: 4 + 1 + 1 + 2 + 2 = 10 -> 240
    pytest.param(ISKO, 0, GRAND_ALL, "pass pass 18 hand game:GZ", 240, id="grand hand schwarz announced"),
    # ... Ouvert: 11 -> 264
    pytest.param(ISKO, 0, GRAND_ALL, "pass pass 18 hand game:GO", 264, id="grand ouvert with 4"),
    # clubs with 11 (the skat's 7 counts), game 12, Schneider 13, Schwarz 14 -> 14 x 12 = 168
    pytest.param(ISKO, 1, CLUBS_ALL, "18 pass pass pickup D7 C7 game:C", 168, id="clubs with 11 schwarz"),
    pytest.param(ISKO, 1, CLUBS_ALL, "18 pass pass hand game:C", 180, id="clubs hand with 11 schwarz"),  # 15 x 12
    pytest.param(ISKO, 1, CLUBS_ALL, "18 pass pass hand game:CO", 216, id="clubs ouvert with 11"),  # 18 x 12
    # one trick without points lost: with 4, game, hand, Schneider -> 7 x 24; Schwarz announced: lost 10 x 24 x 2
    pytest.param(ISKO, 0, ONE_ZERO_TRICK, "pass pass 18 hand game:G", 168, id="schneider not schwarz"),
    pytest.param(ISKO, 0, ONE_ZERO_TRICK, "pass pass 18 hand game:GZ", -480, id="schwarz announced missed"),
    # overbid: Grand with 4 after picking up is worth at most 168 < 192: 8 x 24 = 192, x -2
    pytest.param(ISKO, 1, GRAND_ALL, "192 pass pass pickup C7 D7 game:G", -384, id="overbid 192 grand"),
    # Kontra and Re on the Grand Hand (192): x 4
    pytest.param(ISKO.with_options(kontra_re=True), 0, GRAND_ALL, "pass pass 18 hand game:G kontra re", 768,
                 id="grand hand kontra re"),
    pytest.param(ISKO, 2, NULL_WIN, "pass 18 pass pickup DA HA game:N", 23, id="null"),
    pytest.param(ISKO, 2, NULL_WIN, "pass 18 pass hand game:N", 35, id="null hand"),
    pytest.param(ISKO, 2, NULL_WIN, "pass 18 pass pickup DA HA game:NO", 46, id="null ouvert"),
    pytest.param(ISKO, 2, NULL_WIN, "pass 18 pass hand game:NO", 59, id="null ouvert hand"),
    pytest.param(ISKO, 1, NULL_LOSS, "18 pass pass pickup D7 H7 game:N", -46, id="null lost"),
    pytest.param(ISKO, 1, NULL_LOSS, "18 pass pass hand game:N", -70, id="null hand lost"),
    pytest.param(ISKO, 1, NULL_LOSS, "18 pass pass pickup D7 H7 game:NO", -92, id="null ouvert lost"),
    pytest.param(ISKO, 1, NULL_LOSS, "18 pass pass hand game:NO", -118, id="null ouvert hand lost"),
    # Lothar: a Null declared over a bid of 24 is lost at the next Null step, 35, x -2
    pytest.param(LOTHAR, 1, NULL_WIN, "18 hold 20 hold 22 hold 23 hold 24 pass pass pickup DA HA game:N", -70,
                 id="lothar overbid null"),
]


@pytest.mark.parametrize(("rules", "declarer", "cards", "script", "expected"), E2E)
def test_game_values_end_to_end(rules, declarer: int, cards: tuple[str, str], script: str, expected: int) -> None:
    h = SkatHand(rules, deal_for(declarer, *cards))
    for token in script.split():
        h.apply(parse_action(token))
    assert h.declarer == declarer
    while not h.done:
        h.apply(h.legal_actions()[0])
    r = h.result
    assert r is not None and r.value == expected
    assert r.scores == tuple(expected if s == declarer else 0 for s in range(3))
