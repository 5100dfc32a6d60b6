"""The defence A/B's pairing: the same declarations, the base's outcome subtracted."""

from __future__ import annotations

from skat.lab import defence_ab
from skat.lab.duel import SKAT_SEATINGS


def test_the_declarer_sits_where_he_declared_in_his_own_game() -> None:
    assert [defence_ab.defended_seating(s) for s in range(3)] == ["BAA", "ABA", "AAB"]
    assert all(defence_ab.defended_seating(s) in SKAT_SEATINGS for s in range(3))


def _output(name: str, rows: dict[int, tuple[bool, int] | None]) -> dict:  # type: ignore[type-arg]
    per_deal = [
        {"index": i, "own": ["hearts", True, 70], "against": {name: list(r)} if r else {}} for i, r in rows.items()
    ]
    return {
        "seed": 1,
        "declarer": "heuristic",
        "effort": "x",
        "deals": len(rows),
        "defenders": {name: {}},
        "per_deal": per_deal,
    }


def test_merged_runs_pair_only_the_declarations_both_defended() -> None:
    base = _output("expert", {0: (True, 70), 1: (True, 66), 2: (False, 50)})
    variant = _output("variant", {0: (False, 58), 1: (True, 64), 2: None})
    merged = defence_ab.merge([base, variant])["defenders"]
    assert merged["expert"]["declarations"] == 3
    assert merged["expert"]["declarer_win_rate"] == {"against": round(2 / 3, 4), "against_own_defence": 1.0}
    assert merged["variant"]["declarations"] == 2
    assert merged["variant"]["declarer_wins_minus_base"]["paired"] == 2
    assert merged["variant"]["declarer_wins_minus_base"]["changed"] == 1
    assert merged["variant"]["declarer_wins_minus_base"]["mean"] == -0.5
