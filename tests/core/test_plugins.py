"""The plugin manager: requires, ordering, enable/disable lists, and claims on routes/events."""

from types import ModuleType

import pytest
from quart import Blueprint

from core import hookimpl
from core.app import create_quart_app
from core.plugins import LoadedPlugin, Manifest, PluginError, PluginHost, discover, select


def plugin(
    plugin_id: str, requires=(), routes=(), blueprints=(), events=None, essential=False, optional=()
) -> ModuleType:
    module = ModuleType(f"test_plugin_{plugin_id}")
    module.manifest = Manifest(
        id=plugin_id,
        name=plugin_id.title(),
        version="0.0.1",
        requires=tuple(requires),
        routes=tuple(routes),
        essential=essential,
        optional=tuple(optional),
    )
    if blueprints:
        module.hearth_blueprints = hookimpl(lambda: list(blueprints))
    if events:
        module.hearth_socket_handlers = hookimpl(lambda: dict(events))
    return module


def available(*modules: ModuleType) -> dict:
    return {m.manifest.id: (m, False) for m in modules}


def host(*modules: ModuleType) -> PluginHost:
    return PluginHost([LoadedPlugin(manifest=m.manifest, module=m, first_party=False) for m in modules])


def test_dependencies_are_ordered_before_their_dependents(settings):
    chosen = select(
        available(plugin("inbox", requires=["messages"]), plugin("messages", requires=["base"]), plugin("base")),
        settings,
    )
    assert [p.id for p in chosen] == ["base", "messages", "inbox"]


def test_a_disabled_dependency_is_a_clear_startup_error(settings):
    with pytest.raises(PluginError, match="'inbox' requires 'messages', which is disabled"):
        select(
            available(plugin("inbox", requires=["messages"]), plugin("messages")),
            settings.with_overrides({"plugins.disabled": ["messages"]}),
        )


def test_a_missing_dependency_is_a_clear_startup_error(settings):
    with pytest.raises(PluginError, match="requires 'voice', which is not installed"):
        select(available(plugin("calls", requires=["voice"])), settings)


def test_enabled_list_keeps_only_those_plugins(settings):
    chosen = select(
        available(plugin("a"), plugin("b"), plugin("c")), settings.with_overrides({"plugins.enabled": ["c", "a"]})
    )
    assert [p.id for p in chosen] == ["a", "c"]


def test_naming_an_unknown_plugin_in_config_is_an_error(settings):
    with pytest.raises(PluginError, match="'ghost' is named in the config but not installed"):
        select(available(plugin("a")), settings.with_overrides({"plugins.disabled": ["ghost"]}))


def test_essential_plugins_cannot_be_disabled(settings):
    with pytest.raises(PluginError, match="essential"):
        select(
            available(plugin("core-ish", essential=True)), settings.with_overrides({"plugins.disabled": ["core-ish"]})
        )


def test_dependency_cycles_are_refused(settings):
    with pytest.raises(PluginError, match="cycle"):
        select(available(plugin("a", requires=["b"]), plugin("b", requires=["a"])), settings)


def _blueprint(name: str, path: str) -> Blueprint:
    blueprint = Blueprint(name, __name__, url_prefix="/api")

    @blueprint.get(path)
    async def view():
        return {"ok": True}

    return blueprint


def test_two_plugins_serving_the_same_route_are_refused(settings):
    first = plugin("first", routes=["/things"], blueprints=[_blueprint("first_bp", "/things/<thing_id>")])
    second = plugin("second", routes=["/things"], blueprints=[_blueprint("second_bp", "/things/<other>")])
    with pytest.raises(PluginError, match="'first' and 'second' both serve GET /api/things/<other>"):
        create_quart_app(settings, host(first, second))


def test_a_route_outside_the_declared_prefixes_is_refused(settings):
    sneaky = plugin("sneaky", routes=["/mine"], blueprints=[_blueprint("sneaky_bp", "/users/<user_id>/steal")])
    with pytest.raises(PluginError, match="outside its declared routes"):
        create_quart_app(settings, host(sneaky))


def test_two_plugins_handling_the_same_socket_event_are_refused(settings):
    async def handler(ctx, data):
        return None

    first = plugin("first", events={"thing:do": handler})
    second = plugin("second", events={"thing:do": handler})
    with pytest.raises(PluginError, match="both handle the socket event 'thing:do'"):
        create_quart_app(settings, host(first, second))


def test_no_plugin_may_take_over_authentication(settings):
    async def handler(ctx, data):
        return None

    with pytest.raises(PluginError):
        create_quart_app(settings, host(plugin("thief", events={"user:authenticate": handler})))


def test_first_party_plugins_are_discovered_with_their_manifests():
    found = discover()
    assert "accounts" in found
    module, first_party = found["accounts"]
    assert first_party and module.manifest.essential


async def test_api_plugins_lists_what_is_enabled(client):
    response = await client.get("/api/plugins")
    ids = [p["id"] for p in (await response.get_json())["plugins"]]
    assert "accounts" in ids


async def test_a_plugin_can_declare_hooks_that_other_plugins_implement():
    from core.hookspecs import hookspec

    specs = ModuleType("provider_specs")

    @hookspec
    def provider_question(user_id):
        """Ask every plugin something about a user."""

    specs.provider_question = provider_question
    provider = plugin("provider")
    provider.hookspecs = specs
    answerer = plugin("answerer", requires=["provider"])
    answerer.provider_question = hookimpl(lambda user_id: f"answer for {user_id}")
    plugins = host(provider, answerer)
    assert await plugins.gather("provider_question", user_id=7) == ["answer for 7"]


def _hooks(manager) -> dict:
    return {
        name: (
            caller.spec is not None,
            sorted((i.plugin_name, i.function.__qualname__) for i in caller.get_hookimpls()),
        )
        for name, caller in vars(manager.hook).items()
        if not name.startswith("_")
    }


def test_the_plugin_manager_finds_the_hooks_pluggys_own_finds(settings, monkeypatch):
    """Hearth's manager reads a module's functions from its ``__dict__`` (core/plugins.py: why):
    every plugin's hooks and specs, a bound method and a marked object that is no function, as the
    same host built on pluggy's own manager finds them."""
    import pluggy

    class Answers:
        @hookimpl
        def hearth_startup(self, app):
            return "bound"

    extra = plugin("extra")
    extra.hearth_startup = Answers().hearth_startup  # a bound method: pluggy's own lookup
    extra.hearth_shutdown = type("Marked", (), {"hearth_impl": {}})()  # marked, but no function
    loaded = PluginHost.from_settings(settings).plugins + [LoadedPlugin(extra.manifest, extra, False)]
    ours = _hooks(PluginHost(loaded).pm)
    monkeypatch.setattr("core.plugins._PluginManager", pluggy.PluginManager)
    own = PluginHost(loaded).pm
    assert type(own) is pluggy.PluginManager
    assert ours == _hooks(own)
    assert any(who == "extra" and name.endswith("Answers.hearth_startup") for who, name in ours["hearth_startup"][1])
    assert "extra" not in {who for who, _ in ours["hearth_shutdown"][1]}
    assert sum(len(impls) for _, impls in ours.values()) > 150


async def test_hooks_inside_a_transaction_run_one_after_another_on_its_connection(database):
    """A transaction is one connection, which takes one query at a time (on PostgreSQL a second
    concurrent one fails with "another operation is in progress"); outside one, hooks overlap."""
    import asyncio

    from core.db import transaction
    from core.identity.models import User

    steps: list[str] = []

    def counting(name: str):
        async def user_deleted(user, delete_content):
            for _ in range(3):
                steps.append(name)
                await User.all().count()
                await asyncio.sleep(0)

        return hookimpl(user_deleted)

    first, second = plugin("first"), plugin("second")
    first.user_deleted, second.user_deleted = counting("first"), counting("second")
    plugins = host(first, second)

    async with transaction():
        await plugins.gather("user_deleted", user=None, delete_content=False)
    assert steps == ["first"] * 3 + ["second"] * 3

    steps.clear()
    await plugins.gather("user_deleted", user=None, delete_content=False)
    assert sorted(steps) == ["first"] * 3 + ["second"] * 3 and steps != ["first"] * 3 + ["second"] * 3


async def test_a_caller_cancelled_before_the_hooks_start_leaves_no_answer_unawaited(database, recwarn):
    """A request the client gave up on: its task is cancelled while the hooks' tasks wait to start."""
    import asyncio
    import gc

    async def slow(user, delete_content):
        await asyncio.sleep(60)

    first, second = plugin("first"), plugin("second")
    first.user_deleted, second.user_deleted = hookimpl(slow), hookimpl(slow)
    caller = asyncio.create_task(host(first, second).gather("user_deleted", user=None, delete_content=False))
    await asyncio.sleep(0)  # the caller has created the hooks' tasks; none has run yet
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await asyncio.sleep(0)
    gc.collect()
    assert [str(w.message) for w in recwarn if "never awaited" in str(w.message)] == []


async def test_a_hook_failing_inside_a_transaction_leaves_no_answer_unawaited(database, recwarn):
    import gc

    from core.db import transaction

    async def failing(user, delete_content):
        raise LookupError("gone")

    async def never_reached(user, delete_content):
        raise AssertionError("runs only after the first answer")

    first, second = plugin("first"), plugin("second")
    first.user_deleted, second.user_deleted = hookimpl(failing), hookimpl(never_reached)
    with pytest.raises(LookupError):
        async with transaction():
            await host(first, second).gather("user_deleted", user=None, delete_content=False)
    gc.collect()
    assert [str(w.message) for w in recwarn if "never awaited" in str(w.message)] == []
