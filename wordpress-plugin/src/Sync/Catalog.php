<?php
/**
 * What is synced, and what to send for each item.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use StorefrontAssistant\Shop\WooCommerce;
use WP_Post;
use wpdb;

final class Catalog {

	public function __construct(
		private readonly WooCommerce $shop,
		private readonly PostDocuments $posts,
		private readonly ProductDocuments $products,
		private readonly wpdb $db
	) {}

	/**
	 * @return list<Kind>
	 */
	public function kinds(): array {
		return $this->shop->is_active() ? array( Kind::Post, Kind::Product ) : array( Kind::Post );
	}

	/**
	 * @return list<string>
	 */
	public function post_types( Kind $kind ): array {
		if ( Kind::Product === $kind ) {
			return $this->shop->is_active() ? array( 'product' ) : array();
		}
		$types = (array) apply_filters( 'storefront_assistant_synced_post_types', array( 'post', 'page' ) );
		return array_values( array_diff( array_map( 'strval', $types ), array( 'product' ) ) );
	}

	public function kind_of( string $post_type ): ?Kind {
		foreach ( $this->kinds() as $kind ) {
			if ( in_array( $post_type, $this->post_types( $kind ), true ) ) {
				return $kind;
			}
		}
		return null;
	}

	/** Whether the service should have this item: public content only, never drafts or protected posts. */
	public function is_public( Kind $kind, WP_Post $post ): bool {
		if ( Kind::Product === $kind ) {
			return $this->products->is_public( $post );
		}
		return 'publish' === $post->post_status && '' === $post->post_password;
	}

	/**
	 * What to send now: the document when the item is public, else its removal.
	 *
	 * @return array<string, mixed>|null Null when the post no longer exists.
	 */
	public function document( Kind $kind, int $post_id ): ?array {
		$post = get_post( $post_id );
		if ( ! $post instanceof WP_Post ) {
			return null;
		}
		if ( ! $this->is_public( $kind, $post ) ) {
			return $this->removal( $kind, $post );
		}
		return Kind::Product === $kind ? $this->products->build( $post ) : $this->posts->build( $post );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function removal( Kind $kind, WP_Post $post ): array {
		$permalink = (string) get_permalink( $post );
		return Kind::Product === $kind
			? $this->products->removal( $post->ID, wp_strip_all_tags( $post->post_title ), $permalink )
			: $this->posts->removal( $post->ID, $post->post_type, $permalink );
	}

	/**
	 * Published items of a kind with an ID above $after, in ID order. Published only: whether
	 * each is really public is decided item by item (document()).
	 *
	 * @return list<int>
	 */
	public function published_ids( Kind $kind, int $after, int $limit ): array {
		$sql = $this->published_query( $kind, 'ID', $after );
		return null === $sql ? array() : array_map( 'intval', (array) $this->db->get_col( $sql . $this->db->prepare( ' ORDER BY ID LIMIT %d', $limit ) ) );
	}

	/** How many published items of this kind there are. */
	public function published_count( Kind $kind ): int {
		$sql = $this->published_query( $kind, 'COUNT(*)', 0 );
		return null === $sql ? 0 : (int) $this->db->get_var( $sql );
	}

	/** Null when no post type is synced for this kind (the filter may remove them all). */
	private function published_query( Kind $kind, string $columns, int $after ): ?string {
		$types = $this->post_types( $kind );
		if ( array() === $types ) {
			return null;
		}
		$in = implode( ', ', array_fill( 0, count( $types ), '%s' ) );
		return $this->db->prepare(
			"SELECT $columns FROM {$this->db->posts} WHERE post_status = 'publish' AND post_type IN ($in) AND ID > %d",
			array_merge( $types, array( $after ) )
		);
	}
}
