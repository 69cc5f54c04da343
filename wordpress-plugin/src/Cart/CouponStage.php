<?php
/**
 * Coupons staged by the assistant, applied when the shopper's cart next loads.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Cart;

use StorefrontAssistant\Registerable;
use StorefrontAssistant\Shop\WooCommerce;
use WC_Cart;

/**
 * The service cannot touch the shopper's cart directly (the request comes from the service,
 * not the shopper's browser), so the code waits in a transient keyed by the shopper's
 * WooCommerce session and/or user ID, and WooCommerce applies it on the shopper's next request.
 */
final class CouponStage implements Registerable {

	public const TTL = 15 * MINUTE_IN_SECONDS;

	/** Transient names start with this; uninstall.php removes them by it. */
	public const TRANSIENT_PREFIX = 'storefront_assistant_coupon_';

	public function __construct( private readonly WooCommerce $shop ) {}

	public function register(): void {
		add_action( 'woocommerce_cart_loaded_from_session', array( $this, 'apply_staged' ) );
	}

	public function stage( string $code, ?string $session_key, ?int $user_id ): void {
		foreach ( $this->transient_names( $session_key, $user_id ) as $name ) {
			set_transient( $name, $code, self::TTL );
		}
	}

	public function apply_staged( WC_Cart $cart ): void {
		$user_id = get_current_user_id();
		$names   = $this->transient_names( $this->shop->session_key( false ), $user_id > 0 ? $user_id : null );
		foreach ( $names as $name ) {
			$code = get_transient( $name );
			if ( ! is_string( $code ) || '' === $code ) {
				continue;
			}
			// Removed first: the coupon is offered once, even if WooCommerce then refuses it
			// (for instance a minimum spend the cart does not reach yet).
			delete_transient( $name );
			if ( ! $cart->has_discount( $code ) ) {
				$cart->apply_coupon( $code );
			}
		}
	}

	/**
	 * @return list<string>
	 */
	private function transient_names( ?string $session_key, ?int $user_id ): array {
		$names = array();
		if ( null !== $session_key && '' !== $session_key ) {
			$names[] = self::TRANSIENT_PREFIX . md5( 'session:' . $session_key );
		}
		if ( null !== $user_id ) {
			$names[] = self::TRANSIENT_PREFIX . md5( 'user:' . $user_id );
		}
		return $names;
	}
}
