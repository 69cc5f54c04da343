<?php
/**
 * POST /wp-json/service/v1/cart/coupon
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Cart\CouponStage;
use StorefrontAssistant\Crypto\SignatureVerifier;
use StorefrontAssistant\Options;
use StorefrontAssistant\Shop\WooCommerce;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * {"code", "session_key"?, "user_id"?} → {"staged": true, "code", "expires_in": 900}.
 */
final class CartCouponController extends SignedController {

	public function __construct(
		Options $options,
		SignatureVerifier $verifier,
		private readonly WooCommerce $shop,
		private readonly CouponStage $stage
	) {
		parent::__construct( $options, $verifier );
	}

	public function register_routes(): void {
		$this->add_route( '/cart/coupon', WP_REST_Server::CREATABLE, array( $this, 'stage' ) );
	}

	public function stage( WP_REST_Request $request ): WP_REST_Response {
		if ( ! $this->shop->is_active() ) {
			throw new RequestError( 'shop_inactive', 'WooCommerce is not active on this site.', 400 );
		}
		$body        = JsonBody::of( $request );
		$code        = (string) $body->string( 'code', 100, true );
		$session_key = $body->string( 'session_key', 191 );
		$user_id     = $body->integer( 'user_id', 1, PHP_INT_MAX );
		if ( null === $session_key && null === $user_id ) {
			throw RequestError::validation( 'Send session_key or user_id: the coupon needs a cart to wait for.' );
		}
		if ( null !== $user_id && false === get_userdata( $user_id ) ) {
			throw new RequestError( 'not_found', 'No user has this ID.', 404 );
		}
		if ( ! $this->shop->coupon_exists( $code ) ) {
			throw new RequestError( 'coupon_not_found', 'No coupon has this code.', 400 );
		}
		$this->stage->stage( $code, $session_key, $user_id );
		return new WP_REST_Response(
			array(
				'staged'     => true,
				'code'       => $code,
				'expires_in' => CouponStage::TTL,
			)
		);
	}
}
