<?php
/**
 * Installs WordPress into an empty database and activates plugins, like the web installer would.
 *
 * Usage: php install.php <wordpress root> <site url> [plugin file ...]
 * e.g.   php install.php /tmp/wp/site http://127.0.0.1:8080 storefront-assistant/storefront-assistant.php
 */

[ , $root, $url ] = $argv + array( null, '', '' );
$plugins          = array_slice( $argv, 3 );

$_SERVER['HTTP_HOST']   = (string) parse_url( $url, PHP_URL_HOST ) . ( parse_url( $url, PHP_URL_PORT ) ? ':' . parse_url( $url, PHP_URL_PORT ) : '' );
$_SERVER['SERVER_NAME'] = (string) parse_url( $url, PHP_URL_HOST );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_INSTALLING', true );

require $root . '/wp-load.php';

// Pluggable: defined before upgrade.php so that no e-mail is attempted.
function wp_new_blog_notification() {}

require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$result = wp_install( 'Storefront Assistant test site', 'admin', 'admin@example.com', true, '', 'admin-password' );
if ( is_wp_error( $result ) ) {
	fwrite( STDERR, 'install: ' . $result->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'permalink_structure', '/%postname%/' );
flush_rewrite_rules( false );

foreach ( $plugins as $plugin ) {
	$activated = activate_plugin( $plugin );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, "activate $plugin: " . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
}

// WooCommerce as a store owner leaves it after its setup: a shop in euros, the setup wizard and
// the marketplace suggestions done with (they would redirect wp-admin or call out to the internet).
if ( in_array( 'woocommerce/woocommerce.php', $plugins, true ) ) {
	delete_transient( '_wc_activation_redirect' );
	update_option( 'woocommerce_onboarding_profile', array( 'skipped' => true ) );
	update_option( 'woocommerce_task_list_hidden', 'yes' );
	update_option( 'woocommerce_show_marketplace_suggestions', 'no' );
	update_option( 'woocommerce_allow_tracking', 'no' );
	update_option( 'woocommerce_currency', 'EUR' );
	update_option( 'woocommerce_default_country', 'DE:BE' );
	// Action Scheduler starts on a hybrid store until its migration from the old post store has
	// run (a minute after activation, through WP-Cron, which the test sites do not run). A new
	// shop has nothing to migrate: record what that run would record.
	update_option( 'action_scheduler_migration_status', 'complete' );
}
echo "installed $url\n";
