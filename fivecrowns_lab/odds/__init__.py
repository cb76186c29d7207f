"""Exact counting, probability, outs, statistics and simulation over many games.

Builds on :mod:`fivecrowns_lab.table` and :mod:`fivecrowns_lab.core`.
"""
