"""``python -m toolkit``: the command line (see :mod:`toolkit.cli`)."""

import sys

from toolkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
