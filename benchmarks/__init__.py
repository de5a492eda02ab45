"""Benchmarks of the box: each `*_bench.py` module prints a table (`python -m benchmarks`)."""
