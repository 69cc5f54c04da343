<?php
/**
 * Connects the site to the service (the handshake).
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant;

use StorefrontAssistant\Service\Credentials;
use StorefrontAssistant\Service\ErrorMessages;
use StorefrontAssistant\Service\ServiceClient;
use StorefrontAssistant\Service\ServiceError;
use StorefrontAssistant\Shop\WooCommerce;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\JobScheduler;
use StorefrontAssistant\Sync\Reconciler;
use StorefrontAssistant\Sync\SyncQueue;
use StorefrontAssistant\Sync\SyncRunner;
use StorefrontAssistant\Sync\SyncState;

final class Connector {

	public function __construct(
		private readonly Options $options,
		private readonly ServiceClient $client,
		private readonly WooCommerce $shop,
		private readonly FullSync $full_sync,
		private readonly Reconciler $reconciler,
		private readonly SyncState $sync_state,
		private readonly SyncQueue $queue,
		private readonly JobScheduler $jobs,
		private readonly ErrorLog $errors
	) {}

	/**
	 * Runs the handshake and, when it succeeds, stores what the service returned and starts a
	 * full sync. A failed attempt leaves an existing connection as it was.
	 *
	 * @param string $api_token Empty to reuse the stored token.
	 * @return string|null Null on success, else what went wrong in plain words.
	 */
	public function connect( string $service_url, string $api_token ): ?string {
		$service_url = trim( $service_url );
		$api_token   = '' !== trim( $api_token ) ? trim( $api_token ) : ( $this->options->credentials()?->api_token ?? '' );
		$problem     = $this->invalid_input( $service_url, $api_token );
		if ( null !== $problem ) {
			$this->errors->record( ErrorLog::CONNECTION, $problem );
			return $problem;
		}

		$credentials = new Credentials( $service_url, $api_token );
		try {
			$response = $this->client->handshake( $credentials, $this->site_description() );
		} catch ( ServiceError $error ) {
			$message = ErrorMessages::describe( $error );
			$this->errors->record( ErrorLog::CONNECTION, $message );
			return $message;
		}
		$secret = $response['shopper_signing_secret'] ?? null;
		if ( ! is_string( $secret ) || '' === $secret || ! is_array( $response['workspace'] ?? null ) ) {
			$message = __( 'The service URL answered, but not like a Storefront Assistant service. Check the URL.', 'storefront-assistant' );
			$this->errors->record( ErrorLog::CONNECTION, $message );
			return $message;
		}

		$previous_workspace = (string) ( $this->options->connection()['workspace']['id'] ?? '' );
		$agents             = array_values( array_filter( (array) ( $response['agents'] ?? array() ), 'is_array' ) );
		$this->options->save_credentials( $credentials );
		$this->options->save_connection(
			array(
				'workspace'    => $response['workspace'],
				'agents'       => $agents,
				'token'        => is_array( $response['token'] ?? null ) ? $response['token'] : array(),
				'connected_at' => time(),
			),
			$secret
		);
		$this->options->save_agent_id( $this->choose_agent( $agents ) );
		$this->errors->clear( ErrorLog::CONNECTION );
		$this->errors->clear( ErrorLog::SYNC );
		$this->sync_state->pause_until( 0 );
		// A different workspace has none of this site's content yet: send everything again.
		$this->full_sync->start( (string) ( $response['workspace']['id'] ?? '' ) !== $previous_workspace );
		// The full sync covers today; from tomorrow on, a daily check against the service.
		$this->reconciler->schedule_daily();
		return null;
	}

	public function disconnect(): void {
		$this->options->disconnect();
		$this->jobs->unschedule( SyncRunner::HOOK );
		$this->jobs->unschedule( FullSync::HOOK );
		$this->jobs->unschedule( Reconciler::HOOK );
		$this->queue->clear();
		$this->sync_state->reset();
	}

	/**
	 * @return array{site_url: string, plugin_version: string, shop_plugin: array{active: bool, version: ?string}, platform_version: string}
	 */
	private function site_description(): array {
		return array(
			'site_url'         => untrailingslashit( home_url() ),
			'plugin_version'   => Plugin::VERSION,
			'shop_plugin'      => array(
				'active'  => $this->shop->is_active(),
				'version' => $this->shop->version(),
			),
			'platform_version' => (string) get_bloginfo( 'version' ),
		);
	}

	private function invalid_input( string $service_url, string $api_token ): ?string {
		$scheme = wp_parse_url( $service_url, PHP_URL_SCHEME );
		if ( false === filter_var( $service_url, FILTER_VALIDATE_URL ) || ! in_array( $scheme, array( 'http', 'https' ), true ) ) {
			return __( 'The service URL must be a full address starting with https:// (or http://).', 'storefront-assistant' );
		}
		if ( ! str_starts_with( $api_token, 'svc_' ) ) {
			return __( 'The API token must start with svc_. Copy it again from the service dashboard.', 'storefront-assistant' );
		}
		return null;
	}

	/**
	 * Keeps the current choice while it still exists; picks the only agent when there is one.
	 *
	 * @param list<array<string, mixed>> $agents
	 */
	private function choose_agent( array $agents ): string {
		$ids = array_map( static fn ( array $agent ): string => (string) ( $agent['id'] ?? '' ), $agents );
		if ( in_array( $this->options->agent_id(), $ids, true ) ) {
			return $this->options->agent_id();
		}
		return 1 === count( $ids ) ? $ids[0] : '';
	}
}
