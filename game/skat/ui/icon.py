"""The app icon: two fanned cards on felt, the front one showing a big club.

``python -m skat.ui.icon OUT.png [--size N]`` writes it as a PNG; the web build
uses that as the favicon, so the drawing is deterministic (no randomness, no
clock, no fonts) and the same size gives the same bytes.
"""

from __future__ import annotations

import argparse
import os

import pygame

from skat.ui.card_art import CLUBS, INK, _blank, _Painter, _render_back, card_height

FELT = (22, 96, 64)
FELT_EDGE = (12, 60, 40)


def _front_card(width: int) -> pygame.Surface:
    """A card with only a big club: at favicon sizes an index would be a smudge."""
    canvas, _ = _blank(width)
    p = _Painter(canvas)
    p.pip(CLUBS, 0.5, p.hu / 2, 0.66, INK)
    return pygame.transform.smoothscale(canvas, (width, card_height(width)))


def make_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with per-pixel alpha (rounded felt square)."""
    if size < 8:
        raise ValueError(f"icon size too small: {size}")
    ss = max(1, min(4, 1024 // size))  # supersample, then smoothscale down for clean edges
    big = size * ss
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((*FELT_EDGE, 0))
    radius = round(big * 0.2)
    pygame.draw.rect(canvas, FELT_EDGE, canvas.get_rect(), border_radius=radius)
    inset = max(1, round(big * 0.025))
    pygame.draw.rect(canvas, FELT, canvas.get_rect().inflate(-2 * inset, -2 * inset), border_radius=radius - inset)

    card_w = round(big * 0.46)
    back = pygame.transform.rotozoom(_render_back(card_w, "classic"), 14, 1.0)
    front = pygame.transform.rotozoom(_front_card(card_w), -10, 1.0)
    canvas.blit(back, back.get_rect(center=(round(big * 0.4), round(big * 0.5))))
    canvas.blit(front, front.get_rect(center=(round(big * 0.6), round(big * 0.5))))
    if ss == 1:
        return canvas
    return pygame.transform.smoothscale(canvas, (size, size))


def write_icon(path: str, size: int = 256) -> None:
    """Write the icon as a PNG to ``path``."""
    pygame.image.save(make_icon(size), path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m skat.ui.icon", description="Write the Skat app icon as a PNG.")
    parser.add_argument("out", help="output file, e.g. favicon.png")
    parser.add_argument("--size", type=int, default=256, help="edge length in pixels (default 256)")
    args = parser.parse_args(argv)
    write_icon(args.out, args.size)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    raise SystemExit(main())
