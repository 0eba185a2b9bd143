/**
 * How a scroll the dashboard starts itself moves: smoothly, so the reader sees where the page went;
 * at once for a reader who asked the system for less motion, and where the browser cannot say.
 * "instant", not "auto": auto would take the page's own CSS scroll-behavior, which is smooth.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduced =
    typeof window.matchMedia !== "function" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduced ? "instant" : "smooth";
}
