#!/usr/bin/env bash
# The whole test suite on a fresh machine: install jlir with its test extras and juliacall (whose test then
# runs, or is skipped saying why juliacall cannot start),
# install the real Julia 1.5.3 (user space, cached), then run pytest with it.
# README's test command and .ci/run both call this script.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e '.[test,julia]'
if JULIA="$(bash scripts/install-julia.sh | tail -n 1)"; then
    export JLIR_JULIA="$JULIA"
else
    echo "test.sh: Julia 1.5.3 could not be installed; the live-Julia tests will be skipped" >&2
fi
# Graphviz's `dot` renders every fixture's CFG in tests/test_graphs.py (skipped, saying why, without it).
if ! command -v dot >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        { apt-get install -y -qq graphviz || { apt-get update -qq && apt-get install -y -qq graphviz; }; } >/dev/null 2>&1 \
            || echo "test.sh: graphviz could not be installed; the DOT rendering test will be skipped" >&2
    else
        echo "test.sh: no Graphviz (dot) and no apt-get as root to install it; the DOT rendering test will be skipped" >&2
    fi
fi
exec python3 -m pytest "$@"
