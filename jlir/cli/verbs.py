"""The verbs of the `jlir` command, in the order `jlir --help` lists them.

A verb is a module of this package with `register(subparsers)`, which adds
its sub-parser and sets `func` (the function that runs it: args → exit
status).  Adding a verb is writing that module and naming it here.
"""
from __future__ import annotations

import jlir.cli.analyze as analyze
import jlir.cli.cfg as cfg
import jlir.cli.diff as diff
import jlir.cli.dom as dom
import jlir.cli.fetch as fetch
import jlir.cli.html as html
import jlir.cli.liveness as liveness
import jlir.cli.loops as loops
import jlir.cli.opt as opt
import jlir.cli.parse as parse
import jlir.cli.print as print_
import jlir.cli.roundtrip as roundtrip
import jlir.cli.run as run
import jlir.cli.snapshot as snapshot
import jlir.cli.ssa as ssa
import jlir.cli.verify as verify

VERBS = (parse, print_, roundtrip, diff, fetch, cfg, dom, loops, liveness, verify, analyze, opt, run, ssa, snapshot, html)
