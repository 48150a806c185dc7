import { cleanup, act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { LayoutSlot, SlotTarget, useSlotFilled } from "./layoutSlots";

function Frame() {
  const filled = useSlotFilled("drawer");
  return (
    <aside aria-label="drawer">
      {!filled && <p>default drawer</p>}
      <SlotTarget name="drawer" />
    </aside>
  );
}

function Page() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(false)}>leave</button>
      {shown && (
        <LayoutSlot name="drawer">
          <p>page drawer</p>
        </LayoutSlot>
      )}
    </>
  );
}

afterEach(cleanup);

describe("layout slots", () => {
  it("renders a page's content in the shell's slot while it is mounted, hiding the default", () => {
    render(
      <>
        <Frame />
        <Page />
      </>,
    );
    const drawer = screen.getByRole("complementary", { name: "drawer" });
    expect(drawer.textContent).toBe("page drawer");
    act(() => screen.getByRole("button", { name: "leave" }).click());
    expect(drawer.textContent).toBe("default drawer");
  });
});
