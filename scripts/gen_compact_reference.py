"""Julia's own `compact!` of every fixture case's IRCode: the reference `tests/test_edit.py` checks jlir's `compact` against.

    python3 scripts/gen_compact_reference.py [--julia PATH]

Writes `fixtures/reference-<version>/compact/<case>.txt` (what Julia prints for
`compact!(ir)`, `ir` being the case's `ircode-noline` IRCode), in one Julia run
that loads the cases in rank order exactly as `scripts/regen_fixtures.py` does,
so closure names match the fixtures.  The folder is replaced atomically.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jlir.live.locate import find_julia  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--julia", help="the julia executable (default: as jlir.live finds it)")
    args = ap.parse_args(argv)
    julia = list(find_julia(args.julia).argv)
    version = subprocess.run([*julia, "-e", "print(VERSION)"], capture_output=True, text=True, check=True).stdout
    manifest = json.loads((ROOT / f"fixtures/julia-{version}/MANIFEST.json").read_text())
    cases = sorted(manifest["cases"].items(), key=lambda kv: kv[1]["rank"])
    specs = [f"{name}={c['rank']}={ROOT / c['file']}" for name, c in cases]
    final = ROOT / f"fixtures/reference-{version}/compact"
    final.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=final.parent) as tmp:
        work = Path(tmp) / "compact"
        work.mkdir()
        subprocess.run([*julia, "--startup-file=no", str(ROOT / "scripts/gen_compact_reference.jl"), str(work), *specs],
                       check=True, cwd=ROOT)
        old = final.with_name("compact.old")
        if final.exists():
            final.rename(old)
        work.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    print(f"gen_compact_reference: {len(cases)} cases → {final.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
