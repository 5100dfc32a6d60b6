"""Drive the real App headless the way a person does: one copy of the helpers the UI tests share.

Every event goes through pygame's queue and one frame, as a click or a key press
reaches the game; the tests differ only in what they pass as parameters.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from skat.storage import MemoryStorage, Storage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from skat.ui.widgets import Button  # noqa: E402


def make_app(
    lang: str = "en",
    storage: Storage | None = None,
    *,
    size: tuple[int, int] = (1280, 720),
    animation: str = "off",
    start: bool = True,
    seed: int | None = None,
) -> App:
    """A headless App on ``storage`` (a fresh memory one by default), at the title screen unless
    ``start`` is False; ``seed`` fixes every new match's deal."""
    app = App(size=size, store=Store(storage if storage is not None else MemoryStorage(), language=lang),
              headless=True)
    app.settings["animation"] = animation
    if seed is not None:
        app.services.new_seed = lambda: seed
    if start:
        app.start()
        app.frame(0.02)
    return app


def click(app: App, pos: tuple[float, float], *, touch: bool = False, button: int = 1) -> None:
    """Press and release at ``pos`` (logical coordinates), then one frame."""
    px = app.painter.px(*pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px, button=button, touch=touch))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px, button=button, touch=touch))
    app.frame(0.02)


def tap(app: App, pos: tuple[float, float]) -> None:
    """A finger's touch at ``pos``."""
    click(app, pos, touch=True)


def key(app: App, k: int, text: str = "") -> None:
    """One key press (``text``: the character it types), then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0, scancode=0))
    app.frame(0.02)


def center(button: Button) -> tuple[float, float]:
    return button.x + button.w / 2, button.y + button.h / 2


def settle(app: App, table: TableScene, limit: int = 4000, *, done_frame: float = 0.02) -> None:
    """Let frames run (animations play, computer players think) until the person must act or the
    hand is over; then one more frame of ``done_frame`` seconds."""
    for _ in range(limit):
        if table.c.hand.done and not table.animating:
            app.frame(done_frame)
            return
        if table.c.human_to_move and not table.animating:
            app.frame(0.02)
            return
        app.frame(0.05)
    raise AssertionError("the table never came to rest")


def press(app: App, label: str) -> None:
    """Click the button of the screen on top that reads ``label``."""
    group = app.stack.top.group
    b = next(b for b in group.buttons if b.label == label)
    click(app, center(b))


def press_in_dialog(app: App, table: TableScene, label: str) -> None:
    """Click the button of the table's open dialog that reads ``label``, then settle."""
    dlg = table.current_dialog()
    assert dlg is not None
    b = next((b for b in dlg.group.buttons if b.label == label), None)
    assert b is not None, [b.label for b in dlg.group.buttons]
    click(app, center(b))
    settle(app, table)
