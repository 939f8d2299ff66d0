"""Uvicorn's h11 protocol with one change: a connection that never sends a request is closed after the
keep-alive time too (Uvicorn would keep it open for ever, so idle sockets could lock everyone out).

A module of its own, named to Uvicorn by its import path (``lifepath.web.protocol:FirstRequestTimeout``),
so that ``serve --workers`` hands it to worker processes; only ``lifepath serve`` imports it.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

PATH = "lifepath.web.protocol:FirstRequestTimeout"


class FirstRequestTimeout(H11Protocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.timeout_keep_alive_task = self.loop.call_later(self.timeout_keep_alive, self.timeout_keep_alive_handler)
