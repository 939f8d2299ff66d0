"""Batches of seeded NPCs and the odds a referee reads from them."""
