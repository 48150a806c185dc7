import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useServersStore } from "../../servers/web/public";
import { AddFriendForm } from "./AddFriendForm";
import enGb from "./en-gb.json";
import { useFriendsStore } from "./friendsStore";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const person = (id: string, username: string, tag: string) => ({ id, username, tag, avatar: null, hexColor: null, badges: 0 });

function answer(given: Record<string, (init?: RequestInit) => Response>) {
  const routes: Record<string, (init?: RequestInit) => Response> = { "/api/friends/suggestions": () => json([]), ...given };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const route = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    if (!route) throw new Error(`unexpected ${url}`);
    return routes[route]!(init);
  });
}

const input = () => screen.getByTestId("add-friend-input") as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const addCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === "/api/friends/add").map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => {
  registerTranslations("en-gb", "friends", enGb);
  vi.stubGlobal("fetch", fetchMock);
  usePluginStore.setState({ loadedIds: ["friends", "servers", "social"] });
  useSelfUserStore.setState({ user: { id: "1", username: "me", tag: "ME01" } } as never);
  useFriendsStore.setState({ friends: {} });
  useServersStore.setState({
    servers: { s1: { id: "s1", name: "Garden" } } as never,
    members: { s1: { "7": { serverId: "s1", userId: "7", roleIds: [], nickname: null, user: person("7", "Carol", "GA01") } } } as never,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("add friend by name", () => {
  it("suggests co-members at once and search results after a pause, and picking fills in name:tag", async () => {
    answer({ "/api/users/search?q=car": () => json([person("8", "Carlos", "CA02"), person("7", "Carol", "GA01")]) });
    render(<AddFriendForm />);
    input().focus();
    type("car");
    const list = screen.getByTestId("friend-suggestions");
    expect(list.textContent).toContain("Carol");
    expect(list.textContent).toContain("In Garden");
    await waitFor(() => expect(screen.getAllByTestId("friend-suggestion")).toHaveLength(2));
    const names = (row: HTMLElement) => row.querySelector(".add-friend__suggestion-names")!.textContent;
    expect(screen.getAllByTestId("friend-suggestion").map(names)).toEqual(["Carol:GA01In Garden", "Carlos:CA02Found by name"]);
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(input().getAttribute("aria-activedescendant")).toBe(screen.getAllByTestId("friend-suggestion")[1]!.id);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(input().value).toBe("Carlos:CA02");
  });

  it("sends a bare name that one person bears to that person, with the protocol's body", async () => {
    answer({
      "/api/users/search?q=carol": () => json([person("7", "Carol", "GA01")]),
      "/api/friends/add": () => json({ status: 0, recipientId: "7", recipient: person("7", "Carol", "GA01") }),
    });
    render(<AddFriendForm />);
    type("Carol");
    fireEvent.click(screen.getByText("Send friend request"));
    expect(await screen.findByText("Friend request sent to Carol:GA01.")).toBeTruthy();
    expect(addCalls()).toEqual([{ username: "Carol", tag: "GA01" }]);
  });

  it("asks to pick when several people bear the name, and says when nobody does", async () => {
    answer({
      "/api/users/search?q=dana": () => json([person("10", "Dana", "DA01"), person("9", "dana", "ZZ99")]),
      "/api/users/search?q=nobody": () => json([]),
    });
    render(<AddFriendForm />);
    type("dana");
    fireEvent.click(screen.getByText("Send friend request"));
    expect(await screen.findByText("Several people are called dana: pick one from the list, or add their tag, like dana:AB12.")).toBeTruthy();
    expect(await screen.findAllByTestId("friend-suggestion")).toHaveLength(2);
    type("nobody");
    fireEvent.click(screen.getByText("Send friend request"));
    expect(await screen.findByText(/No one called nobody was found/)).toBeTruthy();
    expect(addCalls()).toEqual([]);
  });

  it("still takes name:tag, and shows the server's refusal", async () => {
    answer({ "/api/friends/add": () => json({ message: "User not found.", path: null }, 400) });
    render(<AddFriendForm />);
    type("ghost:AB12");
    expect(screen.queryByTestId("friend-suggestions")).toBeNull();
    fireEvent.click(screen.getByText("Send friend request"));
    expect(await screen.findByText("User not found.")).toBeTruthy();
    expect(addCalls()).toEqual([{ username: "ghost", tag: "AB12" }]);
  });

  it("does not search without the social plugin", async () => {
    usePluginStore.setState({ loadedIds: ["friends", "servers"] });
    answer({ "/api/friends/add": () => json({ status: 0, recipientId: "7", recipient: person("7", "Carol", "GA01") }) });
    render(<AddFriendForm />);
    type("Carol");
    fireEvent.click(screen.getByText("Send friend request"));
    expect(await screen.findByText("Friend request sent to Carol:GA01.")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/users/search"))).toEqual([]);
  });

  it("suggests co-members this page has not loaded, from the server", async () => {
    useServersStore.setState({ members: {} });
    answer({
      "/api/friends/suggestions?q=erin": () =>
        json([{ ...person("11", "Erin", "ER01"), sharedServer: { id: "s2", name: "Book club" }, nickname: null }]),
      "/api/users/search?q=erin": () => json([person("11", "Erin", "ER01")]),
    });
    render(<AddFriendForm />);
    input().focus();
    type("erin");
    await waitFor(() => expect(screen.getByTestId("friend-suggestions").textContent).toContain("In Book club"));
    expect(screen.getAllByTestId("friend-suggestion")).toHaveLength(1);
  });
});

