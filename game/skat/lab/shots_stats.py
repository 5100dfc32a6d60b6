"""The screenshot tour's states for the statistics screen and the score sheet's chart."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from ..engine import actions as A
from ..engine.games import GAMES
from ..engine.match import Match
from ..engine.rules import ISKO, LOTHAR, OFFICERS
from ..storage import MatchInProgress
from ..ui.app import App
from ..ui.history import KeptSheet
from ..ui.menu import TitleScene
from ..ui.sheet import SheetScene
from ..ui.stats_view import StatsScene


def _club_evening(legal: list[int], rng: random.Random) -> int:
    """A quick stand-in for a table of players, for the tour's statistics: bids low or passes, takes
    the skat, declares a plain game, says no Kontra, plays any card; never concedes or claims."""
    legal = [a for a in legal if a not in A.PLAY_ENDINGS]
    bids = [a for a in legal if A.is_bid(a)]
    if A.PASS in legal and (bids or A.HOLD in legal):
        if rng.random() < 0.55:
            return A.PASS
        return A.HOLD if A.HOLD in legal else min(bids)
    for call in (A.NO_CALL, A.PICKUP):
        if call in legal:
            return call
    plain = [a for a in legal if A.is_declaration(a) and not any(A.declaration(a)[1:])]
    return rng.choice(plain or legal)


def stats_states(app: App) -> Iterator[str]:
    """The screenshot tour's part for this screen (see :mod:`skat.lab.shots`): statistics of a few
    matches of both games at every strength and rule set, with Seeger-Fabian lists that run across
    matches; each page, Officers' Skat too.  Yields a name for each state."""
    store = app.services.store
    app.services.abandon_match()
    setups = [("skat", ISKO, 3, 12, "normal"), ("skat", LOTHAR, 3, 6, "strong"), ("skat", ISKO, 4, 16, "easy"),
              ("skat", ISKO.with_options(kontra_re=True), 3, 12, "expert"), ("skat", ISKO, 3, 9, "normal"),
              ("officers", OFFICERS, 2, 6, "normal"), ("officers", OFFICERS.with_options(officers_layout="admirals"),
                                                       2, 4, "strong")]
    for i, (game, rules, players, hands, strength) in enumerate(setups * 2):
        match, rng = Match.new(game, rules, players=players, hands=hands, seed=50 + i), random.Random(50 + i)
        g = MatchInProgress(match, person=i % players, ai=strength, id=f"stats-tour-{i}")
        while not match.finished:
            hand = match.current
            if hand is None:
                break
            if hand.done:
                store.save_match(g)
                match.next_hand()
                continue
            match.apply(_club_evening(hand.legal_actions(), rng))
        store.finish_match(g)
    app.stack.reset(TitleScene(app))
    scene = StatsScene(app)
    app.push(scene)
    for game in GAMES:
        scene.choose_game(game)
        for page in scene.pages:
            scene.choose_page(page)
            app.frame(0.02)
            yield f"42-stats-{game}-{page}"
    # A kept sheet of the evening with its chart of the running totals (Seeger-Fabian at the ISkO's).
    kept = next(m for m in reversed(app.services.past_sheets()) if m.players == 4)
    app.stack.reset(TitleScene(app))
    sheet = SheetScene(app, KeptSheet(kept))  # type: ignore[arg-type]
    app.push(sheet)
    sheet.toggle_chart()
    app.frame(0.02)
    yield "42b-sheet-chart"
    # Statistics as the version before the breakdown wrote them: the totals, and the offer to recount.
    skat = store.statistics().of("skat")
    old = {"version": 1, "games": {"skat": {"hands_played": skat.hands_played, "declared": skat.declared,
                                            "won_as_declarer": skat.won_as_declarer, "total_score": skat.total_score,
                                            "matches_finished": skat.matches_finished, "by_type": {
                                                k: {"played": v.declared, "won": v.declared_won,
                                                    "points": v.declared_score}
                                                for k, v in skat.by_type.items() if v.declared}}}}
    store.storage.save("statistics", json.dumps(old))
    app.stack.reset(TitleScene(app))
    app.push(StatsScene(app))
    app.frame(0.02)
    yield "42c-stats-earlier-version"
    app.stack.reset(TitleScene(app))
