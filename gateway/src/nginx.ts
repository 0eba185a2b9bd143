import path from "node:path";
import { routes, upstreams, type Route, type Upstream } from "./route-table.js";
import { docsSecurityHeaders, localHostnames, securityHeaders, strictTransportSecurity } from "./security-headers.js";

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
}

const addHeaders = (headers: Record<string, string>) => [
  ...Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`),
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
  "proxy_set_header X-Country $http_cf_ipcountry;",
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

function block(route: Route, root: string): string[] {
  const lines: string[] = [];
  if ("upstream" in route) {
    lines.push(`proxy_pass http://${route.upstream};`, ...PROXY_HEADERS);
    lines.push(...PROXY_FAIL_FAST);
    if (route.maxBody) lines.push(`client_max_body_size ${route.maxBody};`, "proxy_request_buffering off;");
  } else if ("file" in route) {
    lines.push(
      `default_type ${route.type};`,
      `alias ${path.join(root, route.file)};`,
      `add_header Cache-Control "public, max-age=300";`,
      ...(route.type === "text/html" ? DOCS_HEADERS : SECURITY_HEADERS),
    );
  } else if ("dir" in route) {
    lines.push(`alias ${path.join(root, route.dir)}/;`, "access_log off;");
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
  const locations = routes.flatMap((route) => block(route, options.root));
  const http = [
    `map $host $hsts { ${localHostnames.map((h) => `"${h}" "";`).join(" ")} default "${strictTransportSecurity}"; }`,
    // Keep the caller's request id when it looks like one, otherwise use nginx's own.
    `map $http_x_request_id $request_id_out { "~^[A-Za-z0-9._-]{8,128}$" $http_x_request_id; default $request_id; }`,
    `log_format json escape=json '{"time":"$time_iso8601","reqId":"$request_id_out","method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,"ms":"$request_time","upstream":"$upstream_addr"}';`,
    ...(runtime
      ? [
          `client_body_temp_path ${runtime}/client_body;`,
          `proxy_temp_path ${runtime}/proxy;`,
          `fastcgi_temp_path ${runtime}/fastcgi;`,
          `uwsgi_temp_path ${runtime}/uwsgi;`,
          `scgi_temp_path ${runtime}/scgi;`,
          `access_log ${runtime}/access.log json;`,
        ]
      : ["access_log /dev/stdout json;"]),
    // Served files need their real types: with nosniff, a script sent as octet-stream does not run.
    "include /etc/nginx/mime.types;",
    "default_type application/octet-stream;",
    "sendfile on;",
    "tcp_nopush on;",
    "server_tokens off;",
    "keepalive_timeout 65s;",
    "client_max_body_size 1m;",
    "gzip on;",
    "gzip_comp_level 5;",
    "gzip_min_length 512;",
    "gzip_vary on;",
    "gzip_proxied any;",
    "gzip_types text/css text/plain text/xml application/javascript application/json application/xml image/svg+xml;",
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
    "worker_processes auto;",
    "events { worker_connections 1024; }",
    "http {",
    ...http.map((l) => `  ${l}`),
    "}",
    "",
  ].join("\n");
}
