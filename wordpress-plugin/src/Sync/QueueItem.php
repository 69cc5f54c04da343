<?php
/**
 * One row of the sync queue.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

final class QueueItem {

	/**
	 * @param array<string, mixed>|null $snapshot The removal to send for a post deleted from the database.
	 */
	public function __construct(
		public readonly Kind $kind,
		public readonly int $object_id,
		public readonly int $revision,
		public readonly int $attempts,
		public readonly ?array $snapshot
	) {}
}
