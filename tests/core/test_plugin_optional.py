"""Soft dependencies: ``optional`` plugins are ordered first when enabled and never required."""

from core.plugins import PluginHost, select
from tests.core.test_plugins import available, plugin


def test_an_enabled_optional_plugin_is_ordered_before_its_user(settings):
    chosen = select(available(plugin("alpha", optional=["zulu"]), plugin("zulu")), settings)
    assert [p.id for p in chosen] == ["zulu", "alpha"]


def test_a_disabled_or_missing_optional_plugin_does_not_stop_start_up(settings):
    chosen = select(
        available(plugin("alpha", optional=["zulu", "never_installed"]), plugin("zulu")),
        settings.with_overrides({"plugins.disabled": ["zulu"]}),
    )
    assert [p.id for p in chosen] == ["alpha"]
    host = PluginHost(chosen)
    assert host.enabled("alpha") and not host.enabled("zulu") and not host.enabled("never_installed")


def test_the_catalogue_lists_disabled_plugins_too(settings):
    found = available(plugin("alpha", optional=["zulu"]), plugin("zulu"))
    host = PluginHost(select(found, settings.with_overrides({"plugins.disabled": ["zulu"]})), found)
    rows = {info.manifest.id: info.wire() for info in host.catalogue()}
    assert rows["alpha"]["enabled"] and not rows["zulu"]["enabled"]
    assert rows["alpha"]["optional"] == ["zulu"] and rows["alpha"]["firstParty"] is False


def test_a_blueprint_needing_an_optional_plugin_is_mounted_only_with_it(settings):
    """``hearth_blueprints(plugins)``: a plugin mounts the routes that need an optional plugin
    only when it runs (an implementation without the argument keeps working)."""
    from quart import Blueprint

    from core import hookimpl
    from core.app import create_quart_app
    from tests.core.test_plugins import host

    always, with_zulu = Blueprint("always", __name__), Blueprint("with_zulu", __name__)
    always.add_url_rule("/api/alpha", "a", lambda: "a")
    with_zulu.add_url_rule("/api/alpha/zulu", "z", lambda: "z")
    alpha = plugin("alpha", optional=["zulu"], routes=["/alpha"])
    alpha.hearth_blueprints = hookimpl(lambda plugins: [always, *([with_zulu] if plugins.enabled("zulu") else [])])
    zulu = plugin("zulu", routes=["/zulu"], blueprints=[Blueprint("z_own", __name__)])

    def rules(*modules):
        return {rule.rule for rule in create_quart_app(settings, host(*modules)).url_map.iter_rules()}

    assert {"/api/alpha", "/api/alpha/zulu"} <= rules(zulu, alpha)
    without = rules(alpha)
    assert "/api/alpha" in without and "/api/alpha/zulu" not in without
