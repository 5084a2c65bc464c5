"""Shared pytest configuration: hypothesis profiles, and ``benchmarks/`` on ``sys.path``.

Under ``CI=true`` the derandomized ``ci`` profile runs, so CI results are repeatable;
``HYPOTHESIS_PROFILE=stress`` runs ten times the examples of ``dev`` (for a long local run).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
# the benchmarks' yardstick, ``benchmarks/legacy_greedy.py`` (not part of the library), is
# imported by the tests as ``legacy_greedy``, as the benchmark scripts beside it import it
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

settings.load_profile(
    "ci" if os.environ.get("CI") == "true" else os.environ.get("HYPOTHESIS_PROFILE", "dev")
)
