from tests.plugins.gifs.fake_provider import provider  # noqa: F401 - the fixture
