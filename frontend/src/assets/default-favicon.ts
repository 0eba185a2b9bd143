/**
 * The site's own icon, for pages until the owner sets one. Served as a file, never inlined into each
 * page: /favicon.ico leads to it (a browser does not follow a redirect to a data: address), and a
 * file is fetched once and cached where an inlined copy weighs on every page.
 */
export { default as defaultFavicon } from "./favicon.svg?no-inline";
