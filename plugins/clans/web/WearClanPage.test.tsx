import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useServersStore } from "../../servers/web/public";
import { server } from "../../servers/web/testData";
import enGb from "./en-gb.json";
import WearClanPage from "./WearClanPage";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const clan = { tag: "HRTH", icon: "avatars/s1/1.png", serverId: "s1" };

beforeEach(() => {
  registerTranslations("en-gb", "clans", enGb);
  vi.stubGlobal("fetch", fetchMock);
  useSelfUserStore.setState({ user: { id: "u1", username: "bob", tag: "0001", badges: 0 } });
  useServersStore.setState({ servers: { s1: server({ clan: { tag: "HRTH", icon: "avatars/s1/1.png" } }), s2: server({ id: "s2", name: "Plain", clan: null }) } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("wearing a clan", () => {
  it("lists the servers with a clan and wears the chosen one", async () => {
    fetchMock.mockResolvedValueOnce(json({ profile: null }));
    render(<WearClanPage />);
    const select = (await screen.findByLabelText("Clan on your profile")) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["No clan", "HRTH · Hearthside"]);
    fireEvent.change(select, { target: { value: "s1" } });
    fetchMock.mockResolvedValueOnce(json({ user: { id: "u1", profile: { font: null, clan } } }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({ clanServerId: "s1" });
    expect(screen.getByTestId("clan-badge").textContent).toBe("HRTH");
  });

  it("takes it off", async () => {
    fetchMock.mockResolvedValueOnce(json({ profile: { clan } }));
    render(<WearClanPage />);
    expect(((await screen.findByLabelText("Clan on your profile")) as HTMLSelectElement).value).toBe("s1");
    fireEvent.change(screen.getByLabelText("Clan on your profile"), { target: { value: "" } });
    fetchMock.mockResolvedValueOnce(json({ user: { id: "u1", profile: { font: null, clan: null } } }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({ clanServerId: null });
    expect(screen.queryByTestId("clan-badge")).toBeNull();
  });
});
