"""``python -m skat``: the same as the ``skat`` command."""

import sys

from .desktop.cli import main

sys.exit(main())
