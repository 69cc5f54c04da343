<?php
/**
 * Amounts as decimal strings.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Shop;

/**
 * Money goes on the wire as a decimal string ("19.90"), never a float, with the shop's decimals.
 */
final class Money {

	public static function format( string|int|float|null $amount, int $decimals ): ?string {
		if ( null === $amount || '' === $amount || ! is_numeric( $amount ) ) {
			return null;
		}
		return number_format( (float) $amount, max( 0, $decimals ), '.', '' );
	}
}
