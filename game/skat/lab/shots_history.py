"""The screenshot tour's states for past matches, giving up a match and save failures."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..engine.match import Match
from ..engine.rules import ISKO, LOTHAR, OFFICERS
from ..storage import MatchInProgress, Notice
from ..ui.app import App
from ..ui.controller import MatchController
from ..ui.history import HistoryScene
from ..ui.menu import SetupScene, TitleScene
from ..ui.overlays import ConfirmScene
from ..ui.table import TableScene


def tour_states(app: App) -> Iterator[str]:
    """The screenshot tour's part for these screens (see :mod:`skat.lab.shots`): past matches with a
    finished and a given-up sheet, one of them opened, the question before a match is given up, and
    a save failure shown at the table.  Yields a name for each state."""
    t = app.t
    store = app.services.store
    app.services.abandon_match()
    for i, (game, rules, players, hands, stop) in enumerate((
        ("officers", OFFICERS, 2, 4, None),
        ("skat", LOTHAR.with_options(seeger_fabian=True), 3, 36, 7),
        ("skat", ISKO, 3, 6, None),
    )):
        match, rng = Match.new(game, rules, players=players, hands=hands, seed=i + 1), random.Random(i)
        while not match.finished and (stop is None or len(match.sheet) < stop):
            hand = match.current
            if hand is None or (hand.done and match.next_hand() is None):
                break
            if not hand.done:
                match.apply(rng.choice(hand.legal_actions()))
        store.finish_match(MatchInProgress(match, id=f"tour-{i}"))
    app.stack.reset(TitleScene(app))
    history = HistoryScene(app)
    app.push(history)
    app.frame(0.02)
    yield "18-past-matches"
    history.open(1)
    app.frame(0.02)
    yield "18b-past-match-sheet"
    app.stack.reset(TitleScene(app))
    app.push(SetupScene(app))  # where the question comes: Start with a match in progress
    ask = t("confirm.new_text", game=t("game_name.skat"), n=4, total=36)
    app.push(ConfirmScene(app, t("confirm.new_title"), ask, t("confirm.new_yes"), t("confirm.new_no"), app.pop))
    app.frame(0.02)
    yield "19-confirm-new-match"
    app.stack.reset(TitleScene(app))
    match = Match.new("skat", ISKO, players=3, hands=36, seed=2, first_dealer=2)
    table = TableScene(app, MatchController(match, human=0, seed=2))
    app.push(table)
    table.skip()
    store.notices.append(Notice("", "save_failed", "match", reason="read_only", where="/home/player/.local/share/skat"))
    app.services.save_match(table.c)  # the notice comes with a save, as in play
    app.frame(0.02)
    yield "20-save-failed-at-the-table"
    app.services.notices_read()
    # Damaged files found at the start: told over the title, one under the other.
    for doc in ("match", "statistics"):
        store.storage.save(doc, "{damaged")
    app.services.statistics()
    app.services.abandon_match()
    app.stack.reset(TitleScene(app))
    app.frame(0.02)
    yield "21-damaged-files-at-the-title"
    app.services.notices_read()
    app.stack.reset(TitleScene(app))
