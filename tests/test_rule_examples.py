"""Every worked example of the five rule texts in /work/shared/rules/, as a test.

Each test's docstring quotes the sentence(s) it checks, each quote prefixed with
the number of its file:

* ``000`` = 000_cd0455b6735057c9.txt, Officers' Skat (English)
* ``001`` = 001_fdc990b06fa48de0.txt, Skat with a score counter's options
* ``002`` = 002_dd8491640473b468.txt, Offiziersskat (German; same rules and examples as 000)
* ``003`` = 003_dc80dbe309eb1cc7.txt, a guide to ISkO Skat
* ``004`` = 004_9cf34e1658d13283.txt, Lothar's house rules

Play and bidding examples drive the real state machines (``SkatHand``,
``OfficersHand``, ``Match``) with constructed deals and scripted actions; the
engine refuses any illegal action, so every script below is a legal hand.
Scoring functions are called directly only for pure value examples.

Scripts of tricks list the cards in the order they are played (the leader
first) with the seat expected to win the trick.  Skat seats: 0 forehand,
1 middlehand, 2 rearhand.  Officers' seats: 0 forehand (non-dealer), 1 dealer.
"""

from __future__ import annotations

import pytest

from skat.engine import (
    HAND,
    HOLD,
    ISKO,
    KONTRA,
    LOTHAR,
    NO_CALL,
    OFFICERS,
    PASS,
    PICKUP,
    RE,
    GameType,
    Match,
    MatchError,
    OfficersHand,
    OPhase,
    Phase,
    SkatHand,
    bid,
    declare,
    parse_action,
    parse_card,
    score_skat,
)
from skat.engine.cards import ALL_CARDS, CARD_POINTS, JACKS_MASK, SUIT_MASKS, card_name, cards_of, mask_of, mask_points
from skat.engine.deal import SkatDeal, shuffled_deck
from skat.engine.officers import _officers_score
from skat.engine.rules import Rules
from skat.engine.scoring import ramsch_scores
from skat.engine.skat_hand import Trick
from skat.engine.tricks import BASE_VALUES, TRUMPS, legal_follow, trick_winner, trump_order
from skat.engine.values import BID_VALUES, NULL_VALUES, matadors

FH, MH, RH = 0, 1, 2
OFH, DEALER = 0, 1

# ---------------------------------------------------------------------------- helpers
def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def deal(fh: str, mh: str, rh: str, skat: str) -> SkatDeal:
    d = SkatDeal.from_hands(cards(fh), cards(mh), cards(rh), cards(skat))
    assert sorted(d.deck) == list(range(32))
    return d


def act(hand: SkatHand | OfficersHand, script: str) -> None:
    """Apply space-separated action names (``18``, ``hold``, ``pickup``, ``game:D``, ``CJ`` ...)."""
    for token in script.split():
        hand.apply(parse_action(token))


def play_tricks(hand: SkatHand | OfficersHand, tricks: list[tuple[str, int]]) -> None:
    """Play whole tricks; each entry is the cards in play order and the expected winner."""
    for text, winner in tricks:
        leader = hand.to_move
        for token in text.split():
            hand.apply(parse_card(token))
        last = hand.tricks[-1]
        assert last.cards == tuple(cards(text)) and last.leader == leader
        assert last.winner == winner, f"trick {text}: won by seat {last.winner}, expected {winner}"


def play_first_legal(hand: SkatHand | OfficersHand) -> None:
    while not hand.done:
        hand.apply(hand.legal_actions()[0])


def rest_of_deck(*taken: str) -> list[int]:
    used = set()
    for text in taken:
        used.update(cards(text))
    return [c for c in range(32) if c not in used]


def forced_deal(declarer: int, kind: str) -> SkatDeal:
    """Deals whose result does not depend on how anybody plays.

    * ``null_win``: the declarer holds the three lowest cards of diamonds,
      hearts and spades and the 7 of clubs; every card of a suit the others
      hold ranks higher in Null, so the declarer can never win a trick.
    * ``null_loss``: the declarer holds A K Q of three suits and the club Ace;
      they must follow suit with a card that beats anything the others hold,
      and so take the first trick they play to.
    * ``grand_all``: the four Jacks and six clubs, the club 7 in the skat: the
      others hold neither Jacks nor clubs, so the declarer takes every trick.
    * ``spades_all``: the four Jacks and six spades, the spade 7 in the skat:
      ten trumps against none, every trick.
    """
    decl, skat = {
        "null_win": ("D7 D8 D9 H7 H8 H9 S7 S8 S9 C7", "DA HA"),
        "null_loss": ("DA DK DQ HA HK HQ SA SK SQ CA", "D7 H7"),
        "grand_all": ("CJ SJ HJ DJ CA CT CK CQ C9 C8", "C7 D7"),
        "spades_all": ("CJ SJ HJ DJ SA ST SK SQ S9 S8", "S7 D7"),
    }[kind]
    rest = rest_of_deck(decl, skat)
    hands: list[list[int]] = [[], [], []]
    hands[declarer] = cards(decl)
    others = [s for s in (FH, MH, RH) if s != declarer]
    hands[others[0]], hands[others[1]] = rest[:10], rest[10:]
    return SkatDeal.from_hands(hands[0], hands[1], hands[2], cards(skat))


# Bidding that makes a given seat the declarer at 18.
DECLARER_AT_18 = {FH: "pass pass 18", MH: "18 pass pass", RH: "pass 18 pass"}


def deal_into(match: Match, deck: tuple[int, ...] | list[int]) -> None:
    """Deal ``deck`` as the match's next hand, as a saved match replays its decks."""
    if match.sheet:
        match.dealer = (match.dealer + 1) % match.players
    else:  # replace the random first deal
        del match.decks[:], match.actions[:]
    match.start_hand(deck)


def match_act(match: Match, script: str) -> None:
    for token in script.split():
        match.apply(parse_action(token))


def match_play_first_legal(match: Match) -> None:
    hand = match.current
    assert hand is not None
    while not hand.done:
        match.apply(hand.legal_actions()[0])


def officers_deck(*rows: str) -> list[int]:
    """The deck in dealing order from eight packets of four: forehand face down
    (piles 0-3), dealer face down, forehand face up, dealer face up, then the same
    for piles 4-7."""
    assert len(rows) == 8
    deck = [c for row in rows for c in cards(row)]
    assert sorted(deck) == list(range(32))
    return deck


def officers_face_up(fh_row1: str, dealer_row1: str, fh_row2: str, dealer_row2: str) -> list[int]:
    """An Officers' deck with these face-up rows; the other 16 cards lie face down."""
    down = [card_name(c) for c in rest_of_deck(fh_row1, dealer_row1, fh_row2, dealer_row2)]
    packets = [" ".join(down[i : i + 4]) for i in range(0, 16, 4)]
    return officers_deck(packets[0], packets[1], fh_row1, dealer_row1, packets[2], packets[3], fh_row2, dealer_row2)


# ============================================================================
# Skat: cards, dealing, positions (001, 003, 004)
# ============================================================================
def test_card_points_total_120() -> None:
    """001: "Card values: ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and seven
    nothing. The deck holds 120 points."  004: "For example, the Clubs Ace alone is worth
    11 Augen, while the Diamonds Nine is worth none."  003: "the ace and the ten carry
    almost all the value (21 of the 30 points in each suit)"."""
    assert [CARD_POINTS[c] for c in cards("CA CT CK CQ CJ C9 C8 C7")] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert CARD_POINTS[parse_card("CA")] == 11 and CARD_POINTS[parse_card("D9")] == 0
    assert mask_points(ALL_CARDS) == 120
    for suit in range(4):
        assert mask_points(SUIT_MASKS[suit]) == 30
        assert CARD_POINTS[suit * 8 + 7] + CARD_POINTS[suit * 8 + 3] == 21


def test_deal_three_skat_four_three() -> None:
    """001: "deals starting on their left: three cards each, two cards set aside face
    down — the skat —, four cards each, then three. Everyone has ten cards."  004: "The
    dealer deals in rounds: three cards, then the two Skat cards face-down in the middle,
    then four, then three more."  003 shows the same fixed order."""
    deck = list(range(32))
    d = SkatDeal.from_deck(deck)
    assert d.hands[FH] == mask_of(deck[0:3] + deck[11:15] + deck[23:26])
    assert d.hands[MH] == mask_of(deck[3:6] + deck[15:19] + deck[26:29])
    assert d.hands[RH] == mask_of(deck[6:9] + deck[19:23] + deck[29:32])
    assert d.skat == mask_of(deck[9:11])
    assert all(h.bit_count() == 10 for h in d.hands)


def test_cut_leaves_at_least_four_cards_in_each_packet() -> None:
    """003: "The dealer shuffles, the player to their right cuts (each part must have at
    least four cards)"."""

    class Recorder:
        def __init__(self) -> None:
            self.bounds: tuple[int, int] | None = None

        def shuffle(self, deck: list[int]) -> None:
            pass

        def randint(self, a: int, b: int) -> int:
            self.bounds = (a, b)
            return a

    rng = Recorder()
    deck = shuffled_deck(rng)  # type: ignore[arg-type]
    assert rng.bounds is not None
    low, high = rng.bounds
    assert low >= 4 and 32 - high >= 4
    assert deck == tuple(range(4, 32)) + tuple(range(4))  # cut after 4 cards


def test_positions_around_the_dealer_and_dealer_is_rearhand_at_three() -> None:
    """001: "The player to the dealer's left is called Vorhand ("forehand"), the next one
    Mittelhand ("middlehand"), the last one Hinterhand ("rearhand")."  003: "Hinterhand
    (rearhand): the third. At a table of three this is the dealer."  004: "Forehand leads
    the first trick, then Middlehand, then the Dealer, also called Hinterhand."  004: "The
    deal rotates one seat every round"."""
    m = Match.new("skat", ISKO, players=3, hands=3, first_dealer=1)
    assert m.seats == (2, 0, 1)  # forehand, middlehand, rearhand = the dealer
    match_act(m, "pass pass pass")
    m.next_hand()
    assert m.dealer == 2 and m.seats == (0, 1, 2)


def test_four_players_the_dealer_sits_out() -> None:
    """001: "With four, the dealer receives no cards and sits out the deal; the role
    rotates."  003: "in that case the dealer gets no cards and sits out that hand, and the
    deal rotates to the left".  001: "With four, the dealer never looks at the skat" (the
    dealer has no seat in the hand, so no view of it)."""
    m = Match.new("skat", ISKO, players=4, hands=4, first_dealer=0)
    assert m.seats == (1, 2, 3) and m.seat_of(0) is None
    with pytest.raises(ValueError, match="sits out"):
        m.apply(PASS, player=0)
    match_act(m, "pass pass pass")
    assert m.sheet[-1].changes[0] == 0
    m.next_hand()
    assert m.dealer == 1 and m.seats == (2, 3, 0) and m.seat_of(1) is None


def test_number_of_games_is_a_multiple_of_the_players() -> None:
    """001: "Agree in advance on how many games the score sheet will hold, a multiple of
    the number of players so that everyone deals the same number of times: 36, for
    example."  003: "Tournament series are played with a fixed number of hands: 48 at
    tables of four and 36 at tables of three"."""
    assert Match.new("skat", ISKO, players=3, hands=36).hands == 36
    assert Match.new("skat", ISKO, players=4, hands=48).hands == 48
    with pytest.raises(MatchError):
        Match.new("skat", ISKO, players=3, hands=35)
    with pytest.raises(MatchError):
        Match.new("skat", ISKO, players=4, hands=36 + 2)


# ============================================================================
# Skat: trumps, following suit, trick winners
# ============================================================================
def test_suit_game_trump_order() -> None:
    """001: "In a suit game, the four jacks are the highest trumps, in the order clubs,
    spades, hearts, diamonds, followed by the chosen suit: ace, ten, king, queen, nine,
    eight, seven."  003: "There are then 11 trumps"."""
    assert trump_order(GameType.HEARTS) == cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7")
    for gt in (GameType.DIAMONDS, GameType.SPADES, GameType.CLUBS):
        assert len(trump_order(gt)) == 11


def test_grand_only_jacks_and_plain_suits() -> None:
    """001: "In Grand, only the four jacks are trumps."  003: "In Grand there are only four
    trumps: the Buben, in their usual order. The four suits stay as normal seven-card suits
    (ace, 10, king, queen, 9, 8, 7)"  004: "its base value of 24 is double the highest
    Farbspiel base value"."""
    assert trump_order(GameType.GRAND) == cards("CJ SJ HJ DJ")
    assert TRUMPS[GameType.GRAND] == JACKS_MASK
    # A 10 K Q 9 8 7 in a plain suit: each beats the ones after it.
    order = cards("SA ST SK SQ S9 S8 S7")
    for hi, lo in zip(order, order[1:], strict=False):
        assert trick_winner(GameType.GRAND, [lo, hi, parse_card("D7")]) == 1
    assert BASE_VALUES[GameType.GRAND] == 2 * max(BASE_VALUES[g] for g in range(4))


def test_null_no_trumps_jacks_back_in_their_suit() -> None:
    """001: "In Null, there are no trumps, cards rank ace, king, queen, jack, ten, nine,
    eight, seven".  003: "In Null there are no trumps and the Buben return to their suit.
    The ranking switches to [...] ace, king, queen, jack, 10, 9, 8, 7."  004: "The Ten
    slots in between the Jack and the Nine"."""
    assert TRUMPS[GameType.NULL] == 0
    order = cards("HA HK HQ HJ HT H9 H8 H7")
    for hi, lo in zip(order, order[1:], strict=False):
        assert trick_winner(GameType.NULL, [lo, hi, parse_card("S7")]) == 1
    # The Jack follows hearts in Null.
    assert legal_follow(GameType.NULL, parse_card("H7"), mask("HJ S7")) == mask("HJ")


def test_clubs_seven_beats_the_ace_of_any_other_suit() -> None:
    """004: "For example, with Clubs as trump, even the Clubs Seven sticht the Ace of any
    other suit." """
    for ace in cards("DA HA SA"):
        assert trick_winner(GameType.CLUBS, [ace, parse_card("C7"), ace - 7]) == 1


def test_jack_is_trump_not_its_printed_suit() -> None:
    """003: "In a hearts game, the jack of spades is a trump, not a spade. If someone leads
    spades and your only spade-looking card is the jack of spades, you do not have to play
    it; and if a trump is led, the jack of spades does follow suit."  001: "a jack belongs
    to the trumps, not to its suit (except in Null)".  001: "Common trap: a jack does not
    belong to its suit. The jack of hearts is a trump; when hearts are led, it does not
    follow suit." """
    assert legal_follow(GameType.CLUBS, parse_card("HA"), mask("HJ H7 S8")) == mask("H7")
    assert legal_follow(GameType.GRAND, parse_card("HA"), mask("HJ S8")) == mask("HJ S8")
    hand = mask("SJ D7 C8")
    assert legal_follow(GameType.HEARTS, parse_card("SA"), hand) == hand  # free choice
    assert legal_follow(GameType.HEARTS, parse_card("H7"), hand) == mask("SJ")  # must trump
    assert legal_follow(GameType.HEARTS, parse_card("CJ"), hand) == mask("SJ")


def test_no_obligation_to_ruff_or_overtrump() -> None:
    """003: "If you cannot follow suit, you may play any card: a trump to win the trick
    (ruff) or a card of another suit. There is no obligation to ruff or to overtrump."
    001: "If you cannot follow, play any card you like." """
    hand = mask("CJ DJ D7 S8")
    assert legal_follow(GameType.GRAND, parse_card("HA"), hand) == hand  # no heart: ruff or not
    # A trump is led: both the higher and the lower Jack may be played.
    assert legal_follow(GameType.GRAND, parse_card("HJ"), hand) == mask("CJ DJ")


def _trick_example_deal() -> SkatDeal:
    return deal(
        "HA HT HK HQ H8 SA ST SK DA DT",  # forehand: leads the heart Ace
        "H9 HJ CJ CA CT CK CQ SJ S9 S8",  # middlehand: H9 is its only heart (HJ is trump)
        "DJ DK DQ D9 D8 D7 S7 SQ C9 C8",  # rearhand ("the dealer"): no hearts, the D Jack
        "H7 C7",
    )


@pytest.mark.parametrize("game", ["game:C", "game:S", "game:G"])
def test_lothar_trick_example_heart_ace_nine_diamond_jack(game: str) -> None:
    """004: "For example: Forehand leads the Hearts Ace, Middlehand follows with the Hearts
    Nine. The dealer has no Hearts left and adds the Diamonds Jack, a trump. Because trump
    beats every plain-suit card, the dealer wins the trick, even though the Diamonds Jack is
    otherwise the weakest of the four Jacks."  004: "A Hearts Jack therefore doesn't count
    as Hearts when following suit; it counts as trump."  004: "the winner of a trick opens
    the following trick"."""
    h = SkatHand(LOTHAR, _trick_example_deal())
    act(h, f"18 pass pass hand {game}")
    assert h.phase == Phase.PLAY and h.to_move == FH
    act(h, "HA")
    assert h.legal_actions() == cards("H9")  # the Hearts Jack may not follow hearts
    act(h, "H9")
    assert parse_card("DJ") in h.legal_actions()
    act(h, "DJ")
    assert h.tricks == [Trick(FH, tuple(cards("HA H9 DJ")), RH)]
    assert h.points == [0, 0, 11 + 0 + 2]
    assert h.to_move == RH and h.leader == RH


def test_forehand_leads_the_first_trick_whoever_declares() -> None:
    """003: "Vorhand always leads to the first trick, whether or not they are the
    declarer."  001: "Forehand leads the first trick."  000/002 for Officers' Skat:
    "Forehand leads (plays the first card) to the first trick." """
    for seat, script in DECLARER_AT_18.items():
        h = SkatHand(ISKO, forced_deal(seat, "grand_all"))
        act(h, script + " hand game:G")
        assert h.declarer == seat and h.phase == Phase.PLAY and h.to_move == FH


# ============================================================================
# Skat: bidding
# ============================================================================
def test_bid_values_listed_in_001() -> None:
    """001: "The allowed numbers are the possible game values: 18, 20, 22, 23, 24, 27, 30,
    33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, and so on."  004: "Values climb the
    bidding ladder: 18, 20, 22, 23, 24, 27, 30, and onward." """
    listed = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
    assert BID_VALUES[: len(listed)] == listed


def test_bid_values_after_60_in_003() -> None:
    """003: "After that come 63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99…"  003: "The
    next values, 20, 22, 23 and 24, correspond to hearts, spades, Null and clubs."  003:
    "the cheapest game in Skat is a Karo with or without one, 2 × 9 = 18, and why the
    bidding starts at 18"."""
    i = BID_VALUES.index(60)
    assert BID_VALUES[i + 1 : i + 13] == (63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99)
    assert BID_VALUES[0] == 2 * BASE_VALUES[GameType.DIAMONDS] == 18
    assert BID_VALUES[1:5] == (2 * 10, 2 * 11, NULL_VALUES[(False, False)], 2 * 12)


def test_lothar_bidding_example_middlehand_declarer_at_22() -> None:
    """004: "For example: Middlehand says 18, Forehand holds. Middlehand goes to 20,
    Forehand holds again. Middlehand says 22, and now Forehand passes. Middlehand has won
    the first duel and faces the dealer at 22. If the dealer also passes, Middlehand
    becomes declarer at 22." """
    h = SkatHand(LOTHAR, _trick_example_deal())
    assert h.to_move == MH  # Middlehand says first
    act(h, "18")
    assert h.to_move == FH and h.legal_actions() == [PASS, HOLD]
    act(h, "hold 20 hold 22 pass")
    # The dealer (rearhand) now says against middlehand, above 22 and strictly up the ladder.
    assert h.to_move == RH and h.legal_actions() == [PASS, bid(23)]
    act(h, "pass")
    assert h.declarer == MH and h.bid == 22
    assert h.phase == Phase.SKAT and h.to_move == MH
    assert [(s, a) for s, a in h.bidding] == [
        (MH, bid(18)), (FH, HOLD), (MH, bid(20)), (FH, HOLD), (MH, bid(22)), (FH, PASS), (RH, PASS),
    ]


def test_lothar_bidding_climbs_strictly_isko_may_skip() -> None:
    """004: "Bidding runs strictly up the ladder, no skipping values."  003: "You may skip
    values (you do not have to say them all), but each bid must be higher than the
    last." """
    lothar = SkatHand(LOTHAR, _trick_example_deal())
    assert lothar.legal_actions() == [PASS, bid(18)]
    isko = SkatHand(ISKO, _trick_example_deal())
    assert isko.legal_actions() == [PASS] + [bid(v) for v in BID_VALUES]
    act(isko, "30 hold")
    assert isko.legal_actions() == [PASS] + [bid(v) for v in BID_VALUES if v > 30]


DEAL_003 = (
    "HJ DJ SA ST SK SQ S9 S8 CA DA",  # Vorhand: a spades hand "without two"
    "CJ SJ HA HT HK HQ H9 D7 D8 C7",  # Mittelhand: hearts with the jacks of clubs and spades
    "S7 H8 H7 CT CK CQ DT DK DQ D9",  # Hinterhand: nothing
    "C8 C9",
)


def test_isko_bidding_example_forehand_declarer_at_30() -> None:
    """003: "Mittelhand has a good hearts hand with the jacks of clubs and spades: "with
    two, game three, times hearts", 30. Vorhand has a spades hand "without two": 3 × 11 =
    33. Hinterhand has nothing. [...] Mittelhand cannot go beyond 30 with this hand and says
    "passe". Hinterhand, facing Vorhand, says "passe" straight away. Vorhand is the declarer
    at 30. Their spades game is worth 33, so they meet the bid if they win the hand."  003:
    "Vorhand wins ties against Mittelhand"; "Hinterhand continues bidding against the
    survivor, starting above the last value said"."""
    d = deal(*DEAL_003)
    assert matadors(GameType.HEARTS, d.hands[MH]) == 2  # with two: game three, x 10 = 30
    assert matadors(GameType.SPADES, d.hands[FH] | d.skat) == -2  # without two: 3 x 11 = 33
    h = SkatHand(ISKO, d)
    for value in (18, 20, 22, 23, 24, 27, 30):
        act(h, f"{value} hold")  # Vorhand holds each value: ties go to Vorhand
    act(h, "pass")
    assert h.to_move == RH and h.legal_actions()[1] == bid(33)
    act(h, "pass")
    assert h.declarer == FH and h.bid == 30 and h.phase == Phase.SKAT
    act(h, "pickup C8 C9 game:S")
    play_tricks(h, [
        ("SA CJ S7", MH), ("HA H8 CA", MH), ("D8 DQ DA", FH), ("SK SJ DT", MH), ("HT H7 SQ", FH),
        ("DJ C7 D9", FH), ("S8 H9 CK", FH), ("ST HK CT", FH), ("HJ D7 CQ", FH), ("S9 HQ DK", FH),
    ])
    r = h.result
    assert r is not None
    assert (r.declarer, r.bid, r.matadors, r.declarer_points) == (FH, 30, -2, 69)
    assert r.won and not r.overbid and r.game_value == 33 and r.value == 33


def test_forehand_may_play_at_18_after_two_passes() -> None:
    """001: "If Middlehand and Rearhand both pass without bidding, Forehand may play (the
    bid is then 18) or pass in turn".  003: "If Mittelhand and Hinterhand pass without
    bidding, Vorhand may play at 18 or pass as well."  004: "Vorhandrecht kicks in: Forehand
    may still take the game anyway, at the minimum bid of 18." """
    for rules, passed_in in ((ISKO, "passed"), (LOTHAR, "ramsch")):
        h = SkatHand(rules, _trick_example_deal())
        act(h, "pass pass")
        assert h.to_move == FH and h.legal_actions() == [PASS, bid(18)]
        passing = h.clone()
        act(h, "18")
        assert h.declarer == FH and h.bid == 18 and h.phase == Phase.SKAT
        act(passing, "pass")  # "or pass": ISkO drops the deal, Lothar plays Ramsch
        if passed_in == "passed":
            assert passing.done and passing.result is not None and passing.result.game == "passed"
        else:
            assert passing.game == GameType.RAMSCH and passing.phase == Phase.PLAY


def test_all_pass_isko_deal_is_dropped_next_player_deals() -> None:
    """001: "or pass in turn: the deal is dropped and the next player deals."  001: "The
    Skatordnung rules it out [Ramsch]: the deal simply moves on."  003: "If all three pass,
    under the rulebook the hand is not played and the next player deals." """
    m = Match.new("skat", ISKO, players=3, hands=3, first_dealer=0)
    match_act(m, "pass pass pass")
    row = m.sheet[-1]
    assert row.result.game == "passed" and row.changes == (0, 0, 0) and row.declarer is None
    assert m.current is not None and m.current.done
    m.next_hand()
    assert m.dealer == 1


def test_lothar_all_pass_is_ramsch() -> None:
    """004: "If all three pass in the auction, nobody wants to take the game. Instead of
    voiding the round, Lothar's table plays Ramsch instead"  004: "If everyone passes,
    Ramsch is played instead of voiding the round." """
    h = SkatHand(LOTHAR, _trick_example_deal())
    act(h, "pass pass pass")
    assert h.game == GameType.RAMSCH and h.phase == Phase.PLAY and h.declarer is None
    assert TRUMPS[GameType.RAMSCH] == JACKS_MASK  # "Ramsch is played like Grand"


# ============================================================================
# Skat: skat, Hand, announcements, Ouvert
# ============================================================================
def test_discarded_cards_count_for_the_declarer() -> None:
    """004: "Even those two cards still count toward the declarer's Augen at the end,
    though they're never actually played."  003: "The points in the discarded cards count
    for the declarer at the end." """
    h = SkatHand(ISKO, forced_deal(MH, "grand_all"))
    act(h, "18 pass pass pickup CT D7 game:G")  # drücken the club Ten (10 points) and D7
    play_first_legal(h)
    r = h.result
    assert r is not None and r.declarer_tricks == 10
    assert h.points[MH] == 110 and mask_points(h.skat) == 10  # tricks hold 110 ...
    assert r.declarer_points == 120  # ... and the discarded Ten counts


def test_hand_skat_counts_and_adds_a_level() -> None:
    """004: "The declarer can also leave the Skat untouched and play Hand instead [...]
    That earns one more multiplier [...] The two Skat cards still count toward the
    declarer's Augen either way".  003: "Play Hand: [...] the Skat, which stays face down
    until the end and also counts for the declarer."  003: "Spitzen [...] counting the two
    Skat cards as theirs"; 001: "if they hold the jack of clubs, skat included"."""
    # The declarer holds three Jacks; the fourth (DJ, 2 points) lies in the skat.
    d = deal(
        "CJ SJ HJ CA CT CK CQ C9 C8 C7",
        "DA DT DK DQ D9 D8 HA HT HK HQ",
        "H9 H8 H7 SA ST SK SQ S9 S8 S7",
        "DJ D7",
    )
    h = SkatHand(ISKO, d)
    act(h, "pass pass 18 hand game:G")
    play_first_legal(h)
    r = h.result
    assert r is not None and r.hand and r.declarer_tricks == 10
    assert r.declarer_points == 120  # the skat's DJ counts although never seen
    assert r.matadors == 4  # with 4, the skat's Jack included
    # with 4, game 5, hand 6, Schneider 7, Schwarz 8 -> 8 x 24 = 192
    assert r.multiplier == 8 and r.value == 192


def test_hand_is_chosen_without_seeing_the_skat() -> None:
    """001: "The declarer chooses to pick up the skat, then discard two cards [...] or to
    play Hand, without looking at it."  003: "Play Hand: announce the game without looking
    at the Skat".  004: "playing with exactly the ten cards dealt, having never seen the two
    Skat cards at all." """
    h = SkatHand(ISKO, forced_deal(MH, "grand_all"))
    act(h, "18 pass pass")
    assert h.phase == Phase.SKAT and h.to_move == MH and h.legal_actions() == [PICKUP, HAND]
    assert h.observe(MH).skat == 0  # fails: the view holds C7 D7 while Hand is still possible


def test_announcements_and_ouvert_only_in_hand_games() -> None:
    """001: "Announcements only count when playing Hand."  001: "in a suit game or Grand,
    an open game is played Hand and counts as Schwarz announced."  003: "only this way
    [Hand] can Schneider, Schwarz or Ouvert be announced in a suit game or Grand."  004:
    "In Null, Ouvert stands on its own: it works with or without picking up the Skat"."""
    picked = SkatHand(ISKO, _trick_example_deal())
    act(picked, "18 pass pass pickup H7 C7")
    legal = picked.legal_actions()
    for gt in range(5):
        assert declare(gt) in legal
        assert declare(gt, schneider=True) not in legal and declare(gt, ouvert=True) not in legal
    assert declare(GameType.NULL, ouvert=True) in legal  # Null ouvert after picking up: 46
    hand = SkatHand(ISKO, _trick_example_deal())
    act(hand, "18 pass pass hand")
    legal = hand.legal_actions()
    for gt in range(5):
        assert {declare(gt, schneider=True), declare(gt, schwarz=True), declare(gt, ouvert=True)} <= set(legal)
    # Ouvert is Schwarz announced, which is Schneider announced.
    assert declare(GameType.GRAND, ouvert=True) == declare(GameType.GRAND, True, True, True)


def test_grand_ouvert_with_four_is_264() -> None:
    """001: "Grand open with 4 is worth 24 × 11 = 264, the biggest possible game."  001:
    "They may also play open (ouvert), their ten cards spread on the table before the first
    lead".  004: "Ouvert: the declarer lays their whole hand face-up on the table, visible
    to everyone, before the first trick is even played." """
    h = SkatHand(ISKO, forced_deal(FH, "grand_all"))
    act(h, "pass pass 18 hand game:GO")
    assert h.phase == Phase.PLAY and h.tricks == []
    assert h.observe(MH).open_cards == h.deal.hands[FH]  # before the first lead
    play_first_legal(h)
    r = h.result
    assert r is not None and r.ouvert and r.schwarz_announced and r.schwarz
    assert r.multiplier == 11 and r.value == 264 == max(BID_VALUES)


def test_null_ouvert_cards_open_and_values_with_or_without_skat() -> None:
    """001: "Null has a fixed value: 23, Null Hand 35, Null open 46, Null open Hand 59."
    004: "Null instead has fixed values with no multiplier at all: 23, 35 with Hand, 46
    with Ouvert, 59 with Ouvert Hand."  004: "it works with or without picking up the Skat,
    and carries its own fixed game value." """
    for script, value in (
        ("pickup DA HA game:N", 23), ("hand game:N", 35), ("pickup DA HA game:NO", 46), ("hand game:NO", 59),
    ):
        h = SkatHand(ISKO, forced_deal(MH, "null_win"))
        act(h, "18 pass pass " + script)
        if h.ouvert:
            assert h.observe(FH).open_cards == h.hands[MH]
        play_first_legal(h)
        r = h.result
        assert r is not None and r.won and r.declarer_tricks == 0 and len(h.tricks) == 10
        assert r.value == value


# ============================================================================
# Skat: winning, Schneider, Schwarz, value examples
# ============================================================================
def test_declarer_needs_61_skat_included() -> None:
    """001: "In suit games and Grand, the declarer wins with at least 61 points, skat
    included."  003: "With 61 or more they win; with 60 or fewer they lose, because the
    opponents only need 60 to defend."  004: "the declarer wins with at least 61 of the 120
    Augen"."""
    common = dict(matadors=1, hand=False, schneider_announced=False, schwarz_announced=False, ouvert=False,
                  declarer_tricks=5, bid=18)
    assert score_skat(GameType.DIAMONDS, declarer_points=61, **common).value == 18
    assert score_skat(GameType.DIAMONDS, declarer_points=60, **common).value == -36


def test_clubs_with_two_is_36() -> None:
    """001: "For example: clubs with 2, won without more, is worth 12 × (2 + 1) = 36."  004:
    "the declarer declares a Clubs Farbspiel (base value 12) and holds mit 2, so Spiel 3.
    The game value comes out to 3 × 12 = 36."  003: "mit zwei, Spiel drei, mal Herz:
    dreißig" (hearts: 3 x 10 = 30)."""
    common = dict(hand=False, schneider_announced=False, schwarz_announced=False, ouvert=False,
                  declarer_points=70, declarer_tricks=6, bid=18)
    assert score_skat(GameType.CLUBS, matadors=2, **common).value == 36
    assert score_skat(GameType.HEARTS, matadors=2, **common).value == 30


def test_with_and_without_matadors_examples() -> None:
    """004: "the declarer holds the Clubs Jack and the Spades Jack, but not the Hearts
    Jack. The unbroken run from the top reaches two cards deep: mit 2, Spiel 3."  004: "mit
    2 becomes Spiel 3, ohne 4 becomes Spiel 5."  003: "If their highest Bube is the jack of
    hearts, they are missing clubs and spades: they play ohne 2".  001: ""With 2" and
    "without 2" are worth the same."  003: "if the jack of clubs is in the Skat your value
    collapses"."""
    assert matadors(GameType.CLUBS, mask("CJ SJ DJ CA C7")) == 2
    assert matadors(GameType.GRAND, mask("HJ DJ SA")) == -2
    assert matadors(GameType.HEARTS, mask("DA DT HA")) == -4  # ohne 4 -> Spiel 5
    common = dict(hand=False, schneider_announced=False, schwarz_announced=False, ouvert=False,
                  declarer_points=70, declarer_tricks=6, bid=18)
    with2 = score_skat(GameType.SPADES, matadors=2, **common)
    without2 = score_skat(GameType.SPADES, matadors=-2, **common)
    assert with2.value == without2.value == 33
    assert score_skat(GameType.HEARTS, matadors=-4, **common).multiplier == 5
    # Without 3 (highest DJ) -- the club Jack in the skat makes it "with 1".
    hand = mask("DJ HA HT HK HQ H9 H8 H7 SA ST")
    assert matadors(GameType.HEARTS, hand) == -3
    assert matadors(GameType.HEARTS, hand | mask("CJ D7")) == 1


def test_multiplier_up_to_18_in_a_suit_game() -> None:
    """003: "In suit games the multiplier can go higher (up to 18 with "with 11" and every
    level)".  001: "Up to 11 in a suit game, 4 in Grand."  001: "Winning stages, one level
    each: the game itself, Hand, Schneider, Schneider announced, Schwarz, Schwarz announced,
    open."  003: "In a suit game there can be 1 to 11 Spitzen [...] in Grand, 1 to 4"."""
    all_trumps = mask("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7")
    assert matadors(GameType.CLUBS, all_trumps) == 11
    assert matadors(GameType.CLUBS, mask("DA DT")) == -11
    assert matadors(GameType.GRAND, all_trumps) == 4
    s = score_skat(GameType.CLUBS, matadors=11, hand=True, schneider_announced=True, schwarz_announced=True,
                   ouvert=True, declarer_points=120, declarer_tricks=10, bid=18)
    assert s.multiplier == 18 and s.value == 18 * 12


def test_schneider_when_opponents_have_30_or_fewer() -> None:
    """001: "Schneider: 90 points or more, the opponents having 30 or fewer. Schwarz: all
    the tricks."  004: "If the other side ends with 30 Augen or fewer, the declarer has
    reached Schneider. If the other side takes no tricks at all, it's Schwarz. Both add one
    more point to the multiplier"."""
    common = dict(matadors=1, hand=False, schneider_announced=False, schwarz_announced=False, ouvert=False, bid=18)
    assert score_skat(GameType.CLUBS, declarer_points=90, declarer_tricks=8, **common).value == 36
    assert score_skat(GameType.CLUBS, declarer_points=89, declarer_tricks=8, **common).value == 24
    assert score_skat(GameType.CLUBS, declarer_points=120, declarer_tricks=10, **common).value == 48


SCHNEIDER_NOT_SCHWARZ = (
    "CJ SJ HJ DJ CA CT CK CQ C9 D7",
    "D8 DA DT DK HA HT HK SA ST SK",
    "D9 DQ H9 H8 H7 HQ S9 S8 S7 SQ",
    "C8 C7",
)
SCHNEIDER_NOT_SCHWARZ_PLAY = [
    ("D7 D8 D9", RH),  # the defenders' only trick: no points in it
    ("H7 CJ HA", FH), ("SJ HT H8", FH), ("HJ HK H9", FH), ("DJ SA S7", FH), ("CA ST S8", FH),
    ("CT SK S9", FH), ("CK DA SQ", FH), ("CQ DT HQ", FH), ("C9 DK DQ", FH),
]


def test_one_trick_without_points_is_schneider_not_schwarz() -> None:
    """001: "A side that took only one trick with no points in it is not Schwarz, only
    Schneider."  003: "the final game value is calculated from everything actually achieved
    (including an unannounced Schneider or Schwarz)"."""
    h = SkatHand(ISKO, deal(*SCHNEIDER_NOT_SCHWARZ))
    act(h, "pass pass 18 hand game:G")
    play_tricks(h, SCHNEIDER_NOT_SCHWARZ_PLAY)
    r = h.result
    assert r is not None
    assert r.declarer_points == 120 and r.declarer_tricks == 9
    assert r.schneider and not r.schwarz
    # with 4, game 5, hand 6, Schneider 7 -> 7 x 24 = 168
    assert r.multiplier == 7 and r.value == 168


def test_announced_schwarz_missed_by_one_trick_is_lost() -> None:
    """001: "An announced Schneider or Schwarz that is not achieved loses the game, counted
    at that stage only once."  (The same hand as above, Schwarz announced.)  The game is lost
    with the defenders' first trick, and play stops there (docs/rules-decisions.md, decision 22)."""
    h = SkatHand(ISKO, deal(*SCHNEIDER_NOT_SCHWARZ))
    act(h, "pass pass 18 hand game:GZ")
    play_tricks(h, SCHNEIDER_NOT_SCHWARZ_PLAY[:1])
    r = h.result
    assert h.done and len(h.tricks) == 1
    assert r is not None and not r.won and not r.schneider and not r.schwarz
    # with 4, game, hand, Schneider, announced, Schwarz (announced), announced = 10 x 24, lost: x 2
    assert r.multiplier == 10 and r.value == -480


DEAL_LOTHAR_24 = (
    "SJ HA HT HK SA ST SK CA CT C9",
    "CJ DJ DA DT DK DQ D9 D8 H7 S7",  # middlehand: diamonds "with 1" (CJ, not SJ)
    "HJ D7 HQ H9 H8 SQ S9 S8 CK CQ",
    "C8 C7",
)
PLAY_LOTHAR_24 = [  # middlehand takes 84 points: won on points, no Schneider
    ("HA H7 H8", FH), ("SA S7 S8", FH), ("CA D8 CQ", MH), ("CJ D7 SJ", MH), ("DJ HJ CT", RH),
    ("HQ HK D9", MH), ("DA H9 C9", MH), ("DT SQ HT", MH), ("DK S9 ST", MH), ("DQ CK SK", MH),
]


def test_announced_schneider_not_reached_is_lost() -> None:
    """001: "An announced Schneider or Schwarz that is not achieved loses the game, counted
    at that stage only once."  001: "When they lose, twice that value is taken off, Hand
    games included." """
    h = SkatHand(ISKO, deal(*DEAL_LOTHAR_24))
    act(h, "18 pass pass hand game:DS")
    play_tricks(h, PLAY_LOTHAR_24)
    r = h.result
    assert r is not None and r.declarer_points == 84 and not r.won and not r.schneider
    # diamonds with 1, game 2, hand 3, Schneider 4, announced 5 -> 45, lost: -90
    assert r.multiplier == 5 and r.value == -90


def test_lost_games_count_double_and_a_schneider_declarer() -> None:
    """001: "When they win, the declarer writes down the game's value. When they lose,
    twice that value is taken off, Hand games included. The opponents write nothing."  001:
    "A declarer who loses with 30 points or fewer is Schneider, and with no trick at all is
    Schwarz: that stage also counts in the value of the loss."  004: "If the declarer loses,
    it costs double"."""
    common = dict(matadors=2, schneider_announced=False, schwarz_announced=False, ouvert=False, bid=18)
    assert score_skat(GameType.CLUBS, hand=False, declarer_points=59, declarer_tricks=4, **common).value == -72
    assert score_skat(GameType.CLUBS, hand=True, declarer_points=59, declarer_tricks=4, **common).value == -96
    # Schneider: with 2, game 3, Schneider 4 -> 48, lost -96
    assert score_skat(GameType.CLUBS, hand=False, declarer_points=30, declarer_tricks=2, **common).value == -96
    # Schwarz: ... Schwarz 5 -> 60, lost -120
    assert score_skat(GameType.CLUBS, hand=False, declarer_points=0, declarer_tricks=0, **common).value == -120
    # The opponents write nothing (driven): a lost Null.
    h = SkatHand(ISKO, forced_deal(RH, "null_loss"))
    act(h, "pass 18 pass pickup D7 H7 game:N")
    play_first_legal(h)
    assert h.result is not None and h.result.scores == (0, 0, -46)


def test_null_one_trick_loses_and_the_hand_stops() -> None:
    """003: "In Null, a single trick is enough for the declarer to lose, and the hand stops
    there."  004: "Null: there's no trump at all, and the declarer must lose every single
    trick to win. Taking even one trick is enough to lose." """
    h = SkatHand(ISKO, forced_deal(FH, "null_loss"))
    act(h, "pass pass 18 hand game:N")
    act(h, "DQ")  # nothing the others hold beats the Queen in Null
    h.apply(h.legal_actions()[0])
    h.apply(h.legal_actions()[0])
    assert h.done and len(h.tricks) == 1 and h.tricks[0].winner == FH
    assert h.result is not None and not h.result.won and h.result.value == -70


# ============================================================================
# Skat: overbidding examples
# ============================================================================
def test_lothar_overbid_24_diamonds_with_one_is_minus_54() -> None:
    """004: "For example: the declarer bids up to 24, but ends up playing only a Diamonds
    Farbspiel with 1, Spiel 2. The actual game value is just 2 × 9 = 18, less than the bid
    of 24. The game counts as überreizt and lost, charged at the next game value that still
    covers 24: 3 × 9 = 27, doubled to 54 minus points."  004: "It counts as a loss
    regardless of the Augen collected"."""
    h = SkatHand(LOTHAR, deal(*DEAL_LOTHAR_24))
    act(h, "18 hold 20 hold 22 hold 23 hold 24 pass pass")
    assert h.declarer == MH and h.bid == 24
    act(h, "pickup C8 C7 game:D")
    play_tricks(h, PLAY_LOTHAR_24)
    r = h.result
    assert r is not None
    assert r.declarer_points == 84 and r.matadors == 1  # 84 Augen: won on points
    assert r.game_value == 18 and r.overbid and not r.won
    assert r.charged_value == 27 and r.value == -54 and r.scores == (0, -54, 0)


def test_001_overbid_50_hearts_with_one_is_minus_100() -> None:
    """001: "Overbidding: if the game's value falls short of the bid [...] the game is
    lost. It then counts the smallest multiple of its base value that reaches the bid,
    doubled. Example from the Skatordnung: bid of 50, hearts with 1 announced, lost at 5 ×
    10 = 50, that is −100." """
    h = SkatHand(ISKO, deal(
        "SJ DA DT DK SA ST SK CA CT C9",
        "CJ DJ HA HT HK HQ H9 H8 D7 S7",  # hearts with 1
        "HJ H7 DQ D9 D8 SQ S9 S8 CK CQ",
        "C8 C7",
    ))
    act(h, "50 pass pass pickup C8 C7 game:H")
    play_tricks(h, [
        ("DA D7 D8", FH), ("SA S7 S8", FH), ("CA H8 CQ", MH), ("CJ H7 SJ", MH), ("DJ HJ CT", RH),
        ("DQ DK H9", MH), ("HA D9 C9", MH), ("HT SQ DT", MH), ("HK S9 ST", MH), ("HQ CK SK", MH),
    ])
    r = h.result
    assert r is not None and r.declarer_points == 84 and r.matadors == 1
    assert r.overbid and not r.won and r.game_value == 20
    assert r.charged_value == 50 and r.value == -100


DEAL_003_OVERBID_LOST = (
    "SJ DA DT DK SA ST SK CA CT C9",
    "CJ HJ HA HT HK HQ H9 D7 S7 C7",  # the jacks of clubs and hearts
    "DJ H7 DQ D9 D8 SQ S9 S8 CK CQ",
    "C8 H8",  # no spade Jack in the skat
)
DEAL_003_OVERBID_SCHNEIDER = (
    "SJ DA DT DK SA ST SK CA CT C9",
    "CJ HJ HA HT HK HQ H9 H8 D7 S7",
    "DJ H7 DQ D9 D8 SQ S9 S8 CK CQ",
    "C8 C7",
)


def test_003_overbid_30_hearts_with_one_minus_60() -> None:
    """003: "An example: someone holds the jacks of clubs and hearts, bids up to 30 hoping
    to find the jack of spades in the Skat (with three, game four, times hearts: 40) and
    does not find it. They play hearts "with one": 2 × 10 = 20, less than 30. [...] If not,
    they lose, and 2 × 30 = 60 points are deducted, because 30 is the first multiple of 10
    that reaches the bid."  003: "the declarer has overbid (überreizt) and loses even with
    61 points or more"."""
    h = SkatHand(ISKO, deal(*DEAL_003_OVERBID_LOST))
    act(h, "30 pass pass pickup")
    assert not h.hands[MH] >> parse_card("SJ") & 1  # the spade Jack is not in the skat
    act(h, "C8 H8 game:H")
    play_tricks(h, [
        ("DA D7 DQ", FH), ("SA S7 SQ", FH), ("CA C7 CQ", FH), ("DT H9 D8", MH), ("CJ H7 SJ", MH),
        ("HJ DJ CT", MH), ("HA D9 C9", MH), ("HT S9 DK", MH), ("HK S8 ST", MH), ("HQ CK SK", MH),
    ])
    r = h.result
    assert r is not None and r.declarer_points == 78 and r.matadors == 1 and not r.schneider
    assert r.overbid and not r.won and r.game_value == 20 and r.charged_value == 30
    assert r.value == -60


def test_003_overbid_30_hearts_with_one_saved_by_schneider() -> None:
    """003: "One way out remains: if they make Schneider, the game is worth 3 × 10 = 30 and
    meets the bid." """
    h = SkatHand(ISKO, deal(*DEAL_003_OVERBID_SCHNEIDER))
    act(h, "30 pass pass pickup C8 C7 game:H")
    play_tricks(h, [
        ("DA D7 D8", FH), ("SA S7 S8", FH), ("CA H8 CQ", MH), ("CJ H7 SJ", MH), ("HJ DJ CT", MH),
        ("HA D9 C9", MH), ("HT SQ DT", MH), ("HK S9 ST", MH), ("HQ CK SK", MH), ("H9 DQ DK", MH),
    ])
    r = h.result
    assert r is not None and r.declarer_points == 98 and r.schneider and r.matadors == 1
    assert not r.overbid and r.won and r.game_value == 30 and r.value == 30


def test_lothar_overbid_null_charged_at_next_null_step() -> None:
    """004: "An overbid Null is charged at the next Null step."  (ISkO instead does not let
    a Null below the bid be declared.)"""
    for rules, allowed in ((LOTHAR, True), (ISKO, False)):
        h = SkatHand(rules, forced_deal(MH, "null_win"))
        act(h, "18 hold 20 hold 22 hold 23 hold 24 hold 27 hold 30 pass pass pickup DA HA")
        assert (declare(GameType.NULL) in h.legal_actions()) is allowed
    act(h, "game:NO")  # under ISkO Null ouvert (46) reaches 30
    play_first_legal(h)
    assert h.result is not None and h.result.value == 46
    h = SkatHand(LOTHAR, forced_deal(MH, "null_win"))
    act(h, "18 hold 20 hold 22 hold 23 hold 24 hold 27 hold 30 pass pass pickup DA HA game:N")
    play_first_legal(h)
    r = h.result
    assert r is not None and r.declarer_tricks == 0  # no trick taken, but overbid
    assert r.overbid and not r.won and r.charged_value == 35 and r.value == -70


# ============================================================================
# Skat: Kontra and Re (001 house rule)
# ============================================================================
def test_kontra_and_re_double_and_quadruple() -> None:
    """001: "Kontra and Re: many tables let an opponent say "Kontra" before the first lead,
    the game then counting double, and the declarer answer "Re", quadruple. The 1998
    Skatordnung does not provide for them; the counter offers them as an option." """
    assert not ISKO.kontra_re and not LOTHAR.kontra_re
    rules = ISKO.with_options(kontra_re=True)
    h = SkatHand(rules, forced_deal(MH, "null_win"))
    act(h, "18 pass pass pickup DA HA game:N")
    assert h.phase == Phase.KONTRA and h.to_move == FH and h.legal_actions() == [KONTRA, NO_CALL]
    act(h, "no")
    assert h.to_move == RH
    act(h, "kontra")
    assert h.phase == Phase.RE and h.to_move == MH
    act(h, "re")
    assert h.phase == Phase.PLAY and h.tricks == []  # all before the first lead
    play_first_legal(h)
    assert h.result is not None and h.result.kontra and h.result.re and h.result.value == 23 * 4
    h = SkatHand(rules, forced_deal(MH, "null_loss"))
    act(h, "18 pass pass pickup D7 H7 game:N kontra no")
    play_first_legal(h)
    assert h.result is not None and h.result.value == -46 * 2


# ============================================================================
# Skat: Ramsch (004)
# ============================================================================
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


def test_lothar_ramsch_most_augen_loses_skat_to_last_trick_tie_earlier_loses() -> None:
    """004: "Ramsch is played like Grand: only the Jacks are trump, in the same order as
    usual. The Skat stays face-down for the whole round and goes to whoever wins the last
    trick."  004: "Whoever collects the most Augen loses, taking as many minus points as
    their Augen total. The other two stay at zero: they neither win nor lose. On a tie,
    whoever played earlier in the order loses." """
    h = SkatHand(LOTHAR, deal(*RAMSCH_DEAL))
    act(h, "pass pass pass")
    assert h.game == GameType.RAMSCH
    play_tricks(h, RAMSCH_PLAY)  # the Jacks win as in Grand (tricks 6 and 8)
    r = h.result
    assert r is not None and r.game == "ramsch"
    # Rearhand took the last trick: 41 in tricks + 14 in the skat (SQ SA) = 55, tying middlehand.
    assert h.tricks[-1].winner == RH and mask_points(h.skat) == 14
    assert r.points == (10, 55, 55)
    assert r.declarer == MH and r.value == -55 and r.scores == (0, -55, 0)  # middlehand is earlier
    assert ramsch_scores([40, 40, 40], [3, 4, 3], False)[:2] == (FH, (-40, 0, 0))


def test_lothar_ramsch_durchmarsch_plus_120() -> None:
    """004: "If one player wins all ten tricks, that's a Durchmarsch: the hunted becomes
    the hunter, with +120 points instead." """
    h = SkatHand(LOTHAR, forced_deal(FH, "grand_all"))
    act(h, "pass pass pass")
    play_first_legal(h)
    r = h.result
    assert r is not None and r.durchmarsch and r.tricks == (10, 0, 0)
    assert r.scores == (120, 0, 0)


def test_lothar_six_deviations_from_the_isko() -> None:
    """004: "Lothar's table deviates in six places: Bidding runs strictly up the ladder, no
    skipping values. If everyone passes, Ramsch is played instead of voiding the round.
    Announced Schneider/Schwarz aren't offered yet. An overbid Null is charged at the next
    Null step. No Kontra/Re. No Jungfrau." """
    assert (LOTHAR.skip_bids, ISKO.skip_bids) == (False, True)
    assert (LOTHAR.all_pass, ISKO.all_pass) == ("ramsch", "passed")
    assert (LOTHAR.announcements, ISKO.announcements) == (False, True)
    assert (LOTHAR.overbid_null, ISKO.overbid_null) == ("next_step", "forbidden")
    assert not LOTHAR.kontra_re and not LOTHAR.jungfrau
    h = SkatHand(LOTHAR, _trick_example_deal())
    act(h, "18 pass pass hand")
    legal = h.legal_actions()
    for gt in range(5):
        assert declare(gt, schneider=True) not in legal and declare(gt, schwarz=True) not in legal
    act(h, "game:C")
    assert h.phase == Phase.PLAY  # no Kontra phase


# ============================================================================
# Skat: score sheet -- Seeger-Fabian, ranking ties, Net (001, 004)
# ============================================================================
def _sf_match(players: int, hands: int) -> Match:
    return Match.new("skat", ISKO.with_options(seeger_fabian=True), players=players, hands=hands, first_dealer=0)


def test_seeger_fabian_three_players() -> None:
    """001: "Tournament scoring (Seeger-Fabian): each player adds 50 points per game they
    won and takes off 50 per game they lost. Each game lost by a declarer also earns 40
    points for each of their two opponents at a three-player table"  001: "The counter adds
    the Seeger-Fabian points game by game rather than at the end of the sheet: the final
    total is the same." """
    m = _sf_match(3, 3)
    deal_into(m, forced_deal(RH, "null_win").deck)  # dealer 0: seats (1, 2, 0); player 0 wins
    match_act(m, "pass 18 pass pickup DA HA game:N")
    match_play_first_legal(m)
    assert m.sheet[-1].seeger == (23 + 50, 0, 0)
    deal_into(m, forced_deal(MH, "null_loss").deck)  # dealer 1: seats (2, 0, 1); player 0 loses
    match_act(m, "18 pass pass pickup D7 H7 game:N")
    match_play_first_legal(m)
    assert m.sheet[-1].seeger == (-46 - 50, 40, 40)
    deal_into(m, forced_deal(FH, "null_win").deck)  # dealer 2: all pass, no Seeger points
    match_act(m, "pass pass pass")
    assert m.finished and m.sheet[-1].seeger == (0, 0, 0)
    st = m.standings()
    assert [p["seeger_fabian"] for p in st] == [73 - 96, 40, 40]
    # The same total computed "at the end of the sheet".
    for p, row in enumerate(st):
        others_lost = sum(st[q]["lost"] for q in range(3) if q != p)
        assert row["seeger_fabian"] == row["score"] + 50 * row["won"] - 50 * row["lost"] + 40 * others_lost


def test_seeger_fabian_four_players_dealer_included() -> None:
    """001: "Each game lost by a declarer also earns [...] 30 for each of the other three
    players at a four-player table, dealer included." """
    m = _sf_match(4, 4)
    deal_into(m, forced_deal(MH, "null_loss").deck)  # dealer 0 sits out; MH is player 2
    match_act(m, "18 pass pass pickup D7 H7 game:N")
    match_play_first_legal(m)
    assert m.sheet[-1].seeger == (30, 30, -46 - 50, 30)
    assert m.sheet[-1].changes == (0, 0, -46, 0)
    deal_into(m, forced_deal(FH, "null_win").deck)  # dealer 1; FH is player 2
    match_act(m, "pass pass 18 pickup DA HA game:N")
    match_play_first_legal(m)
    assert m.sheet[-1].seeger == (0, 0, 23 + 50, 0)
    for _ in range(2):
        deal_into(m, forced_deal(FH, "null_win").deck)
        match_act(m, "pass pass pass")
    assert m.finished
    assert [p["seeger_fabian"] for p in m.standings()] == [30, 30, -96 + 73, 30]


def test_ranking_equal_points_more_games_won_ranks_higher() -> None:
    """001: "The highest total wins. In tournaments, on equal points after Seeger-Fabian
    scoring, whoever won more games ranks higher, then whoever lost fewer." (first tie-break)"""
    m = _sf_match(3, 3)
    deal_into(m, forced_deal(RH, "null_win").deck)  # player 0: Null ouvert Hand, 59
    match_act(m, "pass 18 pass hand game:NO")
    match_play_first_legal(m)
    deal_into(m, forced_deal(MH, "null_win").deck)  # player 0 again: 59
    match_act(m, "18 pass pass hand game:NO")
    match_play_first_legal(m)
    deal_into(m, forced_deal(MH, "grand_all").deck)  # player 1: Grand with 4, Schneider, Schwarz
    match_act(m, "18 pass pass pickup C7 D7 game:G")
    match_play_first_legal(m)
    assert m.sheet[-1].result.value == 7 * 24
    st = m.standings()
    assert [p["score"] for p in st] == [118, 168, 0]
    assert [p["seeger_fabian"] for p in st] == [218, 218, 0]  # 2 x (59 + 50) = 168 + 50
    assert [p["won"] for p in st] == [2, 1, 0]
    assert [p["rank"] for p in st] == [1, 2, 3]


def test_ranking_equal_points_equal_wins_fewer_lost_ranks_higher() -> None:
    """001: "on equal points after Seeger-Fabian scoring, whoever won more games ranks
    higher, then whoever lost fewer." (second tie-break)"""
    m = _sf_match(3, 3)
    deal_into(m, deal(*DEAL_LOTHAR_24).deck)  # dealer 0: middlehand is player 2: diamonds, 18
    match_act(m, "18 pass pass pickup C8 C7 game:D")
    for text, _ in PLAY_LOTHAR_24:
        match_act(m, text)
    assert m.sheet[-1].result.value == 18
    deal_into(m, forced_deal(MH, "null_loss").deck)  # dealer 1: player 0 loses a Null, -46
    match_act(m, "18 pass pass pickup D7 H7 game:N")
    match_play_first_legal(m)
    deal_into(m, forced_deal(FH, "spades_all").deck)  # dealer 2: player 0, spades with 11
    match_act(m, "pass pass 18 pickup S7 D7 game:S")
    match_play_first_legal(m)
    # with 11, game 12, Schneider 13, Schwarz 14 -> 14 x 11 = 154
    assert m.sheet[-1].result.value == 154
    st = m.standings()
    assert [p["score"] for p in st] == [108, 0, 18]
    # player 0: -46 - 50 + 154 + 50 = 108; player 2: 18 + 50 + 40 = 108; player 1: 40
    assert [p["seeger_fabian"] for p in st] == [108, 40, 108]
    assert [(p["won"], p["lost"]) for p in st] == [(1, 1), (0, 0), (1, 0)]
    assert [p["rank"] for p in st] == [2, 3, 1]


def test_lothar_net_bilanz() -> None:
    """004: "Across rounds, your score is the classic running total. The leaderboard also
    compares you against the whole table through Net, the Bilanz: twice your score minus
    both opponents', zero-sum across the table". """
    m = Match.new("skat", LOTHAR, players=3, hands=3, first_dealer=0)
    deal_into(m, forced_deal(MH, "null_win").deck)  # dealer 0: player 2 wins a Null, +23
    match_act(m, "18 pass pass pickup DA HA game:N")
    match_play_first_legal(m)
    deal_into(m, forced_deal(FH, "null_loss").deck)  # dealer 1: player 2 (forehand) loses, -46
    match_act(m, "pass pass 18 pickup D7 H7 game:N")
    match_play_first_legal(m)
    deal_into(m, deal(*RAMSCH_DEAL).deck)  # dealer 2: Ramsch, middlehand = player 1 loses 55
    match_act(m, "pass pass pass")
    for text, _ in RAMSCH_PLAY:
        match_act(m, text)
    st = m.standings()
    score = [p["score"] for p in st]
    assert score == [0, -55, 23 - 46]
    for p in range(3):
        assert st[p]["net"] == 2 * score[p] - sum(score[q] for q in range(3) if q != p)
    assert [p["net"] for p in st] == [78, -87, 9] and sum(p["net"] for p in st) == 0


# ============================================================================
# Officers' Skat (000 English, 002 German)
# ============================================================================
SCORING_DECK = officers_deck(
    "H9 HT CA HJ",  # forehand (Anna) face down, piles 0-3
    "DQ SK H8 CT",  # dealer (Ben) face down
    "ST D8 D9 SQ",  # Anna face up: the four cards she declares on
    "HQ DJ CK DA",  # Ben face up (laid after the declaration)
    "H7 DK CQ SJ",  # second row
    "D7 HK HA S7",
    "DT CJ S9 C9",
    "S8 SA C8 C7",
)
PLAY_94 = "CJ DJ S9 SA HQ D9 ST SK H9 HK C8 C9 CQ C7 CA CK D8 DA S7 SQ DK DQ DT HA H7 H8 CT SJ HT S8 HJ D7"
PLAY_58 = "C9 C8 S9 SA CK CQ HQ ST S8 SQ HJ D7 SJ DQ H9 HK HA CJ D9 DA H8 DT H7 C7 CA CT D8 DJ SK HT S7 DK"
PLAY_60 = "C9 C8 DT DA HQ H7 S8 S9 D9 DJ CT CQ D7 SJ CJ DQ DK SA D8 HK CA C7 ST S7 SQ SK CK HT H8 H9 HJ HA"


def test_officers_card_order_and_trumps() -> None:
    """000: "J♣ (highest) – J♠ – J♥ – J♦ [...] In every suit the cards rank: A – 10 – K –
    Q – 9 – 8 – 7 [...] With clubs as trumps there are 11 trumps: J♣ J♠ J♥ J♦ A♣ 10♣ K♣ Q♣
    9♣ 8♣ 7♣. A Jack always belongs to the trumps, never to its printed suit. In a Grand,
    only the four Jacks are trumps".  002: "Ist Kreuz Trumpf, gibt es 11 Trümpfe: B♣ B♠ B♥
    B♦ A♣ 10♣ K♣ D♣ 9♣ 8♣ 7♣."  000/002: "All 32 cards together are worth 120 card
    points." """
    assert trump_order(GameType.CLUBS) == cards("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7")
    assert trump_order(GameType.GRAND) == cards("CJ SJ HJ DJ")
    assert mask_points(ALL_CARDS) == 120
    order = cards("DA DT DK DQ D9 D8 D7")
    for hi, lo in zip(order, order[1:], strict=False):
        assert trick_winner(GameType.SPADES, [lo, hi]) == 1


def test_officers_first_four_cards_example() -> None:
    """000: "The dealer lays out 4 cards face down in a row in front of forehand, then 4
    face down in front of themselves. The dealer places 4 cards face up on forehand's
    face-down cards, one on each. Forehand now chooses the game, having seen only these four
    cards [...] Example: Forehand's first four face-up cards are J♣, J♥, A♠ and 10♠. With
    two Jacks and two strong spades, she announces spades as trumps."  002: "Beispiel: Die
    ersten vier offenen Karten von Vorhand sind B♣, B♥, A♠ und 10♠. [...] sagt sie Pik als
    Trumpf an." """
    first = "CJ HJ SA ST"
    rest = rest_of_deck(first)
    deck = rest[:8] + cards(first) + rest[8:]
    h = OfficersHand(OFFICERS, deck)
    assert h.phase == OPhase.DECLARE and h.to_move == OFH
    obs = h.observe(OFH)
    assert obs.playable == (mask(first), 0)  # exactly her four; nothing of the dealer's face up
    assert obs.piles[OFH][:4] == tuple((-1, c) for c in cards(first))  # face-down cards hidden
    assert obs.piles[DEALER][:4] == ((-1, None),) * 4
    assert obs.piles[OFH][4:] == obs.piles[DEALER][4:] == ((None, None),) * 4
    assert h.dealt == 12
    assert declare(GameType.SPADES) in obs.legal
    h.apply(declare(GameType.SPADES))
    assert h.game == GameType.SPADES and h.declarer == OFH


def test_officers_dealing_kontra_re_timing() -> None:
    """000: "6. The dealer places 4 cards face up on their own face-down cards. Now the
    dealer may say "Kontra" [...] 7. The remaining 16 cards are dealt the same way as a
    second row: 4 face down to each player, then 4 face up on top of them. If the dealer
    said Kontra, forehand may now answer "Re"."  000: "Kontra doubles the value again, Re
    doubles it once more."  002: "das verdoppelt noch einmal (insgesamt das Vierfache)"."""
    h = OfficersHand(OFFICERS, SCORING_DECK)
    h.apply(declare(GameType.DIAMONDS))
    assert h.phase == OPhase.KONTRA and h.to_move == DEALER and h.dealt == 16
    assert h.observe(DEALER).playable == (mask("ST D8 D9 SQ"), mask("HQ DJ CK DA"))
    h.apply(KONTRA)
    assert h.phase == OPhase.RE and h.to_move == OFH and h.dealt == 32
    assert h.observe(OFH).playable == (mask("ST D8 D9 SQ DT CJ S9 C9"), mask("HQ DJ CK DA S8 SA C8 C7"))
    h.apply(RE)
    assert h.phase == OPhase.PLAY and h.to_move == OFH
    act(h, PLAY_94)
    r = h.result
    assert r is not None and r.kontra and r.re and r.value == 72 * 4


def test_officers_scoring_example_diamonds_with_three() -> None:
    """000: "Example: Diamonds are trumps. Anna, the declarer, has J♣, J♠ and J♥ but not
    J♦: "with 3", multiplier 4. Game value (3 + 1) × 9 = 36. She takes 94 card points, Ben
    only 26 – Schneider: Anna scores +72. Had she taken only 58 card points, she would have
    scored −72."  002: "Sie holt 94 Augen, Ben nur 26 – Schneider: Anna schreibt +72. Hätte
    sie nur 58 Augen geholt, stünden bei ihr −72."  000: "Only the declarer scores." """
    for play, points, value in ((PLAY_94, (94, 26), 72), (PLAY_58, (58, 62), -72)):
        h = OfficersHand(OFFICERS, SCORING_DECK)
        act(h, "game:D no")
        act(h, play)
        r = h.result
        assert r is not None and len(h.tricks) == 16  # "After 16 tricks, all cards have been played."
        assert h.up == [0, 0] and h.down == [0, 0]
        assert r.matadors == 3 and r.multiplier == 4 and r.base == 9
        assert r.points == points and r.value == value and r.scores == (value, 0)
        assert r.schneider == (value > 0)
    # The same as a pure value computation.
    assert _officers_score(OFFICERS, GameType.DIAMONDS, 3, 94, 12, 16, False, False, 0)["value"] == 72
    assert _officers_score(OFFICERS, GameType.DIAMONDS, 3, 58, 6, 16, False, False, 0)["value"] == -72


def test_officers_60_60_declarer_loses() -> None:
    """000: "The declarer (forehand) wins with 61 or more card points. At 60–60 the
    declarer loses."  002: "Bei 60 zu 60 hat der Ansager verloren." """
    h = OfficersHand(OFFICERS, SCORING_DECK)
    act(h, "game:D no")
    act(h, PLAY_60)
    r = h.result
    assert r is not None and r.points == (60, 60) and not r.won and r.value == -72
    assert _officers_score(OFFICERS, GameType.DIAMONDS, 3, 61, 8, 16, False, False, 0)["value"] == 36


def test_officers_play_example_ben_leads_ten_of_clubs_anna_trumps() -> None:
    """000: "Example: Hearts are trumps. Ben leads 10♣. Anna has no face-up club, but a
    face-up 7♥ – a trump. She plays it and wins the trick worth 10 points. Both then turn
    up the face-down cards that were under 10♣ and 7♥. Anna leads next."  002: "Beide
    decken die Karten auf, die unter der 10♣ und der 7♥ lagen. Anna spielt als Nächste
    aus."  000: "You may only play a face-up card that is on top of a pile. Face-down cards
    cannot be played until they are turned over." """
    deck = officers_deck(
        "H8 CK HQ S9",  # Anna (forehand) face down; H8 lies under her D7
        "DQ DK HT C7",  # Ben face down; DK lies under his 10 of clubs
        "D7 HA HK HJ",  # Anna's first four: she declares hearts
        "DA CT SA ST",  # Ben face up
        "CA CQ D9 DT",  # Anna face down, second row: a club Ace under her 7 of hearts
        "CJ DJ H9 SJ",
        "H7 S7 S8 D8",
        "C9 C8 SK SQ",
    )
    h = OfficersHand(OFFICERS, deck)
    act(h, "game:H no")
    act(h, "D7")  # Anna leads; Ben must follow with his only face-up diamond and wins
    assert h.legal_actions() == cards("DA")
    act(h, "DA")
    assert h.tricks[-1].winner == DEALER and h.to_move == DEALER
    act(h, "CT")  # Ben leads the 10 of clubs
    # Anna's clubs (CA CQ CK) are face down: she is free to play any face-up card.
    assert h.legal_actions() == cards_of(h.up[OFH]) and not h.up[OFH] & SUIT_MASKS[3] & ~JACKS_MASK
    assert parse_card("CA") not in h.legal_actions()
    act(h, "H7")
    assert h.tricks[-1] == Trick(DEALER, tuple(cards("CT H7")), OFH)
    assert h.points == [10, 11]
    assert h.up[OFH] >> parse_card("CA") & 1 and h.up[DEALER] >> parse_card("DK") & 1  # turned up
    assert h.observe(DEALER).piles[OFH][4] == (None, parse_card("CA"))
    assert h.to_move == OFH and h.leader == OFH  # Anna leads next


@pytest.mark.parametrize("spade_up", [False, True])
def test_officers_jacks_follow_as_trumps(spade_up: bool) -> None:
    """000: "Follow suit: the other player must play a card of the suit that was led if they
    have one face up. Remember that Jacks are trumps: if a Jack is led, you must play a trump
    if you can; if spades are led, you cannot follow with J♠."  002: "wird Pik ausgespielt,
    kannst du nicht mit dem B♠ bedienen." """
    deck = officers_face_up(
        "S7 CJ DA DT",  # forehand, first row: she declares hearts
        "SJ D8 CA CT",  # dealer, first row: the spade Jack
        "HA HK HQ H9",
        "C9 C8 S8 D9" if spade_up else "C9 C8 C7 D9",  # a plain spade face up, or none
    )
    h = OfficersHand(OFFICERS, deck)
    act(h, "game:H no")
    spades = h.clone()
    act(spades, "S7")
    if spade_up:
        assert spades.legal_actions() == cards("S8")  # the only spade; SJ may not follow
    else:
        assert spades.legal_actions() == cards_of(h.up[DEALER])  # no spade: free, SJ included
        act(spades, "SJ")
        assert spades.tricks[-1].winner == DEALER  # it trumps
    jack = h.clone()
    act(jack, "CJ")
    assert jack.legal_actions() == cards("SJ")  # a Jack led: a trump must be played


def test_officers_only_declarer_scores_lost_double_schneider_schwarz() -> None:
    """000: "Schneider: if the loser has fewer than 30 card points, the value is doubled
    (unlike Skat, exactly 30 is not yet Schneider). Schwarz: if the loser took no trick at
    all, the value is multiplied by four instead."  000: "If the declarer wins, they score
    plus the game value. If they lose, they score minus twice the game value."  002: "anders
    als beim Skat ist genau 30 noch kein Schneider"."""

    def value(points: int, tricks: int, mats: int = 3, gt: GameType = GameType.DIAMONDS) -> int:
        r = _officers_score(OFFICERS, gt, mats, points, tricks, 16, False, False, 0)
        assert r["scores"][1] == 0  # only the declarer scores
        return r["value"]

    assert value(90, 10) == 36  # the loser has exactly 30: no Schneider
    assert value(91, 10) == 72
    assert value(120, 16) == 144  # Schwarz: x 4
    assert value(30, 5) == -72  # declarer loses with 30: no Schneider
    assert value(29, 5) == -144
    assert value(0, 0) == -288
    assert value(70, 9, mats=-4, gt=GameType.GRAND) == 24 * 5  # "without 4": multiplier 5


def test_officers_matadors_jacks_only_and_more_matadors_variant() -> None:
    """000: "If the declarer has J♣, count how many Jacks they have in an unbroken row from
    the top ("with 1, 2, 3 or 4"). If the declarer does not have J♣, count how many Jacks
    are missing in a row from the top ("without 1, 2, 3 or 4")."  000: "More matadors: some
    players continue the matadors past the Jacks into the trump suit (Ace, Ten, King …), as
    in real Skat."  002: "Mehr Spitzen: Manche zählen die Spitzen über die Buben hinaus in
    der Trumpffarbe weiter (Ass, Zehn, König …)" """
    assert matadors(GameType.DIAMONDS, mask("CJ SJ HJ D7"), jacks_only=True) == 3
    assert matadors(GameType.DIAMONDS, mask("CJ SJ HJ DJ DA DT D7"), jacks_only=True) == 4
    assert matadors(GameType.DIAMONDS, mask("CJ SJ HJ DJ DA DT D7"), jacks_only=False) == 6
    assert matadors(GameType.HEARTS, mask("HA HT D7"), jacks_only=True) == -4
    assert matadors(GameType.HEARTS, mask("HA HT D7"), jacks_only=False) == -4
    assert matadors(GameType.HEARTS, mask("H9 D7"), jacks_only=False) == -8


def test_officers_match_alternates_dealer_even_number_of_hands() -> None:
    """000: "decide at random who deals first; after that the deal alternates. The other
    player is called forehand. Forehand is always the declarer".  000: "Agree beforehand how
    many hands to play – an even number, so that both players declare equally often."  002:
    "Vorhand ist immer der Ansager"; "am besten eine gerade Zahl, damit jeder gleich oft
    ansagt" """
    with pytest.raises(MatchError):
        Match.new("officers", OFFICERS, players=2, hands=3)
    m = Match.new("officers", OFFICERS, players=2, hands=2, first_dealer=0)
    deal_into(m, SCORING_DECK)
    assert m.seats == (1, 0)  # player 1 is forehand
    match_act(m, "game:D no " + PLAY_94)
    assert m.sheet[-1].declarer == 1 and m.sheet[-1].changes == (0, 72)
    deal_into(m, SCORING_DECK)
    assert m.dealer == 1 and m.seats == (0, 1)
    match_act(m, "game:D no " + PLAY_58)
    assert m.sheet[-1].changes == (-72, 0) and m.finished
    assert [p["score"] for p in m.standings()] == [-72, 72]


def test_officers_passing_variant_dealer_chooses_then_ramsch_without_trumps() -> None:
    """000: "Passing: forehand may pass instead of choosing trumps. Then the dealer may
    choose once both players have four face-up cards. If both pass, the hand is played as
    Ramsch: without any trumps – [...] not even the Jacks are trumps – and whoever takes
    fewer card points wins."  002: "Passen beide, wird Ramsch gespielt: ganz ohne Trumpf"."""
    rules = OFFICERS.with_options(officers_passing=True)
    h = OfficersHand(OFFICERS, SCORING_DECK)
    assert PASS not in h.legal_actions()  # only as a variant
    h = OfficersHand(rules, SCORING_DECK)
    h.apply(PASS)
    assert h.to_move == DEALER and h.phase == OPhase.DECLARE
    assert h.observe(DEALER).playable == (mask("ST D8 D9 SQ"), mask("HQ DJ CK DA"))
    assert {declare(GameType.CLUBS), PASS} <= set(h.legal_actions())
    chosen = h.clone()
    chosen.apply(declare(GameType.CLUBS))
    assert chosen.declarer == DEALER and chosen.game == GameType.CLUBS
    h.apply(PASS)
    assert h.game == GameType.NO_TRUMP and h.phase == OPhase.PLAY and h.dealt == 32
    assert TRUMPS[GameType.NO_TRUMP] == 0
    # A Jack follows its printed suit and wins nothing as a trump.
    assert legal_follow(GameType.NO_TRUMP, parse_card("SJ"), mask("S7 CJ")) == mask("S7")
    assert trick_winner(GameType.NO_TRUMP, cards("S7 CJ")) == 0
    play_first_legal(h)
    r = h.result
    assert r is not None and r.game == "ramsch" and sum(r.points) == 120
    more = 0 if r.points[0] > r.points[1] else 1
    assert r.points[0] != r.points[1]
    assert r.scores[more] == -r.points[more] and r.scores[1 - more] == 0  # fewer points wins


def test_officers_null_variant() -> None:
    """000: "Null: some rules also allow a Null game as in Skat, in which the declarer must
    not win a single trick."  002: "Null: Manche Regeln erlauben auch ein Nullspiel wie beim
    Skat, bei dem der Ansager keinen einzigen Stich machen darf." """
    assert declare(GameType.NULL) not in OfficersHand(OFFICERS, SCORING_DECK).legal_actions()
    h = OfficersHand(OFFICERS.with_options(officers_null=True), SCORING_DECK)
    act(h, "game:N no")
    while not h.done and not h.trick_counts[OFH]:
        h.apply(h.legal_actions()[0])
    assert h.done and h.trick_counts[OFH] == 1 and h.result is not None and not h.result.won


def test_officers_simple_scoring_variants() -> None:
    """000: "Simple scoring: the winner scores 2 points, 3 with Schneider, 4 with Schwarz,
    and each player 1 point for a 60–60 draw. Or the winner simply scores the base value,
    doubled for Schneider."  002: "Einfache Wertung: Der Gewinner bekommt 2 Punkte, mit
    Schneider 3, mit Schwarz 4; bei 60 zu 60 jeder 1 Punkt. Oder der Gewinner schreibt
    einfach den Grundwert, bei Schneider doppelt." """
    pts = OFFICERS.with_options(officers_scoring="simple_points")
    base = OFFICERS.with_options(officers_scoring="simple_base")

    def scores(rules: Rules, points: int, tricks: int) -> tuple[int, ...]:
        return _officers_score(rules, GameType.SPADES, 2, points, tricks, 16, False, False, 0)["scores"]

    assert scores(pts, 70, 9) == (2, 0)
    assert scores(pts, 91, 12) == (3, 0)
    assert scores(pts, 120, 16) == (4, 0)
    assert scores(pts, 50, 6) == (0, 2)  # the opponent wins
    assert scores(pts, 60, 8) == (1, 1)
    assert scores(base, 70, 9) == (11, 0)
    assert scores(base, 100, 12) == (22, 0)
    assert scores(base, 25, 3) == (0, 22)


def test_harlequin_one_to_see_one_to_turn() -> None:
    """000: "Harlequin Skat: no layout on the table. The players take turns drawing cards
    from a pile: the first card normally into the hand, the next one turned the other way
    round so that only the opponent can see it, and so on ("one to see, one to turn"). Each
    player knows half of their own cards and half of their opponent's."  002: "("eine zum
    Sehen, eine zum Drehen"). Jeder kennt die Hälfte seiner eigenen und die Hälfte der
    gegnerischen Karten." """
    deck = list(range(32))
    h = OfficersHand(OFFICERS.with_options(officers_layout="harlequin"), deck)
    for seat in (OFH, DEALER):
        obs = h.observe(seat)
        own = deck[seat::2]
        assert obs.hand == mask_of(own[0::2]) and obs.blind == 8  # own draws: see, turn, see ...
        assert obs.opponent_hand_visible == mask_of(deck[1 - seat :: 2][1::2])  # their turned cards
        assert obs.hand.bit_count() == obs.opponent_hand_visible.bit_count() == 8


def test_admirals_five_five_five_and_a_skat_bidding() -> None:
    """000: "Admirals' Skat: each player gets 5 cards face down, 5 face up and 5 in the
    hand; 2 cards are set aside as the Skat. The declarer is decided by bidding as in
    Skat."  002: "Admiralsskat: Jeder bekommt 5 Karten verdeckt, 5 offen und 5 auf die Hand;
    2 Karten kommen als Skat beiseite. Wer ansagt, wird wie beim Skat durch Reizen
    entschieden." """
    h = OfficersHand(OFFICERS.with_options(officers_layout="admirals"), list(range(32)))
    for seat in (OFH, DEALER):
        assert h.down[seat].bit_count() == h.up[seat].bit_count() == h.handm[seat].bit_count() == 5
    assert h.skat.bit_count() == 2
    assert h.phase == OPhase.BIDDING and h.to_move == DEALER
    act(h, "18 hold pass")  # the dealer says, forehand holds
    assert h.declarer == OFH and h.bid == 18 and h.phase == OPhase.SKAT
    assert h.legal_actions() == [PICKUP, HAND]
