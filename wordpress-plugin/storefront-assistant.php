<?php
/**
 * Plugin Name:       Storefront Assistant
 * Plugin URI:        https://github.com/storefront-assistant/storefront-assistant
 * Description:       Connects this site to a Storefront Assistant service: syncs posts, pages and products to the assistant's knowledge, embeds the chat widget, and lets the assistant look up orders, capture leads and stage coupons.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Storefront Assistant
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       storefront-assistant
 * Domain Path:       /languages
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/src/Autoloader.php';
StorefrontAssistant\Autoloader::register();

register_activation_hook( __FILE__, array( StorefrontAssistant\Installer::class, 'activate' ) );
register_deactivation_hook( __FILE__, array( StorefrontAssistant\Installer::class, 'deactivate' ) );

// Booted once every plugin is loaded, so that WooCommerce (and its Action Scheduler) can be detected.
add_action( 'plugins_loaded', array( StorefrontAssistant\Plugin::class, 'boot' ) );
