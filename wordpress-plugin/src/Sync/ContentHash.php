<?php
/**
 * Fingerprints of synced documents.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

/**
 * The hash covers what the service indexes, not when it changed: re-saving a post without
 * changing it does not re-send it. The last hash sent is kept in post meta.
 */
final class ContentHash {

	/** Post meta holding the hash the service last accepted; uninstall.php removes it. */
	public const META = '_storefront_assistant_synced_hash';

	private const VOLATILE = array( 'content_hash', 'modified_at', 'deleted' );

	/**
	 * @param array<string, mixed> $document
	 */
	public static function of( array $document ): string {
		$stable = array_diff_key( $document, array_flip( self::VOLATILE ) );
		return hash( 'sha256', (string) wp_json_encode( $stable, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
	}

	public static function synced( int $post_id ): string {
		return (string) get_post_meta( $post_id, self::META, true );
	}

	public static function remember( int $post_id, string $hash ): void {
		update_post_meta( $post_id, self::META, $hash );
	}

	public static function forget( int $post_id ): void {
		delete_post_meta( $post_id, self::META );
	}

	/** Makes the next full sync send everything again (for instance to a new workspace). */
	public static function forget_all(): void {
		delete_post_meta_by_key( self::META );
	}

	/**
	 * How many items the service has accepted (and not seen removed), by post type.
	 *
	 * @return array<string, int>
	 */
	public static function synced_by_post_type(): array {
		global $wpdb;
		$rows   = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT p.post_type, COUNT(*) AS n FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE m.meta_key = %s GROUP BY p.post_type",
				self::META
			)
		);
		$counts = array();
		foreach ( $rows as $row ) {
			$counts[ (string) $row->post_type ] = (int) $row->n;
		}
		return $counts;
	}
}
