"""What a killed or interrupted game leaves behind: the temporary files of a save cut short by
kill -9 are removed at the next start, and Ctrl-C (SIGINT) ends ``skat`` at once, quietly, with the
match in progress saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from skat.engine import ISKO
from skat.engine.deal import shuffled_deck
from skat.engine.share import encode_deal
from skat.storage import FileStorage, MemoryStorage, Store

GAME = str(Path(__file__).parents[1] / "game")


def test_stale_temporary_files_of_a_killed_save_are_removed_at_start(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from skat.ui.app import App

    storage = FileStorage(tmp_path)
    Store(storage).save_settings(Store(MemoryStorage()).default_settings())
    old = [tmp_path / f".{name}.json.{n}abc.tmp" for n, name in enumerate(("match", "sheets", "statistics"))]
    fresh = tmp_path / ".match.json.zzz.tmp"  # another window's save under way right now
    mine = tmp_path / "notes.tmp"  # not the game's
    for path in (*old, fresh, mine):
        path.write_text('{"version": 1, "half')
    an_hour_ago = time.time() - 3600
    for path in (*old, mine):
        os.utime(path, (an_hour_ago, an_hour_ago))
    App(size=(1280, 720), store=Store(storage, language="en"), headless=True)
    assert [p.exists() for p in old] == [False] * 3
    assert fresh.exists() and mine.exists() and (tmp_path / "settings.json").exists()


def test_ctrl_c_quits_cleanly_with_the_match_saved(tmp_path: Path) -> None:
    import random

    code = encode_deal("skat", ISKO, shuffled_deck(random.Random(1)), players=3)
    env = {**os.environ, "PYTHONPATH": GAME, "XDG_DATA_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    game = subprocess.Popen([sys.executable, "-m", "skat", "--deal", code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    saved = tmp_path / "skat" / "match.json"
    try:
        deadline = time.monotonic() + 60
        while not saved.exists() and time.monotonic() < deadline and game.poll() is None:
            time.sleep(0.05)  # the computer's first bid is saved
        assert saved.exists(), "the game never saved its match"
        time.sleep(0.3)
        game.send_signal(signal.SIGINT)
        out, err = game.communicate(timeout=20)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert game.returncode == 130 and "the match in progress is saved" in err
    resumed = Store(FileStorage(tmp_path / "skat"), language="en").load_match()
    assert resumed is not None and resumed.match.current is not None and resumed.match.current.history
