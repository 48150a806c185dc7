"""``hearth migrate [--check]`` · ``hearth backup PATH`` · ``hearth restore PATH [--force]`` ·
``hearth storage migrate --to s3|local`` · ``hearth serve [--host H] [--port P] [--workers N]`` · ``hearth check`` ·
``hearth plugins [--json] [--web-bundles FILE]`` · ``hearth moderator grant|revoke EMAIL [--mod]``.

A start-up refused for plugin reasons (a disabled requirement, an unknown id, a broken entry
point, two plugins claiming one route) prints one line, ``hearth: <why>``, and exits with 2."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any

from core.plugins import PluginError


def _migrate(check: bool) -> int:
    """Apply the pending migrations; with ``check``, only list them: exit 0 when there are none,
    1 when there are (an upgrade script can stop before new workers would start)."""
    from core import db
    from core.app import build_db_config
    from core.plugins import PluginHost
    from core.settings import load_settings

    settings = load_settings()
    config = build_db_config(settings, PluginHost.from_settings(settings))

    async def run() -> list[str]:
        try:
            if check:
                return await db.pending_migrations(config)
            await db.migrate(config)
            return []
        finally:
            await db.close()

    pending = asyncio.run(run())
    if not check:
        print("hearth: database is up to date")
        return 0
    if not pending:
        print("hearth: no migrations pending")
        return 0
    print(f"hearth: {len(pending)} migration(s) pending:")
    for name in pending:
        print(f"  {name}")
    return 1


def _backup(command: str, path: str, force: bool) -> int:
    from pathlib import Path

    from core.backup import BackupError, backup, restore
    from core.backup.database import DatabaseError
    from core.cdn.storage import StorageUnavailable
    from core.settings import load_settings

    settings = load_settings()
    say = lambda line: print(f"hearth: {line}", flush=True)  # noqa: E731
    try:
        if command == "backup":
            asyncio.run(backup(settings, Path(path).resolve(), say))
        else:
            asyncio.run(restore(settings, Path(path).resolve(), force, say))
    except (BackupError, DatabaseError) as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 1
    except StorageUnavailable as error:
        print(f"hearth: the storage did not answer: {error}", file=sys.stderr)
        return 1
    return 0


def _storage(to: str) -> int:
    from core.cdn.migrate import migrate, stores
    from core.settings import load_settings

    try:
        source, target = stores(load_settings(), to)
    except ValueError as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 2
    from core.cdn.storage import StorageUnavailable

    try:
        copied = asyncio.run(migrate(source, target, lambda line: print(line, flush=True)))
    except StorageUnavailable as error:
        print(f"hearth: the storage did not answer: {error}", file=sys.stderr)
        return 1
    return 1 if copied.failed else 0


def _serve(host: str | None, port: int | None, workers: int | None) -> int:
    from core.metrics import multiproc
    from core.settings import load_settings

    settings = load_settings()
    metrics_directory = multiproc.prepare(settings)  # before any worker: they inherit it
    try:
        return _serve_engine(settings, host, port, workers)
    finally:
        multiproc.finish(metrics_directory, settings)


def _serve_engine(settings: Any, host: str | None, port: int | None, workers: int | None) -> int:
    import importlib.util

    from core.cdn.storage import make_storage
    from core.plugins import PluginHost

    # Refuse a plugin set or storage settings that cannot start here, before any worker (each
    # would fail alike).
    PluginHost.from_settings(settings)
    try:
        make_storage(settings)
    except ValueError as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 2
    host = host or settings.server.host
    port = int(port or settings.server.port)
    workers = int(workers or settings.server.workers)
    engine = settings.get("server.engine", "hypercorn")
    print(f"hearth: serving on http://{host}:{port} with {workers} {engine} worker(s)", flush=True)
    if engine in ("granian", "uvicorn"):
        if importlib.util.find_spec(engine) is None:
            raise SystemExit(f"hearth: server.engine is {engine!r}: install it first (.venv/bin/pip install {engine})")
    if engine == "granian":
        from granian import Granian
        from granian.constants import Interfaces

        Granian(
            "core.asgi:app",
            address=host,
            port=port,
            interface=Interfaces.ASGI,
            workers=workers,
            websockets=True,
            log_access=False,
        ).serve()
    elif engine == "uvicorn":
        import uvicorn

        uvicorn.run(
            "core.asgi:app", host=host, port=port, workers=workers, ws="websockets", access_log=False, lifespan="on"
        )
    else:
        from core.serve import Supervisor

        return Supervisor([f"{host}:{port}"], workers, grace=float(settings.server.shutdown_grace_seconds)).run()
    return 0


def _moderator(action: str, email: str, mod_only: bool) -> int:
    """Give or take the ADMIN badge (MOD with ``--mod``) of the account with this e-mail."""
    from core import db
    from core.app import build_db_config
    from core.identity import staff
    from core.plugins import PluginHost
    from core.settings import load_settings

    settings = load_settings()
    config = build_db_config(settings, PluginHost.from_settings(settings))

    async def run() -> staff.StaffChange:
        await db.init(config)
        try:
            return await (staff.grant(email, mod_only) if action == "grant" else staff.revoke(email))
        finally:
            await db.close()

    try:
        change = asyncio.run(run())
    except staff.StaffError as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 1
    print(f"hearth: {change.describe()}")
    return 0


def _plugins(as_json: bool, web_bundles: str | None) -> int:
    """Every plugin found, enabled or not; exit 2 (after the list) when the set cannot start."""
    import json

    from core.plugins import catalogue, discover, select
    from core.settings import load_settings

    available = discover()
    if web_bundles is not None:  # what is installed, whatever the configuration enables
        _write_web_bundles(web_bundles, available)
        return 0
    settings = load_settings()
    refusal: PluginError | None = None
    try:
        enabled = {plugin.id for plugin in select(available, settings)}
    except PluginError as error:
        refusal = error
        disabled = set(settings.get("plugins.disabled") or [])
        enabled = {pid for pid in (settings.get("plugins.enabled") or available) if pid not in disabled}
    infos = catalogue(available, enabled)
    if as_json:
        print(json.dumps({"plugins": [info.wire() for info in infos]}, indent=2))
    else:
        print(_table(infos))
    if refusal is not None:
        print(f"hearth: {refusal}", file=sys.stderr)
        return 2
    return 0


def _table(infos: list[Any]) -> str:
    rows = [("ID", "VERSION", "PARTY", "ENABLED", "REQUIRES", "OPTIONAL", "FROM")]
    for info in infos:
        m = info.manifest
        rows.append(
            (
                m.id,
                m.version,
                "first" if info.first_party else "third",
                ("yes" if info.enabled else "no") + (" (essential)" if m.essential else ""),
                ", ".join(m.requires) or "-",
                ", ".join(m.optional) or "-",
                info.source,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)


def _write_web_bundles(path: str, available: dict[str, Any]) -> None:
    """The web bundles of installed third-party plugins, ``{id: "/abs/web/index.ts"}``, for the
    web build (``webui/vite.config.ts``). Written only when it changes, so ``make`` rebuilds the
    UI only when the installed set does."""
    import json
    from pathlib import Path

    from core.plugins import web_entry

    bundles = {
        pid: str(entry.resolve())
        for pid, (module, first_party) in sorted(available.items())
        if not first_party and (entry := web_entry(module, first_party)) is not None
    }
    text = json.dumps(bundles, indent=2, sort_keys=True) + "\n"
    target = Path(path)
    if not target.exists() or target.read_text() != text:
        target.write_text(text)


def _check() -> None:
    from core.app import create_quart_app

    app = create_quart_app()
    for plugin in app.extensions["hearth"].plugins.plugins:
        print(f"{plugin.id} {plugin.manifest.version}: {len(plugin.rules)} routes")


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    parser = argparse.ArgumentParser(prog="hearth")
    commands = parser.add_subparsers(dest="command", required=True)
    migrate = commands.add_parser("migrate", help="apply database migrations (run before serving)")
    migrate.add_argument(
        "--check", action="store_true", help="only list pending migrations: exit 1 if there are any, 0 if none"
    )
    commands.add_parser("check", help="load the plugins and report what they serve")
    plugins = commands.add_parser("plugins", help="list every plugin found: enabled or not, requires, optional")
    plugins.add_argument("--json", action="store_true", help="the list as JSON")
    plugins.add_argument(
        "--web-bundles",
        metavar="FILE",
        help="write the web bundles of installed third-party plugins (for the UI build)",
    )
    backup = commands.add_parser("backup", help="back up the database, uploads, keys and configuration")
    backup.add_argument("path", help="a new (or empty) folder to write the backup into")
    restore = commands.add_parser(
        "restore", help="restore a backup onto an empty instance (docs/operations.md, Backups)"
    )
    restore.add_argument("path", help="the folder `hearth backup` wrote")
    restore.add_argument("--force", action="store_true", help="replace what a non-empty instance holds")
    storage = commands.add_parser("storage", help="uploads' storage (docs/storage.md)")
    storage_commands = storage.add_subparsers(dest="storage_command", required=True)
    storage_migrate = storage_commands.add_parser(
        "migrate", help="copy every stored file from the other store into this one (resumable)"
    )
    storage_migrate.add_argument("--to", choices=("s3", "local"), required=True, help="the store to copy into")
    serve = commands.add_parser("serve", help="serve the API, Socket.IO and the web UI")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--workers", type=int)
    moderator = commands.add_parser("moderator", help="make an account instance staff, or not")
    moderator.add_argument(
        "action",
        choices=("grant", "revoke"),
        help="grant: the ADMIN badge (MOD with --mod); revoke: take ADMIN and MOD away",
    )
    moderator.add_argument("email")
    moderator.add_argument("--mod", action="store_true", help="grant the limited MOD badge instead of ADMIN")
    args = parser.parse_args(argv)
    try:
        if args.command == "moderator":
            return _moderator(args.action, args.email, args.mod)
        if args.command == "plugins":
            return _plugins(args.json, args.web_bundles)
        if args.command == "migrate":
            return _migrate(args.check)
        if args.command in ("backup", "restore"):
            return _backup(args.command, args.path, getattr(args, "force", False))
        if args.command == "storage":
            return _storage(args.to)
        if args.command == "check":
            _check()
        else:
            return _serve(args.host, args.port, args.workers)
    except PluginError as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
