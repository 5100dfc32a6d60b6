"""Deal codes as a player meets them: messages in one language with clean
punctuation, an empty code that is not ignored, replaying from your own seat,
and a shared deal that is exactly one hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from skat.desktop import cli  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.share import ShareCodeError, deal_code_for, decode_deal  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.menu import TitleScene  # noqa: E402
from skat.ui.services import replay_command  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import make_app  # noqa: E402

GOOD = deal_code_for(Match.new("skat", ISKO, players=3, hands=3, seed=4))
BAD_CODES = ["", "   ", "hello", "garbage", "0" + GOOD[1:], "7" + GOOD[1:], GOOD[:-3], GOOD + "AB",
             GOOD[:-1] + ("B" if GOOD[-1] != "B" else "C"), "1ÄÖ"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("bad", BAD_CODES)
def test_an_unusable_code_leaves_the_title_with_one_clean_sentence_per_fact(lang: str, bad: str) -> None:
    with pytest.raises(ShareCodeError) as info:
        decode_deal(bad)
    app = make_app(lang, start=False)
    app.start(bad)
    assert isinstance(app.stack.top, TitleScene), "the notice must not promise a game that never starts"
    (notice,) = app.notices
    assert ".." not in notice and "?." not in notice and ". ." not in notice
    # No English reason inside a German notice (and the other way round).
    english = str(info.value)
    assert english not in notice or lang == "en"
    t = Translator(lang)
    assert t("share.err." + info.value.key, **info.value.params) in notice
    assert ("new match" in notice) if lang == "en" else ("neue Partie" in notice)
    assert "normal game starts" not in notice


def test_every_share_error_has_a_message_in_both_languages() -> None:
    for lang in ("en", "de"):
        t = Translator(lang)
        for bad in BAD_CODES:
            try:
                decode_deal(bad)
            except ShareCodeError as exc:
                text = t("share.err." + exc.key, **exc.params)
                assert text != "share.err." + exc.key and text.endswith((".", "?"))


def test_an_empty_deal_option_is_not_ignored(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    seen = {}
    monkeypatch.setattr(cli, "play_window", lambda code, seat=0: seen.update(code=code, seat=seat) or 0)
    assert cli.main(["--deal", ""]) == 0
    assert seen == {"code": "", "seat": 0}
    assert "--deal needs a deal code" in capsys.readouterr().err
    app = make_app("en", start=False)
    app.start("")
    assert app.notices and "empty" in app.notices[0]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_shared_skat_deal_is_one_hand_from_the_chosen_seat(seat: int) -> None:
    code = GOOD
    shared = decode_deal(code)
    app = make_app("en", start=False)
    app.start(code, seat)
    table = app.stack.top
    assert isinstance(table, TableScene)
    ctl = table.c
    assert ctl.match.hands == 1 and ctl.human_seat == seat
    assert ctl.hand.hands[seat] == shared.new_hand().hands[seat]
    assert "just this one hand" in table.message


def test_the_same_code_meets_the_same_opponents_from_any_seat() -> None:
    runs = []
    for _ in range(2):
        app = make_app("en", start=False)
        app.start(GOOD, 2)
        ctl = app.stack.top.c
        ctl.autoplay = True
        for _ in range(3000):
            if ctl.hand.done:
                break
            app.frame(0.05)
        runs.append(list(ctl.hand.history))
    assert runs[0] == runs[1] and runs[0]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_shared_officers_deal_is_one_hand_from_the_chosen_seat(seat: int) -> None:
    match = Match.new("officers", OFFICERS, players=2, hands=2, seed=8)
    code = deal_code_for(match)
    ctl = MatchController.for_shared_deal(decode_deal(code), seat=seat)
    assert ctl.match.hands == 1 and ctl.human_seat == seat


def test_the_replay_command_names_the_persons_own_seat() -> None:
    match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=1)  # table player 0 sits in middlehand
    ctl = MatchController(match, human=0, seed=4)
    assert ctl.human_seat == 1
    app = make_app("en", start=False)
    text = app.services.share_deal(ctl)
    code = deal_code_for(match)
    assert f"skat --deal {code} --seat 2" in text
    assert replay_command(code, 0) == f"skat --deal {code}"
    # Replaying with that command puts the person back on the same cards.
    app2 = make_app("en", start=False)
    app2.start(code, 1)
    assert app2.stack.top.c.hand.hands[1] == match.current.hands[1]


def test_a_shared_deal_asks_before_giving_up_the_match_in_progress() -> None:
    import pygame

    from skat.ui.overlays import ConfirmScene

    storage = MemoryStorage()
    app = App(size=(1280, 720), store=Store(storage, language="en"), headless=True)
    app.settings["animation"] = "off"
    app.start()
    ctl = MatchController(Match.new("skat", ISKO, players=3, hands=3, seed=2), human=0, seed=2)
    app.services.save_match(ctl)
    assert app.services.match_in_progress() is not None
    # Opening a code now asks; Escape keeps the match.
    app.start(GOOD)
    assert isinstance(app.stack.top, ConfirmScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0))
    app.frame(0.02)
    assert isinstance(app.stack.top, TitleScene)
    assert app.services.match_in_progress() is not None
    # Asked again and answered yes: the shared hand is played and the old match is given up.
    app.start(GOOD)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.yes()
    assert isinstance(app.stack.top, TableScene) and app.stack.top.c.match.hands == 1
    assert app.services.match_in_progress() is None or app.services.match_in_progress().match.hands == 1
