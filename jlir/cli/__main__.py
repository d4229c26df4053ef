"""`python -m jlir.cli …`: the `jlir` command, as `python -m jlir` (see jlir.cli)."""
from jlir.cli.app import entry

entry()
