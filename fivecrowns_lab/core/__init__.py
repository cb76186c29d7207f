"""The rules as values: cards and notation, the schedule, melds, the exact solver, lay-offs.

Standard library only and stateless (a ``Solver`` remembers positions it solved, a cache
that changes no answer): every other layer builds on this one.
"""
