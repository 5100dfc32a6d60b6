"""Saved settings, the match in progress, finished score sheets and statistics.

Four JSON documents, each ``{"version": N, ...}``, kept through a
:class:`~skat.storage_backends.Storage` (files on the desktop, localStorage in
the browser; both re-exported here).  The rules every document follows:

* Missing gives the defaults, silently: a first start is not an error.
* Unreadable (bad JSON, wrong types, a version this game does not know, a
  match record that no longer replays) gives the defaults *and* a line in
  :attr:`Store.notices` for the UI to show, never an exception; the document
  is moved aside to ``<key>.corrupt-<UTC time>`` first, so nothing that could
  still be rescued by hand is overwritten by the next save.
* Older versions are brought up to date by the steps in :data:`MIGRATIONS`.
* Saving never raises either: a full disk or a browser quota becomes a notice
  and ``False``, because losing a save must not end the game in progress.

Statistics (what they count: :mod:`skat.stats`) follow the match in progress:
every hand that ends is counted once, when :meth:`Store.save_match` first sees
it, so an abandoned match still counts; the statistics remember per match how
much of it they hold, so counting again (after a failed write, from a second
window) adds nothing twice.  They are counters apart from the sheets, so the
sheets pruned for room take none of them along.

Nothing is lost between documents either: finishing a match writes its sheet,
then the statistics, and only then removes the match, stopping at the first
failure (:meth:`Store.keep_match`; the next start finishes the job).  The sheets
and statistics are read, changed and written under the storage's lock and
merged by match id, so two game windows on one data folder lose nothing.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar

from .ai.strengths import STRENGTHS
from .engine import json_text
from .engine.bock import hand_rules
from .engine.errors import RecordError
from .engine.games import GAMES, Game
from .engine.match import Match, SheetRow, standings
from .engine.record import MAX_ACTIONS, MAX_HANDS, match_record, replay_match
from .engine.rules import Rules
from .engine.scoring import HandResult
from .stats import (
    MAX_LISTS,
    MAX_MATCH_LINES,
    SIGNED_FIELDS,
    TALLY_FIELDS,
    GameStats,
    KeptHands,
    MatchLine,
    Rebuild,
    Seat,
    SFList,
    Statistics,
    Tally,
)
from .storage_backends import (
    FileStorage,
    LocalStorage,
    MemoryStorage,
    Storage,
    browser_window,
    check_key,
    default_storage,
    in_browser,
    system_language,
    user_data_dir,
)

__all__ = [
    "ANIMATION_SPEEDS",
    "DECKS",
    "DOC_VERSIONS",
    "LANGUAGES",
    "MIGRATIONS",
    "FileStorage",
    "FinishedMatch",
    "GameStats",
    "Invalid",
    "LocalStorage",
    "MatchInProgress",
    "MemoryStorage",
    "Notice",
    "REASONS",
    "Seat",
    "Settings",
    "Statistics",
    "StatisticsRebuild",
    "Storage",
    "Store",
    "Tally",
    "browser_window",
    "check_key",
    "default_storage",
    "failure_reason",
    "in_browser",
    "new_match_id",
    "system_language",
    "user_data_dir",
]

T = TypeVar("T")

SETTINGS, MATCH, SHEETS, STATISTICS = "settings", "match", "sheets", "statistics"
PENDING = "match.pending-"
"""Key prefix of a match that was replaced before its sheet could be kept (see :meth:`Store.park_match`)."""
BROWSER_SHEETS_BUDGET = 1_500_000
"""Characters the past sheets may take in the browser's localStorage, which an origin such as
``*.github.io`` shares with other pages (about 5 M characters in all)."""
KEEP_RETRY_SECONDS = 60.0
"""After a try to write a waiting sheet failed (see :attr:`Store._unkept`), how long before a save of the
match or the settings that works tries again, unless room came back (that save had failed before)."""
COUNTED_MATCHES = 100
"""How many recent matches the statistics remember how much of they have counted."""
DOC_VERSIONS: dict[str, int] = {SETTINGS: 1, MATCH: 2, SHEETS: 1, STATISTICS: 2}
"""The version each document is written with."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _match_v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 played a lost Schwarz announced (Ouvert too) on to the tenth trick; since version 2
    the hand ends at the defenders' first trick (docs/rules-decisions.md), so the cards played after
    it are left out of the record."""
    record = doc.get("record")
    if isinstance(record, dict):
        with contextlib.suppress(RecordError):  # what does not replay is told, and set aside, by the reader
            doc["record"] = match_record(replay_match(record, drop_after_end=True), str(record.get("id", "")))
    return doc


def _statistics_v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 counted per game the hands, the games declared and won, the score and per game type
    the person's declared games (Ramsch: every one sat in); version 2 counts each hand by role, type,
    strength and rule set (:mod:`skat.stats`).  What version 1 knew is carried over as it was, its
    hands marked ``earlier``: they are in the totals, not in the breakdown the sheets can rebuild."""
    games = doc.get("games")
    if not isinstance(games, dict):
        return doc  # the reader says what is wrong with it
    out: dict[str, Any] = {}
    for name, g in games.items():
        if not isinstance(g, dict):
            out[name] = g
            continue
        everything = {"hands": g.get("hands_played"), "score": g.get("total_score"), "declared": g.get("declared"),
                      "declared_won": g.get("won_as_declarer"), "declared_score": 0}
        by_type: dict[str, Any] = {}
        types = g.get("by_type", {})
        for kind, t in (types.items() if isinstance(types, dict) else ()):
            if not isinstance(t, dict):
                by_type[kind] = t
                continue
            played, won, points = t.get("played"), t.get("won"), t.get("points")
            if kind == "ramsch":
                by_type[kind] = {"hands": played, "ramsch": played, "ramsch_won": won, "score": points}
                everything.update(ramsch=played, ramsch_won=won)
            else:
                by_type[kind] = {"hands": played, "declared": played, "declared_won": won, "declared_score": points,
                                 "score": points}
                if isinstance(points, int) and isinstance(everything["declared_score"], int):
                    everything["declared_score"] += points  # version 1 counted a declarer's points per type
        out[name] = {"all": everything, "by_type": by_type, "matches_finished": g.get("matches_finished"),
                     "earlier": g.get("hands_played")}
    doc["games"] = out
    return doc


MIGRATIONS: dict[str, dict[int, Migration]] = {key: {} for key in DOC_VERSIONS}
MIGRATIONS[MATCH][1] = _match_v1_to_v2
MIGRATIONS[STATISTICS][1] = _statistics_v1_to_v2
"""Per document ``{old_version: step}``: a step turns a document of ``old_version`` into one of the next
version (the store sets the new version number).  Add a step whenever a ``DOC_VERSIONS`` entry goes up."""

_WHAT = {
    SETTINGS: ("settings", "the default settings are used"),
    MATCH: ("match in progress", "it cannot be resumed"),
    SHEETS: ("score sheets", "finished matches start afresh"),
    STATISTICS: ("statistics", "the statistics start from zero"),
}


def _parked_key(match_id: str) -> str:
    """Where a match is moved aside to (see :meth:`Store.park_match`)."""
    return PENDING + re.sub(r"[^A-Za-z0-9_.-]", "-", match_id)[:60]


def _kind(key: str) -> str:
    """The document a key holds (a parked match is a match)."""
    return MATCH if key.startswith(PENDING) else key


LANGUAGES = ("de", "en")
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
DECKS = ("tournament", "classic", "german", "german_classic")
"""'tournament': the four-colour French deck of ISkO tournaments; 'classic': its traditional two
colours; 'german', 'german_classic': German suits (Eichel, Grün, Herz, Schellen) in four or two colours."""
PACES = ("slow", "normal", "fast")
"""How long the table waits after a computer's call, game or trick (the animation speed is apart)."""
SORT_SUITS = ("skat", "reverse")
"""The person's hand: 'skat' sorts Kreuz, Pik, Herz, Karo from the left, 'reverse' Karo first."""
SORT_RANKS = ("descending", "ascending")
TRUMP_SIDES = ("left", "right")
_SETTING_CHOICES: dict[str, tuple[object, ...]] = {
    "language": LANGUAGES,
    "animation": ANIMATION_SPEEDS,
    "pace": PACES,
    "deck": DECKS,
    "sound": (True, False),
    "hints": (False, True),
    "sort_suits": SORT_SUITS,
    "sort_rank": SORT_RANKS,
    "sort_trumps": TRUMP_SIDES,
    "sort_alternate": (False, True),
    "forced_play": (False, True),
    "shorten": (True, False),
    "takeback": (False, True),
    "ponder": (True, False),
}


class Notice(str):
    """A notice in English (logs, tests) that also names its message, so the UI can say it in
    the player's language: ``kind`` picks the message, ``doc`` the document, ``detail`` is the
    technical reason in English, ``reason`` the same as a code from :data:`REASONS` (what the UI
    translates), ``where`` the path or key concerned (shown as it is), ``count`` how many entries
    were left out, and ``aside`` where an unreadable document was kept."""

    kind: str
    doc: str
    detail: str
    aside: str
    reason: str
    where: str
    count: int  # type: ignore[assignment]  # shadows str.count: a Notice's count of entries left out

    def __new__(
        cls, text: str, kind: str, doc: str = "", detail: str = "", aside: str = "", *,
        reason: str = "unknown", where: str = "", count: int = 0,
    ) -> Notice:
        obj = super().__new__(cls, text)
        obj.kind, obj.doc, obj.detail, obj.aside = kind, doc, detail, aside
        obj.reason, obj.where, obj.count = reason, where, count
        return obj


REASONS = (
    "read_only", "in_the_way", "disk_full", "quota", "os_error", "unknown",  # the medium
    "not_text", "not_json", "bad_content", "newer_version", "old_version", "no_replay",  # the content
    "bad_setting", "entries_dropped",  # part of a document
)
"""Why a document could not be read or written, as codes the UI has a message for."""


class _KeptOut(Exception):
    """A document to be updated could not be read, or not be set aside: it stays as it is."""


class Invalid(ValueError):
    """Document content that does not fit its format (becomes a notice, never reaches the UI)."""

    def __init__(self, message: str, reason: str = "bad_content") -> None:
        super().__init__(message)
        self.reason = reason


def failure_reason(exc: BaseException, directory: str = "") -> tuple[str, str]:
    """What went wrong with the medium, as a code of :data:`REASONS`, and the path it concerns.

    The code is what the player reads (in their language); the path is shown as it is.
    """
    import errno

    if isinstance(exc, OSError):
        path = str(exc.filename2 or exc.filename or directory or "")
        code = exc.errno
        if isinstance(exc, (IsADirectoryError, NotADirectoryError)) or code in (errno.EISDIR, errno.ENOTDIR):
            return "in_the_way", path
        if isinstance(exc, PermissionError) or code in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "read_only", directory or path
        if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return "disk_full", directory or path
        return "os_error", path
    if "quota" in f"{type(exc).__name__} {exc}".lower():  # the browser's QuotaExceededError
        return "quota", ""
    return "unknown", directory


# ---------------------------------------------------------------- documents
@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation: str = "normal"
    pace: str = "normal"
    deck: str = "tournament"
    sound: bool = True
    hints: bool = False
    """The hint button (key H): off unless the player turns it on."""
    sort_suits: str = "skat"
    sort_rank: str = "descending"
    sort_trumps: str = "left"
    sort_alternate: bool = False
    """Sort the hand so black and red suits alternate."""
    forced_play: bool = False
    """Play the person's only legal card for them after a short pause."""
    setup: tuple[tuple[str, str | int | bool], ...] = ()
    """The last new match's set-up (game, rule set and its options, players, hands, strength) as
    (name, value) pairs; the set-up screen checks each value against what it offers."""
    shorten: bool = True
    """A hand whose result can no longer change is played out at once and laid open."""
    takeback: bool = False
    """Practice: the person may take back their last card or call (the hand is marked like a hint)."""
    ponder: bool = True
    """The computer players think ahead while the person decides and the cards fly."""

    def __post_init__(self) -> None:
        for name in _SETTING_CHOICES:
            if not _is_choice(name, getattr(self, name)):
                raise ValueError(f"setting {name} must be one of {_SETTING_CHOICES[name]}, not {getattr(self, name)!r}")
        if _setup_items(dict(self.setup)) != tuple(self.setup):
            raise ValueError(f"setting setup must hold short names with short text, number or yes/no values: "
                             f"{self.setup!r}")

    def with_options(self, **changes: Any) -> Settings:
        return replace(self, **changes)


SETUP_MAX_ITEMS = 64


def _setup_items(doc: object) -> tuple[tuple[str, str | int | bool], ...]:
    """The well-formed part of a saved set-up: at most :data:`SETUP_MAX_ITEMS` names of up to 40
    characters with a text (up to 40), a whole number or yes/no each; anything else is left out."""
    if not isinstance(doc, dict):
        return ()
    out = []
    for name, value in doc.items():
        if not (isinstance(name, str) and 0 < len(name) <= 40):
            continue
        if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**6) or (
            isinstance(value, str) and len(value) <= 40
        ):
            out.append((name, value))
    return tuple(out[:SETUP_MAX_ITEMS])


def _setting_value(settings: Settings, name: str) -> object:
    """A setting as compared for a change: the set-up as a mapping (the same values in another order
    are no change)."""
    value = getattr(settings, name)
    return dict(value) if name == "setup" else value


def _is_choice(name: str, value: object) -> bool:
    return any(value == c and type(value) is type(c) for c in _SETTING_CHOICES[name])


def new_match_id() -> str:
    """Unique enough to tell saved matches apart: UTC time plus random bits."""
    return time.strftime("%Y%m%d%H%M%S", time.gmtime()) + f"-{random.getrandbits(24):06x}"


@dataclass
class MatchInProgress:
    """A match with what the engine record does not hold: who the person is and how strong the computer plays."""

    match: Match
    person: int = 0
    ai: str = "normal"
    id: str = field(default_factory=new_match_id)
    counted: int = 0
    """Score-sheet lines already added to the statistics."""
    hinted: tuple[int, ...] = ()
    """Numbers of the hands in which the person asked for a hint (marked on the score sheet)."""
    taken_back: tuple[int, ...] = ()
    """Numbers of the hands in which the person took a move back (never a challenge's result)."""


@dataclass(frozen=True)
class FinishedMatch:
    """The score sheet of a match that ended (``complete`` False when it was given up early)."""

    id: str
    game: str
    rules: Rules
    players: int
    person: int
    ai: str
    finished_at: str
    """UTC, ISO 8601."""
    complete: bool
    sheet: tuple[SheetRow, ...]
    hands: int = 0
    """The hands the match was set up for (0 in sheets kept before this was recorded: read as the sheet's length)."""
    hinted: tuple[int, ...] = ()
    """Numbers of the hands played with a hint."""
    decks: tuple[tuple[int, ...], ...] = ()
    """The deal of each hand on the sheet, read like :attr:`Match.decks` (empty in sheets kept before
    this was recorded: those hands can be shown but not analysed or replayed)."""
    actions: tuple[tuple[int, ...], ...] = ()
    """Every action of each hand on the sheet, read like :attr:`Match.actions`."""

    @property
    def replayable(self) -> bool:
        """Whether every hand on the sheet can be rebuilt (for the analysis and the replay)."""
        return len(self.decks) == len(self.actions) == len(self.sheet) > 0

    @property
    def kind(self) -> Game:
        """The game played, read like :attr:`Match.kind`."""
        return GAMES[self.game]

    def rules_of(self, index: int) -> Rules:
        """Read like :meth:`Match.rules_of`: a Ramsch round's hands were dealt as Ramsch."""
        kind = self.sheet[index].round if 0 <= index < len(self.sheet) else ""
        return hand_rules(self.rules, kind)

    def seats_for(self, dealer: int) -> tuple[int, ...]:
        """Read like :meth:`Match.seats_for`."""
        return self.kind.seats_for(dealer, self.players)

    @property
    def finished(self) -> bool:
        """Read like :attr:`Match.finished`, so the score-sheet screen can show a kept sheet."""
        return self.complete

    def standings(self) -> list[dict[str, Any]]:
        """Same ranking as :meth:`Match.standings`."""
        return standings(self.kind, self.rules, self.players, self.sheet)


# ---------------------------------------------------------------- checks
def _obj(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Invalid(f"{what} is not an object")
    return value


def _int(value: object, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        raise Invalid(f"{what} is not a whole number")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise Invalid(f"{what} is out of range")
    return value


def _str(value: object, what: str, max_len: int = 200) -> str:
    if not isinstance(value, str) or len(value) > max_len:
        raise Invalid(f"{what} is not a short text")
    return value


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise Invalid(f"{what} is not true or false")
    return value


def _ints(value: object, what: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise Invalid(f"{what} is not a list of {length or 'some'} numbers")
    return tuple(_int(v, what) for v in value)


_RESULT_FIELDS = {f.name: str(f.type) for f in fields(HandResult)}
_RESULT_DEFAULTS = HandResult(game="", declarer=None).to_dict()
_RESULT_REQUIRED = ("game", "declarer")


def _compact_result(result: HandResult) -> dict[str, Any]:
    """A result without its default-valued fields: score sheets are about half the size."""
    full = result.to_dict()
    return {k: v for k, v in full.items() if k in _RESULT_REQUIRED or v != _RESULT_DEFAULTS[k]}


def _typed(value: object, type_name: str, what: str) -> Any:
    if type_name == "str":
        return _str(value, what)
    if type_name == "int":
        return _int(value, what)
    if type_name == "int | None":
        return None if value is None else _int(value, what)
    if type_name == "bool":
        return _bool(value, what)
    if type_name == "tuple[int, ...]":
        return _ints(value, what)
    if type_name == "dict[str, Any]":
        return dict(_obj(value, what))
    raise Invalid(f"{what}: no check for type {type_name}")


def _result(value: object) -> HandResult:
    data = _obj(value, "a hand result")
    for name in _RESULT_REQUIRED:
        if name not in data:
            raise Invalid(f"a hand result lacks {name}")
    unknown = set(data) - set(_RESULT_FIELDS)
    if unknown:
        raise Invalid(f"a hand result has unknown fields {sorted(unknown)}")
    return HandResult(**{k: _typed(v, _RESULT_FIELDS[k], f"result field {k}") for k, v in data.items()})


def _row_doc(row: SheetRow) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "number": row.number,
        "dealer": row.dealer,
        "declarer": row.declarer,
        "result": _compact_result(row.result),
        "changes": list(row.changes),
        "seeger": list(row.seeger),
        "totals": list(row.totals),
    }
    if row.round:  # a Bock or Ramsch round's game; older sheets have none
        doc["round"] = row.round
    return doc


_ROUNDS = ("", "bock", "ramsch")


def _row(value: object, players: int) -> SheetRow:
    d = _obj(value, "a score-sheet line")
    declarer = d.get("declarer")
    return SheetRow(
        number=_int(d.get("number"), "line number", 1),
        dealer=_int(d.get("dealer"), "dealer", 0, players - 1),
        declarer=None if declarer is None else _int(declarer, "declarer", 0, players - 1),
        result=_result(d.get("result")),
        changes=_ints(d.get("changes"), "changes", players),
        seeger=_ints(d.get("seeger"), "Seeger-Fabian changes", players),
        totals=_ints(d.get("totals"), "totals", players),
        round=_round(d.get("round", "")),
    )


def _round(value: object) -> str:
    if value not in _ROUNDS:
        raise Invalid(f"a score-sheet line's round must be one of {_ROUNDS}, not {value!r}")
    return str(value)


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_CODE = {c: i for i, c in enumerate(_ALPHABET)}
_WIDE = 63
"""Actions from 63 on (bids, declarations) take three characters: ``_`` and two base-64 digits."""
_MAX_ACTIONS = MAX_ACTIONS
"""The record reader's bound on a hand's actions (a Skat hand has about 50), for kept deals too."""


def encode_hand(deck: tuple[int, ...] | list[int], actions: tuple[int, ...] | list[int]) -> str:
    """A hand's deal and actions as about 80 characters: one base-64 digit per card of the deck,
    then one per card played or call, three per bid or declaration (the sheet keeps 36 hands in
    about 3,000 characters, a fifth of the sheet's own lines)."""
    out = [_ALPHABET[c] for c in deck]
    for a in actions:
        if 0 <= a < _WIDE:
            out.append(_ALPHABET[a])
        elif a < 64 * 64:
            out += ("_", _ALPHABET[a >> 6], _ALPHABET[a & 63])
        else:
            raise ValueError(f"action {a} has no short form")
    return "".join(out)


def decode_hand(text: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The deck and actions of :func:`encode_hand`; raises :class:`Invalid` for anything it could not
    have written (the actions are checked when the hand is rebuilt)."""
    if not isinstance(text, str) or not 32 <= len(text) <= 32 + 3 * _MAX_ACTIONS:
        raise Invalid("a kept hand is not a short text")
    try:
        codes = [_CODE[ch] for ch in text]
    except KeyError:
        raise Invalid("a kept hand has a character it cannot hold") from None
    deck = tuple(codes[:32])
    if sorted(deck) != list(range(32)):
        raise Invalid("a kept hand's deal does not hold each card once")
    actions, i = [], 32
    while i < len(codes):
        if codes[i] == _WIDE:
            if i + 2 >= len(codes):
                raise Invalid("a kept hand ends inside an action")
            actions.append(codes[i + 1] * 64 + codes[i + 2])
            i += 3
        else:
            actions.append(codes[i])
            i += 1
    return deck, tuple(actions)


def _finished_doc(m: FinishedMatch) -> dict[str, Any]:
    return {
        "id": m.id,
        "game": m.game,
        "rules": m.rules.to_dict(),
        "players": m.players,
        "person": m.person,
        "ai": m.ai,
        "finished_at": m.finished_at,
        "complete": m.complete,
        "sheet": [_row_doc(r) for r in m.sheet],
        "hands": m.hands,
        "hinted": list(m.hinted),
        "deals": [encode_hand(deck, acts) for deck, acts in zip(m.decks, m.actions, strict=True)],
    }


def _entries(doc: dict[str, Any], problems: list[str]) -> list[Any]:
    """The sheets document's entries as they are (see :meth:`Store._keep_sheet`)."""
    entries = doc.get("matches")
    if not isinstance(entries, list):
        raise Invalid("it holds no list of matches")
    return entries


def _entry_id(entry: object) -> str | None:
    """A stored entry's id when it is text, else None.  Entries are merged as JSON, unchecked, and one
    whose id is a list or an object (hand-edited, written by something else) must not stop a merge:
    it does not read as a sheet, and is shown and left out as such."""
    value = entry.get("id") if isinstance(entry, dict) else None
    return value if isinstance(value, str) else None


def _reads(entry: object) -> bool:
    """Whether a kept sheet reads (see :func:`_finished`)."""
    try:
        _finished(entry)
    except Exception:  # noqa: BLE001 - any failure: it does not read
        return False
    return True


def _finished(value: object) -> FinishedMatch:
    d = _obj(value, "a finished match")
    game = d.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise Invalid("a finished match names no known game")
    players = _int(d.get("players"), "players", 2, 4)
    try:
        rules = Rules.from_dict(_obj(d.get("rules"), "rules"))
    except (ValueError, TypeError) as exc:
        raise Invalid(f"bad rules: {exc}") from exc
    sheet = d.get("sheet")
    if not isinstance(sheet, list) or len(sheet) > _MAX_HANDS:
        raise Invalid("a finished match has no score sheet")
    rows = tuple(_row(r, players) for r in sheet)
    _check_sheet(rows, players)
    hands = _int(d.get("hands", len(sheet)), "hands", 0, _MAX_HANDS)
    complete = _bool(d.get("complete"), "complete")
    if hands and (len(rows) > hands or complete != (len(rows) >= hands)):
        raise Invalid("a finished match has more or fewer hands than it was set up for")
    deals = d.get("deals", [])
    if not isinstance(deals, list) or len(deals) not in (0, len(rows)):
        raise Invalid("a finished match keeps the deals of other hands than its sheet's")
    decoded = [decode_hand(text) for text in deals]
    return FinishedMatch(
        id=_str(d.get("id"), "match id"),
        game=game,
        rules=rules,
        players=players,
        person=_int(d.get("person"), "person", 0, players - 1),
        ai=_strength(d.get("ai")),
        finished_at=_str(d.get("finished_at"), "finishing time"),
        complete=complete,
        sheet=rows,
        hands=hands,
        hinted=_hinted(d.get("hinted", []), max(hands, len(rows))),
        decks=tuple(deck for deck, _ in decoded),
        actions=tuple(acts for _, acts in decoded),
    )


_MAX_HANDS = MAX_HANDS
"""The record reader's bound on a match's hands: a save this module accepts also replays."""


def _check_sheet(rows: tuple[SheetRow, ...], players: int) -> None:
    """The lines follow each other as the game writes them: numbered from 1, the deal passing on, and
    every total the one before plus this line's change."""
    totals = (0,) * players
    for i, row in enumerate(rows):
        if row.number != i + 1:
            raise Invalid("the score-sheet lines are not numbered in order")
        if i and row.dealer != (rows[i - 1].dealer + 1) % players:
            raise Invalid("the deal does not pass on from line to line")
        totals = tuple(t + c for t, c in zip(totals, row.changes, strict=True))
        if row.totals != totals:
            raise Invalid(f"the totals of line {row.number} do not add up")


def _strength(value: object) -> str:
    """A computer strength this game offers (an unknown one would make every decision fail)."""
    if value not in STRENGTHS:
        raise Invalid("the computer strength is not one this game offers")
    return str(value)


def _check_setup(record: dict[str, Any]) -> None:
    """The set-up numbers of a match record are whole numbers of the game's range, as the game writes
    them (the record reader would round 4.7 hands down, and a text seed breaks the computer players)."""
    _int(record.get("players"), "players", 2, 4)
    _int(record.get("hands"), "hands", 1, _MAX_HANDS)
    _int(record.get("first_dealer", 0), "first dealer", 0, 3)
    seed = record.get("seed")
    if seed is not None:
        _int(seed, "seed", 0, 2**63)
    if not isinstance(record.get("hand_records"), list) or len(record["hand_records"]) > _MAX_HANDS:
        raise Invalid("the match record holds no list of hands")


def _hinted(value: object, hands: int) -> tuple[int, ...]:
    """Hand numbers played with a hint (older documents have none), each one of the match's ``hands``."""
    if isinstance(value, list) and len(value) > hands:
        raise Invalid("more hands are marked with a hint than were played")
    return tuple(sorted({_int(v, "a hand with a hint", 1, max(hands, 1)) for v in _ints(value, "hands with a hint")}))


def _stats_doc(stats: Statistics) -> dict[str, Any]:
    games = {}
    for name, g in stats.games.items():
        games[name] = {
            "all": g.all.to_doc(),
            "matches_finished": g.matches_finished,
            "earlier": g.earlier,
            **{dim: {k: t.to_doc() for k, t in getattr(g, dim).items()} for dim in _DIMENSIONS},
        }
    return {
        "games": games,
        "lists": [[sf.hands, sf.seeger, sf.won, sf.lost] for sf in stats.lists],
        "matches": [[m.id, m.game, m.hands, m.score, m.seeger, int(m.seeger_fabian), int(m.finished), m.when]
                    for m in stats.matches],
        "counted": {k: list(v) for k, v in stats.counted.items()},
    }


_DIMENSIONS = ("by_type", "by_strength", "by_rules")
_MAX_KEYS = 40
"""The most entries of one breakdown (game types, strengths, rule sets) a document may hold."""


def _tally(value: object, what: str) -> Tally:
    """A tally the game could have counted: whole numbers, none negative but the points, no more won
    than played, no more roles than hands."""
    d = _obj(value, what)
    unknown = set(d) - set(TALLY_FIELDS)
    if unknown:
        raise Invalid(f"{what} has unknown counts {sorted(unknown)}")
    t = Tally(**{k: _int(v, f"{what}: {k}", None if k in SIGNED_FIELDS else 0) for k, v in d.items()})
    if (t.declared_won > t.declared or t.defence_won > t.defended or t.ramsch_won > t.ramsch
            or t.defence_cards > t.defence_side_cards or t.sf_hands > t.hands or t.valued > t.declared
            or t.declared + t.defended + t.ramsch + t.passed > t.hands):
        raise Invalid(f"{what} has more games won than played, or more games than hands")
    return t


def _stats(doc: dict[str, Any], problems: list[str]) -> Statistics:
    stats = Statistics()
    for name, value in _obj(doc.get("games"), "games").items():
        if name not in GAMES:
            raise Invalid(f"statistics of an unknown game {name!r}")
        g = _obj(value, name)
        game = GameStats(
            all=_tally(g.get("all", {}), f"the {name} statistics"),
            matches_finished=_int(g.get("matches_finished", 0), "matches finished", 0),
            earlier=_int(g.get("earlier", 0), "hands counted earlier", 0),
        )
        for dim in _DIMENSIONS:
            part = _obj(g.get(dim, {}), f"the {name} statistics {dim}")
            if len(part) > _MAX_KEYS:
                raise Invalid(f"the {name} statistics {dim} has more entries than the game has")
            for key, t in part.items():
                tally = _tally(t, f"the {name} statistics of {key}")
                if tally.hands > game.all.hands:
                    raise Invalid(f"the {name} statistics of {key} have more hands than all of them")
                getattr(game, dim)[_str(key, "a statistics entry", 20)] = tally
        if game.earlier > game.all.hands:
            raise Invalid(f"the {name} statistics have more hands counted earlier than in all")
        stats.games[name] = game
    lists = doc.get("lists", [])
    if not isinstance(lists, list) or len(lists) > MAX_LISTS:
        raise Invalid("the Seeger-Fabian lists are not a list the game keeps")
    for entry in lists:
        hands, seeger, won, lost = _ints(entry, "a Seeger-Fabian list", 4)
        if not (0 <= hands <= 36 and min(won, lost) >= 0 and won + lost <= hands):
            raise Invalid("a Seeger-Fabian list holds more games than hands")
        stats.lists.append(SFList(hands, seeger, won, lost))
    lines = doc.get("matches", [])
    if not isinstance(lines, list) or len(lines) > MAX_MATCH_LINES:
        raise Invalid("the results per match are not a list the game keeps")
    for entry in lines:
        if not isinstance(entry, list) or len(entry) != 8:
            raise Invalid("a match's result is not eight values")
        match_id, game_name = _str(entry[0], "match id"), entry[1]
        if game_name not in GAMES:
            raise Invalid("a match's result names no known game")
        hands, score, seeger = _int(entry[2], "hands", 0, _MAX_HANDS), _int(entry[3], "score"), _int(entry[4], "SF")
        stats.matches.append(MatchLine(match_id, game_name, hands, score, seeger, bool(_int(entry[5], "SF", 0, 1)),
                                       bool(_int(entry[6], "finished", 0, 1)), _str(entry[7], "a time", 40)))
    counted = _obj(doc.get("counted", {}), "the matches counted")
    if len(counted) > COUNTED_MATCHES:
        raise Invalid("it remembers more matches than the game keeps")
    for match_id, value in counted.items():
        rows = _ints(value, "a match counted", 2)
        if rows[0] < 0 or rows[1] not in (0, 1):
            raise Invalid("a match counted is out of range")
        stats.counted[_str(match_id, "match id")] = (rows[0], rows[1])
    return stats


# ---------------------------------------------------------------- the store
class StatisticsRebuild:
    """The statistics counted again from the kept sheets and the match in progress, a sheet per step,
    so the UI can spread the work over frames (checking a long sheet takes milliseconds, 200 of them
    a second); :meth:`finish` writes the result merged with what was counted meanwhile.

    The sheets document is read (as JSON, unchecked) when the rebuild is made, with the sheets held in
    memory for want of room (:attr:`Store._held`); each sheet is checked
    in its own step, and one that does not read is left out like on the past-matches screen."""

    def __init__(self, store: Store, current: MatchInProgress | None | str = "load") -> None:
        self.store = store
        self.entries: list[Any] = store._read(SHEETS, _entries, list)
        on_file = {_entry_id(e) for e in self.entries} - {None}
        self.entries[:0] = [e for e in store._held if _entry_id(e) not in on_file]
        self.current = current
        self.current_id: str | None = current.id if isinstance(current, MatchInProgress) else None
        """The id of the match counted as the one in progress (once loaded): its sheet, should it be
        kept while the rebuild runs (one that waited for room), is not counted again by :meth:`finish`."""
        self.job = Rebuild(self._matches())

    def _matches(self) -> Any:
        current = self.store.load_match() if isinstance(self.current, str) else self.current
        self.current_id = current.id if current is not None else None
        counted = self.store.statistics().counted
        for entry in self.entries:
            try:
                m = _finished(entry)
            except Exception:  # noqa: BLE001 - a sheet that does not read is shown as such elsewhere
                continue
            if current is not None and m.id == current.id:
                continue  # given up, then resumed: the match in progress holds more of it
            yield KeptHands(Seat.of(m.id, m.game, m.rules, m.players, m.person, m.ai), m.sheet, m.complete,
                            m.finished_at)
        if current is not None:
            live = current.match
            done, finished = counted.get(current.id, (current.counted, 0))
            yield KeptHands(Seat.of(current.id, live.game, live.rules, live.players, current.person, current.ai),
                            tuple(live.sheet[:done]), bool(finished), self.store.now())

    @property
    def total(self) -> int:
        """Matches to count (the match in progress too)."""
        return len(self.entries) + 1

    def step(self, budget: float = 0.004, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Count matches for about ``budget`` seconds (at least one); True once all are counted."""
        start = clock()
        while not self.job.step():
            if clock() - start >= budget:
                return False
        return True

    def finish(self) -> bool:
        """Count what is left and write the rebuilt statistics, merged with the document as it is now;
        sheets another window kept since the rebuild began are counted too, under the same lock."""
        while not self.job.step():
            pass
        store = self.store

        def change(now: Statistics) -> Statistics:
            known = {_entry_id(e) for e in self.entries}
            for entry in store._read(SHEETS, _entries, list):
                if not isinstance(entry, dict) or _entry_id(entry) in known or _entry_id(entry) == self.current_id:
                    continue
                with contextlib.suppress(Exception):  # a sheet that does not read is left out, as above
                    m = _finished(entry)
                    self.job.add(KeptHands(Seat.of(m.id, m.game, m.rules, m.players, m.person, m.ai), m.sheet,
                                           m.complete, m.finished_at))
                self.entries.append(entry)  # counted once, should the write fail and finish run again
            return self.job.merged(now)

        return store._update(STATISTICS, _stats, Statistics, change, lambda s: store._write(STATISTICS, _stats_doc(s)))


class Store:
    """Typed documents on top of a Storage; every problem ends up in :attr:`notices`, none raises."""

    def __init__(
        self,
        storage: Storage | None = None,
        *,
        max_sheets: int = 200,
        sheets_budget: int | None | Literal["auto"] = "auto",
        language: str | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """``language``: the default when no settings are saved (None: from the browser or system locale)."""
        self.storage: Storage = default_storage() if storage is None else storage
        self.max_sheets = max_sheets
        self.sheets_budget: int | None = sheets_budget if not isinstance(sheets_budget, str) else (
            BROWSER_SHEETS_BUDGET if isinstance(self.storage, LocalStorage) else None)
        """Characters the sheets document may take (None: no limit; files have room)."""
        self.clock = clock
        self._language = language
        self._told_parked: set[str] = set()
        self._unkept: dict[str, tuple[MatchInProgress, str]] = {}
        """Matches whose sheet could not be kept (a full disk), by id, with the key their save is under:
        held in memory, shown by :meth:`sheets`, and kept when the sheets or statistics are read, when
        a match is kept, and after a save of the match or the settings worked (:meth:`_saved`), so a
        sheet waits for room, not for the next start."""
        self._held: list[Any] = []
        """Past sheets (as stored, oldest first) that made room for a save in a full browser storage and
        did not fit back (see :meth:`_room_from_sheets`): shown by :meth:`sheets` and written again with
        the waiting sheets of :attr:`_unkept`."""
        self._keeping = False
        self._save_failed = False
        """A save of the match or the settings failed since the last that worked: the next that works
        means room came back."""
        self._retry_at = 0.0
        """The store's clock before which a working save does not try the waiting sheets again (a try
        failed: room for that save is not yet room for the sheets)."""
        self._settings_seen: Settings | None = None
        """The settings this window holds as of its last read or save (what it read at the start, what
        it last saved), not the document as merged: :meth:`save_settings` writes only what differs
        from them, so a field another window changed is never this window's to write back."""
        self.notices: list[str] = []
        if storage is None and isinstance(self.storage, MemoryStorage):
            self.notices.append(
                Notice("This browser does not let the game keep data: nothing is saved after the page closes.",
                       "no_storage")
            )

    def now(self) -> str:
        """The store's clock as a kept sheet writes the time: UTC, ISO 8601, to the second."""
        return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.clock()))

    def take_notices(self) -> list[str]:
        """The notices so far, emptying the list (for a UI that shows each once)."""
        out, self.notices = self.notices, []
        return out

    # ------------------------------------------------------------ settings
    def default_settings(self) -> Settings:
        language = self._language if self._language in LANGUAGES else system_language()
        return Settings(language=language)

    def settings(self) -> Settings:
        """Read from storage on every call: the UI keeps its own copy."""
        value = self._read(SETTINGS, self._settings, self.default_settings, repair=self._write_settings)
        self._settings_seen = value
        return value

    def save_settings(self, settings: Settings, changed: Collection[str] = ()) -> bool:
        """Write the settings that this window changed since it last read or saved them onto the
        settings as stored now, under the lock: another window's change since (its language, its last
        set-up) stays, unless this one changed the same setting.  The window keeps its own copy (it
        does not take up the other window's changes), so after a save that copy, not the merged
        document, is what the next save tells this window's changes by.  ``changed``: settings written
        even when this window's copy holds them already (a match started with the set-up it held is
        still the last one started, whatever another window started since)."""
        seen = self._settings_seen

        def change(stored: Settings) -> Settings:
            if seen is None:
                return settings
            return replace(stored, **{f.name: getattr(settings, f.name) for f in fields(Settings)
                                      if f.name in changed
                                      or _setting_value(settings, f.name) != _setting_value(seen, f.name)})

        def write(merged: Settings) -> bool:
            if not self._write_settings(merged):
                return False
            self._settings_seen = settings
            return True

        return self._saved(self._update(SETTINGS, self._settings, self.default_settings, change, write))

    def _write_settings(self, settings: Settings) -> bool:
        doc: dict[str, Any] = {name: getattr(settings, name) for name in _SETTING_CHOICES}
        if settings.setup:
            doc["setup"] = dict(settings.setup)
        return self._write(SETTINGS, doc)

    def _settings(self, doc: dict[str, Any], problems: list[str]) -> Settings:
        """Settings are independent, so one bad value falls back alone."""
        default = self.default_settings()
        values = {}
        for name in _SETTING_CHOICES:
            if name not in doc:
                continue
            if _is_choice(name, doc[name]):
                values[name] = doc[name]
            else:
                problems.append(f"the setting {name!r} had an unknown value and is back to its default")
        if "setup" in doc:
            setup = _setup_items(doc["setup"])
            if not isinstance(doc["setup"], dict) or len(setup) != len(doc["setup"]):
                problems.append("the setting 'setup' had values that are not a set-up; those are left out")
            values["setup"] = setup
        return replace(default, **values)

    # ------------------------------------------------------------ match in progress
    def load_match(self) -> MatchInProgress | None:
        """The saved match, replayed up to its last action (None when there is none or it is unreadable).

        A match that comes back finished was interrupted before :meth:`finish_match` completed:
        call it again, it adds nothing twice.  A match whose sheet is waiting in memory to be kept
        comes back as it is there (its save may be older: the disk was full).
        """
        game = self._read(MATCH, self._match, lambda: None)
        if game is not None and game.id in self._unkept:
            return self._unkept[game.id][0]
        return game

    def save_match(self, game: MatchInProgress) -> bool:
        """Save after every action; hands that ended since the last save go into the statistics.

        The statistics remember per match how many of its lines they hold (:attr:`Statistics.counted`),
        so a hand is counted exactly once whichever write fails or which window counts it.  They are
        written first, so the match's own ``counted`` only ever says what they confirmed.  A sheet
        waiting for room is tried only after the match is saved (see :meth:`_saved`).
        """
        counted = len(game.match.sheet) <= game.counted or self._count(game)
        doc = {
            "id": game.id,
            "person": game.person,
            "ai": game.ai,
            "counted": game.counted,
            "hinted": list(game.hinted),
            "taken_back": list(game.taken_back),
            "record": match_record(game.match, game.id),
        }
        try:
            with self._lock():
                self._park_other_window(game.id)
                saved = self._write(MATCH, doc)
        except OSError:  # the lock could not be had: saving our own match is still right
            saved = self._write(MATCH, doc)
        return self._saved(saved) and counted

    def _saved(self, ok: bool) -> bool:
        """A save of the match or the settings ended (``ok``, given back): once one works there is room,
        so the sheets waiting in memory are written then, after that small save, not before it.  At
        once when the save before had failed (room came back); otherwise not before
        :data:`KEEP_RETRY_SECONDS` after a try that failed, since room for a small save may be no room
        for the sheets, and each try reads and writes all of them (a long frame at every move)."""
        if not ok:
            self._save_failed = True
            return False
        came_back, self._save_failed = self._save_failed, False
        if (self._unkept or self._held) and (came_back or self.clock() >= self._retry_at):
            self._keep_unkept()
        return True

    def _park_other_window(self, mine: str) -> None:
        """Another window saved its own match where this one saves: move that one aside (parked,
        as :meth:`park_match` does; :meth:`recover` keeps its sheet at the next start) instead of
        overwriting it, and say so once."""
        other = self._saved_id()
        if other in (mine, None):
            return
        aside = _parked_key(other)
        try:
            self.storage.rename(MATCH, aside)
        except Exception:
            return  # left where it is: our save replaces it, as before windows were checked
        if other in self._unkept:  # this window's own finished match, waiting for room: no news
            self._unkept[other] = (self._unkept[other][0], aside)
            return
        if other not in self._told_parked:
            self._told_parked.add(other)
            self.notices.append(Notice(f"Another game window saved its own match ({other}); it was kept aside "
                                       "and its score sheet is kept at the next start.", "other_window", MATCH))

    def clear_match(self) -> bool:
        return self._delete(MATCH)

    def finished_match(self, game: MatchInProgress) -> FinishedMatch:
        """The score sheet a match leaves, with the deal and actions of each of its hands."""
        m = game.match
        n = len(m.sheet)
        return FinishedMatch(
            id=game.id,
            game=m.game,
            rules=m.rules,
            players=m.players,
            person=game.person,
            ai=game.ai,
            finished_at=self.now(),
            complete=m.finished,
            sheet=tuple(m.sheet),
            hands=m.hands,
            hinted=tuple(h for h in game.hinted if h <= max(m.hands, n)),
            decks=tuple(tuple(d) for d in m.decks[:n]),
            actions=tuple(tuple(a) for a in m.actions[:n]),
        )

    def keep_match(self, game: MatchInProgress, key: str = MATCH) -> bool:
        """Keep the score sheet, count what is not counted yet, and only then forget the match (``key``).

        Also for a match given up before its last hand: its sheet is kept as not ``complete`` and
        it does not count as a finished match in the statistics.  Each step is one document
        written whole, in this order: sheets, statistics, removing the match.  A failure stops
        there and says so; the match stays saved, and calling this again (now or at the next
        start) finishes the job without adding anything twice.
        """
        self._keep_unkept(but=game.id)
        if self._keep(game, key):
            self._unkept.pop(game.id, None)
            return True
        self._unkept[game.id] = (game, key)
        self._retry_at = self.clock() + KEEP_RETRY_SECONDS
        return False

    def _keep_unkept(self, but: str = "", *, held: bool = True) -> None:
        """Keep the sheets that could not be kept before (see :attr:`_held` and :attr:`_unkept`), oldest
        first; the first that still fails stops the rest (no room yet: each would fail alike).
        ``held``: also those of :attr:`_held`; not when the sheets are only read, since where they do
        not fit the oldest give way, and a read is no news that room came back."""
        if self._keeping or not (self._unkept or (held and self._held)):
            return
        self._keeping = True
        try:
            if held and self._held and not self._write_held():
                self._retry_at = self.clock() + KEEP_RETRY_SECONDS
                return
            for match_id, (game, key) in list(self._unkept.items()):
                if match_id == but:
                    continue
                if not self._keep(game, key):
                    self._retry_at = self.clock() + KEEP_RETRY_SECONDS
                    break
                self._unkept.pop(match_id, None)
        finally:
            self._keeping = False

    def _write_held(self) -> bool:
        """Write the sheets of :attr:`_held` back before the ones on file, merged by id under the lock;
        where they do not fit, the oldest give way as any sheets do (:meth:`_write`, with its notice)."""

        def change(entries: list[Any]) -> list[Any]:
            ids = {_entry_id(e) for e in entries} - {None}
            kept = [e for e in self._held if _entry_id(e) not in ids] + entries
            return kept[-self.max_sheets :] if self.max_sheets > 0 else []

        def write(entries: list[Any]) -> bool:
            if not self._write(SHEETS, {"matches": entries}):
                return False
            self._held = []
            return True

        return self._update(SHEETS, _entries, list, change, write)

    def _keep(self, game: MatchInProgress, key: str) -> bool:
        """:meth:`keep_match`'s three steps."""
        if not self._keep_sheet(self.finished_match(game)):
            return False
        if not self._count(game, finished_match=game.match.finished):
            return False
        try:
            with self._lock():
                if key == MATCH and self._saved_id() not in (game.id, None):
                    return True  # another window saved its own match there since: that one stays
                return self._delete(key)
        except OSError:  # the lock could not be had: removing our own save is still right
            return self._delete(key)

    def _saved_id(self) -> str | None:
        """The id of the match saved now (None: none, or unreadable)."""
        try:
            text = self.storage.load(MATCH)
            doc = json_text.loads(text) if text else None
        except Exception:
            return None
        return _entry_id(doc)

    def finish_match(self, game: MatchInProgress) -> FinishedMatch:
        """:meth:`keep_match`, giving the sheet it keeps (kept only when no notice says otherwise)."""
        self.keep_match(game)
        return self.finished_match(game)

    def park_match(self, game: MatchInProgress) -> bool:
        """A match that could not be kept is being replaced: move its save out of the way (a rename
        needs no free space) so the new match does not overwrite it; :meth:`recover` keeps it later."""
        aside = _parked_key(game.id)
        try:
            self.storage.rename(MATCH, aside)
        except Exception as exc:
            reason, where = failure_reason(exc, self._directory())
            self.notices.append(Notice(f"Could not keep the replaced match: {exc}", "save_failed", MATCH, str(exc),
                                       reason=reason, where=where))
            return False
        if game.id in self._unkept:
            self._unkept[game.id] = (game, aside)
        return True

    def recover(self) -> None:
        """At start: remove what a killed save left, and keep the matches that could not be kept
        before (parked ones, or one that ended but whose sheet was not written)."""
        clean = getattr(self.storage, "remove_stale_temporaries", None)
        if callable(clean):
            with contextlib.suppress(Exception):
                clean()
        try:
            parked = [  # not the copies of parked matches that were set aside as unreadable
                k for k in self.storage.keys() if k.startswith(PENDING) and ".corrupt-" not in k  # noqa: SIM118
            ]
        except Exception:
            parked = []
        for key in parked:
            game = self._read(key, self._match, lambda: None)
            if game is not None:
                self.keep_match(game, key)

    def _match(self, doc: dict[str, Any], problems: list[str]) -> MatchInProgress:
        record = _obj(doc.get("record"), "the match record")
        try:
            _check_setup(record)
        except Invalid as exc:
            raise Invalid(f"the match record does not replay ({exc})", "no_replay") from exc
        try:
            match = replay_match(record)
        except Exception as exc:  # a record that does not replay, whatever the reason
            raise Invalid(f"the match record does not replay ({exc})", "no_replay") from exc
        return MatchInProgress(
            match=match,
            person=_int(doc.get("person"), "person", 0, match.players - 1),
            ai=_strength(doc.get("ai")),
            id=_str(doc.get("id"), "match id"),
            counted=_int(doc.get("counted"), "hands counted", 0, len(match.sheet)),
            hinted=_hinted(doc.get("hinted", []), match.hands),
            taken_back=_hinted(doc.get("taken_back", []), match.hands),
        )

    # ------------------------------------------------------------ score sheets
    def sheets(self) -> list[FinishedMatch]:
        """Finished matches, oldest first, at most ``max_sheets``; those waiting in memory for room
        (see :attr:`_unkept`) among them, last, and those held in memory (:attr:`_held`), first."""
        self._keep_unkept(held=False)
        kept = self._read(SHEETS, self._sheets, list, repair=self._drop_unreadable_sheets)
        if not self._unkept and not self._held:
            return kept
        held = []
        for entry in self._held:
            with contextlib.suppress(Exception):  # one that does not read is left out, as on file
                held.append(_finished(entry))
        waiting = [self.finished_match(game) for game, _ in self._unkept.values()]
        ids = {m.id for m in waiting}
        on_file = [m for m in kept if m.id not in ids]
        known = {m.id for m in on_file} | ids
        out = [m for m in held if m.id not in known] + on_file + waiting
        return out[-self.max_sheets :] if self.max_sheets > 0 else []

    def _drop_unreadable_sheets(self, _read: list[FinishedMatch]) -> bool:
        """Write the sheets back without those that do not read, read again under the lock, so a sheet
        another window kept since is not dropped with them."""

        def change(entries: list[Any]) -> list[Any] | None:
            kept = [e for e in entries if _reads(e)]
            return None if len(kept) == len(entries) else kept

        return self._update(SHEETS, _entries, list, change, lambda entries: self._write(SHEETS, {"matches": entries}))

    def _keep_sheet(self, finished: FinishedMatch) -> bool:
        """Add a sheet to the ones on file, read again under the lock, so another window's are kept
        too; a sheet kept before under the same id (a match given up, then resumed) is replaced.

        The others are merged as JSON, not checked entry by entry (that is for when they are shown):
        at the end of a match this takes milliseconds, not the second 200 long sheets take to check."""
        new = _finished_doc(finished)

        def change(entries: list[Any]) -> list[Any] | None:
            old = next((e for e in entries if _entry_id(e) == finished.id), None)
            if old is not None:
                rows = old.get("sheet")
                old_rows = rows if isinstance(rows, list) else []
                if len(old_rows) >= len(finished.sheet) and (old.get("deals") or not new["deals"]):
                    return None
            kept = [e for e in entries if e is not old] + [new]
            return kept[-self.max_sheets :] if self.max_sheets > 0 else []

        return self._update(SHEETS, _entries, list, change, lambda entries: self._write(SHEETS, {"matches": entries}))

    def _sheets(self, doc: dict[str, Any], problems: list[str]) -> list[FinishedMatch]:
        """One bad entry is dropped alone (the whole document is copied aside first)."""
        entries = doc.get("matches")
        if not isinstance(entries, list):
            raise Invalid("it holds no list of matches")
        out = []
        for n, entry in enumerate(entries, 1):
            try:
                out.append(_finished(entry))
            except Invalid as exc:
                problems.append(f"finished match {n} was dropped ({exc})")
            except Exception as exc:  # a check this module lacks costs this entry, not the others
                problems.append(f"finished match {n} was dropped ({type(exc).__name__}: {exc})")
        return out

    # ------------------------------------------------------------ statistics
    def statistics(self) -> Statistics:
        self._keep_unkept(held=False)
        return self._read(STATISTICS, _stats, Statistics)

    def rebuild_statistics(self, current: MatchInProgress | None | str = "load") -> StatisticsRebuild:
        """A rebuild of the statistics from the kept sheets, to be stepped (see :class:`StatisticsRebuild`);
        ``current``: the match in progress when the caller has it already (replaying a saved one takes
        longer than a frame), or "load"."""
        return StatisticsRebuild(self, current)
    def _count(self, game: MatchInProgress, finished_match: bool = False) -> bool:
        """Count the match's lines the statistics do not hold yet, read again under the lock."""
        m = game.match

        def change(stats: Statistics) -> Statistics | None:
            done, was_finished = stats.counted.get(game.id, (game.counted, 0))
            rows = m.sheet[done:]
            now_finished = finished_match and not was_finished
            if not rows and not now_finished and game.id in stats.counted:
                return None
            seat = Seat.of(game.id, m.game, m.rules, m.players, game.person, game.ai)
            for row in rows:
                stats.add_hand(seat, row)
            if now_finished:
                stats.finish(seat)
            if rows or now_finished:
                stats.line(seat).when = self.now()
            stats.counted.pop(game.id, None)
            stats.counted[game.id] = (max(done, len(m.sheet)), int(was_finished or now_finished))
            while len(stats.counted) > COUNTED_MATCHES:
                stats.counted.pop(next(iter(stats.counted)))
            return stats

        ok = self._update(STATISTICS, _stats, Statistics, change, lambda s: self._write(STATISTICS, _stats_doc(s)))
        if ok:
            game.counted = len(m.sheet)
        return ok

    def _update(
        self,
        key: str,
        parse: Callable[[dict[str, Any], list[str]], T],
        default: Callable[[], T],
        change: Callable[[T], T | None],
        write: Callable[[T], bool],
    ) -> bool:
        """Read, change and write back one document under the storage's lock, so that another window's
        update in between is merged, not overwritten (``change`` gives None: nothing to write)."""
        try:
            with self._lock():
                value = change(self._read(key, parse, default, for_update=True))
                return True if value is None else write(value)
        except _KeptOut:  # unreadable and still in place: writing would lose it (the notice says why)
            return False
        except Exception as exc:  # the lock itself: another window holds it too long, or no folder
            what, _ = _WHAT[_kind(key)]
            reason, where = failure_reason(exc, self._directory())
            self.notices.append(Notice(f"Could not save the {what}: {exc}", "save_failed", key, str(exc),
                                       reason=reason, where=where))
            return False

    def _lock(self) -> contextlib.AbstractContextManager[object]:
        lock = getattr(self.storage, "lock", None)
        return lock() if callable(lock) else contextlib.nullcontext()

    # ------------------------------------------------------------ reading and writing
    def _read(
        self,
        key: str,
        parse: Callable[[dict[str, Any], list[str]], T],
        default: Callable[[], T],
        repair: Callable[[T], bool] | None = None,
        for_update: bool = False,
    ) -> T:
        """Load, migrate and check one document.  ``parse`` may report problems it could work around
        (one bad setting, one bad sheet); then ``repair`` writes back what was read, so the notice
        comes once.  ``for_update``: the caller writes the result back, so a document that could not
        be read, or not be set aside, raises :class:`_KeptOut` instead of giving the default."""
        what, fallback = _WHAT[_kind(key)]
        try:
            text = self.storage.load(key)
        except ValueError as exc:  # bytes that are not UTF-8
            return self._set_aside(key, f"it is not text ({exc})", default, "not_text", for_update)
        except Exception as exc:
            reason, where = failure_reason(exc, self._directory())
            self.notices.append(
                Notice(f"Could not read the saved {what} ({exc}); for now {fallback}.", "read_failed", _kind(key),
                       str(exc), reason=reason, where=where)
            )
            if for_update:
                raise _KeptOut(key) from exc
            return default()
        if text is None:
            return default()
        try:
            doc = json_text.loads(text)
        except (ValueError, RecursionError) as exc:
            return self._set_aside(key, f"it is not valid JSON ({exc})", default, "not_json", for_update)
        problems: list[str] = []
        try:
            value = parse(self._migrate(key, doc), problems)
        except Invalid as exc:
            return self._set_aside(key, str(exc), default, exc.reason, for_update)
        except Exception as exc:  # a check this module lacks must not stop the game
            return self._set_aside(key, f"unexpected content ({type(exc).__name__}: {exc})", default, "bad_content",
                                   for_update)
        if problems:
            kept = aside = ""
            if key == SHEETS:
                aside = self._aside_key(key)
                try:
                    self.storage.save(aside, text)
                    kept = f" (the full document was kept as {aside!r})"
                except Exception as exc:
                    kept = f" (it could not be copied aside: {exc})"
                    aside = ""
            detail = "; ".join(problems)
            reason = "entries_dropped" if key == SHEETS else "bad_setting"
            self.notices.append(
                Notice(f"Part of the saved {what} could not be read: {detail}{kept}.", "partly_unreadable", key, detail,
                       aside, reason=reason, count=len(problems))
            )
            if repair is not None and (aside or key != SHEETS):
                repair(value)  # a sheet is dropped only once the whole document is kept aside
        return value

    def _migrate(self, key: str, doc: Any) -> dict[str, Any]:
        doc = _obj(doc, "the document")
        version = doc.get("version")
        current = DOC_VERSIONS[_kind(key)]
        if type(version) is not int or version < 1:
            raise Invalid("it has no valid version number")
        if version > current:
            raise Invalid(f"it was written by a newer version of the game (format {version}, this one reads {current})",
                          "newer_version")
        while version < current:
            step = MIGRATIONS.get(_kind(key), {}).get(version)
            if step is None:
                raise Invalid(f"format {version} can no longer be read", "old_version")
            try:
                doc = _obj(step(dict(doc)), "the migrated document")
            except Invalid:
                raise
            except Exception as exc:
                raise Invalid(f"updating it from format {version} failed ({exc})", "old_version") from exc
            version += 1
            doc["version"] = version
        return doc

    def _set_aside(self, key: str, reason: str, default: Callable[[], T], code: str = "bad_content",
                   for_update: bool = False) -> T:
        what, fallback = _WHAT[_kind(key)]
        aside = self._aside_key(key)
        try:
            self.storage.rename(key, aside)
            kept = f"it was kept as {aside!r}"
        except Exception as exc:
            kept = f"it could not be set aside ({exc})"
            aside = ""
        text = f"The saved {what} could not be read: {reason}. {kept.capitalize()}, and {fallback}."
        self.notices.append(Notice(text, "unreadable", _kind(key), reason, aside, reason=code, where=key))
        if for_update and not aside:
            raise _KeptOut(key)
        return default()

    def _aside_key(self, key: str) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.clock()))
        base = f"{key}.corrupt-{stamp}"
        try:
            taken = set(self.storage.keys())
        except Exception:
            taken = set()
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}-{n}", n + 1
        return candidate

    def _write(self, key: str, doc: dict[str, Any]) -> bool:
        """Write one document whole.  Where the browser's quota is near (the sheets' budget) or a write
        is refused for want of space, the oldest past score sheets make room, with a notice; the match
        in progress and the settings are never what is dropped."""
        what, _ = _WHAT[_kind(key)]
        pruned = 0
        while True:
            text = ""
            try:
                if key == SHEETS:
                    pruned += self._within_budget(doc)
                text = json.dumps({"version": DOC_VERSIONS[_kind(key)], **doc}, ensure_ascii=False,
                                  separators=(",", ":"))
                self.storage.save(key, text)
                break
            except Exception as exc:
                reason, where = failure_reason(exc, self._directory())
                if reason == "quota" and key == SHEETS:
                    cut = self._make_room(doc)
                    if cut:
                        pruned += cut
                        continue
                elif reason == "quota" and text:
                    made = self._room_from_sheets(key, text)
                    if made is not None:
                        self._pruned(pruned + made)
                        return True
                self._pruned(pruned)
                self.notices.append(Notice(f"Could not save the {what}: {exc}", "save_failed", _kind(key), str(exc),
                                           reason=reason, where=where))
                return False
        self._pruned(pruned)
        return True

    def _within_budget(self, doc: dict[str, Any]) -> int:
        """Drop the oldest sheets of a sheets document until it fits :attr:`sheets_budget` characters."""
        matches = doc.get("matches")
        if self.sheets_budget is None or not isinstance(matches, list):
            return 0
        sizes = [len(json.dumps(m, ensure_ascii=False, separators=(",", ":"))) + 1 for m in matches]
        total, cut = sum(sizes) + 40, 0
        while total > self.sheets_budget and cut < len(matches) - 1:
            total -= sizes[cut]
            cut += 1
        if cut:
            doc["matches"] = matches[cut:]
        return cut

    def _make_room(self, doc: dict[str, Any]) -> int:
        """The sheets do not fit: drop the oldest quarter of those about to be written (at least one;
        the ones stored stay until the smaller document replaces them).  The number dropped, 0 when
        there is nothing left to drop."""
        matches = doc.get("matches")
        if not isinstance(matches, list) or not matches:
            return 0
        cut = max(1, len(matches) // 4)
        doc["matches"] = matches[cut:]
        return cut

    def _room_from_sheets(self, key: str, text: str) -> int | None:
        """The storage is full and ``text`` (the match, the settings) must go in: the past sheets make
        room, but only when that lets it be saved.  The sheets are taken out, ``text`` written, and as
        many of the newest sheets put back as then fit; when ``text`` does not fit even so, the sheets
        go back as they were, into the room they just left.  Should another tab have taken that room
        meanwhile (tabs run side by side), the newest that fit go back and the rest are held in memory
        (:meth:`_hold`): none is dropped for a save that did not happen, and for one that did only the
        oldest quarter, the room it was made from.  The number of sheets dropped, or None when
        ``text`` was not saved."""
        try:
            old = self.storage.load(SHEETS)
            sheets = json_text.loads(old) if old else None
            matches = sheets.get("matches") if isinstance(sheets, dict) else None
            if not old or not isinstance(sheets, dict) or not isinstance(matches, list) or not matches:
                return None
            self.storage.delete(SHEETS)
        except Exception:
            return None
        try:
            self.storage.save(key, text)
        except Exception:
            self._hold(matches[: self._put_back(old, sheets, matches, 0)])
            return None
        cut = max(1, len(matches) // 4)
        self._hold(matches[cut : self._put_back(old, sheets, matches, cut)])
        return cut

    def _hold(self, entries: list[Any]) -> None:
        """Keep sheets that did not fit back into the storage in memory (:attr:`_held`; shown, and
        written when there is room), with a notice that says how many.  Putting them back was a try
        that failed: the next is not made in the wake of this save (see :meth:`_saved`), where the
        room another tab just took would make the oldest of them give way at once."""
        if not entries:
            return
        self._retry_at = self.clock() + KEEP_RETRY_SECONDS
        ids = {_entry_id(e) for e in self._held} - {None}
        self._held += [e for e in entries if _entry_id(e) not in ids]
        self.notices.append(Notice(f"{len(entries)} past score sheets did not fit back into the storage; they "
                                   "are kept in memory and saved when there is room.", "sheets_held",
                                   SHEETS, reason="quota", count=len(entries)))

    def _put_back(self, old: str, sheets: dict[str, Any], matches: list[Any], cut: int) -> int:
        """Write the sheets document ``old`` (parsed: ``sheets``, its ``matches``) again without at least
        its ``cut`` oldest sheets, leaving out a quarter more of those left each time it does not fit.
        How many were left out (all of them when none fit)."""
        while cut < len(matches):
            try:
                self.storage.save(SHEETS, old if not cut else json.dumps(
                    {**sheets, "matches": matches[cut:]}, ensure_ascii=False, separators=(",", ":")))
                return cut
            except Exception:
                cut += max(1, (len(matches) - cut) // 4)
        return len(matches)

    def _pruned(self, count: int) -> None:
        if count:
            self.notices.append(Notice(f"To make room, the {count} oldest past score sheets were removed.",
                                       "sheets_pruned", SHEETS, reason="quota", count=count))

    def _delete(self, key: str) -> bool:
        try:
            self.storage.delete(key)
        except Exception as exc:
            text = f"Could not remove the saved {_WHAT[_kind(key)][0]}: {exc}"
            reason, where = failure_reason(exc, self._directory())
            self.notices.append(Notice(text, "delete_failed", _kind(key), str(exc), reason=reason, where=where))
            return False
        return True

    def _directory(self) -> str:
        """Where the documents live, for a message (files only; the browser has no path to show)."""
        directory = getattr(self.storage, "directory", None)
        return str(directory) if directory is not None else ""
