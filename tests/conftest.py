"""Make the ``game`` directory importable so tests can ``import skat``."""

import sys
from pathlib import Path

_GAME_DIR = str(Path(__file__).parents[1] / "game")
if _GAME_DIR not in sys.path:
    sys.path.insert(0, _GAME_DIR)
