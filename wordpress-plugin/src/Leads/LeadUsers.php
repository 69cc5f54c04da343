<?php
/**
 * Turns leads into site users.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Leads;

use StorefrontAssistant\Rest\RequestError;
use StorefrontAssistant\Shop\WooCommerce;
use WP_Error;
use WP_User;

final class LeadUsers {

	public const CONVERSATION_META = '_storefront_assistant_conversation_id';
	public const LEAD_META         = '_storefront_assistant_lead_id';

	/** The meta key WooCommerce uses for a customer's phone. */
	private const PHONE_META = 'billing_phone';

	public function __construct( private readonly WooCommerce $shop ) {}

	/**
	 * @return array{user_id: int, created: bool, role: 'customer'|'subscriber', pending_confirmation: false}
	 * @throws RequestError When WordPress refuses to create the user.
	 */
	public function upsert( Lead $lead ): array {
		$user    = get_user_by( 'email', $lead->email );
		$created = false;
		if ( ! $user instanceof WP_User ) {
			$result = $this->create( $lead );
			// A second delivery of the same lead may have created the user a moment ago.
			$user = is_wp_error( $result ) ? get_user_by( 'email', $lead->email ) : get_userdata( $result );
			if ( ! $user instanceof WP_User ) {
				throw new RequestError( 'user_not_created', is_wp_error( $result ) ? $result->get_error_message() : 'The user could not be created.', 500 );
			}
			$created = ! is_wp_error( $result );
		} else {
			$this->fill_blanks( $user, $lead );
		}
		update_user_meta( $user->ID, self::CONVERSATION_META, $lead->conversation_id );
		update_user_meta( $user->ID, self::LEAD_META, $lead->lead_id );
		return array(
			'user_id'              => $user->ID,
			'created'              => $created,
			'role'                 => self::lead_role( $user ),
			'pending_confirmation' => false,
		);
	}

	/**
	 * The contract's two values: 'customer' for a shop customer, else 'subscriber'. An existing
	 * account's actual role (an editor, an administrator) is not disclosed to the service.
	 */
	private static function lead_role( WP_User $user ): string {
		return in_array( 'customer', $user->roles, true ) ? 'customer' : 'subscriber';
	}

	/**
	 * A WooCommerce customer when the shop is active, else a subscriber; a random password the
	 * shopper never sees (they can reset it), and no notification e-mail.
	 */
	private function create( Lead $lead ): int|WP_Error {
		[ $first, $last ] = $lead->name_parts();
		$username         = $this->unique_username( $lead->email );
		$password         = wp_generate_password( 24 );
		$profile          = array_filter(
			array(
				'first_name'   => $first,
				'last_name'    => $last,
				'display_name' => trim( (string) $lead->name ),
			)
		);
		$user_id          = $this->shop->is_active()
			? $this->shop->create_customer( $lead->email, $username, $password, $profile )
			: wp_insert_user(
				array_merge(
					$profile,
					array(
						'user_login' => $username,
						'user_email' => $lead->email,
						'user_pass'  => $password,
						'role'       => 'subscriber',
					)
				)
			);
		if ( ! is_wp_error( $user_id ) && null !== $lead->phone ) {
			update_user_meta( $user_id, self::PHONE_META, $lead->phone );
		}
		return $user_id;
	}

	/**
	 * Anyone can type any address into a chat, so an existing account is only completed, never
	 * overwritten: a visitor must not be able to rename someone else's account or change its role.
	 */
	private function fill_blanks( WP_User $user, Lead $lead ): void {
		[ $first, $last ] = $lead->name_parts();
		$fields           = array(
			'first_name'     => $first,
			'last_name'      => $last,
			self::PHONE_META => (string) $lead->phone,
		);
		foreach ( $fields as $key => $value ) {
			if ( '' !== $value && '' === (string) get_user_meta( $user->ID, $key, true ) ) {
				update_user_meta( $user->ID, $key, $value );
			}
		}
	}

	private function unique_username( string $email ): string {
		$base = sanitize_user( (string) strstr( $email, '@', true ), true );
		$base = '' === $base ? 'shopper' : substr( $base, 0, 50 );
		$name = $base;
		while ( username_exists( $name ) ) {
			$name = $base . '-' . wp_rand( 1000, 999999 );
		}
		return $name;
	}
}
