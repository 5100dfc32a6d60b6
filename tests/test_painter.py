"""Text drawing edge cases (the score sheet draws empty cells, e.g. the bid of a passed-in hand)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from skat.ui.painter import Painter  # noqa: E402


def test_an_empty_small_text_draws_nothing_and_does_not_crash() -> None:
    pygame.display.init()
    pygame.font.init()
    p = Painter(pygame.Surface((1280, 720)))
    for size in (12, 16, 24, 60):
        rect = p.text("", 100, 100, size)
        assert rect.width <= 1
    assert p.text("Skat", 100, 100, 16).width > 10
