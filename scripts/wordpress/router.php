<?php
/**
 * Router for PHP's built-in server, standing in for Apache's rewrite rules:
 * existing files and directories are served as they are (PHP files executed),
 * everything else goes to WordPress's front controller.
 *
 * Usage: php -S 127.0.0.1:8080 -t <wordpress root> scripts/wordpress/router.php
 */

$root = rtrim( (string) $_SERVER['DOCUMENT_ROOT'], '/' );
$path = urldecode( (string) parse_url( (string) $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );

if ( '/' !== $path && ! str_contains( $path, '..' ) && file_exists( $root . $path ) ) {
	return false;
}

$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
chdir( $root );
require $root . '/index.php';
