<?php
/**
 * Handles the settings page's forms.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Admin;

use StorefrontAssistant\Connector;
use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use StorefrontAssistant\Sync\FullSync;

/**
 * Each form posts to admin-post.php with its own action and nonce; every handler checks the
 * nonce and manage_options, acts, and redirects back to the page with a notice key.
 */
final class SettingsActions implements Registerable {

	public const CONNECT    = 'storefront_assistant_connect';
	public const DISCONNECT = 'storefront_assistant_disconnect';
	public const SAVE_AGENT = 'storefront_assistant_save_agent';
	public const FULL_SYNC  = 'storefront_assistant_full_sync';
	public const SAVE_LEADS = 'storefront_assistant_save_leads';

	public function __construct(
		private readonly Options $options,
		private readonly Connector $connector,
		private readonly FullSync $full_sync
	) {}

	public function register(): void {
		add_action( 'admin_post_' . self::CONNECT, array( $this, 'connect' ) );
		add_action( 'admin_post_' . self::DISCONNECT, array( $this, 'disconnect' ) );
		add_action( 'admin_post_' . self::SAVE_AGENT, array( $this, 'save_agent' ) );
		add_action( 'admin_post_' . self::FULL_SYNC, array( $this, 'full_sync' ) );
		add_action( 'admin_post_' . self::SAVE_LEADS, array( $this, 'save_leads' ) );
	}

	public function connect(): void {
		$this->authorize( self::CONNECT );
		$failure = $this->connector->connect( $this->posted( 'service_url' ), $this->posted( 'api_token' ) );
		$this->back( null === $failure ? 'connected' : 'connect_failed' );
	}

	public function disconnect(): void {
		$this->authorize( self::DISCONNECT );
		$this->connector->disconnect();
		$this->back( 'disconnected' );
	}

	public function save_agent(): void {
		$this->authorize( self::SAVE_AGENT );
		$agent_id = $this->posted( 'agent_id' );
		$known    = array_map( static fn ( array $agent ): string => (string) ( $agent['id'] ?? '' ), $this->options->connection()['agents'] );
		if ( '' !== $agent_id && ! in_array( $agent_id, $known, true ) ) {
			$this->back( 'unknown_agent' );
		}
		$this->options->save_agent_id( $agent_id );
		$this->back( 'agent_saved' );
	}

	public function full_sync(): void {
		$this->authorize( self::FULL_SYNC );
		if ( ! $this->options->is_connected() ) {
			$this->back( 'not_connected' );
		}
		$this->full_sync->start( '1' === $this->posted( 'resend_all' ) );
		$this->back( 'sync_started' );
	}

	public function save_leads(): void {
		$this->authorize( self::SAVE_LEADS );
		// An unticked checkbox sends nothing.
		$this->options->save_lead_double_opt_in( '1' === $this->posted( 'double_opt_in' ) );
		$this->back( 'leads_saved' );
	}

	private function authorize( string $action ): void {
		check_admin_referer( $action );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change these settings.', 'storefront-assistant' ), '', array( 'response' => 403 ) );
		}
	}

	private function posted( string $field ): string {
		// Nonce checked in authorize(); values are sanitized here.
		$value = isset( $_POST[ $field ] ) ? sanitize_text_field( wp_unslash( (string) $_POST[ $field ] ) ) : '';
		return trim( $value );
	}

	private function back( string $notice ): never {
		wp_safe_redirect( add_query_arg( 'sa_notice', $notice, SettingsPage::url() ) );
		exit;
	}
}
