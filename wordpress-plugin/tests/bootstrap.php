<?php
/**
 * PHPUnit bootstrap for the unit tests: plain PHP, no WordPress.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

require dirname( __DIR__ ) . '/src/Autoloader.php';
StorefrontAssistant\Autoloader::register();
