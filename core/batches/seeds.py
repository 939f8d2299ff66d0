"""Seeds for batches: one seed per character, derived from the batch's seed and the character's index.

``lifepath generate`` and ``lifepath odds`` make character ``i`` of a batch with seed ``S`` from
``derive_seed(S, i)``, never from a stream shared by the batch. So a character does not depend on the
characters made before it, which gives three properties:

* the output is the same whatever the number of worker processes, or the order they finish in;
* every character replays alone: the derived seed is the seed in its provenance, and
  ``lifepath verify`` needs nothing else from the batch;
* character ``i`` of ``lifepath odds --seed S`` is character ``i`` of ``lifepath generate --seed S`` (with
  the same options), so a surprising figure can be looked at one character at a time.

The derivation is the first 8 bytes of ``sha256("lifepath:{seed}:{index}")`` read as a big-endian
unsigned integer and masked to 63 bits: a whole number from 0 to 2**63 - 1, which the campaign store
keeps as a signed 64-bit column. It is part of lifepath's reproducibility promise; changing it changes
every batch, so it never changes.
"""

from __future__ import annotations

import hashlib

#: the largest derived seed (2**63 - 1)
MAX_SEED = (1 << 63) - 1


def derive_seed(seed: int, index: int) -> int:
    """The seed of character ``index`` (from 0) of the batch with seed ``seed``.

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    >>> 0 <= derive_seed(-5, 10**9) <= MAX_SEED
    True
    """
    digest = hashlib.sha256(f"lifepath:{seed}:{index}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


__all__ = ["MAX_SEED", "derive_seed"]
