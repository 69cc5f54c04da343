<?php
/**
 * The two kinds of synced documents.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

enum Kind: string {

	/** Posts and pages, sent to /api/v1/wp/posts/sync. */
	case Post = 'post';

	/** WooCommerce products, sent to /api/v1/wp/products/sync. */
	case Product = 'product';
}
