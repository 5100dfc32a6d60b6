"""Short deal codes: one hand's game, rule options, table size and deal as 31 characters.

A code lets two people play (or look at) exactly the same hand: it is typed,
read aloud or pasted into a URL, so it is written in Crockford's base32 — the
digits and capital letters without I, L, O and U.  Unlike base64url it is
case-insensitive, has no punctuation, and a misread ``I``/``L``/``O`` still
decodes (as ``1``/``1``/``0``); that costs five characters over base64url (31
instead of 26) and is worth it for something people copy by hand.  Hyphens and
spaces are ignored, so a code may be shown in groups.

Layout of version 1, as one 155-bit number, most significant bits first::

    version 5 | game 1 | table 1 | rules 14 | deck 118 | CRC-16 16

* The version is exactly the first character (``1``), so a code of another
  version is recognised before its length or checksum are looked at.  Versions
  are the digits 1 to 9; text that starts with a letter is no deal code at all.
* The length is checked before the characters are turned into a number (which
  takes time growing with the square of the length), so a megabyte of text is
  refused at once; an error names at most five bad characters.
* The deck is the dealt order of the 32 cards as a Lehmer code (the
  permutation's rank in the factorial number system): 32! < 2**118.  The whole
  order is kept, not only who holds what, because Officers' Skat lays the
  cards out by position and records keep the deck.
* The rule options are packed from a frozen table (``RULE_FIELDS_V1``), not from
  the order of :class:`Rules` fields, so reordering ``rules.py`` never changes
  what an old code means; a new option needs a new code version.
* The CRC-16 (CCITT, :func:`binascii.crc_hqx`) detects every error confined to
  16 consecutive bits: any single wrong character (5 bits) and any swap of two
  neighbouring characters (10 bits) is always caught.

>>> from skat.engine.rules import ISKO
>>> code = encode_deal("skat", ISKO, range(32))
>>> len(code), code[0]
(31, '1')
>>> decode_deal(code.lower()).deck == tuple(range(32))
True
"""

from __future__ import annotations

import binascii
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from .deal import check_deck
from .errors import RecordError
from .games import GAMES, Hand, game_of
from .match import Match
from .rules import Rules, RulesError

VERSION = 1
CODE_LENGTH = 31
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 digits."""
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)}
_ALIASES = str.maketrans({"I": "1", "L": "1", "O": "0"})
_IGNORED = str.maketrans("", "", " -\t\r\n")

GAME_CODES = ("skat", "officers")
"""The game bit: 0 Skat, 1 Officers' Skat (fixed by the code's format, whatever order :data:`GAMES` has).
The table bit is the index of the table size in the game's :attr:`~skat.engine.games.Game.table_sizes`."""

RULE_FIELDS_V1: tuple[tuple[str, tuple[object, ...]], ...] = (
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
"""Every option of :class:`Rules` with its values in code order; frozen for version 1."""

_RULE_BITS = tuple((len(choices) - 1).bit_length() for _, choices in RULE_FIELDS_V1)
RULES_BITS = sum(_RULE_BITS)
DECK_BITS = 118
CRC_BITS = 16
PAYLOAD_BITS = 5 + 1 + 1 + RULES_BITS + DECK_BITS
assert PAYLOAD_BITS + CRC_BITS == 5 * CODE_LENGTH
_CRC_START = 0xFFFF
_FACTORIAL_32 = 263130836933693530167218012160000000


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


def pack_rules(rules: Rules) -> int:
    """The 14-bit packing of every rule option, first option in the highest bits."""
    bits = 0
    for (name, choices), width in zip(RULE_FIELDS_V1, _RULE_BITS, strict=True):
        value = getattr(rules, name)
        index = next((i for i, c in enumerate(choices) if c == value and type(c) is type(value)), None)
        if index is None:
            raise ShareCodeError(f"rule option {name}={value!r} cannot be written in a deal code")
        bits = bits << width | index
    return bits


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


def _crc(payload: int) -> int:
    return binascii.crc_hqx(payload.to_bytes((PAYLOAD_BITS + 7) // 8, "big"), _CRC_START)


def _to_text(payload: int) -> str:
    return value_text(payload << CRC_BITS | _crc(payload), CODE_LENGTH)


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
    version = _VALUES[text[0]]
    if version != VERSION:
        if not text[0].isdigit() or version == 0:  # a word, not a code: codes start with their version digit
            raise ShareCodeError("This is not a deal code of this game (deal codes start with 1).", "not_ours")
        raise ShareCodeError(
            f"This deal code has version {version}, but this game reads version {VERSION}: it comes from a newer "
            "version of the game, or its first character was mistyped.",
            "version",
            version=version,
            known=VERSION,
        )
    if len(text) != CODE_LENGTH:
        raise _wrong_length(len(text))
    value = text_value(text)  # 31 characters: cheap
    payload, crc = value >> CRC_BITS, value & ((1 << CRC_BITS) - 1)
    if _crc(payload) != crc:
        raise ShareCodeError(
            "The deal code does not check out: a character is probably mistyped or missing.", "checksum"
        )
    return _unpack(payload)


def _wrong_length(length: int) -> ShareCodeError:
    which = "short" if length < CODE_LENGTH else "long"
    hint = " Was part of it cut off?" if which == "short" else ""
    return ShareCodeError(
        f"The deal code is too {which}: it has {length} characters, a deal code has {CODE_LENGTH}.{hint}",
        f"too_{which}",
        length=length,
        expected=CODE_LENGTH,
    )


def _unpack(payload: int) -> SharedDeal:
    deck = deck_from_rank(payload & ((1 << DECK_BITS) - 1))
    payload >>= DECK_BITS
    rules = unpack_rules(payload & ((1 << RULES_BITS) - 1))
    payload >>= RULES_BITS
    table = payload & 1
    game = GAME_CODES[payload >> 1 & 1]
    sizes = GAMES[game].table_sizes
    if table >= len(sizes):
        raise ShareCodeError(f"This deal code asks for a table size that {game} does not know.", "table")
    return SharedDeal(game, rules, deck, sizes[table])


def unpack_rules(bits: int) -> Rules:
    """Inverse of :func:`pack_rules`; an index outside a choice list is an unknown rule value."""
    options: dict[str, Any] = {}  # each a value of its field, checked by Rules
    for (name, choices), width in zip(reversed(RULE_FIELDS_V1), reversed(_RULE_BITS), strict=True):
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
        return encode_deal(source.game, source.rules, source.decks[index], source.players)
    try:
        game = game_of(source)
    except TypeError:
        raise ShareCodeError(f"cannot make a deal code of {type(source).__name__}") from None
    return encode_deal(game.name, source.rules, game.deck_of(source))


def _check_table_covers_rules() -> list[str]:
    """Names of Rules options missing from the version-1 table (the tests insist on none)."""
    covered = {name for name, _ in RULE_FIELDS_V1}
    return [f.name for f in fields(Rules) if f.name not in covered]
