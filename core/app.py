"""The app factory: one ASGI app serving the API, Socket.IO, the CDN and the web UI."""

from __future__ import annotations

import logging
from typing import Any

from quart import Quart, jsonify
from quart_schema import QuartSchema

from core import db, fastpath
from core.cdn import routes as cdn_routes
from core.cdn.storage import make_storage
from core.context import Hearth
from core.devmode import warn_if_on
from core.errors import register_error_handlers
from core.fastjson import ResponseJSON
from core.gateway import Gateway
from core.health import install_health
from core.http import HearthASGI, install_http_policies, install_spa
from core.identity import passwords
from core.jsonbody import install_request_guard
from core.mail import Mailer
from core.metrics.install import install_metrics
from core.plugins import LoadedPlugin, PluginError, PluginHost
from core.ratelimit import RateLimiter
from core.redisconn import connect as connect_redis
from core.redisconn import redis_settings
from core.routing import LazyBuilderRule, SharedRulesMap
from core.settings import Settings, load_settings
from core.unavailable import register_unavailable_handlers
from core.unread_body import UnreadBodies
from core.validation import reuse_type_adapters

log = logging.getLogger("hearth")


class HearthQuart(Quart):
    url_map_class = SharedRulesMap  # core/routing.py: what Werkzeug did for every app, done once
    url_rule_class = LazyBuilderRule


def build_db_config(settings: Settings, plugins: PluginHost) -> dict[str, Any]:
    models = {plugin.id: list(modules or []) for plugin, modules in plugins.per_plugin("hearth_models")}
    return db.tortoise_config(settings, plugins.plugins, models)


def create_quart_app(settings: Settings | None = None, plugins: PluginHost | None = None) -> Quart:
    settings = settings or load_settings()
    plugins = plugins or PluginHost.from_settings(settings)
    passwords.configure(settings)
    fastpath.configure(settings)

    app = HearthQuart("hearth", static_folder=None)
    app.json = ResponseJSON(app)
    app.config["MAX_CONTENT_LENGTH"] = (int(settings.cdn.max_upload_mb) + 1) * 1024 * 1024
    app.config["QUART_SCHEMA_CONVERT_CASING"] = False
    # The docs page loads Swagger UI from this server (swagger-ui-bundle), not from a public CDN.
    app.config["QUART_SCHEMA_SWAGGER_JS_URL"] = "/api/docs/assets/swagger-ui-bundle.js"
    app.config["QUART_SCHEMA_SWAGGER_CSS_URL"] = "/api/docs/assets/swagger-ui.css"
    reuse_type_adapters()
    QuartSchema(
        app,
        openapi_path="/api/openapi.json",
        swagger_ui_path="/api/docs",
        redoc_ui_path=None,
        scalar_ui_path=None,
        info={"title": "Hearth API", "version": "1.0.0"},
    )
    redis_timeout, redis_retry = redis_settings(settings)
    redis = connect_redis(settings.redis.url, redis_timeout) if settings.redis.url else None
    gateway = Gateway(settings, plugins)
    gateway.app = app
    app.extensions["hearth"] = Hearth(
        settings=settings,
        plugins=plugins,
        gateway=gateway,
        mailer=Mailer(settings),
        limiter=RateLimiter(enabled=bool(settings.rate_limits.enabled), redis=redis, retry_seconds=redis_retry),
        storage=make_storage(settings),
        db_config=build_db_config(settings, plugins),
    )
    standing = plugins.hook.hearth_account_standing(settings=settings)
    if standing is not None:
        app.extensions["hearth"].standing = standing
    register_error_handlers(app)
    register_unavailable_handlers(app)
    install_http_policies(app, settings)
    install_health(app)
    install_metrics(app)
    install_request_guard(app)  # after the global rate limit, so bad bodies count towards it too
    # outermost: no answer, from Quart or in front of it, leaves a request body half read
    app.asgi_app = UnreadBodies(app.asgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign]

    @app.get("/api/plugins")
    async def list_plugins() -> Any:
        return jsonify(
            {
                "plugins": [
                    {
                        "id": p.id,
                        "name": p.manifest.name,
                        "version": p.manifest.version,
                        "description": p.manifest.description,
                        "web": p.web,
                    }
                    for p in plugins.plugins
                ]
            }
        )

    @app.get("/api/docs/assets/<name>")
    async def docs_asset(name: str) -> Any:
        from quart import send_from_directory
        from swagger_ui_bundle import swagger_ui_path

        return await send_from_directory(swagger_ui_path, name)

    cdn_routes.install(app)
    _register_plugin_routes(app, plugins)
    _register_socket_handlers(gateway, plugins)
    install_spa(app, settings)

    owns_db = False

    @app.before_serving
    async def startup() -> None:
        nonlocal owns_db
        warn_if_on(settings)
        log.info(fastpath.report(fastpath.configure(settings)))
        owns_db = await db.init(app.extensions["hearth"].db_config)
        await gateway.start()
        await plugins.gather("hearth_startup", app=app)

    @app.after_serving
    async def shutdown() -> None:
        await plugins.gather("hearth_shutdown", app=app)
        await gateway.stop()
        if redis is not None:
            await redis.aclose()
        if owns_db:
            await db.close()

    return app


def _register_plugin_routes(app: Quart, plugins: PluginHost) -> None:
    owners: dict[str, LoadedPlugin] = {}
    for plugin, blueprints in plugins.per_plugin("hearth_blueprints", plugins=plugins):
        for blueprint in blueprints or []:
            app.register_blueprint(blueprint)
            owners[blueprint.name] = plugin
    # One pass over the rules once all are in: listing them re-sorts the whole map each time.
    claimed: dict[tuple[str, str], str] = {}
    for rule in app.url_map.iter_rules():
        plugin = owners.get(rule.endpoint.split(".", 1)[0])
        if plugin is None:
            continue  # the kernel's own
        path = rule.rule
        prefixes = [f"/api{p}" for p in plugin.manifest.routes]
        if not any(path == p or path.startswith(p.rstrip("/") + "/") for p in prefixes):
            raise PluginError(
                f"plugin {plugin.id!r} serves {path} outside its declared routes {plugin.manifest.routes}"
            )
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            key = (method, _shape(path))
            if key in claimed:
                raise PluginError(f"plugins {claimed[key]!r} and {plugin.id!r} both serve {method} {path}")
            claimed[key] = plugin.id
            plugin.rules.append((method, path))


def _shape(path: str) -> str:
    """``/api/users/<user_id>`` and ``/api/users/<id>`` are the same route."""
    import re

    return re.sub(r"<[^>]+>", "<>", path)


def _register_socket_handlers(gateway: Gateway, plugins: PluginHost) -> None:
    for plugin, handlers in plugins.per_plugin("hearth_socket_handlers"):
        for event, handler in (handlers or {}).items():
            gateway.register(plugin.id, event, handler)


def create_app(settings: Settings | None = None) -> HearthASGI:
    app = create_quart_app(settings)
    return HearthASGI(app, app.extensions["hearth"].gateway.sio)
