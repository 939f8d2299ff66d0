"""The guards of ``lifepath serve``: who may reach the roster server, and what every answer carries.

:class:`Guard` is a pure ASGI middleware in front of the whole app (see docs/security.md):

* **Host.** A request whose ``Host`` header names neither one of the server's own names nor the port it
  listens on is refused (400), so a page whose domain resolves to 127.0.0.1 (DNS rebinding) reads nothing.
  On loopback the names are 127.0.0.1, localhost and [::1]; on another address that address; on 0.0.0.0 or
  :: this machine's host name, its fully qualified name and the addresses they resolve to. ``--allowed-host
  NAME`` adds a name (a DNS alias at the table, say).
* **Join secret.** When the server edits or creates and listens beyond loopback, every request needs the
  cookie set by the join link ``serve`` prints once (``/join/SECRET``: HttpOnly, SameSite=Strict); others
  are refused, but for a player's: a campaign's players' link (``/table/KEY``, see
  :mod:`lifepath.web.creation`) sets a cookie that reaches the creation pages alone (a campaign's
  ``/create`` and ``/drafts/...``), marked in the scope as :data:`PLAYER` for the app to check its key.
* **Origin.** A request that is not GET, HEAD or OPTIONS whose ``Origin`` (or, without one, ``Referer``) is
  not this server is refused (403), on top of the form token :class:`lifepath.web.app.App` checks.
* **Headers.** Every answer, refusals included, carries a Content-Security-Policy that allows no script,
  no framing and nothing from elsewhere, ``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: same-origin``.

Also here: the names of a bound address (:func:`allowed_names`), whether an error is a busy database
(:func:`is_busy`), and a log filter that keeps a flood of identical warnings to one line a minute.
Nothing here imports Starlette at import time.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
#: makes the page of a refusal: heading, message, status -> an ASGI response
Refusal = Callable[[str, str, int], ASGIApp]

CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
#: the creation pages' policy: the same, and the page's own small script (``/static/creation.js``) and what
#: it fetches, from this server only
CREATION_CSP = CSP.replace("default-src 'none';", "default-src 'none'; script-src 'self'; connect-src 'self';")
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("", "0.0.0.0", "::")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
JOIN_PATH = "/join/"
#: a campaign's players' link: ``/table/KEY`` (the app checks the key and sets :attr:`Policy.table_cookie`)
TABLE_PATH = "/table/"
#: the creation pages' script
SCRIPT_PATH = "/static/creation.js"
#: the scope key of a request let in by a players' cookie, not the referee's: the cookie's value
PLAYER = "lifepath.player"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name to bind) is this machine only."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def machine_names() -> set[str]:
    """This machine's host name, fully qualified name and the addresses they resolve to, and the address
    it would send from to reach a LAN (found by connecting a UDP socket, which sends nothing)."""
    names: set[str] = set()
    with suppress(OSError):
        names.update({socket.gethostname(), socket.getfqdn()})
    for name in list(names):
        with suppress(OSError, UnicodeError):
            names.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        with suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            names.add(str(s.getsockname()[0]))
    return {n.split("%", 1)[0].lower() for n in names if n}


def allowed_names(host: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names a ``Host`` header may give for a server bound to ``host`` (see the module docstring)."""
    bound = host.strip().strip("[]").lower()
    names = set(LOOPBACK_NAMES)
    if bound in WILDCARDS:
        names |= machine_names()
    else:
        names.add(bound)
    names |= {e.strip().strip("[]").lower() for e in extra if e.strip()}
    return frozenset(names)


def parse_authority(value: str | None) -> tuple[str, int | None] | None:
    """``name`` and ``port`` of a Host header (``[::1]:8000``, ``localhost``), or None when it is not one."""
    text = (value or "").strip().lower()
    if text.startswith("["):
        name, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            return None
        port = rest[1:] if rest else None
    else:
        name, sep, port_text = text.partition(":")
        if ":" in port_text:
            return None
        port = port_text if sep else None
    if not name or (port is not None and not (port.isdigit() and len(port) <= 5)):
        return None
    return name, int(port) if port is not None else None


@dataclass(frozen=True)
class Policy:
    """Who may talk to the server: its ``names``, its ``port`` and, beyond loopback with edits, its join ``secret``."""

    names: frozenset[str]
    port: int
    secret: str | None = None

    @property
    def cookie(self) -> str:
        """The join cookie's name (per port: a browser shares cookies between the ports of one host)."""
        return f"lifepath_join_{self.port}"

    @property
    def table_cookie(self) -> str:
        """The players' cookie's name (a campaign's players' link sets it)."""
        return f"lifepath_table_{self.port}"

    def host_ok(self, header: str | None) -> bool:
        parsed = parse_authority(header)
        if parsed is None:
            return False
        name, port = parsed
        return name in self.names and (port if port is not None else 80) == self.port

    def origin_ok(self, url: str) -> bool:
        """Whether the origin of ``url`` (an Origin or Referer header) is this server."""
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError:
            return False
        if parts.scheme != "http" or not parts.hostname:
            return False
        return parts.hostname.lower() in self.names and (port if port is not None else 80) == self.port

    def secret_ok(self, sent: str) -> bool:
        return self.secret is None or (bool(sent) and hmac.compare_digest(sent.encode(), self.secret.encode()))


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        out.setdefault(key.decode("latin-1").lower(), value.decode("latin-1"))
    return out


def _cookie(header: str, name: str) -> str:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


class Guard:
    """The ASGI middleware that applies a :class:`Policy` (see the module docstring)."""

    def __init__(self, app: ASGIApp, policy: Policy, refuse: Refusal) -> None:
        self.app = app
        self.policy = policy
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in HEADERS if h[0] not in names)]
            await send(message)

        answer = self.check(scope, _headers(scope))
        await (answer or self.app)(scope, receive, send_with_headers)

    def check(self, scope: Scope, headers: dict[str, str]) -> ASGIApp | None:
        """The refusal (or the join answer) for this request, or None to let it through."""
        policy = self.policy
        if not policy.host_ok(headers.get("host")):
            return self.refuse(
                "Wrong address",
                "This server answers only to the address it was started on "
                "(see the line `lifepath serve` printed). A page on another site cannot read it.",
                400,
            )
        if policy.secret is not None:
            path = str(scope.get("path", ""))
            if path.startswith(JOIN_PATH):
                return self.join(path[len(JOIN_PATH) :])
            cookies = headers.get("cookie", "")
            player = _cookie(cookies, policy.table_cookie)
            if policy.secret_ok(_cookie(cookies, policy.cookie)):
                pass  # the referee's browser
            elif path.startswith(TABLE_PATH) or (player and _for_players(path)):
                scope[PLAYER] = player  # a player's: the app checks the key against the campaign
            else:
                return self.refuse(
                    "Join first",
                    "This server changes the roster (edits, or new characters) and is open to the network, "
                    "so it answers only browsers that opened its join link (printed once where `lifepath "
                    "serve` was started), and players' links only on the pages that make characters. "
                    "Ask the referee for yours.",
                    403,
                )
        if scope.get("method", "GET") not in SAFE_METHODS:
            origin = headers.get("origin") or headers.get("referer")
            if origin is not None and not policy.origin_ok(origin):
                return self.refuse(
                    "Refused",
                    "This form was sent from another site, not from this server's own pages, so nothing was changed.",
                    403,
                )
        return None

    def join(self, sent: str) -> ASGIApp:
        """``/join/SECRET``: set the join cookie and go to the campaigns, or refuse a wrong secret."""
        from starlette.responses import RedirectResponse

        if not self.policy.secret_ok(sent):
            return self.refuse(
                "Join first",
                "That join link is not this server's (it changes every time "
                "`lifepath serve` starts). Ask the referee for the one it printed.",
                403,
            )
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(self.policy.cookie, sent, httponly=True, samesite="strict", path="/")
        return response


def _for_players(path: str) -> bool:
    """Whether ``path`` is one of the creation pages a players' link reaches."""
    return (
        path.startswith("/drafts/")
        or (path.startswith("/campaigns/") and path.endswith("/create"))
        or path == SCRIPT_PATH
    )


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` (or what it was raised from) is a database locked by another process's write."""
    seen: BaseException | None = error
    for _ in range(4):
        if seen is None:
            return False
        text = str(seen).lower()
        if "database is locked" in text or "stayed locked" in text or "database is busy" in text:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class OncePerMinute(logging.Filter):
    """Lets each distinct message through at most once a minute, so a flood of sockets logs a line, not megabytes."""

    def __init__(self, every: float = 60.0) -> None:
        super().__init__()
        self.every = every
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = f"{record.name}:{record.msg}"
        now = time.monotonic()
        if now - self.last.get(key, -self.every) < self.every:
            return False
        if len(self.last) > 1000:
            self.last.clear()
        self.last[key] = now
        return True


def quiet_logs(names: Iterable[str] = ("uvicorn.error", "uvicorn", "asyncio")) -> None:
    """Add :class:`OncePerMinute` to the loggers that would otherwise write a line per failing socket."""
    once = OncePerMinute()
    for name in names:
        logging.getLogger(name).addFilter(once)


__all__ = [
    "CSP",
    "HEADERS",
    "Guard",
    "OncePerMinute",
    "Policy",
    "allowed_names",
    "is_busy",
    "is_loopback",
    "machine_names",
    "parse_authority",
    "quiet_logs",
]
