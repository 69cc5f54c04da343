<?php
/**
 * Settings → Storefront Assistant.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Admin;

use StorefrontAssistant\ErrorLog;
use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\SyncQueue;
use StorefrontAssistant\Sync\SyncState;

/**
 * Shows the connection, the agent choice, sync progress and recent problems, in the words a
 * store owner would use.
 */
final class SettingsPage implements Registerable {

	public const SLUG = 'storefront-assistant';

	public function __construct(
		private readonly Options $options,
		private readonly SyncState $state,
		private readonly SyncQueue $queue,
		private readonly FullSync $full_sync,
		private readonly ErrorLog $errors
	) {}

	public static function url(): string {
		return admin_url( 'options-general.php?page=' . self::SLUG );
	}

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
	}

	public function add_menu(): void {
		add_options_page(
			__( 'Storefront Assistant', 'storefront-assistant' ),
			__( 'Storefront Assistant', 'storefront-assistant' ),
			'manage_options',
			self::SLUG,
			array( $this, 'render' )
		);
	}

	public function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html__( 'Storefront Assistant', 'storefront-assistant' ) . '</h1>';
		$this->render_notice();
		$this->render_connection();
		if ( $this->options->is_connected() ) {
			$this->render_agent();
			$this->render_sync();
		}
		$this->render_leads();
		$this->render_errors();
		echo '</div>';
	}

	private function render_notice(): void {
		$notice = isset( $_GET['sa_notice'] ) ? sanitize_key( wp_unslash( (string) $_GET['sa_notice'] ) ) : '';
		$notices = array(
			'connected'     => array( 'success', __( 'Connected. Your content is being sent to the assistant in the background.', 'storefront-assistant' ) ),
			'disconnected'  => array( 'success', __( 'Disconnected. The chat widget is no longer shown and nothing is synced.', 'storefront-assistant' ) ),
			'agent_saved'   => array( 'success', __( 'Saved.', 'storefront-assistant' ) ),
			'leads_saved'   => array( 'success', __( 'Saved.', 'storefront-assistant' ) ),
			'unknown_agent' => array( 'error', __( 'That assistant is not in your workspace. Connect again to refresh the list.', 'storefront-assistant' ) ),
			'sync_started'  => array( 'success', __( 'Sync started. It continues in the background; you can leave this page.', 'storefront-assistant' ) ),
			'not_connected' => array( 'error', __( 'Connect to the service first.', 'storefront-assistant' ) ),
			'connect_failed' => array( 'error', $this->latest_error( ErrorLog::CONNECTION ) ),
		);
		if ( isset( $notices[ $notice ] ) ) {
			printf( '<div class="notice notice-%s"><p>%s</p></div>', esc_attr( $notices[ $notice ][0] ), esc_html( $notices[ $notice ][1] ) );
		}
	}

	private function render_connection(): void {
		$connection = $this->options->connection();
		$connected  = $this->options->is_connected();
		echo '<h2>' . esc_html__( 'Connection', 'storefront-assistant' ) . '</h2>';
		if ( $connected ) {
			printf(
				'<p>%s</p>',
				esc_html(
					sprintf(
						/* translators: 1: workspace name, 2: service URL, 3: date and time. */
						__( 'Connected to the workspace "%1$s" at %2$s since %3$s.', 'storefront-assistant' ),
						(string) ( $connection['workspace']['name'] ?? '' ),
						$this->options->service_url(),
						wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $connection['connected_at'] )
					)
				)
			);
		} else {
			echo '<p>' . esc_html__( 'Not connected. Enter the address of your Storefront Assistant service and an API token created in its dashboard.', 'storefront-assistant' ) . '</p>';
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::CONNECT );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::CONNECT ) . '">';
		echo '<table class="form-table" role="presentation"><tbody>';
		printf(
			'<tr><th scope="row"><label for="sa-service-url">%s</label></th><td><input id="sa-service-url" class="regular-text" type="url" name="service_url" value="%s" required placeholder="https://assistant.example.com"></td></tr>',
			esc_html__( 'Service URL', 'storefront-assistant' ),
			esc_attr( $this->options->service_url() )
		);
		printf(
			'<tr><th scope="row"><label for="sa-api-token">%s</label></th><td><input id="sa-api-token" class="regular-text" type="password" name="api_token" autocomplete="off" placeholder="%s"%s><p class="description">%s</p></td></tr>',
			esc_html__( 'API token', 'storefront-assistant' ),
			esc_attr( $connected ? __( 'Leave empty to keep the current token', 'storefront-assistant' ) : 'svc_…' ),
			$connected ? '' : ' required',
			esc_html__( 'Create it in the service dashboard with the "wp:integration" ability. It is shown only once there.', 'storefront-assistant' )
		);
		echo '</tbody></table>';
		submit_button( $connected ? __( 'Reconnect', 'storefront-assistant' ) : __( 'Connect', 'storefront-assistant' ) );
		echo '</form>';
		if ( $connected ) {
			$this->action_button( SettingsActions::DISCONNECT, __( 'Disconnect', 'storefront-assistant' ), 'secondary' );
		}
	}

	private function render_agent(): void {
		$agents = $this->options->connection()['agents'];
		echo '<h2>' . esc_html__( 'Chat widget', 'storefront-assistant' ) . '</h2>';
		if ( array() === $agents ) {
			echo '<p>' . esc_html__( 'Your workspace has no assistant yet. Create one in the service dashboard, then reconnect.', 'storefront-assistant' ) . '</p>';
			return;
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::SAVE_AGENT );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::SAVE_AGENT ) . '">';
		echo '<p><label for="sa-agent">' . esc_html__( 'Assistant shown on this site:', 'storefront-assistant' ) . '</label> <select id="sa-agent" name="agent_id">';
		printf( '<option value="">%s</option>', esc_html__( 'None (hide the widget)', 'storefront-assistant' ) );
		foreach ( $agents as $agent ) {
			$label = (string) ( $agent['name'] ?? '' );
			if ( empty( $agent['published'] ) ) {
				$label .= ' ' . __( '(not published yet)', 'storefront-assistant' );
			}
			printf(
				'<option value="%s"%s>%s</option>',
				esc_attr( (string) ( $agent['id'] ?? '' ) ),
				selected( $this->options->agent_id(), (string) ( $agent['id'] ?? '' ), false ),
				esc_html( $label )
			);
		}
		echo '</select></p>';
		submit_button( __( 'Save', 'storefront-assistant' ) );
		echo '</form>';
	}

	private function render_sync(): void {
		$full   = $this->state->full_sync();
		$counts = $this->queue->counts();
		echo '<h2>' . esc_html__( 'Content sync', 'storefront-assistant' ) . '</h2><ul>';
		if ( 'running' === $full['status'] ) {
			$this->line(
				/* translators: 1: items prepared so far, 2: items in total. */
				sprintf( __( 'Preparing all content: %1$d of about %2$d items so far.', 'storefront-assistant' ), $full['queued'], $this->full_sync->total() )
			);
		} elseif ( 'done' === $full['status'] ) {
			$this->line(
				/* translators: %s: date and time. */
				sprintf( __( 'All content was prepared on %s.', 'storefront-assistant' ), $this->date( $full['finished_at'] ) )
			);
		}
		$this->line(
			0 === $counts['waiting']
				? __( 'Everything is up to date.', 'storefront-assistant' )
				/* translators: %d: number of items. */
				: sprintf( _n( '%d item is waiting to be sent.', '%d items are waiting to be sent.', $counts['waiting'], 'storefront-assistant' ), $counts['waiting'] )
		);
		if ( $counts['failing'] > 0 ) {
			$this->line(
				/* translators: %d: number of items. */
				sprintf( _n( '%d item could not be sent yet and will be retried automatically.', '%d items could not be sent yet and will be retried automatically.', $counts['failing'], 'storefront-assistant' ), $counts['failing'] )
			);
		}
		if ( $this->state->last_sent_at() > 0 ) {
			$this->line(
				/* translators: %s: date and time. */
				sprintf( __( 'Last content sent on %s.', 'storefront-assistant' ), $this->date( $this->state->last_sent_at() ) )
			);
		}
		if ( $this->state->paused_until() > time() ) {
			$this->line(
				/* translators: %s: date and time. */
				sprintf( __( 'Sending is paused until %s.', 'storefront-assistant' ), $this->date( $this->state->paused_until() ) )
			);
		}
		echo '</ul>';
		foreach ( $this->queue->recent_failures( 5 ) as $failure ) {
			printf(
				'<p class="description"><a href="%s">#%d</a>: %s</p>',
				esc_url( (string) get_edit_post_link( $failure['object_id'] ) ),
				(int) $failure['object_id'],
				esc_html( $failure['error'] )
			);
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::FULL_SYNC );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::FULL_SYNC ) . '">';
		echo '<p><label><input type="checkbox" name="resend_all" value="1"> ' . esc_html__( 'Send everything again, even unchanged content', 'storefront-assistant' ) . '</label></p>';
		submit_button( __( 'Sync all content now', 'storefront-assistant' ), 'secondary' );
		echo '</form>';
	}

	private function render_leads(): void {
		echo '<h2>' . esc_html__( 'Leads', 'storefront-assistant' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::SAVE_LEADS );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::SAVE_LEADS ) . '">';
		printf(
			'<p><label><input type="checkbox" name="double_opt_in" value="1"%s> %s</label></p><p class="description">%s</p>',
			checked( $this->options->lead_double_opt_in(), true, false ),
			esc_html__( 'Confirm e-mail addresses before creating accounts (double opt-in)', 'storefront-assistant' ),
			esc_html__( 'Anyone can type any address into the chat. When this is on, a visitor who leaves their address is sent a confirmation link, and their account is created only when they follow it. When it is off, the account is created at once.', 'storefront-assistant' )
		);
		submit_button( __( 'Save', 'storefront-assistant' ), 'secondary' );
		echo '</form>';
	}

	private function render_errors(): void {
		$entries = $this->errors->all();
		if ( array() === $entries ) {
			return;
		}
		echo '<h2>' . esc_html__( 'Recent problems', 'storefront-assistant' ) . '</h2><ul>';
		foreach ( $entries as $entry ) {
			$this->line( $this->date( $entry['at'] ) . ' — ' . $entry['message'] );
		}
		echo '</ul>';
	}

	private function action_button( string $action, string $label, string $type ): void {
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( $action );
		echo '<input type="hidden" name="action" value="' . esc_attr( $action ) . '">';
		submit_button( $label, $type, 'submit', false );
		echo '</form>';
	}

	private function latest_error( string $context ): string {
		foreach ( $this->errors->all() as $entry ) {
			if ( $entry['context'] === $context ) {
				return $entry['message'];
			}
		}
		return __( 'Something went wrong. Please try again.', 'storefront-assistant' );
	}

	private function line( string $text ): void {
		echo '<li>' . esc_html( $text ) . '</li>';
	}

	private function date( int $timestamp ): string {
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $timestamp );
	}
}
