<?php
/**
 * HttpTransport over the WordPress HTTP API.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

final class WpHttpTransport implements HttpTransport {

	private const TIMEOUT_SECONDS = 20;

	public function post( string $url, array $headers, string $body ): HttpResponse {
		// wp_remote_post, not wp_safe_remote_post: the owner may run the service on a private
		// network address, which the "safe" variant refuses.
		$response = wp_remote_post(
			$url,
			array(
				'headers'     => $headers,
				'body'        => $body,
				'timeout'     => self::TIMEOUT_SECONDS,
				'redirection' => 0,
			)
		);
		if ( is_wp_error( $response ) ) {
			throw ServiceError::network( $response->get_error_message() );
		}
		$headers = array();
		foreach ( wp_remote_retrieve_headers( $response ) as $name => $value ) {
			$headers[ strtolower( (string) $name ) ] = is_array( $value ) ? (string) end( $value ) : (string) $value;
		}
		return new HttpResponse( (int) wp_remote_retrieve_response_code( $response ), $headers, wp_remote_retrieve_body( $response ) );
	}
}
