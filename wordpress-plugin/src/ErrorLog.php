<?php
/**
 * The last problems, shown to the store owner on the settings page.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

/**
 * Keeps a few recent messages per context ("connection", "sync"), already in plain words.
 */
final class ErrorLog {

	public const CONNECTION = 'connection';
	public const SYNC       = 'sync';

	private const KEEP = 5;

	public function record( string $context, string $message ): void {
		$entries = $this->all();
		array_unshift(
			$entries,
			array(
				'context' => $context,
				'message' => $message,
				'at'      => time(),
			)
		);
		update_option( Options::ERRORS, array_slice( $entries, 0, self::KEEP ), false );
	}

	public function clear( string $context ): void {
		$remaining = array_values( array_filter( $this->all(), static fn ( array $entry ): bool => $entry['context'] !== $context ) );
		update_option( Options::ERRORS, $remaining, false );
	}

	/**
	 * @return list<array{context: string, message: string, at: int}>
	 */
	public function all(): array {
		$entries = get_option( Options::ERRORS, array() );
		return is_array( $entries ) ? array_values( $entries ) : array();
	}
}
