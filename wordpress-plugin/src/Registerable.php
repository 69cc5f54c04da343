<?php
/**
 * A service that hooks into WordPress.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

interface Registerable {

	/** Adds the service's actions and filters; does no other work. */
	public function register(): void;
}
