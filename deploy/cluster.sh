#!/bin/sh
# npm run cluster: two instances on this machine's PostgreSQL and Redis behind nginx, the long-tail benchmark
# through nginx and an instance killed mid-run (bench/cluster.ts; results in bench/results/longtail-cluster.json).
# Needs PostgreSQL on 127.0.0.1:5432 (a role that may create databases, trust auth) and Redis on 127.0.0.1:6379;
# installs nginx from apt when it is missing.
set -eu
cd "$(dirname "$0")/.."
if ! command -v nginx >/dev/null 2>&1; then
  echo "nginx missing: installing it through apt…"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y nginx
fi
exec node --import tsx bench/cluster.ts "$@"
