"""The browser side of the game (pygbag): the page address, share links and the clipboard.

Only used under Emscripten, where ``platform.window`` is the page's JavaScript
``window``; the tests hand in a stand-in window object instead.

The page helpers come from the project's ``index.html`` (``window.skatPage``):

- ``publicUrl``: the address share links use, set by ``skat web-build --url``.
  Inside an iframe (itch.io) the page's own address is the iframe's, which is
  no use to anyone else.
- ``copy(text)``: starts ``navigator.clipboard.writeText`` and returns a record
  whose ``state`` turns from ``"pending"`` to ``"copied"`` or ``"failed"`` when
  the browser's Promise settles.  Python cannot block the page's only thread on
  that Promise, so :class:`ClipboardCopy` looks at the record once per frame.
- ``showLink(link, title, close)``: a box over the canvas with the link selected,
  to copy by hand when the clipboard refused (cross-origin iframes, plain http).
- ``viewport``: the page's size in CSS pixels and its device pixel ratio, and
  ``changes``, how often it settled on a new size: the window follows it
  (:class:`PageViewport`).
"""

from __future__ import annotations

import contextlib
import math
from typing import Any
from urllib.parse import parse_qs

from ..i18n import Translator

PENDING, COPIED, FAILED = "pending", "copied", "failed"

#: Device pixels per CSS pixel the game draws at most: DPR 3 phones get 2 (crisp text, a third of the pixels).
MAX_PIXEL_RATIO = 2.0
#: The largest window the game draws into, in pixels (2560 x 1440): beyond it a frame would cost too much.
MAX_WINDOW_PIXELS = 2560 * 1440
#: The window when the page cannot say how large it is.
FALLBACK_WINDOW = (1280, 720)


def browser_window_size(viewport_w: float, viewport_h: float, dpr: float) -> tuple[int, int]:
    """The game window's size in pixels in the browser for a viewport (at start, and again each time the
    page's viewport settles on a new size: :class:`PageViewport`).

    The browser scales the canvas to the page with its shape kept (index.html's CSS), so the window
    has the viewport's shape, at the device pixel ratio capped at :data:`MAX_PIXEL_RATIO` and at most
    :data:`MAX_WINDOW_PIXELS`.  Taller than wide means a portrait window (the UI picks its layout from that).

    >>> browser_window_size(1280, 720, 1), browser_window_size(390, 844, 3), browser_window_size(844, 390, 3)
    ((1280, 720), (780, 1688), (1688, 780))
    >>> browser_window_size(2560, 1440, 2), browser_window_size(0, 0, 1)
    ((2560, 1440), (1280, 720))
    """
    try:
        w, h, ratio = float(viewport_w), float(viewport_h), float(dpr)
    except (TypeError, ValueError):
        return FALLBACK_WINDOW
    if not (w >= 1 and h >= 1 and math.isfinite(w * h)):
        return FALLBACK_WINDOW
    ratio = min(ratio, MAX_PIXEL_RATIO) if ratio > 0 and math.isfinite(ratio) else 1.0
    w, h = w * ratio, h * ratio
    if w * h > MAX_WINDOW_PIXELS:
        shrink = math.sqrt(MAX_WINDOW_PIXELS / (w * h))
        w, h = w * shrink, h * shrink
    return max(1, round(w)), max(1, round(h))


def page_window_size(window: Any = None) -> tuple[int, int]:
    """:func:`browser_window_size` for the page's viewport: as the page measured it (``skatPage.viewport``),
    or on an older page the window's ``innerWidth``/``innerHeight``/``devicePixelRatio``."""
    try:
        window = window if window is not None else _window()
    except Exception:  # noqa: BLE001 - no page: the default window
        return FALLBACK_WINDOW
    view = _page_viewport(window)
    if view is not None:
        with contextlib.suppress(Exception):  # a viewport object without these fields: the window's own
            return browser_window_size(view.width, view.height, view.dpr)
    try:
        return browser_window_size(window.innerWidth, window.innerHeight, window.devicePixelRatio)
    except Exception:  # noqa: BLE001 - no page: the default window
        return FALLBACK_WINDOW


class PageViewport:
    """The page's viewport followed frame by frame: the window size the game should have now.

    A window chosen once, at the tap that starts the game, keeps the shape of that moment: a phone turned
    later, or a shared link opened in a messenger's in-app browser whose sheet then grows to the full
    screen, showed a small letterboxed canvas in the old layout.  The page (index.html's
    ``skatPage.viewport``) counts the times its viewport settled on a new size; :meth:`poll` reads that
    one number per frame, and the size only when it moved.
    """

    def __init__(self, window: Any = None) -> None:
        try:
            self.window = window if window is not None else _window()
        except Exception:  # noqa: BLE001 - no page: nothing to follow
            self.window = None
        self._seen = self._changes()

    def _changes(self) -> int | None:
        try:
            return int(self.window.skatPage.viewport.changes)
        except Exception:  # noqa: BLE001 - an older page: nothing to follow
            return None

    def poll(self) -> tuple[int, int] | None:
        """The window size for a viewport that settled since the last call; None when it did not."""
        changes = self._changes()
        if changes is None or changes == self._seen:
            return None
        self._seen = changes
        return page_window_size(self.window)


def _window() -> Any:
    # lazy: under pygbag, ``platform`` is the browser's module with the page's window; it is looked
    # up only in the browser, when the page is asked (the desktop's standard ``platform`` has none).
    import platform

    return platform.window  # type: ignore[attr-defined]


def _page_helpers(window: Any) -> Any:
    try:
        return window.skatPage
    except Exception:  # noqa: BLE001 - an older page without the helpers
        return None


def _page_viewport(window: Any) -> Any:
    """``skatPage.viewport`` (``width``, ``height`` in CSS pixels, ``dpr``, ``changes``), or None on an older page."""
    try:
        return window.skatPage.viewport
    except Exception:  # noqa: BLE001 - an older page
        return None


def page_address(window: Any = None) -> str:
    """The page's own address without query or fragment ("" when there is no page)."""
    try:
        loc = (window if window is not None else _window()).location
        return str(loc.origin) + str(loc.pathname)
    except Exception:  # noqa: BLE001 - no page, no address
        return ""


def public_address(window: Any = None) -> str:
    """The address share links point to: ``skat web-build --url`` if it was given, else the page's own."""
    window = window if window is not None else _window()
    helpers = _page_helpers(window)
    try:
        url = str(helpers.publicUrl or "") if helpers is not None else ""
    except Exception:  # noqa: BLE001
        url = ""
    return url or page_address(window)


def deal_code_from_page(window: Any = None) -> str | None:
    """The ``deal`` parameter of the page address, if any."""
    try:
        search = str((window if window is not None else _window()).location.search)
    except Exception:  # noqa: BLE001
        return None
    return deal_code_from_query(search)


MAX_QUERY = 4096
"""Characters of the page address's query that are read: a deal link needs under a hundred,
so a longer address is cut here and its parsing stays instant however long it is."""


def deal_code_from_query(search: str) -> str | None:
    """``?deal=CODE&x=y`` -> ``CODE`` (None when absent or empty).

    >>> deal_code_from_query("?lang=de&deal=1ABC-DEF")
    '1ABC-DEF'
    >>> deal_code_from_query("") is None
    True
    """
    if not isinstance(search, str):
        return None
    values = parse_qs(search[:MAX_QUERY].lstrip("?")).get("deal")
    return values[0].strip() if values and values[0].strip() else None


def share_link(address: str, code: str) -> str:
    """``address`` with ``?deal=CODE`` (an existing query or fragment is dropped).

    >>> share_link("https://example.org/skat/", "1AB")
    'https://example.org/skat/?deal=1AB'
    >>> share_link("https://example.org/skat/index.html?x=1#top", "1AB")
    'https://example.org/skat/index.html?deal=1AB'
    """
    base = address.split("#", 1)[0].split("?", 1)[0]
    return f"{base}?deal={code}"


class ClipboardCopy:
    """One link on its way to the clipboard, followed to the Promise's outcome without blocking a frame.

    :meth:`poll` is cheap and never waits: call it once per frame until it
    returns something other than :data:`PENDING`.  When the page has no copy
    helper, or the browser has no clipboard, the copy counts as failed at once:
    the game never claims a copy it cannot confirm.
    """

    def __init__(self, link: str, window: Any = None) -> None:
        self.link = link
        self.window = window if window is not None else _window()
        self.error = ""
        self._record: Any = None
        self._state = PENDING
        helpers = _page_helpers(self.window)
        try:
            if helpers is None:
                raise RuntimeError("the page has no clipboard helper")
            self._record = helpers.copy(link)
        except Exception as exc:  # noqa: BLE001 - refused before it began
            self._fail(str(exc) or type(exc).__name__)

    def _fail(self, error: str) -> None:
        self._state = FAILED
        self.error = error

    def poll(self) -> str:
        if self._state != PENDING:
            return self._state
        try:
            state = str(self._record.state)
        except Exception as exc:  # noqa: BLE001
            self._fail(str(exc) or type(exc).__name__)
            return self._state
        if state == COPIED:
            self._state = COPIED
        elif state == FAILED:
            try:
                error = str(self._record.error or "")
            except Exception:  # noqa: BLE001
                error = ""
            self._fail(error or "refused")
        return self._state

    @property
    def state(self) -> str:
        return self._state


class ShareDeal:
    """Sharing one deal in the browser: copy the link, and say truthfully what happened.

    :attr:`text` is what the result screen shows; :meth:`update` (once per
    frame) moves it from "copying…" to "copied" or, on a refusal, to "copy this
    link", and then opens the page's box with the link selected.
    """

    def __init__(self, t: Translator, code: str, window: Any = None) -> None:
        self.t = t
        self.window = window if window is not None else _window()
        self.link = share_link(public_address(self.window), code)
        self.copy = ClipboardCopy(self.link, self.window)
        self.text = t("share.copying", link=self.link)
        self.update()

    @property
    def done(self) -> bool:
        return self.copy.state != PENDING

    def update(self) -> str:
        """Look at the copy's outcome (never waits); returns the text to show."""
        if self.text == self.t("share.copying", link=self.link):
            state = self.copy.poll()
            if state == COPIED:
                self.text = self.t("share.copied", link=self.link)
            elif state == FAILED:
                self.text = self.t("share.copy_failed", link=self.link)
                self._show_box()
        return self.text

    def _show_box(self) -> None:
        helpers = _page_helpers(self.window)
        with contextlib.suppress(Exception):  # no box: the link is on the canvas anyway
            helpers.showLink(self.link, self.t("share.box_title"), self.t("share.box_close"))


def copy_share_link(t: Translator, code: str) -> ShareDeal:
    """Start sharing ``code`` from the browser; the caller shows ``.text`` and calls ``.update()`` per frame."""
    return ShareDeal(t, code)
