"""``skat shots DIR``: a headless tour of every scene in both languages, as PNG files.

It drives the real scenes the way a person would (through the table's own
actions), so the pictures show what a player sees.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine import actions as A
from ..engine.cards import parse_card
from ..engine.match import Match
from ..engine.rules import ISKO, LOTHAR, OFFICERS
from ..engine.tricks import GameType
from ..storage import MemoryStorage, Store


def _frames(app, n: int = 1, dt: float = 0.05) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        app.frame(dt)


def settle(app, limit: int = 2000, until=None) -> None:  # type: ignore[no-untyped-def]
    """Run frames (skipping animations) until the table waits for the person or ``until`` holds."""
    from .table import TableScene

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


def _save(app, out: Path, name: str) -> Path:  # type: ignore[no-untyped-def]
    import pygame

    app.draw()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def _auto_card(table) -> None:  # type: ignore[no-untyped-def]
    legal = [a for a in table.c.hand.legal_actions() if a < 32]
    table.apply_human(legal[0])


def declarer_seed(game_rules, want_declarer: bool = True) -> int:  # type: ignore[no-untyped-def]
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


def _officers_policy(stop_after: int | None = None):  # type: ignore[no-untyped-def]
    """A scripted Officers' Skat hand for :func:`_drive`: the third choice of
    the trump call, the last of every other decision, the first card; it stops
    with the person (table player 0) to move once ``stop_after`` tricks are done."""

    def choose(hand, player):  # type: ignore[no-untyped-def]
        if stop_after is not None and len(hand.tricks) >= stop_after and player == 0:
            return None
        legal = hand.legal_actions()
        if hand.phase == 3 and len(legal) > 2:
            return legal[2]
        return legal[-1] if hand.phase != 6 else legal[0]

    return choose


def _drive(table, choose, limit: int = 400) -> None:  # type: ignore[no-untyped-def]
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


def _winner_policy(winner: int, declare: int | None = None, hand_game: bool = False, stop=None):  # type: ignore[no-untyped-def]
    """``winner`` takes the bidding and declares ``declare`` (Grand by default); the
    others pass; everyone plays the first legal card.  ``stop(hand, player)`` ends it."""

    def choose(hand, player):  # type: ignore[no-untyped-def]
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


def _human_stop(ctl, phase: int, tricks: int = 0):  # type: ignore[no-untyped-def]
    """Stop when the person is to act in ``phase`` (with at least ``tricks`` tricks played)."""
    return lambda hand, player: (player == ctl.human and hand.phase == phase and len(hand.tricks) >= tricks)


def states(app):  # type: ignore[no-untyped-def]
    """Put ``app`` into every scene and dialog a player meets, one after the other,
    yielding a name for each (the screenshot tour and the layout tests use it)."""
    from .controller import MatchController
    from .help import PAGES, HelpScene
    from .menu import PauseScene, SettingsScene, SetupScene, TitleScene
    from .overlays import LastTrickScene
    from .result import ResultScene
    from .sheet import SheetScene
    from .table import TableScene

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
    app.stack.reset(TitleScene(app))

    skat_rules = ISKO.with_options(kontra_re=True)

    def table(game: str = "skat", rules=skat_rules, players: int = 3,  # type: ignore[no-untyped-def]
              dealer: int = 2, seed: int | None = None):
        seed = declarer_seed(rules) if seed is None else seed
        match = Match(game, rules, players=players, hands=players * 2 if game == "skat" else 2, seed=seed,
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
    def must_follow(hand, player) -> bool:  # type: ignore[no-untyped-def]
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
    yield "16-schieberamsch-skat"
    t.apply_human(A.PICKUP)
    settle(app)
    t.selected = {c for c in t._hand_order() if c in t.playable_cards()[-2:]}  # two that are no Jack
    t.dialog_key = None
    t.relayout(0)
    yield "16b-schieberamsch-push"
    t.discard_selected()
    settle(app)

    def house_policy(hand, pl):  # type: ignore[no-untyped-def]
        if pl == 0 and hand.phase in (4, 6):
            return None
        legal = hand.legal_actions()
        return A.KNOCK if A.KNOCK in legal else A.PICKUP if A.PICKUP in legal else legal[0]

    _drive(t, house_policy)  # rearhand takes and pushes, forehand knocks
    settle(app)
    yield "16c-klopfen"
    t.apply_human(A.NO_CALL)
    settle(app)
    _drive(t, lambda hand, pl: None if pl == 0 and len(hand.tricks) >= 2 else hand.legal_actions()[0])
    settle(app)
    yield "16d-ramsch-play"
    _drive(t, lambda hand, pl: hand.legal_actions()[0])
    settle(app)
    yield "16e-ramsch-result"
    yield from _round_states(app)

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
    from .card_art import DECKS

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
    from .history import tour_states  # past matches, giving up a match, a save failure

    yield from tour_states(app)
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
    match = Match("skat", rules, players=3, hands=36, seed=seed, first_dealer=2)
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


def _round_states(app):  # type: ignore[no-untyped-def]
    """A Ramsch round's Grand Hand offer to the person, a Bock game at the table, and the sheet's marks."""
    from .controller import MatchController
    from .menu import TitleScene
    from .sheet import SheetScene
    from .table import TableScene

    for want, name in (("ramsch", "16f-ramsch-round-grand-hand"), ("bock", "16g-bock-game")):
        match = bock_match(want=want)
        ctl = MatchController(match, human=0, strength="normal", seed=2)
        t = TableScene(app, ctl)
        app.stack.reset(TitleScene(app))
        app.push(t)
        settle(app)
        yield name
    app.push(SheetScene(app, ctl))
    _frames(app, 2)
    yield "16h-sheet-bock-rounds"
    # Spitze: the person, forehand, plays Clubs Hand and toggles Spitze in the declaration dialog.
    from ..engine.deal import SkatDeal
    from ..engine.rules import ISKO

    deal = [[parse_card(c) for c in text.split()] for text in (
        "CJ SJ HJ DJ CA CT C9 C7 HA D8", "CK C8 SA ST SK HK H9 DA DK D9", "CQ SQ S9 S8 S7 HT HQ H8 DT DQ", "H7 D7")]
    match = Match("skat", ISKO.with_options(spitze=1), players=3, hands=3, seed=1, first_dealer=2)
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
    yield "16i-spitze-declare"
    t.apply_human(A.declare(GameType.CLUBS, spitze=True))
    settle(app)
    yield "16j-spitze-play"


def _analysis_states(app):  # type: ignore[no-untyped-def]
    """From the result screen: the analysis (working, then done) and the hand replay."""
    from ..ai.review import analysis
    from .analysis_view import AnalysisScene
    from .hand_replay import ReplayScene

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


def _officers_analysis_states(app, table):  # type: ignore[no-untyped-def]
    """An Officers' Skat hand played to its end, then its analysis."""
    from .analysis_view import AnalysisScene
    from .result import ResultScene

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
    from .app import App

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


# ----------------------------------------------------------------- film
FILM_DT = 1 / 60
"""The film steps the table at 60 frames a second, as the desktop loop does."""
THUMB = (320, 180)
FILM_COLUMNS = 6


class _Strip:
    """One animation to film: from the event ``start`` says begins it, a frame
    every ``every`` seconds until ``stop`` says it is over (or ``most`` frames)."""

    def __init__(self, name: str, title: str, every: float, start, stop, most: int = 24) -> None:  # type: ignore[no-untyped-def]
        self.name, self.title, self.every, self.start, self.stop, self.most = name, title, every, start, stop, most
        self.began: float | None = None
        self.next_at = 0.0
        self.frames: list[tuple[float, object]] = []
        self.done = False


class _Watch:
    """What the table has shown so far: the events in order, with their times."""

    def __init__(self) -> None:
        self.time = 0.0
        self.events: list[tuple[float, str]] = []
        self.result_at: float | None = None
        self.done_at: float | None = None
        """When the engine's hand ended (the table shows its last card just after)."""
        self.early = False
        """The play ended early (a claim, a decided hand): the rest was laid open, not shown card by card."""

    def count(self, kind: str) -> int:
        return sum(1 for _, k in self.events if k == kind)

    def first(self, *kinds: str) -> float | None:
        return next((t for t, k in self.events if k in kinds), None)

    def nth(self, kind: str, n: int) -> float | None:
        """When the ``n``-th (1-based) event of ``kind`` was shown."""
        times = [t for t, k in self.events if k == kind]
        return times[n - 1] if len(times) >= n else None


def _film_strips(officers: bool) -> list[_Strip]:
    """The main animations of a hand (see ``skat film``)."""
    calls = ("bid", "hold", "pass", "pickup", "hand", "declare", "kontra", "re", "no_call")

    def after(t: float | None, seconds: float):  # type: ignore[no-untyped-def]
        return None if t is None else t + seconds

    def second_trick_start(w: _Watch) -> float | None:  # the first card after the first trick was taken
        t1 = w.nth("trick", 1)
        return next((t for t, k in w.events if k == "play" and t1 is not None and t > t1), None)

    def second_trick_end(w: _Watch) -> float | None:  # the next lead, or the result
        t2 = w.nth("trick", 2)
        return next((t for t, k in w.events if k in ("play", "end") and t2 is not None and t > t2), None)

    def last_trick(w: _Watch) -> float | None:  # the card that ends the hand, or the rest laid open
        if w.early:
            return w.done_at
        return next((t for t, k in w.events if k == "play" and w.done_at is not None and t >= w.done_at), None)

    strips = [_Strip("deal", "deal", 0.1, lambda w: 0.0, lambda w: 1.6, 16)]
    if officers:
        strips.append(_Strip("calls", "trump call and Kontra round", 0.2, lambda w: w.first(*calls),
                             lambda w: w.first("play"), 30))
    else:
        strips += [
            _Strip("bidding", "bid bubbles", 0.25, lambda w: w.first(*calls),
                   lambda w: w.first("pickup", "hand", "declare"), 30),
            _Strip("skat", "skat pick-up", 0.1, lambda w: w.first("pickup"),
                   lambda w: after(w.first("pickup"), 1.2), 12),
            _Strip("discard", "discard", 0.1, lambda w: w.first("discard"),
                   lambda w: after(w.first("discard"), 1.5), 18),
            _Strip("declare", "declaration and opening lead", 0.2, lambda w: w.first("declare"),
                   lambda w: after(w.first("play"), 0.4), 18),
        ]
    strips += [
        _Strip("trick", "a trick from the lead to the gather (second trick)", 0.1, second_trick_start,
               second_trick_end, 48),
        _Strip("result", "the last trick and the result", 0.15, last_trick,
               lambda w: after(w.result_at, 0.6), 30),
    ]
    return strips


def _film_match(game: str, rules, seed: int) -> Match:  # type: ignore[no-untyped-def]
    """The filmed match: the person's seat (filled by a computer) is forehand."""
    skat = game == "skat"
    return Match(game, rules, players=3 if skat else 2, hands=3 if skat else 2, seed=seed,
                 first_dealer=2 if skat else 1)


def film_seed(game: str, rules) -> int:  # type: ignore[no-untyped-def]
    """A seed whose first hand, played by the computers, shows every animation:
    in Skat the person's seat (at the bottom, face up) takes the skat and plays."""
    from .controller import MatchController

    for seed in range(1, 200):
        ctl = MatchController(_film_match(game, rules, seed), human=0, seed=seed, autoplay=True)
        for _ in range(5000):
            if ctl.hand.done:
                break
            ctl.step_ai(1.0)
        hand = ctl.hand
        if len(hand.tricks) < 4:
            continue
        if game != "skat" or (hand.declarer == ctl.human_seat and A.PICKUP in hand.history):
            return seed
    return 1


def film_hand(app, game: str, rules, seed: int):  # type: ignore[no-untyped-def]
    """Play one hand at normal speed, 60 frames a second, and keep the strips' frames."""
    import pygame

    from .controller import MatchController
    from .menu import TitleScene
    from .result import ResultScene
    from .table import TableScene

    ctl = MatchController(_film_match(game, rules, seed), human=0, seed=seed, autoplay=True)
    app.stack.reset(TitleScene(app))
    watch = _Watch()
    table = TableScene(app, ctl)
    show = table._show

    def shown(ev) -> None:  # type: ignore[no-untyped-def]
        watch.events.append((watch.time, ev.kind))
        show(ev)

    table._show = shown  # type: ignore[method-assign]  # the film logs what the table shows
    app.push(table)
    strips = _film_strips(game != "skat")
    real_draw = app.draw
    app.draw = lambda: None  # only the frames a strip keeps are painted
    try:
        for _ in range(int(120 / FILM_DT)):
            app.step(FILM_DT, events=[])
            watch.time += FILM_DT
            if watch.done_at is None and ctl.hand.done:
                watch.done_at = watch.time
                watch.early = ctl.ending is not None
            if watch.result_at is None and isinstance(app.stack.top, ResultScene):
                watch.result_at = watch.time
            for s in strips:
                _film_frame(s, watch, real_draw, app, pygame)
            if all(s.done for s in strips):
                break
    finally:
        app.draw = real_draw
    return strips


def _film_frame(s: _Strip, watch: _Watch, draw, app, pygame) -> None:  # type: ignore[no-untyped-def]
    if s.done:
        return
    if s.began is None:
        began = s.start(watch)
        if began is None:
            return
        s.began = began
        s.next_at = watch.time
    stop = s.stop(watch)
    if (stop is not None and watch.time > stop + 1e-9) or len(s.frames) >= s.most:
        s.done = True
        return
    if watch.time + 1e-9 >= s.next_at:
        draw()
        s.frames.append((watch.time - s.began, pygame.transform.smoothscale(app.screen, THUMB)))
        s.next_at += s.every


def contact_sheet(strip: _Strip, heading: str):  # type: ignore[no-untyped-def]
    """The strip's frames in rows of FILM_COLUMNS, each with its time since the strip began."""
    import pygame

    pygame.font.init()
    w, h = THUMB
    gap, top, label = 6, 44, 22
    rows = max(1, -(-len(strip.frames) // FILM_COLUMNS))
    sheet = pygame.Surface((FILM_COLUMNS * (w + gap) + gap, top + rows * (h + label + gap) + gap))
    sheet.fill((24, 28, 32))
    title_font, small = pygame.font.Font(None, 34), pygame.font.Font(None, 22)
    sheet.blit(title_font.render(heading, True, (240, 220, 150)), (gap, 12))
    for i, (t, thumb) in enumerate(strip.frames):
        r, c = divmod(i, FILM_COLUMNS)
        x, y = gap + c * (w + gap), top + r * (h + label + gap)
        sheet.blit(thumb, (x, y))
        sheet.blit(small.render(f"{i + 1}  +{t:.2f} s", True, (210, 210, 210)), (x + 2, y + h + 3))
    if not strip.frames:
        sheet.blit(small.render("(not seen in this hand)", True, (210, 120, 120)), (gap, top + 10))
    return sheet


FILM_GAMES = (("skat", "Skat"), ("officers", "Offiziersskat"))


def film(out_dir: str, languages: tuple[str, ...] = ("de", "en"), games: tuple[str, ...] = ("skat", "officers"),
         ) -> list[Path]:
    """``skat film DIR``: a contact sheet (PNG) per main animation, game and language."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .app import App

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for game, title in FILM_GAMES:
        if game not in games:
            continue
        rules = ISKO if game == "skat" else OFFICERS
        seed = film_seed(game, rules)
        for lang in languages:
            app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
            app.settings["animation"] = "normal"
            app.settings["sound"] = False
            for strip in film_hand(app, game, rules, seed):
                path = out / f"film-{lang}-{game}-{strip.name}.png"
                heading = f"{title} ({lang}, seed {seed}): {strip.title}, {len(strip.frames)} frames"
                pygame.image.save(contact_sheet(strip, heading), str(path))
                paths.append(path)
    return paths


def film_main(argv: list[str]) -> int:
    out = argv[0] if argv else "film"
    for p in film(out):
        print(p)
    return 0
