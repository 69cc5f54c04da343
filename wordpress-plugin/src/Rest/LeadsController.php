<?php
/**
 * POST /wp-json/service/v1/leads
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Rest;

use StorefrontAssistant\Crypto\SignatureVerifier;
use StorefrontAssistant\Leads\Lead;
use StorefrontAssistant\Leads\LeadConfirmations;
use StorefrontAssistant\Leads\LeadUsers;
use StorefrontAssistant\Options;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * {"email", "name"?, "phone"?, "conversation_id", "lead_id"} → {"user_id", "created", "role", "pending_confirmation"}.
 *
 * With double opt-in (the default) no user is created or touched here: the address is e-mailed a
 * confirmation link, and the answer is {"user_id": null, "created": false, "pending_confirmation": true}.
 */
final class LeadsController extends SignedController {

	public function __construct(
		private readonly Options $settings,
		SignatureVerifier $verifier,
		private readonly LeadUsers $users,
		private readonly LeadConfirmations $confirmations
	) {
		parent::__construct( $settings, $verifier );
	}

	public function register_routes(): void {
		$this->add_route( '/leads', WP_REST_Server::CREATABLE, array( $this, 'upsert' ) );
	}

	public function upsert( WP_REST_Request $request ): WP_REST_Response {
		$body = JsonBody::of( $request );
		$lead = new Lead(
			(string) $body->email( 'email', true ),
			$body->string( 'name', 200 ),
			$body->string( 'phone', 50 ),
			(string) $body->string( 'conversation_id', 191, true ),
			(string) $body->string( 'lead_id', 191, true )
		);
		return new WP_REST_Response( $this->settings->lead_double_opt_in() ? $this->confirmations->request( $lead ) : $this->users->upsert( $lead ) );
	}
}
