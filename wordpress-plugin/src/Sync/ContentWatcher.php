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
 *
 * Products are watched through WooCommerce's own events as well as WordPress's: WooCommerce's
 * data store writes prices, stock and attributes after the post is saved (save_post fires before
 * them for a new product), and its CRUD and REST API change products without saving the post at
 * all. Its "new/updated product" events fire once a save is complete, so a product the runner
 * looked at halfway through a save (for instance a CSV import's product before its price was
 * written, not public yet) is queued again and looked at again. A variation's change queues its
 * parent, which is the document the service has.
 *
 * One save fires several of these events; what they name is collected and queued once, when the
 * request ends (every save is complete by then): one queue write and one request for a run per
 * request, however many products an import saves in it.
 */
final class ContentWatcher implements Registerable {

	/**
	 * WooCommerce actions whose first argument names a changed product or variation: an ID, a
	 * WC_Product, or a list of IDs.
	 */
	private const PRODUCT_EVENTS = array(
		'woocommerce_new_product',
		'woocommerce_update_product',
		'woocommerce_new_product_variation',
		'woocommerce_update_product_variation',
		'woocommerce_product_set_stock',
		'woocommerce_variation_set_stock',
		'woocommerce_product_set_stock_status',
		'woocommerce_variation_set_stock_status',
		'woocommerce_updated_product_stock',
		'woocommerce_updated_product_price',
		'woocommerce_product_set_visibility',
		'woocommerce_before_delete_product_variation',
		// Scheduled sales (WooCommerce's daily wc_scheduled_sales): lists of product IDs.
		'wc_after_products_starting_sales',
		'wc_after_products_ending_sales',
	);

	/** @var array<string, array<int, true>> Post IDs by kind value, waiting for the end of the request. */
	private array $changed = array();

	/** @var list<array{kind: Kind, id: int, snapshot: array<string, mixed>}> Removals of deleted posts. */
	private array $removed = array();

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
		add_action( 'deleted_post', array( $this, 'post_deleted' ), 20, 2 );
		foreach ( self::PRODUCT_EVENTS as $event ) {
			add_action( $event, array( $this, 'products_changed' ), 20 );
		}
		// Last: WooCommerce saves variable products again on shutdown (its deferred product sync).
		add_action( 'shutdown', array( $this, 'flush' ), PHP_INT_MAX );
	}

	/** Queues what this request changed and asks for one run; also called at the end of the request. */
	public function flush(): void {
		if ( array() === $this->changed && array() === $this->removed ) {
			return;
		}
		$now = ( $this->clock )();
		foreach ( $this->changed as $kind => $ids ) {
			$this->queue->push( Kind::from( $kind ), array_keys( $ids ), $now );
		}
		foreach ( $this->removed as $removal ) {
			$this->queue->push( $removal['kind'], array( $removal['id'] ), $now, $removal['snapshot'] );
		}
		$this->changed = array();
		$this->removed = array();
		$this->runner->request_run();
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

	/**
	 * One of WooCommerce's product events.
	 *
	 * @param int|string|WC_Product|array<int|string> $changed
	 */
	public function products_changed( mixed $changed ): void {
		$ids = match ( true ) {
			$changed instanceof WC_Product => array( (int) $changed->get_id() ),
			is_array( $changed )           => array_map( 'intval', $changed ),
			is_numeric( $changed )         => array( (int) $changed ),
			default                        => array(),
		};
		foreach ( $ids as $id ) {
			$this->post_id_changed( $id );
		}
	}

	/**
	 * Once the post is gone there is nothing left to build its removal from, so the removal is
	 * built now and kept with the queue row. A variation being deleted changes its parent.
	 */
	public function post_deleting( int $post_id, ?WP_Post $post = null ): void {
		$post = $post ?? get_post( $post_id );
		if ( ! $post instanceof WP_Post ) {
			return;
		}
		if ( 'product_variation' === $post->post_type ) {
			$this->queue_post( $post );
			return;
		}
		if ( '' === ContentHash::synced( $post->ID ) ) {
			return;
		}
		$kind = $this->catalog->kind_of( $post->post_type );
		if ( null !== $kind && $this->options->is_connected() ) {
			unset( $this->changed[ $kind->value ][ $post->ID ] );
			$this->removed[] = array(
				'kind'     => $kind,
				'id'       => $post->ID,
				'snapshot' => $this->catalog->removal( $kind, $post ),
			);
		}
	}

	/** After a variation is gone, its parent is looked at again (a run may have read it meanwhile). */
	public function post_deleted( int $post_id, mixed $post = null ): void {
		if ( $post instanceof WP_Post && 'product_variation' === $post->post_type ) {
			$this->queue_post( $post );
		}
	}

	private function queue_post( WP_Post $post ): void {
		if ( ! $this->options->is_connected() || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		if ( 'product_variation' === $post->post_type ) {
			$parent = $post->post_parent > 0 ? get_post( $post->post_parent ) : null;
			if ( ! $parent instanceof WP_Post ) {
				return;
			}
			$post = $parent;
		}
		$kind = $this->catalog->kind_of( $post->post_type );
		// Drafts the service never had are none of its business.
		if ( null === $kind || ( 'publish' !== $post->post_status && '' === ContentHash::synced( $post->ID ) ) ) {
			return;
		}
		$this->changed[ $kind->value ][ $post->ID ] = true;
	}
}
