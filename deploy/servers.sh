#!/usr/bin/env bash
# The servers of the production mode, from Debian's packages, on loopback ports in .servers/ of the
# project (never the system's own instances): PostgreSQL 15, Redis 7, nginx and Prometheus (promtool).
#
#   deploy/servers.sh install [postgres|redis|nginx|prometheus|all]  apt-get install what is missing (root or sudo)
#   deploy/servers.sh start postgres|redis                   start (if not running) and print its URL line
#   deploy/servers.sh stop [postgres|redis|all]              stop; nothing is left running
#   deploy/servers.sh status                                 what runs
#
# Ports: PG_PORT (54329), REDIS_PORT (63799). Data: SERVERS_DIR (.servers). The database: PG_DATABASE
# (billme); PG_FRESH=1 drops it first. REDIS_FRESH=1 empties Redis on start. PostgreSQL refuses to run as
# root, so as root it runs as the postgres user (runuser); its data folder is that user's.
set -euo pipefail
cd "$(dirname "$0")/.."
SERVERS_DIR=${SERVERS_DIR:-$PWD/.servers}
PG_PORT=${PG_PORT:-54329}
REDIS_PORT=${REDIS_PORT:-63799}
PG_DATABASE=${PG_DATABASE:-billme}
PG_BIN=/usr/lib/postgresql/15/bin
mkdir -p "$SERVERS_DIR"
chmod 755 "$SERVERS_DIR"

sudo_() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

install() {
  local want="${1:-all}" packages=""
  { [ "$want" = all ] || [ "$want" = postgres ]; } && [ ! -x "$PG_BIN/initdb" ] && packages="$packages postgresql"
  { [ "$want" = all ] || [ "$want" = redis ]; } && ! command -v redis-server >/dev/null && packages="$packages redis-server"
  { [ "$want" = all ] || [ "$want" = nginx ]; } && ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] && packages="$packages nginx"
  { [ "$want" = all ] || [ "$want" = nginx ]; } && ! command -v openssl >/dev/null && packages="$packages openssl"
  { [ "$want" = all ] || [ "$want" = prometheus ]; } && ! command -v promtool >/dev/null && packages="$packages prometheus"
  if [ -n "$packages" ]; then
    sudo_ apt-get update -qq
    # Debian starts packaged daemons on install where it can; ours run on their own ports anyway.
    sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
    # Debian's prometheus package starts its own service (and node exporter) on :9090/:9100 where it
    # can: ours runs on its own port under deploy/cluster.sh, so the packaged ones are stopped.
    if [[ " $packages " == *" prometheus "* ]]; then
      for service in prometheus prometheus-node-exporter; do
        sudo_ systemctl disable --now "$service" >/dev/null 2>&1 || sudo_ service "$service" stop >/dev/null 2>&1 || true
      done
    fi
  fi
}

pg_running() { [ -f "$SERVERS_DIR/postgres/data/postmaster.pid" ] && as_postgres "$PG_BIN/pg_ctl" -D "$SERVERS_DIR/postgres/data" status >/dev/null 2>&1; }

start_postgres() {
  install postgres
  local data="$SERVERS_DIR/postgres/data"
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$SERVERS_DIR/postgres"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$SERVERS_DIR/postgres"
    as_postgres "$PG_BIN/initdb" -D "$data" -A trust -U postgres --no-sync >/dev/null
  fi
  if ! pg_running; then
    # Another folder's PostgreSQL on the port (another checkout's tests on this machine) would only make
    # pg_ctl say "could not start server": say who holds it.
    if (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null; then
      echo "servers.sh: port $PG_PORT is taken by a server not of $SERVERS_DIR (stop it, or set PG_PORT)" >&2
      exit 1
    fi
    as_postgres "$PG_BIN/pg_ctl" -D "$data" -w -l "$SERVERS_DIR/postgres/log" \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k /tmp -c max_connections=100" start >/dev/null
  fi
  if [ "${PG_FRESH:-}" = 1 ]; then
    as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "DROP DATABASE IF EXISTS $PG_DATABASE WITH (FORCE)" >/dev/null
  fi
  as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'" | grep -q 1 ||
    as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE DATABASE $PG_DATABASE" >/dev/null
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/$PG_DATABASE"
}

stop_postgres() {
  pg_running && as_postgres "$PG_BIN/pg_ctl" -D "$SERVERS_DIR/postgres/data" -m fast -w stop >/dev/null || true
}

start_redis() {
  install redis
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
      --dir "$SERVERS_DIR" --pidfile "$SERVERS_DIR/redis.pid" --logfile "$SERVERS_DIR/redis.log" >/dev/null
    for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
  [ "${REDIS_FRESH:-}" = 1 ] && redis-cli -p "$REDIS_PORT" flushall >/dev/null
  echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
}

stop_redis() {
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
}

status() {
  pg_running && echo "postgres: running on $PG_PORT" || echo "postgres: stopped"
  redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && echo "redis: running on $REDIS_PORT" || echo "redis: stopped"
}

case "${1:-status}" in
  install) install "${2:-all}" ;;
  start)
    case "${2:-}" in
      postgres) start_postgres ;;
      redis) start_redis ;;
      *) echo "usage: $0 start postgres|redis" >&2; exit 2 ;;
    esac ;;
  stop)
    case "${2:-all}" in
      postgres) stop_postgres ;;
      redis) stop_redis ;;
      all) stop_postgres; stop_redis ;;
    esac ;;
  status) status ;;
  *) echo "usage: $0 install|start|stop|status [postgres|redis|nginx|all]" >&2; exit 2 ;;
esac
