<?php
/**
 * An order as the service receives it.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Shop;

use WC_Order;

final class OrderSummary {

	/** Meta written by WooCommerce Shipment Tracking (and compatible tracking plugins). */
	private const TRACKING_META = '_wc_shipment_tracking_items';

	/**
	 * @return array{id: int, number: string, status: string, total: ?string, currency: string, items: list<array{name: string, quantity: int, total: ?string}>, tracking_url: ?string, created_at: ?string}
	 */
	public static function of( WC_Order $order, int $decimals ): array {
		$items = array();
		foreach ( $order->get_items() as $item ) {
			$items[] = array(
				'name'     => (string) $item->get_name(),
				'quantity' => (int) $item->get_quantity(),
				'total'    => Money::format( $item->get_total(), $decimals ),
			);
		}
		$created = $order->get_date_created();
		return array(
			'id'           => (int) $order->get_id(),
			'number'       => (string) $order->get_order_number(),
			'status'       => (string) $order->get_status(),
			'total'        => Money::format( $order->get_total(), $decimals ),
			'currency'     => (string) $order->get_currency(),
			'items'        => $items,
			'tracking_url' => self::tracking_url( $order ),
			'created_at'   => null !== $created ? gmdate( 'Y-m-d\TH:i:s\Z', $created->getTimestamp() ) : null,
		);
	}

	/**
	 * The most recent shipment's tracking link, when a tracking plugin stored one: WooCommerce
	 * Shipment Tracking's items (and compatible plugins'), their custom link or the link its
	 * provider list builds from the provider and number. Other tracking plugins answer through the
	 * storefront_assistant_order_tracking_url filter (the URL found so far, the order).
	 */
	private static function tracking_url( WC_Order $order ): ?string {
		$url       = null;
		$shipments = $order->get_meta( self::TRACKING_META, true );
		if ( is_array( $shipments ) ) {
			foreach ( array_reverse( $shipments ) as $shipment ) {
				$link = is_array( $shipment ) ? self::shipment_link( $order, $shipment ) : '';
				if ( '' !== $link ) {
					$url = $link;
					break;
				}
			}
		}
		$url = apply_filters( 'storefront_assistant_order_tracking_url', $url, $order );
		return is_string( $url ) && '' !== $url ? esc_url_raw( $url ) : null;
	}

	/**
	 * @param array<string, mixed> $shipment
	 */
	private static function shipment_link( WC_Order $order, array $shipment ): string {
		$link = (string) ( $shipment['custom_tracking_link'] ?? '' );
		if ( '' === $link && class_exists( 'WC_Shipment_Tracking_Actions' ) && method_exists( 'WC_Shipment_Tracking_Actions', 'get_instance' ) ) {
			$formatted = \WC_Shipment_Tracking_Actions::get_instance()->get_formatted_tracking_item( $order->get_id(), $shipment );
			$link      = is_array( $formatted ) ? (string) ( $formatted['formatted_tracking_link'] ?? '' ) : '';
		}
		return $link;
	}
}
