"""Replay International Skat Server records through the engine.

The syntax lives in :mod:`skat.engine.iss_format`; this module maps ISS moves
onto engine actions (ISS plays by the ISkO, so the ISkO preset applies) and
settles what ISS settles outside normal play:

* ``RE`` by both defenders: the remaining tricks go to the declarer; ``RE`` by
  the declarer: they go to the defenders.  ``SC`` (the declarer shows the
  cards to claim the rest) is settled the same way when the defenders then
  resign.
* Timeouts, players leaving and penalties (``TI``, ``LE``, ``pN:1``) end a
  game in a way the rules do not score; such records are skipped with a note.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .deal import SkatDeal
from .errors import IllegalActionError, RecordError, clipped
from .iss_format import (
    IssDeclaration,
    IssFormatError,
    IssRecord,
    find_declaration,
    iss_deal,
    parse_declaration,
    parse_iss_line,
)
from .rules import ISKO
from .skat_hand import Phase, SkatHand
from .tricks import GameType

_GAMES = {
    "D": GameType.DIAMONDS,
    "H": GameType.HEARTS,
    "S": GameType.SPADES,
    "C": GameType.CLUBS,
    "G": GameType.GRAND,
    "N": GameType.NULL,
}


class IssSkipped(Exception):
    """A record the engine does not score (timeout, leaving, penalty)."""


@dataclass
class IssReplay:
    record: IssRecord
    hand: SkatHand


def _seat(actor: str, index: int, token: str) -> int:
    if actor not in ("0", "1", "2"):
        raise RecordError(f"move {index} ({actor} {token}): expected a player's move")
    return int(actor)


def replay_iss(line: str) -> IssReplay:
    """Parse and replay one ISS line.  Raises RecordError naming the move (one
    line of at most 300 characters), IssSkipped for records settled by penalties."""
    try:
        record = parse_iss_line(line)
    except IssFormatError as exc:
        raise RecordError(str(exc)) from exc
    try:
        return _replay(record)
    except RecordError as exc:
        raise RecordError(clipped(str(exc))) from exc


def _replay(record: IssRecord) -> IssReplay:
    game_id = record.game_id[:40]  # quoted in messages; the whole id stays in the record
    res = record.result
    if res is not None and (res.penalty or res.timeout or res.left):
        raise IssSkipped(f"ID[{game_id}]: ended by timeout, leaving or penalty; not scored by the rules")
    try:
        fh, mh, rh, skat = iss_deal(record)
        declared = find_declaration(record)
    except IssFormatError as exc:
        raise RecordError(str(exc)) from exc
    hand = SkatHand(ISKO, SkatDeal.from_hands(list(fh), list(mh), list(rh), list(skat)))
    resigned: set[int] = set()
    claimed = False
    for index, move in enumerate(record.moves[1:], 2):
        token, kind = move.token, move.kind
        where = f"ID[{game_id}] move {index} ({move.actor} {token[:40]})"
        try:
            if hand.done:
                if move.actor == "w":
                    continue  # the server's notes after the end
                raise RecordError(f"{where}: the game is already over")
            if move.actor == "w":
                if kind in ("timeout", "leave"):
                    raise IssSkipped(f"ID[{game_id}]: {kind} at move {index}; not scored by the rules")
                continue  # the shown skat and other world notes
            seat = _seat(move.actor, index, token)
            if kind == "bid":
                hand.apply(A.bid(int(token)), seat)
            elif kind == "hold":
                hand.apply(A.HOLD, seat)
            elif kind == "pass":
                hand.apply(A.PASS, seat)
            elif kind == "skat_request":
                hand.apply(A.PICKUP, seat)
            elif kind == "declaration":
                _declare(hand, seat, token, declared)
            elif kind == "cards":
                # The split pickup form: discards after the declaration, already
                # merged into it by find_declaration.
                if seat != hand.declarer or hand.phase != Phase.PLAY or hand.tricks or hand.trick:
                    raise RecordError(f"{where}: unexpected list of cards")
            elif kind == "card":
                hand.apply(A.parse_action(token), seat)
            elif kind == "show_cards":
                claimed = True
            elif kind == "resign":
                resigned.add(seat)
                if hand.declarer is not None and hand.phase == Phase.PLAY:
                    if seat == hand.declarer:
                        hand.concede(declarer_wins=False)
                    elif len(resigned - {hand.declarer}) == 2:
                        hand.concede(declarer_wins=True)
            else:
                raise RecordError(f"{where}: unexpected move")
        except (IllegalActionError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"{where}: {exc}") from exc
    if not hand.done and claimed and hand.phase == Phase.PLAY:
        hand.concede(declarer_wins=True)
    if not hand.done:
        raise RecordError(f"ID[{game_id}]: the moves end before the game does")
    return IssReplay(record, hand)


def _declare(hand: SkatHand, seat: int, token: str, declared: tuple[int, IssDeclaration] | None) -> None:
    decl = parse_declaration(token)
    if hand.phase == Phase.SKAT:
        if not decl.hand:
            raise RecordError(f"declaration {token} without picking up the skat must be Hand")
        hand.apply(A.HAND, seat)
    discards = decl.discards
    if not decl.hand and not discards and declared is not None:
        discards = declared[1].discards
    if hand.phase == Phase.DISCARD:
        if len(discards) != 2:
            raise RecordError(f"declaration {token} after a pickup needs two discards")
        for c in discards:
            hand.apply(c, seat)
    hand.apply(A.declare(_GAMES[decl.game], decl.schneider_announced, decl.schwarz_announced, decl.ouvert), seat)


def compare_with_record(record: IssRecord, hand: SkatHand) -> list[str]:
    """Result fields where the record's own R[...] block disagrees with the engine."""
    res = record.result
    r = hand.result
    if res is None or r is None:
        return []
    if res.passed:
        return [] if r.game == "passed" else ["game"]
    if r.game == "passed":
        return ["game"]
    mine = {
        "declarer": r.declarer,
        "won": r.won,
        "value": r.value,
        "matadors": r.matadors,
        "overbid": r.overbid,
        "declarer_points": r.declarer_points,
        "declarer_tricks": r.declarer_tricks,
        "schneider": r.schneider,
        "schwarz": r.schwarz,
    }
    theirs = {
        "declarer": res.declarer,
        "won": res.won,
        "value": res.value,
        "matadors": res.matadors,
        "overbid": res.overbid,
        "declarer_points": res.declarer_points,
        "declarer_tricks": res.declarer_tricks,
        "schneider": res.schneider,
        "schwarz": res.schwarz,
    }
    if r.game == "null":  # ISS writes neither matadors nor Schneider/Schwarz for Null
        for k in ("matadors", "schneider", "schwarz"):
            theirs[k] = None
    return [k for k in mine if theirs[k] is not None and theirs[k] != mine[k]]
