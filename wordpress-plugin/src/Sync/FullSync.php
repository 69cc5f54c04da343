<?php
/**
 * Queues every public post, page and product.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use Closure;
use StorefrontAssistant\Registerable;

/**
 * Walks the posts table in ID order, a chunk per background run, and records how far it got:
 * an interrupted full sync resumes where it stopped, and running it twice only queues items
 * again (the queue merges them, and unchanged content is not re-sent).
 */
final class FullSync implements Registerable {

	public const HOOK = 'storefront_assistant_full_sync';

	private const CHUNK = 500;

	/**
	 * @param Closure():int $clock
	 */
	public function __construct(
		private readonly Catalog $catalog,
		private readonly SyncQueue $queue,
		private readonly SyncState $state,
		private readonly JobScheduler $jobs,
		private readonly SyncRunner $runner,
		private readonly Closure $clock
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
	}

	/**
	 * @param bool $resend_all Forget what the service already has, e.g. after connecting to another workspace.
	 */
	public function start( bool $resend_all ): void {
		if ( $resend_all ) {
			ContentHash::forget_all();
		}
		$this->state->save_full_sync(
			array(
				'status'      => 'running',
				'cursors'     => array(),
				'queued'      => 0,
				'started_at'  => ( $this->clock )(),
				'finished_at' => 0,
			)
		);
		$this->jobs->schedule( self::HOOK, ( $this->clock )() );
	}

	public function run(): void {
		$full = $this->state->full_sync();
		if ( 'running' !== $full['status'] ) {
			return;
		}
		foreach ( $this->catalog->kinds() as $kind ) {
			$after = $full['cursors'][ $kind->value ] ?? 0;
			$ids   = $this->catalog->published_ids( $kind, $after, self::CHUNK );
			if ( array() === $ids ) {
				continue;
			}
			$this->queue->push( $kind, $ids, ( $this->clock )() );
			$full['cursors'][ $kind->value ] = (int) end( $ids );
			$full['queued']                 += count( $ids );
			$this->state->save_full_sync( $full );
			// Sending starts while the walk goes on; the walk continues in its next run.
			$this->runner->request_run();
			$this->jobs->schedule( self::HOOK, ( $this->clock )() );
			return;
		}
		$full['status']      = 'done';
		$full['finished_at'] = ( $this->clock )();
		$this->state->save_full_sync( $full );
		$this->runner->request_run();
	}

	/** How many items a full sync covers, for the progress shown to the owner. */
	public function total(): int {
		return array_sum( array_map( fn ( Kind $kind ): int => $this->catalog->published_count( $kind ), $this->catalog->kinds() ) );
	}
}
