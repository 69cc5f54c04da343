<?php
/**
 * Double opt-in for leads: a site user is created only once the visitor confirms their e-mail.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Leads;

use StorefrontAssistant\Registerable;
use StorefrontAssistant\Rest\RequestError;
use StorefrontAssistant\Shop\WooCommerce;

/**
 * Anyone can type any address into a chat, so a lead alone must not make (or touch) an account.
 * A delivered lead is kept as a pending confirmation and the address is sent a link by wp_mail;
 * opening the link shows a button, and pressing it creates (or completes) the user exactly as an
 * immediate lead would. The button, rather than the link itself, confirms: mail scanners that
 * open every link in a message must not confirm on the visitor's behalf.
 *
 * One pending confirmation per address: a repeated delivery (the service retries until it gets
 * an answer) or another lead for the same address within RESEND_AFTER sends no second e-mail,
 * so the chat cannot be used to flood someone's mailbox. The link holds a random token; only its
 * SHA-256 is stored, and it is compared in constant time.
 */
final class LeadConfirmations implements Registerable {

	/** Transient names start with this; uninstall.php removes them by it. */
	public const TRANSIENT_PREFIX = 'storefront_assistant_lead_confirm_';

	/** How long a confirmation link works. */
	public const LIFETIME = 7 * DAY_IN_SECONDS;

	/** Within this time after an e-mail, another lead for the address sends none. */
	public const RESEND_AFTER = DAY_IN_SECONDS;

	/** The query variable of the confirmation link: `<key>.<token>`. */
	public const QUERY_VAR = 'storefront_assistant_confirm';

	public function __construct( private readonly LeadUsers $users, private readonly WooCommerce $shop ) {}

	public function register(): void {
		add_action( 'template_redirect', array( $this, 'handle_link' ) );
	}

	/**
	 * Records the lead and e-mails the confirmation link (unless one was sent recently).
	 *
	 * @return array{user_id: null, created: false, role: 'customer'|'subscriber', pending_confirmation: true}
	 * @throws RequestError When the e-mail could not be sent (the service delivers again later).
	 */
	public function request( Lead $lead ): array {
		$name    = self::transient_name( $lead->email );
		$pending = get_transient( $name );
		$now     = time();
		if ( ! is_array( $pending ) || (int) ( $pending['sent_at'] ?? 0 ) < $now - self::RESEND_AFTER ) {
			$token = bin2hex( random_bytes( 32 ) );
			set_transient(
				$name,
				array(
					'email'           => $lead->email,
					'name'            => $lead->name,
					'phone'           => $lead->phone,
					'conversation_id' => $lead->conversation_id,
					'lead_id'         => $lead->lead_id,
					'token_hash'      => hash( 'sha256', $token ),
					'sent_at'         => $now,
				),
				self::LIFETIME
			);
			if ( ! $this->send( $lead->email, self::link( $lead->email, $token ) ) ) {
				delete_transient( $name );
				throw new RequestError( 'mail_failed', 'The confirmation e-mail could not be sent.', 503 );
			}
		}
		return array(
			'user_id'              => null,
			'created'              => false,
			'role'                 => $this->shop->is_active() ? 'customer' : 'subscriber',
			'pending_confirmation' => true,
		);
	}

	/** The confirmation page: GET shows the button, POST confirms. Answers through wp_die(). */
	public function handle_link(): void {
		// The token in the link is the credential; there is no session to protect with a nonce.
		// phpcs:disable WordPress.Security.NonceVerification.Recommended
		if ( ! isset( $_GET[ self::QUERY_VAR ] ) ) {
			return;
		}
		$value = sanitize_text_field( wp_unslash( (string) $_GET[ self::QUERY_VAR ] ) );
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		$pending = $this->pending( $value );
		$title   = __( 'Confirm your e-mail address', 'storefront-assistant' );
		if ( null === $pending ) {
			wp_die(
				esc_html__( 'This confirmation link is not valid, or it has expired or was used already.', 'storefront-assistant' ),
				esc_html( $title ),
				array( 'response' => 404 )
			);
		}
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( (string) $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		if ( 'POST' !== $method ) {
			$form = sprintf(
				'<p>%s</p><form method="post" action="%s"><p><button type="submit" class="button">%s</button></p></form>',
				esc_html(
					sprintf(
						/* translators: %s: e-mail address. */
						__( 'Press the button to confirm %s and create your account on this site.', 'storefront-assistant' ),
						$pending['email']
					)
				),
				esc_url( self::link_for_value( $value ) ),
				esc_html__( 'Confirm my e-mail address', 'storefront-assistant' )
			);
			wp_die( $form, esc_html( $title ), array( 'response' => 200 ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- every part is escaped above.
		}
		// Removed first: a link confirms once, even if two presses race.
		delete_transient( self::transient_name( $pending['email'] ) );
		try {
			$this->users->upsert(
				new Lead( $pending['email'], $pending['name'], $pending['phone'], $pending['conversation_id'], $pending['lead_id'] )
			);
		} catch ( RequestError $error ) {
			wp_die( esc_html( $error->getMessage() ), esc_html( $title ), array( 'response' => 500 ) );
		}
		wp_die(
			esc_html__( 'Thank you, your e-mail address is confirmed and your account is ready.', 'storefront-assistant' ),
			esc_html( $title ),
			array( 'response' => 200 )
		);
	}

	/**
	 * The pending confirmation a link value names, if its token matches.
	 *
	 * @return array{email: string, name: ?string, phone: ?string, conversation_id: string, lead_id: string}|null
	 */
	private function pending( string $value ): ?array {
		$parts = explode( '.', $value, 2 );
		if ( 2 !== count( $parts ) || ! preg_match( '/^[a-f0-9]{32}$/', $parts[0] ) || ! preg_match( '/^[a-f0-9]{64}$/', $parts[1] ) ) {
			return null;
		}
		$pending = get_transient( self::TRANSIENT_PREFIX . $parts[0] );
		if ( ! is_array( $pending ) || ! is_string( $pending['token_hash'] ?? null ) || ! hash_equals( $pending['token_hash'], hash( 'sha256', $parts[1] ) ) ) {
			return null;
		}
		return array(
			'email'           => (string) $pending['email'],
			'name'            => isset( $pending['name'] ) ? (string) $pending['name'] : null,
			'phone'           => isset( $pending['phone'] ) ? (string) $pending['phone'] : null,
			'conversation_id' => (string) $pending['conversation_id'],
			'lead_id'         => (string) $pending['lead_id'],
		);
	}

	private function send( string $email, string $link ): bool {
		$site    = wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
		$subject = sprintf(
			/* translators: %s: site name. */
			__( '[%s] Please confirm your e-mail address', 'storefront-assistant' ),
			$site
		);
		$message = sprintf(
			/* translators: 1: site name, 2: confirmation link. */
			__( "This address was left in the chat on %1\$s. To confirm it and create your account, open this link:\n\n%2\$s\n\nIf it was not you, ignore this e-mail: nothing is created without your confirmation.", 'storefront-assistant' ),
			$site,
			$link
		);
		return wp_mail( $email, $subject, $message );
	}

	private static function transient_name( string $email ): string {
		return self::TRANSIENT_PREFIX . md5( strtolower( $email ) );
	}

	private static function link( string $email, string $token ): string {
		return self::link_for_value( md5( strtolower( $email ) ) . '.' . $token );
	}

	private static function link_for_value( string $value ): string {
		return add_query_arg( self::QUERY_VAR, rawurlencode( $value ), home_url( '/' ) );
	}
}
