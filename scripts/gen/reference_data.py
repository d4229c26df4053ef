"""Julia's own analysis results as committed reference data (used by scripts/gen/regen_fixtures.py).

Two data sets in `fixtures/julia-<version>/`, read by tests/analysis/test_reference_julia.py:

    reference-cases.jsonl        one object per fixture case (rank order): its `name`
                                 and `target`, then what `JlirLive.reference_json`
                                 answers (jlir/live/jlir.jl): `cfg`, `idoms`, `verify`
                                 of the `<case>.ircode-noline.txt` IRCode and `ssa`
                                 (pre-SSA cfg, idoms, per-slot defs/live_in/idf/idf_full)
    reference-base.jsonl         the same per sampled Base method instance (`name`
                                 `base0001`…, `target` its specTypes)
    reference-base.ircode-noline.txt[.gz]  their IRCode prints, in the same order
                                 (gzipped, with no timestamp, above GZIP_ABOVE bytes)
    reference-base.json          how the sample was made, with its counts

The Base sample comes from scripts/gen/gen_base_reference.jl (a fresh Julia, so
the set of cached instances depends only on the Julia build and that script);
here every print is read back with jlir, and an instance jlir cannot read is
skipped and counted.  Everything is written with sorted keys and no
timestamps: a second run changes no byte.
"""
from __future__ import annotations

import gzip
import json
import subprocess
import tempfile
from pathlib import Path

import jlir
from jlir.live import JuliaError

CASES_FILE = "reference-cases.jsonl"
BASE_FILE = "reference-base.jsonl"
BASE_IRCODE = "reference-base.ircode-noline.txt"
BASE_INFO = "reference-base.json"
BASE_FILES = (BASE_FILE, BASE_IRCODE, BASE_IRCODE + ".gz", BASE_INFO)
GEN_BASE = Path(__file__).resolve().parent / "gen_base_reference.jl"
GZIP_ABOVE = 2_000_000
BASE_COUNT, BASE_EVERY, BASE_MARGIN = 1000, 4, 200
SELECTION = ("the method instances scripts/gen/gen_base_corpus.jl enumerates (cached inferred source, its order); "
             "of those whose optimized IRCode (inflate_ir of the cached source, line info removed) has >= 2 "
             "blocks, every {every}-th (1st, {next}th, ...), until {count} that Julia printed and jlir reads")


def json_line(record: dict) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def case_records(jl, targets: dict[str, str]) -> tuple[dict[str, dict], dict[str, str]]:
    """Julia's reference answers for each loaded case (`name -> target`), by name; and the cases where Julia
    failed, with its message."""
    records, errors = {}, {}
    for name, target in targets.items():
        try:
            records[name] = {"name": name, "target": target, **jl.reference(target)}
        except JuliaError as e:
            errors[name] = e.julia_message
    return records, errors


def merged_case_lines(records: dict[str, dict], old_file: Path, keep: set[str], ranks: dict[str, int]) -> str:
    """The cases file: this run's records plus the old file's lines for the cases kept, in rank order."""
    merged = dict(records)
    if old_file.exists():
        for line in old_file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["name"] in keep and record["name"] not in merged:
                merged[record["name"]] = record
    return "".join(json_line(merged[name]) for name in sorted(merged, key=ranks.__getitem__))


def run_generator(argv: list[str], count: int, every: int) -> tuple[dict, list[dict]]:
    """Run gen_base_reference.jl with the Julia `argv`; its header and records."""
    with tempfile.TemporaryDirectory(prefix="jlir-base-reference-") as tmp:
        out = Path(tmp) / "raw.jsonl"
        proc = subprocess.run([*argv, str(GEN_BASE), str(out), "--count", str(count), "--every", str(every)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"gen_base_reference.jl failed (exit {proc.returncode}): {proc.stderr[-2000:]}")
        lines = out.read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def readable(text: str) -> bool:
    """Whether jlir reads `text` as exactly one function."""
    try:
        return len(jlir.functions(jlir.parse(text, "<base sample>"))) == 1
    except jlir.JlirError:
        return False


def base_sample(argv: list[str], julia_version: str, count: int = BASE_COUNT,
                every: int = BASE_EVERY) -> tuple[dict[str, bytes], dict]:
    """The Base sample's files (name -> bytes) and its description; RuntimeError if fewer than `count` are read."""
    header, raw = run_generator(argv, count + BASE_MARGIN, every)
    kept, failed, unreadable = [], [], []
    for record in raw:
        if len(kept) == count:
            break
        if "failed" in record:
            failed.append(record)
        else:
            (kept if readable(record["ircode"]) else unreadable).append(record)
    if len(kept) < count:
        raise RuntimeError(f"Base sample: only {len(kept)} of {count} instances printed and read")
    lines, prints = [], []
    for i, record in enumerate(kept, 1):
        lines.append(json_line({"name": f"base{i:04d}", "target": record["target"], **record["reference"]}))
        prints.append(record["ircode"])
    ircode = "".join(prints).encode("utf-8")
    ircode_name = BASE_IRCODE
    if len(ircode) > GZIP_ABOVE:
        ircode, ircode_name = gzip.compress(ircode, compresslevel=9, mtime=0), BASE_IRCODE + ".gz"
    info = {
        "julia_version": julia_version,
        "generator": "scripts/gen/regen_fixtures.py --base-sample (scripts/gen/gen_base_reference.jl, "
                     "scripts/gen/reference_data.py, jlir/live/jlir.jl reference_json)",
        "selection": SELECTION.format(every=every, next=every + 1, count=count),
        "cached_instances": header["instances"],
        "uninflated": header["uninflated"],
        "skipped_julia_failed": {r["target"]: r["failed"] for r in failed},
        "skipped_jlir_unreadable": [r["target"] for r in unreadable],
        "functions": len(kept),
        "files": {"records": BASE_FILE, "ircode": ircode_name},
    }
    files = {BASE_FILE: "".join(lines).encode("utf-8"), ircode_name: ircode,
             BASE_INFO: (json.dumps(info, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")}
    return files, info


def read_base_prints(folder: Path) -> str:
    """The Base sample's IRCode prints, gzipped or not."""
    plain = folder / BASE_IRCODE
    if plain.exists():
        return plain.read_text(encoding="utf-8")
    return gzip.decompress((folder / (BASE_IRCODE + ".gz")).read_bytes()).decode("utf-8")
