<?php
/**
 * A rejected request signature.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Crypto;

use RuntimeException;

/**
 * Carries the plugin error code to answer with: `invalid_signature` or `signature_expired`.
 */
final class SignatureException extends RuntimeException {

	public const INVALID = 'invalid_signature';
	public const EXPIRED = 'signature_expired';

	public function __construct( public readonly string $error_code, string $message ) {
		parent::__construct( $message );
	}
}
