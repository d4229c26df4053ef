"""Swapping a regenerated fixtures folder in, and repairing what an interrupted swap left (scripts/gen/regen_fixtures.py).

A run writes into `ROOT/.julia-regen-<pid>-*` and swaps it in with two renames:
`julia-X` aside to `.julia-X.old-<pid>`, then the work folder to `julia-X`.  A run
killed between the renames (SIGKILL, power loss) leaves no folder at `julia-X`; a
run killed after them leaves the old folder beside the new one; a run killed
mid-render leaves its work folder.  `recover`, called by the next run before it
starts, repairs each, leaving alone the folders of runs still going (by pid).
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

WORK_PREFIX = ".julia-regen-"
STALE_WORK = re.compile(r"^\.julia-regen-(?:(\d+)-)?")          # without a pid: made before pids were added
ASIDE = re.compile(r"^\.(julia-[^/]+)\.old-(\d+)$")


class SwapError(Exception):
    """The swap failed after it had started: its message says where the fixtures are."""


def swap_in(work: Path, final: Path) -> None:
    """Replace `final` by `work` with two renames: at every moment one complete folder stands at `final`'s name
    or beside it (`.NAME.old-PID`).  If the second rename fails (or the run is interrupted between the renames),
    the old folder is renamed back; SwapError says where things were left when even that fails."""
    old = None
    try:
        if final.exists():
            aside = final.with_name(f".{final.name}.old-{os.getpid()}")
            final.rename(aside)
            old = aside
        work.rename(final)
    except BaseException as e:
        if old is None or final.exists():
            raise
        reason = e if isinstance(e, OSError) else type(e).__name__
        try:
            old.rename(final)
        except OSError as back:
            raise SwapError(f"the swap failed ({reason}) and so did putting the old fixtures back ({back}): they "
                            f"are in {old}; the next run of this script puts them back") from None
        raise SwapError(f"the swap failed ({reason}); the old fixtures were put back in {final}") from None
    if old is not None:
        try:
            shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            raise SwapError(f"interrupted after the new fixtures were swapped in, while removing the old ones: the "
                            f"next run of this script removes what is left of them ({old})") from None


def alive(pid: int) -> bool:
    """Whether process `pid` is running (a regen run whose temporaries must not be touched)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def recover(out_root: Path) -> list[str]:
    """Repair what interrupted runs left in `out_root`; one line per repair, saying what was done."""
    done = []
    if not out_root.is_dir():
        return done
    for entry in sorted(out_root.iterdir()):
        aside, stale = ASIDE.match(entry.name), STALE_WORK.match(entry.name)
        if aside and entry.is_dir() and not alive(int(aside.group(2))):
            final = out_root / aside.group(1)
            if final.exists():
                shutil.rmtree(entry)
                done.append(f"removed {entry.name}, the previous {final.name} an interrupted swap left beside the new one")
            else:
                entry.rename(final)
                done.append(f"put {final.name} back from {entry.name}, where an interrupted swap had left it")
        elif stale and entry.is_dir() and not (stale.group(1) and alive(int(stale.group(1)))):
            shutil.rmtree(entry)
            done.append(f"removed {entry.name}, the temporary folder of an interrupted run")
    return done
