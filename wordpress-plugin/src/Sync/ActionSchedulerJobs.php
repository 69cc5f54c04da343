<?php
/**
 * JobScheduler over Action Scheduler (bundled with WooCommerce).
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

/**
 * Preferred when present: unlike WP-Cron it logs every run, retries claimed actions that died,
 * and shows the queue under Tools → Scheduled Actions.
 */
final class ActionSchedulerJobs implements JobScheduler {

	private const GROUP = 'storefront-assistant';

	public static function available(): bool {
		return function_exists( 'as_schedule_single_action' ) && function_exists( 'as_get_scheduled_actions' );
	}

	public function schedule( string $hook, int $timestamp ): void {
		// Only pending runs count: a job rescheduling itself is still "in progress", and
		// as_next_scheduled_action() would report that as already scheduled.
		$next = $this->next_pending( $hook );
		if ( null !== $next && $next <= $timestamp ) {
			return;
		}
		if ( null !== $next ) {
			as_unschedule_all_actions( $hook, array(), self::GROUP );
		}
		as_schedule_single_action( $timestamp, $hook, array(), self::GROUP );
	}

	public function unschedule( string $hook ): void {
		as_unschedule_all_actions( $hook, array(), self::GROUP );
	}

	private function next_pending( string $hook ): ?int {
		$actions = as_get_scheduled_actions(
			array(
				'hook'     => $hook,
				'group'    => self::GROUP,
				'status'   => 'pending',
				'orderby'  => 'date',
				'order'    => 'ASC',
				'per_page' => 1,
			)
		);
		$action  = is_array( $actions ) ? reset( $actions ) : false;
		if ( ! is_object( $action ) ) {
			return null;
		}
		$date = $action->get_schedule()->get_date();
		// An async action (no date) runs as soon as possible.
		return null === $date ? 0 : $date->getTimestamp();
	}
}
