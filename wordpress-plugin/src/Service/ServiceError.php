<?php
/**
 * A failed call to the service.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

use RuntimeException;

/**
 * Status 0 means no response arrived. `code` and `field_errors` come from the service's
 * error envelope {"message", "code", "errors"} when it sent one.
 */
final class ServiceError extends RuntimeException {

	public const NETWORK = 'network_error';

	/**
	 * @param array<string, list<string>> $field_errors Keyed like "items.3.permalink".
	 */
	public function __construct(
		public readonly int $status,
		public readonly string $error_code,
		string $message,
		public readonly ?int $retry_after = null,
		public readonly array $field_errors = array()
	) {
		parent::__construct( $message );
	}

	public static function network( string $message ): self {
		return new self( 0, self::NETWORK, $message );
	}

	public static function from_response( HttpResponse $response ): self {
		$data    = json_decode( $response->body, true );
		$data    = is_array( $data ) ? $data : array();
		$code    = is_string( $data['code'] ?? null ) ? $data['code'] : 'http_' . $response->status;
		$message = is_string( $data['message'] ?? null ) ? $data['message'] : '';
		$fields  = is_array( $data['errors'] ?? null ) ? $data['errors'] : array();
		$retry   = $response->header( 'retry-after' );
		return new self(
			$response->status,
			$code,
			$message,
			null !== $retry && ctype_digit( trim( $retry ) ) ? (int) trim( $retry ) : null,
			$fields
		);
	}

	public function is_retryable(): bool {
		return 0 === $this->status || 429 === $this->status || $this->status >= 500;
	}

	public function is_auth_failure(): bool {
		return 401 === $this->status || 403 === $this->status;
	}

	/**
	 * Indexes of the batch items the service rejected ("items.<index>.<field>" keys).
	 *
	 * @return array<int, string> index => first message
	 */
	public function rejected_items(): array {
		$rejected = array();
		foreach ( $this->field_errors as $path => $messages ) {
			if ( 1 === preg_match( '/^items\.(\d+)\.?(.*)$/', (string) $path, $m ) && ! isset( $rejected[ (int) $m[1] ] ) ) {
				$first                   = is_array( $messages ) ? (string) reset( $messages ) : (string) $messages;
				$rejected[ (int) $m[1] ] = trim( $m[2] . ': ' . $first, ': ' );
			}
		}
		return $rejected;
	}
}
