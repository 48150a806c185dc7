"""Fixtures of the social tests."""

from tests.plugins.friends.conftest import limited  # noqa: F401
