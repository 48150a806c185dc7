import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLocalSetting } from "@hearth/settings/localSettings";
import { setSelfUser } from "@hearth/stores/selfUserStore";
import { listApplications } from "./applicationsApi";
import { noteOwnsApplications, resetDeveloperArea, useDeveloperAreaVisible } from "./developerArea";
import type { Application } from "./types";

vi.mock("./applicationsApi", () => ({ listApplications: vi.fn() }));
const list = vi.mocked(listApplications);
const person = (id: string) => ({ id, username: `user${id}`, tag: "abcd", badges: 0 });
const apps = (count: number) => Array.from({ length: count }, (_, index) => ({ id: String(index), name: `App ${index}` }) as Application);

beforeEach(() => {
  localStorage.clear();
  resetDeveloperArea();
  list.mockReset();
  setSelfUser(person("1"), null);
});
afterEach(cleanup);

describe("the developer area on the rail", () => {
  it("stays hidden for someone with no application and developer mode off", async () => {
    list.mockResolvedValue([]);
    const { result } = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(false);
  });

  it("shows for someone who owns an application, asking the server once", async () => {
    list.mockResolvedValue(apps(2));
    const { result } = renderHook(useDeveloperAreaVisible);
    const second = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(result.current).toBe(true));
    expect(second.result.current).toBe(true);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("shows with developer mode without asking, and follows the switch", async () => {
    list.mockResolvedValue([]);
    setLocalSetting("developerMode", true);
    const { result } = renderHook(useDeveloperAreaVisible);
    expect(result.current).toBe(true);
    expect(list).not.toHaveBeenCalled();
    act(() => setLocalSetting("developerMode", false));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(false);
  });

  it("follows a new application and the last one deleted", async () => {
    list.mockResolvedValue([]);
    const { result } = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(list).toHaveBeenCalled());
    act(() => noteOwnsApplications(true));
    expect(result.current).toBe(true);
    act(() => noteOwnsApplications(false));
    expect(result.current).toBe(false);
  });

  it("asks again for the next person signed in on the same page", async () => {
    list.mockResolvedValueOnce(apps(1)).mockResolvedValueOnce([]);
    const { result } = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(result.current).toBe(true));
    act(() => setSelfUser(person("2"), null));
    expect(result.current).toBe(false);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(result.current).toBe(false);
  });

  it("stays hidden when the server cannot answer, and asks again later", async () => {
    list.mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(apps(1));
    const first = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    expect(first.result.current).toBe(false);
    first.unmount();
    await act(async () => {}); // the failure has been handled
    const again = renderHook(useDeveloperAreaVisible);
    await waitFor(() => expect(again.result.current).toBe(true));
  });
});
