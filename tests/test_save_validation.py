"""Saves are read only as the game could have written them: what it could not have written is set
aside with a notice, never resumed half-broken; one bad past match costs that entry alone; and a
computer player that fails is replaced by a working one, with a notice."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from random_play import play_rows  # noqa: E402
from skat.engine import ISKO, Match  # noqa: E402
from skat.storage import MatchInProgress, MemoryStorage, Store  # noqa: E402


def played(hands: int = 6, upto: int = 3, seed: int = 5) -> Match:
    match = Match.new("skat", ISKO, players=3, hands=hands, seed=seed)
    return play_rows(match, random.Random(seed), upto)


def saved(storage: MemoryStorage) -> dict[str, Any]:
    store = Store(storage)
    store.save_match(MatchInProgress(played(), person=1, ai="strong", id="m1", hinted=(1, 2)))
    return json.loads(storage.data["match"])


def record(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["record"])


BAD_MATCHES: dict[str, Callable[[dict[str, Any]], None]] = {
    "unknown strength": lambda d: d.update(ai="grandmaster"),
    "text seed": record(lambda r: r.update(seed="x")),
    "hands 4.7": record(lambda r: r.update(hands=4.7)),
    "first dealer 2.9": record(lambda r: r.update(first_dealer=2.9)),
    "players 3.0": record(lambda r: r.update(players=3.0)),
    "hint mark -3": lambda d: d.update(hinted=[-3]),
    "hint mark past the match": lambda d: d.update(hinted=[99]),
    "true as a seed": record(lambda r: r.update(seed=True)),
}


@pytest.mark.parametrize("damage", list(BAD_MATCHES), ids=list(BAD_MATCHES))
def test_a_match_the_game_could_not_have_saved_is_set_aside_not_resumed(damage: str) -> None:
    storage = MemoryStorage()
    doc = saved(storage)
    BAD_MATCHES[damage](doc)
    storage.data["match"] = text = json.dumps(doc)
    store = Store(storage)
    assert store.load_match() is None
    [notice] = store.notices
    assert notice.kind == "unreadable" and storage.data[notice.aside] == text and "match" not in storage.data


def kept_sheets(storage: MemoryStorage, n: int = 3) -> list[dict[str, Any]]:
    store = Store(storage)
    for i in range(n):
        store.finish_match(MatchInProgress(played(hands=3, upto=3, seed=i + 1), id=f"s{i}"))
    assert not store.notices
    return json.loads(storage.data["sheets"])["matches"]


def _totals_off(entry: dict[str, Any]) -> None:
    entry["sheet"][1]["totals"][0] += 1


BAD_SHEETS: dict[str, Callable[[dict[str, Any]], None]] = {
    "totals that do not add up": _totals_off,
    "lines out of order": lambda e: e["sheet"].reverse(),
    "non-string preset": lambda e: e["rules"].update(preset=7),
    "rules that are a list": lambda e: e.update(rules=[1, 2]),
    "unknown strength": lambda e: e.update(ai="grandmaster"),
    "a deal with a card twice": lambda e: e["deals"].__setitem__(0, "A" * 40),
    "deals of other hands": lambda e: e["deals"].pop(),
    "hands 4.7": lambda e: e.update(hands=4.7),
    "complete with hands missing": lambda e: e.update(hands=6),
    "hint mark -3": lambda e: e.update(hinted=[-3]),
}


@pytest.mark.parametrize("damage", list(BAD_SHEETS), ids=list(BAD_SHEETS))
def test_one_bad_past_match_costs_that_entry_alone_with_a_notice(damage: str) -> None:
    storage = MemoryStorage()
    doc = {"version": 1, "matches": kept_sheets(storage)}
    BAD_SHEETS[damage](doc["matches"][1])
    storage.data["sheets"] = text = json.dumps(doc)
    store = Store(storage)
    assert [s.id for s in store.sheets()] == ["s0", "s2"]
    [notice] = store.notices
    assert notice.kind == "partly_unreadable" and notice.count == 1 and storage.data[notice.aside] == text


BAD_STATISTICS: dict[str, Callable[[dict[str, Any]], None]] = {
    "won more than declared": lambda g: g["all"].update(declared_won=g["all"]["declared"] + 1),
    "declared more than played": lambda g: g["all"].update(declared=g["all"]["hands"] + 1, declared_won=0),
    "a game type won more than played": lambda g: next(iter(g["by_type"].values())).update(declared_won=99,
                                                                                           declared=1),
    "defences won more than defended": lambda g: g["all"].update(defence_won=g["all"].get("defended", 0) + 1),
    "a strength with more hands than all": lambda g: g["by_strength"]["normal"].update(hands=g["all"]["hands"] + 1),
    "more hands earlier than counted": lambda g: g.update(earlier=g["all"]["hands"] + 1),
}


@pytest.mark.parametrize("damage", list(BAD_STATISTICS), ids=list(BAD_STATISTICS))
def test_statistics_the_game_could_not_have_counted_are_set_aside(damage: str) -> None:
    storage = MemoryStorage()
    kept_sheets(storage, 6)
    doc = json.loads(storage.data["statistics"])
    BAD_STATISTICS[damage](doc["games"]["skat"])
    storage.data["statistics"] = text = json.dumps(doc)
    store = Store(storage)
    assert store.statistics().of("skat").hands_played == 0
    [notice] = store.notices
    assert notice.kind == "unreadable" and storage.data[notice.aside] == text


class Broken:
    def begin(self, view):  # type: ignore[no-untyped-def]
        raise RuntimeError("bug in a player")


@pytest.mark.parametrize(("strength", "broken", "fallback"), [
    ("normal", True, "strong"),  # a player that raises
    ("x", False, "strong"),  # a strength no player has
    ("strong", True, "normal"),  # the strong player itself fails: the next one takes over
])
def test_a_failing_computer_player_is_replaced_by_a_working_one_and_the_player_is_told(
    strength: str, broken: bool, fallback: str,
) -> None:
    from skat.ui.app import App
    from skat.ui.controller import MatchController

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    match = Match.new("skat", ISKO, players=3, hands=3, seed=6)
    ctl = MatchController(match, human=0, seed=6, autoplay=True, strength=strength)
    if broken:
        ctl.players = {p: Broken() for p in range(3)}  # type: ignore[misc]
    for _ in range(2000):
        if ctl.hand.done:
            break
        ctl.step_ai()
        app.services.save_match(ctl)
    assert ctl.hand.done and ctl.faults
    for p in range(3):
        player = ctl.players[p]
        assert type(player).__name__ == "HeuristicPlayer" and player.strength == fallback
    # Each seat failed once and then played on with the working player: one fault per seat at most.
    assert len(ctl.faults) <= 3
    told = [n for n in app.notices if "computer player failed" in n]
    assert len(told) == 1 and f"'{fallback}'" in told[0]


def test_a_kept_deal_that_does_not_replay_as_its_sheet_says_gives_a_notice_not_a_crash() -> None:
    """Two cards of the last hand's deal swapped between two players: it still reads, but rebuilt it no longer ends as
    the sheet's line says (or an action is illegal); A and R say so instead of showing another hand."""
    import pygame

    from skat.ui.app import App
    from skat.ui.history import KeptSheet
    from skat.ui.sheet import SheetScene

    storage = MemoryStorage()
    doc = {"version": 1, "matches": kept_sheets(storage, 1)}
    deal = doc["matches"][0]["deals"][-1]
    doc["matches"][0]["deals"][-1] = deal[3] + deal[1:3] + deal[0] + deal[4:]  # forehand's and middlehand's
    storage.data["sheets"] = json.dumps(doc)
    app = App(size=(1280, 720), store=Store(storage, language="en"), headless=True)
    app.start()
    [kept] = app.services.past_sheets()
    assert kept.replayable and not app.notices
    app.push(SheetScene(app, KeptSheet(kept)))  # type: ignore[arg-type]
    for key in (pygame.K_a, pygame.K_r):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))
        app.frame(0.02)
        assert type(app.stack.top).__name__ in ("SheetScene", "NoticeScene")
    assert app.notices and app.notices[-1] == app.t("sheet.bad_record", n=len(kept.sheet))


def test_the_fallback_player_thinks_in_slices_like_any_player() -> None:
    """The move whose player failed is not decided in one long call: the step that meets the fault
    applies nothing, and the fallback then decides that move over the following steps."""
    from skat.ui.controller import MatchController

    match = Match.new("skat", ISKO, players=3, hands=3, seed=6)
    ctl = MatchController(match, human=0, seed=6, autoplay=True, strength="normal")
    ctl.players = {p: Broken() for p in range(3)}  # type: ignore[misc]
    before = len(ctl.hand.history)
    assert ctl.step_ai() == [] and len(ctl.hand.history) == before  # the fault: the fallback is installed
    assert type(ctl.players[ctl.match.seats[ctl.hand.to_move]]).__name__ == "HeuristicPlayer"
    for _ in range(50):
        if ctl.step_ai():
            break
    assert len(ctl.hand.history) == before + 1 and ctl.faults
