from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.core.cdn.s3server import S3Server, running_s3_server


@pytest.fixture(scope="session")
def s3_server() -> Iterator[S3Server]:
    with running_s3_server() as server:
        yield server


@pytest.fixture
def bucket(s3_server: S3Server) -> str:
    return s3_server.new_bucket()


@pytest.fixture
async def s3_app(make_app: Any, s3_server: S3Server, bucket: str) -> AsyncIterator[Any]:
    """The app with its uploads in ``bucket``."""
    app = make_app(**s3_server.settings(bucket))
    async with app.test_app():
        yield app


@pytest.fixture
def s3_client(s3_app: Any) -> Any:
    return s3_app.test_client()
