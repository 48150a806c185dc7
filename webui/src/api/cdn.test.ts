import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CDN_TOKEN_CACHE_MS, cdnToken, forgetCdnTokens, proxyUrl } from "./cdn";

const fetchMock = vi.fn<typeof fetch>();
let issued = 0;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.setItem("userToken", "session-a");
  issued = 0;
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ token: `t${++issued}` }), { status: 200 }));
  forgetCdnTokens();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("cdnToken", () => {
  it("asks the channel route for a channel and the plain route otherwise, as the signed-in user", async () => {
    await cdnToken("42");
    await cdnToken();
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, (init?.headers as Record<string, string>).Authorization]);
    expect(calls).toEqual([
      ["/api/channels/42/cdn/token", "POST", "session-a"],
      ["/api/cdn/token", "POST", "session-a"],
    ]);
  });

  it("keeps a token two minutes per channel, as the reference client does", async () => {
    let now = 1_000_000;
    const clock = () => now;
    expect(await cdnToken("42", clock)).toBe("t1");
    expect(await cdnToken("42", clock)).toBe("t1");
    expect(await cdnToken("7", clock)).toBe("t2");
    now += CDN_TOKEN_CACHE_MS - 1;
    expect(await cdnToken("42", clock)).toBe("t1");
    now += 1;
    expect(await cdnToken("42", clock)).toBe("t3");
  });

  it("does not hand one session's token to another", async () => {
    expect(await cdnToken()).toBe("t1");
    localStorage.setItem("userToken", "session-b");
    expect(await cdnToken()).toBe("t2");
  });
});

describe("proxyUrl", () => {
  it("encodes the whole URL as one segment and ends with the file name", () => {
    expect(proxyUrl("https://img.example/a b/cat.png?size=2#x")).toBe(
      "/cdn/proxy/https%3A%2F%2Fimg.example%2Fa%20b%2Fcat.png%3Fsize%3D2%23x/cat.png",
    );
    expect(proxyUrl("https://img.example/")).toBe("/cdn/proxy/https%3A%2F%2Fimg.example%2F/image");
  });
});
