<?php
/**
 * Items waiting to be sent to the service.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use StorefrontAssistant\Options;
use wpdb;

/**
 * A table with one row per (kind, id): queueing an item twice merges into one row, and every
 * write is a single atomic statement, so concurrent requests cannot lose an update. A row
 * records a revision: a worker removes it only if nobody queued the item again meanwhile.
 */
final class SyncQueue {

	public const TABLE          = 'storefront_assistant_queue';
	public const SCHEMA_VERSION = '1';

	/** Longest wait between retries of a failing item. */
	private const MAX_BACKOFF = 6 * HOUR_IN_SECONDS;

	public function __construct( private readonly wpdb $db ) {}

	public static function table_name( wpdb $db ): string {
		return $db->prefix . self::TABLE;
	}

	public function install(): void {
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::table_name( $this->db );
		$charset = $this->db->get_charset_collate();
		// dbDelta's format: two spaces after PRIMARY KEY, one column per line.
		dbDelta(
			"CREATE TABLE $table (
  object_kind varchar(20) NOT NULL,
  object_id bigint(20) unsigned NOT NULL,
  revision bigint(20) unsigned NOT NULL DEFAULT 1,
  attempts int(10) unsigned NOT NULL DEFAULT 0,
  available_at bigint(20) unsigned NOT NULL,
  snapshot longtext NULL,
  last_error text NULL,
  PRIMARY KEY  (object_kind,object_id),
  KEY available_at (available_at)
) $charset;"
		);
		update_option( Options::DB_VERSION, self::SCHEMA_VERSION, true );
	}

	/**
	 * Queues items (or re-queues them, resetting any backoff: their content changed).
	 *
	 * @param list<int>                 $object_ids
	 * @param array<string, mixed>|null $snapshot Only for a single deleted item.
	 */
	public function push( Kind $kind, array $object_ids, int $now, ?array $snapshot = null ): void {
		if ( array() === $object_ids ) {
			return;
		}
		$table    = self::table_name( $this->db );
		$template = null === $snapshot ? '(%s, %d, %d, NULL)' : '(%s, %d, %d, %s)';
		$rows     = array();
		$values   = array();
		foreach ( $object_ids as $object_id ) {
			$rows[] = $template;
			array_push( $values, $kind->value, $object_id, $now );
			if ( null !== $snapshot ) {
				$values[] = wp_json_encode( $snapshot );
			}
		}
		$this->db->query(
			$this->db->prepare(
				"INSERT INTO $table (object_kind, object_id, available_at, snapshot) VALUES " . implode( ', ', $rows )
					. ' ON DUPLICATE KEY UPDATE revision = revision + 1, attempts = 0, last_error = NULL,'
					. ' available_at = VALUES(available_at), snapshot = VALUES(snapshot)',
				$values
			)
		);
	}

	/**
	 * @return list<QueueItem> Due items, oldest first.
	 */
	public function due( Kind $kind, int $now, int $limit ): array {
		$table = self::table_name( $this->db );
		$rows  = $this->db->get_results(
			$this->db->prepare(
				"SELECT object_id, revision, attempts, snapshot FROM $table WHERE object_kind = %s AND available_at <= %d ORDER BY available_at, object_id LIMIT %d",
				$kind->value,
				$now,
				$limit
			)
		);
		return array_map(
			static fn ( object $row ): QueueItem => new QueueItem(
				$kind,
				(int) $row->object_id,
				(int) $row->revision,
				(int) $row->attempts,
				null === $row->snapshot ? null : json_decode( (string) $row->snapshot, true )
			),
			(array) $rows
		);
	}

	/** Removes an item, unless it was queued again after it was read. */
	public function complete( QueueItem $item ): void {
		$this->db->delete(
			self::table_name( $this->db ),
			array(
				'object_kind' => $item->kind->value,
				'object_id'   => $item->object_id,
				'revision'    => $item->revision,
			),
			array( '%s', '%d', '%d' )
		);
	}

	/** Schedules the item's next attempt with exponential backoff: 1 min, 2, 4… up to 6 h. */
	public function fail( QueueItem $item, string $error, int $now ): void {
		$attempts = $item->attempts + 1;
		$delay    = (int) min( MINUTE_IN_SECONDS * ( 2 ** min( $attempts - 1, 16 ) ), self::MAX_BACKOFF );
		$this->db->update(
			self::table_name( $this->db ),
			array(
				'attempts'     => $attempts,
				'available_at' => $now + $delay,
				'last_error'   => $error,
			),
			array(
				'object_kind' => $item->kind->value,
				'object_id'   => $item->object_id,
				'revision'    => $item->revision,
			),
			array( '%d', '%d', '%s' ),
			array( '%s', '%d', '%d' )
		);
	}

	/**
	 * When the next item of these kinds becomes due, or null when there is none.
	 *
	 * @param list<Kind> $kinds
	 */
	public function next_due_at( array $kinds ): ?int {
		if ( array() === $kinds ) {
			return null;
		}
		$table        = self::table_name( $this->db );
		$placeholders = implode( ', ', array_fill( 0, count( $kinds ), '%s' ) );
		$next         = $this->db->get_var(
			$this->db->prepare(
				"SELECT MIN(available_at) FROM $table WHERE object_kind IN ($placeholders)",
				array_map( static fn ( Kind $kind ): string => $kind->value, $kinds )
			)
		);
		return null === $next ? null : (int) $next;
	}

	/**
	 * @return array{waiting: int, failing: int}
	 */
	public function counts(): array {
		$table = self::table_name( $this->db );
		$row   = $this->db->get_row( "SELECT COUNT(*) AS waiting, COALESCE(SUM(attempts > 0), 0) AS failing FROM $table" );
		return array(
			'waiting' => (int) ( $row->waiting ?? 0 ),
			'failing' => (int) ( $row->failing ?? 0 ),
		);
	}

	/**
	 * The most recent per-item errors, for the settings page.
	 *
	 * @return list<array{kind: string, object_id: int, error: string}>
	 */
	public function recent_failures( int $limit ): array {
		$table = self::table_name( $this->db );
		$rows  = $this->db->get_results(
			$this->db->prepare( "SELECT object_kind, object_id, last_error FROM $table WHERE attempts > 0 ORDER BY available_at DESC LIMIT %d", $limit )
		);
		return array_map(
			static fn ( object $row ): array => array(
				'kind'      => (string) $row->object_kind,
				'object_id' => (int) $row->object_id,
				'error'     => (string) $row->last_error,
			),
			(array) $rows
		);
	}

	public function clear(): void {
		$table = self::table_name( $this->db );
		$this->db->query( "TRUNCATE TABLE $table" );
	}

	public function drop(): void {
		$table = self::table_name( $this->db );
		$this->db->query( "DROP TABLE IF EXISTS $table" );
	}
}
