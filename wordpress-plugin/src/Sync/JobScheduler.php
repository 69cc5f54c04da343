<?php
/**
 * Runs the plugin's background jobs.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

interface JobScheduler {

	/**
	 * Makes sure $hook runs at $timestamp or earlier: one pending run per hook, so that many
	 * requests for a run merge into one, and a request for an earlier run brings it forward.
	 */
	public function schedule( string $hook, int $timestamp ): void;

	public function unschedule( string $hook ): void;
}
