"""Ctrl-C from the `jlir` command's first instruction: the command is `bin/jlir` itself (pyproject.toml's
script-files), whose first statements take SIGINT before any import.  A console-scripts wrapper ran `import re`
(`enum`, tens of milliseconds) and found the package first: a SIGINT sent 0–80 ms after `python -S jlir …` started
was Python's `KeyboardInterrupt` traceback in 58 of 123 trials (56 in that `import re`); with `bin/jlir`, 5 of 123,
all in the interpreter's own initialisation (frozen `codecs`, `zipimport`, or `bin/jlir` line 0, before its first
instruction).  `-S` leaves out `site`, whose `.pth` files are the environment's and run before any script."""
from __future__ import annotations

import ast
import os
import re
import signal
import subprocess
import sys
import sysconfig
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bin" / "jlir"
DUMP = ROOT / "tests" / "data" / "heads-1.5.3" / "hv.typed.txt"
_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def test_the_command_is_the_script_whose_first_statements_take_ctrl_c_before_any_import():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scripts" not in project["project"] and project["tool"]["setuptools"]["script-files"] == ["bin/jlir"]
    body = ast.parse(SCRIPT.read_text(encoding="utf-8")).body
    first = next(i for i, s in enumerate(body) if isinstance(s, ast.Expr) and "signal" in ast.unparse(s))
    before = [s for s in body[:first] if isinstance(s, (ast.Import, ast.ImportFrom))]
    assert {a.name for s in before for a in s.names} <= set(sys.builtin_module_names)
    assert ast.unparse(body[first]) == "_signal.signal(_signal.SIGINT, _interrupted)"


@pytest.mark.parametrize("delay", [0, 0.01, 0.03, 0.06, 0.1, 0.2])
def test_a_ctrl_c_while_the_command_starts_is_never_a_traceback_through_its_code(delay):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), sysconfig.get_paths()["purelib"]]))
    p = subprocess.Popen([sys.executable, "-S", str(SCRIPT), "parse", str(DUMP)], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    err = err.decode(errors="replace")
    if p.returncode == 130:
        assert err == "jlir: interrupted\n"
    else:  # killed before Python handles signals, finished, or Python's own start-up before the first instruction
        ours = [(f, int(n)) for f, n in _FRAME.findall(err) if f == str(SCRIPT) or (os.sep + "jlir" + os.sep) in f]
        assert p.returncode in (-signal.SIGINT, 0, 1) and all(f == str(SCRIPT) and n == 0 for f, n in ours), err
