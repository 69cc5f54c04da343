<?php
/**
 * Verifies X-Service-Signature headers.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Crypto;

use Closure;

/**
 * Strict parsing, any matching v1 accepted (key rotation), a 300 s window either side of now,
 * constant-time comparison, over the raw body bytes exactly as received.
 *
 * Messages are not translated: they answer the service, not a person.
 */
final class SignatureVerifier {

	private const MAX_HEADER_LENGTH = 2048;

	/**
	 * @param Closure():int $clock Current unix time; injected so tests can move time.
	 */
	public function __construct(
		private readonly Closure $clock,
		private readonly int $tolerance = Signature::TOLERANCE
	) {}

	/**
	 * @param string[] $keys Accepted secrets.
	 * @throws SignatureException When the request must be rejected.
	 */
	public function verify( ?string $header, string $raw_body, array $keys ): void {
		$parsed = self::parse( $header );
		if ( abs( ( $this->clock )() - $parsed['timestamp'] ) > $this->tolerance ) {
			throw new SignatureException(
				SignatureException::EXPIRED,
				sprintf( 'The signature timestamp is more than %d seconds from the current time.', $this->tolerance )
			);
		}
		$keys = array_filter( $keys, static fn ( $key ): bool => is_string( $key ) && '' !== $key );
		// Every candidate is compared, without stopping at the first match, so the time taken
		// does not tell which one matched.
		$matched = false;
		foreach ( $keys as $key ) {
			$expected = Signature::compute( $key, $parsed['timestamp'], $raw_body );
			foreach ( $parsed['signatures'] as $candidate ) {
				$matched = hash_equals( $expected, $candidate ) || $matched;
			}
		}
		if ( ! $matched ) {
			throw new SignatureException( SignatureException::INVALID, 'The signature does not match the request body.' );
		}
	}

	/**
	 * Comma-separated `k=v` pairs: exactly one integer `t`, one or more 64-hex `v1`; other
	 * schemes are ignored so that a future scheme can be sent alongside v1.
	 *
	 * @return array{timestamp:int, signatures:string[]}
	 * @throws SignatureException When the header is missing or malformed.
	 */
	public static function parse( ?string $header ): array {
		if ( null === $header || '' === trim( $header ) ) {
			throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature header is missing.' );
		}
		if ( strlen( $header ) > self::MAX_HEADER_LENGTH ) {
			throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature header is too long.' );
		}
		$timestamp  = null;
		$signatures = array();
		foreach ( explode( ',', $header ) as $part ) {
			$eq = strpos( $part, '=' );
			if ( false === $eq || 0 === $eq ) {
				throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature header is malformed.' );
			}
			$name  = trim( substr( $part, 0, $eq ) );
			$value = trim( substr( $part, $eq + 1 ) );
			if ( 't' === $name ) {
				if ( null !== $timestamp || 1 !== preg_match( '/^\d{1,12}$/D', $value ) ) {
					throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature timestamp is malformed.' );
				}
				$timestamp = (int) $value;
			} elseif ( 'v1' === $name ) {
				if ( 1 !== preg_match( '/^[0-9a-f]{64}$/Di', $value ) ) {
					throw new SignatureException( SignatureException::INVALID, 'A v1 signature is not 64 hexadecimal characters.' );
				}
				$signatures[] = strtolower( $value );
			}
		}
		if ( null === $timestamp ) {
			throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature header has no timestamp.' );
		}
		if ( array() === $signatures ) {
			throw new SignatureException( SignatureException::INVALID, 'The X-Service-Signature header has no v1 signature.' );
		}
		return array(
			'timestamp'  => $timestamp,
			'signatures' => $signatures,
		);
	}
}
