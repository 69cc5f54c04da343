<?php
/**
 * The plugin's error envelope on its own routes.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Registerable;
use WP_REST_Request;
use WP_REST_Response;

/**
 * WordPress answers errors as {"code", "message", "data"}, including the ones it raises itself
 * (unknown route, invalid JSON, failed permission check). On this plugin's namespaces every
 * error becomes {"error": {"code", "message"}}, with WordPress's own codes mapped to the
 * plugin's.
 */
final class ErrorEnvelope implements Registerable {

	/** @var list<string> */
	private const NAMESPACES = array( SignedController::NAMESPACE, ShopperTokenController::NAMESPACE );

	private const CORE_CODES = array(
		'rest_no_route'               => 'not_found',
		'rest_invalid_json'           => 'validation_failed',
		'rest_invalid_param'          => 'validation_failed',
		'rest_missing_callback_param' => 'validation_failed',
		'rest_forbidden'              => 'forbidden',
		'rest_cookie_invalid_nonce'   => 'forbidden',
	);

	public function register(): void {
		add_filter( 'rest_post_dispatch', array( $this, 'wrap' ), 10, 3 );
	}

	/**
	 * Typed loosely: other plugins' filters may hand over something else, which passes through.
	 */
	public function wrap( mixed $response, mixed $server, mixed $request ): mixed {
		if ( ! $response instanceof WP_REST_Response || ! $request instanceof WP_REST_Request || ! $response->is_error() ) {
			return $response;
		}
		$data = $response->get_data();
		if ( ! $this->is_ours( $request->get_route() ) || ! is_array( $data ) || ! isset( $data['code'] ) ) {
			return $response;
		}
		$code = (string) $data['code'];
		$response->set_data(
			array(
				'error' => array(
					'code'    => self::CORE_CODES[ $code ] ?? $code,
					'message' => (string) ( $data['message'] ?? '' ),
				),
			)
		);
		return $response;
	}

	private function is_ours( string $route ): bool {
		foreach ( self::NAMESPACES as $namespace ) {
			if ( str_starts_with( trailingslashit( ltrim( $route, '/' ) ), $namespace . '/' ) ) {
				return true;
			}
		}
		return false;
	}
}
