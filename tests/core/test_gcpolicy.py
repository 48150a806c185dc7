"""A worker, once started, keeps start-up's objects out of the collector's walks and collects
young objects less often (core/gcpolicy.py)."""

from __future__ import annotations

import gc

from core import gcpolicy


def test_settling_freezes_startup_and_raises_the_thresholds():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's defaults (the test run itself uses the policy's)
        gcpolicy.settle_after_startup()
        assert gc.get_freeze_count() > 10_000  # the modules, models and plugins this test process imported
        assert gc.get_threshold() == (gcpolicy.GEN0, gcpolicy.GEN1, gcpolicy.GEN2)
        survivor = [object() for _ in range(10)]
        assert gc.is_tracked(survivor)  # what comes after start-up is still collected
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
