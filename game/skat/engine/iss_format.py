"""Pure parser for International Skat Server (ISS) game records.

ISS publishes every finished game as one SGF-like line, e.g. (shape only)::

    (;GM[Skat]PC[International Skat Server]CO[]SE[..]ID[..]DT[..]P0[..]P1[..]
      P2[..]R0[]R1[]R2[]MV[w <32 cards> 1 18 0 y ... ]R[d:2 win v:48 ...] ;)

This module turns such a line into plain frozen dataclasses and card ints
(``suit * 8 + rank``; suits D H S C = 0..3, ranks 7 8 9 T J Q K A = 0..7, the
same encoding as :mod:`skat.engine.cards`).  It does no rule checking and does
not replay the game: it validates only the *syntax*, so that a replay engine
gets clean input and bad data fails early, with a message that names the
problem.  Standard library only; nothing else in the package is imported.

Format facts (sources: the ISS move-format note mirrored as
``skat-game-format`` in github.com/dranidis/go-skat; jskat's
``MessageParser.java`` / ``MessageParserTest.java`` in github.com/b0n541/jskat,
which quotes the ISS server code that writes ``R[...]``; jskat issue #231; and
replaying public records to check ``p``/``t``/``m``/``v``):

* Tags are ``NAME[value]``.  ``P0 P1 P2`` are the players *in seat order for
  this game*: 0 = forehand, 1 = middlehand, 2 = rearhand (the dealer sits
  behind rearhand).  ``ID`` is the game id, ``DT`` the UTC date, ``SE`` the
  series.  Old (2007/08) records say ``PC[Internet Skat Server]`` and may lack
  ``CO[]``.
* ``MV`` holds ``<actor> <token>`` pairs.  The actor is ``w`` (world/server)
  or a seat ``0``/``1``/``2``.  Tokens:

  - deal (the first move, by ``w``): 32 cards joined by ``.``: forehand's 10,
    middlehand's 10, rearhand's 10, then the 2 skat cards.  Live table
    messages use ``|`` between hands and ``??`` for hidden cards; both are
    accepted.
  - bidding: a number is a bid, ``y`` holds ("yes"), ``p`` passes.
    Middlehand bids to forehand first, then rearhand to the survivor.
  - ``s``: the winner picks up the skat; a world move ``<c1>.<c2>`` then shows
    the skat (``??.??`` in live views).
  - declaration: a game letter ``G C S H D N`` followed by modifiers ``O``
    (ouvert), ``H`` (hand), ``S`` (schneider announced), ``Z`` (schwarz
    announced), then ``.``-separated cards: after a pickup, the 2 discards
    first (``G.CJ.SJ``); in ouvert games, the declarer's 10 cards after them
    (``NO.<2 discards>.<10 cards>``, ``GHO.<10 cards>``).  A trump ouvert game
    is always hand, and then carries no ``H`` (``GO``); ouvert implies
    schwarz announced, and schwarz implies schneider.
  - card play: two characters, suit ``C S H D`` then rank ``A K Q J T 9 8 7``;
    ``??`` is an unknown card.  Forehand leads the first trick.
  - special: ``RE`` resign, ``SC`` or ``SC.<cards>`` declarer shows cards,
    ``TI.<seat>`` timeout of that seat, ``LE.<seat>`` that seat left (both
    seen as world moves).
* ``R`` holds space-separated ``key:value`` items and bare words, written by
  ISS as ``d:<declarer> win|loss|penalty v:<value> m:<matadors>
  bidok|overbid p:<declarer card points> t:<declarer tricks> s:<0|1>
  z:<0|1> p0:<n> p1:<n> p2:<n> l:<seat that left or -1> to:<seat that timed
  out or -1> r:<0|1>``.  A passed-in game is just ``R[passed]``.  ``v`` is
  signed (a lost game is minus twice the value), ``m`` is signed (negative =
  "without"), counted on the declarer's 12 cards (hand + skat).  ``p``
  includes the skat.  ``s``/``z`` say schneider/schwarz *happened* (for
  either side: a declarer with 12 points has ``s:1``).  ``pN:1`` is a penalty
  for seat N (timeout or leaving), and then the outcome word is ``penalty``
  and ``d:-1`` when it happened before a game was declared.  When both
  opponents resign, ISS gives the declarer the remaining tricks and cards.

Facts NOT established (treat with care):

* The meaning of ``R0``/``R1``/``R2`` (seen as ``""``, ``"0.0"`` and
  ``"null"``) and of ``SE``/``CO``; they are kept only in ``raw_tags``.
* Whether ``d:-1`` without ``penalty`` ever occurs: passed games in public
  records use ``R[passed]``.  We treat such a result as passed too.
* The "split" pickup form, where the declaration comes without discards and
  the declarer's next move is the two discards (``2 D 2 D9.DQ``), is seen in
  one public 2011 record; :func:`find_declaration` merges it.
* Final records may omit an ouvert declarer's shown cards (``NO.HA.HQ``,
  ``GO``); both forms are accepted.
* ``r:`` is missing in pre-2009 records; there we take ``resigned`` from
  ``RE`` moves.  What ISS scores when the *declarer* resigns was not checked.
* ``p`` for null games is the declarer's card points incl. the skat and has
  no scoring meaning.
* SGF backslash escapes inside values (``\\]``) are honoured, but no ISS
  record using them was seen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

__all__ = [
    "IssDeclaration",
    "IssFormatError",
    "IssMove",
    "IssRecord",
    "IssResult",
    "MoveKind",
    "find_declaration",
    "iss_deal",
    "parse_card",
    "parse_declaration",
    "parse_iss_line",
    "parse_result",
    "token_kind",
]

SUIT_LETTERS = "DHSC"
RANK_LETTERS = "789TJQKA"
HIDDEN = "??"
ACTORS = ("w", "0", "1", "2")
GAME_LETTERS = "DHSCGN"
MODIFIER_LETTERS = "OHSZ"

MoveKind = Literal[
    "deal",
    "bid",
    "hold",
    "pass",
    "skat_request",
    "cards",
    "card",
    "declaration",
    "resign",
    "show_cards",
    "timeout",
    "leave",
]

_SIMPLE_KINDS: dict[str, MoveKind] = {
    "y": "hold",
    "p": "pass",
    "s": "skat_request",
    "RE": "resign",
}
_SEAT_MOVE = re.compile(r"(TI|LE)\.([012])")
_TAG_NAME = re.compile(r"[A-Z][A-Z0-9]*")
_RESULT_PAIR = re.compile(r"([a-z][a-z0-9]*):(\S*)")
_RESULT_GLUED = re.compile(r"([a-z][a-z0-9]*):(-?\d+)([a-z]+)")
_RESULT_WORD = re.compile(r"[a-z]+")
_INT = re.compile(r"-?\d+")
_INT_RESULT_KEYS = ("d", "v", "m", "p", "t", "s", "z", "p0", "p1", "p2", "l", "to", "r")
MAX_LINE = 10_000
"""Characters in the longest record accepted: a real game line has well under 2,000
(32 dealt cards, the bidding, ten tricks, tags), so a longer one is refused unread."""
MAX_INT_DIGITS = 9
"""Digits of the largest number a result item or a bid may have."""
MESSAGE_LIMIT = 300
"""An error message quotes the record; it is cut to this length."""


def _clipped(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


class IssFormatError(ValueError):
    """Raised for input that is not a well-formed ISS record or token."""


@dataclass(frozen=True)
class IssMove:
    """One ``<actor> <token>`` pair of the MV list, kept verbatim."""

    actor: str  # "w", "0", "1", "2"
    token: str

    @property
    def seat(self) -> int | None:
        """Seat 0/1/2 of the acting player, or None for a world move."""
        return None if self.actor == "w" else int(self.actor)

    @property
    def kind(self) -> MoveKind:
        """What the token is; see :func:`token_kind`."""
        return token_kind(self.token)


@dataclass(frozen=True)
class IssDeclaration:
    """A parsed game declaration, with ISS's implied modifiers made explicit."""

    game: str  # 'D', 'H', 'S', 'C', 'G' or 'N'
    hand: bool
    schneider_announced: bool
    schwarz_announced: bool
    ouvert: bool
    discards: tuple[int, ...]  # 0 or 2 cards
    shown_cards: tuple[int, ...] = ()  # 0 or 10 cards, ouvert only
    discards_hidden: bool = False  # discards given as '??' (live views)


@dataclass(frozen=True)
class IssResult:
    """The ``R[...]`` block.  ``None`` means the record does not say."""

    declarer: int | None
    won: bool | None
    value: int | None
    matadors: int | None
    overbid: bool | None
    declarer_points: int | None
    declarer_tricks: int | None
    schneider: bool | None
    schwarz: bool | None
    passed: bool
    resigned: bool
    timeout: bool
    left: bool
    penalty: bool
    raw: dict[str, str] = field(hash=False)


@dataclass(frozen=True)
class IssRecord:
    """One parsed ISS game line; ``raw_tags`` keeps every tag verbatim."""

    game_id: str
    players: tuple[str, str, str]
    moves: tuple[IssMove, ...]
    result: IssResult | None
    raw_tags: dict[str, str] = field(hash=False)


# --------------------------------------------------------------------- cards


def parse_card(token: str) -> int:
    """ISS card such as ``CJ`` or ``D7`` -> card int (``CJ`` = 28, ``D7`` = 0)."""
    if not isinstance(token, str):
        raise IssFormatError(f"card must be a string, got {token!r}")
    if token == HIDDEN:
        raise IssFormatError("hidden card '??' has no card value")
    if len(token) != 2 or token[0] not in SUIT_LETTERS or token[1] not in RANK_LETTERS:
        raise IssFormatError(f"unknown card {token!r} (expected suit C/S/H/D then rank 7/8/9/T/J/Q/K/A, e.g. 'CJ')")
    return SUIT_LETTERS.index(token[0]) * 8 + RANK_LETTERS.index(token[1])


def _parse_card_or_hidden(token: str) -> int | None:
    """Like :func:`parse_card` but maps ``??`` to None."""
    return None if token == HIDDEN else parse_card(token)


def _card_items(token: str, separators: str = ".") -> list[str] | None:
    """Split a card list; None if the token is not purely cards."""
    items = re.split(f"[{re.escape(separators)}]", token)
    for item in items:
        if item != HIDDEN and (len(item) != 2 or item[0] not in SUIT_LETTERS or item[1] not in RANK_LETTERS):
            return None
    return items


# -------------------------------------------------------------- declarations


def parse_declaration(token: str) -> IssDeclaration:
    """Parse a declaration token (``G.CJ.SJ``, ``CHS``, ``NO.xx.yy.<10 cards>``)."""
    parts = token.split(".")
    head, card_texts = parts[0], parts[1:]
    if not head or head[0] not in GAME_LETTERS:
        raise IssFormatError(f"not a game declaration: {token!r} (must start with one of {', '.join(GAME_LETTERS)})")
    game, mods = head[0], head[1:]
    for mod in mods:
        if mod not in MODIFIER_LETTERS:
            raise IssFormatError(
                f"unknown modifier {mod!r} in declaration {token!r} (allowed: O ouvert, H hand, S schneider, Z schwarz)"
            )
    if len(set(mods)) != len(mods):
        raise IssFormatError(f"repeated modifier in declaration {token!r}")
    is_null = game == "N"
    if is_null and ("S" in mods or "Z" in mods):
        raise IssFormatError(f"null game cannot announce schneider/schwarz: {token!r}")

    ouvert = "O" in mods
    # ISS omits H for trump ouvert games: they are always hand and schwarz.
    hand = "H" in mods or (ouvert and not is_null)
    schwarz = "Z" in mods or (ouvert and not is_null)
    schneider = "S" in mods or schwarz
    if ("S" in mods or "Z" in mods) and not hand:
        raise IssFormatError(f"schneider/schwarz can only be announced in hand games: {token!r}")

    cards: list[int | None] = []
    for text in card_texts:
        try:
            cards.append(_parse_card_or_hidden(text))
        except IssFormatError as exc:
            raise IssFormatError(f"in declaration {token!r}: {exc}") from None

    allowed: tuple[int, ...]
    if hand:
        allowed = (0, 10) if ouvert else (0,)
        discard_part: list[int | None] = []
        shown_part = cards
    else:
        allowed = (0, 2, 12) if ouvert else (0, 2)
        discard_part, shown_part = cards[:2], cards[2:]
    if len(cards) not in allowed:
        what = "hand" if hand else "pickup"
        raise IssFormatError(
            f"declaration {token!r} lists {len(cards)} cards; a {what}"
            f"{' ouvert' if ouvert else ''} game allows "
            f"{' or '.join(map(str, allowed))}"
        )
    if any(c is None for c in shown_part):
        raise IssFormatError(f"ouvert cards cannot be hidden: {token!r}")
    hidden = any(c is None for c in discard_part)
    discards = () if hidden else tuple(c for c in discard_part if c is not None)
    return IssDeclaration(
        game=game,
        hand=hand,
        schneider_announced=schneider,
        schwarz_announced=schwarz,
        ouvert=ouvert,
        discards=discards,
        shown_cards=tuple(c for c in shown_part if c is not None),
        discards_hidden=hidden,
    )


# --------------------------------------------------------------------- moves


def token_kind(token: str) -> MoveKind:
    """Classify one MV token; raises IssFormatError if it is none of them.

    Kinds: ``deal`` (32 cards), ``bid`` (number), ``hold`` (``y``), ``pass``
    (``p``), ``skat_request`` (``s``), ``cards`` (2+ cards: the shown skat or
    split-form discards), ``card`` (one card or ``??``), ``declaration``,
    ``resign`` (``RE``), ``show_cards`` (``SC[.cards]``), ``timeout``
    (``TI.n``), ``leave`` (``LE.n``).
    """
    if not token:
        raise IssFormatError("empty move token")
    simple = _SIMPLE_KINDS.get(token)
    if simple is not None:
        return simple
    if token.isdigit():
        if not token.isascii() or len(token) > MAX_INT_DIGITS:
            raise IssFormatError(f"bid {token[:12]!r} is not a game value")
        return "bid"
    seat_move = _SEAT_MOVE.fullmatch(token)
    if seat_move:
        return "timeout" if seat_move.group(1) == "TI" else "leave"
    if token == "SC" or token.startswith("SC."):
        if token != "SC" and _card_items(token[3:]) is None:
            raise IssFormatError(f"bad card list in show-cards move {token!r}")
        return "show_cards"
    if token.startswith(("TI", "LE")):
        raise IssFormatError(f"bad timeout/leave move {token!r} (expected TI.n or LE.n, n=0..2)")
    items = _card_items(token, ".|")
    if items is not None:
        if len(items) == 1:
            return "card"
        if len(items) == 32:
            return "deal"
        if "|" in token:
            raise IssFormatError(f"'|' is only allowed in the 32-card deal: {token!r}")
        return "cards"
    try:
        parse_declaration(token)
    except IssFormatError as exc:
        if token[0] in GAME_LETTERS:
            raise IssFormatError(f"unrecognised move token {token!r}: {exc}") from None
        raise IssFormatError(
            f"unrecognised move token {token!r} (not a card, bid, y/p/s, declaration or RE/SC/TI/LE move)"
        ) from None
    return "declaration"


def _parse_moves(text: str) -> tuple[IssMove, ...]:
    """Split and validate the MV list."""
    items = text.split()
    if not items:
        raise IssFormatError("MV[] is empty")
    if len(items) % 2:
        raise IssFormatError(f"MV has an odd number of items ({len(items)}); the last actor {items[-1]!r} has no token")
    moves = []
    for index in range(0, len(items), 2):
        actor, token = items[index], items[index + 1]
        number = index // 2
        if actor not in ACTORS:
            raise IssFormatError(f"move {number}: unknown actor {actor!r} (expected w, 0, 1 or 2)")
        try:
            kind = token_kind(token)
        except IssFormatError as exc:
            raise IssFormatError(f"move {number} ({actor} {token}): {exc}") from None
        if number == 0:
            if actor != "w" or kind != "deal":
                raise IssFormatError(f"first move must be the world deal 'w <32 cards>', got {actor!r} {token!r}")
            _check_deal(token)
        elif kind == "deal":
            raise IssFormatError(f"move {number}: a second deal {token!r}")
        moves.append(IssMove(actor, token))
    return tuple(moves)


def _check_deal(token: str) -> None:
    """A fully visible deal must be 32 different cards."""
    items = re.split(r"[.|]", token)
    known = [c for c in items if c != HIDDEN]
    if len(set(known)) != len(known):
        repeated = sorted({c for c in known if known.count(c) > 1})
        raise IssFormatError(f"deal repeats card(s) {', '.join(repeated)}")


# -------------------------------------------------------------------- result


def parse_result(body: str) -> IssResult:
    """Parse the text inside ``R[...]``."""
    tokens = body.split()
    if not tokens:
        raise IssFormatError("result R[] is empty")
    raw: dict[str, str] = {}

    def put(key: str, value: str) -> None:
        if key in raw:
            raise IssFormatError(f"result repeats {key!r}: {body!r}")
        raw[key] = value

    for token in tokens:
        glued = _RESULT_GLUED.fullmatch(token)  # "d:2win", defensive
        pair = _RESULT_PAIR.fullmatch(token)
        if glued:
            put(glued.group(1), glued.group(2))
            put(glued.group(3), "")
        elif pair:
            put(pair.group(1), pair.group(2))
        elif _RESULT_WORD.fullmatch(token):
            put(token, "")  # bare words (win, loss, bidok, ...) map to ""
        else:
            raise IssFormatError(f"unreadable result item {token!r} in R[{body}]")

    ints: dict[str, int | None] = {}
    for key in _INT_RESULT_KEYS:
        text = raw.get(key)
        if text is not None and (not _INT.fullmatch(text) or not text.isascii() or len(text) > MAX_INT_DIGITS):
            raise IssFormatError(f"result item {key}:{text!r} is not an integer")
        ints[key] = None if text is None else int(text)

    d = ints["d"]
    if d is not None and d not in (-1, 0, 1, 2):
        raise IssFormatError(f"result declarer d:{d} is not -1, 0, 1 or 2")
    if "win" in raw and "loss" in raw:
        raise IssFormatError(f"result says both win and loss: {body!r}")
    if "bidok" in raw and "overbid" in raw:
        raise IssFormatError(f"result says both bidok and overbid: {body!r}")

    def flag(key: str) -> bool | None:
        value = ints[key]
        return None if value is None else value != 0

    def seat_flag(key: str) -> bool:
        value = ints[key]
        return value is not None and value >= 0

    penalty = "penalty" in raw or any(ints[k] for k in ("p0", "p1", "p2"))
    passed = "passed" in raw or (d == -1 and not penalty and "win" not in raw and "loss" not in raw)
    return IssResult(
        declarer=d if d is not None and d >= 0 else None,
        won=True if "win" in raw else False if "loss" in raw else None,
        value=ints["v"],
        matadors=ints["m"],
        overbid=True if "overbid" in raw else False if "bidok" in raw else None,
        declarer_points=ints["p"],
        declarer_tricks=ints["t"],
        schneider=flag("s"),
        schwarz=flag("z"),
        passed=passed,
        resigned=bool(ints["r"]),
        timeout=seat_flag("to"),
        left=seat_flag("l"),
        penalty=penalty,
        raw=raw,
    )


# -------------------------------------------------------------------- record


def _scan_tags(line: str) -> dict[str, str]:
    """Read ``(;NAME[value]...;)`` into a dict, checking the frame."""
    if not line.startswith("(;"):
        raise IssFormatError("record must start with '(;'")
    tags: dict[str, str] = {}
    pos, end = 2, len(line)
    while True:
        while pos < end and line[pos].isspace():
            pos += 1
        if line.startswith(";)", pos):
            if line[pos + 2 :].strip():
                raise IssFormatError(f"unexpected text after ';)': {line[pos + 2 :]!r}")
            return tags
        if pos >= end:
            raise IssFormatError("record is truncated: missing closing ';)'")
        name_match = _TAG_NAME.match(line, pos)
        if not name_match:
            raise IssFormatError(f"expected a tag name at column {pos}, found {line[pos : pos + 10]!r}")
        name = name_match.group()
        pos = name_match.end()
        if not line.startswith("[", pos):
            raise IssFormatError(f"tag {name} at column {name_match.start()} has no '['")
        pos += 1
        value: list[str] = []
        while True:
            if pos >= end:
                raise IssFormatError(f"record is truncated: value of tag {name} has no closing ']'")
            char = line[pos]
            if char == "\\" and pos + 1 < end:
                value.append(line[pos + 1])
                pos += 2
            elif char == "]":
                pos += 1
                break
            else:
                value.append(char)
                pos += 1
        if name in tags:
            raise IssFormatError(f"tag {name} appears twice")
        tags[name] = "".join(value)


def parse_iss_line(line: str) -> IssRecord:
    """Parse one ISS game line; raises IssFormatError naming what is wrong."""
    if not isinstance(line, str):
        raise IssFormatError(f"ISS record must be a string, got {type(line).__name__}")
    text = line.strip()
    label = "ISS record"
    try:
        if not text:
            raise IssFormatError("empty line")
        if len(text) > MAX_LINE:
            raise IssFormatError(f"{len(text)} characters is too long for a game record (at most {MAX_LINE})")
        tags = _scan_tags(text)
        if "ID" in tags:
            label = f"ISS record ID[{tags['ID'][:40]}]"
        if "GM" in tags and tags["GM"] != "Skat":
            raise IssFormatError(f"GM[{tags['GM']}] is not a Skat game")
        missing = [t for t in ("ID", "P0", "P1", "P2", "MV") if t not in tags]
        if missing:
            raise IssFormatError(f"missing tag(s) {', '.join(missing)}")
        moves = _parse_moves(tags["MV"])
        result = parse_result(tags["R"]) if "R" in tags else None
        # Pre-2009 records have no r: item; fall back on RE moves.
        if result is not None and "r" not in result.raw and any(m.token == "RE" for m in moves):
            result = replace(result, resigned=True)
    except IssFormatError as exc:
        raise IssFormatError(_clipped(f"{label}: {exc}")) from None
    return IssRecord(
        game_id=tags["ID"],
        players=(tags["P0"], tags["P1"], tags["P2"]),
        moves=moves,
        result=result,
        raw_tags=tags,
    )


# ------------------------------------------------------------------- helpers


def iss_deal(
    record: IssRecord,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Forehand, middlehand, rearhand (10 cards each) and skat (2) of the deal."""
    if not record.moves or record.moves[0].actor != "w":
        raise IssFormatError(f"ISS record ID[{record.game_id}]: no world deal move")
    items = re.split(r"[.|]", record.moves[0].token)
    if len(items) != 32:
        raise IssFormatError(f"ISS record ID[{record.game_id}]: deal has {len(items)} cards, not 32")
    if HIDDEN in items:
        raise IssFormatError(f"ISS record ID[{record.game_id}]: deal has hidden cards '??'")
    cards = tuple(parse_card(item) for item in items)
    return cards[0:10], cards[10:20], cards[20:30], cards[30:32]


def find_declaration(record: IssRecord) -> tuple[int, IssDeclaration] | None:
    """Declarer seat and declaration, or None if no game was declared.

    Also handles the split pickup form (``2 D`` then ``2 D9.DQ``) by taking
    the declarer's next two-card move as the discards.
    """
    moves = record.moves
    for index, move in enumerate(moves):
        if move.seat is None or move.kind != "declaration":
            continue
        declaration = parse_declaration(move.token)
        if not declaration.hand and not declaration.discards and not declaration.discards_hidden:
            for later in moves[index + 1 :]:
                if later.actor != move.actor:
                    continue
                if later.kind == "cards" and len(later.token.split(".")) == 2:
                    items = [_parse_card_or_hidden(t) for t in later.token.split(".")]
                    if None in items:
                        declaration = replace(declaration, discards_hidden=True)
                    else:
                        declaration = replace(
                            declaration,
                            discards=tuple(c for c in items if c is not None),
                        )
                break
        return move.seat, declaration
    return None
