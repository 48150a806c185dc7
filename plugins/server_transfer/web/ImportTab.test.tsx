import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import enGb from "./en-gb.json";
import { ImportTab } from "./ImportTab";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function planned(itemsLeftOut?: Record<string, { name: string; reason: string }[]>) {
  return {
    id: "9",
    kind: "import",
    serverId: null,
    status: "planned",
    history: true,
    done: 0,
    total: 3,
    size: null,
    error: null,
    report: {
      server: "Emoji Land",
      exportedAt: null,
      roles: 1,
      categories: 0,
      channels: ["general"],
      history: true,
      messages: 3,
      authors: 1,
      attachments: 0,
      reactions: 1,
      matches: [],
      ...(itemsLeftOut ? { itemsLeftOut } : {}),
    },
  };
}

async function checkFile() {
  render(
    <MemoryRouter>
      <ImportTab close={() => {}} />
    </MemoryRouter>,
  );
  const file = new File(["zip"], "server.zip", { type: "application/zip" });
  fireEvent.change(screen.getByLabelText("Server file (.zip)"), { target: { files: [file] } });
  fireEvent.click(screen.getByRole("button", { name: "Check the file" }));
  await screen.findByTestId("server-import-plan");
}

beforeEach(() => {
  registerTranslations("en-gb", "server_transfer", enGb);
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("the import's dry run", () => {
  it("lists the emojis that will not be made, with why", async () => {
    fetchMock.mockResolvedValueOnce(
      json(planned({ emojis: [{ name: "party", reason: "picture" }, { name: "e80", reason: "limit" }] })),
    );
    await checkFile();
    const list = screen.getByTestId("server-import-left-out");
    expect(list.textContent).toContain("Emojis that will not be made");
    expect([...list.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      ":party: — its picture is not one Hearth accepts",
      ":e80: — past a new server's limit of emojis",
    ]);
  });

  it("says nothing of emojis when every one is made, or the file is of an older Hearth", async () => {
    fetchMock.mockResolvedValueOnce(json(planned()));
    await checkFile();
    expect(screen.queryByTestId("server-import-left-out")).toBeNull();
  });
});
