<?php
/**
 * Base of the routes the service calls.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Crypto\SignatureException;
use StorefrontAssistant\Crypto\SignatureVerifier;
use StorefrontAssistant\Options;
use WP_Error;
use WP_REST_Request;

/**
 * Routes under /wp-json/service/v1/: the only credential is the X-Service-Signature header,
 * made with the shopper signing secret received at the handshake. No cookie or user session is
 * involved, so the checks are the same whoever's browser might replay a request.
 */
abstract class SignedController extends Controller {

	/** Wire-level identifier shared with the service: never rename. */
	public const NAMESPACE = 'service/v1';

	public function __construct(
		private readonly Options $options,
		private readonly SignatureVerifier $verifier
	) {}

	protected function route_namespace(): string {
		return self::NAMESPACE;
	}

	public function check_permission( WP_REST_Request $request ): bool|WP_Error {
		try {
			$this->verifier->verify(
				$request->get_header( 'x-service-signature' ),
				$request->get_body(),
				array( $this->options->signing_secret() )
			);
			return true;
		} catch ( SignatureException $e ) {
			return new WP_Error( $e->error_code, $e->getMessage(), array( 'status' => 401 ) );
		}
	}
}
