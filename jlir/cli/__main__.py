"""`python -m jlir.cli …`: the `jlir` command, as `python -m jlir` (see jlir.cli)."""
import sys

from jlir.cli import main

sys.exit(main())
