"""The ``lifepath`` command line (Typer). Heavy imports stay inside the commands that need them."""
