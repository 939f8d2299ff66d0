"""The roster as web pages: the local server (``lifepath serve``), its guards and jobs, and the static site."""
