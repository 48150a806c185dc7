import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { NotificationToasts } from "./NotificationToasts";
import { clearToasts, pushToast, useToastStore } from "./toastStore";

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

afterEach(() => {
  cleanup();
  clearToasts();
});

const renderToasts = () =>
  render(
    <MemoryRouter initialEntries={["/app"]}>
      <NotificationToasts />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe("the pop-ups", () => {
  it("shows the newest on top; a click opens its channel and closes it", () => {
    renderToasts();
    act(() => {
      pushToast({ id: "1", title: "bob in #general (Hearthside)", body: "first", path: "/app/servers/s1/c1" });
      pushToast({ id: "2", title: "ada", body: "second", path: "/app/inbox/d1" });
    });
    const toasts = () => screen.queryAllByTestId("notification-toast").map((toast) => toast.textContent);
    expect(toasts()).toEqual(["adasecond", "bob in #general (Hearthside)first"]);
    fireEvent.click(screen.getByText("second"));
    expect(screen.getByTestId("where").textContent).toBe("/app/inbox/d1");
    expect(toasts()).toEqual(["bob in #general (Hearthside)first"]);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(toasts()).toEqual([]);
  });

  it("are dropped when the app unmounts (logging out)", () => {
    const { unmount } = renderToasts();
    pushToast({ id: "1", title: "t", body: "b", path: "/app" });
    unmount();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
