<?php
/**
 * Service errors in words a store owner understands.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Service;

final class ErrorMessages {

	public static function describe( ServiceError $error ): string {
		$detail = '' !== $error->getMessage() ? ' ' . sprintf(
			/* translators: %s: the message sent by the service or the network library. */
			__( 'Details: %s', 'storefront-assistant' ),
			$error->getMessage()
		) : '';

		if ( 0 === $error->status ) {
			return __( 'The Storefront Assistant service could not be reached. Check the service URL and that the service is running.', 'storefront-assistant' ) . $detail;
		}
		return match ( true ) {
			'plugin_outdated' === $error->error_code => __( 'The service needs a newer version of this plugin. Please update Storefront Assistant, then connect again.', 'storefront-assistant' ) . $detail,
			'site_not_connected' === $error->error_code => __( 'The service no longer recognises this site. Connect again on this page.', 'storefront-assistant' ),
			401 === $error->status => __( 'The service did not accept the API token. Check that you pasted the whole token (it starts with svc_) and that it has not been revoked or expired.', 'storefront-assistant' ),
			403 === $error->status => __( 'This API token is not allowed to connect a site. Create a token with the "wp:integration" ability in the service dashboard.', 'storefront-assistant' ),
			429 === $error->status => sprintf(
				/* translators: %d: number of seconds to wait. */
				__( 'The service asked us to slow down. Syncing resumes automatically in %d seconds.', 'storefront-assistant' ),
				$error->retry_after ?? 60
			),
			413 === $error->status => __( 'Some content is too large for the service to accept. It will be retried later; very long pages may need to be shortened.', 'storefront-assistant' ) . $detail,
			$error->status >= 500 => sprintf(
				/* translators: %d: HTTP status code. */
				__( 'The service had a problem on its side (HTTP %d). We will retry automatically.', 'storefront-assistant' ),
				$error->status
			),
			'invalid_response' === $error->error_code => __( 'The service URL answered, but not like a Storefront Assistant service. Check the URL.', 'storefront-assistant' ),
			default => sprintf(
				/* translators: 1: HTTP status code, 2: details from the service. */
				__( 'The service refused the request (HTTP %1$d). %2$s', 'storefront-assistant' ),
				$error->status,
				$error->getMessage()
			),
		};
	}
}
