/**
 * The security headers of every response the site sends, in one place: nginx (local topology and
 * production) and the embedded server both set exactly these.
 */

function contentSecurityPolicy(scriptSrc: string): string {
  return [
    "default-src 'self'",
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    `script-src ${scriptSrc}`,
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

const base = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** Every page and file: scripts only from the site itself, no inline script. */
export const securityHeaders: Record<string, string> = {
  ...base,
  "Content-Security-Policy": contentSecurityPolicy("'self'"),
};

/** The rendered API reference is one self-contained HTML file with inline scripts. */
export const docsSecurityHeaders: Record<string, string> = {
  ...base,
  "Content-Security-Policy": contentSecurityPolicy("'self' 'unsafe-inline'"),
};

/** Browsers only honour HSTS over HTTPS; on this machine (plain HTTP) it is left out. */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";
export const localHostnames = ["localhost", "127.0.0.1", "[::1]"];

export function isLocalHostname(host: string): boolean {
  const hostname = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return localHostnames.includes(hostname.toLowerCase());
}
