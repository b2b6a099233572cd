#!/usr/bin/env bash
# The production mode on one machine: PostgreSQL and Redis (deploy/servers.sh), one build, three
# instances of the site (server.ts), nginx in front with TLS, and Prometheus on loopback scraping the
# instances' metrics ports with the alert rules of deploy/prometheus.
#
#   npm run cluster                  start it all and print the address (Ctrl-C stops it all)
#   bash deploy/cluster.sh start     start in the background and return
#   bash deploy/cluster.sh stop      stop everything it started
#   bash deploy/cluster.sh restart N stop instance N gracefully (SIGTERM) and start it again
#
# Settings (environment): CLUSTER_INSTANCES (3), CLUSTER_BASE_PORT (3201), NGINX_HTTP_PORT (3280),
# NGINX_HTTPS_PORT (3443), CLUSTER_METRICS_BASE_PORT (3221: instance N's METRICS_PORT is 3220+N),
# PROMETHEUS_PORT (3290), PROMETHEUS_INTERVAL (5s), CLUSTER_SKIP_BUILD=1 to use the existing .next build (it must have been
# built with the same NEXT_SERVER_ACTIONS_ENCRYPTION_KEY and DEPLOYMENT_ID), and any key of .env.example,
# which is passed on to the instances.
set -euo pipefail
cd "$(dirname "$0")/.."
export SERVERS_DIR=${SERVERS_DIR:-$PWD/.servers}
# The instances run on the site's own Node 24 (the `node` package), also when this script is run by hand.
export PATH="$PWD/node_modules/.bin:$PATH"
INSTANCES=${CLUSTER_INSTANCES:-3}
BASE_PORT=${CLUSTER_BASE_PORT:-3201}
HTTP_PORT=${NGINX_HTTP_PORT:-3280}
HTTPS_PORT=${NGINX_HTTPS_PORT:-3443}
METRICS_BASE_PORT=${CLUSTER_METRICS_BASE_PORT:-3221}
PROMETHEUS_PORT=${PROMETHEUS_PORT:-3290}
PROMETHEUS_DIR="$SERVERS_DIR/prometheus"
NGINX_DIR="$SERVERS_DIR/nginx"
RUN_DIR="$SERVERS_DIR/cluster"
mkdir -p "$NGINX_DIR" "$RUN_DIR"

stop() {
  for pidfile in "$RUN_DIR"/instance-*.pid; do
    [ -f "$pidfile" ] || continue
    kill -TERM -- "-$(cat "$pidfile")" 2>/dev/null || true
  done
  for pidfile in "$RUN_DIR"/instance-*.pid; do
    [ -f "$pidfile" ] || continue
    for _ in $(seq 50); do kill -0 -- "-$(cat "$pidfile")" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  bash deploy/nginx.sh stop "$NGINX_DIR"
  stop_prometheus
  bash deploy/servers.sh stop all
}

# Prometheus on loopback, scraping every instance's metrics port, with the alert rules (its own data
# folder under .servers; never the packaged service).
start_prometheus() {
  local targets=()
  for n in $(seq "$INSTANCES"); do targets+=("'127.0.0.1:$((METRICS_BASE_PORT + n - 1))'"); done
  mkdir -p "$PROMETHEUS_DIR/data"
  cp deploy/prometheus/alerts.yml "$PROMETHEUS_DIR/alerts.yml"
  sed -e "s|{{INTERVAL}}|${PROMETHEUS_INTERVAL:-5s}|g" -e "s|{{TARGETS}}|$(IFS=,; echo "${targets[*]}")|" \
    deploy/prometheus/prometheus.yml.template >"$PROMETHEUS_DIR/prometheus.yml"
  ( exec setsid prometheus --config.file="$PROMETHEUS_DIR/prometheus.yml" --storage.tsdb.path="$PROMETHEUS_DIR/data" \
      --storage.tsdb.retention.time=1d --web.listen-address="127.0.0.1:$PROMETHEUS_PORT" >"$PROMETHEUS_DIR/prometheus.log" 2>&1 ) &
  echo $! >"$PROMETHEUS_DIR/prometheus.pid"
  wait_for "http://127.0.0.1:$PROMETHEUS_PORT/-/ready"
}

stop_prometheus() {
  local pidfile="$PROMETHEUS_DIR/prometheus.pid"
  [ -f "$pidfile" ] || return 0
  kill -TERM -- "-$(cat "$pidfile")" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 -- "-$(cat "$pidfile")" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
}

# Starts instance N (1-based) of the site on its port, in its own process group.
start_instance() {
  local n=$1 port=$((BASE_PORT + $1 - 1))
  ( set -a; source "$RUN_DIR/cluster.env"; set +a
    PORT=$port METRICS_PORT=$((METRICS_BASE_PORT + n - 1)) INSTANCE_NAME="instance-$n" exec setsid node server.ts >"$RUN_DIR/instance-$n.log" 2>&1 ) &
  echo $! >"$RUN_DIR/instance-$n.pid"
}

wait_for() {
  for _ in $(seq 150); do curl -skf -o /dev/null "$1" && return 0; sleep 0.2; done
  echo "no answer from $1" >&2; return 1
}

start() {
  bash deploy/servers.sh install all
  stop_prometheus
  local database_url redis_url
  database_url=$(bash deploy/servers.sh start postgres | sed 's/^DATABASE_URL=//')
  redis_url=$(bash deploy/servers.sh start redis | sed 's/^REDIS_URL=//')

  # One build for every instance: the same action key and deployment id (kept for later runs).
  if [ ! -f "$SERVERS_DIR/build.env" ]; then
    echo "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")" >"$SERVERS_DIR/build.env"
    echo "DEPLOYMENT_ID=billme-$(date +%s)" >>"$SERVERS_DIR/build.env"
  fi
  set -a; source "$SERVERS_DIR/build.env"; set +a
  export NEXT_SERVER_ACTIONS_ENCRYPTION_KEY DEPLOYMENT_ID
  if [ "${CLUSTER_SKIP_BUILD:-}" != 1 ]; then REDIS_URL=$redis_url npm run build >"$RUN_DIR/build.log" 2>&1 || { tail -20 "$RUN_DIR/build.log"; exit 1; }; fi

  DATABASE_URL=$database_url npm run migrate --silent

  # What every instance gets: the shared servers, one trusted proxy hop, the public https address.
  {
    echo "DATABASE_URL=$database_url"
    echo "REDIS_URL=$redis_url"
    echo "DATABASE_POOL_SIZE=${DATABASE_POOL_SIZE:-5}"
    echo "TRUSTED_PROXY_HOPS=1"
    echo "NEXT_PUBLIC_SITE_URL=${NEXT_PUBLIC_SITE_URL:-https://localhost:$HTTPS_PORT}"
    echo "DATA_DIR=${DATA_DIR:-$SERVERS_DIR/data}"
    echo "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY"
    echo "DEPLOYMENT_ID=$DEPLOYMENT_ID"
    for key in API_BASE_URL REVALIDATE_SECRET CONTENT_TIMEOUT_MS FORM_RATE_LIMIT FORM_RATE_WINDOW_SECONDS PAYMENT_RATE_LIMIT PAYMENT_RATE_WINDOW_SECONDS CARD_RATE_LIMIT CONFIRMATION_RATE_LIMIT PAGE_CACHE PAGE_CACHE_STATUS LATE_SCRIPTS SMTP_URL SMTP_TLS_REJECT_UNAUTHORIZED MAIL_FROM LEADS_EMAIL CAREERS_EMAIL PAYMENT_PROVIDER LOG_LEVEL; do
      [ -n "${!key:-}" ] && echo "$key=${!key}"
    done
    true
  } >"$RUN_DIR/cluster.env"

  for n in $(seq "$INSTANCES"); do start_instance "$n"; done

  # nginx (deploy/nginx.sh): a self-signed certificate for localhost, the instances as the upstream.
  local upstreams=()
  # max_fails=0: nothing a client sends can mark an instance down (issue 47, finding 1; the template says why).
  for n in $(seq "$INSTANCES"); do upstreams+=("127.0.0.1:$((BASE_PORT + n - 1)) max_fails=0"); done
  bash deploy/nginx.sh start "$NGINX_DIR" "$HTTPS_PORT" "$HTTP_PORT" "${upstreams[@]}"

  for n in $(seq "$INSTANCES"); do wait_for "http://localhost:$((BASE_PORT + n - 1))/api/health/ready"; done
  wait_for "https://localhost:$HTTPS_PORT/api/health/ready"
  start_prometheus
  echo "Billme cluster: https://localhost:$HTTPS_PORT ($INSTANCES instances on $BASE_PORT.., PostgreSQL, Redis; http://localhost:$HTTP_PORT redirects)"
  echo "Prometheus: http://127.0.0.1:$PROMETHEUS_PORT (instances' metrics on 127.0.0.1:$METRICS_BASE_PORT..; alerts: /alerts)"
}

# Stops instance N with SIGTERM (requests in flight finish) and starts it again with the same settings.
restart() {
  local n=$1 pidfile="$RUN_DIR/instance-$1.pid"
  if [ -f "$pidfile" ]; then
    kill -TERM -- "-$(cat "$pidfile")" 2>/dev/null || true
    # Wait past server.ts's own 25 s forced exit: a new instance started while the old one still holds
    # the ports would fail to listen, and the old one's answers would hide that until it exits.
    for _ in $(seq 150); do kill -0 -- "-$(cat "$pidfile")" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$(cat "$pidfile")" 2>/dev/null || true
  fi
  start_instance "$n"
  wait_for "http://localhost:$((BASE_PORT + n - 1))/api/health/ready"
}

case "${1:-run}" in
  start) start ;;
  restart) restart "${2:?instance number}" ;;
  stop) stop ;;
  run)
    trap stop EXIT INT TERM
    start
    echo "Ctrl-C stops the cluster."
    while sleep 3600; do :; done ;;
  *) echo "usage: $0 [run|start|stop]" >&2; exit 2 ;;
esac
