"""A computer strength is data: one frozen profile, read by every player.

The players never ask for a strength's name, so a new strength is one profile
(plus its two catalogue texts) and plays every game and role at once.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from skat.ai import HeuristicPlayer, SearchPlayer, make_player, strengths
from skat.ai.base import decide_now
from skat.ai.strengths import NORMAL, STRENGTHS, strength_named
from skat.engine import actions as A
from skat.engine.deal import shuffled_deck
from skat.engine.match import new_hand
from skat.engine.rules import ISKO, LOTHAR, OFFICERS
from skat.i18n import CATALOGS

AI = Path(__file__).resolve().parents[1] / "game" / "skat" / "ai"


def test_every_strength_is_a_frozen_profile_under_its_own_name() -> None:
    assert list(STRENGTHS) == ["easy", "normal", "strong", "expert"]  # the names saves and codes carry
    for name, profile in STRENGTHS.items():
        assert profile.name == name and strength_named(name) is profile
        with pytest.raises(dataclasses.FrozenInstanceError):
            profile.bid = 0.0  # type: ignore[misc]
    assert strength_named("heuristic") is STRENGTHS["strong"]
    with pytest.raises(ValueError, match="unknown strength 'grandmaster'"):
        strength_named("grandmaster")
    with pytest.raises(ValueError, match="known: easy, normal, strong$"):
        strength_named("expert", heuristic_only=True)


def test_every_strength_has_its_two_catalogue_texts() -> None:
    for lang in ("de", "en"):
        for name in STRENGTHS:
            assert CATALOGS[lang].get(f"strength.{name}", "").strip(), (lang, name)
            assert CATALOGS[lang].get(f"strength_note.{name}", "").strip(), (lang, name)


STRENGTH_NAMES = {"easy", "normal", "strong", "expert", "heuristic"}


def _names_asked_for(path: Path) -> list[str]:
    """Places that branch on a strength's name: a comparison with one, or a
    table keyed by strength names."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in STRENGTH_NAMES:
                    found.append(f"{path.name}:{node.lineno} compares with {side.value!r}")
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if len(keys & STRENGTH_NAMES) >= 2:
                found.append(f"{path.name}:{node.lineno} keys a table by strength names")
    return found


def test_no_player_branches_on_a_strength_name() -> None:
    """Only :mod:`skat.ai.strengths` knows the names; everything else reads the profile."""
    found = [hit for path in sorted(AI.rglob("*.py")) if path.name != "strengths.py" for hit in _names_asked_for(path)]
    assert found == []


def _play_hand(game: str, rules, players, seed: int) -> None:  # type: ignore[no-untyped-def]
    state = new_hand(game, rules, shuffled_deck(random.Random(seed)))
    while not state.done:
        seat = state.to_move
        assert seat is not None
        view = state.observe(seat)
        action = decide_now(players[seat], view)
        assert action in view.legal
        state.apply(action)


def test_a_new_strength_is_one_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A profile added to the table plays every game at once, by its thresholds:
    no code asks for its name."""
    reckless = dataclasses.replace(NORMAL, name="reckless", bid=0.0, hand=0.0, slip=0.5, whim=0.5)
    monkeypatch.setitem(strengths.STRENGTHS, "reckless", reckless)
    player = make_player("reckless", random.Random(3))
    assert isinstance(player, HeuristicPlayer) and player.strength == "reckless" and player.profile is reckless
    for seed, (game, rules, seats) in enumerate((("skat", ISKO, 3), ("skat", LOTHAR, 3), ("officers", OFFICERS, 2))):
        _play_hand(game, rules, [make_player("reckless", random.Random(seed * 3 + s)) for s in range(seats)], seed)
    # Its thresholds are its own: with a bid threshold of 0 it opens every auction, normal does not.
    bids = {"reckless": 0, "normal": 0}
    for seed in range(20):
        state = new_hand("skat", ISKO, shuffled_deck(random.Random(100 + seed)))
        view = state.observe(state.to_move)
        for name in bids:
            bids[name] += decide_now(make_player(name, random.Random(0)), view) != A.PASS
    assert bids["reckless"] == 20 > bids["normal"]
    assert isinstance(make_player("expert"), SearchPlayer)
