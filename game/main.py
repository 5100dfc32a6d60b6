"""pygbag's entry point: the game's async frame loop.

pygbag runs this file in the browser; ``python game/main.py`` runs it on the
desktop too.  Every frame awaits ``asyncio.sleep(0)`` so the page stays alive.
In the browser the window gets the screen's shape (``skat.ui.web.page_window_size``)
and follows it when the phone turns (``App.follow_page``), and an uncaught exception, at start-up or in
play, is shown on the page with its traceback (pygbag's ``shell.runpy`` only
queues this file, so nothing else would catch it: the canvas would just freeze).
"""

import asyncio
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def show_on_page(details: str) -> None:
    """The page's error box (index.html's ``skatLoader.crash``) with ``details``; nothing on the desktop."""
    if sys.platform == "emscripten":
        try:
            import platform

            platform.window.skatLoader.crash(details)
        except Exception:  # noqa: BLE001 - a page without the box: the console has the traceback
            pass


async def main() -> None:
    try:
        # pygbag installs what main.py imports (anywhere in it): pygame's wheel.  Inside the try, a wheel
        # that did not install is shown on the page too.
        import pygame  # noqa: F401

        from skat.ui.app import App

        size = None
        if sys.platform == "emscripten":
            from skat.ui.web import page_window_size

            size = page_window_size()
        app = App(size) if size else App()
        app.start_from_link()
        await app.run()
    except Exception:
        show_on_page(traceback.format_exc())
        raise


asyncio.run(main())
