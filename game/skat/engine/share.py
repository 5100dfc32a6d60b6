"""Short deal codes: one hand's game, rule options, table size and deal in about 34 characters.

A code lets two people play (or look at) exactly the same hand: it is typed,
read aloud or pasted into a URL, so it is written in Crockford's base32 — the
digits and capital letters without I, L, O and U.  Unlike base64url it is
case-insensitive, has no punctuation, and a misread ``I``/``L``/``O`` still
decodes (as ``1``/``1``/``0``); that costs five characters over base64url (31
instead of 26) and is worth it for something people copy by hand.  Hyphens and
spaces are ignored, so a code may be shown in groups.

Layout, as one number, most significant bits first::

    version 5 | game 1 | table 1 | rules R | deck 118 | CRC-16 16

Version 1 (31 characters, 155 bits) has R = 14, the options of
``RULE_FIELDS_V1``.  Version 2, the one written today, packs
``RULE_FIELDS_V2`` (version 1's options, then the house rules of issue 21)
and pads R with zero bits up to the next whole character, so its length
follows from the table (:class:`CodeVersion`).  A later option is appended to
``RULE_FIELDS_V2`` with its default ("off") first, and nothing else changes:
while it fits in the padding, earlier version-2 codes read it as off; past
that the length grows by a character, and a shorter version-2 code is read
with the table as long as it was then (:func:`layout_of`), every later
option off.  Version 1 codes are still read the same way.

* The version is exactly the first character (``1``, ``2``), so a code of another
  version is recognised before its length or checksum are looked at.  Versions
  are the digits 1 to 9; text that starts with a letter is no deal code at all.
* The length is checked before the characters are turned into a number (which
  takes time growing with the square of the length), so a megabyte of text is
  refused at once; an error names at most five bad characters.
* The deck is the dealt order of the 32 cards as a Lehmer code (the
  permutation's rank in the factorial number system): 32! < 2**118.  The whole
  order is kept, not only who holds what, because Officers' Skat lays the
  cards out by position and records keep the deck.
* The rule options are packed from a table per version, not from the order of
  :class:`Rules` fields, so reordering ``rules.py`` never changes what an old
  code means; version 1's table is frozen.
* The CRC-16 (CCITT, :func:`binascii.crc_hqx`) detects every error confined to
  16 consecutive bits: any single wrong character (5 bits) and any swap of two
  neighbouring characters (10 bits) is always caught.

>>> from skat.engine.rules import ISKO
>>> code = encode_deal("skat", ISKO, range(32))
>>> len(code), code[0]
(34, '2')
>>> decode_deal(code.lower()).deck == tuple(range(32))
True
"""

from __future__ import annotations

import binascii
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from .deal import check_deck
from .errors import RecordError
from .games import GAMES, Hand, game_of
from .match import Match
from .rules import Rules, RulesError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 digits."""
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)}
_ALIASES = str.maketrans({"I": "1", "L": "1", "O": "0"})
_IGNORED = str.maketrans("", "", " -\t\r\n")

GAME_CODES = ("skat", "officers")
"""The game bit: 0 Skat, 1 Officers' Skat (fixed by the code's format, whatever order :data:`GAMES` has).
The table bit is the index of the table size in the game's :attr:`~skat.engine.games.Game.table_sizes`."""

RuleFields = tuple[tuple[str, tuple[object, ...]], ...]

RULE_FIELDS_V1: RuleFields = (
    ("skip_bids", (False, True)),
    ("all_pass", ("passed", "ramsch")),
    ("announcements", (False, True)),
    ("overbid_null", ("forbidden", "next_step")),
    ("kontra_re", (False, True)),
    ("seeger_fabian", (False, True)),
    ("jungfrau", (False, True)),
    ("officers_passing", (False, True)),
    ("officers_null", (False, True)),
    ("more_matadors", (False, True)),
    ("officers_scoring", ("standard", "simple_points", "simple_base")),
    ("officers_layout", ("officers", "harlequin", "admirals")),
)
"""Every option of version 1 with its values in code order; frozen."""

RULE_FIELDS_V2: RuleFields = RULE_FIELDS_V1 + (
    ("ramsch_skat", ("last_trick", "loser")),
    ("ramsch_always", (False, True)),
    ("schieberamsch", (False, True)),
    ("klopfen", (False, True)),
    ("kontra_bidders_only", (False, True)),
    ("bock_events", ("off", "classic", "all")),
    ("ramsch_round", (False, True)),
    ("ramsch_grand_hand", (False, True)),
    ("spitze", (0, 1, 2)),
    ("schenken", (False, True)),
    ("revolution", (False, True)),
)
"""Version 1's options, then the newer ones, each with its default (today's play) first.
Append only: an option's place and its values' order are what a version-2 code means."""

DECK_BITS = 118
CRC_BITS = 16
HEAD_BITS = 5 + 1 + 1
"""Version, game, table."""


@dataclass(frozen=True)
class CodeVersion:
    """One version of the layout: its rule table decides its rule bits and its length."""

    number: int
    rule_fields: RuleFields
    pad_to_character: bool = True
    """Version 1 fitted its characters exactly; later versions pad the rules with zero bits."""

    @cached_property
    def rule_widths(self) -> tuple[int, ...]:
        return tuple((len(choices) - 1).bit_length() for _, choices in self.rule_fields)

    @cached_property
    def pad_bits(self) -> int:
        used = HEAD_BITS + sum(self.rule_widths) + DECK_BITS + CRC_BITS
        return -used % 5 if self.pad_to_character else 0

    @cached_property
    def rules_bits(self) -> int:
        """The rule options and the padding after them."""
        return sum(self.rule_widths) + self.pad_bits

    @cached_property
    def payload_bits(self) -> int:
        return HEAD_BITS + self.rules_bits + DECK_BITS

    @cached_property
    def length(self) -> int:
        """Characters of a code of this version."""
        bits = self.payload_bits + CRC_BITS
        assert bits % 5 == 0, "a version's bits fill whole characters"
        return bits // 5


CODE_VERSIONS = {v.number: v for v in (CodeVersion(1, RULE_FIELDS_V1, False), CodeVersion(2, RULE_FIELDS_V2))}
VERSION = 2
"""The version written."""
CURRENT = CODE_VERSIONS[VERSION]
CODE_LENGTH = CURRENT.length
"""Characters of a code written today (version 1 codes have 31)."""


def v2_layouts(rule_fields: RuleFields) -> dict[int, CodeVersion]:
    """Version 2's layout for each length its table has had: every prefix of ``rule_fields``
    longer than version 1's, the longest of each length (it reads the shorter ones' padding as
    the later options, off)."""
    out: dict[int, CodeVersion] = {}
    for k in range(len(RULE_FIELDS_V1) + 1, len(rule_fields) + 1):
        layout = CodeVersion(2, rule_fields[:k])
        out[layout.length] = layout
    return out


_V2_BY_LENGTH = v2_layouts(RULE_FIELDS_V2)
assert _V2_BY_LENGTH[CURRENT.length] == CURRENT
DEAL_LENGTHS: dict[int, tuple[int, ...]] = {
    1: (CODE_VERSIONS[1].length,),
    2: tuple(sorted(_V2_BY_LENGTH, reverse=True)),
}
"""Per version, every length a code of it may have (longest first): a version-2 code written
before an option was appended is shorter and still reads."""
RULE_FIELDS = CURRENT.rule_fields
RULES_BITS = CURRENT.rules_bits
PAYLOAD_BITS = CURRENT.payload_bits
assert CODE_VERSIONS[1].length == 31 and CODE_VERSIONS[1].rules_bits == 14
_CRC_START = 0xFFFF
_FACTORIAL_32 = 263130836933693530167218012160000000


def code_version(text: str) -> CodeVersion | None:
    """The newest layout of the version a normalised code text starts with, None if unknown."""
    return CODE_VERSIONS.get(_VALUES.get(text[:1], -1)) if text else None


def layout_of(text: str) -> CodeVersion | None:
    """The layout a whole normalised deal code is written in, by its version and its length
    (None: an unknown version, or no length of that version)."""
    version = code_version(text)
    if version is None or version.number != 2:
        return version if version is not None and len(text) == version.length else None
    return _V2_BY_LENGTH.get(len(text))


def deal_lengths_of(text: str) -> tuple[int, ...]:
    """The lengths the deal code at the start of ``text`` (normalised) may have, longest first
    (today's length when its version is unknown)."""
    version = code_version(text)
    return DEAL_LENGTHS[version.number] if version is not None else (CODE_LENGTH,)


class ShareCodeError(ValueError):
    """A deal code that cannot be read.

    The message is English, for logs and the command line; ``key`` and
    ``params`` let the game say the same in the player's language (catalog
    key ``share.err.<key>``).  Messages are whole sentences, ending with their
    own punctuation."""

    def __init__(self, message: str, key: str = "other", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class SharedDeal:
    """What a deal code holds: enough to deal the identical hand again."""

    game: str
    rules: Rules
    deck: tuple[int, ...]
    players: int

    @property
    def code(self) -> str:
        return encode_deal(self.game, self.rules, self.deck, self.players)

    def new_hand(self) -> Hand:
        """The hand, dealt from the shared deck, ready for its first action."""
        return GAMES[self.game].new_hand(self.rules, self.deck)


# ---------------------------------------------------------------- encoding
def encode_deal(game: str, rules: Rules, deck: Iterable[int], players: int | None = None) -> str:
    """The deal code of one hand.  ``players`` defaults to the game's usual table (Skat 3, Officers' 2)."""
    if game not in GAME_CODES:
        raise ShareCodeError(f"unknown game {game!r}; known: {', '.join(GAME_CODES)}")
    sizes = GAMES[game].table_sizes
    players = sizes[0] if players is None else players
    if players not in sizes:
        raise ShareCodeError(f"{game} is not played at a table of {players}")
    try:
        cards = check_deck(list(deck))
    except RecordError as exc:
        raise ShareCodeError(str(exc)) from exc
    value = VERSION
    value = value << 1 | GAME_CODES.index(game)
    value = value << 1 | sizes.index(players)
    value = value << RULES_BITS | pack_rules(rules)
    value = value << DECK_BITS | deck_rank(cards)
    return _to_text(value)


def pack_rules(rules: Rules, version: CodeVersion = CURRENT) -> int:
    """The packing of every rule option of ``version``, first option in the highest bits, padding zero."""
    bits = 0
    for (name, choices), width in zip(version.rule_fields, version.rule_widths, strict=True):
        value = getattr(rules, name)
        index = next((i for i, c in enumerate(choices) if c == value and type(c) is type(value)), None)
        if index is None:
            raise ShareCodeError(f"rule option {name}={value!r} cannot be written in a deal code")
        bits = bits << width | index
    return bits << version.pad_bits


def deck_rank(deck: Iterable[int]) -> int:
    """Lehmer code: the rank of the deck order among all 32! orders (0 is the sorted deck).

    >>> deck_rank(range(32)), deck_rank(range(31, -1, -1)) == _FACTORIAL_32 - 1
    (0, True)
    """
    remaining = list(range(32))
    rank = 0
    for c in deck:
        i = remaining.index(c)
        rank = rank * len(remaining) + i
        remaining.pop(i)
    return rank


def deck_from_rank(rank: int) -> tuple[int, ...]:
    """Inverse of :func:`deck_rank`; raises ShareCodeError for a rank of 32! or more."""
    if not 0 <= rank < _FACTORIAL_32:
        raise ShareCodeError("This deal code does not describe a deck of 32 cards.", "deck")
    digits = []
    for radix in range(1, 33):
        rank, d = divmod(rank, radix)
        digits.append(d)
    remaining = list(range(32))
    return tuple(remaining.pop(d) for d in reversed(digits))


def _crc(payload: int, version: CodeVersion = CURRENT) -> int:
    return binascii.crc_hqx(payload.to_bytes((version.payload_bits + 7) // 8, "big"), _CRC_START)


def _to_text(payload: int, version: CodeVersion = CURRENT) -> str:
    return value_text(payload << CRC_BITS | _crc(payload, version), version.length)


def value_text(value: int, chars: int) -> str:
    """``value`` written in ``chars`` characters of the alphabet, 5 bits each, most significant first."""
    return "".join(ALPHABET[value >> (5 * i) & 31] for i in range(chars - 1, -1, -1))


MAX_TEXT = 1000
"""Characters a deal code may be typed in, spaces and hyphens included (a challenge code has under 60);
a longer text is refused as too long without being read."""
SHOWN_BAD = 5
"""At most this many distinct bad characters are named in a message."""


def bad_characters(text: str) -> ShareCodeError | None:
    """The error for characters outside the alphabet in ``text``, naming the first few; None if there are none."""
    bad = sorted({ch for ch in text if ch not in _VALUES})
    if not bad:
        return None
    shown = ", ".join(repr(ch) for ch in bad[:SHOWN_BAD])
    if len(bad) > SHOWN_BAD:
        shown += f" and {len(bad) - SHOWN_BAD} more"
    return ShareCodeError(
        f"A deal code is made of digits and the letters A to Z except U; {shown} cannot be part of one.",
        "characters",
        shown=shown,
    )


def text_value(text: str) -> int:
    """The number a normalised code text spells (the inverse of :func:`value_text`);
    a character outside the alphabet is a ShareCodeError, never a crash.  Callers
    check the length first: the work grows with the square of it."""
    error = bad_characters(text)
    if error is not None:
        raise error
    value = 0
    for ch in text:
        value = value << 5 | _VALUES[ch]
    return value


# ---------------------------------------------------------------- decoding
def normalize_code(code: str) -> str:
    """Upper case without spaces and hyphens; I and L read as 1, O as 0 (Crockford)."""
    return code.translate(_IGNORED).upper().translate(_ALIASES)


def decode_deal(code: str) -> SharedDeal:
    """Read a deal code; raises ShareCodeError saying what is wrong with it."""
    if not isinstance(code, str):
        raise ShareCodeError("A deal code is text.", "not_text")
    if len(code) > MAX_TEXT:  # refused before any pass over it
        raise _wrong_length(len(code))
    text = normalize_code(code)
    if not text:
        raise ShareCodeError("The deal code is empty.", "empty")
    error = bad_characters(text)  # one pass, whatever the length
    if error is not None:
        raise error
    layout = code_version(text)
    if layout is None:
        number = _VALUES[text[0]]
        if not text[0].isdigit() or number == 0:  # a word, not a code: codes start with their version digit
            raise ShareCodeError(
                "This is not a deal code of this game "
                f"(deal codes start with their version digit, {_known_starts()}).",
                "not_ours",
            )
        raise ShareCodeError(
            f"This deal code has version {number}, but this game reads versions up to {VERSION}: it comes from a "
            "newer version of the game, or its first character was mistyped.",
            "version",
            version=number,
            known=VERSION,
        )
    if len(text) not in DEAL_LENGTHS[layout.number]:
        raise _wrong_length(len(text), layout.length)
    layout = layout_of(text)
    assert layout is not None
    value = text_value(text)  # about 32 characters: cheap
    payload, crc = value >> CRC_BITS, value & ((1 << CRC_BITS) - 1)
    if _crc(payload, layout) != crc:
        raise ShareCodeError(
            "The deal code does not check out: a character is probably mistyped or missing.", "checksum"
        )
    return _unpack(payload, layout)


def _known_starts() -> str:
    digits = [str(n) for n in sorted(CODE_VERSIONS)]
    return ", ".join(digits[:-1]) + " or " + digits[-1] if len(digits) > 1 else digits[0]


def _wrong_length(length: int, expected: int = CODE_LENGTH) -> ShareCodeError:
    which = "short" if length < expected else "long"
    hint = " Was part of it cut off?" if which == "short" else ""
    return ShareCodeError(
        f"The deal code is too {which}: it has {length} characters, a deal code has {expected}.{hint}",
        f"too_{which}",
        length=length,
        expected=expected,
    )


def _unpack(payload: int, version: CodeVersion = CURRENT) -> SharedDeal:
    deck = deck_from_rank(payload & ((1 << DECK_BITS) - 1))
    payload >>= DECK_BITS
    rules = unpack_rules(payload & ((1 << version.rules_bits) - 1), version)
    payload >>= version.rules_bits
    table = payload & 1
    game = GAME_CODES[payload >> 1 & 1]
    sizes = GAMES[game].table_sizes
    if table >= len(sizes):
        raise ShareCodeError(f"This deal code asks for a table size that {game} does not know.", "table")
    return SharedDeal(game, rules, deck, sizes[table])


def unpack_rules(bits: int, version: CodeVersion = CURRENT) -> Rules:
    """Inverse of :func:`pack_rules`; an index outside a choice list is an unknown rule value, and so
    are padding bits that are not zero (an option of a newer game).  Options the version does not
    hold are at their defaults, which are today's play."""
    if bits & ((1 << version.pad_bits) - 1):
        raise ShareCodeError("This deal code uses a rule option that this version does not know.", "rules")
    bits >>= version.pad_bits
    options: dict[str, Any] = {}  # each a value of its field, checked by Rules
    for (name, choices), width in zip(reversed(version.rule_fields), reversed(version.rule_widths), strict=True):
        index = bits & ((1 << width) - 1)
        bits >>= width
        if index >= len(choices):
            raise ShareCodeError(
                f"This deal code uses a value of the rule option {name!r} that this version does not know.",
                "rules",
            )
        options[name] = choices[index]
    try:
        return Rules(**options)
    except (RulesError, TypeError) as exc:
        raise ShareCodeError(f"This deal code holds rule options this version cannot use: {exc}", "rules") from exc


# ---------------------------------------------------------------- convenience
def deal_code_for(source: Match | Hand, hand_number: int | None = None) -> str:
    """The code of a match's hand (the current one unless ``hand_number``, counted from 1) or of a lone hand.

    A lone Skat hand does not know its table size and is written for three.
    """
    if isinstance(source, Match):
        if not source.decks:
            raise ShareCodeError("this match has not dealt a hand yet")
        index = len(source.decks) - 1 if hand_number is None else hand_number - 1
        if not 0 <= index < len(source.decks):
            raise ShareCodeError(f"this match has no hand {hand_number}")
        return encode_deal(source.game, source.rules_of(index), source.decks[index], source.players)
    try:
        game = game_of(source)
    except TypeError:
        raise ShareCodeError(f"cannot make a deal code of {type(source).__name__}") from None
    return encode_deal(game.name, source.rules, game.deck_of(source))


def _check_table_covers_rules() -> list[str]:
    """Names of Rules options missing from today's table (the tests insist on none)."""
    covered = {name for name, _ in RULE_FIELDS}
    return [f.name for f in fields(Rules) if f.name not in covered]
