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
use StorefrontAssistant\Service\ErrorMessages;
use StorefrontAssistant\Service\ServiceClient;
use StorefrontAssistant\Service\ServiceError;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\Reconciler;

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
	public const RECONCILE  = 'storefront_assistant_reconcile';
	public const ASK        = 'storefront_assistant_test_question';

	/** The last test question's answer, per user, shown once on the page it redirects to. */
	public const ANSWER_TRANSIENT = 'storefront_assistant_test_answer_';

	public function __construct(
		private readonly Options $options,
		private readonly Connector $connector,
		private readonly FullSync $full_sync,
		private readonly Reconciler $reconciler,
		private readonly ServiceClient $client
	) {}

	public function register(): void {
		add_action( 'admin_post_' . self::CONNECT, array( $this, 'connect' ) );
		add_action( 'admin_post_' . self::DISCONNECT, array( $this, 'disconnect' ) );
		add_action( 'admin_post_' . self::SAVE_AGENT, array( $this, 'save_agent' ) );
		add_action( 'admin_post_' . self::FULL_SYNC, array( $this, 'full_sync' ) );
		add_action( 'admin_post_' . self::SAVE_LEADS, array( $this, 'save_leads' ) );
		add_action( 'admin_post_' . self::RECONCILE, array( $this, 'reconcile' ) );
		add_action( 'admin_post_' . self::ASK, array( $this, 'ask' ) );
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

	public function reconcile(): void {
		$this->authorize( self::RECONCILE );
		if ( ! $this->options->is_connected() ) {
			$this->back( 'not_connected' );
		}
		$this->reconciler->start();
		$this->back( 'check_started' );
	}

	/**
	 * Sends the owner's question to the chosen assistant as the widget on this site would, and
	 * shows the answer (or what stood in the way) on the page.
	 */
	public function ask(): void {
		$this->authorize( self::ASK );
		$question = $this->posted( 'question' );
		if ( ! $this->options->is_connected() || '' === $this->options->agent_id() ) {
			$this->back( '' === $this->options->agent_id() ? 'no_agent' : 'not_connected' );
		}
		if ( '' === $question ) {
			$this->back( 'no_question' );
		}
		$home   = (array) wp_parse_url( home_url() );
		$origin = ( $home['scheme'] ?? 'https' ) . '://' . ( $home['host'] ?? '' ) . ( isset( $home['port'] ) ? ':' . (int) $home['port'] : '' );
		try {
			$answer = array(
				'question' => $question,
				'answer'   => $this->client->ask( $this->options->service_url(), $this->options->agent_id(), $origin, $question ),
			);
		} catch ( ServiceError $error ) {
			$answer = array(
				'question' => $question,
				'error'    => $this->ask_failure( $error, $origin ),
			);
		}
		set_transient( self::ANSWER_TRANSIENT . get_current_user_id(), $answer, 10 * MINUTE_IN_SECONDS );
		$this->back( isset( $answer['error'] ) ? 'test_failed' : 'test_answered' );
	}

	/** What kept the assistant from answering, in the owner's words. */
	private function ask_failure( ServiceError $error, string $origin ): string {
		return match ( $error->error_code ) {
			'origin_not_allowed' => sprintf(
				/* translators: %s: the site's origin, e.g. https://shop.example */
				__( 'The assistant does not accept this site\'s address yet, so its widget cannot answer here either. Add %s to the assistant\'s allowed origins in the service dashboard.', 'storefront-assistant' ),
				$origin
			),
			'not_found' => __( 'The assistant is not published yet, so its widget is not shown to visitors. Publish it in the service dashboard (or try it in its Playground there).', 'storefront-assistant' ),
			default => ErrorMessages::describe( $error ),
		};
	}

	private function authorize( string $action ): void {
		check_admin_referer( $action );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change these settings.', 'storefront-assistant' ), '', array( 'response' => 403 ) );
		}
	}

	private function posted( string $field ): string {
		// Nonce checked in authorize(); values are sanitized here.
		$value = isset( $_POST[ $field ] ) ? sanitize_text_field( wp_unslash( (string) $_POST[ $field ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked in authorize() before any field is read.
		return trim( $value );
	}

	private function back( string $notice ): never {
		wp_safe_redirect( add_query_arg( 'sa_notice', $notice, SettingsPage::url() ) );
		exit;
	}
}
