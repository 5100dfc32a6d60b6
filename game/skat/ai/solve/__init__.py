"""The exact searches: the Skat double-dummy solver, the Officers' Skat solver,
and the strong heuristic's endgame search over sampled deals.  They know the
engine's card tables and, for the endgame, what a seat knows (:mod:`..model`)."""
