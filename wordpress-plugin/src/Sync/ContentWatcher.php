<?php
/**
 * Notices content changes and queues them.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use Closure;
use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use WC_Product;
use WP_Post;

/**
 * The hooks only record what changed and ask for a background run: saving a post never waits
 * for the service. The same post saved many times is one queue row and one send.
 */
final class ContentWatcher implements Registerable {

	/**
	 * @param Closure():int $clock
	 */
	public function __construct(
		private readonly Options $options,
		private readonly Catalog $catalog,
		private readonly SyncQueue $queue,
		private readonly SyncRunner $runner,
		private readonly Closure $clock
	) {}

	public function register(): void {
		add_action( 'save_post', array( $this, 'post_changed' ), 20, 2 );
		add_action( 'transition_post_status', array( $this, 'status_changed' ), 20, 3 );
		add_action( 'trashed_post', array( $this, 'post_id_changed' ), 20 );
		add_action( 'untrashed_post', array( $this, 'post_id_changed' ), 20 );
		add_action( 'before_delete_post', array( $this, 'post_deleting' ), 20, 2 );
		// Stock changes are written without saving the product post.
		add_action( 'woocommerce_product_set_stock', array( $this, 'product_changed' ), 20 );
		add_action( 'woocommerce_product_set_stock_status', array( $this, 'product_id_changed' ), 20 );
	}

	public function post_changed( int $post_id, WP_Post $post ): void {
		$this->queue_post( $post );
	}

	public function status_changed( string $new_status, string $old_status, WP_Post $post ): void {
		if ( $new_status !== $old_status ) {
			$this->queue_post( $post );
		}
	}

	public function post_id_changed( int $post_id ): void {
		$post = get_post( $post_id );
		if ( $post instanceof WP_Post ) {
			$this->queue_post( $post );
		}
	}

	public function product_changed( WC_Product $product ): void {
		$this->post_id_changed( (int) $product->get_id() );
	}

	public function product_id_changed( int $product_id ): void {
		$this->post_id_changed( $product_id );
	}

	/**
	 * Once the post is gone there is nothing left to build its removal from, so the removal is
	 * built now and kept with the queue row.
	 */
	public function post_deleting( int $post_id, ?WP_Post $post = null ): void {
		$post = $post ?? get_post( $post_id );
		if ( ! $post instanceof WP_Post || '' === ContentHash::synced( $post->ID ) ) {
			return;
		}
		$kind = $this->catalog->kind_of( $post->post_type );
		if ( null !== $kind && $this->options->is_connected() ) {
			$this->queue->push( $kind, array( $post->ID ), ( $this->clock )(), $this->catalog->removal( $kind, $post ) );
			$this->runner->request_run();
		}
	}

	private function queue_post( WP_Post $post ): void {
		if ( ! $this->options->is_connected() || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		$kind = $this->catalog->kind_of( $post->post_type );
		// Drafts the service never had are none of its business.
		if ( null === $kind || ( 'publish' !== $post->post_status && '' === ContentHash::synced( $post->ID ) ) ) {
			return;
		}
		$this->queue->push( $kind, array( $post->ID ), ( $this->clock )() );
		$this->runner->request_run();
	}
}
