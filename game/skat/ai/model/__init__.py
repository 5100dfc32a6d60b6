"""What a seat can know and estimate, without deciding anything: where the
unseen cards may be (knowledge) and whole worlds of them (worlds: the one
sampler), what the auction says (auction), how strong a hand is and what its
game is worth (evaluation, fitted models), and trick arithmetic.  Engine only."""
