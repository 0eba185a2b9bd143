// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChatProductImage } from "./chat-product-image.js";

afterEach(cleanup);

describe("chat product image", () => {
  it("turns into a grey placeholder, still named, when the image cannot load", () => {
    render(<ChatProductImage src="/missing.png" alt="Vita 500" />);
    fireEvent.error(screen.getByRole("img", { name: "Vita 500" }));
    const placeholder = screen.getByRole("img", { name: "Vita 500" });
    expect(placeholder.tagName).toBe("DIV");
    expect(placeholder.className).toContain("bg-slate-200");
  });
});
