#!/usr/bin/env bash
# Installs Debian's postgresql if missing, starts two clusters and writes .ci/postgres.env: `main` on
# 127.0.0.1:5432 (DATABASE_URL, database keel_ci) for the tests, and `freezable` on 127.0.0.1:5433
# (KEEL_FREEZABLE_DATABASE_URL), which the reliability suite stops with SIGSTOP without stalling the others.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)

# start_cluster NAME PORT: creates the cluster if missing, starts it, waits for it, sets the password.
start_cluster() {
  local name=$1 port=$2
  if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version $name$"; then
    pg_createcluster "$version" "$name" -p "$port" >/dev/null
  fi
  pg_ctlcluster "$version" "$name" start 2>/dev/null || true
  for _ in $(seq 1 30); do
    pg_isready -h 127.0.0.1 -p "$port" -q && break
    sleep 1
  done
  pg_isready -h 127.0.0.1 -p "$port"
  su postgres -c "psql -p $port -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
}

start_cluster main 5432
su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='keel_ci'\"" | grep -q 1 ||
  su postgres -c "psql -q -c 'CREATE DATABASE keel_ci'" >/dev/null
start_cluster freezable 5433
{
  echo "export DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/keel_ci"
  echo "export KEEL_FREEZABLE_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5433/postgres"
} > postgres.env
