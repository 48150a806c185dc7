"""An S3-compatible server for the tests: moto in server mode (``python -m moto.server``), started
on a free port in a process of its own, as the issue accepts (no S3 server installs here). Hearth
reaches it through its real client over HTTP, exactly as it reaches MinIO or AWS."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tests.support import free_port

KEY_ID, SECRET = "hearth-test", "hearth-test-secret"


@dataclass
class S3Server:
    url: str

    def client(self) -> Any:
        import boto3

        return boto3.client(
            "s3", endpoint_url=self.url, region_name="us-east-1", aws_access_key_id=KEY_ID, aws_secret_access_key=SECRET
        )

    def new_bucket(self) -> str:
        name = f"hearth-{uuid.uuid4().hex[:12]}"
        self.client().create_bucket(Bucket=name)
        return name

    def keys(self, bucket: str) -> dict[str, bytes]:
        client = self.client()
        listed = client.list_objects_v2(Bucket=bucket).get("Contents", [])
        return {item["Key"]: client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read() for item in listed}

    def settings(self, bucket: str) -> dict[str, Any]:
        """Dotted overrides pointing Hearth's ``[cdn]`` at ``bucket``."""
        return {
            "cdn.storage": "s3",
            "cdn.s3_endpoint": self.url,
            "cdn.s3_bucket": bucket,
            "cdn.s3_region": "us-east-1",
            "cdn.s3_access_key_id": KEY_ID,
            "cdn.s3_secret_access_key": SECRET,
            "cdn.s3_path_style": True,
        }

    def environment(self, bucket: str) -> dict[str, str]:
        """The same as ``HEARTH_CDN_*`` variables, for child processes."""
        return {
            f"HEARTH_{key.upper().replace('.', '_')}": str(value).lower() if isinstance(value, bool) else str(value)
            for key, value in self.settings(bucket).items()
        }


@contextmanager
def running_s3_server() -> Iterator[S3Server]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"moto did not start: {process.stderr.read().decode()}") from None
                time.sleep(0.1)
        yield S3Server(f"http://127.0.0.1:{port}")
    finally:
        process.terminate()
        process.wait(30)
