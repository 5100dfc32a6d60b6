"""What a killed or interrupted game leaves behind: the temporary files of a save cut short by
kill -9 are removed at the next start, and Ctrl-C (SIGINT) ends ``skat`` at once, quietly, with the
match in progress saved."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skat.engine import ISKO
from skat.engine.deal import shuffled_deck
from skat.engine.share import encode_deal
from skat.storage import FileStorage, Store

GAME = str(Path(__file__).parents[1] / "game")


SAVER = """
import sys
from skat.storage import FileStorage
storage = FileStorage(sys.argv[1])
text = '{"version": 1, "matches": [], "pad": "' + "x" * 3_000_000 + '"}'
print("saving", flush=True)
while True:
    storage.save("sheets", text)
"""


@pytest.mark.slow
def test_stale_temporary_files_of_killed_saves_are_removed_at_start(tmp_path: Path) -> None:
    """A program saving a 3 MB document in a loop is killed with SIGKILL ten times; the temporary
    files it leaves are all gone once the game starts, the document itself is whole, and files
    that are not the game's stay."""
    import random

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from skat.ui.app import App

    rng = random.Random(5)
    env = {**os.environ, "PYTHONPATH": GAME}
    for _ in range(10):
        saver = subprocess.Popen([sys.executable, "-c", SAVER, str(tmp_path)], env=env, stdout=subprocess.PIPE,
                                 text=True)
        assert saver.stdout is not None and saver.stdout.readline().strip() == "saving"
        time.sleep(rng.uniform(0.01, 0.2))
        saver.send_signal(signal.SIGKILL)
        saver.wait()
    left = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    (tmp_path / ".statistics.json.old.tmp").write_text('{"version": 1, "ha')  # one more, for certain
    mine = tmp_path / "notes.tmp"  # not the game's
    mine.write_text("mine")
    App(size=(1280, 720), store=Store(FileStorage(tmp_path), language="en"), headless=True)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == ["notes.tmp"], left
    assert json.loads((tmp_path / "sheets.json").read_text())["version"] == 1


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
