"""`scripts/check/oracle.py --include` records programs in batches, one Julia process each: a program Julia itself
cannot run (Julia 1.5.3 aborts in LLVM on some generated programs: `Illegal inttoptr`) must lose only itself, not its
batch (`oracle_sources.include_files` splits a failed batch in halves and records each again)."""
from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _sources():
    spec = importlib.util.spec_from_file_location("jlir_oracle_sources", ROOT / "scripts" / "check" /
                                                  "oracle_sources.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_generate(julia, args, dest):
    """Records each file's name; fails as a crashed Julia does for a part with a file that says `crash`.  (Run in
    the oracle's worker processes: a module-level function; each call noted in `calls.txt` beside the records.)"""
    files = [Path(a) for a in args[1:] if a.endswith(".jl")]
    Path(dest).parent.mkdir(parents=True, exist_ok=True)
    with open(Path(dest).parent / "calls.txt", "a") as f:
        f.write(f"{len(files)}\n")
    if any("crash" in p.read_text() for p in files):
        raise SystemExit("oracle: oracle.jl failed (exit -6: Illegal inttoptr)")
    with gzip.open(dest, "wt") as f:
        f.writelines(f"{p.name}\n" for p in files)


def test_a_program_julia_cannot_run_loses_only_itself(tmp_path, capsys):
    programs = []
    for k in range(10):
        p = tmp_path / f"gen-{k}.jl"
        p.write_text(f"f{k}() = {k}\n" + ("# crash\n" if k == 6 else ""))
        programs.append(p)
    cache = tmp_path / "cache"
    files = _sources().include_files(_fake_generate, ["julia"], programs, "generated", cache, 1, False, 10)
    recorded = sorted(line.strip() for f in files for line in gzip.open(f, "rt"))
    assert recorded == sorted(f"gen-{k}.jl" for k in range(10) if k != 6)
    assert "gen-6.jl left out: Julia could not record it" in capsys.readouterr().err
    calls = [int(n) for n in (cache / "calls.txt").read_text().split()]
    assert calls[0] == 10 and len(calls) < 10   # halves, not one process per file
