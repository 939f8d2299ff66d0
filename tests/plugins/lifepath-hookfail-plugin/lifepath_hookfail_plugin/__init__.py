"""A plugin whose creation hooks raise, one at a time: the host must refuse to create, naming the plugin
and the hook. It does nothing unless ``LIFEPATH_TEST_FAILING_HOOK`` names one of its hooks, so the other
tests that install every test plugin are not affected."""

import os

from lifepath import hookimpl


def _maybe_fail(hook: str) -> None:
    if os.environ.get("LIFEPATH_TEST_FAILING_HOOK") == hook:
        raise RuntimeError(f"the hookfail test plugin breaks {hook} on purpose")


@hookimpl
def lifepath_characteristics(ctx, specs):
    _maybe_fail("lifepath_characteristics")


@hookimpl
def lifepath_apply_trait(ctx, trait, stage):
    _maybe_fail("lifepath_apply_trait")


@hookimpl
def lifepath_crisis(ctx, crisis):
    _maybe_fail("lifepath_crisis")
    return None
