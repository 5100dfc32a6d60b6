"""Skat and Offiziersskat: rules engine (``skat.engine``), computer players
(``skat.ai``) and the pygame-ce table (``skat.ui``)."""

__version__ = "0.1.0"
