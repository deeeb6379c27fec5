#!/usr/bin/env bash
# Installs Debian's postgresql if missing, starts a cluster on 127.0.0.1:5432 and writes .ci/postgres.env.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5432
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='keel_ci'\"" | grep -q 1 ||
  su postgres -c "psql -q -c 'CREATE DATABASE keel_ci'" >/dev/null
# A second cluster the reliability suite may freeze (SIGSTOP/SIGCONT) without stalling the tests on the first.
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version freezable$"; then
  pg_createcluster "$version" freezable -p 5433 >/dev/null
fi
pg_ctlcluster "$version" freezable start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5433 -q && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5433
su postgres -c "psql -p 5433 -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
{
  echo "export DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/keel_ci"
  echo "export KEEL_FREEZABLE_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5433/postgres"
} > postgres.env
