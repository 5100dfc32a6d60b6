"""One hand in the terminal: the fallback front end, and a quick way to try
the rules without a window.  The person sits at seat 0 (forehand) against
the game's normal-strength computer players; ``q`` quits."""

from __future__ import annotations

import random
import sys
from typing import TextIO

from ..ai import decide_now, make_player
from ..engine import IllegalActionError, action_name, parse_action, preset, shuffled_deck
from ..engine.cards import names
from ..engine.games import GAMES
from ..engine.rules import PRESETS, RulesError
from ..engine.tricks import sort_key


def _hand_text(state, seat: int) -> str:
    obs = state.observe(seat)
    mask = obs.hand | (obs.playable[seat] if hasattr(obs, "playable") else 0)
    cards = sorted((c for c in range(32) if mask >> c & 1), key=lambda c: sort_key(state.game, c))
    return names(cards)


def play_text(
    game: str, rules_name: str | None, seed: int | None, inp: TextIO | None = None, out: TextIO | None = None
) -> int:
    inp = inp or sys.stdin
    out = out or sys.stdout
    kind = GAMES[game]
    name = rules_name or kind.presets[0]
    try:
        rules = preset(name)
    except RulesError as exc:
        print(exc, file=out)
        return 2
    if rules not in {PRESETS[p] for p in kind.presets}:
        fits = " or ".join(kind.presets)
        print(f"the rule set {name!r} is not one for {game}; use --rules {fits}", file=out)
        return 2
    rng = random.Random(seed)
    state = kind.new_hand(rules, shuffled_deck(rng))
    seats = kind.seats
    bots = {s: make_player("normal", random.Random(rng.random())) for s in range(1, seats)}
    print(f"{game} ({name}). You are seat 0 (forehand). Type an action, '?' for help, 'q' to quit.", file=out)
    while not state.done:
        seat = state.to_move
        if seat != 0:
            assert seat is not None
            action = decide_now(bots[seat], state.observe(seat))
            state.apply(action)
            print(f"seat {seat}: {action_name(action)}", file=out)
            continue
        print(f"your cards: {_hand_text(state, 0)}", file=out)
        legal = state.legal_actions()
        print("legal: " + " ".join(action_name(a) for a in legal), file=out)
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            print("\nbye", file=out)
            return 0
        token = line.strip()
        if token.lower() in ("q", "quit", "exit"):
            print("bye", file=out)
            return 0
        if token in ("?", "help"):
            print("cards like CJ HT D7; bids like 18; hold, pass, pickup, hand; games like game:C game:GO; "
                  "q quits", file=out)
            continue
        try:
            state.apply(parse_action(token), 0)
        except (ValueError, IllegalActionError) as exc:
            print(f"not possible: {exc}", file=out)
    r = state.result
    assert r is not None
    print(f"result: {r.game}, declarer {r.declarer}, value {r.value}, scores {list(r.scores)}", file=out)
    return 0
