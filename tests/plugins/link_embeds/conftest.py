"""The link-preview tests link to pages and images of a real local web server (``testsite``)."""

from tests.testsite import site  # noqa: F401 - the fixture
