<?php
/**
 * Where the service is and how to authenticate to it.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

final class Credentials {

	public readonly string $service_url;

	public function __construct( string $service_url, public readonly string $api_token ) {
		$this->service_url = rtrim( $service_url, '/' );
	}

	public function endpoint( string $path ): string {
		return $this->service_url . '/' . ltrim( $path, '/' );
	}
}
