"""The rulesets that ship with lifepath. Each is a plugin registered through the ``lifepath`` entry-point group."""
