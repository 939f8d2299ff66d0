"""Support shared by every layer: terminal-safe text, files, JSON positions, the cache, worker processes,
sector files, and the old names of moved modules."""
