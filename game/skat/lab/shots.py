"""``skat shots DIR``: a headless tour of every scene in both languages, as PNG files.

It drives the real scenes the way a person would (through the table's own
actions), so the pictures show what a player sees.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.cards import parse_card
from ..engine.match import Match
from ..engine.rules import ISKO, LOTHAR, OFFICERS
from ..engine.tricks import GameType
from ..storage import MemoryStorage, Store
from .shots_endings import ending_states
from .shots_history import tour_states
from .shots_stats import stats_states

if TYPE_CHECKING:
    pass


def _frames(app, n: int = 1, dt: float = 0.05) -> None:
    for _ in range(n):
        app.frame(dt)


def settle(app, limit: int = 2000, until=None) -> None:
    """Run frames (skipping animations) until the table waits for the person or ``until`` holds."""
    from ..ui.table import TableScene

    for _ in range(limit):
        top = app.stack.top
        if until is not None and until():
            return
        if isinstance(top, TableScene):
            top.skip()
            if top.c.human_to_move and not top.busy and not top.queue:
                app.frame(0.02)
                return
        app.frame(0.05)
        if not isinstance(app.stack.top, TableScene) and until is None:
            return


def _save(app, out: Path, name: str) -> Path:
    import pygame

    app.draw()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def declarer_seed(game_rules, want_declarer: bool = True) -> int:
    """A seed whose first hand the person (forehand) can win the bidding in with strong cards."""
    import random

    from ..engine.deal import SkatDeal, shuffled_deck
    from ..engine.values import matadors

    for seed in range(1, 500):
        rng = random.Random(seed)
        deck = shuffled_deck(rng)
        fh = SkatDeal.from_deck(deck).hands[0]
        jacks = bin(fh & 0x10101010).count("1")
        if jacks >= 3 and matadors(4, fh) >= 2:
            return seed
    return 1


def _officers_policy(stop_after: int | None = None):
    """A scripted Officers' Skat hand for :func:`_drive`: the third choice of
    the trump call, the last of every other decision, the first card; it stops
    with the person (table player 0) to move once ``stop_after`` tricks are done."""

    def choose(hand, player):
        if stop_after is not None and len(hand.tricks) >= stop_after and player == 0:
            return None
        legal = hand.legal_actions()
        if hand.phase == 3 and len(legal) > 2:
            return legal[2]
        return legal[-1] if hand.phase != 6 else legal[0]

    return choose


def _drive(table, choose, limit: int = 400) -> None:
    """Play the table's hand by script: ``choose(hand, player)`` names each action
    (for the computer players too) until it returns None.  The events go to the
    table, so speech bubbles and the status panel show what a player would see."""
    ctl = table.c
    for _ in range(limit):
        hand = ctl.hand
        if hand.done or hand.to_move is None:
            break
        player = ctl.match.seats[hand.to_move]
        action = choose(hand, player)
        if action is None:
            break
        table.queue.extend(ctl.match.act(action))
        table.dialog_key = None
    table.skip()


def _winner_policy(winner: int, declare: int | None = None, hand_game: bool = False, stop=None):
    """``winner`` takes the bidding and declares ``declare`` (Grand by default); the
    others pass; everyone plays the first legal card.  ``stop(hand, player)`` ends it."""

    def choose(hand, player):
        if stop is not None and stop(hand, player):
            return None
        legal = hand.legal_actions()
        phase = hand.phase
        if phase == 0:
            if player != winner:
                return A.PASS if A.PASS in legal else legal[0]
            bids = [a for a in legal if A.is_bid(a)]
            return A.HOLD if A.HOLD in legal else (bids[0] if bids else legal[0])
        if phase == 1:
            return A.HAND if hand_game else A.PICKUP
        if phase == 3:
            want = A.declare(declare if declare is not None else 4)
            return want if want in legal else next(a for a in legal if A.is_declaration(a))
        if phase in (4, 5):
            return A.NO_CALL if A.NO_CALL in legal else legal[-1]
        return legal[0]

    return choose


def _human_stop(ctl, phase: int, tricks: int = 0):
    """Stop when the person is to act in ``phase`` (with at least ``tricks`` tricks played)."""
    return lambda hand, player: (player == ctl.human and hand.phase == phase and len(hand.tricks) >= tricks)


def states(app):
    """Put ``app`` into every scene and dialog a player meets, one after the other,
    yielding a name for each (the screenshot tour and the layout tests use it)."""
    from ..ui.controller import MatchController
    from ..ui.help import PAGES, HelpScene
    from ..ui.menu import PauseScene, SettingsScene, SetupScene, TitleScene
    from ..ui.overlays import LastTrickScene
    from ..ui.result import ResultScene
    from ..ui.sheet import SheetScene
    from ..ui.table import TableScene

    app.stack.reset(TitleScene(app))
    _frames(app, 2)
    yield "01-menu"
    app.push(SetupScene(app))
    _frames(app, 2)
    yield "02-setup"
    setup = app.stack.top
    setup.page = "house"  # the second page: the house rules
    setup._rows()
    _frames(app, 2)
    yield "02b-setup-house-rules"
    setup.page = "more"  # the third page: Schenken and Revolution
    setup._rows()
    _frames(app, 2)
    yield "02c-setup-more-house-rules"
    app.stack.reset(TitleScene(app))

    skat_rules = ISKO.with_options(kontra_re=True)

    def table(game: str = "skat", rules=skat_rules, players: int = 3,
              dealer: int = 2, seed: int | None = None):
        seed = declarer_seed(rules) if seed is None else seed
        match = Match.new(game, rules, players=players, hands=players * 2 if game == "skat" else 2, seed=seed,
                      first_dealer=dealer)
        ctl = MatchController(match, human=0, strength="normal", seed=seed)
        t = TableScene(app, ctl)
        app.stack.reset(TitleScene(app))
        app.push(t)
        return t, ctl

    # --- Skat, three players: the person as middlehand says values.
    t, ctl = table(dealer=1)
    settle(app)
    yield "03-skat-bidding"
    # Forehand is asked to hold; then alone after two passes.
    t, ctl = table(dealer=2)
    _drive(t, lambda hand, pl: None if pl == 0 else (A.bid(18) if pl == 1 and not hand.bid else A.PASS))
    settle(app)
    yield "03b-skat-hold"
    t, ctl = table(dealer=2)
    _drive(t, lambda hand, pl: None if pl == 0 else A.PASS)
    settle(app)
    yield "03c-skat-alone"
    # The person wins the bidding: skat, discards, declaration.
    t, ctl = table(dealer=2)
    _drive(t, _winner_policy(0, stop=_human_stop(ctl, 1)))
    settle(app)
    yield "03d-skat-take-skat"
    t.apply_human(A.PICKUP)
    settle(app)
    mine = t._hand_order()
    t.selected = set(mine[-2:])  # the two on the right, raised beside the rearhand's label
    t.dialog_key = None
    t.relayout(0)
    yield "04-skat-discard"
    t.discard_selected()
    settle(app)
    yield "05-skat-declare"
    t.apply_human(A.declare(4))
    settle(app)
    _drive(t, _winner_policy(0, stop=_human_stop(ctl, 6, 4)))
    settle(app)
    yield "06-skat-play"
    _drive(t, _winner_policy(0))
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    yield "07-skat-result"
    app.push(SheetScene(app, ctl))
    _frames(app, 1)
    yield "08-score-sheet"
    app.pop()
    yield from _analysis_states(app)
    app.pop()
    # A Hand game with announcements, and Kontra / Re.
    t, ctl = table(dealer=2)
    _drive(t, _winner_policy(0, hand_game=True, stop=_human_stop(ctl, 1)))
    t.apply_human(A.HAND)
    settle(app)
    t.toggle_mod("schneider")
    yield "05b-skat-declare-hand"
    t, ctl = table(dealer=2)
    _drive(t, _winner_policy(1, declare=0, stop=_human_stop(ctl, 4)))
    settle(app)
    yield "05c-skat-kontra"
    t, ctl = table(dealer=2)
    policy = _winner_policy(0, stop=_human_stop(ctl, 5))
    _drive(t, lambda hand, pl: (A.KONTRA if hand.phase == 4 and A.KONTRA in hand.legal_actions()
                                else policy(hand, pl)))
    settle(app)
    yield "05d-skat-re"
    # The computer on the left declares; tricks on its pile, the skat beside them.
    t, ctl = table(dealer=2, seed=3)
    _drive(t, _winner_policy(1, stop=_human_stop(ctl, 6, 3)))
    settle(app)
    yield "06c-skat-left-declarer"
    app.push(LastTrickScene(app, t))
    _frames(app, 1)
    yield "06d-last-trick"
    app.pop()
    app.push(PauseScene(app, t))
    _frames(app, 1)
    yield "06e-pause"
    app.pop()
    # A card that may not be played: the table shakes it and says why.
    def must_follow(hand, player) -> bool:
        return (player == 0 and hand.phase == 6 and bool(hand.trick)
                and hand.legal_play_mask() != hand.playable_mask(hand.to_move))

    _drive(t, _winner_policy(1, stop=must_follow))
    settle(app)
    wrong = [c for c in t._hand_order() if c not in t.playable_cards()]
    if wrong and ctl.human_to_move:
        t.refuse_card(wrong[0])
        _frames(app, 1, 0.02)
        yield "06b-skat-illegal-card"

    # --- Skat, four players: the dealer sits out.
    t, ctl = table(players=4, dealer=3)
    _drive(t, lambda hand, pl: None if pl == 0 else (A.bid(18) if A.bid(18) in hand.legal_actions() else A.PASS)
           if hand.phase == 0 else None)
    settle(app)
    yield "13-skat4-bidding"
    t, ctl = table(players=4, dealer=3)
    _drive(t, _winner_policy(2, stop=_human_stop(ctl, 6, 2)))
    settle(app)
    yield "14-skat4-top-declarer"
    t, ctl = table(players=4, dealer=0)  # the person deals and watches
    _drive(t, _winner_policy(3, stop=lambda hand, pl: len(hand.tricks) >= 3))
    t.skip()
    _frames(app, 1)
    yield "15-skat4-sitting-out"

    # --- House rules: Schieberamsch and Klopfen in every game; the person is middlehand.
    house = LOTHAR.with_options(ramsch_always=True, schieberamsch=True, klopfen=True)
    t, ctl = table(rules=house, dealer=1, seed=4)
    _drive(t, lambda hand, pl: None if pl == 0 else A.SKAT_ON)  # forehand passes the skat on unseen
    settle(app)
    yield "17-schieberamsch-skat"
    t.apply_human(A.PICKUP)
    settle(app)
    t.selected = {c for c in t._hand_order() if c in t.playable_cards()[-2:]}  # two that are no Jack
    t.dialog_key = None
    t.relayout(0)
    yield "17b-schieberamsch-push"
    t.discard_selected()
    settle(app)

    def house_policy(hand, pl):
        if pl == 0 and hand.phase in (4, 6):
            return None
        legal = hand.legal_actions()
        return A.KNOCK if A.KNOCK in legal else A.PICKUP if A.PICKUP in legal else legal[0]

    _drive(t, house_policy)  # rearhand takes and pushes, forehand knocks
    settle(app)
    yield "17c-klopfen"
    t.apply_human(A.NO_CALL)
    settle(app)
    _drive(t, lambda hand, pl: None if pl == 0 and len(hand.tricks) >= 2 else hand.legal_actions()[0])
    settle(app)
    yield "17d-ramsch-play"
    _drive(t, lambda hand, pl: hand.legal_actions()[0])
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    yield "17e-ramsch-result"
    app.push(SheetScene(app, ctl))
    _frames(app, 1)
    yield "17f-ramsch-sheet"
    yield from _round_states(app)
    from .shots_house import house_call_states

    yield from house_call_states(app)

    # --- Officers' Skat in its three layouts.
    t, ctl = table("officers", OFFICERS, 2, dealer=1, seed=5)
    settle(app)
    yield "09-officers-trump-choice"
    t, ctl = table("officers", OFFICERS, 2, dealer=0, seed=5)
    settle(app)
    yield "09b-officers-dealer-kontra"
    t, ctl = table("officers", OFFICERS, 2, dealer=1, seed=5)
    _drive(t, _officers_policy(5))
    settle(app)
    yield "10-officers-mid-hand"
    yield from _officers_analysis_states(app, t)
    for layout in ("harlequin", "admirals"):
        rules = OFFICERS.with_options(officers_layout=layout)
        t, ctl = table("officers", rules, 2, dealer=1, seed=5)
        settle(app)
        yield f"16-{layout}-start"
        _drive(t, _winner_policy(0, stop=lambda hand, pl: len(hand.tricks) >= 4 and pl == 0))
        settle(app)
        yield f"17-{layout}-mid-hand"

    # --- Rules help (every page), settings.
    app.stack.reset(TitleScene(app))
    for page in PAGES:
        app.push(HelpScene(app, page))
        _frames(app, 1)
        yield "11-rules-help" if page == "decisions" else f"11-rules-{page}"
        app.pop()
    app.push(SettingsScene(app))
    _frames(app, 1)
    yield "12-settings"
    # Every deck at the table, mid-hand, with the game named in the deck's suit words.
    from ..ui.card_art import DECKS

    chosen = app.settings["deck"]
    for deck in DECKS:
        app.settings["deck"] = deck
        app.apply_settings()
        t, ctl = table(dealer=2, seed=3)
        _drive(t, _winner_policy(1, declare=3, stop=_human_stop(ctl, 6, 3)))  # Kreuz, or Eichel
        settle(app)
        yield f"12b-deck-{deck}"
    app.settings["deck"] = chosen
    app.apply_settings()
    app.stack.reset(TitleScene(app))
    yield from tour_states(app)  # past matches, giving up a match, a save failure
    yield from ending_states(app)  # claim the rest, give up, take back, a decided hand
    yield from stats_states(app)  # the statistics screen's pages and the sheet's chart
    from .shots_hints import challenge_states, hint_states  # the expert's hints, duplicate challenge links

    yield from hint_states(app)
    yield from challenge_states(app)


def bock_match(seed: int = 2, want: str = "ramsch") -> Match:
    """A Club evening match played by the normal computer strength up to the first hand of a
    ``want`` round (Bock or Ramsch round, rules decisions 40-43) in which player 0 is forehand, so
    the sheet has B and R lines."""
    import random

    from ..ai import make_player
    from ..ai.base import decide_now
    from ..engine.rules import STAMMTISCH

    rules = STAMMTISCH.with_options(bock_events="all")
    match = Match.new("skat", rules, players=3, hands=36, seed=seed, first_dealer=2)
    players = [make_player("normal", random.Random(seed + p)) for p in range(3)]
    while not (match.current_round == want and match.seats[0] == 0 and not match.current.history  # type: ignore[union-attr]
               and any(r.round for r in match.sheet)):
        hand = match.current
        assert hand is not None and not match.finished, "the seed reaches no such round"
        if hand.done:
            match.next_hand()
            continue
        seat = hand.to_move
        assert seat is not None
        match.act(decide_now(players[match.seats[seat]], hand.observe(seat), budget=5.0), seat=seat)
    return match


def _round_states(app):
    """A Ramsch round's Grand Hand offer to the person, a Bock game at the table, and the sheet's marks."""
    from ..ui.controller import MatchController
    from ..ui.menu import TitleScene
    from ..ui.sheet import SheetScene
    from ..ui.table import TableScene

    for want, name in (("ramsch", "17g-ramsch-round-grand-hand"), ("bock", "17h-bock-game")):
        match = bock_match(want=want)
        ctl = MatchController(match, human=0, strength="normal", seed=2)
        t = TableScene(app, ctl)
        app.stack.reset(TitleScene(app))
        app.push(t)
        settle(app)
        yield name
    app.push(SheetScene(app, ctl))
    _frames(app, 2)
    yield "17i-sheet-bock-rounds"
    # Spitze: the person, forehand, plays Clubs Hand and toggles Spitze in the declaration dialog.
    from ..engine.deal import SkatDeal
    from ..engine.rules import ISKO

    deal = [[parse_card(c) for c in text.split()] for text in (
        "CJ SJ HJ DJ CA CT C9 C7 HA D8", "CK C8 SA ST SK HK H9 DA DK D9", "CQ SQ S9 S8 S7 HT HQ H8 DT DQ", "H7 D7")]
    match = Match.new("skat", ISKO.with_options(spitze=1), players=3, hands=3, seed=1, first_dealer=2)
    match.redeal(SkatDeal.from_hands(*deal).deck)
    t = TableScene(app, MatchController(match, human=0, strength="normal", seed=1))
    app.stack.reset(TitleScene(app))
    app.push(t)
    _drive(t, lambda hand, pl: None if pl == 0 else A.PASS)
    for action in (A.bid(18), A.HAND):
        t.apply_human(action)
        settle(app)
    t.toggle_mod("spitze")
    t.dialog_key = None
    _frames(app, 1)
    yield "17j-spitze-declare"
    t.apply_human(A.declare(GameType.CLUBS, spitze=True))
    settle(app)
    yield "17k-spitze-play"


def _analysis_states(app):
    """From the result screen: the analysis (working, then done) and the hand replay."""
    from ..ai.review import analysis
    from ..ui.analysis_view import AnalysisScene
    from ..ui.hand_replay import ReplayScene

    analysis._RESULTS.clear()  # show the work in progress in every language
    result = app.stack.top
    result.analysis()
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    if scene.work is not None:
        scene.update(0.0)
        scene.progress = max(scene.progress, 0.4)
        _frames(app, 0)
        yield "18-analysis-working"
    scene.finish()
    _frames(app, 1)
    yield "18b-analysis"
    app.pop()
    result.replay()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    _frames(app, 1)
    yield "19-replay-start"
    replay.go(3)
    _frames(app, 1)
    yield "19b-replay-trick"
    app.pop()


def _officers_analysis_states(app, table):
    """An Officers' Skat hand played to its end, then its analysis."""
    from ..ui.analysis_view import AnalysisScene
    from ..ui.result import ResultScene

    _drive(table, _officers_policy())
    settle(app, until=lambda: isinstance(app.stack.top, ResultScene))
    app.stack.top.analysis()
    scene = app.stack.top
    assert isinstance(scene, AnalysisScene)
    scene.finish()
    _frames(app, 1)
    yield "18c-officers-analysis"
    app.pop()


PORTRAIT_SIZE = (720, 1280)
"""The portrait pass's window: a phone held upright (its files start with ``portrait-``)."""


def tour(
    out_dir: str, languages: tuple[str, ...] = ("de", "en"), size: tuple[int, int] = (1280, 720), prefix: str = "",
) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..ui.app import App

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for lang in languages:
        app = App(size=size, store=Store(MemoryStorage(), language=lang), headless=True)
        app.settings["animation"] = "fast"
        for name in states(app):
            paths.append(_save(app, out, f"{prefix}{lang}-{name}"))
    return paths


def main(argv: list[str]) -> int:
    out = argv[0] if argv else "shots"
    for p in tour(out) + tour(out, size=PORTRAIT_SIZE, prefix="portrait-"):
        print(p)
    return 0
