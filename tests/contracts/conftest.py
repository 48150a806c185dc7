"""After a run that checked the reference's routes: how many of them Hearth serves."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter):
    from tests.contracts.test_reference_routes import ROUTES, SERVED

    if SERVED:
        missing = sorted(set(ROUTES) - SERVED)
        terminalreporter.write_line(
            f"reference routes served by Hearth: {len(SERVED)} of {len(ROUTES)}"
            f" (not served: {', '.join(f'{m} {p}' for m, p in missing) or 'none'})"
        )
