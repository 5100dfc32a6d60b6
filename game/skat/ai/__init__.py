"""Computer players.  Depends on the engine only (never pygame).

``make_player(strength, rng)`` is the one entry point; ``player.begin(view)``
returns a :class:`Decision` that the caller steps in time slices
(``decision.step(budget_seconds)``) until it is done, or
``decide_now(player, view)`` does it in one go.  A view is the engine's
``observe(seat)``, which carries the rules, so a player never sees hidden cards.

The map (each layer imports only the ones above it; the root's modules only the engine):

- root: the interface -- :mod:`.base` (``Player``, ``Decision``, ``Thinking``,
  ``decide_now``), :mod:`.strengths` (one profile per strength, ``STRENGTHS``),
  :mod:`.effort` (a search's budget),
  :mod:`.scores` (the report bus a hint listens on);
- :mod:`.model`: what a seat can know and estimate -- ``knowledge`` (where the
  unseen cards may be), ``worlds`` (the sampled-world type ``World``, the one
  sampler ``WorldSampler`` of the unseen Skat cards, soft rejection, a world
  made a hand again), ``auction`` (what the bidding says of each seat),
  ``evaluation`` (hand strength, game values, fitted winning chances),
  ``trick_math``;
- :mod:`.solve`: the exact searches -- ``skat_solver`` (double dummy, the one
  Skat trick search), ``officers_solver``, ``skat_endgame`` (the strong
  heuristic's last tricks: the solver over sampled worlds, node-limited);
- :mod:`.heuristic`: the rule-of-thumb player -- ``player`` (``HeuristicPlayer``,
  routing), ``skat_calls`` / ``skat_cards``, ``officers_calls`` / ``officers_cards``;
- :mod:`.expert`: the search player -- ``player`` (``SearchPlayer``, routing),
  ``skat_cards`` (PIMC over the solver; ``leaf_estimate``, the fitted score of
  its first tricks' depth-limited leaves), ``skat_calls`` (bid, Hand, discard,
  declaration, Kontra and Re by simulation), ``sampling`` (the weights of
  sampled worlds by the others' play and bids), ``game_estimates`` (worlds
  that fit the auction, a game played out on one), ``officers_cards`` /
  ``officers_calls`` (Officers' Skat by search and play-outs over
  ``officers_layouts``, the sampled hidden cards), ``ponder`` (the card
  decisions likely next, sampled and solved ahead while the others think:
  ``Player.ponder(view, budget)``);
- :mod:`.review`: ``analysis`` of a played hand, ``hint`` for the next decision.

Benchmarks and experiments live in :mod:`skat.lab`, which nothing here imports.

Strengths (one profile each in :mod:`.strengths`; saves carry their names):
``easy`` forgets played cards, makes simpler choices (no Hand, no Null, no
Kontra) and now and then a careless one; ``normal`` counts the cards played;
``strong`` also infers voids from who failed to follow suit, counts the points
to 61, searches the last four tricks of a Skat game over sampled deals and, in
Officers' Skat, solves the last tricks once nothing is hidden.
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

from .base import Decision, Player, View, decide_now
from .effort import Effort
from .expert.player import SearchPlayer
from .heuristic.player import HeuristicPlayer
from .strengths import STRENGTHS, Strength, strength_named

__all__ = [
    "STRENGTHS",
    "Decision",
    "HeuristicPlayer",
    "Player",
    "SearchPlayer",
    "Strength",
    "View",
    "decide_now",
    "make_player",
]


def make_player(strength: str = "normal", rng: random.Random | None = None, effort: Effort | None = None) -> Player:
    """The computer player for a strength setting (the UI's one entry point).

    ``effort`` is the thinking budget of a search player (None: the table's
    default); the heuristic strengths ignore it.  "heuristic" is today's
    strongest heuristic (for benchmarks)."""
    if strength_named(strength).searches:
        return SearchPlayer(strength, rng, effort)
    return HeuristicPlayer(strength, rng)
