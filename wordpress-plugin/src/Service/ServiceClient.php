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
	 * A page of the content hashes the service holds for this site (the reconciliation).
	 *
	 * @return array{items: list<array{wp_id: int, content_hash: string}>, has_more: bool}
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function document_hashes( Credentials $credentials, string $kind, int $after_wp_id, int $limit ): array {
		$data  = $this->post(
			$credentials,
			'/api/v1/wp/documents/hashes',
			array(
				'kind'        => $kind,
				'after_wp_id' => $after_wp_id,
				'limit'       => $limit,
			),
			true
		);
		$items = array();
		foreach ( (array) ( $data['items'] ?? array() ) as $item ) {
			if ( is_array( $item ) && is_int( $item['wp_id'] ?? null ) && is_string( $item['content_hash'] ?? null ) ) {
				$items[] = array(
					'wp_id'        => $item['wp_id'],
					'content_hash' => $item['content_hash'],
				);
			}
		}
		return array(
			'items'    => $items,
			'has_more' => true === ( $data['has_more'] ?? false ),
		);
	}

	/**
	 * A person's assistant data in the workspace (leads, conversations, messages), by e-mail address.
	 *
	 * @return array<string, mixed>
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function export_personal_data( Credentials $credentials, string $email ): array {
		return $this->post( $credentials, '/api/v1/wp/personal-data/export', array( 'email' => $email ), true );
	}

	/**
	 * Erases what export_personal_data() returns; answers how many leads, conversations and messages.
	 *
	 * @return array<string, mixed>
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function erase_personal_data( Credentials $credentials, string $email ): array {
		return $this->post( $credentials, '/api/v1/wp/personal-data/erase', array( 'email' => $email ), true );
	}

	/**
	 * Asks the agent a question as the widget on this site would (the widget API, with this site's
	 * origin), so that the owner sees the whole path work: the agent published, the site's address
	 * allowed, the synced content found. Answers the reply's Markdown text.
	 *
	 * @throws ServiceError When the service refuses or cannot be reached.
	 */
	public function ask( string $service_url, string $agent_id, string $origin, string $question ): string {
		$base    = new Credentials( $service_url, '' );
		$headers = array(
			'Content-Type' => 'application/json',
			'Accept'       => 'application/json',
			'Origin'       => $origin,
		);
		$context = array( 'page_context' => array( 'url' => $origin . '/' ) );
		$session = $this->send( $base->endpoint( '/v1/widget/init' ), $headers, array_merge( array( 'agent_id' => $agent_id ), $context ) );
		$token   = is_string( $session['token'] ?? null ) ? $session['token'] : '';
		if ( '' === $token ) {
			throw new ServiceError( 200, 'invalid_response', 'The service answered the widget without a token.' );
		}
		$headers['Authorization'] = 'Bearer ' . $token;
		$reply                    = $this->send( $base->endpoint( '/v1/widget/messages' ), $headers, array_merge( array( 'message' => $question ), $context ) );
		return (string) ( $reply['message']['content'] ?? '' );
	}

	/**
	 * @param array<string, mixed> $payload
	 * @return array<string, mixed>
	 */
	private function post( Credentials $credentials, string $path, array $payload, bool $signed ): array {
		$headers = array(
			'Authorization' => 'Bearer ' . $credentials->api_token,
			'Content-Type'  => 'application/json',
			'Accept'        => 'application/json',
		);
		return $this->send( $credentials->endpoint( $path ), $headers, $payload, $signed ? $credentials->api_token : null );
	}

	/**
	 * @param array<string, string> $headers
	 * @param array<string, mixed>  $payload
	 * @param string|null           $signing_key Signs the body (X-Service-Signature) when given.
	 * @return array<string, mixed>
	 */
	private function send( string $url, array $headers, array $payload, ?string $signing_key = null ): array {
		$body = (string) wp_json_encode( $payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		if ( null !== $signing_key ) {
			// The HMAC key is the plaintext token; the exact bytes sent are the bytes signed.
			$headers[ Signature::HEADER ] = Signature::header( $signing_key, $body, ( $this->clock )() );
		}
		$response = $this->http->post( $url, $headers, $body );
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
