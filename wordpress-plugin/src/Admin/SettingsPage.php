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
use StorefrontAssistant\Sync\ContentHash;
use StorefrontAssistant\Sync\FullSync;
use StorefrontAssistant\Sync\SyncQueue;
use StorefrontAssistant\Sync\SyncState;

/**
 * Shows the connection, the agent choice, sync progress and recent problems, in the words a
 * store owner would use, and lets the owner ask the assistant a test question.
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
		add_action( 'admin_notices', array( $this, 'agent_notice' ) );
	}

	/**
	 * Elsewhere in wp-admin: with several assistants and none chosen, the widget stays hidden
	 * until the owner chooses one, which they would otherwise not know.
	 */
	public function agent_notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! current_user_can( 'manage_options' ) || ! $this->needs_agent_choice() || ( null !== $screen && str_ends_with( (string) $screen->id, self::SLUG ) ) ) {
			return;
		}
		printf(
			'<div class="notice notice-warning"><p>%s <a href="%s">%s</a></p></div>',
			esc_html__( 'Storefront Assistant is connected, but no assistant is chosen for this site yet, so the chat widget is hidden.', 'storefront-assistant' ),
			esc_url( self::url() ),
			esc_html__( 'Choose an assistant', 'storefront-assistant' )
		);
	}

	private function needs_agent_choice(): bool {
		return $this->options->is_connected() && '' === $this->options->agent_id() && count( $this->options->connection()['agents'] ) > 1;
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
			$this->render_test_question();
		}
		$this->render_leads();
		$this->render_errors();
		echo '</div>';
	}

	private function render_notice(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the name of a notice after this page's own redirect, only looked up and shown.
		$notice  = isset( $_GET['sa_notice'] ) ? sanitize_key( wp_unslash( (string) $_GET['sa_notice'] ) ) : '';
		$notices = array(
			'connected'      => array( 'success', __( 'Connected. Your content is being sent to the assistant in the background.', 'storefront-assistant' ) ),
			'disconnected'   => array( 'success', __( 'Disconnected. The chat widget is no longer shown and nothing is synced.', 'storefront-assistant' ) ),
			'agent_saved'    => array( 'success', __( 'Saved.', 'storefront-assistant' ) ),
			'leads_saved'    => array( 'success', __( 'Saved.', 'storefront-assistant' ) ),
			'unknown_agent'  => array( 'error', __( 'That assistant is not in your workspace. Connect again to refresh the list.', 'storefront-assistant' ) ),
			'sync_started'   => array( 'success', __( 'Sync started. It continues in the background; you can leave this page.', 'storefront-assistant' ) ),
			'not_connected'  => array( 'error', __( 'Connect to the service first.', 'storefront-assistant' ) ),
			'connect_failed' => array( 'error', $this->latest_error( ErrorLog::CONNECTION ) ),
			'check_started'  => array( 'success', __( 'The check against the service started. It continues in the background; this page shows what it finds.', 'storefront-assistant' ) ),
			'no_agent'       => array( 'error', __( 'Choose the assistant shown on this site first.', 'storefront-assistant' ) ),
			'no_question'    => array( 'error', __( 'Type a question first.', 'storefront-assistant' ) ),
			'test_answered'  => array( 'success', __( 'The assistant answered; see below.', 'storefront-assistant' ) ),
			'test_failed'    => array( 'error', __( 'The assistant could not answer; see below why.', 'storefront-assistant' ) ),
		);
		if ( 'connected' === $notice && $this->needs_agent_choice() ) {
			$notices['connected'] = array( 'warning', __( 'Connected. Your workspace has several assistants: choose the one to show on this site below. Until you do, the chat widget stays hidden.', 'storefront-assistant' ) );
		}
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
		if ( $this->needs_agent_choice() ) {
			printf(
				'<div class="notice notice-warning inline sa-choose-agent"><p>%s</p></div>',
				esc_html(
					sprintf(
						/* translators: %d: number of assistants. */
						__( 'Your workspace has %d assistants. Choose the one to show on this site: until you do, the chat widget stays hidden.', 'storefront-assistant' ),
						count( $agents )
					)
				)
			);
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

	/**
	 * One status line (what the sync is doing now), then the counts, the last check against the
	 * service and the last problem, each in plain words.
	 */
	private function render_sync(): void {
		$full   = $this->state->full_sync();
		$counts = $this->queue->counts();
		$paused = $this->state->paused_until();
		$check  = $this->state->reconcile();
		echo '<h2>' . esc_html__( 'Content sync', 'storefront-assistant' ) . '</h2>';
		printf( '<p class="sa-sync-status"><strong>%s</strong></p><ul>', esc_html( $this->sync_status( $full, $counts, $paused ) ) );

		$synced   = ContentHash::synced_by_post_type();
		$products = $synced['product'] ?? 0;
		$this->line(
			sprintf(
				/* translators: 1: number of posts and pages, 2: "1 product" or "5 products". */
				__( 'On the assistant: %1$d posts and pages, %2$s.', 'storefront-assistant' ),
				array_sum( $synced ) - $products,
				/* translators: %d: number of products. */
				sprintf( _n( '%d product', '%d products', $products, 'storefront-assistant' ), $products )
			)
		);
		if ( $this->state->last_sent_at() > 0 ) {
			$this->line(
				/* translators: %s: date and time. */
				sprintf( __( 'Last content sent on %s.', 'storefront-assistant' ), $this->date( $this->state->last_sent_at() ) )
			);
		}
		$this->line( $this->check_status( $check ) );
		$problem = $this->latest_entry( ErrorLog::SYNC );
		if ( null !== $problem ) {
			$this->line(
				/* translators: 1: date and time, 2: what went wrong. */
				sprintf( __( 'Last problem (%1$s): %2$s', 'storefront-assistant' ), $this->date( $problem['at'] ), $problem['message'] )
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
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::RECONCILE );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::RECONCILE ) . '">';
		echo '<p class="description">' . esc_html__( 'Once a day the plugin compares what the assistant has with your content and sends again whatever differs. You can also check now.', 'storefront-assistant' ) . '</p>';
		submit_button( __( 'Check against the service now', 'storefront-assistant' ), 'secondary' );
		echo '</form>';
	}

	/**
	 * What the sync is doing, in one sentence: a full sync preparing items and nothing else at
	 * the same time, so the page never says "preparing" and "up to date" at once.
	 *
	 * @param array{status: string, queued: int} $full
	 * @param array{waiting: int, failing: int}  $counts
	 */
	private function sync_status( array $full, array $counts, int $paused_until ): string {
		if ( $paused_until > time() ) {
			/* translators: 1: date and time, 2: number of items. */
			return sprintf( __( 'Sending is paused until %1$s (%2$d items waiting); see the last problem below.', 'storefront-assistant' ), $this->date( $paused_until ), $counts['waiting'] );
		}
		if ( 'running' === $full['status'] ) {
			return sprintf(
				/* translators: 1: items prepared so far, 2: items in total, 3: items waiting to be sent. */
				__( 'Syncing all content: %1$d of about %2$d items prepared, %3$d waiting to be sent.', 'storefront-assistant' ),
				$full['queued'],
				$this->full_sync->total(),
				$counts['waiting']
			);
		}
		if ( $counts['failing'] > 0 ) {
			return sprintf(
				/* translators: 1: number of items waiting, 2: number of them that failed. */
				_n( '%1$d item is waiting to be sent; %2$d could not be sent yet and will be retried automatically.', '%1$d items are waiting to be sent; %2$d could not be sent yet and will be retried automatically.', $counts['waiting'], 'storefront-assistant' ),
				$counts['waiting'],
				$counts['failing']
			);
		}
		if ( $counts['waiting'] > 0 ) {
			/* translators: %d: number of items. */
			return sprintf( _n( '%d item is waiting to be sent.', '%d items are waiting to be sent.', $counts['waiting'], 'storefront-assistant' ), $counts['waiting'] );
		}
		return __( 'Everything is up to date.', 'storefront-assistant' );
	}

	/**
	 * @param array{status: string, checked: int, repaired: int, finished_at: int, error: string} $check
	 */
	private function check_status( array $check ): string {
		return match ( $check['status'] ) {
			'running' => sprintf(
				/* translators: 1: items compared so far, 2: items that differed. */
				__( 'Checking against the service: %1$d items compared so far, %2$d differed and are sent again.', 'storefront-assistant' ),
				$check['checked'],
				$check['repaired']
			),
			'done' => sprintf(
				/* translators: 1: date and time, 2: items compared, 3: items that differed. */
				__( 'Last check against the service on %1$s: %2$d items compared, %3$d differed and were sent again.', 'storefront-assistant' ),
				$this->date( $check['finished_at'] ),
				$check['checked'],
				$check['repaired']
			),
			'failed' => sprintf(
				/* translators: 1: date and time, 2: what went wrong. */
				__( 'The check against the service on %1$s could not be finished: %2$s It is tried again within an hour.', 'storefront-assistant' ),
				$this->date( $check['finished_at'] ),
				$check['error']
			),
			default => __( 'Not checked against the service yet: the first check runs a day after connecting.', 'storefront-assistant' ),
		};
	}

	/**
	 * Ask the chosen assistant something, as a visitor of this site would, and see its answer.
	 */
	private function render_test_question(): void {
		if ( '' === $this->options->agent_id() ) {
			return;
		}
		echo '<h2>' . esc_html__( 'Try the assistant', 'storefront-assistant' ) . '</h2>';
		$answer = get_transient( SettingsActions::ANSWER_TRANSIENT . get_current_user_id() );
		if ( is_array( $answer ) ) {
			delete_transient( SettingsActions::ANSWER_TRANSIENT . get_current_user_id() );
			printf( '<div class="sa-test-answer"><p><strong>%s</strong> %s</p>', esc_html__( 'You asked:', 'storefront-assistant' ), esc_html( (string) ( $answer['question'] ?? '' ) ) );
			if ( isset( $answer['error'] ) ) {
				printf( '<div class="notice notice-error inline"><p>%s</p></div></div>', esc_html( (string) $answer['error'] ) );
			} else {
				printf(
					'<p><strong>%s</strong></p><blockquote class="sa-answer" style="white-space:pre-wrap">%s</blockquote></div>',
					esc_html__( 'The assistant answered:', 'storefront-assistant' ),
					esc_html( (string) ( $answer['answer'] ?? '' ) )
				);
			}
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		wp_nonce_field( SettingsActions::ASK );
		echo '<input type="hidden" name="action" value="' . esc_attr( SettingsActions::ASK ) . '">';
		printf(
			'<p><label for="sa-question">%s</label><br><input id="sa-question" class="large-text" type="text" name="question" maxlength="500" placeholder="%s"></p><p class="description">%s</p>',
			esc_html__( 'Question', 'storefront-assistant' ),
			esc_attr__( 'How much is …?', 'storefront-assistant' ),
			esc_html__( 'Sent to the assistant as a visitor of this site would send it; the answer uses what was synced so far. It starts a conversation you will see in the service dashboard.', 'storefront-assistant' )
		);
		submit_button( __( 'Send a test question', 'storefront-assistant' ), 'secondary' );
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
		return $this->latest_entry( $context )['message'] ?? __( 'Something went wrong. Please try again.', 'storefront-assistant' );
	}

	/**
	 * @return array{context: string, message: string, at: int}|null
	 */
	private function latest_entry( string $context ): ?array {
		foreach ( $this->errors->all() as $entry ) {
			if ( $entry['context'] === $context ) {
				return $entry;
			}
		}
		return null;
	}

	private function line( string $text ): void {
		echo '<li>' . esc_html( $text ) . '</li>';
	}

	private function date( int $timestamp ): string {
		return (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $timestamp );
	}
}
