import { phpString, type WordPressSite } from './harness.js';

/**
 * Shop content made through WooCommerce's own PHP API (its CRUD classes and functions), as a
 * shop's admin screens, importers and other plugins make it: every WooCommerce hook fires as it
 * would on a real site.
 */

export interface SimpleProduct {
  name: string;
  regularPrice: string;
  salePrice?: string;
  sku?: string;
  description?: string;
  shortDescription?: string;
  categories?: string[];
  attributes?: { name: string; options: string[] }[];
  stockStatus?: 'instock' | 'outofstock' | 'onbackorder';
  stock?: number;
  status?: 'publish' | 'draft';
}

/** A PHP expression: the value as JSON, decoded. */
const php = (value: unknown) => `json_decode(${phpString(JSON.stringify(value))}, true)`;

/** A simple product; resolves to its ID. */
export function createProduct(site: WordPressSite, product: SimpleProduct): Promise<number> {
  return site.wpEval<number>(`
    $spec = ${php(product)};
    $product = new WC_Product_Simple();
    $product->set_name($spec['name']);
    $product->set_status($spec['status'] ?? 'publish');
    $product->set_regular_price($spec['regularPrice']);
    if (isset($spec['salePrice'])) $product->set_sale_price($spec['salePrice']);
    if (isset($spec['sku'])) $product->set_sku($spec['sku']);
    $product->set_description($spec['description'] ?? '');
    $product->set_short_description($spec['shortDescription'] ?? '');
    if (isset($spec['stock'])) { $product->set_manage_stock(true); $product->set_stock_quantity($spec['stock']); }
    if (isset($spec['stockStatus'])) $product->set_stock_status($spec['stockStatus']);
    $attributes = [];
    foreach ($spec['attributes'] ?? [] as $position => $item) {
      $attribute = new WC_Product_Attribute();
      $attribute->set_name($item['name']);
      $attribute->set_options($item['options']);
      $attribute->set_position($position);
      $attribute->set_visible(true);
      $attributes[] = $attribute;
    }
    $product->set_attributes($attributes);
    $ids = [];
    foreach ($spec['categories'] ?? [] as $name) {
      $term = term_exists($name, 'product_cat') ?: wp_insert_term($name, 'product_cat');
      $ids[] = (int) $term['term_id'];
    }
    if ($ids) $product->set_category_ids($ids);
    return $product->save();`);
}

export interface VariableProduct {
  name: string;
  description?: string;
  attribute: string;
  variations: { option: string; regularPrice: string; salePrice?: string }[];
}

/** A variable product with a custom attribute used for its variations; resolves to its ID and its variations' IDs. */
export function createVariableProduct(site: WordPressSite, product: VariableProduct): Promise<{ id: number; variations: number[] }> {
  return site.wpEval(`
    $spec = ${php(product)};
    $product = new WC_Product_Variable();
    $product->set_name($spec['name']);
    $product->set_description($spec['description'] ?? '');
    $attribute = new WC_Product_Attribute();
    $attribute->set_name($spec['attribute']);
    $attribute->set_options(array_column($spec['variations'], 'option'));
    $attribute->set_visible(true);
    $attribute->set_variation(true);
    $product->set_attributes([$attribute]);
    $id = $product->save();
    $variations = [];
    foreach ($spec['variations'] as $item) {
      $variation = new WC_Product_Variation();
      $variation->set_parent_id($id);
      $variation->set_attributes([sanitize_title($spec['attribute']) => $item['option']]);
      $variation->set_regular_price($item['regularPrice']);
      if (isset($item['salePrice'])) $variation->set_sale_price($item['salePrice']);
      $variations[] = $variation->save();
    }
    WC_Product_Variable::sync($id);
    return ['id' => $id, 'variations' => $variations];`);
}

export interface Order {
  customerId?: number;
  billingEmail: string;
  status?: string;
  currency?: string;
  items: { name: string; quantity: number; total: string }[];
  /** Stored as WooCommerce Shipment Tracking stores a custom provider's link. */
  trackingLink?: string;
  dateGmt?: string;
}

/** An order made with wc_create_order(); resolves to its ID (which is its number). */
export function createOrder(site: WordPressSite, order: Order): Promise<number> {
  return site.wpEval<number>(`
    $spec = ${php(order)};
    $order = wc_create_order(['customer_id' => $spec['customerId'] ?? 0]);
    foreach ($spec['items'] as $line) {
      $item = new WC_Order_Item_Product();
      $item->set_name($line['name']);
      $item->set_quantity($line['quantity']);
      $item->set_subtotal($line['total']);
      $item->set_total($line['total']);
      $order->add_item($item);
    }
    $order->set_billing_email($spec['billingEmail']);
    $order->set_currency($spec['currency'] ?? 'EUR');
    $order->calculate_totals(false);
    if (isset($spec['trackingLink'])) {
      $order->update_meta_data('_wc_shipment_tracking_items', [[
        'tracking_provider' => '', 'custom_tracking_provider' => 'Parcel Co', 'custom_tracking_link' => $spec['trackingLink'],
        'tracking_number' => 'T123', 'date_shipped' => time(), 'tracking_id' => md5($spec['trackingLink']),
      ]]);
    }
    if (isset($spec['dateGmt'])) $order->set_date_created(strtotime($spec['dateGmt'] . ' UTC'));
    $order->set_status($spec['status'] ?? 'processing');
    return $order->save();`);
}

/** A percent coupon; resolves to its ID. */
export function createCoupon(site: WordPressSite, code: string, percent = 10): Promise<number> {
  return site.wpEval<number>(`
    $coupon = new WC_Coupon();
    $coupon->set_code(${phpString(code)});
    $coupon->set_discount_type('percent');
    $coupon->set_amount(${percent});
    return $coupon->save();`);
}
