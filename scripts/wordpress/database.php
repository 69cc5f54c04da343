<?php
/**
 * Creates (fresh) or drops a MariaDB/MySQL database for a test WordPress.
 *
 * Usage: php database.php create|drop <name>
 * Connection from WP_DB_HOST (default 127.0.0.1:3306), WP_DB_USER (root), WP_DB_PASSWORD (empty).
 */

[ , $command, $name ] = $argv + array( null, '', '' );
if ( ! in_array( $command, array( 'create', 'drop' ), true ) || 1 !== preg_match( '/^[A-Za-z0-9_]{1,64}$/D', $name ) ) {
	fwrite( STDERR, "usage: php database.php create|drop <name>\n" );
	exit( 2 );
}

[ $host, $port ] = explode( ':', getenv( 'WP_DB_HOST' ) ?: '127.0.0.1:3306' ) + array( '', '3306' );
mysqli_report( MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT );
try {
	$db = new mysqli( $host, getenv( 'WP_DB_USER' ) ?: 'root', getenv( 'WP_DB_PASSWORD' ) ?: '', '', (int) $port );
	$db->query( "DROP DATABASE IF EXISTS `$name`" );
	if ( 'create' === $command ) {
		$db->query( "CREATE DATABASE `$name` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci" );
	}
} catch ( mysqli_sql_exception $e ) {
	fwrite( STDERR, 'database: ' . $e->getMessage() . "\n" );
	exit( 1 );
}
