"""Julia's own passes on every fixture case: the references jlir's `compact` and `dce` are checked against.

    python3 scripts/gen/gen_pass_reference.py [--julia PATH]

Writes, under `fixtures/reference-<version>/` (see `scripts/gen/gen_pass_reference.jl`):
`compact/<case>.txt` (Julia's print of `compact!(ir)`, `ir` being the case's
`ircode-noline` IRCode), `before-adce/<case>.txt` (the IRCode 1.5's `run_passes`
hands to `adce_pass!`) and `adce/<case>.txt` (`compact!(adce_pass!(…))` of it),
in one Julia run that loads the cases in rank order exactly as
`scripts/gen/regen_fixtures.py` does, so closure names match the fixtures.  The
folder is replaced atomically.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
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
    final = ROOT / f"fixtures/reference-{version}"
    with tempfile.TemporaryDirectory(prefix=".reference-regen-", dir=final.parent) as tmp:  # (in .gitignore)
        work = Path(tmp) / final.name
        work.mkdir()
        subprocess.run([*julia, "--startup-file=no", str(ROOT / "scripts/gen/gen_pass_reference.jl"), str(work), *specs],
                       check=True, cwd=ROOT)
        old = final.with_name(f".{final.name}.old")
        if old.exists() and not final.exists():   # a run killed between the renames: put the old folder back first
            old.rename(final)
        shutil.rmtree(old, ignore_errors=True)
        if final.exists():
            final.rename(old)
        work.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    print(f"gen_pass_reference: {len(cases)} cases → {final.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
