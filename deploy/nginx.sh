#!/usr/bin/env bash
# nginx with production's configuration (deploy/nginx/nginx.conf.template) in front of local apps, with a
# self-signed certificate for localhost: used by the cluster (deploy/cluster.sh) and by bench:web --https.
#
#   deploy/nginx.sh start DIR HTTPS_PORT HTTP_PORT UPSTREAM...   (re)start it; DIR holds its files
#   deploy/nginx.sh stop DIR
#
# An UPSTREAM is the rest of an upstream `server` line: `127.0.0.1:3201 max_fails=0`.
# HTTPS_PORT serves TLS and HTTP/2; HTTP_PORT only redirects to it. Needs nginx and openssl
# (deploy/servers.sh install nginx).
set -euo pipefail
cd "$(dirname "$0")/.."

nginx_bin() { command -v nginx || echo /usr/sbin/nginx; }

stop() {
  local dir=$1
  [ -f "$dir/nginx.pid" ] && kill -QUIT "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  rm -f "$dir/nginx.pid"
}

start() {
  local dir=$1 https_port=$2 http_port=$3 upstreams="" server
  shift 3
  mkdir -p "$dir"
  [ -f "$dir/tls.crt" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$dir/tls.key" -out "$dir/tls.crt" >/dev/null 2>&1
  for server in "$@"; do upstreams="$upstreams    server $server;\n"; done
  sed -e "s#{{PREFIX}}#$dir#g" -e "s#{{HTTP_PORT}}#$http_port#g" -e "s#{{HTTPS_PORT}}#$https_port#g" \
    -e "s#{{DAEMON}}##" -e "s#{{UPSTREAMS}}#${upstreams}#" deploy/nginx/nginx.conf.template >"$dir/nginx.conf"
  # An nginx still running from an earlier start of the same directory is stopped first.
  if [ -f "$dir/nginx.pid" ] && kill -0 "$(cat "$dir/nginx.pid")" 2>/dev/null; then stop "$dir" && sleep 0.5; fi
  "$(nginx_bin)" -c "$dir/nginx.conf" -p "$dir" -e "$dir/error.log"
}

case "${1:-}" in
  start) start "${2:?dir}" "${3:?https port}" "${4:?http port}" "${@:5}" ;;
  stop) stop "${2:?dir}" ;;
  *) echo "usage: $0 start DIR HTTPS_PORT HTTP_PORT UPSTREAM... | stop DIR" >&2; exit 2 ;;
esac
