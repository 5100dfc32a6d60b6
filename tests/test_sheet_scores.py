"""Score sheets, row by row, against a reference computation written here from the rule text.

Every combination of Ramsch (when all pass), Kontra/Re, four players and
Seeger-Fabian: whole matches of random legal play, each sheet line checked
against what 001 and docs/rules-decisions.md say it must hold.  The reference
uses only the hand's own result (game, signed value, the seat charged) and the
seating; it shares no code with ``Match._write`` or ``scoring.seeger_fabian``.

001: "Tournament scoring (Seeger-Fabian): each player adds 50 points per game
they won and takes off 50 per game they lost. Each game lost by a declarer
also earns 40 points for each of their two opponents at a three-player table,
30 for each of the other three players at a four-player table, dealer
included."  docs/rules-decisions.md: a Ramsch earns no ±50/40/30, its points
still count; a passed-in deal scores nothing.
"""

from __future__ import annotations

import itertools
import random

import pytest

from skat.engine import ISKO, Match
from skat.engine import actions as A
from skat.engine.match import SheetRow


def reference_row(row: SheetRow, players: int, seeger_on: bool) -> tuple[list[int], list[int]]:
    """(plain change, Seeger-Fabian change) per table player for one sheet line, from the rules."""
    r = row.result
    plain = [0] * players
    seeger = [0] * players
    if r.game == "passed" or row.declarer is None:
        return plain, seeger
    plain[row.declarer] = r.value  # the line is written for the declarer, or the player charged in a Ramsch
    if not seeger_on:
        return plain, seeger
    if r.game == "ramsch":
        seeger[row.declarer] = r.value  # its points count, without the ±50/40/30 of a game
        return plain, seeger
    bonus = 50 if r.value > 0 else -50
    seeger[row.declarer] = r.value + bonus
    if r.value < 0:
        for p in range(players):
            if p != row.declarer:
                seeger[p] = 40 if players == 3 else 30
    return plain, seeger


def expected_value(row: SheetRow) -> int:
    """The signed entry from the charged value: lost games double, Kontra and Re double each."""
    r = row.result
    factor = (2 if r.kontra else 1) * (2 if r.re else 1)
    return r.charged_value * factor * (1 if r.won else -2)


def choose(legal: list[int], rng: random.Random) -> int:
    """Random legal play, but a bidder passes half the time and otherwise goes up one step at a time,
    so deals are passed in (or played as Ramsch) and declarers win as well as lose."""
    if A.PASS in legal and any(A.is_bid(a) or a == A.HOLD for a in legal):
        if rng.random() < 0.5:
            return A.PASS
        return min(a for a in legal if A.is_bid(a) or a == A.HOLD)
    return rng.choice(legal)


def play_match(match: Match, rng: random.Random) -> None:
    while True:
        hand = match.current
        assert hand is not None
        while not hand.done:
            match.apply(choose(hand.legal_actions(), rng))
        if match.next_hand() is None:
            return


COMBINATIONS = list(itertools.product((False, True), (False, True), (3, 4), (False, True)))


@pytest.mark.parametrize(("ramsch", "kontra", "players", "seeger_on"), COMBINATIONS)
def test_every_sheet_line_matches_the_rules(ramsch: bool, kontra: bool, players: int, seeger_on: bool) -> None:
    rules = ISKO.with_options(
        all_pass="ramsch" if ramsch else "passed", kontra_re=kontra, seeger_fabian=seeger_on
    )
    rng = random.Random(f"{ramsch}{kontra}{players}{seeger_on}")
    match = Match.new("skat", rules, players=players, hands=16 * players, seed=rng.randrange(1 << 30))
    play_match(match, rng)
    seen: set[str] = set()
    plain_total = [0] * players
    seeger_total = [0] * players
    for row in match.sheet:
        r = row.result
        plain, seeger = reference_row(row, players, seeger_on)
        assert list(row.changes) == plain, row
        assert list(row.seeger) == seeger, row
        if players == 4:
            assert row.changes[row.dealer] == 0  # the dealer has no cards
        if r.game not in ("passed", "ramsch"):
            assert r.value == expected_value(row), row
            seen.add("won" if r.won else "lost")
            if r.kontra:
                seen.add("kontra")
            if r.re:
                seen.add("re")
        else:
            seen.add(r.game)
        plain_total = [a + b for a, b in zip(plain_total, plain, strict=True)]
        seeger_total = [a + b for a, b in zip(seeger_total, seeger, strict=True)]
        assert list(row.totals) == plain_total
    # The sheet held what this combination is about.
    assert {"won", "lost"} <= seen
    assert ("ramsch" in seen) == ramsch and ("passed" in seen) == (not ramsch)
    assert ("kontra" in seen) == kontra
    standings = match.standings()
    assert [s["score"] for s in standings] == plain_total
    assert [s["seeger_fabian"] for s in standings] == seeger_total
    ranked_by = seeger_total if seeger_on else plain_total
    best = max(ranked_by)
    assert all(ranked_by[s["player"]] == best for s in standings if s["rank"] == 1)


def test_a_ramsch_charge_moves_the_seeger_fabian_total() -> None:
    """The case found at the table: Ramsch and Seeger-Fabian on, a player charged in a Ramsch
    has both totals changed by the charge (and nobody gets the ±50/40/30 of a game)."""
    rules = ISKO.with_options(all_pass="ramsch", seeger_fabian=True)
    rng = random.Random(7)
    match = Match.new("skat", rules, players=3, hands=30, seed=7)
    play_match(match, rng)
    ramsch_rows = [row for row in match.sheet if row.result.game == "ramsch" and row.result.value]
    assert ramsch_rows
    for row in ramsch_rows:
        assert row.seeger == row.changes
        assert sorted(row.seeger)[1] == 0  # the two players not charged: nothing
