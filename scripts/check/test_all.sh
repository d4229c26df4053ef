#!/usr/bin/env bash
# The cases of the largest corpus-wide tests that the README's test command (scripts/test.sh) leaves out to stay
# within CI's time budget: every pass × fixture, every fixture of the per-fixture interpreter checks, and the
# like (the `corpus` marker, tests/conftest.py DEFAULT_STRIDE).  Run it after scripts/test.sh (which installs the
# test extras and Julia) for the whole set; extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/../.."
export JLIR_TEST_ALL=1
exec python3 -m pytest -m corpus "$@"
