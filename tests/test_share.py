"""Deal codes: every deck and every rule option survives the round trip; bad codes are refused with a reason."""

from __future__ import annotations

import itertools
import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.engine import ISKO, LOTHAR, OFFICERS, Match, OfficersHand, Rules, SkatDeal, SkatHand, share, shuffled_deck
from skat.engine.share import (
    ALPHABET,
    CODE_LENGTH,
    RULE_FIELDS,
    RULE_FIELDS_V1,
    RULE_FIELDS_V2,
    ShareCodeError,
    SharedDeal,
    deal_code_for,
    deck_from_rank,
    deck_rank,
    decode_deal,
    encode_deal,
)

decks = st.permutations(list(range(32))).map(tuple)
rules_strategy = st.builds(Rules, **{name: st.sampled_from(choices) for name, choices in RULE_FIELDS})
games = st.sampled_from([("skat", 3), ("skat", 4), ("officers", 2)])


def all_rules() -> list[Rules]:
    names = [name for name, _ in RULE_FIELDS_V1]
    return [
        Rules(**dict(zip(names, combo, strict=True))) for combo in itertools.product(*(c for _, c in RULE_FIELDS_V1))
    ]


def test_the_table_covers_every_rule_option_with_its_valid_values() -> None:
    assert share._check_table_covers_rules() == []
    assert sorted(name for name, _ in RULE_FIELDS) == sorted(f.name for f in fields(Rules))
    assert RULE_FIELDS is RULE_FIELDS_V2 and RULE_FIELDS_V2[: len(RULE_FIELDS_V1)] == RULE_FIELDS_V1
    v1 = share.CODE_VERSIONS[1]
    assert v1.rules_bits == 14 and v1.payload_bits + share.CRC_BITS == 155 and v1.length == 31


def test_version_2_is_as_long_as_its_table_needs_and_no_longer() -> None:
    v2 = share.CODE_VERSIONS[2]
    used = 5 + 1 + 1 + sum(v2.rule_widths) + 118 + 16
    assert v2.length == -(-used // 5) == share.CODE_LENGTH and 0 <= v2.pad_bits < 5
    assert v2.length * 5 == used + v2.pad_bits


def test_every_newer_option_is_off_by_default_so_older_codes_keep_todays_play() -> None:
    """A version-1 code holds none of the newer options, so it reads them at their defaults; those
    must be the first choice (what a zero padding bit reads as) and today's play (``Rules()``)."""
    for name, choices in RULE_FIELDS_V2[len(RULE_FIELDS_V1) :]:
        assert getattr(Rules(), name) == choices[0], name
        for preset in (ISKO, LOTHAR, OFFICERS):
            assert getattr(preset, name) == choices[0], name


@settings(max_examples=300)
@given(deck=decks, rules=rules_strategy, table=games)
def test_round_trip(deck: tuple[int, ...], rules: Rules, table: tuple[str, int]) -> None:
    game, players = table
    code = encode_deal(game, rules, deck, players)
    assert len(code) == CODE_LENGTH <= 34  # two more characters for the Bock and Spitze options
    assert set(code) <= set(ALPHABET)
    assert decode_deal(code) == SharedDeal(game, rules, deck, players)
    # Humans may type it lower case, in groups, with I/L/O for 1/1/0.
    grouped = "-".join(code[i : i + 4] for i in range(0, len(code), 4)).lower()
    assert decode_deal(f"  {grouped} ") == decode_deal(code)
    assert decode_deal(code.replace("1", "l").replace("0", "O")) == decode_deal(code)


OLD_ISKO_CODES = {3: "1500AP80XQDBWH4J6N8E5R09X72M2BR", 4: "1D00AP80XQDBWH4J6N8E5R09X72M5VS"}
"""Written by the game before the ISkO preset included Seeger-Fabian (deck of ``shuffled_deck(Random(16))``)."""


@pytest.mark.parametrize("players", [3, 4])
def test_a_code_from_before_the_isko_preset_had_seeger_fabian_keeps_its_meaning(players: int) -> None:
    """The code spells every option out, so a code shared under the old ISkO preset still deals
    with Seeger-Fabian off, and today's ISkO (Seeger-Fabian on) writes a different code."""
    shared = decode_deal(OLD_ISKO_CODES[players])
    assert shared.deck == shuffled_deck(random.Random(16)) and shared.players == players
    assert shared.rules == ISKO.with_options(seeger_fabian=False) == Rules()
    assert ISKO.seeger_fabian
    today = encode_deal("skat", ISKO, shared.deck, players)
    assert today != OLD_ISKO_CODES[players] and decode_deal(today).rules == ISKO


V1_CODES = {
    "1AT025SBNBEHTP8SGHNY5BCF3S00Y39": ("skat", 4, LOTHAR.with_options(kontra_re=True, jungfrau=True)),
    "154025SBNBEHTP8SGHNY5BCF3S00MCV": ("skat", 3, ISKO),
    "1N9525SBNBEHTP8SGHNY5BCF3S01QNH": (
        "officers",
        2,
        OFFICERS.with_options(officers_layout="admirals", officers_passing=True, officers_scoring="simple_base"),
    ),
}
"""Version-1 codes written by the game before version 2 (deck of ``shuffled_deck(Random(21))``)."""


@pytest.mark.parametrize("code", sorted(V1_CODES))
def test_a_version_1_code_keeps_its_meaning_with_the_newer_options_off(code: str) -> None:
    game, players, rules = V1_CODES[code]
    shared = decode_deal(code)
    assert shared == SharedDeal(game, rules, shuffled_deck(random.Random(21)), players)
    assert shared.rules.ramsch_skat == "last_trick"
    today = shared.code  # written again, it is a version-2 code of the same deal and rules
    assert today[0] == "2" and len(today) == CODE_LENGTH and decode_deal(today) == shared


def test_every_rule_combination_round_trips() -> None:
    deck = shuffled_deck(random.Random(7))
    combos = all_rules()
    assert len(combos) == 2**10 * 3 * 3
    seen = set()
    for rules in combos:
        code = encode_deal("officers" if rules.officers_null else "skat", rules, deck)
        assert decode_deal(code).rules == rules
        seen.add(code)
    assert len(seen) == len(combos)
    # Every value of every newer option, over a sample of the rest.
    rng = random.Random(8)
    for name, choices in RULE_FIELDS_V2[len(RULE_FIELDS_V1) :]:
        for value in choices:
            for rules in rng.sample(combos, 50):
                rules = rules.with_options(**{name: value})
                code = encode_deal("skat", rules, deck)
                assert decode_deal(code).rules == rules


@settings(max_examples=200)
@given(deck=decks)
def test_lehmer_code_is_a_bijection_onto_ranks_below_32_factorial(deck: tuple[int, ...]) -> None:
    rank = deck_rank(deck)
    assert 0 <= rank < share._FACTORIAL_32 < 2**118
    assert deck_from_rank(rank) == deck


def test_lehmer_extremes() -> None:
    assert deck_rank(range(32)) == 0
    assert deck_from_rank(share._FACTORIAL_32 - 1) == tuple(range(31, -1, -1))
    with pytest.raises(ShareCodeError):
        deck_from_rank(share._FACTORIAL_32)


@settings(max_examples=50)
@given(deck=decks, rules=rules_strategy, players=st.sampled_from([3, 4]))
def test_skat_code_deals_the_same_hands_and_skat(deck: tuple[int, ...], rules: Rules, players: int) -> None:
    shared = decode_deal(encode_deal("skat", rules, deck, players))
    assert SkatDeal.from_deck(shared.deck) == SkatDeal.from_deck(deck)
    hand = shared.new_hand()
    assert isinstance(hand, SkatHand)
    original = SkatHand(rules, SkatDeal.from_deck(deck))
    assert hand.hands == original.hands and hand.skat == original.skat
    assert hand.observe(1) == original.observe(1)


@pytest.mark.parametrize("layout", ["officers", "harlequin", "admirals"])
@settings(max_examples=30)
@given(deck=decks)
def test_officers_code_lays_out_the_same_cards(layout: str, deck: tuple[int, ...]) -> None:
    rules = OFFICERS.with_options(officers_layout=layout)
    shared = decode_deal(encode_deal("officers", rules, deck))
    hand, original = shared.new_hand(), OfficersHand(rules, deck)
    assert isinstance(hand, OfficersHand)
    assert hand.pile_cards == original.pile_cards
    assert (hand.up, hand.down, hand.handm, hand.seen, hand.skat) == (
        original.up,
        original.down,
        original.handm,
        original.seen,
        original.skat,
    )
    assert hand.observe(0) == original.observe(0) and hand.observe(1) == original.observe(1)


def test_deal_code_for_match_and_hands() -> None:
    match = Match.new("skat", LOTHAR, players=4, hands=4, seed=3)
    code = deal_code_for(match)
    assert decode_deal(code) == SharedDeal("skat", LOTHAR, match.decks[-1], 4)
    assert deal_code_for(match, 1) == code
    with pytest.raises(ShareCodeError, match="no hand 2"):
        deal_code_for(match, 2)
    assert decode_deal(deal_code_for(match.current)).players == 3  # type: ignore[arg-type]
    officers = Match.new("officers", OFFICERS, players=2, hands=2, seed=3)
    assert decode_deal(deal_code_for(officers.current)) == SharedDeal(  # type: ignore[arg-type]
        "officers", OFFICERS, officers.decks[-1], 2
    )
    assert decode_deal(deal_code_for(officers)).code == deal_code_for(officers)


def test_encode_refuses_what_it_cannot_write() -> None:
    deck = tuple(range(32))
    with pytest.raises(ShareCodeError, match="unknown game"):
        encode_deal("doppelkopf", ISKO, deck)
    with pytest.raises(ShareCodeError, match="table of 2"):
        encode_deal("skat", ISKO, deck, 2)
    with pytest.raises(ShareCodeError, match="table of 3"):
        encode_deal("officers", OFFICERS, deck, 3)
    with pytest.raises(ShareCodeError, match="32 cards"):
        encode_deal("skat", ISKO, deck[:-1])
    with pytest.raises(ShareCodeError, match="32 cards"):
        encode_deal("skat", ISKO, (0,) + deck[1:-1] + (0,))


def _valid_code() -> str:
    return encode_deal("skat", LOTHAR, shuffled_deck(random.Random(11)), 4)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "empty"),
        ("   - ", "empty"),
        ("1U" + "0" * 29, "except U"),
        ("1AB!" + "0" * 27, "'!'"),
        ("1ABC", "too short"),
        ("0" * 31, "not a deal code"),
        ("9" + "0" * 30, "newer version"),
        ("X" + "0" * 30, "not a deal code"),
    ],
)
def test_malformed_codes(code: str, message: str) -> None:
    with pytest.raises(ShareCodeError, match=message):
        decode_deal(code)


def test_not_text() -> None:
    with pytest.raises(ShareCodeError, match="text"):
        decode_deal(None)  # type: ignore[arg-type]


def test_truncated_and_overlong_codes() -> None:
    code = _valid_code()
    for n in range(1, CODE_LENGTH):
        # Cut to a length version 2 once had, the code is read with that table: its checksum fails.
        message = "does not check out" if n in share.DEAL_LENGTHS[2] else "too short"
        with pytest.raises(ShareCodeError, match=message):
            decode_deal(code[:n])
    with pytest.raises(ShareCodeError, match="too long"):
        decode_deal(code + "0")


def test_every_single_character_change_is_caught() -> None:
    for seed in range(3):
        code = encode_deal("officers", OFFICERS, shuffled_deck(random.Random(seed)))
        for i, ch in enumerate(code):
            for other in ALPHABET:
                if other == ch:
                    continue
                tampered = code[:i] + other + code[i + 1 :]
                with pytest.raises(ShareCodeError):
                    decode_deal(tampered)


def test_swapped_neighbours_are_caught() -> None:
    code = _valid_code()
    for i in range(1, len(code) - 1):
        if code[i] != code[i + 1]:
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            with pytest.raises(ShareCodeError, match="does not check out"):
                decode_deal(swapped)


def test_a_changed_character_gets_the_checksum_message() -> None:
    code = _valid_code()
    tampered = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    with pytest.raises(ShareCodeError, match="mistyped"):
        decode_deal(tampered)


def test_code_from_a_future_version() -> None:
    # A well-formed version-3 code with a correct checksum: refused for its version, not its checksum.
    payload = 3 << (share.PAYLOAD_BITS - 5)
    future = share._to_text(payload)
    assert future[0] == "3"
    with pytest.raises(ShareCodeError, match="version 3.*newer version"):
        decode_deal(future)


def _rule_shift(name: str, version: share.CodeVersion = share.CURRENT) -> int:
    """Where option ``name`` sits in a code's payload: above the deck, the padding and the later options."""
    names = [n for n, _ in version.rule_fields]
    later = sum(version.rule_widths[names.index(name) + 1 :])
    return share.DECK_BITS + version.pad_bits + later


@pytest.mark.parametrize("number", sorted(share.CODE_VERSIONS))
def test_unknown_rule_values_and_table_size(number: int) -> None:
    version = share.CODE_VERSIONS[number]
    base = number << (version.payload_bits - 5)

    def text(payload: int) -> str:
        return share._to_text(payload, version)

    # 3 is no layout, nor a scoring.
    with pytest.raises(ShareCodeError, match="officers_layout"):
        decode_deal(text(base | 3 << _rule_shift("officers_layout", version)))
    with pytest.raises(ShareCodeError, match="officers_scoring"):
        decode_deal(text(base | 3 << _rule_shift("officers_scoring", version)))
    if version.pad_bits:  # a padding bit set is an option of a newer game
        with pytest.raises(ShareCodeError) as info:
            decode_deal(text(base | 1 << share.DECK_BITS))
        assert info.value.key == "rules"
    assert decode_deal(text(base)).rules.ramsch_skat == "last_trick"  # zero bits: every option's first value
    # Officers' Skat (game bit 1) at table index 1: no such table.
    game_bit = 1 << (version.payload_bits - 6)
    table_bit = 1 << (version.payload_bits - 7)
    with pytest.raises(ShareCodeError, match="table size"):
        decode_deal(text(base | game_bit | table_bit))
    # A deck rank of 32! or more.
    with pytest.raises(ShareCodeError, match="deck of 32"):
        decode_deal(text(base | ((1 << share.DECK_BITS) - 1)))


@pytest.mark.parametrize("word", ["garbage", "GARBAGE", "hello", "Zebra", "xyz", "skat"])
def test_a_word_is_not_a_deal_code_rather_than_one_from_a_newer_version(word: str) -> None:
    # Issue 16: `skat --deal garbage` read the G as version 16 and spoke of a newer version.
    with pytest.raises(ShareCodeError) as info:
        decode_deal(word)
    assert info.value.key == "not_ours" and "newer" not in str(info.value)


MEGABYTE = 1 << 20
HUGE = {
    "letters": "X" * MEGABYTE,
    "ones": "1" * MEGABYTE,
    "sharp-s": "ß" * MEGABYTE,  # upper-cases to twice its length
    "code-then-junk": "1" + "A" * (MEGABYTE - 1),
    "distinct-bad": "1" + "".join(chr(0x100 + i) for i in range(MEGABYTE // 4)),
}


@pytest.mark.parametrize("name", sorted(HUGE))
def test_a_megabyte_is_refused_before_it_becomes_a_number_and_briefly(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """decode_deal turned the whole text into one integer before checking its length: quadratic,
    44-263 s for 1 MB (issue 15, finding 5).  Now only a text of the code's length is ever converted."""
    converted: list[int] = []
    real = share.text_value

    def counting(text: str) -> int:
        converted.append(len(text))
        if len(text) > CODE_LENGTH:
            raise AssertionError(f"text_value called on {len(text)} characters")
        return real(text)

    monkeypatch.setattr(share, "text_value", counting)
    with pytest.raises(ShareCodeError) as info:
        decode_deal(HUGE[name])
    assert all(n <= CODE_LENGTH for n in converted)
    assert len(str(info.value)) <= 300
    assert all(len(str(v)) <= 300 for v in info.value.params.values())


def test_the_bad_characters_message_names_a_few_and_counts_the_rest() -> None:
    with pytest.raises(ShareCodeError) as info:
        decode_deal("1" + "".join(chr(0x4E00 + i) for i in range(500)))  # CJK: no case, no alias
    assert info.value.key == "characters" and "and 495 more" in str(info.value)


@given(st.text(max_size=40))
def test_arbitrary_text_is_refused_or_read_but_never_crashes(text: str) -> None:
    try:
        shared = decode_deal(text)
    except ShareCodeError as exc:
        assert str(exc)
    else:
        assert shared.code == normalize(text)


def normalize(text: str) -> str:
    return share.normalize_code(text)


def test_an_option_appended_later_leaves_todays_version_2_codes_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Appending options to RULE_FIELDS_V2 past its padding makes codes a character longer; a
    version-2 code of today's length is then read with today's table, the new option off."""
    # One later option wider than today's padding: its table is a character longer at once.
    future = RULE_FIELDS_V2 + (("later", tuple(range(2 ** (share.CURRENT.pad_bits + 1)))),)
    layouts = share.v2_layouts(future)
    assert sorted(layouts) == [*sorted(share.DEAL_LENGTHS[2]), share.CODE_LENGTH + 1]
    assert layouts[share.CODE_LENGTH].rule_fields == RULE_FIELDS_V2
    rules = LOTHAR.with_options(schieberamsch=True, klopfen=True, ramsch_skat="loser")
    deck = shuffled_deck(random.Random(5))
    today = encode_deal("skat", rules, deck)
    challenge = f"{today}-R" + "0" * 14
    monkeypatch.setattr(share, "_V2_BY_LENGTH", layouts)
    monkeypatch.setitem(share.DEAL_LENGTHS, 2, tuple(sorted(layouts, reverse=True)))
    assert decode_deal(today) == SharedDeal("skat", rules, deck, 3)
    from skat.engine.challenge import decode_challenge

    assert decode_challenge(challenge).deal.rules == rules  # the deal part found at its own length
    with pytest.raises(ShareCodeError, match="too short"):
        decode_deal(today[: min(share.DEAL_LENGTHS[2]) - 1])


@pytest.mark.parametrize(
    ("code", "game", "rules", "deck", "players"),
    [
        # Written by the 32-character table (the house rules of issue 21, before Bock rounds and Spitze).
        ("22G0BKSFQT0JF4RBZANV1Z8DJG7826E3", "skat",
         LOTHAR.with_options(schieberamsch=True, klopfen=True, ramsch_skat="loser", kontra_bidders_only=True),
         tuple(shuffled_deck(random.Random(5))), 3),
        ("2D400000000000000000000000000J1J", "skat", ISKO, tuple(range(32)), 4),
    ],
)
def test_codes_written_before_the_bock_and_spitze_options_still_read(
    code: str, game: str, rules: Rules, deck: tuple[int, ...], players: int
) -> None:
    """Every length version 2 has had reads, with the options appended since off."""
    assert len(code) == 32 < CODE_LENGTH and 32 in share.DEAL_LENGTHS[2]
    shared = decode_deal(code)
    assert shared == SharedDeal(game, rules, deck, players)
    assert (shared.rules.bock_events, shared.rules.ramsch_round, shared.rules.spitze) == ("off", False, 0)


def test_a_code_written_before_schenken_and_revolution_reads_with_both_off() -> None:
    """Written by the table before the two options were appended (the same 34 characters: they
    fit in its padding), read with both off."""
    code = "254010G000000000000000000000000S2J"
    shared = decode_deal(code)
    assert shared == SharedDeal("skat", ISKO.with_options(spitze=2, klopfen=True), tuple(range(32)), 3)
    assert not shared.rules.schenken and not shared.rules.revolution
    both = encode_deal("skat", ISKO.with_options(schenken=True, revolution=True), tuple(range(32)))
    assert len(both) == len(code) and decode_deal(both).rules == ISKO.with_options(schenken=True, revolution=True)
