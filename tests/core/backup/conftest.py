from tests.core.cdn.conftest import bucket, s3_server  # noqa: F401 - the S3 server for the S3 manifest tests
