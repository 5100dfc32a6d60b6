"""The rule-of-thumb player (strengths easy, normal, strong): ``player`` routes
each decision to a game's calls (bid, Hand, discard, declaration, Kontra/Re)
or its cards, one module each for Skat and Officers' Skat."""
