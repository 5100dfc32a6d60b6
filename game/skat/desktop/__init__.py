"""What only the desktop runs: the command line (``skat …``), terminal play, ``skat replay``,
and the web build with its self-hosted runtime.  The web build leaves this folder out as a
whole, like ``skat/lab/``, so nothing here may be imported by the game itself."""
