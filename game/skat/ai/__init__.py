"""Computer players.  Depends on the engine only (never pygame).

``HeuristicPlayer(strength, rng)`` plays Skat and Officers' Skat in every
role; ``player.begin(view)`` returns a :class:`Decision` that the caller steps
in time slices (``decision.step(budget_seconds)``) until it is done, or
``decide_now(player, view)`` does it in one go.  A view is the engine's
``observe(seat)``, which carries the rules, so a player never sees hidden cards.

Strengths: ``easy`` forgets played cards, makes simpler choices (no Hand, no
Null, no Kontra) and now and then a careless one; ``normal`` counts the cards
played; ``strong`` also infers voids from who failed to follow suit, counts
the points to 61, searches the last four tricks of a Skat game over sampled
deals and, in Officers' Skat, solves the last tricks once nothing is hidden.
``expert`` (:class:`SearchPlayer`) plays the cards of a Skat hand by search:
it samples the unseen cards consistent with the play and the auction, solves
each deal with all hands open and plays the card that wins most often (about
a third of a second per card at the table); in Officers' Skat it searches
every decision over sampled face-down cards.  Its Skat bidding, Hand or skat
and Kontra decisions are those of ``strong``; after taking the skat it plays
its candidate discards and games out on sampled deals and declares the best.
Benchmarks may also name ``heuristic``: always today's strongest heuristic.
"""

from __future__ import annotations

import random

from .base import STRENGTHS, Decision, Player, View, check_strength, decide_now
from .effort import Effort
from .heuristic import HeuristicPlayer
from .search_player import SearchPlayer

__all__ = ["STRENGTHS", "Decision", "HeuristicPlayer", "Player", "SearchPlayer", "View", "decide_now", "make_player"]


def make_player(strength: str = "normal", rng: random.Random | None = None, effort: Effort | None = None) -> Player:
    """The computer player for a strength setting (the UI's one entry point).

    ``effort`` is the thinking budget of a search player (None: the table's
    default); the heuristic strengths ignore it.  "heuristic" is today's
    strongest heuristic (for benchmarks)."""
    if check_strength(strength) == "expert":
        return SearchPlayer(strength, rng, effort)
    return HeuristicPlayer(strength, rng)
