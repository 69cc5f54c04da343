<?php
/**
 * Base of every REST controller of the plugin.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Registerable;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Routes can only be added through add_route(), which always attaches the controller's
 * permission check: no route of this plugin can be registered open by omission.
 */
abstract class Controller implements Registerable {

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	abstract public function register_routes(): void;

	abstract protected function route_namespace(): string;

	/**
	 * Decides whether the request may reach the route's callback.
	 */
	abstract public function check_permission( WP_REST_Request $request ): bool|WP_Error;

	/**
	 * @param callable(WP_REST_Request):WP_REST_Response $callback May throw RequestError.
	 */
	protected function add_route( string $route, string $methods, callable $callback ): void {
		register_rest_route(
			$this->route_namespace(),
			$route,
			array(
				'methods'             => $methods,
				'callback'            => static function ( WP_REST_Request $request ) use ( $callback ) {
					try {
						return $callback( $request );
					} catch ( RequestError $error ) {
						return $error->to_wp_error();
					}
				},
				'permission_callback' => array( $this, 'check_permission' ),
			)
		);
	}
}
