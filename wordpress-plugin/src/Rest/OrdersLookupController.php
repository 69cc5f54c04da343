<?php
/**
 * POST /wp-json/service/v1/orders/lookup
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Crypto\SignatureVerifier;
use StorefrontAssistant\Options;
use StorefrontAssistant\Shop\OrderSummary;
use StorefrontAssistant\Shop\WooCommerce;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * {"user_id": 42} or {"order_number": "1234", "email": "a@b.c"}, optional "limit" (default 5).
 * A number is only answered together with the order's billing e-mail, so that guessing order
 * numbers reveals nothing: a wrong e-mail looks exactly like an unknown number.
 */
final class OrdersLookupController extends SignedController {

	private const DEFAULT_LIMIT = 5;
	private const MAX_LIMIT     = 20;

	public function __construct( Options $options, SignatureVerifier $verifier, private readonly WooCommerce $shop ) {
		parent::__construct( $options, $verifier );
	}

	public function register_routes(): void {
		$this->add_route( '/orders/lookup', WP_REST_Server::CREATABLE, array( $this, 'lookup' ) );
	}

	public function lookup( WP_REST_Request $request ): WP_REST_Response {
		if ( ! $this->shop->is_active() ) {
			throw new RequestError( 'shop_inactive', 'WooCommerce is not active on this site.', 400 );
		}
		$body  = JsonBody::of( $request );
		$limit = $body->integer( 'limit', 1, self::MAX_LIMIT ) ?? self::DEFAULT_LIMIT;

		if ( $body->has( 'user_id' ) === $body->has( 'order_number' ) ) {
			throw RequestError::validation( 'Send either user_id, or order_number together with email.' );
		}
		if ( $body->has( 'user_id' ) ) {
			$user_id = (int) $body->integer( 'user_id', 1, PHP_INT_MAX );
			if ( false === get_userdata( $user_id ) ) {
				throw new RequestError( 'not_found', 'No user has this ID.', 404 );
			}
			$orders = $this->shop->recent_orders_for_user( $user_id, $limit );
		} else {
			$number = (string) $body->string( 'order_number', 64, true );
			$email  = (string) $body->email( 'email', true );
			$order  = $this->shop->order_by_number( $number );
			$orders = null !== $order && 0 === strcasecmp( (string) $order->get_billing_email(), $email ) ? array( $order ) : array();
		}

		$decimals = $this->shop->price_decimals();
		return new WP_REST_Response(
			array( 'orders' => array_map( static fn ( $order ): array => OrderSummary::of( $order, $decimals ), $orders ) )
		);
	}
}
