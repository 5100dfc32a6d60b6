"""Duplicate challenge codes: a deal code plus the results of the people who played it.

A challenge is a plain deal code (:mod:`skat.engine.share`) followed by a
results part, so two friends can play the same cards from the same seat and
compare::

    2ABCDEFGHJKMNPQRSTVWXYZ012345678-R0123456789

The results part starts with the marker ``R`` (a Crockford digit, so it
survives the same normalisation as the deal code) and holds one or two
results, each 32 bits:

    seat 2 | game 3 | declarer 2 | hand, ouvert, schneider ann., schwarz ann., won 5 | points 7 | score 13

followed by a CRC-16 over the deal's payload *and* the results.  The check
covers the deal, so a result cannot be moved onto another deal, and any
changed character of the results (or of the deal) is caught.  A challenge
whose deal part is sound but whose results part is not still opens the deal:
:func:`decode_challenge` then returns the deal with ``results`` empty and a
``problem`` (a :class:`~skat.engine.share.ShareCodeError`) that says why.  A
plain deal code reads as a challenge without results, so old codes keep
working; the deal part's length follows from its version (31 characters for
version 1, :data:`~skat.engine.share.CODE_LENGTH` today), so challenges made
with version-1 deal codes still read.

>>> from skat.engine.rules import ISKO
>>> from skat.engine.share import encode_deal
>>> deal = encode_deal("skat", ISKO, range(32))
>>> r = ChallengeResult(seat=1, game="grand", declarer=1, won=True, points=78, score=72)
>>> code = encode_challenge(deal, [r])
>>> c = decode_challenge(code)
>>> c.results == (r,), c.problem is None, c.deal.code == deal
(True, True, True)
"""

from __future__ import annotations

import binascii
from collections.abc import Sequence
from dataclasses import dataclass

from .games import game_named
from .share import (
    CRC_BITS,
    MAX_TEXT,
    ShareCodeError,
    SharedDeal,
    deal_lengths_of,
    decode_deal,
    layout_of,
    normalize_code,
    text_value,
    value_text,
)

MARKER = "R"
"""First character of a results part (version 1 of the results layout)."""
GAMES = ("passed", "ramsch", "diamonds", "hearts", "spades", "clubs", "grand", "null")
"""Games a result can name, in code order (3 bits)."""
NO_DECLARER = 3
SCORE_BITS = 13
SCORE_OFFSET = 1 << (SCORE_BITS - 1)
RESULT_BITS = 2 + 3 + 2 + 5 + 7 + SCORE_BITS
MAX_RESULTS = 2
MIN_TAIL = 4
"""A deal code followed by fewer characters than this is a mistyped deal code
(``too long``), not a challenge with a damaged results part."""


@dataclass(frozen=True)
class ChallengeResult:
    """One person's play of the deal: their seat (0 forehand), the game played
    and by whom (seat, None when nobody declared), the declarer's card points,
    and the person's own score on the hand."""

    seat: int
    game: str
    declarer: int | None = None
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    won: bool = False
    points: int = 0
    score: int = 0

    def check(self, seats: int) -> None:
        """Raise ShareCodeError when this result cannot belong to a deal with ``seats`` seats."""
        if not 0 <= self.seat < seats:
            raise ShareCodeError(f"The result names seat {self.seat + 1} of a hand of {seats}.", "result_seat")
        if self.game not in GAMES:
            raise ShareCodeError(f"The result names an unknown game {self.game!r}.", "result_game")
        if self.declarer is not None and not 0 <= self.declarer < seats:
            raise ShareCodeError("The result names a declarer who is not at this table.", "result_seat")
        if self.game not in ("passed", "ramsch") and self.declarer is None:
            raise ShareCodeError("The result names a game without a declarer.", "result_game")
        if self.game == "passed" and (self.declarer is not None or self.score):
            raise ShareCodeError("A hand that was passed in has no declarer and no score.", "result_game")
        if not 0 <= self.points <= 120:
            raise ShareCodeError("The result holds more than 120 card points.", "result_points")
        if not -SCORE_OFFSET <= self.score < SCORE_OFFSET:
            raise ShareCodeError("The score of the result cannot be written in a code.", "result_points")

    @property
    def declared(self) -> bool:
        """The person was the declarer."""
        return self.declarer is not None and self.declarer == self.seat


@dataclass(frozen=True)
class Challenge:
    """A deal with the results that came with it (none for a plain deal code,
    or when the results part was damaged: then ``problem`` says why)."""

    deal: SharedDeal
    results: tuple[ChallengeResult, ...] = ()
    problem: ShareCodeError | None = None

    @property
    def seat(self) -> int | None:
        """The seat everyone in the challenge played (None without results)."""
        return self.results[0].seat if self.results else None

    @property
    def code(self) -> str:
        return encode_challenge(self.deal.code, self.results)


# ---------------------------------------------------------------- encoding
def _pack(r: ChallengeResult) -> int:
    v = r.seat
    v = v << 3 | GAMES.index(r.game)
    v = v << 2 | (NO_DECLARER if r.declarer is None else r.declarer)
    for flag in (r.hand, r.ouvert, r.schneider_announced, r.schwarz_announced, r.won):
        v = v << 1 | int(flag)
    v = v << 7 | r.points
    return v << SCORE_BITS | (r.score + SCORE_OFFSET)


def _unpack(v: int) -> ChallengeResult:
    score = (v & ((1 << SCORE_BITS) - 1)) - SCORE_OFFSET
    v >>= SCORE_BITS
    points = v & 127
    v >>= 7
    flags = []
    for _ in range(5):
        flags.append(bool(v & 1))
        v >>= 1
    won, schwarz, schneider, ouvert, hand = flags
    declarer = v & 3
    v >>= 2
    game = v & 7
    seat = v >> 3 & 3
    return ChallengeResult(
        seat=seat,
        game=GAMES[game],
        declarer=None if declarer == NO_DECLARER else declarer,
        hand=hand,
        ouvert=ouvert,
        schneider_announced=schneider,
        schwarz_announced=schwarz,
        won=won,
        points=points,
        score=score,
    )


def _deal_payload(deal_code: str) -> tuple[int, int]:
    """The deal part's payload and its width in bits (which its version decides)."""
    text = normalize_code(deal_code)
    layout = layout_of(text)
    assert layout is not None, "a deal code that decoded has a layout"
    return text_value(text) >> CRC_BITS, layout.payload_bits


def _crc(deal: tuple[int, int], results_payload: int, bits: int) -> int:
    deal_payload, deal_bits = deal
    data = deal_payload << bits | results_payload
    length = (deal_bits + bits + 7) // 8
    return binascii.crc_hqx(data.to_bytes(length, "big"), 0x1D0F)


def _chars(bits: int) -> int:
    return -(-bits // 5)


def encode_challenge(deal_code: str, results: Sequence[ChallengeResult]) -> str:
    """``deal_code`` with ``results`` (at most two, all from the same seat) as one code;
    without results, the plain deal code."""
    deal = decode_deal(deal_code)
    plain = deal.code
    if not results:
        return plain
    if len(results) > MAX_RESULTS:
        raise ShareCodeError(f"a challenge holds at most {MAX_RESULTS} results")
    seats = game_named(deal.game).seats
    for r in results:
        r.check(seats)
    if len({r.seat for r in results}) != 1:
        raise ShareCodeError("the results of a challenge are from one seat")
    bits = 1 + RESULT_BITS * len(results)
    payload = len(results) - 1
    for r in results:
        payload = payload << RESULT_BITS | _pack(r)
    value = payload << CRC_BITS | _crc(_deal_payload(plain), payload, bits)
    n = _chars(bits + CRC_BITS)
    tail = value_text(value, n)
    return f"{plain}-{MARKER}{tail}"


# ---------------------------------------------------------------- decoding
def decode_challenge(code: str) -> Challenge:
    """Read a deal code with or without results.

    Raises ShareCodeError only when no deal can be read at all; a damaged
    results part gives the deal without results and the reason in ``problem``.
    """
    if not isinstance(code, str) or len(code) > MAX_TEXT:
        return Challenge(decode_deal(code))  # raises: not text, or too long
    text = normalize_code(code)
    # The deal part's length follows from its version digit; a version-2 deal written before an
    # option was appended is shorter: the results marker right after it says which length it is.
    lengths = deal_lengths_of(text)
    length = next((n for n in lengths if text[n : n + 1] == MARKER and len(text) >= n + MIN_TAIL), lengths[0])
    if len(text) < length + MIN_TAIL:
        return Challenge(decode_deal(code))
    deal = decode_deal(text[:length])  # a damaged deal part: nothing to play
    try:
        results = _read_results(deal, text[:length], text[length:])
    except ShareCodeError as exc:
        return Challenge(deal, (), exc)
    return Challenge(deal, results)


def _read_results(deal: SharedDeal, deal_text: str, tail: str) -> tuple[ChallengeResult, ...]:
    if tail[0] != MARKER:
        raise ShareCodeError("The part after the deal code is not a result of this game.", "results_marker")
    body = tail[1:]
    sizes = {_chars(1 + RESULT_BITS * n + CRC_BITS): n for n in range(1, MAX_RESULTS + 1)}
    if len(body) not in sizes:
        raise ShareCodeError("The results part has the wrong length: part of it is missing or extra.", "results_length")
    n = sizes[len(body)]
    bits = 1 + RESULT_BITS * n
    value = text_value(body)
    if value >> (bits + CRC_BITS):  # padding bits must be zero
        raise ShareCodeError("The results part does not check out.", "results_checksum")
    payload, crc = value >> CRC_BITS, value & ((1 << CRC_BITS) - 1)
    if _crc(_deal_payload(deal_text), payload, bits) != crc:
        raise ShareCodeError("The results part does not check out: it was changed or mistyped.", "results_checksum")
    if payload >> (RESULT_BITS * n) != n - 1:
        raise ShareCodeError("The results part does not check out.", "results_checksum")
    results = tuple(_unpack(payload >> (RESULT_BITS * (n - 1 - i)) & ((1 << RESULT_BITS) - 1)) for i in range(n))
    seats = game_named(deal.game).seats
    for r in results:
        r.check(seats)
    if len({r.seat for r in results}) != 1:
        raise ShareCodeError("The results are from different seats.", "result_seat")
    return results


def result_of_hand(result: object, seat: int, score: int) -> ChallengeResult:
    """A person's :class:`ChallengeResult` from the engine's HandResult (``result``),
    their hand seat and their score change on the hand."""
    from .scoring import HandResult

    assert isinstance(result, HandResult)
    game = result.game if result.game in GAMES else "passed"
    declarer = result.declarer if game != "passed" else None
    return ChallengeResult(
        seat=seat,
        game=game,
        declarer=declarer,
        hand=result.hand,
        ouvert=result.ouvert,
        schneider_announced=result.schneider_announced,
        schwarz_announced=result.schwarz_announced,
        won=result.won,
        points=max(0, min(120, result.declarer_points)),
        score=max(-SCORE_OFFSET, min(SCORE_OFFSET - 1, score)) if game != "passed" else 0,
    )
