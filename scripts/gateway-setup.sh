#!/usr/bin/env bash
# What the gateway's suites need beyond npm, idempotently (as scripts/setup.sh installs chromium):
# Debian's nginx (the scale-out test runs two gateway processes behind it, on 127.0.0.1 only) and
# Debian's python3-prometheus-client (its parser, under Debian's /usr/bin/python3, reads the
# gateway's /metrics in the tests).
#   bash scripts/gateway-setup.sh
set -euo pipefail
log() { printf '[gateway-setup] %s\n' "$*" >&2; }

missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
/usr/bin/python3 -c 'import prometheus_client.parser' 2>/dev/null || missing+=(python3-prometheus-client)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing Debian's ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # The package's own service must not start (the tests run nginx with their own config, on
  # 127.0.0.1, and stop it): policy-rc.d refuses every service start during the install.
  made_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    made_policy=1
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
fi
nginx -v 2>&1 | sed 's/^/[gateway-setup] /' >&2
