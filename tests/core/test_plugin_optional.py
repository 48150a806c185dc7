"""Soft dependencies: ``optional`` plugins are ordered first when enabled and never required."""

from core.plugins import PluginHost, select
from tests.core.test_plugins import available, plugin


def test_an_enabled_optional_plugin_is_ordered_before_its_user(settings):
    chosen = select(available(plugin("alpha", optional=["zulu"]), plugin("zulu")), settings)
    assert [p.id for p in chosen] == ["zulu", "alpha"]


def test_a_disabled_or_missing_optional_plugin_does_not_stop_start_up(settings):
    chosen = select(available(plugin("alpha", optional=["zulu", "never_installed"]), plugin("zulu")),
                    settings.with_overrides({"plugins.disabled": ["zulu"]}))
    assert [p.id for p in chosen] == ["alpha"]
    host = PluginHost(chosen)
    assert host.enabled("alpha") and not host.enabled("zulu") and not host.enabled("never_installed")


def test_the_catalogue_lists_disabled_plugins_too(settings):
    found = available(plugin("alpha", optional=["zulu"]), plugin("zulu"))
    host = PluginHost(select(found, settings.with_overrides({"plugins.disabled": ["zulu"]})), found)
    rows = {info.manifest.id: info.wire() for info in host.catalogue()}
    assert rows["alpha"]["enabled"] and not rows["zulu"]["enabled"]
    assert rows["alpha"]["optional"] == ["zulu"] and rows["alpha"]["firstParty"] is False
