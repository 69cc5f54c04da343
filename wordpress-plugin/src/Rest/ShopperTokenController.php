<?php
/**
 * POST (or GET) /wp-json/storefront-assistant/v1/shopper-token
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Front\ShopperToken;
use StorefrontAssistant\Options;
use StorefrontAssistant\Shop\WooCommerce;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The widget fetches the shopper token from here at run time instead of finding it in the page,
 * so a cached page can never hand one shopper's identity to another.
 */
final class ShopperTokenController extends Controller {

	public const NAMESPACE = 'storefront-assistant/v1';
	public const ROUTE     = '/shopper-token';

	public function __construct(
		private readonly Options $options,
		private readonly WooCommerce $shop,
		private readonly ShopperToken $tokens
	) {}

	protected function route_namespace(): string {
		return self::NAMESPACE;
	}

	public function register_routes(): void {
		$this->add_route( self::ROUTE, WP_REST_Server::READABLE . ', ' . WP_REST_Server::CREATABLE, array( $this, 'issue' ) );
	}

	/**
	 * Open to every visitor: a token only ever describes the caller. WordPress's cookie
	 * authentication sees a logged-in user only when the request carries the wp_rest nonce, so
	 * another site cannot obtain (or read) a token for a logged-in shopper.
	 */
	public function check_permission( WP_REST_Request $request ): bool|WP_Error {
		return true;
	}

	public function issue( WP_REST_Request $request ): WP_REST_Response {
		$secret = $this->options->signing_secret();
		if ( '' === $secret ) {
			throw new RequestError( 'not_connected', 'This site is not connected to the assistant service.', 503 );
		}
		$user     = wp_get_current_user();
		$email    = $user->exists() ? (string) $user->user_email : '';
		$issued   = $this->tokens->issue( $secret, $user->ID, '' !== $email ? $email : null, $this->shop->session_key( true ) );
		$response = new WP_REST_Response(
			array(
				'token'      => $issued['token'] ?? null,
				'expires_at' => null !== $issued ? gmdate( 'Y-m-d\TH:i:s\Z', $issued['expires_at'] ) : null,
			)
		);
		$response->header( 'Cache-Control', 'no-store, private' );
		return $response;
	}
}
