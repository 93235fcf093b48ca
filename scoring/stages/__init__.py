"""The stages of a tournament (docs/rules.md §9): the cut to the final (`services`: plan, make,
undo; the orders the final is seated by; the next qualifier moving up) and its page (`views`).
The standings of each stage are `scoring.standings.stages`.
"""
