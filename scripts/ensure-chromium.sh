#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (the test tool's own browser
# download cannot work offline, and a fresh machine has none).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: /usr/bin/chromium is missing; install Debian's 'chromium' package" >&2
  exit 1
fi
echo "ensure-chromium: installing chromium with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq chromium >&2
