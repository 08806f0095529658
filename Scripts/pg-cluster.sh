#!/usr/bin/env bash
# A throwaway PostgreSQL + PostGIS cluster for tests and development (Documentation/PostgreSQL.md).
#
#   Scripts/pg-cluster.sh start   initdb in a temporary directory, start the server on a free localhost port,
#                                 create the database `beacon` with PostGIS; prints the connection URL
#   Scripts/pg-cluster.sh env     prints `export BEACON_TEST_POSTGRES_URL=…` for a running cluster
#   Scripts/pg-cluster.sh url     prints the URL alone
#   Scripts/pg-cluster.sh stop    stops the server and deletes the directory
#
# The directory is $BEACON_PG_DIR (default ${TMPDIR:-/tmp}/beacon-pg.$UID). initdb refuses to run as root, so as
# root the server runs as the `postgres` user (Debian's packages create it), else `nobody`, else a `beacon-pg`
# user created with useradd. The password is random per cluster; the URL carries it, so treat it as a secret of
# the test run (Beacon never prints it).
set -euo pipefail

dir="${BEACON_PG_DIR:-${TMPDIR:-/tmp}/beacon-pg.$(id -u)}"
database=beacon
role=beacon

die() {
  echo "pg-cluster: $*" >&2
  exit 1
}

# The server's programs: Debian keeps them out of PATH in /usr/lib/postgresql/N/bin; Homebrew puts them on it.
bin_dir() {
  local candidate
  candidate=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$candidate" ] && [ -x "$candidate/initdb" ]; then
    echo "$candidate"
  elif command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  else
    die "no PostgreSQL server found (Debian: apt-get install postgresql postgresql-15-postgis-3; macOS: brew install postgresql postgis)"
  fi
}

# Who runs the server: the caller, or as root a user initdb accepts.
server_user() {
  if [ "$(id -u)" != 0 ]; then
    id -un
  elif id postgres >/dev/null 2>&1; then
    echo postgres
  elif id nobody >/dev/null 2>&1; then
    echo nobody
  else
    id beacon-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin beacon-pg
    echo beacon-pg
  fi
}

# Runs a command as the server's user.
as_server() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$(server_user)" -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
  if [ -f "$dir/url" ] && as_server "$(bin_dir)/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    cat "$dir/url"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  chmod 700 "$dir"
  local bin user port password
  bin=$(bin_dir)
  user=$(server_user)
  port=$(free_port)
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  [ "$(id -u)" = 0 ] && chown "$user" "$dir"
  (umask 077 && printf '%s\n' "$password" >"$dir/password")
  [ "$(id -u)" = 0 ] && chown "$user" "$dir/password"
  as_server "$bin/initdb" -D "$dir/data" -U "$role" --pwfile="$dir/password" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  }
  as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >/dev/null || {
    cat "$dir/server.log" >&2
    die "the server did not start"
  }
  echo "$port" >"$dir/port"
  as_server env PGPASSWORD="$password" "$bin/psql" -q -h 127.0.0.1 -p "$port" -U "$role" -d postgres \
    -v ON_ERROR_STOP=1 -c "CREATE DATABASE $database" >/dev/null
  # PostGIS is optional for what Beacon tests today; without it the cluster still serves ratings and favourites.
  if ! as_server env PGPASSWORD="$password" "$bin/psql" -q -h 127.0.0.1 -p "$port" -U "$role" -d "$database" \
    -v ON_ERROR_STOP=1 -c "CREATE EXTENSION IF NOT EXISTS postgis" >/dev/null 2>"$dir/postgis.log"; then
    echo "pg-cluster: warning: PostGIS is not installed ($(head -n 1 "$dir/postgis.log"))" >&2
  fi
  (umask 077 && echo "postgresql://$role:$password@127.0.0.1:$port/$database" >"$dir/url")
  cat "$dir/url"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -d "$dir/data" ]; then
    as_server "$(bin_dir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) [ -f "$dir/url" ] && cat "$dir/url" || die "no cluster in $dir (run: $0 start)" ;;
  env) [ -f "$dir/url" ] && echo "export BEACON_TEST_POSTGRES_URL=$(cat "$dir/url")" || die "no cluster in $dir" ;;
  *)
    echo "usage: $0 start|stop|url|env" >&2
    exit 2
    ;;
esac
