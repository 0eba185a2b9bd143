import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { browserFamily } from "./browser-family.js";
import { UserAgents } from "./user-agent.js";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("UserAgents", () => {
  it("answers what isbot and browserFamily answer, the first time and from memory", () => {
    const agents = new UserAgents(10);
    for (let round = 0; round < 2; round++) {
      for (const ua of [CHROME, BOT, "curl/8.5.0"]) {
        expect(agents.read(ua)).toEqual({ bot: isbot(ua), browser: browserFamily(ua) });
      }
    }
    // isbot lets an empty string through; no user agent at all is a script, not a browser.
    expect(isbot("")).toBe(false);
    expect(agents.read("").bot).toBe(true);
    expect(agents.read("  ").bot).toBe(true);
    expect(agents.read(BOT).bot).toBe(true);
    expect(agents.read(CHROME)).toEqual({ bot: false, browser: "Chrome/desktop" });
  });

  it("keeps at most its size, dropping the least recently seen, and never very long strings", () => {
    const agents = new UserAgents(3);
    const ua = (i: number) => `${CHROME} build/${i}`;
    agents.read(ua(1));
    agents.read(ua(2));
    agents.read(ua(3));
    agents.read(ua(1)); // now the most recent
    agents.read(ua(4)); // drops 2
    expect(agents.count).toBe(3);
    expect([1, 2, 3, 4].map((i) => agents.has(ua(i)))).toEqual([true, false, true, true]);
    const long = `${CHROME} ${"x".repeat(600)}`;
    expect(agents.read(long)).toEqual({ bot: isbot(long), browser: browserFamily(long) });
    expect(agents.has(long)).toBe(false);
    expect(agents.count).toBe(3);
  });
});
