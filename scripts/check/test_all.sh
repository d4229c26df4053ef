#!/usr/bin/env bash
# The whole test suite with every input of the corpus-wide tests (JLIR_TEST_ALL=1): the README's test command
# (scripts/test.sh) runs a sample of the largest ones to stay within CI's time budget (tests/conftest.py
# DEFAULT_STRIDE, the cases marked `corpus`; every_case() in the Graphviz/Mermaid and recorded-run tests).
# Run scripts/test.sh once first (it installs the test extras and Julia); extra arguments go to pytest
# (`-m corpus` runs only the cases test.sh leaves out).
set -euo pipefail
cd "$(dirname "$0")/../.."
export JLIR_TEST_ALL=1
if [ -z "${JLIR_JULIA:-}" ] && JULIA="$(bash scripts/install-julia.sh 2>/dev/null | tail -n 1)"; then
    export JLIR_JULIA="$JULIA"
fi
exec python3 -m pytest "$@"
