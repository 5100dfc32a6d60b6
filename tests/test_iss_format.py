"""Tests for the ISS game-record parser.

The records below are our own deals, written in the shape of real ISS lines.
Each was replayed with follow-suit checks, and its R[...] block (points,
tricks, matadors, value) was computed the way ISS does.  So they can also
serve as integration fixtures (see tests/data/iss_sample.txt).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.engine.iss_format import (
    IssDeclaration,
    IssFormatError,
    IssMove,
    find_declaration,
    iss_deal,
    parse_card,
    parse_declaration,
    parse_iss_line,
    parse_result,
    token_kind,
)

SAMPLE_FILE = Path(__file__).parent / "data" / "iss_sample.txt"


def iss_line(game_id: str, time: str, players: str, mv: str, result: str) -> str:
    """Assemble a record the way ISS writes it (note the space before ']')."""
    p0, p1, p2 = players.split()
    return (
        "(;GM[Skat]PC[International Skat Server]CO[]SE[731204]"
        f"ID[{game_id}]DT[2023-03-14/{time}/UTC]P0[{p0}]P1[{p1}]P2[{p2}]"
        f"R0[]R1[0.0]R2[]MV[{mv} ]R[{result}] ;)"
    )


def c(names: str) -> tuple[int, ...]:
    """Cards from space-separated ISS names, via the parser under test."""
    return tuple(parse_card(n) for n in names.split())


# Hearts with pickup: middlehand wins the bidding at 27, picks up, discards
# D7 C8, wins with 73 (with 2 matadors -> 10 * 3 = 30).
SUIT_PICKUP = iss_line(
    "9021577",
    "19:02:41",
    "ada bert clara",
    "w CK.DT.S8.DA.CT.H8.HJ.CA.DJ.HQ.H9.C8.HT.HK.SA.ST.HA.D7.SJ.CJ"
    ".C9.SK.D8.C7.DK.SQ.D9.CQ.DQ.S9.H7.S7"
    " 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 p 2 27 1 y 2 p"
    " 1 s w H7.S7 1 H.D7.C8"
    " 0 DA 1 ST 2 D8 0 CA 1 H7 2 C9 1 HT 2 C7 0 H8 1 HA 2 CQ 0 DJ"
    " 0 CK 1 HK 2 DQ 1 S7 2 SQ 0 S8 2 DK 0 DT 1 SJ 1 H9 2 SK 0 HQ"
    " 0 HJ 1 CJ 2 D9 1 SA 2 S9 0 CT",
    "d:1 win v:30 m:2 bidok p:73 t:6 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
)

# Grand hand by forehand with 3 matadors, schneider: 24 * 6 = 144.
GRAND_HAND = iss_line(
    "9021578",
    "19:06:05",
    "bert clara ada",
    "w HJ.CA.SJ.CJ.HA.ST.SA.CK.CT.D7.CQ.D8.DK.S7.C7.HQ.H9.DJ.C8.C9"
    ".H7.H8.SQ.SK.HT.S8.S9.D9.DQ.DA.DT.HK"
    " 1 p 2 18 0 y 2 20 0 y 2 22 0 y 2 23 0 y 2 24 0 y 2 27 0 y 2 p"
    " 0 GH"
    " 0 SA 1 S7 2 SQ 0 HA 1 H9 2 H8 0 ST 1 C9 2 S8 0 CK 1 CQ 2 D9"
    " 0 CA 1 C8 2 SK 0 HJ 1 DJ 2 DA 0 CJ 1 C7 2 H7 0 D7 1 D8 2 DQ"
    " 2 S9 0 SJ 1 HQ 0 CT 1 DK 2 HT",
    "d:0 win v:144 m:3 bidok p:117 t:9 s:1 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
)

# Null ouvert with pickup by rearhand: discards DA SA, shows 10 cards.
NULL_OUVERT = iss_line(
    "9021579",
    "19:09:52",
    "clara ada bert",
    "w CQ.SK.HA.DQ.CJ.HT.HQ.HK.CK.DJ.DK.SJ.S9.CT.ST.CA.HJ.DT.SQ.D9"
    ".H7.D7.S7.S8.C7.C9.H8.H9.C8.D8.DA.SA"
    " 1 18 0 y 1 20 0 p 2 22 1 y 2 23 1 p"
    " 2 s w DA.SA 2 NO.DA.SA.C7.C8.C9.S7.S8.H7.H8.H9.D7.D8"
    " 0 DQ 1 D9 2 D7 0 DJ 1 DK 2 D8 1 HJ 2 H7 0 HK 0 HQ 1 CA 2 H8"
    " 0 CQ 1 CT 2 C7 0 HT 1 ST 2 H9 0 HA 1 S9 2 S7 0 CK 1 DT 2 C8"
    " 0 CJ 1 SQ 2 C9 0 SK 1 SJ 2 S8",
    "d:2 win v:46 m:0 bidok p:22 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0",
)

# Everybody passes.
PASSED = iss_line(
    "9021581",
    "19:15:02",
    "bert clara ada",
    "w DA.HA.H9.CJ.SJ.HQ.S7.HT.DJ.CT.C9.C8.D7.D9.SK.ST.H8.C7.CA.DT.DQ.CQ.H7.D8.CK.SA.S8.HJ.DK.HK.SQ.S9 1 p 2 p 0 p",
    "passed",
)

# Clubs hand; after 4 tricks the declarer shows cards and both opponents
# resign, so the declarer gets the remaining tricks (120 - 36 = 84 points).
RESIGNED = iss_line(
    "9021580",
    "19:12:30",
    "ada bert clara",
    "w SJ.HQ.DA.HK.S7.C7.D8.DK.SQ.D7.ST.CT.HJ.CK.SA.CJ.HA.C9.CA.CQ"
    ".S9.DJ.H9.C8.HT.H8.DT.H7.SK.D9.DQ.S8"
    " 1 18 0 y 1 20 0 p 2 p 1 CH"
    " 0 HK 1 HA 2 H8 1 CA 2 DJ 0 SJ 0 D7 1 SA 2 DT 2 H9 0 HQ 1 CJ"
    " 1 SC 2 RE 0 RE",
    "d:1 win v:36 m:1 bidok p:84 t:8 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1",
)

# Forehand times out during bidding: penalty, no declarer.
TIMEOUT = iss_line(
    "9021582",
    "19:16:40",
    "clara ada bert",
    "w SA.SJ.SQ.DJ.H8.D7.D8.CJ.S8.DQ.CK.HQ.H7.H9.DT.D9.S9.C8.DA.DK"
    ".C9.ST.HJ.HA.CT.HK.CQ.SK.HT.C7.CA.S7"
    " 1 18 0 y 1 20 w TI.0",
    "d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:1 p1:0 p2:0 l:-1 to:0 r:0",
)

ALL_LINES = [SUIT_PICKUP, GRAND_HAND, NULL_OUVERT, PASSED, RESIGNED, TIMEOUT]


# ------------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [("D7", 0), ("DA", 7), ("H8", 9), ("HT", 11), ("SJ", 20), ("SA", 23), ("CJ", 28), ("CA", 31)],
)
def test_parse_card_uses_project_encoding(text: str, expected: int) -> None:
    assert parse_card(text) == expected


def test_parse_card_covers_all_32_cards() -> None:
    names = [s + r for s in "DHSC" for r in "789TJQKA"]
    assert [parse_card(n) for n in names] == list(range(32))


@pytest.mark.parametrize("bad", ["", "C", "CX", "XJ", "cj", "C10", "CJ ", "??"])
def test_parse_card_rejects_bad_cards(bad: str) -> None:
    with pytest.raises(IssFormatError, match="card"):
        parse_card(bad)


def test_parse_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("ZZ")


# ------------------------------------------------------------ declarations


def test_declaration_with_pickup_and_discards() -> None:
    d = parse_declaration("G.CJ.SJ")
    assert d == IssDeclaration(
        game="G",
        hand=False,
        schneider_announced=False,
        schwarz_announced=False,
        ouvert=False,
        discards=(28, 20),
    )


def test_hand_declarations_and_implied_modifiers() -> None:
    gh = parse_declaration("GH")
    assert (gh.game, gh.hand, gh.discards) == ("G", True, ())
    chs = parse_declaration("CHS")
    assert chs.hand and chs.schneider_announced and not chs.schwarz_announced
    # Schwarz announced implies schneider announced.
    ghz = parse_declaration("GHZ")
    assert ghz.schneider_announced and ghz.schwarz_announced
    # A trump ouvert game is hand, schneider and schwarz without saying so.
    go = parse_declaration("GO")
    assert go.hand and go.ouvert and go.schneider_announced and go.schwarz_announced


def test_null_declarations() -> None:
    n = parse_declaration("N.D7.D8")
    assert (n.game, n.hand, n.ouvert, n.discards) == ("N", False, False, (0, 1))
    noh = parse_declaration("NOH")
    assert noh.hand and noh.ouvert and not noh.schneider_announced
    # Null ouvert is not implicitly hand.
    no = parse_declaration("NO.DA.SA.C7.C8.C9.S7.S8.H7.H8.H9.D7.D8")
    assert not no.hand and no.ouvert
    assert no.discards == c("DA SA")
    assert no.shown_cards == c("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8")


def test_ouvert_hand_lists_shown_cards() -> None:
    d = parse_declaration("SHO.D8.D9.DQ.H8.HT.HQ.C7.C8.CK.CA")
    assert d.game == "S" and d.hand and d.ouvert
    assert d.discards == ()
    assert d.shown_cards == c("D8 D9 DQ H8 HT HQ C7 C8 CK CA")


def test_hidden_discards_seen_by_opponents() -> None:
    d = parse_declaration("NO.??.??.D8.D9.DQ.H8.HT.HQ.C7.C8.CK.CA")
    assert d.discards == () and d.discards_hidden
    assert len(d.shown_cards) == 10


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("X", "not a game declaration"),
        ("", "not a game declaration"),
        ("CQ", "unknown modifier 'Q'"),
        ("GHH", "repeated modifier"),
        ("NS", "null game cannot announce"),
        ("CS", "only be announced in hand games"),
        ("CH.D7.D8", "lists 2 cards"),
        ("G.CJ", "lists 1 cards"),
        ("G.CJ.XX", "unknown card 'XX'"),
        ("SHO.??.D9.DQ.H8.HT.HQ.C7.C8.CK.CA", "cannot be hidden"),
    ],
)
def test_bad_declarations(token: str, fragment: str) -> None:
    with pytest.raises(IssFormatError, match=fragment):
        parse_declaration(token)


# ------------------------------------------------------------- token kinds


@pytest.mark.parametrize(
    ("token", "kind"),
    [
        ("18", "bid"),
        ("y", "hold"),
        ("p", "pass"),
        ("s", "skat_request"),
        ("H7.S7", "cards"),
        ("??.??", "cards"),
        ("CJ", "card"),
        ("??", "card"),
        ("ST", "card"),
        ("S", "declaration"),
        ("DH", "declaration"),
        ("G.CJ.SJ", "declaration"),
        ("RE", "resign"),
        ("SC", "show_cards"),
        ("SC.HT.HA.SJ", "show_cards"),
        ("TI.0", "timeout"),
        ("LE.2", "leave"),
        (".".join(["??"] * 32), "deal"),
    ],
)
def test_token_kind(token: str, kind: str) -> None:
    assert token_kind(token) == kind


@pytest.mark.parametrize("bad", ["", "X9", "TI.3", "LE", "q", "SC.ZZ", "H7|S7"])
def test_token_kind_rejects_garbage(bad: str) -> None:
    with pytest.raises(IssFormatError):
        token_kind(bad)


# ------------------------------------------------------------------ records


@pytest.mark.parametrize("line", ALL_LINES)
def test_every_sample_line_parses(line: str) -> None:
    record = parse_iss_line(line)
    assert record.moves[0].actor == "w"
    assert record.moves[0].kind == "deal"
    assert record.result is not None


def test_suit_game_with_pickup() -> None:
    record = parse_iss_line(SUIT_PICKUP)
    assert record.game_id == "9021577"
    assert record.players == ("ada", "bert", "clara")
    assert record.raw_tags["DT"] == "2023-03-14/19:02:41/UTC"
    assert record.raw_tags["R1"] == "0.0"
    assert record.moves[1] == IssMove("1", "18")
    assert record.moves[2] == IssMove("0", "y")
    assert record.moves[1].seat == 1 and record.moves[0].seat is None

    kinds = [m.kind for m in record.moves]
    assert kinds.count("card") == 30
    pickup = kinds.index("skat_request")
    assert record.moves[pickup] == IssMove("1", "s")
    assert record.moves[pickup + 1] == IssMove("w", "H7.S7")
    assert record.moves[pickup + 2] == IssMove("1", "H.D7.C8")

    seat, decl = find_declaration(record)
    assert seat == 1
    assert (decl.game, decl.hand, decl.discards) == ("H", False, c("D7 C8"))

    r = record.result
    assert r.declarer == 1 and r.won is True and r.value == 30
    assert r.matadors == 2 and r.overbid is False
    assert (r.declarer_points, r.declarer_tricks) == (73, 6)
    assert r.schneider is False and r.schwarz is False
    assert not (r.passed or r.resigned or r.timeout or r.left or r.penalty)
    assert r.raw["l"] == "-1" and r.raw["win"] == ""


def test_deal_is_forehand_middlehand_rearhand_skat() -> None:
    fore, middle, rear, skat = iss_deal(parse_iss_line(SUIT_PICKUP))
    assert fore == c("CK DT S8 DA CT H8 HJ CA DJ HQ")
    assert middle == c("H9 C8 HT HK SA ST HA D7 SJ CJ")
    assert rear == c("C9 SK D8 C7 DK SQ D9 CQ DQ S9")
    assert skat == c("H7 S7")
    assert sorted(fore + middle + rear + skat) == list(range(32))


def test_hand_game() -> None:
    record = parse_iss_line(GRAND_HAND)
    assert "skat_request" not in [m.kind for m in record.moves]
    seat, decl = find_declaration(record)
    assert seat == 0
    assert decl.game == "G" and decl.hand and decl.discards == ()
    r = record.result
    assert (r.declarer, r.won, r.value, r.matadors) == (0, True, 144, 3)
    assert r.schneider is True and r.schwarz is False


def test_null_ouvert() -> None:
    record = parse_iss_line(NULL_OUVERT)
    seat, decl = find_declaration(record)
    assert seat == 2
    assert decl.game == "N" and decl.ouvert and not decl.hand
    assert decl.discards == c("DA SA")
    _, _, rear, skat = iss_deal(record)
    assert set(decl.shown_cards) == set(rear)  # picked up and put back DA SA
    assert skat == c("DA SA")
    r = record.result
    assert (r.won, r.value, r.matadors, r.declarer_tricks) == (True, 46, 0, 0)


def test_passed_game() -> None:
    record = parse_iss_line(PASSED)
    assert [m.kind for m in record.moves[1:]] == ["pass"] * 3
    assert find_declaration(record) is None
    r = record.result
    assert r.passed and r.declarer is None and r.won is None
    assert r.value is None and not r.penalty
    assert r.raw == {"passed": ""}


def test_passed_game_written_with_declarer_minus_one() -> None:
    # Not seen in public records, but d:-1 without penalty means no game.
    r = parse_result("d:-1 v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0")
    assert r.passed and r.declarer is None and not r.penalty


def test_resigned_game() -> None:
    record = parse_iss_line(RESIGNED)
    assert [m.kind for m in record.moves[-3:]] == ["show_cards", "resign", "resign"]
    assert [m.actor for m in record.moves[-3:]] == ["1", "2", "0"]
    seat, decl = find_declaration(record)
    assert seat == 1 and decl.game == "C" and decl.hand
    r = record.result
    assert r.resigned and r.won is True
    assert (r.value, r.declarer_points, r.declarer_tricks) == (36, 84, 8)


def test_resigned_without_r_item_falls_back_on_re_moves() -> None:
    old_style = RESIGNED.replace(" r:1]", "]")
    record = parse_iss_line(old_style)
    assert "r" not in record.result.raw
    assert record.result.resigned


def test_timeout_penalty() -> None:
    record = parse_iss_line(TIMEOUT)
    assert record.moves[-1] == IssMove("w", "TI.0")
    assert record.moves[-1].kind == "timeout"
    assert find_declaration(record) is None
    r = record.result
    assert r.declarer is None and r.won is None
    assert r.penalty and r.timeout and not r.left and not r.passed
    assert r.raw["p0"] == "1" and r.raw["to"] == "0"


def test_player_left() -> None:
    line = TIMEOUT.replace("w TI.0", "w LE.2").replace("p0:1 p1:0 p2:0 l:-1 to:0", "p0:0 p1:0 p2:1 l:2 to:-1")
    r = parse_iss_line(line).result
    assert r.left and not r.timeout and r.penalty


def test_split_pickup_form_merges_discards() -> None:
    # Declaration without cards, then the discards as the next move.
    line = SUIT_PICKUP.replace("1 H.D7.C8", "1 H 1 D7.C8")
    record = parse_iss_line(line)
    seat, decl = find_declaration(record)
    assert seat == 1 and decl.discards == c("D7 C8")


def test_overbid_and_loss_result() -> None:
    r = parse_result("d:2 loss v:-72 m:1 overbid p:41 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0")
    assert (r.declarer, r.won, r.value, r.overbid) == (2, False, -72, True)


def test_matadors_are_signed() -> None:
    r = parse_result("d:0 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0")
    assert r.matadors == -2
    assert r.resigned is False and r.left is False and r.timeout is False


def test_optional_tags_and_old_place_name() -> None:
    line = SUIT_PICKUP.replace("PC[International Skat Server]CO[]", "PC[Internet Skat Server]")
    line = line.replace("R0[]", "R0[null]")
    record = parse_iss_line(line)
    assert "CO" not in record.raw_tags and record.raw_tags["R0"] == "null"


def test_surrounding_whitespace_is_ignored() -> None:
    assert parse_iss_line("  " + PASSED + "\n").game_id == "9021581"


def test_record_without_result_block() -> None:
    line = PASSED.replace("R[passed] ", "")
    assert parse_iss_line(line).result is None


def test_records_are_immutable_and_hashable() -> None:
    record = parse_iss_line(SUIT_PICKUP)
    with pytest.raises(AttributeError):
        record.game_id = "1"  # type: ignore[misc]
    assert hash(record) == hash(parse_iss_line(SUIT_PICKUP))


# --------------------------------------------------------- malformed input


def test_missing_mv() -> None:
    line = PASSED[: PASSED.index("MV[")] + PASSED[PASSED.index("R[passed]") :]
    with pytest.raises(IssFormatError, match=r"ID\[9021581\].*missing tag\(s\) MV"):
        parse_iss_line(line)


def test_missing_player() -> None:
    with pytest.raises(IssFormatError, match=r"missing tag\(s\) P1"):
        parse_iss_line(PASSED.replace("P1[clara]", ""))


def test_unknown_card_in_deal() -> None:
    line = SUIT_PICKUP.replace("w CK.DT", "w CX.DT")
    with pytest.raises(IssFormatError, match="move 0.*CX"):
        parse_iss_line(line)


def test_unknown_card_in_play() -> None:
    line = SUIT_PICKUP.replace("0 DA 1 ST", "0 DA 1 SX")
    with pytest.raises(IssFormatError, match="unrecognised move token 'SX'"):
        parse_iss_line(line)


def test_duplicate_card_in_deal() -> None:
    line = SUIT_PICKUP.replace("w CK.DT", "w CK.CK")
    with pytest.raises(IssFormatError, match="deal repeats card.*CK"):
        parse_iss_line(line)


def test_short_deal() -> None:
    line = SUIT_PICKUP.replace("w CK.DT.", "w ")
    with pytest.raises(IssFormatError, match="first move must be the world deal"):
        parse_iss_line(line)


def test_truncated_inside_mv() -> None:
    line = SUIT_PICKUP[: SUIT_PICKUP.index("0 DA 1 ST") + 4]
    with pytest.raises(IssFormatError, match="truncated.*MV"):
        parse_iss_line(line)


def test_truncated_after_result() -> None:
    line = SUIT_PICKUP[: -len(" ;)")]
    with pytest.raises(IssFormatError, match=r"truncated: missing closing ';\)'"):
        parse_iss_line(line)


def test_not_a_record() -> None:
    with pytest.raises(IssFormatError, match=r"start with '\(;'"):
        parse_iss_line("table .4 foo play 1 RE 124.1 173.9 177.8")
    with pytest.raises(IssFormatError, match="empty line"):
        parse_iss_line("   ")


def test_odd_number_of_mv_items() -> None:
    line = PASSED.replace(" 0 p ]", " 0 ]")
    with pytest.raises(IssFormatError, match="odd number of items"):
        parse_iss_line(line)


def test_unknown_actor() -> None:
    line = PASSED.replace(" 2 p ", " 3 p ")
    with pytest.raises(IssFormatError, match="unknown actor '3'"):
        parse_iss_line(line)


def test_duplicate_tag() -> None:
    with pytest.raises(IssFormatError, match="tag P0 appears twice"):
        parse_iss_line(PASSED.replace("P1[clara]", "P1[clara]P0[zed]"))


def test_not_skat() -> None:
    with pytest.raises(IssFormatError, match=r"GM\[Doppelkopf\]"):
        parse_iss_line(PASSED.replace("GM[Skat]", "GM[Doppelkopf]"))


def test_bad_result_values() -> None:
    with pytest.raises(IssFormatError, match="v:'abc' is not an integer"):
        parse_iss_line(SUIT_PICKUP.replace("v:30", "v:abc"))
    with pytest.raises(IssFormatError, match="d:5"):
        parse_result("d:5 win v:30")
    with pytest.raises(IssFormatError, match="both win and loss"):
        parse_result("d:1 win loss v:30")
    with pytest.raises(IssFormatError, match="empty"):
        parse_result("  ")


def test_iss_deal_refuses_hidden_cards() -> None:
    hidden = "|".join([".".join(["??"] * 10)] * 3 + ["??.??"])
    record = parse_iss_line(PASSED.replace(PASSED.split("MV[w ")[1].split(" ")[0], hidden))
    with pytest.raises(IssFormatError, match="hidden"):
        iss_deal(record)


# -------------------------------------------------------------- sample file


def test_sample_file_holds_three_parseable_lines() -> None:
    lines = SAMPLE_FILE.read_text().splitlines()
    assert lines == [SUIT_PICKUP, GRAND_HAND, NULL_OUVERT]
    for line in lines:
        assert parse_iss_line(line).result.won is True
