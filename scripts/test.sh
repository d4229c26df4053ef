#!/usr/bin/env bash
# The whole test suite on a fresh machine: install jlir with its test extras (into the Python environment
# that runs this script: use a virtualenv to keep yours as it is), install the real Julia 1.5.3 (user space,
# cached), then run pytest with it.  juliacall (the in-process backend, which downloads Julia packages on first
# use) is installed only when asked for, JLIR_TEST_JULIACALL=1; without it its tests are skipped, saying why.
# README's test command and .ci/run both call this script.
set -euo pipefail
cd "$(dirname "$0")/.."
extras=test,cluster
if [ "${JLIR_TEST_JULIACALL:-0}" = 1 ]; then
    extras=test,cluster,julia
    echo "test.sh: JLIR_TEST_JULIACALL=1: installing juliacall into $(python3 -c 'import sys; print(sys.prefix)')" >&2
fi
echo "test.sh: installing jlir[$extras] (editable) into $(python3 -c 'import sys; print(sys.prefix)')" >&2
python3 -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
if JULIA="$(bash scripts/install-julia.sh | tail -n 1)"; then
    export JLIR_JULIA="$JULIA"
else
    echo "test.sh: Julia 1.5.3 could not be installed; the live-Julia tests will be skipped" >&2
fi
# Debian packages some tests need, installed as root where missing (each test skips, saying why, without them).
# Another apt or dpkg running (an unattended upgrade, another install) holds apt's locks: wait for them, up to
# $JLIR_APT_LOCK_TIMEOUT seconds (default 900), rather than fail at once and skip the tests.
apt_wait=(-o "DPkg::Lock::Timeout=${JLIR_APT_LOCK_TIMEOUT:-900}")
apt_install() {  # COMMAND PACKAGE WHAT
    command -v "$1" >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "test.sh: installing Debian's $2 (waiting for apt's lock if another apt runs)" >&2
        { apt-get "${apt_wait[@]}" install -y -qq "$2" \
            || { apt-get "${apt_wait[@]}" update -qq && apt-get "${apt_wait[@]}" install -y -qq "$2"; }; } \
            >/dev/null 2>&1 || echo "test.sh: $2 could not be installed; $3 will be skipped" >&2
    else
        echo "test.sh: no $1 and no apt-get as root to install $2; $3 will be skipped" >&2
    fi
}
# Graphviz's `dot` renders every fixture's CFG in tests/html/test_render.py.
apt_install dot graphviz "the DOT rendering test"
# Chromium and Playwright drive the `jlir html` page in a real browser (tests/html/test_browser.py; skipped,
# saying why, without them).  Playwright's own browser download is not used: Debian's chromium is.
apt_install chromium chromium "the browser tests"
python3 -m pip install --quiet --disable-pip-version-check playwright \
    || echo "test.sh: playwright could not be installed; the browser tests will be skipped" >&2
# A real JupyterLab (served on localhost in tests/html/test_notebook.py) and nbconvert's HTML show the notebook
# view as users see it; without them those tests are skipped, saying why.
python3 -m pip install --quiet --disable-pip-version-check jupyterlab nbconvert \
    || echo "test.sh: jupyterlab could not be installed; the notebook tests will be skipped" >&2
# The suite is CPU-bound: one pytest worker per core (pytest-xdist), each test file whole on one worker so that a
# file's module fixtures are built once.  JLIR_TEST_JOBS=0 runs it in this process (a debugger, a profile).
exec python3 -m pytest -n "${JLIR_TEST_JOBS:-auto}" --dist loadfile "$@"
