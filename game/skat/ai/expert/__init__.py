"""The search player (strength expert): ``player`` routes each decision; Skat
cards by PIMC over the solver, Skat calls by simulation on sampled deals (with
the deal sampler and the game estimates they share), Officers' Skat by search."""
