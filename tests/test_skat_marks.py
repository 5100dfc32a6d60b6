"""The cards picked up from the skat are marked in the hand while the person
chooses what to put away (Skat and Admirals' Skat), and the hand replay shows
every hand sorted as at the table for that game.  Driven through the real
scenes with clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from skat.engine.cards import RANK_LETTERS, SUIT_LETTERS  # noqa: E402
from skat.engine.match import Match  # noqa: E402
from skat.engine.rules import ISKO, OFFICERS  # noqa: E402
from skat.engine.tricks import GameType  # noqa: E402
from skat.lab.shots import _drive, _human_stop, _winner_policy, declarer_seed  # noqa: E402
from skat.ui.app import App  # noqa: E402
from skat.ui.controller import MatchController  # noqa: E402
from skat.ui.hand_replay import ReplayScene  # noqa: E402
from skat.ui.layout import RATIO  # noqa: E402
from skat.ui.painter import DrawnBox  # noqa: E402
from skat.ui.result import ResultScene  # noqa: E402
from skat.ui.table import TableScene  # noqa: E402
from uihelp import click, make_app, press_in_dialog, settle  # noqa: E402


def drawn(app: App) -> list[DrawnBox]:
    p = app.painter
    p.start_recording()
    app.draw()
    return p.stop_recording()


def marks(app: App) -> list[DrawnBox]:
    return [b for b in drawn(app) if b.kind == "mark"]


def marked_cards(app: App, table: TableScene) -> set[int]:
    """The cards whose top edge a "Skat" tab stands on."""
    out = set()
    for m in marks(app):
        x, y = app.painter.to_logical(m.rect.center)
        for c, sp in table.sprites.items():
            top = sp.y - sp.w * RATIO / 2
            if sp.x - sp.w / 2 <= x <= sp.x - sp.w / 2 + 60 and 0 < top - y < 20:
                out.add(c)
    return out


def skat_table(app: App, game: str = "skat", rules=ISKO) -> TableScene:  # type: ignore[no-untyped-def]
    seed = declarer_seed(rules) if game == "skat" else 5
    players = 3 if game == "skat" else 2
    match = Match.new(game, rules, players=players, hands=players * 2 if game == "skat" else 2, seed=seed,
                  first_dealer=2 if game == "skat" else 1)
    ctl = MatchController(match, human=0, seed=seed)
    table = TableScene(app, ctl)
    app.push(table)
    _drive(table, _winner_policy(0, stop=_human_stop(ctl, 1)))
    settle(app, table)
    return table


def test_skat_the_two_cards_from_the_skat_are_marked_until_they_are_put_away() -> None:
    app = make_app(animation="fast")
    table = skat_table(app)
    hand = table.c.hand
    assert not marks(app), "nothing is marked before the skat is taken"
    press_in_dialog(app, table, "Take the skat")
    skat = [c for c in range(32) if hand.deal.skat >> c & 1]
    assert marked_cards(app, table) == set(skat)
    assert [b.label for b in marks(app)] == ["Skat", "Skat"]
    # Put away one card of the skat and one of the person's own: the other skat card stays marked meanwhile.
    own = next(c for c in table._hand_order() if c not in skat)
    for c in (skat[0], own):
        sp = table.sprites[c]
        click(app, (sp.x - sp.w / 2 + 10, sp.y + 20))  # the visible left strip of the fanned card
    assert table.selected == {skat[0], own}
    assert marked_cards(app, table) == set(skat), "a raised skat card keeps its mark"
    press_in_dialog(app, table, "Put away")
    assert hand.phase == 3 and not marks(app), "the marks go with the discard"


def test_skat_marks_in_german() -> None:
    app = make_app("de", animation="fast")
    table = skat_table(app)
    press_in_dialog(app, table, "Skat aufnehmen")
    assert [b.label for b in marks(app)] == ["Skat", "Skat"]


def test_admirals_skat_marks_the_two_cards_taken_from_the_skat() -> None:
    app = make_app(animation="fast")
    table = skat_table(app, "officers", OFFICERS.with_options(officers_layout="admirals"))
    hand = table.c.hand
    assert hand.phase == 1 and table.c.human_to_move
    press_in_dialog(app, table, "Take the skat")
    skat = [c for c in range(32) if hand.deck_skat() >> c & 1]
    assert hand.phase == 2 and len(skat) == 2
    assert marked_cards(app, table) == set(skat)


def test_a_computer_declarer_shows_no_marks() -> None:
    app = make_app(animation="fast")
    seed = declarer_seed(ISKO)
    match = Match.new("skat", ISKO, players=3, hands=6, seed=seed, first_dealer=2)
    ctl = MatchController(match, human=0, seed=seed)
    table = TableScene(app, ctl)
    app.push(table)
    _drive(table, _winner_policy(1, stop=lambda hand, player: hand.phase == 2 and hand.discards == 1))
    assert ctl.hand.phase == 2 and ctl.hand.declarer == 1
    app.frame(0.02)
    assert table.skat_in_hand() == [] and not marks(app)


ORDER = "AT" "KQ98" "7"  # plain suits in a suit game or Grand, strongest first (Jacks are trumps)
NULL_ORDER = "AKQJT987"


def table_key(game: int, name: str) -> tuple[int, int, int]:
    """The order a Skat player sorts a hand in: in Grand and suit games the Jacks
    (clubs, spades, hearts, diamonds), then the trump suit, then the other suits
    clubs, spades, hearts, diamonds, Ace down to 7; in Null no trumps and 10 after the Jack."""
    suit, rank = name[0], name[1]
    suits = "CSHD"
    if game == GameType.NULL:
        return (1, suits.index(suit), NULL_ORDER.index(rank))
    if rank == "J":
        return (0, suits.index(suit), 0)
    trump = "DHSC"[game] if game <= 3 else None
    return (1 if suit == trump else 2, suits.index(suit), ORDER.index(rank))


def replay_rows(app: App) -> list[list[str]]:
    """The card names in each hand row of the replay, left to right."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for b in drawn(app):
        if b.kind == "card" and b.rect.x < app.painter.px(650, 0)[0]:
            c = int(b.label)
            rows.setdefault(b.rect.y, []).append((b.rect.x, SUIT_LETTERS[c >> 3] + RANK_LETTERS[c & 7]))
    return [[n for _, n in sorted(row)] for _, row in sorted(rows.items())]


@pytest.mark.parametrize("declare", [GameType.GRAND, GameType.HEARTS, GameType.NULL])
def test_the_replay_sorts_every_hand_as_at_the_table_for_its_game(declare: int) -> None:
    app = make_app(animation="fast")
    seed = declarer_seed(ISKO)
    match = Match.new("skat", ISKO, players=3, hands=6, seed=seed, first_dealer=2)
    ctl = MatchController(match, human=0, seed=seed)
    table = TableScene(app, ctl)
    app.push(table)
    _drive(table, _winner_policy(0, declare=declare))
    for _ in range(400):
        if isinstance(app.stack.top, ResultScene):
            break
        table.skip()
        app.frame(0.05)
    assert ctl.hand.game == declare
    app.stack.top.replay()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    for step in (0, 4):
        replay.go(step - replay.step)
        app.frame(0.02)
        rows = replay_rows(app)
        hands = [r for r in rows if len(r) > 2]
        assert len(hands) == 3, rows
        for row in hands:
            assert row == sorted(row, key=lambda n: table_key(declare, n)), (step, row)
