<?php
/**
 * Removes what the plugin stored: options, transients (staged coupons, pending lead
 * confirmations), the sync queue table, the synced-hash post meta and scheduled jobs. Users
 * created from leads (and their correlation meta) stay: they are the site's customers now.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

use StorefrontAssistant\Cart\CouponStage;
use StorefrontAssistant\Installer;
use StorefrontAssistant\Leads\LeadConfirmations;
use StorefrontAssistant\Options;
use StorefrontAssistant\Sync\ContentHash;
use StorefrontAssistant\Sync\SyncQueue;

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/src/Autoloader.php';
StorefrontAssistant\Autoloader::register();

global $wpdb;

Installer::deactivate();

foreach ( Options::ALL as $option ) {
	delete_option( $option );
}

$like = $wpdb->esc_like( '_transient_' . CouponStage::TRANSIENT_PREFIX ) . '%';
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
$like = $wpdb->esc_like( '_transient_timeout_' . CouponStage::TRANSIENT_PREFIX ) . '%';
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
// Pending lead confirmations: their links stop working (no user was created for them).
foreach ( array( '_transient_', '_transient_timeout_' ) as $transient_kind ) {
	$like = $wpdb->esc_like( $transient_kind . LeadConfirmations::TRANSIENT_PREFIX ) . '%';
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
}

delete_post_meta_by_key( ContentHash::META );
( new SyncQueue( $wpdb ) )->drop();
