<?php
/**
 * Sends queued items to the service, in the background.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use Closure;
use StorefrontAssistant\ErrorLog;
use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use StorefrontAssistant\Service\Credentials;
use StorefrontAssistant\Service\ErrorMessages;
use StorefrontAssistant\Service\ServiceClient;
use StorefrontAssistant\Service\ServiceError;
use wpdb;

/**
 * Each run sends due items in batches of at most 50 (the service's limit) until the queue is
 * empty or the time budget is spent, then schedules the next run for whatever is left.
 * Unchanged items (same content_hash as last accepted) are dropped without being sent.
 */
final class SyncRunner implements Registerable {

	public const HOOK = 'storefront_assistant_sync';

	private const BATCH_SIZE = 50;

	/** The service accepts sync requests up to 2 MB; stay well under it. */
	private const MAX_BATCH_BYTES = 1500000;

	/** Seconds one run may spend, so a cron request never runs into PHP's time limit. */
	private const TIME_BUDGET = 20;

	/** How long to wait before trying again with a token the service refused. */
	private const AUTH_FAILURE_PAUSE = HOUR_IN_SECONDS;

	/**
	 * @param Closure():int $clock
	 */
	public function __construct(
		private readonly Options $options,
		private readonly SyncQueue $queue,
		private readonly Catalog $catalog,
		private readonly ServiceClient $client,
		private readonly JobScheduler $jobs,
		private readonly SyncState $state,
		private readonly ErrorLog $errors,
		private readonly wpdb $db,
		private readonly Closure $clock
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
	}

	/** Asks for a run as soon as allowed; many requests merge into one run. */
	public function request_run(): void {
		$this->jobs->schedule( self::HOOK, max( ( $this->clock )(), $this->state->paused_until() ) );
	}

	public function run(): void {
		$credentials = $this->options->credentials();
		if ( null === $credentials || ! $this->options->is_connected() ) {
			return;
		}
		// WP-Cron can start the same event in two overlapping requests; one of them does the work.
		if ( ! $this->lock() ) {
			return;
		}
		try {
			$this->drain( $credentials );
		} finally {
			$this->unlock();
		}
		$next = $this->queue->next_due_at( $this->catalog->kinds() );
		if ( null !== $next ) {
			$this->jobs->schedule( self::HOOK, max( $next, $this->state->paused_until() ) );
		}
	}

	private function drain( Credentials $credentials ): void {
		$deadline = ( $this->clock )() + self::TIME_BUDGET;
		foreach ( $this->catalog->kinds() as $kind ) {
			while ( ( $this->clock )() < $deadline && ( $this->clock )() >= $this->state->paused_until() ) {
				$items = $this->queue->due( $kind, ( $this->clock )(), self::BATCH_SIZE );
				if ( array() === $items || ! $this->send( $credentials, $kind, $items ) ) {
					break;
				}
			}
		}
	}

	/**
	 * @param list<QueueItem> $items
	 * @return bool Whether this run may carry on.
	 */
	private function send( Credentials $credentials, Kind $kind, array $items ): bool {
		$batch     = array();
		$documents = array();
		$bytes     = 0;
		foreach ( $items as $item ) {
			$document = $item->snapshot ?? $this->catalog->document( $kind, $item->object_id );
			if ( null === $document || ! $this->needs_sending( $item, $document ) ) {
				$this->queue->complete( $item );
				continue;
			}
			$size = strlen( (string) wp_json_encode( $document ) );
			if ( array() !== $batch && $bytes + $size > self::MAX_BATCH_BYTES ) {
				break; // The rest goes in the next batch.
			}
			$batch[]     = $item;
			$documents[] = $document;
			$bytes      += $size;
		}
		if ( array() === $batch ) {
			return true;
		}

		try {
			if ( Kind::Product === $kind ) {
				$this->client->sync_products( $credentials, $documents );
			} else {
				$this->client->sync_posts( $credentials, $documents );
			}
		} catch ( ServiceError $error ) {
			return $this->handle_failure( $error, $batch );
		}

		foreach ( $batch as $index => $item ) {
			if ( $documents[ $index ]['deleted'] ) {
				ContentHash::forget( $item->object_id );
			} else {
				ContentHash::remember( $item->object_id, (string) $documents[ $index ]['content_hash'] );
			}
			$this->queue->complete( $item );
		}
		$this->state->record_sent( count( $batch ), ( $this->clock )() );
		$this->errors->clear( ErrorLog::SYNC );
		return true;
	}

	/**
	 * A removal only matters for something the service has; content only when it changed.
	 *
	 * @param array<string, mixed> $document
	 */
	private function needs_sending( QueueItem $item, array $document ): bool {
		$synced = ContentHash::synced( $item->object_id );
		if ( true === $document['deleted'] ) {
			return null !== $item->snapshot || '' !== $synced;
		}
		return $synced !== $document['content_hash'];
	}

	/**
	 * @param list<QueueItem> $batch
	 * @return bool Whether this run may carry on.
	 */
	private function handle_failure( ServiceError $error, array $batch ): bool {
		$now     = ( $this->clock )();
		$message = ErrorMessages::describe( $error );
		$this->errors->record( ErrorLog::SYNC, $message );

		if ( 429 === $error->status ) {
			$this->state->pause_until( $now + max( 1, $error->retry_after ?? MINUTE_IN_SECONDS ) );
			return false;
		}
		if ( $error->is_auth_failure() || 'site_not_connected' === $error->error_code ) {
			$this->state->pause_until( $now + self::AUTH_FAILURE_PAUSE );
			return false;
		}
		// When the service names the invalid items, only they wait; the others are still due
		// and go in the next batch.
		$failed = 0;
		foreach ( $error->rejected_items() as $index => $detail ) {
			if ( isset( $batch[ $index ] ) ) {
				$this->queue->fail( $batch[ $index ], $detail, $now );
				++$failed;
			}
		}
		if ( $failed > 0 ) {
			return true;
		}
		foreach ( $batch as $item ) {
			$this->queue->fail( $item, $message, $now );
		}
		// Unreachable or failing service: stop here. A refused batch: carry on with the others.
		return ! $error->is_retryable();
	}

	private function lock(): bool {
		return '1' === (string) $this->db->get_var( $this->db->prepare( 'SELECT GET_LOCK(%s, 0)', $this->lock_name() ) );
	}

	private function unlock(): void {
		$this->db->query( $this->db->prepare( 'SELECT RELEASE_LOCK(%s)', $this->lock_name() ) );
	}

	private function lock_name(): string {
		return $this->db->prefix . self::HOOK;
	}
}
