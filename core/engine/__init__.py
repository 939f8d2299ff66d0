"""The creation engine's services: dice, the history log, house rules, hook calls, sessions, drafts, help."""
