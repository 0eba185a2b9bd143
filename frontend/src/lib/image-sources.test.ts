import { describe, expect, it } from "vitest";
import { imageSources } from "./image-sources.js";

describe("imageSources", () => {
  it("offers every resized width of an uploaded image", () => {
    expect(imageSources("/api/images/shot.png")).toEqual({
      src: "/api/images/shot.png",
      srcSet:
        "/api/images/shot.png?w=160 160w, /api/images/shot.png?w=320 320w, /api/images/shot.png?w=480 480w, " +
        "/api/images/shot.png?w=640 640w, /api/images/shot.png?w=960 960w, /api/images/shot.png?w=1280 1280w",
    });
  });

  it("stops at the largest width the slot can use", () => {
    expect(imageSources("/api/images/shot.png", 320).srcSet).toBe(
      "/api/images/shot.png?w=160 160w, /api/images/shot.png?w=320 320w",
    );
  });

  it("leaves external, bundled and already-sized images alone", () => {
    for (const src of ["https://cdn.example.com/a.jpg", "/assets/stock.svg", "/api/images/a.png?w=320"]) {
      expect(imageSources(src)).toEqual({ src });
    }
  });
});
