"""The browser's storage when its quota is near or a write is refused: the oldest past score sheets
make room first, with a notice; the match in progress and the settings are never what is dropped."""

from __future__ import annotations

import json
import random
import time

import pytest

from random_play import play_rows  # noqa: E402
from skat.engine import ISKO, Match
from skat.storage import BROWSER_SHEETS_BUDGET, KEEP_RETRY_SECONDS, LocalStorage, MatchInProgress, Store


class QuotaLocalStorage:
    """A stand-in for window.localStorage that refuses a write taking its items past ``quota``
    characters, as browsers do (QuotaExceededError)."""

    def __init__(self, quota: int) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota
        self.refused = 0

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            self.refused += 1
            raise RuntimeError("QuotaExceededError: Failed to execute 'setItem' on 'Storage'")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)

    def key(self, i: int) -> str | None:
        keys = list(self.items)
        return keys[i] if i < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.items)


def played(hands: int, seed: int, upto: int | None = None) -> Match:
    match = Match.new("skat", ISKO, players=3, hands=hands, seed=seed)
    return play_rows(match, random.Random(seed), hands if upto is None else upto)


def filled(ls: QuotaLocalStorage, sheets: int) -> Store:
    store = Store(LocalStorage(ls), language="de")
    assert store.save_settings(store.default_settings())
    for i in range(sheets):
        store.finish_match(MatchInProgress(played(6, i + 1), id=f"s{i:02d}"))
    assert not store.notices
    return store


def test_a_refused_save_of_the_match_in_progress_makes_room_from_the_oldest_sheets() -> None:
    ls = QuotaLocalStorage(10**9)
    store = filled(ls, 12)
    ls.quota = sum(len(k) + len(v) for k, v in ls.items.items()) + 500  # nearly full
    game = MatchInProgress(played(36, 99, upto=6), id="now")
    assert store.save_match(game)
    assert ls.refused >= 1
    [notice] = store.notices
    assert notice.kind == "sheets_pruned" and notice.count >= 1
    left = [s.id for s in Store(LocalStorage(ls)).sheets()]
    assert left == [f"s{i:02d}" for i in range(12 - len(left), 12)] and len(left) == 12 - notice.count
    again = Store(LocalStorage(ls), language="en")
    assert again.load_match() is not None and again.settings().language == "de"


def test_a_refused_sheet_drops_the_oldest_sheets_not_the_new_one() -> None:
    ls = QuotaLocalStorage(10**9)
    store = filled(ls, 12)
    ls.quota = sum(len(k) + len(v) for k, v in ls.items.items()) + 200
    store.finish_match(MatchInProgress(played(6, 50), id="new"))
    kept = [s.id for s in store.sheets()]
    assert kept[-1] == "new" and "s00" not in kept and "s11" in kept
    assert [n.kind for n in store.notices] == ["sheets_pruned"]


def test_when_nothing_is_left_to_drop_the_match_and_settings_stay_and_a_notice_says_why() -> None:
    ls = QuotaLocalStorage(10**9)
    store = filled(ls, 2)
    settings = ls.items["skat.settings"]
    ls.quota = len("skat.settings") + len(settings) + 50
    assert not store.save_match(MatchInProgress(played(36, 7, upto=3), id="now"))
    assert ls.items["skat.settings"] == settings
    kinds = [n.kind for n in store.notices]
    assert kinds[-1] == "save_failed" and store.notices[-1].reason == "quota"


def test_the_sheets_stay_within_their_budget_in_the_browser() -> None:
    ls = QuotaLocalStorage(10**9)
    store = Store(LocalStorage(ls))
    assert store.sheets_budget == BROWSER_SHEETS_BUDGET
    store.sheets_budget = 40_000
    for i in range(20):
        store.finish_match(MatchInProgress(played(6, i + 1), id=f"s{i:02d}"))
    assert len(ls.items["skat.sheets"]) <= 40_000
    kept = [s.id for s in store.sheets()]
    assert kept[-1] == "s19" and len(kept) < 20
    assert all(n.kind == "sheets_pruned" for n in store.notices) and store.notices


@pytest.mark.parametrize("players", [3, 4])
def test_figures_a_36_hand_sheet_with_its_deals(players: int) -> None:
    """The figures the README gives: about 17,000 characters for a 36-hand sheet, of which about
    3,000 are its deals; the budget holds about 85 of them."""
    from skat.engine import LOTHAR

    rules = ISKO if players == 3 else LOTHAR.with_options(seeger_fabian=True)
    match = Match.new("skat", rules, players=players, hands=36, seed=1)
    rng = random.Random(1)
    while not match.finished:
        hand = match.current
        assert hand is not None
        if hand.done:
            match.next_hand()
        else:
            match.apply(rng.choice(hand.legal_actions()))
    ls = QuotaLocalStorage(10**9)
    Store(LocalStorage(ls)).finish_match(MatchInProgress(match, id="20261201120000-abcdef"))
    [entry] = json.loads(ls.items["skat.sheets"])["matches"]
    deals = sum(len(d) for d in entry["deals"])
    whole = len(json.dumps(entry, separators=(",", ":")))
    assert 1_500 < deals < 4_000 and 10_000 < whole < 22_000
    assert BROWSER_SHEETS_BUDGET // whole >= 60


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_pruning_notice_is_said_in_the_players_language(lang: str) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from skat.storage import MemoryStorage, Notice
    from skat.ui.app import App

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
    text = app.services.localize(Notice("", "sheets_pruned", "sheets", reason="quota", count=3))
    assert "3" in text and ("Spiellisten" if lang == "de" else "score sheets") in text and "{" not in text


def test_statistics_keep_every_hand_when_the_quota_prunes_the_sheets_they_were_counted_from() -> None:
    ls = QuotaLocalStorage(10**9)
    store = filled(ls, 12)
    ls.quota = sum(len(k) + len(v) for k, v in ls.items.items()) + 300  # nearly full
    store.finish_match(MatchInProgress(played(6, 60), id="new"))
    assert "sheets_pruned" in [n.kind for n in store.notices]
    stats = Store(LocalStorage(ls)).statistics()
    assert len(Store(LocalStorage(ls)).sheets()) < 13
    assert stats.of("skat").hands_played == 13 * 6 and stats.of("skat").matches_finished == 13
    assert [line.id for line in stats.matches] == [f"s{i:02d}" for i in range(12)] + ["new"]


def test_a_statistics_document_at_its_longest_stays_small_beside_the_sheets_budget() -> None:
    """At most 400 lists and 400 matches' lines, every breakdown full: a few tens of thousands of
    characters, so the statistics never crowd the sheets out of the browser's storage."""
    from skat.stats import SKAT_TYPES
    from skat.storage import MAX_LISTS, MAX_MATCH_LINES, MatchLine, SFList, Statistics, Tally, _stats_doc

    big = Tally(**{f: 99_999 for f in ("hands", "score", "seeger", "sf_hands", "declared_value", "declared_score",
                                       "defence_cards", "defence_side_cards")})
    stats = Statistics()
    for game in ("skat", "officers"):
        g = stats.of(game)
        g.all = big
        g.by_type = dict.fromkeys(SKAT_TYPES, big)
        g.by_strength = dict.fromkeys(("easy", "normal", "strong", "expert"), big)
        g.by_rules = dict.fromkeys(("isko", "lothar", "custom"), big)
    stats.lists = [SFList(36, -9999, 18, 18)] * MAX_LISTS
    stats.matches = [MatchLine("20261201120000-abcdef", "skat", 96, -99999, -99999, True, True,
                                "2026-12-01T12:00:00Z")] * MAX_MATCH_LINES
    text = json.dumps({"version": 2, **_stats_doc(stats)}, separators=(",", ":"))
    assert len(text) < BROWSER_SHEETS_BUDGET // 20


def test_sheets_are_only_given_up_when_that_lets_the_match_be_saved() -> None:
    """The page's storage is so full that the match in progress does not fit even with every past
    sheet gone: then no sheet is dropped (dropping them would save nothing), and a notice says why."""
    ls = QuotaLocalStorage(10**9)
    store = filled(ls, 2)
    before = dict(ls.items)
    game = MatchInProgress(played(36, 7, upto=30), id="now")
    assert store.save_match(game)  # how much room the match takes ...
    match_size = len("skat.match") + len(ls.items.pop("skat.match"))
    sheets_size = len("skat.sheets") + len(ls.items["skat.sheets"])
    assert match_size > sheets_size + 1000  # ... more than the sheets give back
    ls.items = dict(before)
    ls.quota = sum(len(k) + len(v) for k, v in ls.items.items()) + 1000
    store.take_notices()
    assert not store.save_match(game)
    assert ls.items == before, "sheets were dropped for nothing"
    assert [s.id for s in Store(LocalStorage(ls), language="en").sheets()] == ["s00", "s01"]
    assert store.notices[-1].kind == "save_failed" and store.notices[-1].reason == "quota"
    assert not [n for n in store.notices if n.kind == "sheets_pruned"]


class OtherTabTakesTheRoom(QuotaLocalStorage):
    """Another tab of the page (tabs run side by side) writes its own data into the room the past
    sheets leave the moment they are removed, all but ``leave`` characters of it, until it is closed."""

    leave = 0
    armed = False

    def removeItem(self, key: str) -> None:
        super().removeItem(key)
        if self.armed and key == "skat.sheets":
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != "other-tab")
            self.items["other-tab"] = "x" * max(0, self.quota - used - len("other-tab") - self.leave)

    def close_other_tab(self) -> None:
        self.armed = False
        self.items.pop("other-tab", None)


def racing_tab(leave: int, oldest_id: object = None) -> tuple[OtherTabTakesTheRoom, Store, MatchInProgress]:
    """Twelve past sheets in a full browser storage, another tab about to take all of the room but
    ``leave`` characters once this one made some, and a long match to save (``oldest_id``: what the
    oldest sheet on file holds for its id instead of its own)."""
    ls = OtherTabTakesTheRoom(10**9)
    store = filled(ls, 12)
    if oldest_id is not None:
        doc = json.loads(ls.items["skat.sheets"])
        doc["matches"][0]["id"] = oldest_id
        ls.items["skat.sheets"] = json.dumps(doc)
    ls.quota = sum(len(k) + len(v) for k, v in ls.items.items()) + 500
    ls.leave, ls.armed = leave, True
    return ls, store, MatchInProgress(played(36, 7, upto=30), id="now")


@pytest.mark.parametrize("leave", [0, 8_000])
def test_sheets_that_no_longer_fit_after_a_refused_save_are_still_shown_and_saved_when_room_returns(
    leave: int,
) -> None:
    """The match does not fit, the sheets make room, and before the match is in, another tab takes
    that room, so the match still does not fit and the sheets do not fit back (all of them, or all
    but the newest few).  No sheet may be lost for it: Past matches still shows every one, a notice
    says how many are only in memory, and once the other tab is closed the next save writes them
    (the oldest giving way to the quota as always, with the notice that says how many)."""
    ls, store, game = racing_tab(leave)
    everything = [f"s{i:02d}" for i in range(12)]
    assert not store.save_match(game)
    on_file = [s.id for s in Store(LocalStorage(ls), language="en").sheets()]
    assert on_file == everything[12 - len(on_file) :] and (len(on_file) > 0) == (leave > 0)
    assert sum(n.count for n in store.notices if n.kind == "sheets_held") == 12 - len(on_file)
    assert not [n for n in store.notices if n.doc == "sheets" and n.kind in ("save_failed", "sheets_pruned")]
    assert [s.id for s in store.sheets()] == everything, "past sheets were lost"
    assert [s.id for s in Store(LocalStorage(ls), language="en").sheets()] == on_file  # reading wrote nothing
    recount = store.rebuild_statistics(current=game)  # counts them too, by kind, not as hands of unknown kind
    assert recount.finish() and store.statistics().of("skat").earlier == 0

    ls.close_other_tab()
    store.take_notices()
    assert store.save_match(game)
    pruned = sum(n.count for n in store.notices if n.kind == "sheets_pruned")
    again = Store(LocalStorage(ls), language="en")
    assert [s.id for s in again.sheets()] == everything[pruned:] and pruned < 12
    assert [s.id for s in store.sheets()] == everything[pruned:]
    assert again.load_match() is not None


@pytest.mark.parametrize("leave", [12_000, 30_000])
def test_when_the_match_is_saved_but_another_tab_takes_the_room_only_the_oldest_quarter_is_dropped(
    leave: int,
) -> None:
    """The match does not fit, the sheets make room, the match goes in, and then another tab takes
    most of the room before the sheets are back, so only the newest few fit.  The save made room by
    dropping the oldest quarter of the sheets, so only those are gone (with the notice that says so);
    the others that did not fit back stay shown, in memory, with the notice that says so, and are
    written once the other tab is closed."""
    ls, store, game = racing_tab(leave)
    everything = [f"s{i:02d}" for i in range(12)]
    assert store.save_match(game)
    on_file = [s.id for s in Store(LocalStorage(ls), language="en").sheets()]
    assert on_file == everything[12 - len(on_file) :] and len(on_file) < 9
    assert [(n.kind, n.count) for n in store.notices if n.doc == "sheets"] == [
        ("sheets_held", 9 - len(on_file)), ("sheets_pruned", 3)]
    assert [s.id for s in store.sheets()] == everything[3:], "more sheets were lost than the save made room with"

    ls.close_other_tab()
    store.take_notices()
    later = time.time() + KEEP_RETRY_SECONDS
    store.clock = lambda: later  # the next try, a while after the one that failed
    assert store.save_match(game)
    pruned = sum(n.count for n in store.notices if n.kind == "sheets_pruned")
    assert [s.id for s in Store(LocalStorage(ls), language="en").sheets()] == everything[3 + pruned :]
    assert [s.id for s in store.sheets()] == everything[3 + pruned :] and pruned < 9  # none left in memory


def test_a_sheet_on_file_whose_id_is_not_text_does_not_stop_the_save_when_another_tab_takes_the_room() -> None:
    """As above, with the oldest sheet on file holding a list for its id (hand-edited, or written by
    something else): the save still ends with its answer and the notice of the sheets held, never an
    error, and once the other tab is closed the held sheets are written (once, with no notice again)."""
    ls, store, game = racing_tab(0, oldest_id=[1])
    assert not store.save_match(game)
    assert sum(n.count for n in store.notices if n.kind == "sheets_held") == 12
    ls.close_other_tab()
    store.take_notices()
    assert store.save_match(game)
    assert not [n for n in store.notices if n.kind in ("sheets_held", "save_failed")]
    pruned = sum(n.count for n in store.notices if n.kind == "sheets_pruned")
    assert [s.id for s in Store(LocalStorage(ls), language="en").sheets()] == [f"s{i:02d}" for i in range(12)][
        max(1, pruned):]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_notice_of_sheets_kept_in_memory_says_where_they_are_and_what_closing_costs(lang: str) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from skat.storage import MemoryStorage, Notice
    from skat.ui.app import App

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
    text = app.services.localize(Notice("", "sheets_held", "sheets", reason="quota", count=5))
    assert "5" in text and app.t("menu.history") in text and "{" not in text
