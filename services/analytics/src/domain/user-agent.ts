import { isbot } from "isbot";
import { browserFamily } from "./browser-family.js";

/** What a track request needs from a user agent: whether it is a known bot, and its browser family. */
export interface UserAgentFacts {
  bot: boolean;
  browser: string | null;
}

/** Distinct user agents remembered; most visitors share a few dozen. */
export const USER_AGENTS_KEPT = 1000;
/** Longer strings are read every time rather than kept. */
const LONGEST_KEPT = 512;

/**
 * isbot and bowser read a user agent with dozens of regular expressions, the same few strings over
 * and over: their answers are kept for the most recently seen strings (in this process's memory
 * only, never stored or logged), least recently seen dropped first.
 */
export class UserAgents {
  private readonly kept = new Map<string, UserAgentFacts>();

  constructor(private readonly size = USER_AGENTS_KEPT) {}

  read(userAgent: string): UserAgentFacts {
    const known = this.kept.get(userAgent);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(userAgent);
      this.kept.set(userAgent, known);
      return known;
    }
    // No user agent at all is a script's request, never a browser's: counted as a bot.
    const facts = { bot: !userAgent.trim() || isbot(userAgent), browser: browserFamily(userAgent) };
    if (userAgent.length <= LONGEST_KEPT) {
      this.kept.set(userAgent, facts);
      if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value!);
    }
    return facts;
  }

  get count(): number {
    return this.kept.size;
  }

  /** Whether the string's answers are kept (without counting as a use). */
  has(userAgent: string): boolean {
    return this.kept.has(userAgent);
  }
}
