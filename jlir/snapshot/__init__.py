"""IR snapshot tests for users: guard a Julia project's compiler output in CI, per Julia version.

Two ways in, one comparison:

- pytest (`jlir.snapshot.plugin`, registered through the `pytest11` entry
  point): the `julia_ir` fixture (a live Julia for the run) and `ir_snapshot`
  (a syrupy snapshot that stores the Julia print itself, in a folder per Julia
  `major.minor`);
- `jlir snapshot check|update|diff MANIFEST` (`jlir.cli.snapshot`): targets,
  forms and defs files listed once in a TOML manifest (`manifest`).

A stored print is checked structurally (`compare.compare_ir`, through
`jlir.compare`: a failure reads as `jlir diff`), strict or style-insensitive;
`kind="stability"` stores only the type-stability facts (`facts`), the part of
the IR that should hold across Julia versions.  `runner` checks and updates a
manifest with one live Julia.  `extension` (the syrupy classes) is imported
only by the `ir_snapshot` fixture: syrupy is needed for that, not to import jlir.
"""
from jlir.snapshot.compare import SHARED_FOLDER, IRVerdict, SnapshotError, compare_ir, version_folder
from jlir.snapshot.facts import FactsVerdict, compare_facts, facts_text, read_facts, stability_facts
from jlir.snapshot.manifest import Manifest, Target, read_manifest

__all__ = ["SnapshotError", "IRVerdict", "compare_ir", "version_folder", "SHARED_FOLDER", "FactsVerdict",
           "stability_facts", "facts_text", "read_facts", "compare_facts", "Manifest", "Target", "read_manifest"]
