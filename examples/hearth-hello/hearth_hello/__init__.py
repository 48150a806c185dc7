"""hearth-hello: an example third-party Hearth plugin (see README.md)."""
