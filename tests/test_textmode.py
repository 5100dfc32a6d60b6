"""``skat text``: one hand in the terminal against real computer players."""

from __future__ import annotations

import io
import re

import pytest

from skat.desktop.textmode import play_text


class FirstLegal(io.StringIO):
    """A person who always types the first legal action shown."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out

    def readline(self, *_: object) -> str:  # type: ignore[override]
        legal = re.findall(r"^legal: (.*)$", self.out.getvalue(), re.M)
        return legal[-1].split()[0] + "\n"


def test_q_quits_at_the_first_prompt() -> None:
    out = io.StringIO()
    assert play_text("skat", None, 3, io.StringIO("q\n"), out) == 0
    assert out.getvalue().rstrip().endswith("bye")
    assert "result:" not in out.getvalue()


@pytest.mark.parametrize(("game", "rules"), [("officers", "isko"), ("officers", "lothar"), ("skat", "officers")])
def test_a_rule_set_of_the_other_game_is_refused(game: str, rules: str) -> None:
    out = io.StringIO()
    assert play_text(game, rules, 1, io.StringIO(""), out) == 2
    assert "is not one for" in out.getvalue()


def test_computer_players_bid_and_a_whole_hand_plays_to_its_result() -> None:
    bids = 0
    for seed in range(12):
        out = io.StringIO()
        assert play_text("skat", "isko", seed, FirstLegal(out), out) == 0
        text = out.getvalue()
        assert "result:" in text
        bids += len(re.findall(r"^seat [12]: (?:\d+|hold)$", text, re.M))
    assert bids > 0, "the computer players never bid in twelve hands"


def test_an_officers_hand_plays_to_its_result() -> None:
    out = io.StringIO()
    assert play_text("officers", None, 5, FirstLegal(out), out) == 0
    assert "result:" in out.getvalue()
