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
exec python3 -m pytest "$@"
