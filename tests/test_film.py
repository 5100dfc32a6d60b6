"""``skat film DIR`` writes a contact sheet per main animation, game and language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from skat.desktop.cli import main  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.lab.film import THUMB, film_hand, film_seed  # noqa: E402
from skat.storage import MemoryStorage, Store  # noqa: E402
from skat.ui.app import App  # noqa: E402

SKAT = ("deal", "bidding", "skat", "discard", "declare", "trick", "result")
OFFICERS_STRIPS = ("deal", "calls", "trick", "result")


@pytest.mark.slow
def test_skat_film_writes_every_contact_sheet_in_both_languages(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["film", str(tmp_path)]) == 0
    want = {f"film-{lang}-skat-{s}.png" for lang in ("de", "en") for s in SKAT}
    want |= {f"film-{lang}-officers-{s}.png" for lang in ("de", "en") for s in OFFICERS_STRIPS}
    assert {p.name for p in tmp_path.iterdir()} == want
    assert set(capsys.readouterr().out.split()) == {str(tmp_path / n) for n in want}
    for name in want:
        sheet = pygame.image.load(str(tmp_path / name))
        assert sheet.get_width() > 6 * THUMB[0] and sheet.get_height() > THUMB[1], name


def test_every_strip_follows_its_animation_frame_by_frame() -> None:
    for game, rules, names in (("skat", ISKO, SKAT), ("officers", OFFICERS, OFFICERS_STRIPS)):
        app = App(size=(1280, 720), store=Store(MemoryStorage(), language="en"), headless=True)
        app.settings["animation"] = "normal"
        strips = film_hand(app, game, rules, film_seed(game, rules))
        assert [s.name for s in strips] == list(names)
        for s in strips:
            times = [t for t, _ in s.frames]
            assert len(times) >= 4, (game, s.name, times)
            assert times == sorted(times) and times[0] < 0.05, (game, s.name, times)
            # A strip is a film, not one picture repeated: its frames differ.
            first, last = s.frames[0][1], s.frames[-1][1]
            assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(last, "RGB"), (game, s.name)
