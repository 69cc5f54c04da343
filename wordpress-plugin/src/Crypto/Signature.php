<?php
/**
 * The request signature shared with the service.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Crypto;

/**
 * X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>.
 *
 * The same scheme signs both directions: the plugin signs sync requests with its API token,
 * the service signs its calls to the plugin with the shopper signing secret.
 */
final class Signature {

	public const HEADER = 'X-Service-Signature';

	/** Seconds a signed request stays acceptable, either side of the receiver's clock. */
	public const TOLERANCE = 300;

	public static function compute( string $key, int $timestamp, string $raw_body ): string {
		return hash_hmac( 'sha256', $timestamp . '.' . $raw_body, $key );
	}

	public static function header( string $key, string $raw_body, int $timestamp ): string {
		return 't=' . $timestamp . ',v1=' . self::compute( $key, $timestamp, $raw_body );
	}
}
