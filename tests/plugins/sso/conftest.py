from tests.plugins.sso.oidc_provider import oidc_provider  # noqa: F401 - the fixture
