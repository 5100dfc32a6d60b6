"""Saves written by earlier versions of the game still resume.

``tests/data/match-v1-schwarz-announced-lost.json`` was written by the game before a lost
Schwarz announced ended at the defenders' first trick (docs/rules-decisions.md, decision 22):
its first hand was played on to the tenth trick.  The match save's migration to version 2
keeps that hand's cards up to the trick that decided it.
"""

from __future__ import annotations

import json
from pathlib import Path

from skat.storage import DOC_VERSIONS, MATCH, MemoryStorage, Store

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
