<?php
/**
 * Calls the service's integration API.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

use Closure;
use StorefrontAssistant\Crypto\Signature;

final class ServiceClient {

	/**
	 * @param Closure():int $clock Current unix time, for the signature timestamp.
	 */
	public function __construct(
		private readonly HttpTransport $http,
		private readonly Closure $clock
	) {}

	/**
	 * Bearer only: the handshake is what hands out the signing secret.
	 *
	 * @param array<string, mixed> $site
	 * @return array<string, mixed>
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function handshake( Credentials $credentials, array $site ): array {
		return $this->post( $credentials, '/api/v1/wp/handshake', $site, false );
	}

	/**
	 * @param list<array<string, mixed>> $items Up to 50 post documents.
	 * @return array<string, mixed>
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function sync_posts( Credentials $credentials, array $items ): array {
		return $this->post( $credentials, '/api/v1/wp/posts/sync', array( 'items' => $items ), true );
	}

	/**
	 * @param list<array<string, mixed>> $items Up to 50 product documents.
	 * @return array<string, mixed>
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function sync_products( Credentials $credentials, array $items ): array {
		return $this->post( $credentials, '/api/v1/wp/products/sync', array( 'items' => $items ), true );
	}

	/**
	 * @param array<string, mixed> $payload
	 * @return array<string, mixed>
	 */
	private function post( Credentials $credentials, string $path, array $payload, bool $signed ): array {
		$body    = (string) wp_json_encode( $payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		$headers = array(
			'Authorization' => 'Bearer ' . $credentials->api_token,
			'Content-Type'  => 'application/json',
			'Accept'        => 'application/json',
		);
		if ( $signed ) {
			// The HMAC key is the plaintext token; the exact bytes sent are the bytes signed.
			$headers[ Signature::HEADER ] = Signature::header( $credentials->api_token, $body, ( $this->clock )() );
		}
		$response = $this->http->post( $credentials->endpoint( $path ), $headers, $body );
		if ( $response->status < 200 || $response->status >= 300 ) {
			throw ServiceError::from_response( $response );
		}
		$data = json_decode( $response->body, true );
		if ( ! is_array( $data ) ) {
			throw new ServiceError( $response->status, 'invalid_response', 'The service answered with something that is not JSON.' );
		}
		return $data;
	}
}
