"""The hint and duplicate-challenge scenes of ``skat shots`` (desktop only, like the tour itself)."""

from __future__ import annotations

from ..ai.effort import Effort
from ..ui.challenge import person_result


# ---------------------------------------------------------------- the screenshot tour
def hint_states(app):
    """Hints in Skat (bidding, play) and Officers' Skat, thinking, and the mark on the score sheet."""
    from ..engine import actions as A
    from ..engine.match import Match
    from ..engine.rules import ISKO, OFFICERS
    from ..ui.controller import MatchController
    from ..ui.menu import TitleScene
    from ..ui.sheet import SheetScene
    from ..ui.table import TableScene
    from .shots import _drive, _frames, _human_stop, _officers_policy, _winner_policy, declarer_seed, settle

    app.settings["hints"] = True

    def table(game: str, rules, players: int, dealer: int, seed: int):
        match = Match.new(game, rules, players=players, hands=players, seed=seed, first_dealer=dealer)
        ctl = MatchController(match, human=0, strength="normal", seed=seed)
        t = TableScene(app, ctl)
        t.hints.effort = Effort.fixed(6)
        app.stack.reset(TitleScene(app))
        app.push(t)
        return t, ctl

    def ask(t) -> None:
        t.hints.request()
        for _ in range(4000):
            if not t.hints.thinking:
                break
            app.frame(0.02)
        _frames(app, 1, 0.02)

    seed = declarer_seed(ISKO)
    t, ctl = table("skat", ISKO, 3, 1, seed)
    settle(app)
    ask(t)
    yield "40b-hint-bidding"
    t, ctl = table("skat", ISKO, 3, 2, seed)
    _drive(t, _winner_policy(0, stop=_human_stop(ctl, 6, 2)))
    settle(app)
    t.hints.request()  # drawn before its first slice: the thinking line
    t.hints.time = 0.4
    yield "40-hint-thinking"
    ask(t)
    yield "40c-hint-play"
    t, ctl = table("skat", ISKO, 3, 2, seed)
    _drive(t, _winner_policy(0, stop=_human_stop(ctl, 1)))
    t.apply_human(A.PICKUP)
    settle(app)
    ask(t)
    yield "40g-hint-discard"
    t, ctl = table("skat", ISKO.with_options(kontra_re=True), 3, 2, seed)
    _drive(t, _winner_policy(1, declare=0, stop=_human_stop(ctl, 4)))
    settle(app)
    ask(t)
    yield "40d-hint-kontra"
    t, ctl = table("officers", OFFICERS, 2, 1, 5)
    _drive(t, _officers_policy(9))
    settle(app)
    ask(t)
    yield "40e-hint-officers-play"
    _drive(t, _winner_policy(0))
    t.skip()
    app.push(SheetScene(app, ctl))
    _frames(app, 1)
    yield "40f-sheet-hint-mark"
    app.settings["hints"] = False
    app.stack.reset(TitleScene(app))


# ---------------------------------------------------------------- the screenshot tour
def challenge_states(app):
    """Sharing with a result, the friend's comparison, and a damaged link."""
    from ..engine.challenge import encode_challenge
    from ..engine.match import Match
    from ..engine.rules import ISKO
    from ..engine.share import deal_code_for
    from ..ui.menu import TitleScene
    from ..ui.overlays import NoticeScene
    from ..ui.result import ResultScene
    from ..ui.table import TableScene
    from .shots import _drive, _frames, _winner_policy, declarer_seed, settle

    seed = declarer_seed(ISKO)
    code = deal_code_for(Match.new("skat", ISKO, players=3, hands=1, seed=seed))

    def play(link: str, declarer: int, opened: str = ""):
        app.services.abandon_match()
        app.stack.reset(TitleScene(app))
        app.start_shared_deal(link)
        _frames(app, 1)
        while isinstance(app.stack.top, NoticeScene):
            yield "notice"
            app.pop()
        t = app.stack.top
        assert isinstance(t, TableScene)
        if opened:  # the cards dealt, the table's note on the link still in view
            while t.animating:
                _frames(app, 1, 0.02)
            yield opened
        _drive(t, _winner_policy(t.c.match.seats[declarer]))
        t.message_time = 0  # a hand takes longer than the table's opening message stays
        settle(app, until=lambda: isinstance(app.stack.top, ResultScene))

    # The first player: forehand declares Grand and shares with the result.
    for state in play(code, 0, opened="40h-deal-link-opened"):
        if state != "notice":
            yield state
    result = app.stack.top
    result.share()
    _frames(app, 1)
    yield "41-share-choice"
    app.stack.top.with_result()
    _frames(app, 1)
    yield "41b-shared-with-result"
    mine = person_result(result.c)
    assert mine is not None
    # The friend: the same deal from the same seat; this time Ben declares.
    link = encode_challenge(code, [mine])
    for state in play(link, 1, opened="41c0-challenge-link-opened"):
        if state != "notice":
            yield state
    yield "41c-challenge-compare"
    app.stack.top.share()
    _frames(app, 1)
    yield "41d-challenge-sent-back"
    # A link whose results part was changed: the deal is played, without a comparison, and the notice says why.
    broken = link[:-3] + ("A" if link[-3] != "A" else "B") + link[-2:]
    for _ in play(broken, 0):
        yield "41e-challenge-damaged"
    app.stack.reset(TitleScene(app))
