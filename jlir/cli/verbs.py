"""The verbs of the `jlir` command, in the order `jlir --help` lists them.

A verb is a module of this package with `register(subparsers)`, which adds
its sub-parser and sets `func` (the function that runs it: args → exit
status).  Adding a verb is writing that module and naming it here.
"""
from __future__ import annotations

from jlir.cli import (analyze, cfg, diff, dom, fetch, html, liveness, loops, opt, parse, print as print_, roundtrip, run,
                      snapshot, ssa, verify)

VERBS = (parse, print_, roundtrip, diff, fetch, cfg, dom, loops, liveness, verify, analyze, opt, run, ssa, snapshot, html)
