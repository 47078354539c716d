"""Helpers of tests/web/test_budget.py, which other tests use too."""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def benchmark_module():
    spec = importlib.util.spec_from_file_location("bench_web", ROOT / "benchmarks" / "web.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
