import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { NewServerTab } from "./NewServerTab";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const done = {
  id: "7",
  serverId: "s9",
  status: "done",
  messagesTotal: 3,
  messagesDone: 3,
  channelsDone: 2,
  error: null,
  report: { source: "package", guild: "Hearthlings", categories: [], channels: [], messages: 3, authors: 1 },
};

beforeEach(() => {
  registerTranslations("en-gb", "discord_import", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function upload() {
  render(
    <MemoryRouter>
      <NewServerTab close={() => undefined} />
    </MemoryRouter>,
  );
  const file = new File(["zip"], "package.zip", { type: "application/zip" });
  fireEvent.change(screen.getByLabelText("Zip of the export"), { target: { files: [file] } });
  fireEvent.click(screen.getByRole("button", { name: "Import into a new server" }));
}

describe("a Discord import into a new server", () => {
  it("sends a data package unless told otherwise, then offers the server made", async () => {
    fetchMock.mockResolvedValue(json(done));
    upload();
    expect(await screen.findByRole("button", { name: "Open the server" })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toContain("/discord-imports/new-server?source=package");
    expect(screen.getByText("Done: 3 messages imported into 2 channels.")).toBeTruthy();
  });

  it("shows a refused archive's reason and keeps the form", async () => {
    fetchMock.mockResolvedValue(json({ message: "The file is not a zip archive.", path: "f" }, 400));
    upload();
    expect(await screen.findByText("The file is not a zip archive.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import into a new server" })).toBeTruthy();
  });
});
