"""The snapshot checks themselves (jlir.snapshot.compare, facts, manifest) on stored prints of several Julia versions.

Pairs from fixtures/corpus/index.jsonl printed for one target: 0041 (Julia 1.10), 0042 (1.2–1.6) and 0043 (1.5,
upper-cased types) are `@code_warntype f(3.2)`; 0109 (1.7) and 0110 (1.9) one do-block's `@code_typed`.
"""
from __future__ import annotations

import json

import pytest

import jlir
from conftest import CORPUS, FIXTURES, corpus_records
from jlir.snapshot import (SnapshotError, compare_facts, compare_ir, facts_text, read_facts, read_manifest,
                           stability_facts, version_folder)


def _text(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8")


def _facts(path, version=None) -> dict:
    return stability_facts(jlir.functions(jlir.parse_file(path))[0], version)


def test_the_corpus_pairs_used_here_print_one_target():
    commands = {r["file"]: r["command"] for r in corpus_records()}
    assert commands["0041.txt"] == commands["0042.txt"] == commands["0043.txt"] == "@code_warntype f(3.2)"
    assert commands["0109.txt"] == commands["0110.txt"]


def test_version_folders_are_per_major_minor():
    assert version_folder("1.10.2") == version_folder("1.10.0-rc1") == "julia-1.10"
    assert version_folder("v1.5.3") == "julia-1.5"
    with pytest.raises(SnapshotError, match="major.minor"):
        version_folder("nightly")


def test_the_same_text_passes_without_a_diff():
    v = compare_ir(_text("0109.txt"), _text("0109.txt"))
    assert (v.outcome, v.passed, v.diff) == ("identical", True, None)


def test_a_style_only_difference_fails_strict_and_passes_style_insensitive():
    strict = compare_ir(_text("0042.txt"), _text("0041.txt"))
    assert (strict.outcome, strict.style_only, strict.passed) == ("equivalent", True, False)
    assert "style: lattice elements" in strict.report and "strict mode fails" in strict.report
    loose = compare_ir(_text("0042.txt"), _text("0041.txt"), style_insensitive=True)
    assert loose.passed and "strict mode" not in loose.report


def test_a_real_change_fails_in_both_modes_with_jlir_diffs_report():
    for style_insensitive in (False, True):
        v = compare_ir(_text("0109.txt"), _text("0110.txt"), style_insensitive=style_insensitive)
        assert (v.outcome, v.passed) == ("different", False)
        assert v.report.splitlines()[2] == "different: 6 added, 4 removed, 2 changed (0 types), blocks changed"
        assert v.to_json()["diff"]["summary"]["added"] == 6


def test_line_info_alone_passes_strict():
    """Editing the defs file shifts line numbers; `jlir diff` does not compare line info, nor does the check."""
    a = (FIXTURES / "julia-1.5.3" / "abstract_promote.typed-source.txt").read_text(encoding="utf-8")
    b = a.replace("@ abstract_promote.jl:4 ", "@ abstract_promote.jl:7 ")
    assert a != b
    v = compare_ir(a, b)
    assert (v.outcome, v.passed) == ("equivalent", True)


def test_a_snapshot_jlir_cannot_read_fails_with_the_located_parse_error():
    v = compare_ir(_text("0109.txt")[:-20] + "%%%\n", _text("0109.txt"), stored_name="stored.txt")
    assert (v.outcome, v.passed) == ("unreadable", False)
    assert v.report.startswith("stored.txt:")


def test_stability_facts_agree_across_julia_versions_spelling_and_colours():
    """1.10 paints the small union yellow, 1.5 red and upper-cased: the facts are the same."""
    f41, f42, f43 = (_facts(CORPUS / n) for n in ("0041.txt", "0042.txt", "0043.txt"))
    assert f41["non_concrete"][0]["severity"] == "yellow" and f42["non_concrete"][0]["severity"] == "red"
    assert f43["non_concrete"][0]["type"] == "UNION{FLOAT64, INT64}"
    for a, b in ((f42, f41), (f42, f43)):
        assert compare_facts(a, b).outcome == "identical"
    assert compare_facts(_facts(CORPUS / "0109.txt"), _facts(CORPUS / "0110.txt")).passed


def test_stability_facts_name_values_by_statement_with_numbers_blanked():
    facts = _facts(FIXTURES / "julia-1.5.3" / "boxed_closure.ircode-noline.txt", "1.5.3")
    assert {"op": "new", "at": "%new(%_)"} in facts["boxes"]
    assert {"at": "Core.getfield(%_, :contents)", "kind": "ssa", "severity": "red", "type": "Any"} \
        in facts["non_concrete"]
    assert read_facts(facts_text(facts)) == facts
    assert facts_text(facts) == facts_text(json.loads(facts_text(facts)))


def test_allow_improvement_accepts_fewer_facts_and_never_new_ones():
    stored = _facts(FIXTURES / "julia-1.5.3" / "boxed_closure.ircode-noline.txt", "1.5.3")
    fewer = {**stored, "boxes": stored["boxes"][1:]}
    more = {**stored, "dynamic_calls": [{"call": "Main.g(%_)"}]}
    assert not compare_facts(stored, fewer).passed
    v = compare_facts(stored, fewer, allow_improvement=True)
    assert (v.passed, v.outcome, len(v.removed)) == (True, "improved", 1)
    worse = compare_facts(stored, more, allow_improvement=True)
    assert (worse.passed, worse.outcome) == (False, "different")
    assert "+ dynamic call: Main.g(%_)" in worse.report()


def test_a_return_type_becoming_concrete_is_an_improvement_and_the_reverse_is_not():
    unstable = {"schema": "x", "form": "typed", "return": {"type": "Union{Float64, Int64}", "concrete": False},
                "non_concrete": [], "dynamic_calls": [], "boxes": []}
    stable = {**unstable, "return": {"type": "Float64", "concrete": True}}
    assert compare_facts(unstable, stable, allow_improvement=True).passed
    assert not compare_facts(stable, unstable, allow_improvement=True).passed
    other = {**stable, "return": {"type": "Int64", "concrete": True}}
    assert not compare_facts(stable, other, allow_improvement=True).passed


def test_read_facts_refuses_what_is_not_facts():
    with pytest.raises(SnapshotError, match="invalid JSON"):
        read_facts("{", "x.json")
    with pytest.raises(SnapshotError, match="schema"):
        read_facts("{}", "x.json")


def _manifest(tmp_path, text: str):
    path = tmp_path / "snapshots.toml"
    path.write_text(text, encoding="utf-8")
    return read_manifest(path)


def test_a_manifest_lists_targets_with_their_options_and_defaults(tmp_path):
    m = _manifest(tmp_path, """
        [snapshots]
        defs = ["src/a.jl"]
        style_insensitive = true
        [[target]]
        call = "mysum(::Vector{Float64})"
        forms = ["typed", "stability", "typed"]
        [[target]]
        call = "g(1)"
        name = "g"
        defs = "src/g.jl"
        style_insensitive = false
    """)
    a, g = m.targets
    assert (a.name, a.forms, a.defs, a.style_insensitive) == (
        "mysum_Vector_Float64", ("typed", "stability"), (tmp_path / "src/a.jl",), True)
    assert (g.defs, g.style_insensitive, g.allow_improvement) == ((tmp_path / "src/g.jl",), False, False)
    assert m.snapshot_path("julia-1.10", a, "stability") == tmp_path / "ir-snapshots/julia-1.10/" \
        "mysum_Vector_Float64.stability.json"


@pytest.mark.parametrize("text, message", [
    ('[[target]]\ncall = "f(1)"\nfroms = ["typed"]', "unknown key froms"),
    ('[[target]]\ncall = "f(1)"\nforms = ["cfg"]', "unknown form cfg"),
    ('[[target]]\nname = "f"', "`call` is required"),
    ('[[target]]\ncall = "f(1)"\n[[target]]\ncall = "f(1)"', "already target 1's"),
    ('[snapshots]\ndir = 3\n[[target]]\ncall = "f(1)"', "`dir` must be a str"),
    ("[snapshots]", "no [[target]] listed"),
    ("[[target]\n", "not valid TOML"),
])
def test_a_manifest_with_a_mistake_is_refused_naming_it(tmp_path, text, message):
    with pytest.raises(SnapshotError, match=message.replace("[", r"\[").replace("(", r"\(")):
        _manifest(tmp_path, text)
