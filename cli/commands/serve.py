"""``lifepath serve``: the campaign roster as a local web app (the optional extra ``lifepath[web]``).

The socket is bound here, before Uvicorn starts, so a port in use is one clear paragraph and ``--port 0``
can say which port it got. Beyond loopback it says so loudly, and with ``--allow-edit`` it prints a join
link once: only browsers that opened it are answered (see docs/security.md and :mod:`lifepath.web.safety`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import DbOption

if TYPE_CHECKING:
    import socket

    from lifepath.web.app import App

WEB_EXTRA = "install the optional extra 'web' (Starlette and Uvicorn): pip install 'lifepath[web]'"
#: seconds an idle connection (a kept-alive one, or one that never sent a request) stays open
KEEP_ALIVE = 5
#: connections and requests at once; beyond it Uvicorn answers 503 at once instead of queueing
CONCURRENCY = 200


def register(app: typer.Typer) -> None:
    command(app, "serve")(serve)


def serve(
    campaign: str = typer.Option(None, "--campaign", "-c", help="Show only this campaign."),
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="The port to listen on (0: any free one)."),
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (default: this machine only)."),
    allow_edit: bool = typer.Option(
        False, "--allow-edit", help="Let the pages change a character's name, status and player."
    ),
    allow_create: bool = typer.Option(
        False,
        "--allow-create",
        help="Let players create characters in the browser, each saved to the campaign's roster (--allow-edit "
        "allows it too).",
    ),
    allowed_host: list[str] = typer.Option(
        None,
        "--allowed-host",
        metavar="NAME",
        help="Another name the browsers may reach the server by (a DNS alias); repeatable.",
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        "-w",
        min=1,
        help="Server processes (at most the CPUs here): more answer more browsers at once on a large roster.",
    ),
    db: DbOption = None,
) -> None:
    """Browse the campaigns, their rosters, character sheets and life stories in a web browser.

    Read-only unless --allow-edit (or --allow-create, which lets players make characters and nothing
    else). Stop it with Ctrl+C. Beyond this machine (--host 0.0.0.0) with either it prints a join link once,
    and answers only browsers that opened it.
    """
    from lifepath.errors import LifepathError

    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise LifepathError(
            "`lifepath serve` needs Starlette and Uvicorn, which are not installed", hint=WEB_EXTRA
        ) from None
    from lifepath.web.app import App
    from lifepath.web.safety import Policy, allowed_names, is_loopback, quiet_logs

    app = App(db=db, campaign=campaign, allow_edit=allow_edit, allow_create=allow_create)
    if campaign is not None:
        app.store.campaign(campaign, check_plugins=False)  # an unknown name fails now, with the known ones
    else:
        app.store.campaigns()  # a database that cannot be opened fails before the server starts
    app.store.registry  # noqa: B018 -- the plugins load once, now, not in the first requests' threads
    sock = bind(host, port)
    bound = int(sock.getsockname()[1])
    local = is_loopback(host)
    import secrets

    secret = secrets.token_urlsafe(24) if (allow_edit or allow_create) and not local else None
    app.policy = Policy(allowed_names(host, allowed_host or ()), bound, secret)
    announce(app, host, bound, local)
    if workers > 1:
        from lifepath.cli.batching import cap_workers

        workers = cap_workers(workers)
    if workers == 1:
        config = uvicorn.Config(app.asgi(), **server_settings())
        quiet_logs()  # after Config, which sets Uvicorn's logging up
        uvicorn.Server(config).run(sockets=[sock])
        return
    serve_in_workers(app, sock, workers)


def server_settings() -> dict[str, Any]:
    """How Uvicorn serves, whatever the number of processes."""
    from lifepath.web.protocol import PATH

    return {
        "log_level": "warning",
        "timeout_keep_alive": KEEP_ALIVE,
        "limit_concurrency": CONCURRENCY,
        "http": PATH,
        "lifespan": "on",
    }


def serve_in_workers(app: App, sock: socket.socket, workers: int) -> None:
    """Uvicorn's supervisor over ``workers`` processes sharing ``sock``; each makes the same app (one form
    token, one policy) from :data:`lifepath.web.app.SETTINGS`."""
    import os

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from lifepath.web.app import SETTINGS, settings

    os.environ[SETTINGS] = settings(app)
    config = uvicorn.Config("lifepath.web.app:from_environment", factory=True, workers=workers, **server_settings())
    sock.set_inheritable(True)
    Multiprocess(config, sockets=[sock]).run()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or a :class:`LifepathError` saying why not in one paragraph."""
    import socket

    from lifepath.errors import LifepathError

    name = host.strip().strip("[]")
    try:
        infos = socket.getaddrinfo(name or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as e:
        raise LifepathError(
            f"cannot listen on {host!r}: it is not an address or name of this machine ({e})",
            hint="give --host 127.0.0.1 (this machine only) or an address of this machine, or 0.0.0.0 for all of them",
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and name == "::":
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        where = f"{url_host(host)}:{port}"
        if e.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise LifepathError(
                f"cannot listen on {where}: the port {port} is already in use (by another server, "
                "or another `lifepath serve`)",
                hint="stop that one, or give another --port (--port 0 takes any free port)",
            ) from None
        if e.errno in (13, 10013):  # EACCES
            raise LifepathError(
                f"cannot listen on {where}: this user may not use the port {port}",
                hint="ports below 1024 need an administrator; give --port 8000 or another above 1023",
            ) from None
        raise LifepathError(
            f"cannot listen on {where} ({e.strerror or e})",
            hint="check --host names an address of this machine, or give another --port",
        ) from None
    sock.setblocking(False)
    return sock


def url_host(host: str) -> str:
    """``host`` as it goes in a URL (an IPv6 address in brackets)."""
    name = host.strip().strip("[]")
    return f"[{name}]" if ":" in name else name


def lan_address(host: str) -> str:
    """The address others at the table reach the server by: the bound one, or for 0.0.0.0 or :: the one
    this machine sends from (its host name when there is none)."""
    from lifepath.web.safety import WILDCARDS, machine_names

    name = host.strip().strip("[]")
    if name not in WILDCARDS:
        return url_host(name)
    found = sorted(
        n for n in machine_names() if n.count(".") == 3 and n.replace(".", "").isdigit() and not n.startswith("127.")
    )
    if found:
        return found[0]
    import socket

    return socket.gethostname()


def announce(app: App, host: str, port: int, local: bool) -> None:
    """The lines ``serve`` prints on stderr: where it serves, the warning beyond loopback, the join link."""
    what = f"campaign {app.campaign!r}" if app.campaign else "every campaign"
    mode = "editable" if app.allow_edit else "read-only, creating characters" if app.allow_create else "read-only"
    shown = url_host(host) if local else lan_address(host)
    print(f"lifepath: serving {what} on http://{shown}:{port}/ ({mode}); Ctrl+C stops", file=sys.stderr)
    if local:
        return
    policy = app.policy
    names = ", ".join(sorted(policy.names)) if policy is not None else ""
    can = (
        "join with the link below and change the roster"
        if app.allow_edit
        else "join with the link below and create characters"
        if app.allow_create
        else "read the roster"
    )
    print(
        f"lifepath: WARNING: listening on {host}, beyond this machine: anyone on this network who can reach "
        f"port {port} can {can}; "
        f"there is no TLS, so the pages travel unencrypted. It answers to: {names} (add a name with "
        "--allowed-host). See docs/security.md.",
        file=sys.stderr,
    )
    if policy is not None and policy.secret is not None:
        print(
            f"lifepath: join link (give it only to the players at the table; it works until the server stops): "
            f"http://{lan_address(host)}:{port}/join/{policy.secret}",
            file=sys.stderr,
        )
    if policy is not None and policy.secret is not None and app.creating:
        for campaign in app.campaigns():
            if campaign.archived:
                continue
            key = app.store.table_key(campaign.name)
            print(
                f"lifepath: players' link for campaign {campaign.name!r} (makes characters there, nothing else; "
                f"`lifepath campaign new-table-link` replaces it): http://{lan_address(host)}:{port}/table/{key}",
                file=sys.stderr,
            )
