"""Drawing lots (docs/rules.md §6.3): the lot of each player, from the tournament's seed of the lots.

Used by the standings' last tie-breaker and by the cut to the final (§9.1).
"""

import hashlib


def drawn_lot(seed, registration):
    """The lot drawn for a registration with the tournament's seed (higher is better): from the
    player number, which an archive restores, so a recorded seed gives the same order again."""
    text = f"{seed if seed is not None else 0}:{registration.number}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
