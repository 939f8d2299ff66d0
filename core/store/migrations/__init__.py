"""Alembic migrations of the campaign store: ``env.py`` and the revisions in ``versions``.

They are plain modules of the package, so they ship with it; Alembic is configured in code (see
:mod:`lifepath.store.migrate`), there is no ``alembic.ini``.
"""
