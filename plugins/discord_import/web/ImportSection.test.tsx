import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useServersStore } from "../../servers/web/public";
import { OWNER, server } from "../../servers/web/testData";
import enGb from "./en-gb.json";
import { ImportSection } from "./ImportSection";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const planned = {
  id: "7",
  serverId: "s1",
  status: "planned",
  messagesTotal: 3,
  messagesDone: 0,
  channelsDone: 0,
  error: null,
  report: {
    source: "package",
    privateChannelsLeftOut: 2,
    guild: "Hearthlings",
    categories: ["Hearthlings"],
    channels: [{ name: "general", category: "Hearthlings", messages: 3 }],
    messages: 3,
    authors: 1,
    attachments: 0,
    attachmentsNotInArchive: 0,
    reactions: 0,
    pins: 0,
    replies: 0,
    truncated: 0,
    skipped: 0,
  },
};

beforeEach(() => {
  registerTranslations("en-gb", "discord_import", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useServersStore.setState({ servers: { s1: server() } });
  useSelfUserStore.setState({ user: { id: OWNER, username: "owner", tag: "0001", badges: 0 } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function chooseAndCheck(source: string | null, report: object) {
  // the server's earlier imports (none), then the uploaded file's dry run
  fetchMock.mockImplementation(async (_input, init) => (init?.method === "POST" ? json(report) : json([])));
  await act(async () => {
    render(<ImportSection serverId="s1" rest={[]} />); // its earlier imports settle before the upload
  });
  if (source) fireEvent.click(screen.getByRole("radio", { name: source }));
  const file = new File(["zip"], "package.zip", { type: "application/zip" });
  fireEvent.change(screen.getByLabelText("Zip of the export"), { target: { files: [file] } });
  fireEvent.click(screen.getByRole("button", { name: "Check the archive" }));
  await screen.findByTestId("discord-import-plan");
  return String(fetchMock.mock.calls.at(-1)![0]);
}

describe("the Discord import's source", () => {
  it("sends a data package as one, and says what stays private", async () => {
    const url = await chooseAndCheck("My Discord data package (my own messages)", planned);
    expect(url).toContain("/discord-imports/servers/s1?source=package");
    expect(screen.getByText("2 direct or group conversations stay private and are left out.")).toBeTruthy();
  });

  it("sends DiscordChatExporter's export unless told otherwise", async () => {
    const url = await chooseAndCheck(null, { ...planned, report: { ...planned.report, source: "dce", privateChannelsLeftOut: 0 } });
    expect(url).toContain("/discord-imports/servers/s1?source=dce");
    expect(screen.getByRole("radio", { name: "A DiscordChatExporter export (a server's channels)" })).toHaveProperty("checked", true);
    expect(screen.queryByText(/stay private/)).toBeNull();
  });
});
