"""Open Graph pages without the servers plugin (optional): invite pages are JSON 404s, profile
pages still work."""

from tests.plugins.messages.helpers import member
from tests.support import call


async def test_without_servers_only_profiles_have_pages(client_without):
    client = await client_without("servers")
    for path in ("/api/og/i/abc123", "/api/og/app/explore/servers/invites/abc123"):
        assert await call(client, "GET", path) == (404, {"message": "Not found.", "path": None})
    person = await member(username="grace")
    response = await client.get(f"/api/og/app/profile/{person.id}")
    assert response.status_code == 200 and "grace&#x27;s Profile on Hearth" in await response.get_data(as_text=True)
