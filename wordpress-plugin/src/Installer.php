<?php
/**
 * Activation and deactivation.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

use StorefrontAssistant\Sync\ActionSchedulerJobs;
use StorefrontAssistant\Sync\CronJobs;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\Reconciler;
use StorefrontAssistant\Sync\SyncQueue;
use StorefrontAssistant\Sync\SyncRunner;

final class Installer {

	public static function activate(): void {
		global $wpdb;
		( new SyncQueue( $wpdb ) )->install();
	}

	/** Updates that arrive without a reactivation still get the current table. */
	public static function upgrade(): void {
		if ( SyncQueue::SCHEMA_VERSION !== get_option( Options::DB_VERSION ) ) {
			self::activate();
		}
	}

	/** Stops background work; settings and the queue stay for a reactivation. */
	public static function deactivate(): void {
		foreach ( self::schedulers() as $jobs ) {
			$jobs->unschedule( SyncRunner::HOOK );
			$jobs->unschedule( FullSync::HOOK );
			$jobs->unschedule( Reconciler::HOOK );
		}
	}

	/**
	 * Both kinds: jobs may have been scheduled while WooCommerce was active and it is not now.
	 *
	 * @return list<Sync\JobScheduler>
	 */
	public static function schedulers(): array {
		return ActionSchedulerJobs::available() ? array( new CronJobs(), new ActionSchedulerJobs() ) : array( new CronJobs() );
	}
}
