from core.settings import load_settings


def test_defaults_serve_sqlite_on_localhost_8000():
    settings = load_settings(environ={})
    assert settings.server.port == 8000
    assert settings.server.host == "127.0.0.1"
    assert settings.database.url.startswith("sqlite://")
    assert settings.redis.url == ""


def test_config_file_then_environment_override(tmp_path):
    extra = tmp_path / "hearth.toml"
    extra.write_text('[server]\nport = 9000\n[plugins]\ndisabled = ["x"]\n')
    settings = load_settings(
        environ={
            "HEARTH_CONFIG": str(extra),
            "HEARTH_SERVER_WORKERS": "4",
            "HEARTH_CDN_MAX_UPLOAD_MB": "5",
            "HEARTH_RATE_LIMITS_ENABLED": "false",
            "HEARTH_PLUGINS_ENABLED": "accounts, friends",
            "HEARTH_DATABASE_URL": "postgres://db/hearth",
        }
    )
    assert settings.server.port == 9000
    assert settings.plugins.disabled == ["x"]
    assert settings.server.workers == 4
    assert settings.cdn.max_upload_mb == 5
    assert settings.rate_limits.enabled is False
    assert settings.plugins.enabled == ["accounts", "friends"]
    assert settings.database.url == "postgres://db/hearth"


def test_overrides_do_not_change_the_original():
    settings = load_settings(environ={})
    changed = settings.with_overrides({"server.port": 1234})
    assert changed.server.port == 1234
    assert settings.server.port == 8000
