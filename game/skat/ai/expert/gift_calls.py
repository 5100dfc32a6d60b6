"""The expert's Schenken (rules decisions 48-50): sampled deals solved double dummy, each answer
scored as the sheet writes it.

The expert deals the cards it cannot see (the declarer: the defenders' twenty, or twenty-two
with an unseen skat; a defender: the declarer's ten and the skat besides its partner's ten)
and solves each deal for what the declarer reaches: 61, Schneider, Schwarz.  The declarer
compares the gift's entry with declining for Schneider or Schwarz at the chance of making it
(won the value, lost twice it).  A defender gives when play would cost its side more than the
gift on those deals: the declarer wins nearly always, and the declarer's expected entry from
play (Schneider and Schwarz included) is above the gift's.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterator

from ...engine import actions as A
from ...engine.cards import ALL_CARDS, cards_of, mask_points
from ...engine.skat_hand import SkatObservation
from ...engine.tricks import BASE_VALUES
from ...engine.values import matadors
from ..heuristic import gift_calls as heuristic_gift
from ..heuristic.gift_calls import gift_levels, gift_value
from ..model.evaluation import win_probability
from ..solve.skat_solver import SearchAborted, SkatSolver
from ..strengths import STRONG

SAMPLES = 16
NODE_LIMIT = 5_000
"""Nodes for one solve (one slice of thinking); a deal that needs more is left out of the count
(its question unanswered) rather than counted either way."""
LEAST_SOLVED = 6
"""With fewer deals solved than this, the heuristic's rule decides (:mod:`..heuristic.gift_calls`):
a whole hand of ten tricks is often more than a slice's search can settle."""
GIVE_FROM = 0.9
"""A defender gives only when the declarer wins at least this often on its sampled deals."""
LIKELY_FROM = 0.45
"""A defender's sampled declarer hand must be one the model gives this chance in the declared
game (a declarer plays what he expects to win); up to :data:`TRIES` draws for each deal."""
TRIES = 40


def _deals(obs: SkatObservation, rng: random.Random, samples: int) -> Iterator[tuple[list[int], int]]:
    """``samples`` deals of the unseen cards: the three hands (seat order) and the skat."""
    declarer = obs.declarer
    assert declarer is not None
    known = obs.hand | (obs.skat if obs.seat == declarer else 0)
    unseen = cards_of(ALL_CARDS & ~known)
    others = [s for s in (0, 1, 2) if s != obs.seat]
    for _ in range(samples):
        for _ in range(TRIES):
            rng.shuffle(unseen)
            hands = [0, 0, 0]
            hands[obs.seat] = obs.hand
            for i, s in enumerate(others):
                hands[s] = sum(1 << c for c in unseen[10 * i : 10 * i + 10])
            if obs.seat == declarer or obs.game is None:
                break
            if win_probability(obs.game, hands[declarer], declarer == 0, "post") >= LIKELY_FROM:
                break
        skat = obs.skat if obs.seat == declarer and obs.skat else sum(1 << c for c in unseen[20:22])
        yield hands, skat


def solved(obs: SkatObservation, rng: random.Random, samples: int = SAMPLES,
           ) -> Generator[None, None, list[tuple[int, bool, bool, bool]]]:
    """Over sampled deals: the declarer's matadors (skat included) and whether he reaches 61,
    90 (Schneider) and every trick under best play."""
    assert obs.game is not None and obs.declarer is not None
    game, declarer = int(obs.game), obs.declarer
    solver = SkatSolver(game, declarer)
    out = []
    for hands, skat in _deals(obs, rng, samples):
        base = mask_points(skat)
        found: list[bool] = []
        for target in (61, 90, None):
            if found and not found[-1]:  # short of 61, no Schneider; short of Schneider, no Schwarz
                found.append(False)
                continue
            solver.reset(hands, [], 0)
            try:
                found.append(solver.declarer_takes_all(node_limit=NODE_LIMIT) if target is None
                             else solver.declarer_reaches(max(0, target - base), node_limit=NODE_LIMIT))
            except SearchAborted:
                break
            yield None
        yield None
        if len(found) == 3:
            out.append((matadors(game, hands[declarer] | skat), found[0], found[1], found[2]))
    return out


def expected(value: int, chance: float) -> float:
    """The sheet's expected entry of a game worth ``value`` won at ``chance``: lost twice it."""
    return chance * value - (1 - chance) * 2 * value


def _fixed_levels(obs: SkatObservation, mats: int) -> int:
    """The levels fixed before play for a declarer ``mats`` (:func:`gift_levels` on any hand)."""
    assert obs.rules is not None
    levels = abs(mats) + 1 + obs.hand_game + 2 * obs.schneider_announced + 2 * obs.schwarz_announced
    return levels + (obs.rules.spitze if obs.spitze is not None else 0)


def think(obs: SkatObservation, rng: random.Random) -> Generator[None, None, int]:
    assert obs.game is not None
    deals = yield from solved(obs, rng)
    if len(deals) < LEAST_SOLVED:
        return heuristic_gift.answer(obs, STRONG) if obs.seat == obs.declarer else (
            A.GIFT if heuristic_gift.would_give(obs) else A.NO_CALL)
    n = len(deals)
    base = BASE_VALUES[obs.game]
    if obs.seat == obs.declarer:
        levels = gift_levels(obs)
        schneider = sum(d[2] for d in deals) / n
        schwarz = sum(d[3] for d in deals) / n
        options = {A.GIFT_TAKEN: float(gift_value(obs)) if gift_value(obs) else -2.0 * obs.bid}
        if A.GIFT_SCHNEIDER in obs.legal:  # Schneider and its announcement on what is fixed
            options[A.GIFT_SCHNEIDER] = expected(max(base * (levels + 2), obs.bid), schneider)
        more = 2 if obs.schneider_announced else 4  # Schwarz and its announcement (and Schneider's)
        options[A.GIFT_SCHWARZ] = expected(max(base * (levels + more), obs.bid), schwarz)
        return max(options, key=lambda a: options[a])
    # a defender: on each deal, the declarer's entry from play against the gift's
    play = gift = 0.0
    wins = 0
    for mats, win, schneider, schwarz in deals:
        levels = _fixed_levels(obs, mats)
        value = base * levels
        gift += value if value >= obs.bid else -2 * obs.bid
        made = base * (levels + (schneider and not obs.schneider_announced) + (schwarz and not obs.schwarz_announced))
        play += (made if made >= obs.bid else -2 * obs.bid) if win else -2 * max(value, obs.bid)
        wins += win
    return A.GIFT if wins / n >= GIVE_FROM and gift <= play else A.NO_CALL
