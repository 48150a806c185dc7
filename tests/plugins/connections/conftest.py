from tests.plugins.connections.fake_provider import provider  # noqa: F401 - the fixture
