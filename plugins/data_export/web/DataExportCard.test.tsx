import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { DataExportCard } from "./DataExportCard";
import enGb from "./en-gb.json";

const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const exportOf = (status: string, extra: Record<string, unknown> = {}) => ({
  id: "7",
  status,
  partsDone: 2,
  partsTotal: 5,
  rowsDone: 40,
  size: null,
  error: null,
  requestedAt: 1,
  finishedAt: null,
  expiresAt: null,
  ...extra,
});

beforeEach(() => {
  registerTranslations("en-gb", "data_export", enGb);
  localStorage.setItem("userToken", "token");
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe("Download your data", () => {
  it("asks for a copy with the feature named, then shows its progress", async () => {
    fetchMock.mockResolvedValueOnce(reply({ export: null, nextAllowedAt: null }));
    render(<DataExportCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Request a copy" }));
    fetchMock.mockResolvedValueOnce(reply({ export: exportOf("running"), nextAllowedAt: 99 }));
    expect(await screen.findByText("Preparing your data: 2 of 5 parts, 40 items so far")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/data-exports");
    expect(init!.method).toBe("POST");
    expect((init!.headers as Record<string, string>)["X-Hearth-Features"]).toContain("data_export");
    expect(screen.queryByRole("button", { name: "Request a copy" })).toBeNull();
  });

  it("says when a failed copy may be asked for again, and refuses while a day has not passed", async () => {
    fetchMock.mockResolvedValueOnce(reply({ export: exportOf("failed"), nextAllowedAt: null }));
    render(<DataExportCard />);
    expect(await screen.findByText("The copy could not be made. You can ask again.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Request a copy" }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    fetchMock.mockResolvedValueOnce(reply({ export: exportOf("expired"), nextAllowedAt: Date.now() + 3_600_000 }));
    render(<DataExportCard />);
    expect(await screen.findByText("The last download has expired.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Request a copy" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(reply({ export: null, nextAllowedAt: null }));
    render(<DataExportCard />);
    fetchMock.mockResolvedValueOnce(reply({ message: "You can ask for a copy of your data once a day.", path: null, ttl: 5 }, 429));
    fireEvent.click(await screen.findByRole("button", { name: "Request a copy" }));
    expect(await screen.findByText("You can ask for a copy of your data once a day.")).toBeTruthy();
  });
});
