<?php
/**
 * HS256 JSON Web Token signer.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Crypto;

/**
 * Signs compact HS256 tokens. Only signing is needed on the site: the service verifies them.
 */
final class Jwt {

	public const HEADER = array(
		'alg' => 'HS256',
		'typ' => 'JWT',
	);

	/**
	 * Serialized as JavaScript's JSON.stringify does (no escaped slashes, Unicode or line
	 * terminators), so a token is byte-identical to one the service would sign.
	 */
	private const JSON_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_THROW_ON_ERROR;

	/**
	 * @param array<string, mixed> $claims Claims in the order they should appear.
	 */
	public static function sign( array $claims, string $key ): string {
		// json_encode, not wp_json_encode: the signed bytes must be exactly these flags' output
		// (the service checks them against shared test vectors), and it throws rather than repairs.
		// phpcs:disable WordPress.WP.AlternativeFunctions.json_encode_json_encode
		$input = self::base64url( json_encode( self::HEADER, self::JSON_FLAGS ) )
			. '.' . self::base64url( json_encode( $claims, self::JSON_FLAGS ) );
		// phpcs:enable WordPress.WP.AlternativeFunctions.json_encode_json_encode
		return $input . '.' . self::base64url( hash_hmac( 'sha256', $input, $key, true ) );
	}

	public static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- base64url, the JWT encoding.
	}
}
