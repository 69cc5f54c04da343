<?php
/**
 * Compares what the service holds with this site's content, and repairs the difference.
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

/**
 * Change capture can miss a change (another plugin writing the database directly, a failed
 * request, a restored backup, the service's database restored to an older state), and then the
 * assistant quotes stale content until someone syncs everything again. Once a day (and when the
 * owner asks), this job walks both sides in wp_id order: the service's content hashes
 * (POST /api/v1/wp/documents/hashes) and the hash of what this site would send now. What differs
 * is queued for the runner with the service's hash recorded as the one it last accepted, so that
 * the runner sends it (or its removal, for what the site no longer publishes); what matches costs
 * no request. A run works for a time budget and continues in the next run where it stopped.
 */
final class Reconciler implements Registerable {

	public const HOOK = 'storefront_assistant_reconcile';

	/** Between two automatic checks. */
	public const INTERVAL = DAY_IN_SECONDS;

	/** Items compared per step, on each side. */
	private const PAGE = 200;

	/** Seconds one run may spend, as the runner's. */
	private const TIME_BUDGET = 20;

	/** After a failed check (service unreachable), the next attempt. */
	private const RETRY_AFTER = HOUR_IN_SECONDS;

	/**
	 * @param Closure():int $clock
	 */
	public function __construct(
		private readonly Options $options,
		private readonly Catalog $catalog,
		private readonly SyncQueue $queue,
		private readonly ServiceClient $client,
		private readonly JobScheduler $jobs,
		private readonly SyncState $state,
		private readonly SyncRunner $runner,
		private readonly ErrorLog $errors,
		private readonly Closure $clock
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		// After each sending run: a site connected before checks existed gets its daily check too.
		add_action( SyncRunner::HOOK, array( $this, 'schedule_daily' ), 20 );
	}

	/** Starts a check now (the settings page's button), from the beginning. */
	public function start(): void {
		$this->state->save_reconcile( $this->fresh() );
		$this->jobs->schedule( self::HOOK, ( $this->clock )() );
	}

	/** Makes sure a check is due within a day (after connecting: the full sync covers today). */
	public function schedule_daily(): void {
		if ( $this->options->is_connected() ) {
			$this->jobs->schedule( self::HOOK, ( $this->clock )() + self::INTERVAL );
		}
	}

	public function run(): void {
		$credentials = $this->options->credentials();
		if ( null === $credentials || ! $this->options->is_connected() ) {
			return;
		}
		$check = $this->state->reconcile();
		if ( 'running' !== $check['status'] ) {
			// The daily run: a new check from the beginning.
			$check = $this->fresh();
		}
		$deadline = ( $this->clock )() + self::TIME_BUDGET;
		try {
			foreach ( $this->catalog->kinds() as $kind ) {
				while ( ! in_array( $kind->value, $check['done_kinds'], true ) ) {
					if ( ( $this->clock )() >= $deadline ) {
						// Out of time: carry on in the next run.
						$this->state->save_reconcile( $check );
						$this->jobs->schedule( self::HOOK, ( $this->clock )() );
						$this->runner->request_run();
						return;
					}
					$check = $this->step( $credentials, $kind, $check );
				}
			}
		} catch ( ServiceError $error ) {
			$check['status']      = 'failed';
			$check['error']       = ErrorMessages::describe( $error );
			$check['finished_at'] = ( $this->clock )();
			$this->state->save_reconcile( $check );
			$this->errors->record( ErrorLog::SYNC, $check['error'] );
			$this->jobs->schedule( self::HOOK, ( $this->clock )() + self::RETRY_AFTER );
			return;
		}
		$check['status']      = 'done';
		$check['finished_at'] = ( $this->clock )();
		$this->state->save_reconcile( $check );
		$this->jobs->schedule( self::HOOK, ( $this->clock )() + self::INTERVAL );
		if ( $check['repaired'] > 0 ) {
			$this->runner->request_run();
		}
	}

	/**
	 * Compares the next page of both sides: the IDs above the kind's cursor up to the last one of
	 * whichever side's page is full (everything when neither is).
	 *
	 * @param array{status: string, cursors: array<string, int>, done_kinds: list<string>, checked: int, repaired: int, started_at: int, finished_at: int, error: string} $check
	 * @return array{status: string, cursors: array<string, int>, done_kinds: list<string>, checked: int, repaired: int, started_at: int, finished_at: int, error: string}
	 * @throws ServiceError When the service cannot be asked.
	 */
	private function step( Credentials $credentials, Kind $kind, array $check ): array {
		$after  = $check['cursors'][ $kind->value ] ?? 0;
		$local  = $this->catalog->published_ids( $kind, $after, self::PAGE );
		$remote = $this->client->document_hashes( $credentials, $kind->value, $after, self::PAGE );
		$upper  = PHP_INT_MAX;
		if ( count( $local ) >= self::PAGE ) {
			$upper = (int) end( $local );
		}
		if ( $remote['has_more'] && array() !== $remote['items'] ) {
			$upper = min( $upper, (int) end( $remote['items'] )['wp_id'] );
		}

		$held = array();
		foreach ( $remote['items'] as $item ) {
			if ( $item['wp_id'] <= $upper ) {
				$held[ $item['wp_id'] ] = $item['content_hash'];
			}
		}
		$drifted  = array();
		$removals = array();
		$now      = ( $this->clock )();
		foreach ( $local as $id ) {
			if ( $id > $upper ) {
				break;
			}
			++$check['checked'];
			$document = $this->catalog->document( $kind, $id );
			$expected = null !== $document && true !== $document['deleted'] ? (string) $document['content_hash'] : null;
			$have     = $held[ $id ] ?? null;
			unset( $held[ $id ] );
			if ( $expected === $have ) {
				continue;
			}
			$drifted[ $id ] = $have;
		}
		// What the service holds and this site does not publish (any more).
		foreach ( $held as $id => $have ) {
			++$check['checked'];
			if ( null === get_post( $id ) ) {
				$removals[] = $id;
			} else {
				$drifted[ $id ] = $have;
			}
		}
		foreach ( $drifted as $id => $have ) {
			// The runner sends what differs from the hash it believes the service accepted.
			if ( null === $have ) {
				ContentHash::forget( $id );
			} else {
				ContentHash::remember( $id, $have );
			}
		}
		$this->queue->push( $kind, array_keys( $drifted ), $now );
		foreach ( $removals as $id ) {
			$this->queue->push(
				$kind,
				array( $id ),
				$now,
				array(
					'wp_id'   => $id,
					'deleted' => true,
				)
			);
		}
		$check['repaired'] += count( $drifted ) + count( $removals );

		if ( PHP_INT_MAX === $upper ) {
			$check['done_kinds'][] = $kind->value;
		} else {
			$check['cursors'][ $kind->value ] = $upper;
		}
		return $check;
	}

	/**
	 * @return array{status: string, cursors: array<string, int>, done_kinds: list<string>, checked: int, repaired: int, started_at: int, finished_at: int, error: string}
	 */
	private function fresh(): array {
		return array(
			'status'      => 'running',
			'cursors'     => array(),
			'done_kinds'  => array(),
			'checked'     => 0,
			'repaired'    => 0,
			'started_at'  => ( $this->clock )(),
			'finished_at' => 0,
			'error'       => '',
		);
	}
}
