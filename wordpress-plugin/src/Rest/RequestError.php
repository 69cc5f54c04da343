<?php
/**
 * A request the plugin refuses, with the plugin error code to answer with.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use RuntimeException;
use WP_Error;

final class RequestError extends RuntimeException {

	public function __construct( public readonly string $error_code, string $message, public readonly int $status ) {
		parent::__construct( $message );
	}

	public static function validation( string $message ): self {
		return new self( 'validation_failed', $message, 400 );
	}

	public function to_wp_error(): WP_Error {
		return new WP_Error( $this->error_code, $this->getMessage(), array( 'status' => $this->status ) );
	}
}
