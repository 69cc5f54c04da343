<?php
/**
 * WordPress's personal data exporters and erasers for the assistant's data.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Privacy;

use StorefrontAssistant\Leads\LeadUsers;
use StorefrontAssistant\Options;
use StorefrontAssistant\Registerable;
use StorefrontAssistant\Service\ErrorMessages;
use StorefrontAssistant\Service\ServiceClient;
use StorefrontAssistant\Service\ServiceError;
use WP_Error;
use WP_User;

/**
 * Tools → Export Personal Data and Erase Personal Data include the assistant: what the plugin
 * wrote on this site (the conversation and lead a user account came from, kept in user meta)
 * and, through a signed call to the service, what the service keeps for the address (the leads
 * left with it, the conversations that are the person's and their messages). Each part is its
 * own exporter and eraser, so that the request's page shows which one failed, and a retry
 * repeats only that one. Both parts answer in one page.
 */
final class PersonalData implements Registerable {

	private const GROUP_ID = 'storefront-assistant';

	/** The user meta the plugin writes on an account made or completed from a lead. */
	private const USER_META = array( LeadUsers::CONVERSATION_META, LeadUsers::LEAD_META );

	public function __construct( private readonly Options $options, private readonly ServiceClient $client ) {}

	public function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'add_exporters' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'add_erasers' ) );
	}

	/**
	 * @param array<string, array<string, mixed>> $exporters
	 * @return array<string, array<string, mixed>>
	 */
	public function add_exporters( mixed $exporters ): array {
		$exporters                                 = is_array( $exporters ) ? $exporters : array();
		$exporters['storefront-assistant-account'] = array(
			'exporter_friendly_name' => __( 'Storefront Assistant (this site)', 'storefront-assistant' ),
			'callback'               => array( $this, 'export_account' ),
		);
		$exporters['storefront-assistant-service'] = array(
			'exporter_friendly_name' => __( 'Storefront Assistant (assistant service)', 'storefront-assistant' ),
			'callback'               => array( $this, 'export_service' ),
		);
		return $exporters;
	}

	/**
	 * @param array<string, array<string, mixed>> $erasers
	 * @return array<string, array<string, mixed>>
	 */
	public function add_erasers( mixed $erasers ): array {
		$erasers                                 = is_array( $erasers ) ? $erasers : array();
		$erasers['storefront-assistant-account'] = array(
			'eraser_friendly_name' => __( 'Storefront Assistant (this site)', 'storefront-assistant' ),
			'callback'             => array( $this, 'erase_account' ),
		);
		$erasers['storefront-assistant-service'] = array(
			'eraser_friendly_name' => __( 'Storefront Assistant (assistant service)', 'storefront-assistant' ),
			'callback'             => array( $this, 'erase_service' ),
		);
		return $erasers;
	}

	/**
	 * @return array{data: list<array<string, mixed>>, done: bool}
	 */
	public function export_account( string $email, int $page = 1 ): array {
		$user = get_user_by( 'email', $email );
		$data = array();
		if ( $user instanceof WP_User ) {
			$fields = array();
			$labels = array(
				LeadUsers::CONVERSATION_META => __( 'Assistant conversation the account came from', 'storefront-assistant' ),
				LeadUsers::LEAD_META         => __( 'Assistant lead the account came from', 'storefront-assistant' ),
			);
			foreach ( self::USER_META as $key ) {
				$value = (string) get_user_meta( $user->ID, $key, true );
				if ( '' !== $value ) {
					$fields[] = array(
						'name'  => $labels[ $key ],
						'value' => $value,
					);
				}
			}
			if ( array() !== $fields ) {
				$data[] = $this->item( 'account-' . $user->ID, $fields );
			}
		}
		return array(
			'data' => $data,
			'done' => true,
		);
	}

	/**
	 * @return array{data: list<array<string, mixed>>, done: bool}|WP_Error
	 */
	public function export_service( string $email, int $page = 1 ): array|WP_Error {
		$credentials = $this->options->credentials();
		if ( null === $credentials || ! $this->options->is_connected() ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		try {
			$exported = $this->client->export_personal_data( $credentials, $email );
		} catch ( ServiceError $error ) {
			return new WP_Error( 'storefront_assistant_export_failed', ErrorMessages::describe( $error ) );
		}
		$data = array();
		foreach ( (array) ( $exported['leads'] ?? array() ) as $lead ) {
			$lead   = (array) $lead;
			$data[] = $this->item(
				'lead-' . (string) ( $lead['id'] ?? '' ),
				array_filter(
					array(
						$this->field( __( 'Lead left in a chat', 'storefront-assistant' ), (string) ( $lead['created_at'] ?? '' ) ),
						$this->field( __( 'E-mail', 'storefront-assistant' ), (string) ( $lead['email'] ?? '' ) ),
						$this->field( __( 'Name', 'storefront-assistant' ), (string) ( $lead['name'] ?? '' ) ),
						$this->field( __( 'Phone', 'storefront-assistant' ), (string) ( $lead['phone'] ?? '' ) ),
						$this->field( __( 'Consent', 'storefront-assistant' ), $this->json( $lead['consent'] ?? array() ) ),
						$this->field( __( 'Other details', 'storefront-assistant' ), $this->json( $lead['fields'] ?? array() ) ),
					)
				)
			);
		}
		foreach ( (array) ( $exported['conversations'] ?? array() ) as $conversation ) {
			$conversation = (array) $conversation;
			$transcript   = array();
			foreach ( (array) ( $conversation['messages'] ?? array() ) as $message ) {
				$message      = (array) $message;
				$who          = 'user' === ( $message['role'] ?? '' ) ? __( 'Visitor', 'storefront-assistant' ) : __( 'Assistant', 'storefront-assistant' );
				$transcript[] = sprintf( '[%s] %s: %s', (string) ( $message['created_at'] ?? '' ), $who, (string) ( $message['content'] ?? '' ) );
			}
			$data[] = $this->item(
				'conversation-' . (string) ( $conversation['id'] ?? '' ),
				array_filter(
					array(
						$this->field( __( 'Conversation started', 'storefront-assistant' ), (string) ( $conversation['created_at'] ?? '' ) ),
						$this->field( __( 'Messages', 'storefront-assistant' ), implode( "\n\n", $transcript ) ),
					)
				)
			);
		}
		return array(
			'data' => $data,
			'done' => true,
		);
	}

	/**
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}
	 */
	public function erase_account( string $email, int $page = 1 ): array {
		$user    = get_user_by( 'email', $email );
		$removed = false;
		if ( $user instanceof WP_User ) {
			foreach ( self::USER_META as $key ) {
				$removed = delete_user_meta( $user->ID, $key ) || $removed;
			}
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => false,
			'messages'       => array(),
			'done'           => true,
		);
	}

	/**
	 * @return array{items_removed: bool, items_retained: bool, messages: list<string>, done: bool}|WP_Error
	 */
	public function erase_service( string $email, int $page = 1 ): array|WP_Error {
		$credentials = $this->options->credentials();
		if ( null === $credentials || ! $this->options->is_connected() ) {
			return array(
				'items_removed'  => false,
				'items_retained' => false,
				'messages'       => array( __( 'This site is not connected to an assistant service: nothing was erased there. Erase the address in the service itself if it was connected before.', 'storefront-assistant' ) ),
				'done'           => true,
			);
		}
		try {
			$erased = $this->client->erase_personal_data( $credentials, $email );
		} catch ( ServiceError $error ) {
			return new WP_Error( 'storefront_assistant_erase_failed', ErrorMessages::describe( $error ) );
		}
		$leads         = (int) ( $erased['leads_removed'] ?? 0 );
		$conversations = (int) ( $erased['conversations_removed'] ?? 0 );
		$messages      = array();
		if ( $leads + $conversations > 0 ) {
			$messages[] = sprintf(
				/* translators: 1: number of conversations, 2: number of leads. */
				__( 'The assistant service erased %1$d conversation(s) and %2$d lead(s).', 'storefront-assistant' ),
				$conversations,
				$leads
			);
		}
		return array(
			'items_removed'  => $leads + $conversations > 0,
			'items_retained' => false,
			'messages'       => $messages,
			'done'           => true,
		);
	}

	/**
	 * @param list<array{name: string, value: string}> $fields
	 * @return array<string, mixed>
	 */
	private function item( string $id, array $fields ): array {
		return array(
			'group_id'          => self::GROUP_ID,
			'group_label'       => __( 'Storefront Assistant', 'storefront-assistant' ),
			'group_description' => __( 'What the site\'s chat assistant keeps about you: leads you left in a chat and your conversations with it.', 'storefront-assistant' ),
			'item_id'           => $id,
			'data'              => array_values( $fields ),
		);
	}

	/**
	 * @return array{name: string, value: string}|null Null for an empty value.
	 */
	private function field( string $name, string $value ): ?array {
		return '' === $value ? null : array(
			'name'  => $name,
			'value' => $value,
		);
	}

	private function json( mixed $value ): string {
		return is_array( $value ) && array() !== $value ? (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) : '';
	}
}
