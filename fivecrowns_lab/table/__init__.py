"""Playing at a table: actions, games with every rule and variant, observations, bots,
scoresheets and solitaire. Builds on :mod:`fivecrowns_lab.core` only.
"""
