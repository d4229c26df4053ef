"""`python -m jlir …`: the `jlir` command (see jlir.cli)."""
from jlir.cli.app import entry

entry()
