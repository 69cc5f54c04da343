<?php
/**
 * The plugin's stored settings.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

use StorefrontAssistant\Service\Credentials;

/**
 * One place that knows the option names and their shapes.
 */
final class Options {

	public const SETTINGS       = 'storefront_assistant_settings';
	public const CONNECTION     = 'storefront_assistant_connection';
	public const SIGNING_SECRET = 'storefront_assistant_shopper_signing_secret';
	public const SYNC_STATE     = 'storefront_assistant_sync_state';
	public const RECONCILE      = 'storefront_assistant_reconcile';
	public const ERRORS         = 'storefront_assistant_errors';
	public const DB_VERSION     = 'storefront_assistant_db_version';

	/** Every option the plugin writes; uninstall.php removes them. */
	public const ALL = array( self::SETTINGS, self::CONNECTION, self::SIGNING_SECRET, self::SYNC_STATE, self::RECONCILE, self::ERRORS, self::DB_VERSION );

	public function credentials(): ?Credentials {
		$settings = $this->settings();
		if ( '' === $settings['service_url'] || '' === $settings['api_token'] ) {
			return null;
		}
		return new Credentials( $settings['service_url'], $settings['api_token'] );
	}

	public function service_url(): string {
		return $this->settings()['service_url'];
	}

	public function agent_id(): string {
		return $this->settings()['agent_id'];
	}

	/** Connected means the handshake succeeded and its signing secret is stored. */
	public function is_connected(): bool {
		return null !== $this->credentials() && '' !== $this->signing_secret();
	}

	public function save_credentials( Credentials $credentials ): void {
		$this->update_settings(
			array(
				'service_url' => $credentials->service_url,
				'api_token'   => $credentials->api_token,
			)
		);
	}

	public function save_agent_id( string $agent_id ): void {
		$this->update_settings( array( 'agent_id' => $agent_id ) );
	}

	/**
	 * Double opt-in for leads (default on): a lead becomes a site user only once the visitor
	 * follows the confirmation link e-mailed to them.
	 */
	public function lead_double_opt_in(): bool {
		return '0' !== $this->settings()['lead_double_opt_in'];
	}

	public function save_lead_double_opt_in( bool $enabled ): void {
		$this->update_settings( array( 'lead_double_opt_in' => $enabled ? '1' : '0' ) );
	}

	/**
	 * @return array{workspace: array<string, mixed>, agents: list<array<string, mixed>>, token: array<string, mixed>, connected_at: int}
	 */
	public function connection(): array {
		$stored = get_option( self::CONNECTION, array() );
		return array(
			'workspace'    => (array) ( $stored['workspace'] ?? array() ),
			'agents'       => array_values( (array) ( $stored['agents'] ?? array() ) ),
			'token'        => (array) ( $stored['token'] ?? array() ),
			'connected_at' => (int) ( $stored['connected_at'] ?? 0 ),
		);
	}

	/**
	 * @param array{workspace: array<string, mixed>, agents: list<array<string, mixed>>, token: array<string, mixed>, connected_at: int} $connection
	 */
	public function save_connection( array $connection, string $signing_secret ): void {
		update_option( self::CONNECTION, $connection, false );
		// Stored in plain text: the plugin needs the secret itself to verify and sign.
		update_option( self::SIGNING_SECRET, $signing_secret, true );
	}

	public function signing_secret(): string {
		return (string) get_option( self::SIGNING_SECRET, '' );
	}

	/** Forgets the connection and the token; keeps the service URL and the agent choice for a reconnect. */
	public function disconnect(): void {
		$this->update_settings( array( 'api_token' => '' ) );
		delete_option( self::CONNECTION );
		delete_option( self::SIGNING_SECRET );
	}

	/**
	 * @return array{service_url: string, api_token: string, agent_id: string, lead_double_opt_in: string}
	 */
	private function settings(): array {
		$stored = get_option( self::SETTINGS, array() );
		return array(
			'service_url'        => (string) ( $stored['service_url'] ?? '' ),
			'api_token'          => (string) ( $stored['api_token'] ?? '' ),
			'agent_id'           => (string) ( $stored['agent_id'] ?? '' ),
			'lead_double_opt_in' => (string) ( $stored['lead_double_opt_in'] ?? '1' ),
		);
	}

	/**
	 * @param array<string, string> $changes
	 */
	private function update_settings( array $changes ): void {
		update_option( self::SETTINGS, array_merge( $this->settings(), $changes ), true );
	}
}
