"""JSON records of a hand and of a match that replay exactly.

A hand record holds the game, the rule options, the dealt deck and every
action by name; the result is stored too, but only as a check: replay always
recomputes it.  A match record holds its set-up and its hand records.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from . import json_text
from .actions import action_name, parse_action
from .deal import check_deck
from .errors import IllegalActionError, RecordError, clipped, shown
from .match import GAMES, Hand, Match, MatchError, new_hand
from .rules import Rules, RulesError

HAND_FORMAT = "skat-hand"
MATCH_FORMAT = "skat-match"
VERSION = 1
MAX_ACTIONS = 200
"""More actions than any hand can have (Officers' Skat: 32 cards, bids, calls)."""
MAX_HANDS = 200
"""Twice the longest match the game sets up (96 hands); a longer record is refused before it is replayed."""
MAX_TOKEN = 16
"""The longest action name (``game:GZ``) with room to spare."""


def hand_record(game: str, rules: Rules, hand: Hand, hand_id: str = "", dealer: int | None = None) -> dict[str, Any]:
    deck = hand.deal.deck if hasattr(hand, "deal") else hand.deck
    rec: dict[str, Any] = {
        "format": HAND_FORMAT,
        "version": VERSION,
        "id": hand_id,
        "game": game,
        "rules": rules.to_dict(),
        "deck": list(deck),
        "actions": [action_name(a) for a in hand.history],
    }
    if dealer is not None:
        rec["dealer"] = dealer
    if hand.result is not None:
        rec["result"] = hand.result.to_dict()
    return rec


def _rules(data: dict[str, Any]) -> Rules:
    raw = data.get("rules", {})
    if isinstance(raw, dict) and "preset" in raw and not isinstance(raw["preset"], str):
        raise RecordError(f"bad rules: the preset must be a name, not {shown(raw['preset'])}")
    if not isinstance(raw, (str, dict)):
        raise RecordError(f"bad rules: a preset name or an object of options, not {shown(raw)}")
    try:
        return Rules.from_dict(raw)
    except (RulesError, TypeError) as exc:
        raise RecordError(f"bad rules: {exc}") from exc


def _check_head(data: Any, fmt: str, what: str) -> None:
    """The format and version of a record, checked before anything else is read."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise RecordError(f"not a {what} record (format must be {fmt!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"unsupported {what} record version {shown(version)}")


def _game(data: dict[str, Any]) -> str:
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f"unknown game {shown(game)}; known: {', '.join(GAMES)}")
    return game


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    """A whole number in ``low..high`` (not a float, a bool or a numeric string)."""
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"{key} must be a whole number from {low} to {high}, not {shown(value)}")
    return value


def _actions(data: dict[str, Any], where: str = "") -> list[int]:
    """The action list, every token parsed before the first is applied (``where``: "hand n: " in a match)."""
    acts = data.get("actions")
    whose = where or "a hand record "
    if not isinstance(acts, list):
        raise RecordError(f"{whose}needs a list of actions")
    if len(acts) > MAX_ACTIONS:
        raise RecordError(f"{whose}has {len(acts)} actions; no hand has more than {MAX_ACTIONS}")
    parsed = []
    for i, token in enumerate(acts, 1):
        if not isinstance(token, str) or len(token) > MAX_TOKEN:
            raise RecordError(f"{where}action {i} ({shown(token)}) is not the name of an action")
        try:
            parsed.append(parse_action(token))
        except ValueError as exc:
            raise RecordError(f"{where}action {i} ({shown(token)}): {exc}") from exc
    return parsed


def _apply_all(apply: Any, acts: list[int], tokens: list[Any], where: str = "") -> None:
    for i, (action, token) in enumerate(zip(acts, tokens, strict=True), 1):
        try:
            apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}action {i} ({shown(token)}): {exc}") from exc


def replay_hand(data: Any) -> tuple[str, Rules, Hand]:
    """Rebuild a hand from its record; raises RecordError naming the bad action."""
    _check_head(data, HAND_FORMAT, "hand")
    game = _game(data)
    rules = _rules(data)
    try:
        hand = new_hand(game, rules, check_deck(data.get("deck")))
    except MatchError as exc:
        raise RecordError(str(exc)) from exc
    acts = _actions(data)
    _apply_all(hand.apply, acts, data["actions"])
    return game, rules, hand


def match_record(match: Match, match_id: str = "") -> dict[str, Any]:
    hands = []
    for i, (deck, acts) in enumerate(zip(match.decks, match.actions, strict=True)):
        hands.append({"deck": list(deck), "actions": [action_name(a) for a in acts], "id": f"{match_id}#{i + 1}"})
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "id": match_id,
        "game": match.game,
        "rules": match.rules.to_dict(),
        "players": match.players,
        "hands": match.hands,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "hand_records": hands,
    }


def replay_match(data: Any, *, drop_after_end: bool = False) -> Match:
    """Rebuild a match, hand by hand; an unfinished last hand stays in progress.

    ``drop_after_end``: a hand that the rules end before its record does (an old save, written
    when a lost Schwarz announced was still played to the tenth trick) keeps only the actions up
    to its end; without it such a record is refused."""
    _check_head(data, MATCH_FORMAT, "match")
    rules = _rules(data)
    records = data.get("hand_records")
    if not isinstance(records, list) or not records:
        raise RecordError("a match record needs its hand records")
    if len(records) > MAX_HANDS:
        raise RecordError(f"a match record of {len(records)} hands; no match has more than {MAX_HANDS}")
    game = _game(data)
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or seed.bit_length() > 256):
        raise RecordError(f"the seed must be a whole number, not {shown(seed)}")
    try:
        match = Match.__new__(Match)
        _init_without_deal(
            match,
            game,
            rules,
            players=_int(data, "players", 2, 4),
            hands=_int(data, "hands", 1, MAX_HANDS),
            seed=seed,
            first_dealer=_int(data, "first_dealer", 0, 3),
        )
    except (MatchError, RecordError) as exc:
        raise RecordError(f"bad match set-up: {exc}") from exc
    for n, rec in enumerate(records, 1):
        if not isinstance(rec, dict):
            raise RecordError(f"hand {n}: not an object")
        if n > 1:
            if match.current is None or not match.current.done:
                raise RecordError(f"hand {n}: the hand before it is unfinished")
            match.dealer = (match.dealer + 1) % match.players
        try:
            match.start_hand(check_deck(rec.get("deck")))
        except (RecordError, MatchError) as exc:
            raise RecordError(f"hand {n}: {exc}") from exc
        acts = _actions(rec, f"hand {n}: ")
        tokens = rec["actions"]
        if drop_after_end:
            acts, tokens = _until_end(match, acts, tokens)
        _apply_all(match.apply, acts, tokens, f"hand {n}, ")
    return match


def _until_end(match: Match, acts: list[int], tokens: list[Any]) -> tuple[list[int], list[Any]]:
    """The actions of the hand just started up to the point where it ends (see :func:`replay_match`),
    found on a copy of it, so the real replay below still names a bad action."""
    hand = copy.deepcopy(match.current)
    assert hand is not None
    for i, action in enumerate(acts):
        if hand.done:
            return acts[:i], tokens[:i]
        try:
            hand.apply(action)
        except IllegalActionError:
            break
    return acts, tokens


def _init_without_deal(
    match: Match, game: str, rules: Rules, *, players: int, hands: int, seed: int | None, first_dealer: int
) -> None:
    """Set a match up like ``Match(...)`` but let the record supply the decks."""
    import random

    probe = Match(game=game, rules=rules, players=players, hands=hands, seed=seed, first_dealer=first_dealer)
    match.__dict__.update(probe.__dict__)
    match.sheet = []
    match.decks = []
    match.actions = []
    match.current = None
    match.dealer = match.first_dealer
    match.rng = random.Random(match.seed)


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"))


def loads(text: str) -> Any:
    """Parse a JSON record; every failure of the JSON reader is a RecordError."""
    try:
        return json_text.loads(text)
    except (RecursionError, json_text.TooDeep):
        raise RecordError("not a record: its JSON is nested too deeply") from None
    except ValueError as exc:  # a JSONDecodeError, or an integer of more than 4,300 digits
        raise RecordError(f"not valid JSON: {clipped(str(exc), 120)}") from None
