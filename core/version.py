"""Hearth's version: the one in pyproject.toml and the newest heading of CHANGELOG.md
(tests/core/test_version.py keeps the three equal). ``/api/health`` reports it."""

VERSION = "0.2.0"
