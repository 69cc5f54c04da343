<?php
/**
 * WooCommerce products as the service receives them.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Sync;

use StorefrontAssistant\Shop\Money;
use StorefrontAssistant\Shop\WooCommerce;
use WC_Product;
use WC_Product_Attribute;
use WC_Product_Variable;
use WC_Product_Variation;
use WP_Post;
use WP_Term;

/**
 * A variable product is one document: its price is the lowest of its variations' with the range
 * beside it (pricing.min_price, pricing.max_price, as the shop shows "€99.00 – €130.00"), and
 * each purchasable variation is listed with its own attributes, prices, sale state and stock.
 */
final class ProductDocuments {

	private const STOCK_STATUSES = array( 'instock', 'outofstock', 'onbackorder' );

	/** The service accepts at most this many variations per product. */
	private const MAX_VARIATIONS = 100;

	public function __construct( private readonly WooCommerce $shop ) {}

	/**
	 * A product the assistant may recommend: published, not hidden from the catalogue, and
	 * with a price (the service needs one to present it).
	 */
	public function is_public( WP_Post $post ): bool {
		$product = $this->shop->product( $post->ID );
		return null !== $product
			&& 'publish' === $post->post_status
			&& '' === $post->post_password
			&& 'hidden' !== $product->get_catalog_visibility()
			&& is_numeric( $product->get_price() );
	}

	/**
	 * @return array<string, mixed>|null ProductDocument (contract section 3); null when WooCommerce cannot load it.
	 */
	public function build( WP_Post $post ): ?array {
		$product = $this->shop->product( $post->ID );
		if ( null === $product ) {
			return null;
		}
		$decimals     = $this->shop->price_decimals();
		$image_id     = (int) $product->get_image_id();
		$image_url    = $image_id > 0 ? wp_get_attachment_image_url( $image_id, 'full' ) : false;
		$stock_status = (string) $product->get_stock_status();
		$document     = array(
			'wp_id'                  => $product->get_id(),
			'sku'                    => '' !== (string) $product->get_sku() ? (string) $product->get_sku() : null,
			'name'                   => wp_strip_all_tags( (string) $product->get_name() ),
			'permalink'              => (string) $product->get_permalink(),
			'image_url'              => is_string( $image_url ) ? $image_url : null,
			'description_html'       => DocumentFields::rendered_html( $post, (string) $product->get_description() ),
			'short_description_html' => (string) apply_filters( 'woocommerce_short_description', (string) $product->get_short_description() ),
			'pricing'                => $this->pricing( $product, $decimals ),
			'stock_status'           => in_array( $stock_status, self::STOCK_STATUSES, true ) ? $stock_status : 'instock',
			'stock_quantity'         => $product->managing_stock() ? (int) $product->get_stock_quantity() : null,
			'on_sale'                => (bool) $product->is_on_sale(),
			'sale_ends_at'           => DocumentFields::iso( $product->get_date_on_sale_to() ),
			'categories'             => $this->categories( $product->get_id() ),
			'attributes'             => $this->attributes( $product ),
			'modified_at'            => DocumentFields::iso( $product->get_date_modified() ),
			'language'               => DocumentFields::language( $post ),
		);
		if ( $product instanceof WC_Product_Variable ) {
			$document['variations'] = $this->variations( $product, $decimals );
		}
		$document['content_hash'] = ContentHash::of( $document );
		$document['deleted']      = false;
		return $document;
	}

	/**
	 * Enough to pass the service's validation and remove the product; nothing more.
	 *
	 * @return array<string, mixed>
	 */
	public function removal( int $product_id, string $name, string $permalink ): array {
		$document                 = array(
			'wp_id'        => $product_id,
			'name'         => '' !== $name ? $name : (string) $product_id,
			'permalink'    => $permalink,
			'pricing'      => array(
				'currency' => $this->shop->currency(),
				'price'    => '0',
			),
			'stock_status' => 'outofstock',
		);
		$document['content_hash'] = ContentHash::of( $document );
		$document['deleted']      = true;
		return $document;
	}

	/**
	 * @return array{currency: string, price: ?string, regular_price: ?string, sale_price: ?string, min_price?: ?string, max_price?: ?string}
	 */
	private function pricing( WC_Product $product, int $decimals ): array {
		$currency = $this->shop->currency();
		if ( ! $product instanceof WC_Product_Variable ) {
			return array(
				'currency'      => $currency,
				'price'         => Money::format( $product->get_price(), $decimals ),
				'regular_price' => Money::format( $product->get_regular_price(), $decimals ),
				'sale_price'    => Money::format( $product->get_sale_price(), $decimals ),
			);
		}
		// Sorted lowest first by WooCommerce; visible, purchasable variations only.
		$prices = $product->get_variation_prices();
		$min    = array() !== $prices['price'] ? reset( $prices['price'] ) : null;
		$max    = array() !== $prices['price'] ? end( $prices['price'] ) : null;
		return array(
			'currency'      => $currency,
			'price'         => Money::format( $min, $decimals ),
			// Regular and sale prices differ by variation: see variations.
			'regular_price' => null,
			'sale_price'    => null,
			'min_price'     => Money::format( $min, $decimals ),
			'max_price'     => Money::format( $max, $decimals ),
		);
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	private function variations( WC_Product_Variable $product, int $decimals ): array {
		$list = array();
		foreach ( array_slice( $product->get_visible_children(), 0, self::MAX_VARIATIONS ) as $variation_id ) {
			$variation = $this->shop->product( (int) $variation_id );
			if ( ! $variation instanceof WC_Product_Variation || ! is_numeric( $variation->get_price() ) ) {
				continue;
			}
			$stock_status = (string) $variation->get_stock_status();
			$list[]       = array(
				'wp_id'          => $variation->get_id(),
				'sku'            => '' !== (string) $variation->get_sku() ? (string) $variation->get_sku() : null,
				'attributes'     => $this->variation_attributes( $variation, $product ),
				'pricing'        => array(
					'price'         => Money::format( $variation->get_price(), $decimals ),
					'regular_price' => Money::format( $variation->get_regular_price(), $decimals ),
					'sale_price'    => Money::format( $variation->get_sale_price(), $decimals ),
				),
				'on_sale'        => (bool) $variation->is_on_sale(),
				'sale_ends_at'   => DocumentFields::iso( $variation->get_date_on_sale_to() ),
				'stock_status'   => in_array( $stock_status, self::STOCK_STATUSES, true ) ? $stock_status : 'instock',
				'stock_quantity' => $variation->managing_stock() ? (int) $variation->get_stock_quantity() : null,
			);
		}
		return $list;
	}

	/**
	 * "Size: L" for each attribute the variation fixes; "any" attributes are left out.
	 *
	 * @return list<array{name: string, option: string}>
	 */
	private function variation_attributes( WC_Product_Variation $variation, WC_Product_Variable $parent_product ): array {
		$list = array();
		foreach ( $variation->get_attributes() as $taxonomy => $value ) {
			$value = (string) $value;
			if ( '' === $value ) {
				continue;
			}
			if ( taxonomy_exists( (string) $taxonomy ) ) {
				$term  = get_term_by( 'slug', $value, (string) $taxonomy );
				$value = $term instanceof WP_Term ? $term->name : $value;
			}
			$list[] = array(
				'name'   => wc_attribute_label( (string) $taxonomy, $parent_product ),
				'option' => html_entity_decode( rawurldecode( $value ), ENT_QUOTES, 'UTF-8' ),
			);
		}
		return $list;
	}

	/**
	 * @return list<array{id: int, slug: string, name: string}>
	 */
	private function categories( int $product_id ): array {
		$terms = get_the_terms( $product_id, 'product_cat' );
		$list  = array();
		foreach ( is_array( $terms ) ? $terms : array() as $term ) {
			if ( $term instanceof WP_Term ) {
				$list[] = array(
					'id'   => $term->term_id,
					'slug' => $term->slug,
					'name' => html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' ),
				);
			}
		}
		return $list;
	}

	/**
	 * Only the attributes shown on the product page.
	 *
	 * @return list<array{name: string, options: list<string>}>
	 */
	private function attributes( WC_Product $product ): array {
		$list = array();
		foreach ( $product->get_attributes() as $attribute ) {
			if ( ! $attribute instanceof WC_Product_Attribute || ! $attribute->get_visible() ) {
				continue;
			}
			$options = $attribute->is_taxonomy()
				? array_map( static fn ( WP_Term $term ): string => html_entity_decode( $term->name, ENT_QUOTES, 'UTF-8' ), (array) $attribute->get_terms() )
				: array_map( 'strval', $attribute->get_options() );
			$list[]  = array(
				'name'    => wc_attribute_label( $attribute->get_name(), $product ),
				'options' => array_values( $options ),
			);
		}
		return $list;
	}
}
