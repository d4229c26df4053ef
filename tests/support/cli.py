"""`jlir` run inside the test process, for the tests of what a verb writes and the status it exits with.

A `python3 -m jlir` process pays Python's start and jlir's import (about 0.35 s here) before it reads a byte, and
the CLI tests start a few hundred of them.  `run_jlir` calls the same `jlir.cli.app.main` a process runs, with
standard input, output and error standing in as byte buffers (not terminals, like a pipe), the working folder
and the environment as the process would have them, and returns what `subprocess.run(..., capture_output=True)`
returns.  What only a process shows stays with a process: the exit through `entry` (`os._exit` after the
output), signals, closed pipes and full disks, another user, and a printer patched before import.
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The warning filters a fresh `python3` starts with (no -W, no PYTHONWARNINGS, not in development mode): a
# warning the process would print to stderr is printed there, and one it would not print is not.
_PROCESS_FILTERS = (("default", DeprecationWarning, "__main__"), ("ignore", DeprecationWarning, None),
                    ("ignore", PendingDeprecationWarning, None), ("ignore", ImportWarning, None),
                    ("ignore", ResourceWarning, None))


def run_jlir(*args, input: bytes | str | None = None, text: bool = False, cwd: str | Path = ROOT,
             env: dict | None = None) -> subprocess.CompletedProcess:
    """`subprocess.run([python, "-m", "jlir", *args], input=input, capture_output=True, text=text, cwd=cwd,
    env=os.environ | env)`, run in this process."""
    from jlir.cli.app import main
    argv = [str(a) for a in args]
    data = input.encode("utf-8") if isinstance(input, str) else (input or b"")
    out, err = io.BytesIO(), io.BytesIO()
    streams = (io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
               io.TextIOWrapper(out, encoding="utf-8", write_through=True),
               io.TextIOWrapper(err, encoding="utf-8", write_through=True))
    saved, saved_env, saved_cwd = (sys.stdin, sys.stdout, sys.stderr), dict(os.environ), os.getcwd()
    try:
        os.environ.update(env or {})
        os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = streams
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            for action, category, module in reversed(_PROCESS_FILTERS):
                warnings.filterwarnings(action, category=category, module=module or "")
            status = _main(main, argv)
        for w in caught:
            streams[2].write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
        streams[1].flush()
        streams[2].flush()
        stdout, stderr = out.getvalue(), err.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    if text:
        stdout, stderr = (b.decode("utf-8").replace("\r\n", "\n") for b in (stdout, stderr))
    return subprocess.CompletedProcess(["jlir", *argv], status, stdout, stderr)


def _main(main, argv: list[str]) -> int:
    """`main(argv)`'s status; argparse's exit (usage errors, `--help`) as the process's status."""
    try:
        return main(argv)
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            return e.code or 0
        print(e.code, file=sys.stderr)
        return 1


def installed_command(folder: Path) -> Path:
    """The `jlir` command as pip installs it, in `folder`: pyproject.toml's script-files copied, `#!python` replaced
    by this interpreter's path (pip's `fix_script`, pip/_internal/operations/install/wheel.py)."""
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for name in project["tool"]["setuptools"]["script-files"]:
        data = (ROOT / name).read_bytes()
        if data.startswith(b"#!python"):
            data = b"#!" + os.fsencode(sys.executable) + b"\n" + data.split(b"\n", 1)[1]
        target = folder / Path(name).name
        target.write_bytes(data)
        target.chmod(0o755)
    return folder / "jlir"
