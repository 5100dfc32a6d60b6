"""JSON records of a hand and of a match that replay exactly.

A hand record holds the game, the rule options, the dealt deck and every
action by name; the result is stored too, but only as a check: replay always
recomputes it.  A match record holds its set-up and its hand records.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import action_name, parse_action
from .deal import check_deck
from .errors import IllegalActionError, RecordError
from .match import Hand, Match, MatchError, new_hand
from .rules import Rules, RulesError

HAND_FORMAT = "skat-hand"
MATCH_FORMAT = "skat-match"
VERSION = 1


def hand_record(game: str, rules: Rules, hand: Hand, hand_id: str = "", dealer: int | None = None) -> dict[str, Any]:
    deck = hand.deal.deck if hasattr(hand, "deal") else hand.deck  # type: ignore[union-attr]
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
    try:
        return Rules.from_dict(data.get("rules", {}))
    except (RulesError, TypeError) as exc:
        raise RecordError(f"bad rules: {exc}") from exc


def replay_hand(data: Any) -> tuple[str, Rules, Hand]:
    """Rebuild a hand from its record; raises RecordError naming the bad action."""
    if not isinstance(data, dict) or data.get("format") != HAND_FORMAT:
        raise RecordError(f"not a hand record (format must be {HAND_FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported hand record version {data.get('version')!r}")
    game = data.get("game")
    rules = _rules(data)
    try:
        hand = new_hand(str(game), rules, check_deck(data.get("deck")))
    except MatchError as exc:
        raise RecordError(str(exc)) from exc
    acts = data.get("actions")
    if not isinstance(acts, list):
        raise RecordError("a hand record needs a list of actions")
    for i, token in enumerate(acts, 1):
        try:
            hand.apply(parse_action(token))
        except (ValueError, IllegalActionError) as exc:
            raise RecordError(f"action {i} ({token!r}): {exc}") from exc
    return str(game), rules, hand


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


def replay_match(data: Any) -> Match:
    """Rebuild a match, hand by hand; an unfinished last hand stays in progress."""
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise RecordError(f"not a match record (format must be {MATCH_FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported match record version {data.get('version')!r}")
    rules = _rules(data)
    records = data.get("hand_records")
    if not isinstance(records, list) or not records:
        raise RecordError("a match record needs its hand records")
    try:
        match = Match.__new__(Match)
        _init_without_deal(match, data, rules)
    except (MatchError, TypeError) as exc:
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
        acts = rec.get("actions")
        if not isinstance(acts, list):
            raise RecordError(f"hand {n}: needs a list of actions")
        for i, token in enumerate(acts, 1):
            try:
                match.apply(parse_action(token))
            except (ValueError, IllegalActionError) as exc:
                raise RecordError(f"hand {n}, action {i} ({token!r}): {exc}") from exc
    return match


def _init_without_deal(match: Match, data: dict[str, Any], rules: Rules) -> None:
    """Set a match up like ``Match(...)`` but let the record supply the decks."""
    import random

    probe = Match(
        game=data.get("game"),  # type: ignore[arg-type]
        rules=rules,
        players=int(data.get("players", 0)),
        hands=int(data.get("hands", 0)),
        seed=data.get("seed"),
        first_dealer=int(data.get("first_dealer", 0)),
    )
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
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from exc
