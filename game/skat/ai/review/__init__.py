"""Looking back and ahead for the human: the analysis of a played hand and the
hint for the next decision, both built on the players and the solver."""
