#!/usr/bin/env bash
# Prepares a throw-away WordPress (Debian's package) with the Storefront Assistant plugin:
# copies WordPress into <dir>/site, writes its wp-config.php, creates a fresh database,
# installs WordPress and activates the plugin (and, with --woocommerce, the real WooCommerce
# 7.9.0 from its vendored archive, see woocommerce_archive below). Serve it afterwards with:
#   PHP_CLI_SERVER_WORKERS=4 php -S 127.0.0.1:<port> -t <dir>/site scripts/wordpress/router.php
#
# Usage: scripts/wordpress/setup.sh <dir> <site url> <database name> [--woocommerce]
#        scripts/wordpress/setup.sh --check-woocommerce   (exit 1, saying why, when the archive is unusable)
# Database connection: WP_DB_HOST (default 127.0.0.1:3306), WP_DB_USER (root), WP_DB_PASSWORD (empty).
# WooCommerce: WOOCOMMERCE_ARCHIVE (default ../shared/vendor/woocommerce-7.9.0.tgz beside the
# repository, else /work/shared/vendor/), checked against the SHA-256 in scripts/wordpress/woocommerce.sha256.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

# The vendored WooCommerce archive, verified: prints its path, or why it cannot be used.
woocommerce_archive() {
  local archive=${WOOCOMMERCE_ARCHIVE:-}
  if [[ -z "$archive" ]]; then
    # The workspace keeps shared/ beside the repository; a clone made elsewhere on the same
    # machine (a CI checkout in a temporary directory) finds it under /work.
    for candidate in "$repo/../shared/vendor/woocommerce-7.9.0.tgz" /work/shared/vendor/woocommerce-7.9.0.tgz; do
      if [[ -f "$candidate" ]]; then archive=$candidate; break; fi
    done
    archive=${archive:-$repo/../shared/vendor/woocommerce-7.9.0.tgz}
  fi
  if [[ ! -f "$archive" ]]; then
    echo "WooCommerce 7.9.0 is not at $archive (set WOOCOMMERCE_ARCHIVE)" >&2
    return 1
  fi
  if [[ "$(sha256sum "$archive" | cut -d' ' -f1)" != "$(cut -d' ' -f1 "$here/woocommerce.sha256")" ]]; then
    echo "$archive is not the WooCommerce 7.9.0 archive (its SHA-256 differs from scripts/wordpress/woocommerce.sha256)" >&2
    return 1
  fi
  echo "$archive"
}
if [[ "${1:-}" == "--check-woocommerce" ]]; then
  woocommerce_archive > /dev/null
  exit
fi

if [[ $# -lt 3 ]]; then
  echo "usage: $0 <dir> <site url> <database name> [--woocommerce]" >&2
  exit 2
fi
dir=$1 url=$2 database=$3 woocommerce=${4:-}
wordpress=${WORDPRESS_DIR:-/usr/share/wordpress}
site=$dir/site

# WordPress itself, without Debian's wp-config.php (it reads /etc/wordpress) or the 30 MB of translations.
# Links resolved (-L): Debian replaces bundled libraries (underscore, ID3, the CA bundle...) with
# relative links into /usr/share/javascript and others, which would point nowhere from the copy,
# and wp-admin's scripts would fail ("_ is not defined").
mkdir -p "$site/wp-content/plugins"
for entry in "$wordpress"/* ; do
  case "$(basename "$entry")" in wp-config.php|wp-content) ;; *) cp -aL "$entry" "$site/" ;; esac
done
# Pages render through a theme; Debian ships the default one as a recommended package.
if ! compgen -G "$wordpress/wp-content/themes/*/style.css" > /dev/null; then
  echo "no WordPress theme in $wordpress/wp-content/themes: apt-get install -y wordpress-theme-twentytwentythree" >&2
  exit 1
fi
cp -aL "$wordpress/wp-content/themes" "$site/wp-content/"

# The plugin exactly as its zip would install it.
node "$repo/scripts/wordpress/build-zip.mjs" --unpacked "$site/wp-content/plugins" > /dev/null
plugins=(storefront-assistant/storefront-assistant.php)
if [[ "$woocommerce" == "--woocommerce" ]]; then
  archive=$(woocommerce_archive)
  tar xzf "$archive" -C "$site/wp-content/plugins"
  plugins=(woocommerce/woocommerce.php "${plugins[@]}")
fi
# Test-site settings (no background HTTP to itself, the test helpers) as a must-use plugin.
mkdir -p "$site/wp-content/mu-plugins"
cp "$repo/wordpress-plugin/tests/fixtures/test-site.php" "$site/wp-content/mu-plugins/"

salt() { php -r 'echo bin2hex(random_bytes(32));'; }
cat > "$site/wp-config.php" <<PHP
<?php
define( 'DB_NAME', '$database' );
define( 'DB_USER', '${WP_DB_USER:-root}' );
define( 'DB_PASSWORD', '${WP_DB_PASSWORD:-}' );
define( 'DB_HOST', '${WP_DB_HOST:-127.0.0.1:3306}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
\$table_prefix = 'wp_';

define( 'AUTH_KEY', '$(salt)' );
define( 'SECURE_AUTH_KEY', '$(salt)' );
define( 'LOGGED_IN_KEY', '$(salt)' );
define( 'NONCE_KEY', '$(salt)' );
define( 'AUTH_SALT', '$(salt)' );
define( 'SECURE_AUTH_SALT', '$(salt)' );
define( 'LOGGED_IN_SALT', '$(salt)' );
define( 'NONCE_SALT', '$(salt)' );

define( 'WP_HOME', '$url' );
define( 'WP_SITEURL', '$url' );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
// Background jobs run only when a test asks for them.
define( 'DISABLE_WP_CRON', true );
// Outgoing HTTP only to this host (and so to a service on loopback).
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
// Notices go to the log, never into responses (PHP 8.2 deprecations would break JSON).
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '$dir/debug.log' );
@ini_set( 'display_errors', '0' );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP

php "$here/database.php" create "$database"
php "$here/install.php" "$site" "$url" "${plugins[@]}"
