import Bowser from "bowser";

/**
 * What analytics keeps of a user agent: the browser's family and the kind of device, such as
 * "Chrome/mobile" or "Safari/tablet". Never the string itself, whose versions, builds and
 * extensions can single a visitor out. bowser (MIT, kept up to date with new browsers and bots)
 * reads it; a name it does not know is "Other", since its fallback would echo the string itself.
 */
const KNOWN_NAMES = new Set(Object.values(Bowser.BROWSER_MAP).filter((name) => name !== "Generic"));
const DEVICE_CLASSES = new Set(Object.values(Bowser.PLATFORMS_MAP));

/** The longest value browserFamily answers: the column's width. */
export const BROWSER_FAMILY_MAX = 48;

export function browserFamily(userAgent: string | undefined | null): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const { browser, platform } = Bowser.parse(text);
  const name = browser.name && KNOWN_NAMES.has(browser.name) ? browser.name : "Other";
  const device = platform.type && DEVICE_CLASSES.has(platform.type) ? platform.type : "other";
  return `${name}/${device}`.slice(0, BROWSER_FAMILY_MAX);
}
