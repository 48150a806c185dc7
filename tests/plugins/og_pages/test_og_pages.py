"""GET /api/og/... (rest.md §15): HTML with Open Graph tags for invites and profiles."""

from plugins.link_embeds.parse import read_tags
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, ok
from tests.support import call


async def html(client, path):
    response = await client.get(path)
    return response.status_code, response.mimetype, await response.get_data(as_text=True)


async def test_an_invite_page_describes_the_server(client):
    place = await community(client, name='Tom & "Jerry" <3')
    invite = await ok(client, "POST", f"/api/servers/{place.id}/invites", token=place.owner.token)
    for path in (f"/api/og/i/{invite['code']}", f"/api/og/app/explore/servers/invites/{invite['code']}"):
        status, mimetype, body = await html(client, path)
        assert (status, mimetype) == (200, "text/html")
        assert body.startswith("<!DOCTYPE html><html><head>")
        assert "<3" not in body  # escaped
        tags = read_tags(body)
        assert tags.title == 'Tom & "Jerry" <3 Server on Hearth'
        assert tags.description == 'You are invited to join the Tom & "Jerry" <3 server on Hearth.'
        assert tags.og == {
            "site_name": "Hearth",
            "type": "article",
            "url": f"http://hearth.test/i/{invite['code']}",
            "title": 'Tom & "Jerry" <3 Server on Hearth',
            "description": 'You are invited to join the Tom & "Jerry" <3 server on Hearth.',
        }
        assert tags.twitter["domain"] == "hearth.test" and "card" not in tags.twitter


async def test_a_profile_page_uses_the_bio_or_a_default_text(client):
    person = await member(username="ada")
    status, _, body = await html(client, f"/api/og/app/profile/{person.id}")
    tags = read_tags(body)
    assert status == 200 and tags.title == "ada's Profile on Hearth"
    assert tags.description == "Browse ada's profile on Hearth."
    assert tags.og["url"] == f"http://hearth.test/app/profile/{person.id}"
    assert '<meta name="theme-color" content="#4c93ff">' in body

    await ok(client, "POST", "/api/users", {"bio": "Writes <b>code</b>", "primaryColor": "#778899"}, person.token)
    _, _, body = await html(client, f"/api/og/app/profile/{person.id}")
    assert read_tags(body).description == "Writes <b>code</b>" and "<b>" not in body
    assert '<meta name="theme-color" content="#778899">' in body


async def test_unknown_invites_profiles_posts_and_paths_are_json_404s(client):
    for path in (
        "/api/og/i/nope",
        "/api/og/app/profile/123",
        "/api/og/app/profile/x",
        "/api/og/p/1",
        "/api/og/anything?postId=1",
        "/api/og/anything",
    ):
        assert await call(client, "GET", path) == (404, {"message": "Not found.", "path": None}), path


async def test_an_invite_code_longer_than_any_code_is_a_404_not_a_500(client):
    for path in ("/api/og/i/" + "x" * 33, "/api/og/app/explore/servers/invites/" + "𝓬𝓸𝓭𝓮" * 10):
        assert await call(client, "GET", path) == (404, {"message": "Not found.", "path": None}), path
