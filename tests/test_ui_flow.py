"""Resuming a match, sharing a deal, the four-player table and the autoplay tour, through the real app."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.deal import SkatDeal  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, LOTHAR  # noqa: E402
from skat.engine.share import deal_code_for, decode_deal  # noqa: E402
from skat.storage import MemoryStorage  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import make_app  # noqa: E402


def run_until(app: App, cond, limit: int = 3000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if cond():
            return
        app.frame(0.05)
    raise AssertionError("condition never met")


def test_a_match_resumes_after_closing_at_the_last_action() -> None:
    storage = MemoryStorage()
    app = make_app(storage=storage, start=False)
    app.start()
    match = Match.new("skat", LOTHAR, players=3, hands=3, seed=9, first_dealer=2)
    ctl = MatchController(match, human=0, seed=9)
    table = TableScene(app, ctl)
    app.push(table)
    run_until(app, lambda: ctl.human_to_move and table.idle)
    legal = ctl.hand.legal_actions()
    table.apply_human(legal[-1])
    run_until(app, lambda: (ctl.human_to_move or ctl.hand.done) and table.idle)
    history = list(ctl.hand.history)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0.02)
    assert not app.running
    # A new app on the same storage offers to continue, and the hand is exactly where it was.
    app2 = make_app(storage=storage, start=False)
    app2.start()
    app2.frame(0.02)
    title = app2.stack.top
    assert isinstance(title, TitleScene)
    cont = title.group.buttons[0]
    assert cont.enabled and cont.label == "Continue match"
    pos = app2.painter.px(cont.x + 5, cont.y + 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    app2.frame(0.02)
    resumed = app2.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.c.hand.history == history
    assert resumed.c.match.decks == match.decks


@pytest.mark.parametrize(("lang", "words"), [("en", "could not be read"), ("de", "nicht lesbar")])
def test_a_corrupt_save_gives_a_notice_in_the_players_language_and_a_fresh_start(lang: str, words: str) -> None:
    storage = MemoryStorage()
    storage.save("match", "{not json")
    app = make_app(lang, storage, start=False)
    app.start()
    app.frame(0.02)
    assert app.notices, "a corrupt save must be reported"
    assert words in app.notices[-1] and "match.corrupt-" in app.notices[-1]
    title = app.stack.scenes[0]  # the notice is shown over the title
    assert isinstance(title, TitleScene) and type(app.stack.top).__name__ == "NoticeScene"
    assert not title.group.buttons[0].enabled  # nothing to continue
    kept = storage.keys()
    assert any(k.startswith("match.corrupt-") for k in kept)  # kept, not deleted


def test_share_a_deal_and_open_it_again() -> None:
    app = make_app(storage=MemoryStorage(), start=False)
    app.start()
    match = Match.new("skat", ISKO.with_options(kontra_re=True), players=3, hands=3, seed=4, first_dealer=2)
    ctl = MatchController(match, human=0, seed=4, autoplay=True)
    table = TableScene(app, ctl)
    app.push(table)
    run_until(app, lambda: type(app.stack.top).__name__ == "ResultScene")
    result_scene = app.stack.top
    result_scene.share()
    app.stack.top.deal_only()  # "Share this deal" asks first whether to send your result along (issue 10)
    text = result_scene.share_text
    code = deal_code_for(match)
    assert code in text and f"skat --deal {code}" in text
    # Opening the code starts exactly that deal with the same options.
    app2 = make_app(storage=MemoryStorage(), start=False)
    app2.start(code)
    table2 = app2.stack.top
    assert isinstance(table2, TableScene)
    assert table2.c.match.rules == match.rules
    assert table2.c.hand.deal == SkatDeal.from_deck(match.decks[0])
    assert decode_deal(code).deck == match.decks[0]
    # The same computer players: two openings of one code play identically.
    app3 = make_app(storage=MemoryStorage(), start=False)
    app3.start(code)
    c2, c3 = table2.c, app3.stack.top.c
    c2.autoplay = c3.autoplay = True
    for a, c in ((app2, c2), (app3, c3)):
        run_until(a, lambda c=c: c.hand.done)
    assert c2.hand.history == c3.hand.history


@pytest.mark.parametrize("bad", ["", "hello", "1ABCDEFGHJKMNPQRSTVWXYZ0123456", "9" * 31])
def test_a_malformed_code_gives_a_message_and_a_normal_start(bad: str) -> None:
    app = make_app(storage=MemoryStorage(), start=False)
    app.start(bad or "?")
    assert isinstance(app.stack.top, TitleScene)
    assert app.notices and "cannot be used" in app.notices[-1]


def test_four_player_table_runs_with_the_person_sitting_out() -> None:
    app = make_app("de", MemoryStorage(), start=False)
    app.start()
    match = Match.new("skat", ISKO.with_options(seeger_fabian=True), players=4, hands=4, seed=2, first_dealer=0)
    ctl = MatchController(match, human=0, seed=2, autoplay=True)
    table = TableScene(app, ctl)
    app.push(table)
    assert ctl.human_seat is None  # the person deals first and sits out
    assert set(table.slot_of_seat().values()) == {"left", "top", "right"}
    run_until(app, lambda: type(app.stack.top).__name__ == "ResultScene")
    assert match.sheet[0].changes[0] == 0


def test_share_links_carry_the_code_and_the_page_reads_it_back() -> None:
    from skat.ui.web import deal_code_from_query, share_link

    link = share_link("https://example.org/skat/", "1ABC-DEFG")
    assert link == "https://example.org/skat/?deal=1ABC-DEFG"
    assert deal_code_from_query("?" + link.split("?", 1)[1]) == "1ABC-DEFG"
    assert deal_code_from_query("?lang=de&deal=XYZ") == "XYZ"
    assert deal_code_from_query("") is None and deal_code_from_query("?deal=") is None


def test_a_failing_computer_player_never_ends_the_match() -> None:
    class Broken:
        def begin(self, view):  # type: ignore[no-untyped-def]
            raise RuntimeError("bug in a player")

    match = Match.new("skat", ISKO, players=3, hands=3, seed=6)
    ctl = MatchController(match, human=0, seed=6, autoplay=True)
    ctl.players = {p: Broken() for p in range(3)}  # type: ignore[misc]
    for _ in range(200):
        if ctl.hand.done:
            break
        ctl.step_ai()
    assert ctl.hand.done and ctl.faults and "bug in a player" in ctl.faults[0]
    assert match.sheet and match.sheet[-1].result is ctl.hand.result


def test_a_computer_decision_that_never_ends_is_cut_short_and_play_goes_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A player whose thinking never stops (the strong declarer's endgame once paused for ever one
    node short of its limit) gets its best move so far after RUNAWAY_SECONDS of thinking, and its
    seat the fallback player."""
    from skat.ai.base import Decision
    from skat.ui import controller

    def endless(view):  # type: ignore[no-untyped-def]
        while True:
            yield view.legal[-1]

    class Endless:
        def begin(self, view):  # type: ignore[no-untyped-def]
            return Decision(tuple(view.legal), endless(view))

    monkeypatch.setattr(controller, "RUNAWAY_SECONDS", 0.02)
    match = Match.new("skat", ISKO, players=3, hands=3, seed=6)
    ctl = controller.MatchController(match, human=0, seed=6, autoplay=True)
    ctl.players = {p: Endless() for p in range(3)}  # type: ignore[misc]
    for _ in range(20_000):
        if ctl.hand.done:
            break
        ctl.step_ai(0.005)
    assert ctl.hand.done and ctl.faults and "did not finish" in ctl.faults[0]
    assert match.sheet and match.sheet[-1].result is ctl.hand.result
    # Every seat ran away once, in the auction, and is played by the fallback from then on
    # (the notice says so): one fault each, and the hand played out by working players.
    assert len(ctl.faults) == 3
    assert all(getattr(ctl.players[p], "is_fallback", False) for p in range(3))
