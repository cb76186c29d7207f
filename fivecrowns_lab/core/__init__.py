"""The rules as values: cards and notation, the schedule, melds, the exact solver, lay-offs.

Standard library only and stateless: every other layer builds on this one.
"""
