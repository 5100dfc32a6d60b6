"""Computer players.  Depends on the engine only."""
