<?php
/**
 * Loads the chat widget on the site's pages.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Front;

use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use StorefrontAssistant\Rest\ShopperTokenController;

/**
 * Prints <script src="{service}/widget.js" data-agent-id="…" defer>, preceded by a small inline
 * script that registers the widget's identify() callback. The page carries no shopper token,
 * only where to fetch one at run time (and, for a logged-in visitor, the REST nonce that lets
 * that request see who they are), so a cached page cannot hand one shopper's token to another.
 *
 * The token is fetched only when the visitor opens the chat, or at once for a visitor who already
 * is someone to the shop (logged in, or with items in a cart): a plain page view makes no request
 * to this site and gets no cookie, so page caches keep serving it. Fetching the token is what
 * starts a guest's WooCommerce session (and sets its cookie), where a staged coupon waits.
 */
final class WidgetEmbed implements Registerable {

	private const HANDLE = 'storefront-assistant-widget';

	public function __construct( private readonly Options $options ) {}

	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
		add_filter( 'script_loader_tag', array( $this, 'add_attributes' ), 10, 2 );
	}

	public function enqueue(): void {
		if ( ! $this->options->is_connected() || '' === $this->options->agent_id() ) {
			return;
		}
		// No version query string: the service decides how widget.js is cached.
		wp_enqueue_script( self::HANDLE, $this->options->service_url() . '/widget.js', array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion
		wp_add_inline_script( self::HANDLE, $this->identify_script(), 'before' );
	}

	public function add_attributes( string $tag, string $handle ): string {
		if ( self::HANDLE !== $handle ) {
			return $tag;
		}
		// $tag also holds the inline script printed before it: only the tag with a src changes.
		$attributes = sprintf( ' defer data-agent-id="%s"', esc_attr( $this->options->agent_id() ) );
		return preg_replace( '/<script(?=[^>]*\bsrc=)/', '<script' . $attributes, $tag, 1 ) ?? $tag;
	}

	/**
	 * Queues StorefrontAssistant.identify(callback) for the widget (which reads the queue when
	 * it loads); the widget calls it whenever it starts a conversation.
	 */
	private function identify_script(): string {
		$config = array(
			'agentId' => $this->options->agent_id(),
			'url'     => rest_url( ShopperTokenController::NAMESPACE . ShopperTokenController::ROUTE ),
			'nonce'   => is_user_logged_in() ? wp_create_nonce( 'wp_rest' ) : '',
		);
		return sprintf(
			'(function (config) {
	var queue = (window.StorefrontAssistant = window.StorefrontAssistant || []);
	function identify() {
		window.StorefrontAssistant.push(["identify", function () {
			return fetch(config.url, { method: "POST", credentials: "same-origin", headers: config.nonce ? { "X-WP-Nonce": config.nonce } : {} })
				.then(function (response) { return response.ok ? response.json() : null; })
				.then(function (body) { return body && body.token; })
				.catch(function () { return null; });
		}, config.agentId]);
	}
	if (config.nonce || /(?:^|;\s*)woocommerce_items_in_cart=/.test(document.cookie)) {
		identify();
	} else {
		var opened = false;
		queue.push(["on", "open", function () {
			if (!opened) { opened = true; identify(); }
		}, config.agentId]);
	}
})(%s);',
			// Hex-escaped tags: no value can close the <script> element.
			wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_AMP )
		);
	}
}
