"""Sharing a deal in the browser tells the truth about the clipboard (issue 9, points 4 and 5).

A stand-in ``platform.window`` plays the page: ``skatPage.copy`` returns a
record that the "browser" settles later, as ``navigator.clipboard.writeText``'s
Promise does; ``skatPage.showLink`` records the box it would open.  The real
JavaScript side of both is exercised in Chromium by tests/test_browser_page.py.
"""

from __future__ import annotations

import os
import sys
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO  # noqa: E402
from skat.engine.share import deal_code_for  # noqa: E402
from skat.i18n import Translator  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui import web  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402


class CopyRecord:
    """What index.html's ``skatPage.copy`` returns: its state changes when the Promise settles."""

    def __init__(self) -> None:
        self.state = "pending"
        self.error = ""


class StandInPage:
    """``window.skatPage`` with a clipboard that answers only when the test says so."""

    def __init__(self, public_url: str = "") -> None:
        self.publicUrl = public_url
        self.copies: list[tuple[str, CopyRecord]] = []
        self.boxes: list[tuple[str, str, str]] = []

    def copy(self, text: str) -> CopyRecord:
        record = CopyRecord()
        self.copies.append((text, record))
        return record

    def showLink(self, link: str, title: str, close: str) -> None:  # noqa: N802 - the page's JavaScript name
        self.boxes.append((link, title, close))

    def resolve(self) -> None:
        self.copies[-1][1].state = "copied"

    def reject(self, error: str = "NotAllowedError: Write permission denied.") -> None:
        record = self.copies[-1][1]
        record.state, record.error = "failed", error


def stand_in_window(page: StandInPage | None, href: str = "https://games.example/skat/index.html") -> object:
    origin, _, rest = href.partition("://")[2].partition("/")
    location = types.SimpleNamespace(origin="https://" + origin, pathname="/" + rest.split("?")[0], search="")
    window = types.SimpleNamespace(location=location)
    if page is not None:
        window.skatPage = page
    return window


T = Translator("en")


def test_copied_is_said_only_after_the_promise_resolved() -> None:
    page = StandInPage()
    share = web.ShareDeal(T, "1ABC", stand_in_window(page))
    assert page.copies[0][0] == "https://games.example/skat/index.html?deal=1ABC"
    assert share.text.startswith("Copying the link") and not share.done
    for _ in range(5):  # frames pass; the browser has not answered yet
        assert share.update().startswith("Copying the link")
    page.resolve()
    assert share.update() == "Link copied: https://games.example/skat/index.html?deal=1ABC"
    assert share.done and page.boxes == []


def test_a_refused_copy_shows_the_link_in_a_box_to_copy_by_hand() -> None:
    page = StandInPage()
    share = web.ShareDeal(Translator("de"), "1ABC", stand_in_window(page))
    page.reject()
    text = share.update()
    assert text == "Kopiere diesen Link: https://games.example/skat/index.html?deal=1ABC"
    assert "kopiert:" not in text
    assert page.boxes == [("https://games.example/skat/index.html?deal=1ABC", Translator("de")("share.box_title"),
                           "Schließen")]
    share.update()
    assert len(page.boxes) == 1  # once, not every frame
    assert share.copy.error.startswith("NotAllowedError")


def test_without_the_pages_helper_nothing_is_claimed() -> None:
    share = web.ShareDeal(T, "1ABC", stand_in_window(None))
    assert share.done and share.text.startswith("Copy this link:")


def test_a_copy_that_throws_at_once_counts_as_failed() -> None:
    class Refusing(StandInPage):
        def copy(self, text: str) -> CopyRecord:
            raise RuntimeError("TypeError: navigator.clipboard is undefined")

    page = Refusing()
    share = web.ShareDeal(T, "1ABC", stand_in_window(page))
    assert share.text.startswith("Copy this link:") and len(page.boxes) == 1


def test_the_public_address_from_the_build_replaces_the_iframes_own() -> None:
    page = StandInPage(public_url="https://someone.itch.io/skat")
    window = stand_in_window(page, "https://html-classic.itch.zone/html/123/index.html")
    assert web.public_address(window) == "https://someone.itch.io/skat"
    share = web.ShareDeal(T, "1ABC", window)
    assert share.link == "https://someone.itch.io/skat?deal=1ABC"
    assert web.public_address(stand_in_window(StandInPage())) == "https://games.example/skat/index.html"


def test_share_button_in_the_browser_waits_for_the_clipboard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real app: a click on "Share this deal", frames pass, the page's clipboard answers."""
    page = StandInPage(public_url="https://example.org/skat/")
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=stand_in_window(page)))
    app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
    app.settings["animation"] = "off"
    app.services.web = True
    app.start()
    match = Match.new("skat", ISKO, players=3, hands=3, seed=4, first_dealer=2)
    ctl = MatchController(match, human=0, seed=4, autoplay=True)
    app.push(TableScene(app, ctl))
    for _ in range(3000):
        if type(app.stack.top).__name__ == "ResultScene":
            break
        app.frame(0.05)
    result = app.stack.top
    share = next(b for b in result.group.buttons if b.label == "Share this deal")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.painter.px(share.x + 5, share.y + 5),
                                         button=1, touch=False))
    app.frame(0.02)
    # It offers to send the person's result along (issue 10); the deal alone is the second button.
    only = next(b for b in app.stack.top.group.buttons if b.label.endswith("Deal only"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.painter.px(only.x + 5, only.y + 5),
                                         button=1, touch=False))
    app.frame(0.02)
    link = f"https://example.org/skat/?deal={deal_code_for(match)}"
    assert page.copies and page.copies[0][0] == link
    assert result.share_text.startswith("Copying the link")
    app.frame(0.02)
    assert result.share_text.startswith("Copying the link")
    page.reject()
    app.frame(0.02)
    assert result.share_text == f"Copy this link: {link}"
    assert page.boxes and page.boxes[0][0] == link
