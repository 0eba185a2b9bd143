#!/usr/bin/env bash
# Installs the Debian packages the local topology needs when they are missing (as root only).
# `system-deps.sh bench` also installs what make bench measures with (wrk, redis-benchmark).
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v nginx >/dev/null || missing+=(nginx-light)
# Brotli for nginx: optional (the generated config loads the modules only when they are installed),
# so a machine without them still serves gzip.
[ -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || missing+=(libnginx-mod-http-brotli-filter)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
# Lua for nginx: the count of admins' writes that keys the micro-cache (gateway/src/nginx.ts).
[ -e /usr/lib/nginx/modules/ngx_http_lua_module.so ] || missing+=(libnginx-mod-http-lua)
command -v chromium >/dev/null || missing+=(chromium)
if [ "${1:-}" = bench ]; then
  command -v wrk >/dev/null || missing+=(wrk)
  command -v redis-benchmark >/dev/null || missing+=(redis-tools)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Missing system packages: ${missing[*]} (install them, or run make test as root)" >&2
  exit 1
fi
echo "Installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
# The Debian packages start their own services; the tests use their own instances on free ports.
