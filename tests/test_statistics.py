"""The statistics counted as hands end match a reference worked out directly from the score sheets
(role, game type, strength, rule set, Seeger-Fabian per list of 36); statistics written by the
version before the breakdown still load, and are rebuilt from the kept sheets without losing a hand.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from random_play import play_match
from skat.engine import ISKO, LOTHAR, OFFICERS, Match
from skat.engine.match import SheetRow
from skat.engine.rules import Rules
from skat.engine.scoring import HandResult
from skat.stats import LIST_HANDS, Tally
from skat.storage import DOC_VERSIONS, STATISTICS, MatchInProgress, MemoryStorage, Seat, Statistics, Store

OLD = Path(__file__).parent / "data" / "statistics-v1.json"
"""Statistics and sheets as the game wrote them before version 2 of the statistics (four matches)."""

MATCHES: list[tuple[str, Rules, int, int, int, str]] = [
    # game, rules, players, hands, person, strength
    ("skat", ISKO, 3, 24, 0, "normal"),
    ("skat", LOTHAR, 3, 6, 1, "strong"),
    ("skat", ISKO, 4, 20, 2, "strong"),  # the person sits out five hands as dealer
    ("skat", ISKO.with_options(kontra_re=True), 3, 9, 2, "easy"),  # custom rules
    ("officers", OFFICERS, 2, 6, 1, "normal"),
    ("officers", OFFICERS.with_options(officers_layout="admirals"), 2, 4, 0, "expert"),
]


def play(match: Match, rng: random.Random, store: Store, game: MatchInProgress) -> None:
    """Random legal play to the end, saved after every hand as the game does."""
    play_match(match, rng, after=lambda hand: store.save_match(game) if hand.done else None)
    store.finish_match(game)


@pytest.fixture(scope="module")
def played() -> tuple[Store, list[MatchInProgress]]:
    store = Store(MemoryStorage(), language="en", clock=lambda: 1_780_000_000.0)
    games = []
    for i, (game, rules, players, hands, person, strength) in enumerate(MATCHES):
        match = Match.new(game, rules, players=players, hands=hands, seed=100 + i)
        g = MatchInProgress(match, person=person, ai=strength, id=f"m{i}")
        play(match, random.Random(i), store, g)
        games.append(g)
    assert not store.notices
    return store, games


def person_seat(m: Match, person: int, row: SheetRow) -> int | None:
    seats = m.seats_for(row.dealer)
    return seats.index(person) if person in seats else None


def reference(games: list[MatchInProgress], game: str, key) -> dict[str, dict[str, int]]:  # type: ignore[no-untyped-def]
    """Counts per ``key(match in progress, row)`` straight from the sheets."""
    out: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for g in games:
        m = g.match
        if m.game != game:
            continue
        for row in m.sheet:
            seat = person_seat(m, g.person, row)
            if seat is None:
                continue
            r = row.result
            k = key(g, row)
            if k is None:
                continue
            c = out[k]
            c["hands"] += 1
            c["score"] += row.changes[g.person]
            if r.game in ("passed", "ramsch"):
                continue
            if row.declarer == g.person:
                c["declared"] += 1
                c["declared_won"] += r.won
                c["declared_score"] += row.changes[g.person]
                c["declared_value"] += r.charged_value or r.game_value
            else:
                c["defended"] += 1
                c["defence_won"] += not r.won
    return {k: dict(v) for k, v in out.items()}


RULE_NAMES = {id(ISKO): "isko", id(LOTHAR): "lothar"}


def rules_of(m: MatchInProgress, r: SheetRow) -> str:
    """The rule set as the test set the match up: the preset object itself, any other is custom."""
    if m.match.game == "officers":
        return m.match.rules.officers_layout
    return RULE_NAMES.get(id(m.match.rules), "custom")


def as_counts(tallies: dict[str, Tally]) -> dict[str, dict[str, int]]:
    keys = ("hands", "score", "declared", "declared_won", "declared_score", "declared_value", "defended",
            "defence_won")
    return {k: {f: getattr(t, f) for f in keys if getattr(t, f)} for k, t in tallies.items()}


def nonzero(ref: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {k: {f: v for f, v in c.items() if v} for k, c in ref.items()}


def test_role_game_type_strength_and_rules_match_the_sheets(played) -> None:  # type: ignore[no-untyped-def]
    store, games = played
    stats = store.statistics()
    for game in ("skat", "officers"):
        g = stats.of(game)
        everything = reference(games, game, lambda m, r: "all")["all"]
        assert as_counts({"all": g.all})["all"] == {f: v for f, v in everything.items() if v}
        assert g.all.declared + g.all.defended + g.all.ramsch + g.all.passed == g.all.hands

        def null_kind(r: HandResult) -> str:
            return "null" + ("_ouvert" if r.ouvert else "") + ("_hand" if r.hand else "")

        by_type = reference(games, game, lambda m, r: None if r.result.game == "passed" else
                            null_kind(r.result) if r.result.game == "null" else r.result.game)
        assert as_counts(g.by_type) == nonzero(by_type)
        assert as_counts(g.by_strength) == nonzero(reference(games, game, lambda m, r: m.ai))
        assert as_counts(g.by_rules) == nonzero(reference(games, game, rules_of))
        assert g.matches_finished == sum(1 for m in games if m.match.game == game)
    assert set(stats.of("skat").by_rules) == {"isko", "lothar", "custom"}
    assert set(stats.of("officers").by_rules) == {"officers", "admirals"}
    assert set(stats.of("skat").by_strength) == {"normal", "strong", "easy"}


def test_seeger_fabian_lists_of_36_run_across_matches(played) -> None:  # type: ignore[no-untyped-def]
    """docs/rules-decisions.md, decision 27; the help's decisions page says it in both languages."""
    from skat.i18n import help_de, help_en

    assert "36" in help_en.HELP["help.decisions.body"].split("Statistics:")[1]
    assert "36" in help_de.HELP["help.decisions.body"].split("Statistik:")[1]
    store, games = played
    # Every table hand of the Seeger-Fabian matches in the order played: the person's change, and
    # whether they sat in (a list is 36 hands the person plays; a sat-out dealer's 30 count too).
    hands = [(row.seeger[g.person], person_seat(g.match, g.person, row) is not None,
              row.declarer == g.person and row.result.game not in ("passed", "ramsch"), row.result.won)
             for g in games if g.match.rules.seeger_fabian and g.match.game == "skat" for row in g.match.sheet]
    expected: list[tuple[int, int, int, int]] = []
    current = [0, 0, 0, 0]
    for sf, sat_in, declared, won in hands:
        if current[0] == LIST_HANDS:
            expected.append(tuple(current))  # type: ignore[arg-type]
            current = [0, 0, 0, 0]
        current[0] += sat_in
        current[1] += sf
        current[2] += declared and won
        current[3] += declared and not won
    expected.append(tuple(current))  # type: ignore[arg-type]
    lists = store.statistics().lists
    assert [(sf.hands, sf.seeger, sf.won, sf.lost) for sf in lists] == expected
    # 24 + 15 + 9 hands sat in: the first list ends inside the ISkO match at four, the second runs.
    assert [sf.hands for sf in lists] == [36, 12] and not lists[0].running and lists[1].running
    assert sum(sf.seeger for sf in lists) == sum(g.match.standings()[g.person]["seeger_fabian"] for g in games
                                                  if g.match.rules.seeger_fabian and g.match.game == "skat")


def test_each_match_has_its_line_for_the_chart(played) -> None:  # type: ignore[no-untyped-def]
    store, games = played
    lines = store.statistics().matches
    assert [line.id for line in lines] == [g.id for g in games]
    for line, g in zip(lines, games, strict=True):
        st = g.match.standings()[g.person]
        assert (line.game, line.score, line.finished) == (g.match.game, st["score"], True)
        assert line.when == "2026-05-28T20:26:40Z"  # the store's clock when its last hand was counted
        assert line.seeger == (st["seeger_fabian"] if g.match.rules.seeger_fabian and line.game == "skat" else 0)


def _row(number: int, dealer: int, declarer: int | None, result: HandResult, changes: tuple[int, ...]) -> SheetRow:
    return SheetRow(number, dealer, declarer, result, changes, (0,) * len(changes), changes)


def test_a_defenders_share_and_the_null_games_are_counted_as_a_player_reads_them() -> None:
    """Composed lines: the person (player 0) defends a Grand the declarer loses with 52 card points of
    the defenders' 68, defends a Kreuz that is won, and plays a Null ouvert Hand and a plain Null."""
    stats = Statistics()
    seat = Seat.of("c", "skat", LOTHAR, 3, 0, "normal")
    # Dealer 2: player 0 is forehand (seat 0), player 1 middlehand (seat 1) declares.
    grand = HandResult(game="grand", declarer=1, won=False, value=-96, game_value=48, points=(52, 52, 16))
    clubs = HandResult(game="clubs", declarer=1, won=True, value=24, game_value=24, points=(20, 70, 30))
    null_oh = HandResult(game="null", declarer=0, hand=True, ouvert=True, won=True, value=59, game_value=59)
    null = HandResult(game="null", declarer=0, won=False, value=-46, game_value=23)
    rows = [_row(1, 2, 1, grand, (0, -96, 0)), _row(2, 2, 1, clubs, (0, 24, 0)),
            _row(3, 2, 0, null_oh, (59, 0, 0)), _row(4, 2, 0, null, (-46, 0, 0))]
    for row in rows:
        stats.add_hand(seat, row)
    g = stats.of("skat")
    assert (g.all.defended, g.all.defence_won, g.all.defence_cards, g.all.defence_side_cards) == (2, 1, 72, 68 + 50)
    assert (g.all.declared, g.all.declared_won, g.all.declared_value, g.all.declared_score) == (2, 1, 82, 13)
    assert set(g.by_type) == {"grand", "clubs", "null_ouvert_hand", "null"}
    assert g.by_type["null_ouvert_hand"].declared_won == 1 and g.by_type["null"].declared_lost == 1
    assert g.by_type["grand"].defence_won == 1 and g.by_type["clubs"].defence_lost == 1


# ---------------------------------------------------------------- statistics of the earlier version
def old_storage(drop_sheets: int = 0) -> MemoryStorage:
    old = json.loads(OLD.read_text(encoding="utf-8"))
    assert old["statistics"]["version"] == 1 < DOC_VERSIONS[STATISTICS]
    sheets = old["sheets"]
    sheets["matches"] = sheets["matches"][drop_sheets:]
    return MemoryStorage({"statistics": json.dumps(old["statistics"]), "sheets": json.dumps(sheets)})


def test_statistics_of_the_earlier_version_load_with_their_totals() -> None:
    store = Store(old_storage(), language="en")
    stats = store.statistics()
    assert not store.notices
    skat, officers = stats.of("skat"), stats.of("officers")
    old = json.loads(OLD.read_text(encoding="utf-8"))["statistics"]["games"]
    for g, v1 in ((skat, old["skat"]), (officers, old["officers"])):
        assert (g.hands_played, g.declared, g.won_as_declarer, g.total_score, g.matches_finished) == (
            v1["hands_played"], v1["declared"], v1["won_as_declarer"], v1["total_score"], v1["matches_finished"])
        assert g.earlier == v1["hands_played"]  # in the totals, not yet in any breakdown
        assert g.all.declared_score == sum(t["points"] for k, t in v1["by_type"].items() if k != "ramsch")
        assert g.all.valued == 0  # version 1 kept no game values: no average of them is made up
        assert {k: (t.declared, t.declared_won, t.declared_score) for k, t in g.by_type.items() if k != "ramsch"} == {
            k: (t["played"], t["won"], t["points"]) for k, t in v1["by_type"].items() if k != "ramsch"}
        assert g.by_strength == {} and g.by_rules == {}
    assert stats.counted == {"v1-0": (6, 1), "v1-1": (8, 1), "v1-2": (4, 1), "v1-3": (9, 1)}
    # Counting goes on where it was: a match counted before is not counted again.
    assert store.save_match(MatchInProgress(Match.new("skat", ISKO, players=3, hands=3, seed=1), id="v1-0"))
    assert store.statistics().of("skat").hands_played == skat.hands_played


def _rebuild(store: Store) -> Statistics:
    job = store.rebuild_statistics()
    steps = 0
    while not job.step(budget=0.0):  # one match per step, as a frame would have it
        steps += 1
    assert steps == job.total - 1  # every kept sheet, then the (absent) match in progress
    assert job.finish()
    return store.statistics()


def test_a_rebuild_from_the_kept_sheets_breaks_the_old_totals_down() -> None:
    store = Store(old_storage(), language="en")
    before = store.statistics()
    after = _rebuild(store)
    assert not store.notices
    for name in ("skat", "officers"):
        old, new = before.of(name), after.of(name)
        assert (new.hands_played, new.declared, new.won_as_declarer, new.total_score, new.matches_finished) == (
            old.hands_played, old.declared, old.won_as_declarer, old.total_score, old.matches_finished)
        assert new.earlier == 0  # every hand is on a kept sheet
        assert sum(t.hands for t in new.by_strength.values()) == new.hands_played
        assert sum(t.hands for t in new.by_rules.values()) == new.hands_played
        assert new.all.defended == new.hands_played - new.declared - new.all.ramsch - new.all.passed
    assert set(after.of("skat").by_strength) == {"normal", "strong", "expert"}
    assert set(after.of("skat").by_rules) == {"isko", "lothar", "custom"}
    assert [line.id for line in after.matches] == ["v1-0", "v1-1", "v1-2", "v1-3"]
    assert {line.when for line in after.matches} == {s.finished_at for s in store.sheets()}
    assert [sf.hands for sf in after.lists] == [15]  # the ISkO matches: 6 and 9 hands, one running list
    assert after.counted == before.counted
    # Done twice, nothing doubles.
    assert _rebuild(store) == after


def test_a_rebuild_keeps_the_hands_of_sheets_pruned_since_in_the_totals() -> None:
    store = Store(old_storage(drop_sheets=1), language="en")  # the first match's sheet is gone
    before = store.statistics()
    after = _rebuild(store)
    skat = after.of("skat")
    assert skat.hands_played == before.of("skat").hands_played and skat.total_score == before.of("skat").total_score
    assert skat.earlier == 6  # the six hands of the pruned sheet: in the totals only
    assert sum(t.hands for t in skat.by_strength.values()) == skat.hands_played - 6
    assert skat.declared == before.of("skat").declared and skat.won_as_declarer == before.of("skat").won_as_declarer


@pytest.mark.parametrize("bad_id", [[1], {"a": 1}])
def test_a_rebuild_leaves_out_a_kept_sheet_whose_id_is_not_text(bad_id: Any) -> None:
    """A sheet on file whose id is a list or an object (hand-edited, or written by something else)
    does not read: the recount leaves it out like any sheet that does not read, counts the rest and
    writes its result; it never stops the statistics screen."""
    storage = old_storage()
    doc = json.loads(storage.load("sheets") or "")
    doc["matches"].insert(1, {"id": bad_id})
    storage.save("sheets", json.dumps(doc))
    store = Store(storage, language="en")
    before = store.statistics()
    job = store.rebuild_statistics(None)
    assert job.finish()
    after = store.statistics()
    assert after.of("skat").hands_played == before.of("skat").hands_played and after.of("skat").earlier == 0
    assert [line.id for line in after.matches] == ["v1-0", "v1-1", "v1-2", "v1-3"]


def test_statistics_outlive_the_sheets_pruned_for_the_browsers_quota(played) -> None:  # type: ignore[no-untyped-def]
    store, games = played
    pruned = Store(MemoryStorage(dict(store.storage.data)), language="en", max_sheets=1)  # type: ignore[attr-defined]
    extra = MatchInProgress(Match.new("officers", OFFICERS, players=2, hands=2, seed=9), id="late")
    play(extra.match, random.Random(5), pruned, extra)
    assert [s.id for s in pruned.sheets()] == ["late"]
    stats = pruned.statistics()
    assert stats.of("skat") == store.statistics().of("skat")
    assert stats.of("officers").hands_played == store.statistics().of("officers").hands_played + 2


def test_statistics_written_now_read_back_the_same(played) -> None:  # type: ignore[no-untyped-def]
    store, _ = played
    stats = store.statistics()
    doc: dict[str, Any] = json.loads(store.storage.load(STATISTICS) or "")
    assert doc["version"] == 2
    assert Store(MemoryStorage({STATISTICS: json.dumps(doc)}), language="en").statistics() == stats
