<?php
/**
 * Typed, validated access to a JSON request body.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use WP_REST_Request;

/**
 * Reads the raw body (the bytes the signature covered) rather than WordPress's parsed
 * parameters, which would also mix in query-string values. Messages answer the service, not a
 * person, so they are not translated.
 */
final class JsonBody {

	/**
	 * @param array<string, mixed> $data
	 */
	private function __construct( private readonly array $data ) {}

	/**
	 * @throws RequestError When the body is not a JSON object.
	 */
	public static function of( WP_REST_Request $request ): self {
		$data = json_decode( $request->get_body(), true );
		if ( ! is_array( $data ) || ( array() !== $data && array_is_list( $data ) ) ) {
			throw RequestError::validation( 'The request body must be a JSON object.' );
		}
		return new self( $data );
	}

	public function has( string $field ): bool {
		return null !== ( $this->data[ $field ] ?? null );
	}

	/**
	 * A trimmed, non-empty string; numbers are accepted and read as strings (an order number
	 * may come either way). Null when absent.
	 *
	 * @throws RequestError When present but invalid, or required and absent.
	 */
	public function string( string $field, int $max_length, bool $required = false ): ?string {
		$value = $this->data[ $field ] ?? null;
		if ( is_int( $value ) ) {
			$value = (string) $value;
		}
		if ( null === $value ) {
			if ( $required ) {
				throw RequestError::validation( "$field is required." );
			}
			return null;
		}
		if ( ! is_string( $value ) || '' === trim( $value ) ) {
			throw RequestError::validation( "$field must be a non-empty string." );
		}
		$value = trim( $value );
		if ( mb_strlen( $value ) > $max_length ) {
			throw RequestError::validation( "$field must be at most $max_length characters." );
		}
		return $value;
	}

	/**
	 * @throws RequestError When present but not a valid address, or required and absent.
	 */
	public function email( string $field, bool $required = false ): ?string {
		$value = $this->string( $field, 254, $required );
		if ( null !== $value && false === is_email( $value ) ) {
			throw RequestError::validation( "$field must be a valid e-mail address." );
		}
		return $value;
	}

	/**
	 * An integer in [$min, $max]; digit strings are accepted. Null when absent.
	 *
	 * @throws RequestError When present but out of range or not an integer.
	 */
	public function integer( string $field, int $min, int $max ): ?int {
		$value = $this->data[ $field ] ?? null;
		if ( null === $value ) {
			return null;
		}
		if ( is_string( $value ) && 1 === preg_match( '/^\d{1,18}$/D', $value ) ) {
			$value = (int) $value;
		}
		if ( ! is_int( $value ) || $value < $min || $value > $max ) {
			throw RequestError::validation( "$field must be an integer from $min to $max." );
		}
		return $value;
	}
}
