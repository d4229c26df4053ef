"""The examples of the documentation, found and run as a reader would run them (tests/test_doc_examples.py).

A page's fenced blocks are its examples, by their language:

* ```` ```console ````: shell commands after `$ ` (a line ending in `\\` continues), each followed by the output
  it shows (standard output and error as a terminal shows them); a line `...` in the shown output stands for any
  lines, and `...` within a line for any text (a time, a temporary folder).  Run by bash, from a folder laid out as a fresh clone (every top-level entry of the repository linked in,
  so what a command writes lands beside them, never in the repository), `jlir` being this checkout's;
* ```` ```pycon ````: Python at `>>> ` / `... ` prompts with the output each statement shows (doctest's rules);
* ```` ```python ```` and ```` ```bash ````: code run as it is, which must not fail (no output shown).

A block titled by a file's name (```` ```python title="tests/test_ir.py" ````) lists that file: a command of the
page runs it, the block itself is not run.  A block's `--8<-- "path"` line is the file it includes (pymdownx.snippets), run as the page shows it.

A page's Python blocks share one namespace, in page order, as a reader following the page in one session does;
every block of a page runs in the same folder.  Other languages (`text`, `julia`, `toml`, …) are not run.  A block
preceded by `<!-- not run: REASON -->` is counted and not run (only for what cannot run in a test: installing
jlir).
"""
from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN = ("console", "pycon", "python", "bash")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
_NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<why>.*?)\s*-->\s*$")
_SNIPPET = re.compile(r'^--8<-- "(?P<path>[^":]+)(?::(?P<a>\d+):(?P<b>\d+))?"\n?', re.M)


def _snippets(body: str) -> str:
    """`--8<-- "path"` (or `"path:a:b"`, lines a to b) replaced by the file, as pymdownx.snippets includes it."""
    def include(m: re.Match) -> str:
        lines = (ROOT / m.group("path")).read_text(encoding="utf-8").splitlines(keepends=True)
        if m.group("a"):
            lines = lines[int(m.group("a")) - 1:int(m.group("b"))]
        text = "".join(lines)
        return text if text.endswith("\n") else text + "\n"
    return _SNIPPET.sub(include, body)


@dataclass(frozen=True)
class Example:
    page: Path
    line: int          # 1-based line of the opening fence
    lang: str
    body: str
    not_run: str | None = None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def examples(page: Path) -> list[Example]:
    """The runnable blocks of a Markdown page, in order."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in _FENCE.finditer(text):
        lang = m.group("lang")
        if lang not in RUN or "title=" in m.group("info"):  # a file shown by its name is a listing, not an example
            continue
        indent = m.group("indent")
        body = "".join(line[len(indent):] if line.startswith(indent) else line
                       for line in m.group("body").splitlines(keepends=True))
        body = _snippets(body)
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        why = _NOT_RUN.search(before)
        out.append(Example(page, text.count("\n", 0, m.start()) + 1, lang, body, why.group("why") if why else None))
    return out


def commands(body: str) -> list[tuple[str, list[str]]]:
    """A console block's (command, shown output lines) pairs."""
    out: list[tuple[str, list[str]]] = []
    lines = body.rstrip("\n").split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        if not line.startswith("$ "):
            raise ValueError(f"console block: output before any command: {line!r}")
        cmd = line[2:]
        while cmd.endswith("\\") and k + 1 < len(lines):
            k += 1
            cmd = cmd[:-1] + "\n" + lines[k]
        k += 1
        shown = []
        while k < len(lines) and not lines[k].startswith("$ "):
            shown.append(lines[k])
            k += 1
        out.append((cmd, shown))
    return out


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether `got` is `shown`, a `...` line standing for any run of lines."""
    if not shown:
        return not got
    if shown[0] == "...":
        return any(matches(shown[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and _line(shown[0], got[0]) and matches(shown[1:], got[1:])


def _line(shown: str, got: str) -> bool:
    """One shown line against one printed: equal, or equal but where the shown line says `...` (any text)."""
    if shown == got:
        return True
    return "..." in shown and re.fullmatch(".*?".join(map(re.escape, shown.split("..."))), got) is not None


def clone_like(folder: Path) -> Path:
    """`folder` laid out as a fresh clone: every top-level entry of the repository linked in, and a `bin/jlir`
    that runs this checkout's jlir."""
    for entry in ROOT.iterdir():
        if entry.name.startswith(".") or entry.name in ("site",):
            continue
        (folder / entry.name).symlink_to(entry)
    bin_ = folder / ".bin"
    bin_.mkdir()
    shim = bin_ / "jlir"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m jlir "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    return folder


# JLIR_DOCS_AS_INSTALLED=1: the commands run the `jlir` installed on PATH, with no PYTHONPATH (a user's install,
# `pip install .` in a fresh clone), instead of this checkout's source.
AS_INSTALLED = os.environ.get("JLIR_DOCS_AS_INSTALLED") == "1"


def shell_env(folder: Path) -> dict:
    if AS_INSTALLED:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        env.update(NO_COLOR="1", JLIR_PROGRESS="0", COLUMNS="100", LC_ALL="C.UTF-8",
                   OLDPWD_FILE=str(folder / ".bin" / "cwd"))
        return _as_a_readers(env)
    env = dict(os.environ, PATH=f"{folder / '.bin'}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
               NO_COLOR="1", JLIR_PROGRESS="0", COLUMNS="100", LC_ALL="C.UTF-8",
               OLDPWD_FILE=str(folder / ".bin" / "cwd"))
    return _as_a_readers(env)


def _as_a_readers(env: dict) -> dict:
    """A reader's terminal, not CI and not a pytest-xdist worker (syrupy, seeing `PYTEST_XDIST_WORKER`, leaves its
    report to the controller): the examples show what a user sees."""
    for name in ("CI", "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT"):
        env.pop(name, None)
    return env


# A `cd` holds for the page's later commands, as in the reader's shell: each command starts where the last one ended.
_KEEP_CWD = 'cd "$(cat "$OLDPWD_FILE" 2>/dev/null || pwd)"\n{cmd}\nstatus=$?\npwd > "$OLDPWD_FILE"\nexit $status'


def _in_process(cmd: str, folder: Path) -> bytes | None:
    """What a plain `jlir ARGS` command (no shell syntax) prints, run in this process as tests/support/cli.py runs
    the CLI (a `jlir` process costs ~0.35 s of start-up): its standard output when it wrote nothing to standard
    error; None otherwise (the command then runs in bash, where the two interleave as a terminal shows them)."""
    if AS_INSTALLED or not cmd.startswith("jlir ") or any(c in cmd for c in "|;&<>$`'\"*?\\\n~(){}[]#"):
        return None
    from support.cli import run_jlir
    where = folder / ".bin" / "cwd"
    cwd = Path(where.read_text().strip()) if where.exists() else folder
    done = run_jlir(*cmd.split()[1:], cwd=cwd, env=shell_env(folder))
    return done.stdout if not done.stderr else None


def run_console(example: Example, folder: Path) -> list[str]:
    """Each command of a console block run by bash in `folder`; the differences from the shown output."""
    problems = []
    for cmd, shown in commands(example.body):
        printed = _in_process(cmd, folder)
        if printed is None:
            r = subprocess.run(["bash", "-c", _KEEP_CWD.format(cmd=cmd)], cwd=folder, env=shell_env(folder),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
            printed = r.stdout
        got = printed.decode("utf-8", "replace").rstrip("\n").split("\n") if printed.strip() else []
        if not matches(shown, got):
            problems.append(f"{example.where}: $ {cmd}\n--- shown\n" + "\n".join(shown) + "\n--- got\n"
                            + "\n".join(got))
    return problems


def run_bash(example: Example, folder: Path) -> list[str]:
    r = subprocess.run(["bash", "-euo", "pipefail", "-c", example.body], cwd=folder, env=shell_env(folder),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    return [] if r.returncode == 0 else [f"{example.where}: exit {r.returncode}\n{r.stdout.decode('utf-8', 'replace')}"]


@contextlib.contextmanager
def _in(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def run_python(example: Example, folder: Path, namespace: dict) -> list[str]:
    """A python block run in `namespace` (shared by the page's blocks) from `folder`; a pycon block by doctest."""
    with _in(folder):
        if example.lang == "python":
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(example.body, example.where, "exec"), namespace)
            except Exception as e:
                return [f"{example.where}: {type(e).__name__}: {e}"]
            return []
        test = doctest.DocTestParser().get_doctest(example.body, namespace, example.where, str(example.page),
                                                   example.line)
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, out=out.write, clear_globs=False)
        namespace.update(test.globs)
        return [out.getvalue()] if runner.failures else []
