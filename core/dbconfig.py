"""Tortoise config over every installed plugin, for ``tortoise makemigrations``:
``tortoise -c core.dbconfig.TORTOISE_ORM makemigrations``."""

from core.app import build_db_config
from core.plugins import PluginHost, discover, select
from core.settings import load_settings

_settings = load_settings().with_overrides({"plugins.enabled": [], "plugins.disabled": []})
TORTOISE_ORM = build_db_config(_settings, PluginHost(select(discover(), _settings)))
