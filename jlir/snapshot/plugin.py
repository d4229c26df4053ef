"""jlir's pytest plugin: `julia_ir` (a live Julia for the run) and `ir_snapshot` (IR snapshots per Julia version).

Registered through the `pytest11` entry point, so installing jlir is enough;
it adds two fixtures and two options and does nothing unless a test asks for
a fixture.

    def test_mysum_ir(julia_ir, ir_snapshot):
        f = julia_ir.code_typed("mysum(::Vector{Float64})", defs=open("src/mysum.jl").read())
        assert f == ir_snapshot                                  # the print, per Julia major.minor
        assert f == ir_snapshot(kind="stability")                # only the type-stability facts

`julia_ir` starts one `jlir.live.Julia` for the whole run, found as the CLI
finds one (`--jlir-julia`, the `jlir_julia` ini value, `$JLIR_JULIA`, PATH,
jlir's cache); with none, the tests that use it are skipped, saying why, except
in CI (`$CI` set, or `--jlir-require-julia`), where they fail with the reason:
a CI run that checked no IR must not pass (`--jlir-allow-no-julia` opts out).
`ir_snapshot` needs syrupy (`pip install 'jlir[pytest]'`); `--snapshot-update`
rewrites the snapshots, as for syrupy's own `snapshot`.  A snapshot that does
not exist yet is written on the first run and the test passes (a new project
gets its snapshots by running its tests once), except in CI (`$CI` set to
anything but `false`/`0`, or `--jlir-snapshot-strict`), where a missing
snapshot fails: CI must check stored snapshots, never create them.
"""
from __future__ import annotations

import pytest

NO_SYRUPY = ("ir_snapshot needs syrupy, which is not installed (or is disabled with -p no:syrupy): "
             "pip install 'jlir[pytest]' (or pip install syrupy)")


def pytest_addoption(parser) -> None:
    group = parser.getgroup("jlir", "jlir: Julia IR snapshots")
    group.addoption("--jlir-julia", dest="jlir_julia", default=None, metavar="SPEC",
                    help="the Julia for the julia_ir fixture: a path, a command on PATH, or +CHANNEL (juliaup); "
                         "default: the jlir_julia ini value, $JLIR_JULIA, `julia` on PATH, jlir's Julia cache")
    group.addoption("--jlir-style-insensitive", dest="jlir_style_insensitive", action="store_true", default=False,
                    help="ir_snapshot: accept prints that differ from the snapshot only in printing style")
    group.addoption("--jlir-snapshot-strict", dest="jlir_snapshot_strict", action="store_true", default=False,
                    help="ir_snapshot: a missing snapshot fails instead of being written (the default when $CI is set)")
    group.addoption("--jlir-require-julia", dest="jlir_require_julia", action="store_true", default=None,
                    help="julia_ir: no Julia fails the tests that use it instead of skipping them "
                         "(the default when $CI is set)")
    group.addoption("--jlir-allow-no-julia", dest="jlir_require_julia", action="store_false",
                    help="julia_ir: no Julia skips the tests that use it, even in CI")
    parser.addini("jlir_julia", "the Julia for the julia_ir fixture (as --jlir-julia)", default="")


def _in_ci() -> bool:
    import os
    return os.environ.get("CI", "").strip().lower() not in ("", "false", "0")


def _strict(config) -> bool:
    """Whether a missing snapshot fails (CI, or asked for) rather than being written on the first run."""
    return config.getoption("jlir_snapshot_strict") or _in_ci()


def _julia_required(config) -> bool:
    """Whether a missing Julia fails (CI, or asked for): skipping every IR test would leave CI green with
    nothing checked."""
    asked = config.getoption("jlir_require_julia")
    return _in_ci() if asked is None else asked


def _julia_spec(config) -> str | None:
    return config.getoption("jlir_julia") or config.getini("jlir_julia") or None


@pytest.fixture(scope="session")
def julia_ir(request):
    """One live Julia for the run (`jlir.live.Julia`); the tests using it skip when no Julia is found."""
    from jlir.live import Julia, JuliaNotFound
    try:
        jl = Julia(_julia_spec(request.config))
    except JuliaNotFound as e:
        if _julia_required(request.config):
            pytest.fail(f"julia_ir: {e}\n(a Julia is required: $CI is set or --jlir-require-julia was given; "
                        "--jlir-allow-no-julia skips instead)", pytrace=False)
        pytest.skip(f"julia_ir: {e}".splitlines()[0])
    yield jl
    jl.close()


@pytest.fixture
def ir_snapshot(request):
    """syrupy's snapshot for Julia IR: `assert f == ir_snapshot`, `ir_snapshot(kind="stability")`, …"""
    try:
        import syrupy  # noqa: F401
        base = request.getfixturevalue("snapshot")
    except (ImportError, pytest.FixtureLookupError):
        base = None
    if base is None:
        pytest.fail(NO_SYRUPY, pytrace=False)
    from jlir.snapshot.extension import IRSnapshotAssertion, IRSnapshotExtension
    assertion = IRSnapshotAssertion(session=base.session, extension_class=IRSnapshotExtension,
                                    test_location=base.test_location, update_snapshots=base.update_snapshots,
                                    update_new_snapshots_only=base.update_new_snapshots_only
                                    or not _strict(request.config))
    return assertion.configure({"kind": "ir", "per_version": True, "julia": None, "allow_improvement": False,
                                "style_insensitive": request.config.getoption("jlir_style_insensitive")})
