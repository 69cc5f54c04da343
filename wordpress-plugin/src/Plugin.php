<?php
/**
 * Builds the plugin's services and registers their hooks.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

use StorefrontAssistant\Admin\SettingsActions;
use StorefrontAssistant\Admin\SettingsPage;
use StorefrontAssistant\Cart\CouponStage;
use StorefrontAssistant\Crypto\SignatureVerifier;
use StorefrontAssistant\Front\ShopperToken;
use StorefrontAssistant\Front\WidgetEmbed;
use StorefrontAssistant\Leads\LeadConfirmations;
use StorefrontAssistant\Leads\LeadUsers;
use StorefrontAssistant\Privacy\PersonalData;
use StorefrontAssistant\Rest\CartCouponController;
use StorefrontAssistant\Rest\ErrorEnvelope;
use StorefrontAssistant\Rest\LeadsController;
use StorefrontAssistant\Rest\OrdersLookupController;
use StorefrontAssistant\Rest\ShopperTokenController;
use StorefrontAssistant\Service\ServiceClient;
use StorefrontAssistant\Service\WpHttpTransport;
use StorefrontAssistant\Shop\WooCommerce;
use StorefrontAssistant\Sync\ActionSchedulerJobs;
use StorefrontAssistant\Sync\Catalog;
use StorefrontAssistant\Sync\ContentWatcher;
use StorefrontAssistant\Sync\CronJobs;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\PostDocuments;
use StorefrontAssistant\Sync\ProductDocuments;
use StorefrontAssistant\Sync\Reconciler;
use StorefrontAssistant\Sync\SyncQueue;
use StorefrontAssistant\Sync\SyncRunner;
use StorefrontAssistant\Sync\SyncState;

/**
 * The composition root: the only place that knows how the services fit together.
 */
final class Plugin {

	/** Keep in step with the "Version" header of storefront-assistant.php. */
	public const VERSION = '1.0.0';

	public static function boot(): void {
		global $wpdb;
		Installer::upgrade();
		add_action( 'init', array( self::class, 'load_textdomain' ) );

		$clock    = static fn (): int => time();
		$options  = new Options();
		$errors   = new ErrorLog();
		$shop     = new WooCommerce();
		$verifier = new SignatureVerifier( $clock );
		$jobs     = ActionSchedulerJobs::available() ? new ActionSchedulerJobs() : new CronJobs();
		$client   = new ServiceClient( new WpHttpTransport(), $clock );
		$queue    = new SyncQueue( $wpdb );
		$state    = new SyncState();
		$catalog  = new Catalog( $shop, new PostDocuments(), new ProductDocuments( $shop ), $wpdb );
		$runner   = new SyncRunner( $options, $queue, $catalog, $client, $jobs, $state, $errors, $wpdb, $clock );
		$full     = new FullSync( $catalog, $queue, $state, $jobs, $runner, $clock );
		$check    = new Reconciler( $options, $catalog, $queue, $client, $jobs, $state, $runner, $errors, $clock );
		$coupons  = new CouponStage( $shop );
		$users    = new LeadUsers( $shop );
		$confirms = new LeadConfirmations( $users, $shop );

		$services = array(
			new ErrorEnvelope(),
			new OrdersLookupController( $options, $verifier, $shop ),
			new LeadsController( $options, $verifier, $users, $confirms ),
			$confirms,
			new CartCouponController( $options, $verifier, $shop, $coupons ),
			new ShopperTokenController( $options, $shop, new ShopperToken( $clock ) ),
			$coupons,
			$runner,
			$full,
			$check,
			new ContentWatcher( $options, $catalog, $queue, $runner, $clock ),
			new WidgetEmbed( $options ),
			new PersonalData( $options, $client ),
		);
		if ( is_admin() ) {
			$connector  = new Connector( $options, $client, $shop, $full, $check, $state, $queue, $jobs, $errors );
			$services[] = new SettingsPage( $options, $state, $queue, $full, $errors );
			$services[] = new SettingsActions( $options, $connector, $full, $check, $client );
		}
		foreach ( $services as $service ) {
			$service->register();
		}
	}

	public static function load_textdomain(): void {
		load_plugin_textdomain( 'storefront-assistant', false, dirname( plugin_basename( dirname( __DIR__ ) . '/storefront-assistant.php' ) ) . '/languages' );
	}
}
