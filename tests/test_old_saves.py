"""Saves written by earlier versions of the game still resume.

``tests/data/match-v1-schwarz-announced-lost.json`` was written by the game before a lost
Schwarz announced ended at the defenders' first trick (docs/rules-decisions.md, decision 22):
its first hand was played on to the tenth trick.  The match save's migration to version 2
keeps that hand's cards up to the trick that decided it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from random_play import play_match
from skat.engine import LOTHAR, Match, Rules
from skat.engine.share import RULE_FIELDS, RULE_FIELDS_V1
from skat.storage import DOC_VERSIONS, MATCH, SHEETS, MatchInProgress, MemoryStorage, Store

OLD_SAVE = Path(__file__).parent / "data" / "match-v1-schwarz-announced-lost.json"


def test_a_version_1_save_with_a_lost_schwarz_announced_hand_resumes() -> None:
    text = OLD_SAVE.read_text(encoding="utf-8")
    old = json.loads(text)
    assert old["version"] == 1 < DOC_VERSIONS[MATCH]
    first = old["record"]["hand_records"][0]["actions"]
    store = Store(MemoryStorage({MATCH: text}), language="en")
    game = store.load_match()
    assert game is not None, store.notices
    assert not store.notices
    m = game.match
    hand = m.sheet[0].result
    assert hand.schwarz_announced and not hand.won
    assert len(m.sheet) == 1 and m.current is not None and not m.current.done  # the second hand goes on
    assert len(m.actions[0]) < len(first)  # the cards after the deciding trick are left out
    assert len(m.actions[1]) == 1  # and the one action of the hand after it is kept
    # Saved again, it is a version 2 save that replays without the migration.
    assert store.save_match(game)
    again = Store(store.storage, language="en").load_match()
    assert again is not None and again.match.actions == m.actions


V1_RULE_NAMES = {name for name, _ in RULE_FIELDS_V1}
"""The options every save and sheet spelled out before the house rules of issue 21."""


def test_a_save_from_before_the_house_rules_reads_every_newer_option_at_its_default() -> None:
    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert set(old["record"]["rules"]) == V1_RULE_NAMES
    game = Store(MemoryStorage({MATCH: json.dumps(old)}), language="en").load_match()
    assert game is not None
    rules = game.match.rules
    assert rules == Rules.from_dict(old["record"]["rules"])
    for name, choices in RULE_FIELDS[len(RULE_FIELDS_V1) :]:
        assert getattr(rules, name) == choices[0] == getattr(Rules(), name), name


def test_a_past_sheet_from_before_the_house_rules_still_opens_with_them_off() -> None:
    """A sheet kept with only the version-1 options in its rules (as every sheet before issue 21)."""
    rules = LOTHAR.with_options(kontra_re=True)
    match = Match.new("skat", rules, players=3, hands=3, seed=5)
    rng = random.Random(5)
    play_match(match, rng)
    store = Store(MemoryStorage({}), language="en")
    store.finish_match(MatchInProgress(match, id="old-sheet"))
    doc = json.loads(store.storage.load(SHEETS) or "")
    for entry in doc["matches"]:
        entry["rules"] = {k: v for k, v in entry["rules"].items() if k in V1_RULE_NAMES}
        assert set(entry["rules"]) == V1_RULE_NAMES
    [sheet] = Store(MemoryStorage({SHEETS: json.dumps(doc)}), language="en").sheets()
    assert sheet.rules == rules and sheet.sheet == tuple(match.sheet)
