"""Ctrl-C from the `jlir` command's very start: the command is `bin/jlir` (pyproject.toml's script-files), a shell
launcher that runs `bin/jlir-python` (pip writes its interpreter over `#!python`) with SIGINT blocked, so that a
Ctrl-C during Python's own start-up (its initialisation, `site` and the environment's `.pth` files) waits, pending,
for jlir-python's first instructions: they install jlir's handler and unblock it, `jlir: interrupted`, exit 130.
CPython installs its own handler without touching the mask (Modules/signalmodule.c, `signal_install_handlers`).

Measured (SIGINT 0–300 ms after the installed command started, 123 trials, load ~10 on 2 cores): Python's
`KeyboardInterrupt` traceback in 83 (the `.pth` files' imports: `typing`, `zipfile`, importlib), before the launcher;
after it none, 122 `jlir: interrupted` and 1 ended by the signal itself (1 ms in, before the shell's trap)."""
from __future__ import annotations

import ast
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from support.cli import installed_command

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER, PYTHON_HALF = ROOT / "bin" / "jlir", ROOT / "bin" / "jlir-python"
DUMP = ROOT / "tests" / "data" / "heads-1.5.3" / "hv.typed.txt"


def test_the_command_is_a_launcher_holding_sigint_for_a_python_half_whose_first_statements_take_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scripts" not in project["project"]
    assert project["tool"]["setuptools"]["script-files"] == ["bin/jlir", "bin/jlir-python"]
    launcher = LAUNCHER.read_text(encoding="utf-8")
    assert launcher.startswith("#!/bin/sh\n") and 'exec env --block-signal=INT "$python_half" "$@"' in launcher
    assert PYTHON_HALF.read_text(encoding="utf-8").startswith("#!python\n")
    body = ast.parse(PYTHON_HALF.read_text(encoding="utf-8")).body
    first = next(i for i, s in enumerate(body) if isinstance(s, ast.Expr) and "signal" in ast.unparse(s))
    before = [s for s in body[:first] if isinstance(s, (ast.Import, ast.ImportFrom))]
    assert {a.name for s in before for a in s.names} <= set(sys.builtin_module_names)
    assert ast.unparse(body[first]) == "_signal.signal(_signal.SIGINT, _interrupted)"
    assert "pthread_sigmask(_signal.SIG_UNBLOCK, (_signal.SIGINT,))" in ast.unparse(body[first + 1])


_GNU_ENV = subprocess.run(["env", "--block-signal=INT", "true"], capture_output=True).returncode == 0
_BSD_ENV = "#!/bin/sh\ncase \"$1\" in --block-signal*) exit 125 ;; esac\nexec /usr/bin/env \"$@\"\n"


def _without_gnu_env(folder: Path) -> str:
    """A PATH whose `env` refuses `--block-signal`, as BSD's and macOS's do, so the launcher takes its Perl route."""
    (folder / "bsd").mkdir()
    (folder / "bsd" / "env").write_text(_BSD_ENV)
    (folder / "bsd" / "env").chmod(0o755)
    return os.pathsep.join([str(folder / "bsd"), os.environ["PATH"]])


@pytest.mark.parametrize("route", ["gnu-env", "perl"])
def test_a_ctrl_c_while_python_imports_its_site_modules_is_jlirs_message_not_a_traceback(route, tmp_path):
    if route == "gnu-env" and not _GNU_ENV:
        pytest.skip("needs GNU env --block-signal")
    if route == "perl" and shutil.which("perl") is None:
        pytest.skip("needs perl")
    site = tmp_path / "site"
    site.mkdir()
    started = tmp_path / "started"
    # a slow `.pth` file's import, as an environment's are (0.1–0.3 s under load): `site` imports sitecustomize
    (site / "sitecustomize.py").write_text(f"import time\nopen({str(started)!r}, 'w').close()\ntime.sleep(2)\n")
    command = installed_command(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    if route == "perl":
        env["PATH"] = _without_gnu_env(tmp_path)
    p = subprocess.Popen([str(command), "parse", str(DUMP)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 60
    while not started.exists() and time.monotonic() < deadline:
        time.sleep(0.005)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert (p.returncode, err, out) == (130, b"jlir: interrupted\n", b"")


def test_without_gnu_env_the_command_still_runs_and_exits_as_jlir_does(tmp_path):
    if shutil.which("perl") is None:
        pytest.skip("needs perl")
    command = installed_command(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PATH=_without_gnu_env(tmp_path))
    good = subprocess.run([str(command), "parse", str(DUMP)], capture_output=True, env=env)
    bad = subprocess.run([str(command), "parse", str(tmp_path / "absent.txt")], capture_output=True, env=env)
    assert (good.returncode, bad.returncode) == (0, 2) and b"1 function" in good.stdout
    assert bad.stderr.startswith(b"jlir: error: ") and b"Traceback" not in bad.stderr


@pytest.mark.parametrize("delay", [0, 0.01, 0.03, 0.06, 0.1, 0.2, 0.3])
def test_a_ctrl_c_while_the_command_starts_is_its_message_or_the_signal_never_a_traceback(delay, tmp_path):
    command = installed_command(tmp_path)
    p = subprocess.Popen([str(command), "parse", str(DUMP)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    if p.returncode == 130:
        assert err == b"jlir: interrupted\n"
    else:  # ended by the signal before the launcher's trap (its first instruction), or finished
        assert p.returncode in (-signal.SIGINT, 0) and b"Traceback" not in err, err
