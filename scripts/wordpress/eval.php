<?php
/**
 * Runs PHP code inside a test WordPress, from the command line.
 *
 * Usage: echo 'return get_option("siteurl");' | php eval.php <wordpress root> <site url>
 * Prints one JSON object: {"result": <the code's return value>, "output": "<anything printed>"},
 * or {"error": "...", "output": "..."} when the code throws.
 */

[ , $root, $url ] = $argv + array( null, '', '' );
$code             = (string) stream_get_contents( STDIN );

$_SERVER['HTTP_HOST']      = (string) parse_url( $url, PHP_URL_HOST ) . ( parse_url( $url, PHP_URL_PORT ) ? ':' . parse_url( $url, PHP_URL_PORT ) : '' );
$_SERVER['SERVER_NAME']    = (string) parse_url( $url, PHP_URL_HOST );
$_SERVER['REQUEST_URI']    = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';

ob_start();
require $root . '/wp-load.php';

try {
	$out = array( 'result' => ( static fn () => eval( $code ) )() );
} catch ( Throwable $e ) {
	$out = array( 'error' => get_class( $e ) . ': ' . $e->getMessage() . ' at ' . $e->getFile() . ':' . $e->getLine() );
}
$out['output'] = (string) ob_get_clean();
echo json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PARTIAL_OUTPUT_ON_ERROR );
