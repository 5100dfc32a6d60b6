"""The duplicate challenge as players meet it, through real clicks and keys, in German and English:
share with your result, a friend plays the same deal from the same seat and sees both results,
sends both back; a changed or cut link opens the deal without a comparison and says why;
desktop (``skat --deal``) and browser (``?deal=``)."""

from __future__ import annotations

import os
import re
import sys
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.desktop import cli  # noqa: E402
from skat.engine import actions as A  # noqa: E402
from skat.engine.challenge import ChallengeResult, decode_challenge, encode_challenge  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.share import deal_code_for, decode_deal  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.lab import fit  # noqa: E402
from skat.ui import web  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.challenge import ShareChoiceScene, game_text, verdict  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.overlays import NoticeScene  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, key, make_app  # noqa: E402

GOOD = deal_code_for(Match.new("skat", ISKO, players=3, hands=3, seed=4))
SEAT = 1  # middlehand


def drawn(app: App) -> tuple[list[str], list[str]]:
    """The texts of the frame and the layout problems in it."""
    p = app.painter
    p.start_recording()
    app.draw()
    boxes = p.stop_recording()
    return [b.label for b in boxes if b.kind == "text"], fit.problems(boxes, p)


def play_to_result(app: App, person: str) -> ResultScene:
    """Play the table's hand: ``person`` "auto" lets the computer take the person's seat too;
    "simple" makes the person pass and play the first card allowed (real table actions)."""
    table = app.stack.top
    assert isinstance(table, TableScene)
    ctl = table.c
    table.message_time = 0
    ctl.autoplay = person == "auto"
    for _ in range(6000):
        if isinstance(app.stack.top, ResultScene):
            break
        if person == "simple" and ctl.human_to_move and not table.animating:
            legal = ctl.hand.legal_actions()
            table.apply_human(A.PASS if A.PASS in legal else A.NO_CALL if A.NO_CALL in legal else legal[0])
        app.frame(0.05)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    return result


def button(scene, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.group.buttons if b.label == label)


def code_in(text: str) -> str:
    found = re.search(r"--deal (\S+)", text)
    assert found, text
    return found.group(1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_round_trip_results_on_both_sides(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    t = Translator(lang)
    # The first player: middlehand, shares with the result.
    first = make_app(lang, start=False)
    first.start(GOOD, SEAT)
    result = play_to_result(first, "auto")
    mine = result.row
    click(first, (button(result, t("result.share")).x + 10, button(result, t("result.share")).y + 10))
    choice = first.stack.top
    assert isinstance(choice, ShareChoiceScene)
    shown, problems = drawn(first)
    assert t("share.choose_title") in shown and problems == []
    key(first, pygame.K_1, "1")  # "1  With my result"
    assert first.stack.top is result
    code = code_in(result.share_text)
    assert result.share_text.startswith(t("share.desktop_challenge").split("{")[0])
    sent = decode_challenge(code)
    assert sent.problem is None and sent.deal == decode_deal(GOOD) and len(sent.results) == 1
    theirs = sent.results[0]
    assert theirs.seat == SEAT and theirs.game == mine.result.game
    assert theirs.score == mine.changes[result.c.human]

    # The friend, on the desktop: `skat --deal CODE` (the seat comes with the code).
    seen = {}
    monkeypatch.setattr(cli, "play_window", lambda c, seat=0: seen.update(code=c, seat=seat) or 0)
    assert cli.main(["--deal", code]) == 0
    friend = make_app(lang, start=False)
    friend.start(seen["code"], seen["seat"])
    table = friend.stack.top
    assert isinstance(table, TableScene) and table.c.human_seat == SEAT
    assert table.message == t("challenge.opened")
    assert table.c.hand.hands[SEAT] == decode_deal(GOOD).new_hand().hands[SEAT]
    result2 = play_to_result(friend, "simple")
    shown, problems = drawn(friend)
    assert problems == []
    theirs_now = result2.row
    mine2 = ChallengeResult(
        seat=SEAT,
        game=theirs_now.result.game,
        declarer=theirs_now.result.declarer if theirs_now.result.game != "passed" else None,
        hand=theirs_now.result.hand,
        ouvert=theirs_now.result.ouvert,
        schneider_announced=theirs_now.result.schneider_announced,
        schwarz_announced=theirs_now.result.schwarz_announced,
        won=theirs_now.result.won,
        points=theirs_now.result.declarer_points,
        score=theirs_now.changes[result2.c.human] if theirs_now.result.game != "passed" else 0,
    )
    for words in (t("challenge.title"), t("challenge.col_link"), t("challenge.col_you"), verdict(t, theirs, mine2),
                  game_text(t, theirs), f"{theirs.score:+d}" if theirs.score else "0"):
        assert words in shown, (words, shown)
    # Sending both back.
    back = button(result2, t("share.send_back"))
    click(friend, (back.x + 10, back.y + 10))
    code2 = code_in(result2.share_text)
    both = decode_challenge(code2)
    assert both.problem is None and both.results == (theirs, mine2)

    # The first player opens the answer: their own result, the friend's, and now theirs again.
    again = make_app(lang, start=False)
    again.start(code2)
    assert again.stack.top.c.human_seat == SEAT
    play_to_result(again, "auto")
    shown, problems = drawn(again)
    assert problems == []
    assert t("challenge.col_link") in shown and t("challenge.col_link2") in shown and t("challenge.col_you") in shown


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("damage", ["changed", "cut", "moved"])
def test_a_damaged_link_opens_the_deal_without_a_comparison_and_says_why(lang: str, damage: str) -> None:
    t = Translator(lang)
    r = ChallengeResult(seat=SEAT, game="grand", declarer=SEAT, won=True, points=90, score=120)
    code = encode_challenge(GOOD, [r])
    other = deal_code_for(Match.new("skat", ISKO, players=3, hands=3, seed=9))
    broken = {
        "changed": code[:-4] + ("Z" if code[-4] != "Z" else "Y") + code[-3:],
        "cut": code[:-2],
        "moved": other + code[len(GOOD) :],  # the results onto another deal
    }[damage]
    reason_key = {"changed": "results_checksum", "cut": "results_length", "moved": "results_checksum"}[damage]
    app = make_app(lang, start=False)
    app.start(broken)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    (text,) = app.notices
    assert t("share.err." + reason_key) in text and text == t("challenge.broken", reason=t("share.err." + reason_key))
    shown, problems = drawn(app)
    assert problems == []
    key(app, pygame.K_RETURN)  # OK
    table = app.stack.top
    assert isinstance(table, TableScene) and table.c.challenge is None
    assert table.c.match.decks[-1] == decode_deal(other if damage == "moved" else GOOD).deck
    result = play_to_result(app, "auto")  # the deal is played to the end
    shown, problems = drawn(app)
    assert problems == [] and t("challenge.title") not in shown
    assert button(result, t("result.share")).label == t("result.share")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_damaged_deal_part_opens_nothing_and_old_codes_still_work(lang: str) -> None:
    t = Translator(lang)
    code = encode_challenge(GOOD, [ChallengeResult(seat=0, game="passed")])
    app = make_app(lang, start=False)
    app.start(code[:5] + ("Z" if code[5] != "Z" else "Y") + code[6:])
    assert isinstance(app.stack.top, TitleScene)
    assert t("share.err.checksum") in app.notices[0]
    plain = make_app(lang, start=False)
    plain.start(GOOD, 2)
    table = plain.stack.top
    assert isinstance(table, TableScene) and table.c.human_seat == 2 and table.c.challenge is None
    assert table.message == t("share.single_hand")


def test_officers_challenge_round_trip() -> None:
    code = deal_code_for(Match.new("officers", OFFICERS, players=2, hands=2, seed=8))
    app = make_app("en", start=False)
    app.start(code, 1)
    result = play_to_result(app, "auto")
    result.share()
    app.frame(0.02)
    key(app, pygame.K_1, "1")
    sent = decode_challenge(code_in(result.share_text))
    assert sent.seat == 1 and sent.results[0].score == result.row.changes[result.c.human]
    friend = make_app("en", start=False)
    friend.start(sent.code)
    assert friend.stack.top.c.human_seat == 1
    play_to_result(friend, "simple")
    shown, problems = drawn(friend)
    assert problems == [] and "Your friend" in shown


def test_in_the_browser_the_link_carries_the_challenge(monkeypatch: pytest.MonkeyPatch) -> None:
    r = ChallengeResult(seat=2, game="clubs", declarer=0, won=False, points=50, score=0)
    code = encode_challenge(GOOD, [r])
    link = web.share_link("https://example.org/skat/", code)
    assert web.deal_code_from_query(link[link.index("?") :]) == code
    location = types.SimpleNamespace(origin="https://example.org", pathname="/skat/", search="?deal=" + code)
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=types.SimpleNamespace(location=location)))
    app = make_app("de", start=False)
    app.services.web = True
    app.start_from_link()
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.c.human_seat == 2 and table.c.challenge is not None and table.c.challenge.results == (r,)
    # A link with its results garbled in transit: the deal, no comparison, and the reason in German.
    location.search = "?deal=" + code[:-1] + ("0" if code[-1] != "0" else "1")
    app2 = make_app("de", start=False)
    app2.services.web = True
    app2.start_from_link()
    assert isinstance(app2.stack.top, NoticeScene)
    assert Translator("de")("share.err.results_checksum") in app2.notices[0]


def test_in_the_browser_share_with_result_copies_a_challenge_link(monkeypatch: pytest.MonkeyPatch) -> None:
    class Record:
        state, error = "pending", ""

    class Page:
        publicUrl = "https://example.org/skat/"  # noqa: N815 - the page's JavaScript name

        def __init__(self) -> None:
            self.copies: list[str] = []

        def copy(self, text: str) -> Record:
            self.copies.append(text)
            return Record()

    page = Page()
    location = types.SimpleNamespace(origin="https://example.org", pathname="/skat/", search="")
    window = types.SimpleNamespace(location=location, skatPage=page)
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))
    app = make_app("en", start=False)
    app.services.web = True
    app.start(GOOD, SEAT)
    result = play_to_result(app, "auto")
    share = button(result, "Share this deal")
    click(app, (share.x + 10, share.y + 10))
    key(app, pygame.K_1, "1")
    (link,) = page.copies
    assert link.startswith("https://example.org/skat/?deal=" + GOOD + "-R")
    sent = decode_challenge(web.deal_code_from_query(link[link.index("?") :]) or "")
    assert sent.problem is None and sent.seat == SEAT and sent.results[0].score == result.row.changes[0]
