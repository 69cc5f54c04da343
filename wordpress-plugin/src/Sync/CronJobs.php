<?php
/**
 * JobScheduler over WP-Cron.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

final class CronJobs implements JobScheduler {

	public function schedule( string $hook, int $timestamp ): void {
		$next = wp_next_scheduled( $hook );
		if ( false !== $next && $next <= $timestamp ) {
			return;
		}
		if ( false !== $next ) {
			wp_clear_scheduled_hook( $hook );
		}
		wp_schedule_single_event( $timestamp, $hook );
	}

	public function unschedule( string $hook ): void {
		wp_clear_scheduled_hook( $hook );
	}
}
