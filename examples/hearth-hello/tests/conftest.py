"""The plugin's tests run against a live Hearth: the ``hearth`` fixture of Hearth's pytest
plugin ``core.testing`` (automatic once Hearth is pip-installed; named here otherwise)."""

import pytest

pytest_plugins = ["core.testing"]


@pytest.fixture(scope="session")
def hearth_plugins():
    # Found through the entry point once the package is installed; named here so the tests also
    # run from a checkout of the plugin before `pip install`.
    return ["hearth_hello.plugin"]
