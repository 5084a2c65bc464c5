"""Shared pytest configuration: hypothesis profiles.

Under ``CI=true`` the derandomized ``ci`` profile runs, so CI results are repeatable;
``HYPOTHESIS_PROFILE=stress`` runs ten times the examples of ``dev`` (for a long local run).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("dev", deadline=None, max_examples=40)
settings.register_profile(
    "stress", deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(
    "ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "dev")
)
