"""Write contact sheets of the card art for review: ``python tools/render_cards.py OUT_DIR``.

One PNG per deck, language and width: the 32 faces in suit rows (clubs, spades,
hearts, diamonds, as a Skat player sorts them), then the back, the highlighted
and dimmed states, a face-down card on the table, and a fanned hand whose cards
overlap the way a phone hand does, since that is where the indices must still read.
Also writes ``overview.png``: all four deck/language pairs side by side at the
first width.  Runs headless (it sets SDL's dummy drivers if none are chosen).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "game"))

import pygame  # noqa: E402

from skat.ui.card_art import DECKS, LANGUAGES, CardArt, card_height  # noqa: E402

FELT = (24, 92, 60)
TEXT = (236, 236, 226)
SUIT_ORDER = (3, 2, 1, 0)  # clubs, spades, hearts, diamonds
HAND = (28, 20, 12, 4, 31, 27, 30, 23, 19, 15)  # four jacks, clubs A 10 K, spades A 10, hearts A: a Grand


def _caption(text: str, size: int) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size).render(text, True, TEXT)


def contact_sheet(art: CardArt, width: int) -> pygame.Surface:
    """All faces, the back and its variants, and an overlapped hand, on felt."""
    gap = max(6, width // 8)
    height = card_height(width)
    head = max(24, width // 3)
    cols = 8
    sheet_w = gap + cols * (width + gap)
    fan_step = max(10, round(width * 0.34))
    rows = 4 + 1 + 1  # suits, back row, hand row
    sheet_h = head + gap + rows * (height + 2 * gap)
    sheet = pygame.Surface((sheet_w, sheet_h))
    sheet.fill(FELT)
    sheet.blit(_caption(f"{art.deck} / {art.language} / {width} px", max(18, head - 6)), (gap, gap // 2))
    y = head + gap
    for suit in SUIT_ORDER:
        for rank in range(8):
            sheet.blit(art.face(suit * 8 + rank, width), (gap + rank * (width + gap), y))
        y += height + 2 * gap
    specimens = [
        art.back(width),
        art.back(width, "highlight"),
        art.face(31, width, "highlight"),
        art.face(6, width, "dim"),
        art.face(20, width, "dim"),
        art.table_back(width),
    ]
    for i, surface in enumerate(specimens):
        sheet.blit(surface, (gap + i * (width + gap), y))
    y += height + 2 * gap
    for i, card in enumerate(HAND):
        sheet.blit(art.face(card, width), (gap + i * fan_step, y))
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--widths", type=int, nargs="+", default=[48, 120], help="card widths in pixels")
    args = parser.parse_args(argv)
    pygame.init()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    sheets = {}
    for deck in DECKS:
        for language in LANGUAGES:
            for width in args.widths:
                sheet = contact_sheet(CardArt(deck, language), width)
                sheets[deck, language, width] = sheet
                path = args.out_dir / f"cards_{deck}_{language}_{width}.png"
                pygame.image.save(sheet, str(path))
                print(path)
    first = args.widths[0]
    parts = [sheets[deck, language, first] for deck in DECKS for language in LANGUAGES]
    overview = pygame.Surface((sum(p.get_width() for p in parts), max(p.get_height() for p in parts)))
    overview.fill(FELT)
    x = 0
    for part in parts:
        overview.blit(part, (x, 0))
        x += part.get_width()
    path = args.out_dir / "overview.png"
    pygame.image.save(overview, str(path))
    print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
