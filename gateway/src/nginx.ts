import { existsSync } from "node:fs";
import path from "node:path";
import { SESSION_COOKIE_IN_HEADER } from "@rsv/api/session-cookie";
import { routes, upstreams, type Route, type Upstream } from "./route-table.js";
import { docsSecurityHeaders, localHostnames, securityHeaders, strictTransportSecurity } from "./security-headers.js";
import { visitorCountryMaps } from "./visitor-country.js";

export interface NginxOptions {
  listen: string;
  /** host:port of each upstream's instances. */
  servers: Record<Upstream, string[]>;
  /** Folder the route table's file and dir paths are relative to (the repo in the local topology, /srv in the image). */
  root: string;
  /** Where nginx keeps its pid, temp files and logs; absent in the container, where the defaults apply. */
  runtimeDir?: string;
  daemon?: boolean;
  /** The worker processes' user; the local topology runs them as the user that started it. */
  user?: string;
  /**
   * Load the brotli modules (Debian's libnginx-mod-http-brotli-*). By default only when they are
   * installed here, so nginx still starts (with gzip alone) on a machine without them.
   */
  brotli?: boolean;
  /**
   * Proxies in front of nginx (a TLS terminator, a layer-7 load balancer) whose X-Forwarded-For is
   * believed: addresses or CIDR ranges. Empty by default: the peer's address is the visitor's.
   */
  trustedProxies?: string[];
  /**
   * A file pattern included in the http block, for `realIpDirectives` written by the operator; no
   * match includes nothing. The production config includes /etc/nginx/real-ip/*.conf.
   */
  realIpInclude?: string;
}

/**
 * Believing the proxies in front: nginx's $remote_addr becomes the address the nearest untrusted
 * hop of X-Forwarded-For names (real_ip_recursive), and that is what nginx appends to the
 * X-Forwarded-For and X-Real-IP it passes on, so the services (which believe one hop, the gateway)
 * count budgets and visitors on the real visitor. A client's own X-Forwarded-For is never believed
 * unless it came through a trusted proxy.
 */
export function realIpDirectives(trustedProxies: string[]): string[] {
  const valid = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;
  for (const proxy of trustedProxies)
    if (!valid.test(proxy)) throw new Error(`trusted proxy ${JSON.stringify(proxy)}: not an address or CIDR range`);
  if (trustedProxies.length === 0) return [];
  return [
    ...trustedProxies.map((proxy) => `set_real_ip_from ${proxy};`),
    "real_ip_header X-Forwarded-For;",
    "real_ip_recursive on;",
  ];
}

/** A comma-separated list (GATEWAY_TRUSTED_PROXIES), blanks dropped. */
export function trustedProxyList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

// --- Compression and caching -------------------------------------------------------------------
// Text answers are compressed on the fly (gzip, and brotli when its modules are loaded); built
// assets are compressed once at build time and sent as those files (*_static). Anonymous reads of
// the routes marked `microCache` are kept for 2 s, so a burst of identical requests costs one
// upstream call; an admin's write shows on the next read (the write count below).

export const COMPRESSED_TYPES =
  "text/css text/plain text/xml application/javascript application/json application/xml image/svg+xml";

export const BROTLI_MODULES = [
  "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so",
  "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so",
];

const compression = (brotli: boolean) => [
  "gzip on;",
  "gzip_comp_level 5;",
  "gzip_min_length 512;",
  "gzip_vary on;",
  "gzip_proxied any;",
  `gzip_types ${COMPRESSED_TYPES};`,
  // Level 4 costs about what gzip 5 does and is still smaller; assets get level 11 at build time.
  ...(brotli
    ? ["brotli on;", "brotli_comp_level 4;", "brotli_min_length 512;", `brotli_types ${COMPRESSED_TYPES};`]
    : []),
];

const precompressed = (brotli: boolean) => ["gzip_static on;", ...(brotli ? ["brotli_static on;"] : [])];

/** How long an anonymous answer is reused: short, so writes show up within seconds. */
export const MICRO_CACHE_SECONDS = 2;

const microCacheHttp = (dir: string) => [
  // Entries unused for 3 s go, so an old copy is never handed out after a quiet spell: the copy served
  // while a fresh one is fetched is at most 2 s past its validity plus the refill's own time.
  `proxy_cache_path ${dir} levels=1:2 keys_zone=micro:10m max_size=256m inactive=3s use_temp_path=off;`,
  // An admin (session cookie, under either of its names) or any caller with credentials always
  // reaches the service, and what it gets is never stored.
  `map $http_cookie $has_session { "~${SESSION_COOKIE_IN_HEADER}" 1; default 0; }`,
  `map $http_authorization $has_authorization { "" 0; default 1; }`,
  // A hard reload (Cache-Control: no-cache) fetches a fresh copy, which is stored for the next reader.
  `map $http_cache_control $hard_reload { "~*no-cache" 1; default 0; }`,
  // Services mark what must never be shared; responses setting cookies are never stored by nginx itself.
  `map $upstream_http_cache_control $upstream_private { "~*(private|no-store)" 1; default 0; }`,
];

/** Debian's Lua module (libnginx-mod-http-lua) and the development kit it needs, for the write count below. */
export const LUA_MODULES = [
  "/usr/lib/nginx/modules/ndk_http_module.so",
  "/usr/lib/nginx/modules/ngx_http_lua_module.so",
];

/**
 * Writes reach every cache at once. nginx counts the writes it passes that carry an admin's
 * credentials (any method but GET, HEAD and OPTIONS, with the session cookie or an Authorization
 * header) in memory its workers share; the count goes up as such a write's answer head arrives,
 * before the writer gets it. The micro-cache's key starts with `<run>.<count>` (the run being when
 * this nginx started, in ms), so the next read after a write misses every entry made before it; and
 * every request forwarded carries it as X-Cache-Generation, so each service replica's read cache and
 * the web process's renders drop theirs on the first request that shows a higher count
 * (services/kit/src/runtime/cache-generation.ts).
 */
const cacheGenerationHttp = [
  "lua_shared_dict cache_generation 64k;",
  `init_by_lua_block { local g = ngx.shared.cache_generation; g:set("run", string.format("%d", math.floor(ngx.now() * 1000))); g:set("count", 0) }`,
  `map $request_method $is_write { GET 0; HEAD 0; OPTIONS 0; default 1; }`,
  `map "$is_write$has_session$has_authorization" $credentialed_write { "~^1(1.|.1)$" 1; default 0; }`,
];

const CACHE_GENERATION = [
  `set_by_lua_block $cache_generation { local g = ngx.shared.cache_generation; return g:get("run") .. "." .. g:get("count") }`,
  "proxy_set_header X-Cache-Generation $cache_generation;",
  `header_filter_by_lua_block { if ngx.var.credentialed_write == "1" then ngx.shared.cache_generation:incr("count", 1) end }`,
];

/** The beacon's location: no Lua, and no cache generation a caller might send passed on (an empty value is dropped). */
const BEACON = [`proxy_set_header X-Cache-Generation "";`];

const MICRO_CACHE = [
  "proxy_cache micro;",
  // The write count first: a write answered makes every earlier entry unreachable (they go when inactive).
  // Then the visitor's country: pages show the offers of the visitor's market.
  "proxy_cache_key $cache_generation:$visitor_country:$scheme$host$request_uri;",
  `proxy_cache_valid 200 404 ${MICRO_CACHE_SECONDS}s;`,
  // Browsers get the services' own Cache-Control; nginx's copy lives MICRO_CACHE_SECONDS.
  "proxy_ignore_headers Cache-Control Expires X-Accel-Expires;",
  "proxy_cache_bypass $has_session $has_authorization $hard_reload;",
  "proxy_no_cache $has_session $has_authorization $upstream_private;",
  // One request refills an expired entry; the others meanwhile get the previous copy.
  "proxy_cache_lock on;",
  "proxy_cache_lock_timeout 5s;",
  "proxy_cache_use_stale updating;",
  // A hit is sent as the stored head from memory and the body by sendfile; corked (tcp_nopush), one
  // hit in fifty waited on the 40 ms delayed ACK (p99 44 ms against 4.8 ms uncorked, same run).
  "tcp_nopush off;",
  // A stored answer carries the request id of the request that filled it: send this request's own.
  "proxy_hide_header X-Request-Id;",
  "add_header X-Request-Id $request_id_out always;",
  // HIT, MISS, EXPIRED, UPDATING, STALE or BYPASS.
  "add_header X-Cache-Status $upstream_cache_status always;",
];
// --- end of compression and caching -------------------------------------------------------------

const addHeaders = (headers: Record<string, string>) => [
  ...Object.entries(headers).map(([name, value]) =>
    // A service that sets its own policy (image bytes: sandboxed, nothing loads) keeps it alone.
    name === "Content-Security-Policy" && value === securityHeaders[name]
      ? `add_header ${name} $site_csp always;`
      : `add_header ${name} "${value}" always;`,
  ),
  // Empty on this machine's own names, where the site is plain HTTP (nginx then sends no header).
  `add_header Strict-Transport-Security $hsts always;`,
];
const SECURITY_HEADERS = addHeaders(securityHeaders);
const DOCS_HEADERS = addHeaders(docsSecurityHeaders);

const GATEWAY_ERRORS = [
  { statuses: [400], name: "bad-request", code: "validation_failed", message: "Malformed request" },
  { statuses: [413], name: "too-large", code: "payload_too_large", message: "Request body is too large" },
  { statuses: [500], name: "internal", code: "internal", message: "Something went wrong on our side" },
  { statuses: [502, 503, 504], name: "unavailable", code: "unavailable", message: "Service temporarily unavailable" },
];

const PROXY_HEADERS = [
  "proxy_http_version 1.1;",
  // nginx adds its own; one copy is enough.
  "proxy_hide_header X-Content-Type-Options;",
  `proxy_set_header Connection "";`,
  "proxy_set_header Host $host;",
  // With its port, so a service can tell a same-origin write (Origin must name this host) from a foreign one.
  "proxy_set_header X-Forwarded-Host $http_host;",
  "proxy_set_header X-Request-Id $request_id_out;",
  "proxy_set_header X-Real-IP $remote_addr;",
  "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
  "proxy_set_header X-Forwarded-Proto $scheme;",
  "proxy_set_header X-Country $visitor_country;",
];

/**
 * Failing fast when an upstream is gone. A refused connection (a stopped process) already fails at
 * once; a stopped container's address may instead swallow the connection attempt, which nginx would
 * wait on for its default 60 s. A live upstream accepts within milliseconds, so 1 s is generous, and
 * trying the other replicas stops after 2 s: the caller gets the 503 envelope within about 2 s.
 */
const PROXY_FAIL_FAST = ["proxy_connect_timeout 1s;", "proxy_next_upstream_timeout 2s;"];

function locationOf(route: Route): string {
  if (route.exact) return `= ${route.path}`;
  if (route.path.endsWith("/")) return route.path;
  // "/api/products" must match itself and what is below it, not "/api/productsfoo".
  return `~ ^${route.path.replace(/[.]/g, "\\.")}(/|$)`;
}

function block(route: Route, root: string, brotli: boolean): string[] {
  const lines: string[] = [];
  if ("upstream" in route) {
    lines.push(`proxy_pass http://${route.upstream};`, ...PROXY_HEADERS, ...(route.beacon ? BEACON : CACHE_GENERATION));
    lines.push(...PROXY_FAIL_FAST);
    if (route.maxBody) lines.push(`client_max_body_size ${route.maxBody};`, "proxy_request_buffering off;");
    // Its own add_header lines replace the server's, so the security headers are repeated.
    if (route.microCache) lines.push(...MICRO_CACHE, ...SECURITY_HEADERS);
  } else if ("file" in route) {
    lines.push(
      `default_type ${route.type};`,
      `alias ${path.join(root, route.file)};`,
      `add_header Cache-Control "public, max-age=300";`,
      ...(route.type === "text/html" ? DOCS_HEADERS : SECURITY_HEADERS),
    );
  } else if ("dir" in route) {
    lines.push(`alias ${path.join(root, route.dir)}/;`, "access_log off;");
    if (route.immutable) lines.push(...precompressed(brotli));
    if (route.immutable)
      lines.push(`add_header Cache-Control "public, max-age=31536000, immutable";`, ...SECURITY_HEADERS);
  } else if ("notFound" in route) {
    lines.push(
      "default_type application/json;",
      `return 404 '{"error":{"code":"not_found","message":"No such endpoint"}}';`,
    );
  } else {
    lines.push("default_type application/json;", `return 200 '{"status":"ok"}';`);
  }
  return [`location ${locationOf(route)} {`, ...lines.map((l) => `  ${l}`), "}"];
}

/** The gateway's nginx.conf, made from the route table. */
export function renderNginxConfig(options: NginxOptions): string {
  const runtime = options.runtimeDir;
  const upstreamBlocks = upstreams.flatMap((name) => [
    `upstream ${name} {`,
    ...options.servers[name].map((server) => `  server ${server} max_fails=3 fail_timeout=5s;`),
    "  keepalive 32;",
    "}",
  ]);
  const brotli = options.brotli ?? BROTLI_MODULES.every((module) => existsSync(module));
  // nginx takes the first regex location that matches, so a longer path (/api/revisions/product) comes
  // before a shorter one it starts with (/api/revisions), as the route table's longest-prefix rule says.
  const locations = [...routes]
    .sort((a, b) => b.path.length - a.path.length)
    .flatMap((route) => block(route, options.root, brotli));
  const http = [
    ...visitorCountryMaps,
    `map $upstream_http_content_security_policy $site_csp { "" "${securityHeaders["Content-Security-Policy"]}"; default ""; }`,
    `map $host $hsts { ${localHostnames.map((h) => `"${h}" "";`).join(" ")} default "${strictTransportSecurity}"; }`,
    // Keep the caller's request id when it looks like one, otherwise use nginx's own.
    `map $http_x_request_id $request_id_out { "~^[A-Za-z0-9._-]{8,128}$" $http_x_request_id; default $request_id; }`,
    `log_format json escape=json '{"time":"$time_iso8601","reqId":"$request_id_out","method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,"ms":"$request_time","upstream":"$upstream_addr"}';`,
    // Log lines are written 64 KB at a time (at most 1 s late), not with one write per request.
    ...(runtime
      ? [
          `client_body_temp_path ${runtime}/client_body;`,
          `proxy_temp_path ${runtime}/proxy;`,
          `fastcgi_temp_path ${runtime}/fastcgi;`,
          `uwsgi_temp_path ${runtime}/uwsgi;`,
          `scgi_temp_path ${runtime}/scgi;`,
          `access_log ${runtime}/access.log json buffer=64k flush=1s;`,
        ]
      : ["access_log /dev/stdout json buffer=64k flush=1s;"]),
    // Served files need their real types: with nosniff, a script sent as octet-stream does not run.
    "include /etc/nginx/mime.types;",
    "default_type application/octet-stream;",
    "sendfile on;",
    "tcp_nopush on;",
    "server_tokens off;",
    "keepalive_timeout 65s;",
    // nginx's default closes a client's connection after 1,000 requests; a page's assets, beacons and
    // a load test's connections all reuse theirs for longer.
    "keepalive_requests 10000;",
    "client_max_body_size 1m;",
    ...realIpDirectives(options.trustedProxies ?? []),
    ...(options.realIpInclude ? [`include ${options.realIpInclude};`] : []),
    ...compression(brotli),
    ...microCacheHttp(runtime ? `${runtime}/micro-cache` : "/var/lib/nginx/micro-cache"),
    ...cacheGenerationHttp,
    ...upstreamBlocks,
    "server {",
    `  listen ${options.listen};`,
    "  server_name _;",
    // Errors nginx itself answers keep the API's JSON envelope. They are internal URIs, not named
    // locations: a request nginx refuses while reading its line (a %00 in the path) has no URI, and a
    // redirect to a named location then fails with a bare HTML 500.
    ...GATEWAY_ERRORS.flatMap(({ statuses, name }) => [`  error_page ${statuses.join(" ")} /.gateway-error/${name};`]),
    ...GATEWAY_ERRORS.flatMap(({ statuses, name, code, message }) => [
      `  location = /.gateway-error/${name} {`,
      "    internal;",
      "    default_type application/json;",
      `    return ${statuses[0] === 502 ? 503 : statuses[0]} '{"error":{"code":"${code}","message":"${message}"}}';`,
      "  }",
    ]),
    ...SECURITY_HEADERS.map((h) => `  ${h}`),
    ...locations.map((l) => `  ${l}`),
    "}",
  ];
  return [
    `# Generated from gateway/routes.json by gateway/src/nginx.ts: do not edit.`,
    ...(runtime
      ? [`pid ${runtime}/nginx.pid;`, `error_log ${runtime}/error.log warn;`]
      : ["error_log /dev/stderr warn;"]),
    ...(options.daemon === false ? ["daemon off;"] : []),
    ...(options.user ? [`user ${options.user};`] : []),
    ...LUA_MODULES.map((module) => `load_module ${module};`),
    ...(brotli ? BROTLI_MODULES.map((module) => `load_module ${module};`) : []),
    "worker_processes auto;",
    "events { worker_connections 1024; }",
    "http {",
    ...http.map((l) => `  ${l}`),
    "}",
    "",
  ].join("\n");
}
