import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./request";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const reply = (body: string, status: number, contentType = "application/json") =>
  new Response(body, { status, headers: { "Content-Type": contentType } });

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("request error mapping", () => {
  it("turns a network failure into 'Could not connect to server.' with code 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(request({ path: "/users/sessions" })).rejects.toEqual({
      message: "Could not connect to server.",
      code: 0,
    });
  });

  it("maps a non-JSON 502 to the standard status text with the status as code", async () => {
    fetchMock.mockResolvedValueOnce(reply("<html><body>upstream down</body></html>", 502, "text/html"));
    await expect(request({ path: "/plugins" })).rejects.toEqual({ message: "Bad Gateway", code: 502 });
  });

  it("maps other 5xx statuses in the 500–511 range the same way", async () => {
    fetchMock.mockResolvedValueOnce(reply("oops", 503, "text/plain"));
    await expect(request({ path: "/plugins" })).rejects.toEqual({ message: "Service Unavailable", code: 503 });
  });

  it("passes a JSON error body through unchanged", async () => {
    const body = { message: "Slow down!", path: null, ttl: 41000 };
    fetchMock.mockResolvedValueOnce(reply(JSON.stringify(body), 429));
    await expect(request({ method: "POST", path: "/users/emails/verify/send-code" })).rejects.toEqual(body);
  });

  it("passes a JSON body through even on a 5xx status", async () => {
    fetchMock.mockResolvedValueOnce(reply(JSON.stringify({ message: "Database is down", path: null }), 500));
    await expect(request({ path: "/plugins" })).rejects.toEqual({ message: "Database is down", path: null });
  });

  it("uses any other text body as the message", async () => {
    fetchMock.mockResolvedValueOnce(reply("Cannot GET /api/nowhere", 404, "text/html"));
    await expect(request({ path: "/nowhere" })).rejects.toEqual({ message: "Cannot GET /api/nowhere" });
  });
});

describe("request sending", () => {
  it("sends JSON to /api with the raw token in the Authorization header", async () => {
    localStorage.setItem("userToken", "secret-token");
    fetchMock.mockResolvedValueOnce(reply(JSON.stringify({ token: "t" }), 200));

    await expect(
      request({ method: "POST", path: "/users/emails/verify", query: { code: "12345" }, body: { a: 1 } }),
    ).resolves.toEqual({ token: "t" });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/users/emails/verify?code=12345");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ Authorization: "secret-token", "Content-Type": "application/json" });
    expect(init?.body).toBe('{"a":1}');
  });

  it("leaves the token out when asked to", async () => {
    localStorage.setItem("userToken", "secret-token");
    fetchMock.mockResolvedValueOnce(reply("{}", 200));
    await request({ method: "POST", path: "/users/login", body: {}, useToken: false });
    expect(fetchMock.mock.calls[0]![1]?.headers).toEqual({ "Content-Type": "application/json" });
  });
});

describe("request queue", () => {
  it("starts the second request only after the first has settled", async () => {
    let finishFirst!: (response: Response) => void;
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (finishFirst = resolve)))
      .mockResolvedValueOnce(reply('"second"', 200));

    const first = request<string>({ path: "/first" });
    const second = request<string>({ path: "/second" });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/first");

    finishFirst(reply('"first"', 200));
    await expect(first).resolves.toBe("first");
    await expect(second).resolves.toBe("second");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/second");
  });

  it("keeps going after a request fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("offline")).mockResolvedValueOnce(reply("[]", 200));

    const first = request({ path: "/first" });
    const second = request({ path: "/second" });

    await expect(first).rejects.toMatchObject({ code: 0 });
    await expect(second).resolves.toEqual([]);
  });
});
