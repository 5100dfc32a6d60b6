"""Every character the UI draws exists in the font the game draws it with (issue 17,
point 10): a missing glyph renders as an empty box, on the desktop and in the
browser alike (pygbag ships the same default font, freesansbold.ttf).

The text comes from both catalogues (help and analysis included) and from every
string literal in the UI's code (symbols such as "•", "‹", "·" are written there).
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402

from skat.i18n import CATALOGS  # noqa: E402
from skat.ui.painter import Painter  # noqa: E402

UI = Path(__file__).parents[1] / "game" / "skat" / "ui"


def the_font() -> pygame.freetype.Font:
    """The font file behind ``Painter.font`` (``pygame.font.Font(None, …)``), opened so that
    a missing glyph can be told apart from the box drawn in its place."""
    pygame.freetype.init()
    font = pygame.freetype.Font(None, 24)
    assert Path(font.path).name == pygame.font.get_default_font()
    return font


def missing(font: pygame.freetype.Font, text: str) -> set[str]:
    chars = {c for c in text if c not in "\n\t"}
    return {c for c, m in zip(sorted(chars), font.get_metrics("".join(sorted(chars))), strict=True) if m is None}


def ui_literals() -> dict[str, str]:
    """Every string constant in the UI's modules but docstrings and comments, by file."""
    out = {}
    for path in sorted(UI.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        out[path.name] = "".join(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                                 and isinstance(n.value, str) and id(n) not in docs)
    return out


def test_the_check_sees_a_missing_glyph() -> None:
    font = the_font()
    assert missing(font, "▲ Skat ▼") == {"▲", "▼"}  # the notice scroll arrows of old: boxes
    assert missing(font, "Grand · 36,0 – ‹ › • …ÄÖÜäöüß×") == set()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_catalogue_string_renders_with_the_games_font(lang: str) -> None:
    font = the_font()
    found = {key: missing(font, text) for key, text in CATALOGS[lang].items()}
    assert not {k: v for k, v in found.items() if v}
    # And drawn through the painter, every message renders to something with ink.
    pygame.init()
    p = Painter(pygame.Surface((1280, 720)))
    for key, text in CATALOGS[lang].items():
        for line in text.splitlines():
            if line.strip():
                s = p.text_surface(line[:200], 20)
                assert s.get_width() > 0, key


def test_every_symbol_written_in_the_ui_code_is_in_the_font() -> None:
    font = the_font()
    found = {name: missing(font, text) for name, text in ui_literals().items()}
    assert not {k: v for k, v in found.items() if v}
