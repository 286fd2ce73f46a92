"""Benchmarks: `bash tests/bench/run.sh` measures them all and rewrites BENCHMARKS.md.

Not part of the test suite (no file here is named test_*). Every figure is the median of
several runs; every comparison is measured side by side, alternating, in one run.
"""
