"""Actions are ints, with names for records and messages.

0..31 play (or discard) that card; small constants for calls; bids are
``BID_BASE + ladder index``; declarations are ``DECLARE_BASE + code`` where the
code packs the game type with the Schneider/Schwarz/Ouvert announcements.

>>> action_name(declare(GameType.GRAND, ouvert=True))
'game:GO'
>>> parse_action('game:GO') == declare(GameType.GRAND, ouvert=True)
True
>>> action_name(bid(18)), parse_action('hold') == HOLD
('18', True)
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import card_name, parse_card
from .tricks import GameType
from .values import BID_INDEX, BID_VALUES

PASS = 32
HOLD = 33
PICKUP = 34
HAND = 35
KONTRA = 36
RE = 37
NO_CALL = 38
CONCEDE = 39
"""The declarer gives the game up (see :meth:`SkatHand.end_play`)."""
REST_DECLARER = 40
"""The cards still out go to the declarer as his tricks (a settled claim)."""
REST_DEFENDERS = 41
"""The cards still out go to the defenders as their tricks (a settled claim)."""
SKAT_ON = 42
"""Schieberamsch: pass the skat on to the next player unseen (doubles the Ramsch)."""
KNOCK = 43
"""Klopfen in Ramsch: the player expects not to lose and doubles the Ramsch."""
GIFT = 44
"""Schenken: a defender offers (the first) or agrees (the second) to give the game to the declarer."""
GIFT_TAKEN = 45
"""Schenken: the declarer takes the game given: won at the levels declared (rules decision 49)."""
GIFT_SCHNEIDER = 46
"""Schenken: the declarer declines and plays for Schneider, lost unless he makes it."""
GIFT_SCHWARZ = 47
"""Schenken: the declarer declines and plays for Schwarz, lost unless he takes every trick."""
PLAY_ENDINGS = (CONCEDE, REST_DECLARER, REST_DEFENDERS)
"""Actions that end the card play early.  They are never among a hand's
legal actions (a computer player choosing from those never gives up by chance);
the table offers them and the hand checks them on their own terms."""
BID_BASE = 64
DECLARE_BASE = 256
SWAP_BASE = 1024
"""Revolution's exchange: ``SWAP_BASE + 32 * given + taken``, the mover's card ``given`` for the
partner's card ``taken`` (rules decision 52); written ``swap:CA:H7``."""

_SCHNEIDER, _SCHWARZ, _OUVERT = 8, 16, 32
_SPITZE = 64
"""Spitze announced with the declaration (rules decision 45): written ``P`` after the game letter."""
_REVOLUTION = 128
"""A Null Ouvert played as Revolution (rules decision 51): written ``R`` after ``N`` (``game:NR``)."""
GAME_LETTERS = "DHSCGN"

_CALL_NAMES = {
    PASS: "pass",
    HOLD: "hold",
    PICKUP: "pickup",
    HAND: "hand",
    KONTRA: "kontra",
    RE: "re",
    NO_CALL: "no",
    CONCEDE: "concede",
    REST_DECLARER: "rest:declarer",
    REST_DEFENDERS: "rest:defenders",
    SKAT_ON: "skat:on",
    KNOCK: "knock",
    GIFT: "gift",
    GIFT_TAKEN: "gift:take",
    GIFT_SCHNEIDER: "gift:schneider",
    GIFT_SCHWARZ: "gift:schwarz",
}
_CALL_CODES = {v: k for k, v in _CALL_NAMES.items()}


class Declaration(NamedTuple):
    game: GameType
    schneider: bool
    schwarz: bool
    ouvert: bool
    spitze: bool = False
    revolution: bool = False


def bid(value: int) -> int:
    try:
        return BID_BASE + BID_INDEX[value]
    except KeyError:
        raise ValueError(f"{value} is not a game value that can be bid") from None


def bid_value(action: int) -> int:
    return BID_VALUES[action - BID_BASE]


def is_bid(action: int) -> bool:
    return BID_BASE <= action < BID_BASE + len(BID_VALUES)


def declare(game: int, schneider: bool = False, schwarz: bool = False, ouvert: bool = False,
            spitze: bool = False, revolution: bool = False) -> int:
    """Declaration action; implied announcements are filled in (canonical form).

    Schwarz announced includes Schneider announced; a suit or Grand Ouvert
    counts as Schwarz announced.  Null takes no announcements and no Spitze;
    a Revolution is a Null Ouvert (and nothing else is).
    """
    revolution = revolution and game == GameType.NULL
    if game == GameType.NULL:
        schneider = schwarz = spitze = False
        ouvert = ouvert or revolution
    else:
        schwarz = schwarz or ouvert
        schneider = schneider or schwarz
    code = int(game)
    if schneider:
        code |= _SCHNEIDER
    if schwarz:
        code |= _SCHWARZ
    if ouvert:
        code |= _OUVERT
    if spitze:
        code |= _SPITZE
    if revolution:
        code |= _REVOLUTION
    return DECLARE_BASE + code


def is_declaration(action: int) -> bool:
    return DECLARE_BASE <= action < DECLARE_BASE + 256 and (action - DECLARE_BASE) & 7 <= 5


def declaration(action: int) -> Declaration:
    code = action - DECLARE_BASE
    return Declaration(GameType(code & 7), bool(code & _SCHNEIDER), bool(code & _SCHWARZ), bool(code & _OUVERT),
                       bool(code & _SPITZE), bool(code & _REVOLUTION))


def swap(given: int, taken: int) -> int:
    """Revolution's exchange of the mover's card ``given`` for the partner's ``taken``."""
    return SWAP_BASE + 32 * given + taken


def is_swap(action: int) -> bool:
    return SWAP_BASE <= action < SWAP_BASE + 1024


def swapped(action: int) -> tuple[int, int]:
    """The cards of a swap: (given, taken)."""
    return divmod(action - SWAP_BASE, 32)


def action_name(action: int) -> str:
    if 0 <= action < 32:
        return card_name(action)
    if action in _CALL_NAMES:
        return _CALL_NAMES[action]
    if is_bid(action):
        return str(bid_value(action))
    if is_swap(action):
        given, taken = swapped(action)
        return f"swap:{card_name(given)}:{card_name(taken)}"
    if is_declaration(action):
        d = declaration(action)
        if d.revolution:
            return "game:NR"
        if d.ouvert:
            mods = "O"
        elif d.schwarz:
            mods = "Z"
        else:
            mods = "S" if d.schneider else ""
        return "game:" + GAME_LETTERS[d.game] + mods + ("P" if d.spitze else "")
    return f"?{action}"


def parse_action(text: str) -> int:
    """Inverse of :func:`action_name`; raises ValueError with the bad token."""
    t = str(text).strip()
    low = t.lower()
    if low in _CALL_CODES:
        return _CALL_CODES[low]
    if t.isdigit():
        return bid(int(t))
    if low.startswith("swap:") and t.count(":") == 2:
        _, given, taken = t.split(":")
        try:
            return swap(parse_card(given), parse_card(taken))
        except ValueError:
            raise ValueError(f"not a swap: {text!r}") from None
    if low == "game:nr":
        return declare(GameType.NULL, revolution=True)
    if low.startswith("game:") and len(t) >= 6:
        letters = t[5:].upper()
        if letters[0] in GAME_LETTERS and set(letters[1:]) <= set("SZOP") and len(set(letters[1:])) == len(letters) - 1:
            mods = letters[1:]
            return declare(GameType(GAME_LETTERS.index(letters[0])), "S" in mods, "Z" in mods, "O" in mods,
                           "P" in mods)
        raise ValueError(f"not a declaration: {text!r}")
    try:
        return parse_card(t)
    except ValueError:
        raise ValueError(f"not an action: {text!r}") from None
