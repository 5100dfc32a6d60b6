"""The statistics screen and the score sheet's chart, driven by posted mouse, touch and key events in
German and English: every page shows what the statistics hold, page buttons turn long lists, an
older version's statistics are recounted from the kept sheets frame by frame, and a frame reads
nothing from storage."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from random_play import play_match
from skat.engine import ISKO, LOTHAR, OFFICERS, Match  # noqa: E402
from skat.lab.shots_stats import _club_evening  # noqa: E402
from skat.storage import MatchInProgress, MemoryStorage, SFList, Store, _stats_doc  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.sheet import SheetScene  # noqa: E402
from skat.ui.stats_view import StatsScene  # noqa: E402

OLD = Path(__file__).parent / "data" / "statistics-v1.json"


class CountingStorage(MemoryStorage):
    """Memory storage that counts the reads of each document."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.reads: dict[str, int] = {}

    def load(self, key: str) -> str | None:
        self.reads[key] = self.reads.get(key, 0) + 1
        return super().load(key)


def make_app(storage: MemoryStorage, lang: str, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(size=size, store=Store(storage, language=lang), headless=True)
    app.settings["animation"] = "off"
    app.start()
    app.frame(0.02)
    return app


def click(app: App, pos: tuple[float, float], touch: bool = False) -> None:
    px = app.painter.px(*pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=1, touch=touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=1, touch=touch))
    app.frame(0.02)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0, scancode=0))
    app.frame(0.02)


def texts(app: App) -> list[str]:
    p = app.painter
    p.start_recording()
    app.draw()
    return [b.label for b in p.stop_recording() if b.kind == "text"]


def row_name(text: str) -> str:
    """A table row's name as drawn: with a capital ("leicht" → "Leicht")."""
    return text[:1].upper() + text[1:]


def press_drawn(app: App, label: str, touch: bool = False) -> None:
    """Click the middle of the button drawn with ``label`` (as the player sees it)."""
    p = app.painter
    p.start_recording()
    app.draw()
    boxes = [b for b in p.stop_recording() if b.kind == "button" and b.label == label]
    assert boxes, label
    click(app, p.to_logical(boxes[0].rect.center), touch)


def play(store: Store, game: str, rules, players: int, hands: int, person: int, strength: str, i: int) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(game, rules, players=players, hands=hands, seed=70 + i)
    g = MatchInProgress(match, person=person, ai=strength, id=f"s{i}")
    rng = random.Random(i)
    while not match.finished:
        hand = match.current
        assert hand is not None
        if hand.done:
            store.save_match(g)
            match.next_hand()
            continue
        match.apply(_club_evening(hand.legal_actions(), rng))
    store.finish_match(g)


def evening() -> CountingStorage:
    storage = CountingStorage()
    store = Store(storage, language="en")
    play(store, "skat", ISKO, 3, 24, 0, "normal", 0)
    play(store, "skat", LOTHAR, 3, 6, 1, "strong", 1)
    play(store, "skat", ISKO, 3, 18, 2, "expert", 2)
    play(store, "officers", OFFICERS.with_options(officers_layout="harlequin"), 2, 4, 0, "easy", 3)
    assert not store.notices
    return storage


def open_stats(app: App) -> StatsScene:
    assert isinstance(app.stack.top, TitleScene)
    press_drawn(app, app.t("menu.stats"))
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    return scene


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_page_shows_what_the_statistics_hold(lang: str) -> None:
    storage = evening()
    app = make_app(storage, lang)
    t = app.t
    stats = app.services.store.statistics()
    skat = stats.of("skat")
    scene = open_stats(app)
    shown = texts(app)
    assert t("stats.declarer") in shown and t("stats.defender") in shown
    assert str(skat.hands_played) in shown and str(skat.all.defended) in shown
    assert t.number(skat.average_score, 1, sign=True) in shown  # "+3,5" in German, "+3.5" in English
    share = t("fmt.percent", n=t.number(100 * skat.all.defence_cards / skat.all.defence_side_cards))
    assert share in shown
    # The pages by a click on their tabs.
    press_drawn(app, t("stats.tab.types"))
    assert scene.page == "types"
    shown = texts(app)
    for kind, tally in skat.by_type.items():
        name = scene.type_name(kind)
        assert name in shown and f"{tally.score:+d}" in shown
    press_drawn(app, t("stats.tab.strength"))
    shown = texts(app)
    assert {row_name(t("strength." + k)) for k in ("normal", "strong", "expert")} <= set(shown)
    assert row_name(t("strength.easy")) not in shown  # no Skat against easy opponents
    press_drawn(app, t("stats.tab.rules"))
    shown = texts(app)
    assert t("preset.isko") in shown and t("preset.lothar") in shown
    # By the arrow keys: the lists, then the results over time.
    key(app, pygame.K_RIGHT)
    assert scene.page == "lists"
    shown = texts(app)
    assert [sf.hands for sf in stats.lists] == [36, 6]  # 24 + 18 hands of ISkO scoring
    assert t("stats.list_n", n=1) in shown
    assert f"{t('stats.list_n', n=2)} · {t('stats.list_running', n=6)}" in shown
    assert f"{stats.lists[0].seeger:+d}" in shown and t("stats.chart.sf_per_list") in shown
    key(app, pygame.K_RIGHT)
    assert scene.page == "progress"
    shown = texts(app)
    assert t("stats.chart.running") in shown and t("stats.chart.sf_running") in shown
    assert t("stats.chart.matches") in shown and t("stats.chart.points") in shown
    from skat.ui.history import local_time

    when = [m.when for m in stats.matches if m.game == "skat"]
    assert t("stats.chart.span", first=local_time(when[0], t), last=local_time(when[-1], t)) in shown
    # Officers' Skat by its button: no lists there, its variant under the rules.
    press_drawn(app, t("game_name.officers"))
    assert scene.game == "officers" and "lists" not in scene.pages
    press_drawn(app, t("stats.tab.rules"))
    assert t("opt.layout.harlequin") in texts(app)
    key(app, pygame.K_g)  # and back by its key
    assert scene.game == "skat"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_a_frame_of_the_statistics_screen_reads_nothing_from_storage() -> None:
    """The screen reads the statistics when it opens; drawing a frame must not (a read is a parse of
    the whole document: milliseconds a frame cannot spare)."""
    storage = evening()
    app = make_app(storage, "en")
    open_stats(app)
    before = dict(storage.reads)
    for _ in range(10):
        app.frame(0.02)
    assert storage.reads == before


@pytest.mark.parametrize("lang", ["de", "en"])
def test_page_buttons_turn_a_long_run_of_lists_by_touch(lang: str) -> None:
    storage = MemoryStorage()
    store = Store(storage, language=lang)
    play(store, "skat", ISKO, 3, 3, 0, "normal", 0)
    stats = store.statistics()
    stats.lists = [SFList(36, 100 * i, 2, 1) for i in range(1, 13)] + [SFList(3, 7, 0, 0)]
    storage.save("statistics", json.dumps({"version": 2, **_stats_doc(stats)}))
    app = make_app(storage, lang, size=(720, 1280))
    t = app.t
    scene = open_stats(app)
    press_drawn(app, t("stats.tab.lists"), touch=True)
    assert scene.page == "lists"
    shown = texts(app)
    assert t("stats.list_n", n=13) + " · " + t("stats.list_running", n=3) in shown  # the newest first
    assert t("stats.list_n", n=1) not in shown
    press_drawn(app, "down", touch=True)
    shown = texts(app)
    assert t("stats.list_n", n=8) in shown and t("stats.list_n", n=13) + " · " + t("stats.list_running", n=3) \
        not in shown
    for _ in range(3):
        press_drawn(app, "down", touch=True)
    assert t("stats.list_n", n=1) in texts(app)
    press_drawn(app, "up", touch=True)
    assert t("stats.list_n", n=1) not in texts(app)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_earlier_versions_statistics_are_recounted_from_the_kept_sheets(lang: str) -> None:
    old = json.loads(OLD.read_text(encoding="utf-8"))
    storage = MemoryStorage({"statistics": json.dumps(old["statistics"]), "sheets": json.dumps(old["sheets"])})
    app = make_app(storage, lang)
    t = app.t
    scene = open_stats(app)
    hands = old["statistics"]["games"]["skat"]["hands_played"]
    shown = texts(app)
    assert t("stats.earlier", n=hands) in shown and str(hands) in shown
    assert t.number(0, 1) not in shown  # no average game value made up from games kept without one
    press_drawn(app, t("stats.tab.strength"))
    assert row_name(t("strength.expert")) not in texts(app)  # the earlier version did not count by strength
    press_drawn(app, t("stats.tab.roles"))
    press_drawn(app, t("stats.rebuild"))
    for _ in range(50):
        if scene.rebuild is None:
            break
        app.frame(0.02)
    assert scene.rebuild is None
    shown = texts(app)
    assert t("stats.rebuilt", n=4) in shown and t("stats.earlier", n=hands) not in shown
    assert str(hands) in shown  # the totals as they were
    press_drawn(app, t("stats.tab.strength"))
    assert {row_name(t("strength." + k)) for k in ("normal", "strong", "expert")} <= set(texts(app))
    # Counted again in a new session, the recount stays.
    again = make_app(storage, lang)
    assert again.services.store.statistics().of("skat").earlier == 0


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)], ids=["landscape", "portrait"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_score_sheet_draws_the_running_totals_as_a_chart(lang: str, size: tuple[int, int]) -> None:
    app = make_app(MemoryStorage(), lang, size)
    t = app.t
    match = Match.new("skat", ISKO, players=3, hands=12, seed=4)
    rng = random.Random(4)
    while len(match.sheet) < 7:
        hand = match.current
        assert hand is not None
        if hand.done:
            match.next_hand()
            continue
        match.apply(_club_evening(hand.legal_actions(), rng))
    scene = SheetScene(app, MatchController(match, human=0, seed=1))
    app.push(scene)
    app.frame(0.02)
    lines = texts(app)
    assert lines.count(t("sheet.chart_sf")) == 1 and t("sheet.declarer") in lines  # the totals' label; the lines
    press_drawn(app, t("sheet.chart"), touch=size[1] > size[0])
    assert scene.chart
    shown = texts(app)
    assert t("sheet.declarer") not in shown  # the chart instead of the lines
    assert shown.count(t("sheet.chart_sf")) == 2 and t("sheet.chart_hands") in shown  # the y axis' label, the x's
    assert t("name.you") in shown and "Ben" in shown and "Clara" in shown  # the legend
    sf = [row["seeger_fabian"] for row in match.standings()]
    assert all(str(v) in shown for v in sf)  # the totals under the chart stay
    assert "7" in shown  # the x axis runs to the last hand played
    key(app, pygame.K_c)
    assert not scene.chart and texts(app).count(t("sheet.chart_sf")) == 1


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_sheet_says_you_win_when_the_person_wins(lang: str) -> None:
    """"You win the match" / "Du gewinnst die Partie", not the third person used for the others."""
    app = make_app(MemoryStorage(), lang)
    t = app.t
    for seed in range(1, 40):
        match = Match.new("skat", ISKO, players=3, hands=3, seed=seed)
        rng = random.Random(seed)
        play_match(match, rng, lambda hand, legal, rng: _club_evening(legal, rng))
        if min(match.standings(), key=lambda r: r["rank"])["player"] == 0:
            break
    else:
        raise AssertionError("no match the person wins")
    app.push(SheetScene(app, MatchController(match, human=0, seed=1)))
    app.frame(0.02)
    shown = texts(app)
    assert t("sheet.winner_you") in shown and t("sheet.winner", name=t("name.you")) not in shown
