"""The skip policy of tests/conftest.py, run on a small suite of its own: every skip prints its reason, and
under CI=true a skip whose reason starts with "needed in CI: " fails while any other skip stays a skip."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py")
SUITE = """
import pytest

@pytest.fixture
def server():
    pytest.skip("needed in CI: no server here")

def test_needs_a_server(server):
    pass

def test_needs_a_library():
    pytest.skip("needed in CI: the library is not installed")

def test_skipped_for_a_plain_reason():
    pytest.skip("not on this platform")
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(test_suite=SUITE)
    return pytester


def test_outside_ci_they_are_skips_with_their_reasons(suite: pytest.Pytester, monkeypatch) -> None:
    monkeypatch.setenv("CI", "false")
    result = suite.runpytest_subprocess("-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=3)
    result.stdout.fnmatch_lines(["*needed in CI: no server here*", "*not on this platform*"])


def test_under_ci_the_needed_ones_fail(suite: pytest.Pytester, monkeypatch) -> None:
    monkeypatch.setenv("CI", "true")
    result = suite.runpytest_subprocess("-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=1, failed=1, errors=1)  # the fixture's skip fails the set-up: an error
    result.stdout.fnmatch_lines(["*the library is not installed (CI is set: this may not be skipped)*"])
    assert result.ret != 0
