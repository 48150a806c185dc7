"""``hearth migrate`` · ``hearth serve [--host H] [--port P] [--workers N]`` · ``hearth check``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from core.plugins import PluginError


def _migrate() -> None:
    from core import db
    from core.app import build_db_config
    from core.plugins import PluginHost
    from core.settings import load_settings

    settings = load_settings()
    config = build_db_config(settings, PluginHost.from_settings(settings))

    async def run() -> None:
        try:
            await db.migrate(config)
        finally:
            await db.close()

    asyncio.run(run())
    print("hearth: database is up to date")


def _serve(host: str | None, port: int | None, workers: int | None) -> None:
    import importlib.util

    from core.settings import load_settings

    settings = load_settings()
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

        Granian("core.asgi:app", address=host, port=port, interface=Interfaces.ASGI, workers=workers,
                websockets=True, log_access=False).serve()
    elif engine == "uvicorn":
        import uvicorn

        uvicorn.run("core.asgi:app", host=host, port=port, workers=workers, ws="websockets", access_log=False,
                    lifespan="on")
    else:
        from hypercorn.config import Config
        from hypercorn.run import run

        config = Config()
        config.application_path = "core.asgi:app"
        config.bind = [f"{host}:{port}"]
        config.workers = workers
        # uvloop's event loop and transports cost a fraction of asyncio's per event and per write;
        # the websocket fast path (core.wsdirect) finds its transports the same way.
        config.worker_class = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
        config.accesslog = None
        config.errorlog = "-"
        run(config)


def _check() -> None:
    from core.app import create_quart_app

    app = create_quart_app()
    for plugin in app.extensions["hearth"].plugins.plugins:
        print(f"{plugin.id} {plugin.manifest.version}: {len(plugin.rules)} routes")


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    parser = argparse.ArgumentParser(prog="hearth")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("migrate", help="apply database migrations (run before serving)")
    commands.add_parser("check", help="load the plugins and report what they serve")
    serve = commands.add_parser("serve", help="serve the API, Socket.IO and the web UI")
    serve.add_argument("--host")
    serve.add_argument("--port", type=int)
    serve.add_argument("--workers", type=int)
    args = parser.parse_args(argv)
    try:
        if args.command == "migrate":
            _migrate()
        elif args.command == "check":
            _check()
        else:
            _serve(args.host, args.port, args.workers)
    except PluginError as error:
        print(f"hearth: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
