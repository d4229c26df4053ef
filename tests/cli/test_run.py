"""`jlir run`: the interpreter from the command line, against Julia 1.5.3's recorded results."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
CALLEES = FIXTURES / "callees"


def jlir_cli(*args):
    return run_jlir(*args, text=True)


def _int_rows():
    """Recorded calls (fixtures/julia-1.5.3/runs.tsv) whose arguments are all Int64 (they spell the same as
    literals), per case."""
    from support.recorded_runs import ROWS as RECORDED
    rows = []
    for case, _call, argnames, _sparams, args, *want in RECORDED:
        args = args.split(" ") if args else []
        if all(a.startswith("Int64:") for a in args) and want[0] in ("ok", "err"):
            rows.append((case, argnames, [a[6:] for a in args], want))
    return rows


ROWS = [r for r in _int_rows() if r[0] in ("while_swap", "many_blocks", "exceptions", "recursion", "goto_label")]


@pytest.mark.parametrize("case,argnames,args,expected", ROWS, ids=lambda x: x if isinstance(x, str) else None)
def test_run_prints_what_julia_returned(case, argnames, args, expected):
    out = jlir_cli("run", str(FIXTURES / f"{case}.typed.txt"), "--args", *args, "--argnames", argnames, "--json",
                   "--callees", str(CALLEES / case))
    data = json.loads(out.stdout)
    if expected[0] == "ok":
        assert out.returncode == 0 and (data["type"], data["result"]) == (expected[1], expected[2])
    else:
        assert out.returncode == 1 and data["exception"] == expected[1]


def test_there_are_recorded_calls_to_run():
    assert len(ROWS) >= 10


def test_run_prints_julias_repr_and_refuses_what_is_no_literal():
    out = jlir_cli("run", str(FIXTURES / "while_swap.typed.txt"), "--args", "12", "18")
    assert (out.returncode, out.stdout) == (0, "6\n")
    bad = jlir_cli("run", str(FIXTURES / "while_swap.typed.txt"), "--args", "12", "x")
    assert bad.returncode == 2 and bad.stderr.startswith("jlir run: error: --args argument 2, column 1: `x` is not")


def test_run_says_what_it_cannot_interpret_in_one_line():
    out = jlir_cli("run", str(FIXTURES / "ccall.typed.txt"), "--args", '"abc"')  # C's time(): not modelled
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "cannot interpret function 1" in out.stderr


# ---------------------------------------------------------------- callees from a live Julia
def _julia_or_skip():
    from jlir.live.errors import JuliaNotFound
    from jlir.live.locate import find_julia
    try:
        return find_julia(None)
    except JuliaNotFound as e:
        pytest.skip(str(e).splitlines()[0])


def test_run_asks_a_live_julia_for_the_callees_it_lacks():
    _julia_or_skip()
    out = jlir_cli("run", str(FIXTURES / "recursion.typed.txt"), "--args", "15", "--argnames", "n", "--julia", "auto",
                   "--defs", str(ROOT / "fixtures" / "cases" / "recursion.jl"))
    assert (out.returncode, out.stdout) == (0, "610\n"), out.stderr   # Julia: fib(15) == 610 (runs.tsv)


def test_library_callees_are_cached_per_julia_version_and_read_back_without_julia(tmp_path):
    _julia_or_skip()
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    with Julia() as jl:
        live = LiveProvider(jl, cache=tmp_path)
        fn = live.lookup("Base.abs", ("Int64",))
        assert fn is not None and live.argnames("Base.abs", ("Int64",)) == ("x",)
        version = jl.version

    class NoJulia:
        def __init__(self, v):
            self.version = v

        def code_typed(self, *a, **k):
            raise AssertionError("the cache should have answered")
    cached = LiveProvider(NoJulia(version), cache=tmp_path)
    assert cached.lookup("Base.abs", ("Int64",)) == fn
    assert list((tmp_path / f"callees-{version}").glob("*.txt"))


@pytest.mark.parametrize("form", ["typed", "typed-unoptimized", "lowered"])
def test_run_without_the_arguments_says_so_rather_than_an_undefvarerror(form):
    # `a@_2` is read and never assigned: Julia's lowering makes such a slot only of an argument (a name never
    # assigned is a global), so a run given no value for it is refused, not Julia's UndefVarError of the code
    path = FIXTURES / f"while_swap.{form}.txt"
    r = jlir_cli("run", str(path))
    assert r.returncode == 2 and "is an argument" in r.stderr and "--args" in r.stderr and not r.stdout
    r = jlir_cli("run", str(path), "--args", "12", "18")
    assert r.returncode == 0 and r.stdout == "6\n"


def test_run_of_a_keyword_sorter_reads_its_kwargs_newvarnode_as_the_slot_it_is():
    # `Core.NewvarNode(:(kwargs...))` (a real 1.5.3 print): the slot `kwargs...`, not an AttributeError traceback
    r = jlir_cli("run", str(ROOT / "tests" / "data" / "ssa" / "kwsorter.typed-unoptimized.txt"))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "cannot interpret function 1" in r.stderr


def test_run_module_names_the_method_module_whose_operators_a_bare_call_reads(tmp_path):
    """`--module Core.Compiler`: the lowered print of Core.Compiler's closure `var"#318#323"` (Julia 1.5.3's,
    tests/data/interp/unchosen/core-compiler-318.jsonl) calls a bare `=>`, Core.Compiler's own: refused by name,
    where Main's reading (no `--module`) builds Base's Pair."""
    data = ROOT / "tests" / "data" / "interp" / "unchosen" / "core-compiler-318.jsonl"
    records = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    closure = next(r for r in records if "318" in r["target"])
    getindex = next(r for r in records if "getindex" in r["target"])
    (tmp_path / "callees").mkdir()
    (tmp_path / "callees" / "getindex.txt").write_text(f"# {getindex['mi']}\n{getindex['typed']}", encoding="utf-8")
    (tmp_path / "f.txt").write_text(closure["lowered"], encoding="utf-8")
    common = [str(tmp_path / "f.txt"), "--args", "2", "--callees", str(tmp_path / "callees")]
    r = jlir_cli("run", *common, "--module", "Core.Compiler")
    assert r.returncode == 2 and "Core.Compiler.=>" in r.stderr, r.stderr
    r = jlir_cli("run", *common)
    assert r.returncode == 0 and r.stdout.strip() == "2 => Any[]", (r.stdout, r.stderr)
