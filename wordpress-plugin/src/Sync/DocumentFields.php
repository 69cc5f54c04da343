<?php
/**
 * Field formatting shared by post and product documents.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use DateTimeInterface;
use WP_Post;

final class DocumentFields {

	/** A WordPress GMT datetime ("2024-05-01 10:00:00") as ISO-8601 UTC, or null when unset. */
	public static function iso_from_gmt( string $gmt ): ?string {
		if ( '' === $gmt || str_starts_with( $gmt, '0000-00-00' ) ) {
			return null;
		}
		$time = strtotime( $gmt . ' UTC' );
		return false === $time ? null : gmdate( 'Y-m-d\TH:i:s\Z', $time );
	}

	public static function iso( ?DateTimeInterface $date ): ?string {
		return null === $date ? null : gmdate( 'Y-m-d\TH:i:s\Z', $date->getTimestamp() );
	}

	/**
	 * The post's language as a BCP-47 tag: the site's language, unless a multilingual plugin
	 * says otherwise through the filter.
	 */
	public static function language( WP_Post $post ): string {
		return (string) apply_filters( 'storefront_assistant_post_language', str_replace( '_', '-', get_locale() ), $post );
	}

	/** Content as a visitor sees it: blocks rendered, shortcodes expanded, other plugins' filters applied. */
	public static function rendered_html( WP_Post $post, string $content ): string {
		// The global post is what the_content's filters read, as in WordPress's own loop; restored below.
		$GLOBALS['post'] = $post; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
		setup_postdata( $post );
		$html = (string) apply_filters( 'the_content', $content );
		wp_reset_postdata();
		return $html;
	}
}
