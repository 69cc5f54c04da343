<?php
/**
 * A lead captured by the assistant.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Leads;

final class Lead {

	public function __construct(
		public readonly string $email,
		public readonly ?string $name,
		public readonly ?string $phone,
		public readonly string $conversation_id,
		public readonly string $lead_id
	) {}

	/**
	 * "Ada King Lovelace" → ["Ada", "King Lovelace"].
	 *
	 * @return array{0: string, 1: string}
	 */
	public function name_parts(): array {
		$parts = preg_split( '/\s+/', trim( (string) $this->name ), 2 );
		return array( $parts[0] ?? '', $parts[1] ?? '' );
	}
}
