"""`python -m jlir …`: the `jlir` command (see jlir.cli)."""
import sys

from jlir.cli import main

sys.exit(main())
