<?php
/**
 * The plugin's only door to WooCommerce.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Shop;

use WC_Order;
use WC_Product;
use WP_Error;

/**
 * Every WooCommerce call goes through here, so that what the plugin needs from the shop is
 * listed in one place.
 */
final class WooCommerce {

	public function is_active(): bool {
		return class_exists( 'WooCommerce' ) && function_exists( 'WC' );
	}

	public function version(): ?string {
		return $this->is_active() ? (string) WC()->version : null;
	}

	/**
	 * The shopper's WooCommerce session key. In a REST request WooCommerce starts no session,
	 * so one is started here; with $persist the session cookie is set, so that the key stays
	 * the same on the shopper's next page load (where a staged coupon is applied).
	 */
	public function session_key( bool $persist ): ?string {
		if ( ! $this->is_active() ) {
			return null;
		}
		if ( null === WC()->session ) {
			WC()->initialize_session();
		}
		$session = WC()->session;
		if ( null === $session ) {
			return null;
		}
		if ( $persist && ! $session->has_session() ) {
			$session->set_customer_session_cookie( true );
		}
		$key = (string) $session->get_customer_id();
		return '' === $key ? null : $key;
	}

	/**
	 * @return list<WC_Order> Newest first.
	 */
	public function recent_orders_for_user( int $user_id, int $limit ): array {
		$orders = wc_get_orders(
			array(
				'customer_id' => $user_id,
				'limit'       => $limit,
				'orderby'     => 'date',
				'order'       => 'DESC',
				'type'        => 'shop_order',
			)
		);
		return array_values( array_filter( (array) $orders, static fn ( $order ): bool => $order instanceof WC_Order ) );
	}

	/**
	 * An order by its customer-facing number. WooCommerce numbers orders by ID; plugins that
	 * renumber them can resolve their own numbers through the filter.
	 */
	public function order_by_number( string $number ): ?WC_Order {
		$order_id = (int) apply_filters( 'storefront_assistant_order_id_from_number', ctype_digit( $number ) ? (int) $number : 0, $number );
		$order    = $order_id > 0 ? wc_get_order( $order_id ) : false;
		if ( ! $order instanceof WC_Order || (string) $order->get_order_number() !== $number ) {
			return null;
		}
		return $order;
	}

	public function coupon_exists( string $code ): bool {
		return (int) wc_get_coupon_id_by_code( $code ) > 0;
	}

	/**
	 * Creates a 'customer' without sending WooCommerce's "your account" e-mail: the shopper
	 * only left an address in a chat and did not ask for an account.
	 *
	 * @param array<string, string> $data first_name, last_name, display_name.
	 */
	public function create_customer( string $email, string $username, string $password, array $data ): int|WP_Error {
		add_filter( 'woocommerce_email_enabled_customer_new_account', '__return_false', 999 );
		try {
			return wc_create_new_customer( $email, $username, $password, $data );
		} finally {
			remove_filter( 'woocommerce_email_enabled_customer_new_account', '__return_false', 999 );
		}
	}

	public function product( int $product_id ): ?WC_Product {
		$product = wc_get_product( $product_id );
		return $product instanceof WC_Product ? $product : null;
	}

	public function currency(): string {
		return (string) get_woocommerce_currency();
	}

	public function price_decimals(): int {
		return (int) wc_get_price_decimals();
	}
}
