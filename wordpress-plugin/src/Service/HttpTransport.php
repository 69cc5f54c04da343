<?php
/**
 * Sends HTTP requests to the service.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

interface HttpTransport {

	/**
	 * @param array<string, string> $headers
	 * @throws ServiceError When no response arrives (network failure, timeout).
	 */
	public function post( string $url, array $headers, string $body ): HttpResponse;
}
