<?php
/**
 * Signs the token that tells the service who the shopper is.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Front;

use Closure;
use StorefrontAssistant\Crypto\Jwt;

/**
 * HS256 JWT signed with the shopper signing secret: `sub` = user ID (logged-in shoppers only),
 * `sid` = WooCommerce session key, `email` (logged-in only), `iat`, `exp`.
 */
final class ShopperToken {

	/** The widget asks for a fresh token on each page, so a short life is enough. */
	public const LIFETIME = HOUR_IN_SECONDS;

	/** The service refuses longer-lived shopper tokens. */
	private const MAX_LIFETIME = DAY_IN_SECONDS;

	/**
	 * @param Closure():int $clock
	 */
	public function __construct( private readonly Closure $clock ) {}

	/**
	 * @return array{token: string, expires_at: int}|null Null when there is no one to identify.
	 */
	public function issue( string $secret, int $user_id, ?string $email, ?string $session_key ): ?array {
		if ( $user_id <= 0 && null === $session_key ) {
			return null;
		}
		$now      = ( $this->clock )();
		$lifetime = min( (int) apply_filters( 'storefront_assistant_shopper_token_lifetime', self::LIFETIME ), self::MAX_LIFETIME );
		$claims   = array_filter(
			array(
				// JWT's `sub` is a string.
				'sub'   => $user_id > 0 ? (string) $user_id : null,
				'sid'   => $session_key,
				'email' => $user_id > 0 ? $email : null,
				'iat'   => $now,
				'exp'   => $now + max( 60, $lifetime ),
			),
			static fn ( $value ): bool => null !== $value && '' !== $value
		);
		return array(
			'token'      => Jwt::sign( $claims, $secret ),
			'expires_at' => $claims['exp'],
		);
	}
}
