"""pygbag's entry point: the game's async frame loop.

pygbag runs this file in the browser; ``python game/main.py`` runs it on the
desktop too.  Every frame awaits ``asyncio.sleep(0)`` so the page stays alive.
"""

import asyncio
import sys
from pathlib import Path

import pygame  # noqa: F401  (pygbag looks at main.py's imports to set up the page)

sys.path.insert(0, str(Path(__file__).resolve().parent))

from skat.ui.app import App  # noqa: E402


async def main() -> None:
    app = App()
    app.start_from_link()
    await app.run()


asyncio.run(main())
