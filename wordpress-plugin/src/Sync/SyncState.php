<?php
/**
 * Progress of the sync, kept between background runs.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use StorefrontAssistant\Options;

/**
 * full_sync: status (idle|running|done), a cursor per kind (the last post ID queued, so an
 * interrupted full sync resumes where it stopped), counts and times. paused_until: no request
 * goes to the service before then (429 Retry-After, or a rejected token).
 */
final class SyncState {

	/**
	 * @return array{status: string, cursors: array<string, int>, queued: int, started_at: int, finished_at: int}
	 */
	public function full_sync(): array {
		$full = (array) ( $this->all()['full_sync'] ?? array() );
		return array(
			'status'      => (string) ( $full['status'] ?? 'idle' ),
			'cursors'     => array_map( 'intval', (array) ( $full['cursors'] ?? array() ) ),
			'queued'      => (int) ( $full['queued'] ?? 0 ),
			'started_at'  => (int) ( $full['started_at'] ?? 0 ),
			'finished_at' => (int) ( $full['finished_at'] ?? 0 ),
		);
	}

	/**
	 * @param array{status: string, cursors: array<string, int>, queued: int, started_at: int, finished_at: int} $full
	 */
	public function save_full_sync( array $full ): void {
		$this->update( array( 'full_sync' => $full ) );
	}

	/**
	 * The last (or current) reconciliation: status idle|running|done|failed, where it got (a
	 * cursor per kind, the kinds done), what it found, and why it failed.
	 *
	 * @return array{status: string, cursors: array<string, int>, done_kinds: list<string>, checked: int, repaired: int, started_at: int, finished_at: int, error: string}
	 */
	public function reconcile(): array {
		$check = (array) get_option( Options::RECONCILE, array() );
		return array(
			'status'      => (string) ( $check['status'] ?? 'idle' ),
			'cursors'     => array_map( 'intval', (array) ( $check['cursors'] ?? array() ) ),
			'done_kinds'  => array_values( array_map( 'strval', (array) ( $check['done_kinds'] ?? array() ) ) ),
			'checked'     => (int) ( $check['checked'] ?? 0 ),
			'repaired'    => (int) ( $check['repaired'] ?? 0 ),
			'started_at'  => (int) ( $check['started_at'] ?? 0 ),
			'finished_at' => (int) ( $check['finished_at'] ?? 0 ),
			'error'       => (string) ( $check['error'] ?? '' ),
		);
	}

	/**
	 * @param array{status: string, cursors: array<string, int>, done_kinds: list<string>, checked: int, repaired: int, started_at: int, finished_at: int, error: string} $check
	 */
	public function save_reconcile( array $check ): void {
		// An option of its own: the reconciliation and the sending run in different requests, and
		// each writes only its own state.
		update_option( Options::RECONCILE, $check, false );
	}

	public function paused_until(): int {
		return (int) ( $this->all()['paused_until'] ?? 0 );
	}

	public function pause_until( int $timestamp ): void {
		$this->update( array( 'paused_until' => $timestamp ) );
	}

	public function last_sent_at(): int {
		return (int) ( $this->all()['last_sent_at'] ?? 0 );
	}

	public function sent_count(): int {
		return (int) ( $this->all()['sent'] ?? 0 );
	}

	public function record_sent( int $count, int $now ): void {
		$this->update(
			array(
				'sent'         => $this->sent_count() + $count,
				'last_sent_at' => $now,
			)
		);
	}

	public function reset(): void {
		delete_option( Options::SYNC_STATE );
		delete_option( Options::RECONCILE );
	}

	/**
	 * @return array<string, mixed>
	 */
	private function all(): array {
		$state = get_option( Options::SYNC_STATE, array() );
		return is_array( $state ) ? $state : array();
	}

	/**
	 * @param array<string, mixed> $changes
	 */
	private function update( array $changes ): void {
		update_option( Options::SYNC_STATE, array_merge( $this->all(), $changes ), false );
	}
}
