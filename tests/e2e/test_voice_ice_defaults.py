"""Calls at Hearth's defaults (no STUN or TURN configured) in real Chromium: ``POST
/api/voice/generate`` answers 200, and its ``result`` is an RTCIceServer that ``RTCPeerConnection``
accepts as clients use it — the protocol's web client puts it first in its ``iceServers``, before
its own list; Hearth's web UI uses ``[result]`` — and with which two peers connect over host
candidates."""

from tests.plugins.messages.helpers import member

GENERATE_AND_CONNECT = """
async (token) => {
  const response = await fetch("/api/voice/generate", { method: "POST", headers: { Authorization: token } });
  const body = await response.json();
  if (response.status !== 200) return { status: response.status, body };
  const result = body.result;
  const accepts = (iceServers) => {
    try {
      new RTCPeerConnection({ iceServers }).close();
      return "accepted";
    } catch (error) {
      return `${error.name}: ${error.message}`;
    }
  };
  // nerimity-web's createIceServers(): the cached result, then its own STUN and TURN entries
  const theirs = [
    result,
    { urls: ["stun:stun.l.google.com:19302"] },
    { urls: "turn:a.relay.metered.ca:80", username: "user", credential: "secret" },
  ];
  const accepted = { hearth: accepts([result]), protocolClient: accepts(theirs) };

  // two peers in this page, as a call would make them, with only what the server answered
  const one = new RTCPeerConnection({ iceServers: [result] });
  const two = new RTCPeerConnection({ iceServers: [result] });
  one.onicecandidate = ({ candidate }) => candidate && two.addIceCandidate(candidate);
  two.onicecandidate = ({ candidate }) => candidate && one.addIceCandidate(candidate);
  const channel = one.createDataChannel("call");
  const opened = new Promise((resolve) => { channel.onopen = () => resolve("open"); });
  const heard = new Promise((resolve) => {
    two.ondatachannel = ({ channel: incoming }) => { incoming.onmessage = ({ data }) => resolve(data); };
  });
  await one.setLocalDescription(await one.createOffer());
  await two.setRemoteDescription(one.localDescription);
  await two.setLocalDescription(await two.createAnswer());
  await one.setRemoteDescription(two.localDescription);
  const state = await opened;
  channel.send("hello");
  const message = await heard;
  const pair = (await one.getStats()).values().find((s) => s.type === "candidate-pair" && s.nominated);
  one.close();
  two.close();
  return { status: response.status, result, accepted, state, message, connected: Boolean(pair) };
}
"""


async def test_the_generated_ice_server_is_accepted_and_peers_connect(live_server, signed_in):
    person = await member()
    page = await signed_in(person)
    await page.goto(f"{live_server.url}/")
    outcome = await page.evaluate(GENERATE_AND_CONNECT, person.token)
    assert outcome == {
        "status": 200,
        "result": {"urls": ["stun:unconfigured.invalid"]},
        "accepted": {"hearth": "accepted", "protocolClient": "accepted"},
        "state": "open",
        "message": "hello",
        "connected": True,
    }
