"""A slot assigned a module's value and one assigned a global bound to it print alike: Julia 1.5.3 prints
`a = M.Sub` (a GlobalRef) and `b = @__MODULE__` (the Module) in `M.Sub` both `Main.M.Sub`.  slot2reg puts the object
in a π of the slot's reads and reads the global in a statement; the `object-or-global` rule takes either reading
(`module-object-slot-1.5.3.jsonl.gz`: `SuiteSparse.CHOLMOD.__init__()`, whose `@warn` assigns its module)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.oracle.checks import _assigned_objects, _rereadings, ssa_of
from jlir.oracle.run import instance_types

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "module-object-slot-1.5.3.jsonl.gz"


def test_a_slot_assigned_its_module_is_read_either_way_by_the_ssa_check():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = json.loads(f.readline())
    assert "π (SuiteSparse.CHOLMOD, Core.Compiler.Const(SuiteSparse.CHOLMOD, false))" in record["ssa"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    found = _assigned_objects(fn)
    assert len(found) == 4 and all(str(node.args[1]) == "SuiteSparse.CHOLMOD" for _, node in found)
    as_objects = next(_rereadings(fn, found))   # all four taken as the module: slot2reg + compact!'s print
    ours = ssa_of(as_objects, record["argnames"], instance_types(record), record.get("self"))
    assert jlir.format(ours).rstrip("\n") == record["ssa"].rstrip("\n")


def test_a_module_object_and_a_slot_order_julia_does_not_care_about_together_are_the_rule():
    """`Pkg.Operations.install_archive`: two `@warn`s assign the module (`_module@_29 = Pkg.Operations`) and a
    slot printed without its number (`dir`) puts a ϒ in another place in its row.  Read as objects, jlir's nodes
    are Julia's in another order, and the module's ϒ, an object on one side and the global's name on the other,
    prints alike on both: the reordering pairs them (`object-slot-order-1.5.3.jsonl.gz`)."""
    from jlir.oracle.checks import check_ssa
    with gzip.open(DATA.with_name("object-slot-order-1.5.3.jsonl.gz"), "rt", encoding="utf-8") as f:
        record = json.loads(f.readline())
    assert "ϒ (Pkg.Operations)::Core.Compiler.Const(Pkg.Operations, false)" in record["ssa"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    outcome = check_ssa(fn, record["ssa"], record["argnames"], instance_types(record), record.get("self"))
    assert outcome.verdict == "rule" and outcome.detail == "object-or-global", outcome


def test_more_ambiguous_statements_than_subsets_tried_are_read_by_the_name_they_print():
    """`Pkg.PlatformEngines.#get_auth_header#82`'s slot2reg stage holds nine `Pkg.PlatformEngines` (the module its
    logging macros splice in, objects compact! renames into their uses) and two `Pkg.TOML.parsefile` (globals it
    keeps): eleven, too many to read each way, but two names, each read one way (`object-groups-1.5.3.jsonl.gz`)."""
    from jlir.oracle.checks import check_compact
    record = _group_records()["get_auth_header"]
    stage, = record["stages"]
    assert stage["compact"].count("π (Pkg.PlatformEngines, ") == 27 and "%82  = Pkg.TOML.parsefile::" in stage["compact"]
    outcome = check_compact(stage["text"], stage["compact"], instance_types(record))
    assert outcome.verdict == "rule" and outcome.detail == "object-or-global", outcome


def test_more_names_than_subsets_tried_are_read_each_alone_and_all_but_each():
    """`Pkg.Types.#update_registries#105`'s slot2reg stage: thirteen such statements under ten names, the module
    `Pkg.Types` an object (its uses read it in place) and nine LibGit2 and GitTools functions globals compact!
    keeps: the one name read as an object, the others as globals, is compact!'s print."""
    from jlir.oracle.checks import check_compact
    record = _group_records()["update_registries"]
    stage, = record["stages"]
    assert "%104 = LibGit2.GitRepo::Core.Compiler.Const(LibGit2.GitRepo, false)" in stage["compact"]
    outcome = check_compact(stage["text"], stage["compact"], instance_types(record))
    assert outcome.verdict == "rule" and outcome.detail == "object-or-global", outcome


def _group_records() -> dict:
    with gzip.open(DATA.with_name("object-groups-1.5.3.jsonl.gz"), "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    return {name: r for r in records for name in ("get_auth_header", "update_registries") if name in r["target"]}
