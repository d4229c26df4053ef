"""The guard: the leader of Julia's process group, which ends that group however jlir ends.

Run as `python -I -S guard.py FD julia args...` in a new session.  It forks Julia into its own (the guard's)
process group and then waits for one of two things:

* the end of pipe FD, whose only write end jlir holds (not inherited by Julia or anything else jlir starts):
  the kernel closes it when jlir exits in any way, SIGKILL included, which no handler in jlir could see.  Julia
  cannot watch for this itself: user code in a `while true end` never yields to a task that would read a pipe.
  The guard then kills the whole group (Julia, what user code started, and itself).
* Julia's exit: the guard exits the same way (the same status, or the same signal), so jlir's messages about
  how Julia ended stay true; jlir then kills what is left of the group, as it always did.

If the guard itself is killed, Julia follows it (a parent-death signal set before exec), so killing the pid
jlir reports ends Julia as before.  Standard library only, no jlir import: it starts in ~20 ms.
"""
import ctypes
import os
import signal
import sys
import threading

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # not Linux: the guard's pipe watch still ends the group when jlir goes


def _start(argv: list[str], guard_fd: int) -> int:
    pid = os.fork()
    if pid == 0:
        try:
            os.close(guard_fd)
            _die_with_parent()
            os.execvp(argv[0], argv)
        except OSError as e:
            os.write(2, f"cannot run {argv[0]}: {e.strerror or e}\n".encode())
        os._exit(127)
    return pid


def _watch(guard_fd: int) -> None:
    try:
        while os.read(guard_fd, 4096):
            pass
    except OSError:
        pass
    os.killpg(0, signal.SIGKILL)  # jlir is gone: nothing of this group may outlive it


def _exit_like(status: int) -> None:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            import resource
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        except (ImportError, ValueError, OSError):
            pass
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def main() -> None:
    guard_fd = int(sys.argv[1])
    pid = _start(sys.argv[2:], guard_fd)
    # Julia owns the pipes now: the guard holding them open would hide Julia's end from jlir's readers.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    threading.Thread(target=_watch, args=(guard_fd,), daemon=True).start()
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except InterruptedError:
            continue
    _exit_like(status)


if __name__ == "__main__":
    main()
