<?php
/**
 * Posts and pages as the service receives them.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use WP_Post;
use WP_Term;

final class PostDocuments {

	/**
	 * @return array<string, mixed> PostDocument (contract section 3).
	 */
	public function build( WP_Post $post ): array {
		$document                 = array(
			'wp_id'          => $post->ID,
			'post_type'      => $post->post_type,
			'permalink'      => (string) get_permalink( $post ),
			'title'          => wp_strip_all_tags( $post->post_title ),
			'content_html'   => DocumentFields::rendered_html( $post, $post->post_content ),
			'excerpt'        => $this->excerpt( $post ),
			'modified_at'    => DocumentFields::iso_from_gmt( $post->post_modified_gmt ),
			'language'       => DocumentFields::language( $post ),
			'taxonomy_terms' => $this->terms( $post ),
		);
		$document['content_hash'] = ContentHash::of( $document );
		$document['deleted']      = false;
		return $document;
	}

	/**
	 * What the service needs to remove a post it indexed, and nothing of its content: the post
	 * may now be private or a draft.
	 *
	 * @return array<string, mixed>
	 */
	public function removal( int $post_id, string $post_type, string $permalink ): array {
		$document                 = array(
			'wp_id'          => $post_id,
			'post_type'      => $post_type,
			'permalink'      => $permalink,
			'title'          => '',
			'content_html'   => '',
			'excerpt'        => '',
			'taxonomy_terms' => array(),
		);
		$document['content_hash'] = ContentHash::of( $document );
		$document['deleted']      = true;
		return $document;
	}

	private function excerpt( WP_Post $post ): string {
		if ( '' !== trim( $post->post_excerpt ) ) {
			return wp_strip_all_tags( $post->post_excerpt );
		}
		return wp_trim_words( wp_strip_all_tags( strip_shortcodes( excerpt_remove_blocks( $post->post_content ) ) ), 55, '…' );
	}

	/**
	 * @return list<array{taxonomy: string, slug: string, name: string}>
	 */
	private function terms( WP_Post $post ): array {
		$terms = array();
		foreach ( get_object_taxonomies( $post->post_type, 'objects' ) as $taxonomy ) {
			if ( ! $taxonomy->public || 'post_format' === $taxonomy->name ) {
				continue;
			}
			$assigned = get_the_terms( $post, $taxonomy->name );
			foreach ( is_array( $assigned ) ? $assigned : array() as $term ) {
				if ( $term instanceof WP_Term ) {
					$terms[] = array(
						'taxonomy' => $taxonomy->name,
						'slug'     => $term->slug,
						'name'     => html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' ),
					);
				}
			}
		}
		return $terms;
	}
}
