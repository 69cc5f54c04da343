<?php
/**
 * Tests for the HS256 shopper-token signer.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Tests\Unit;

use PHPUnit\Framework\TestCase;
use StorefrontAssistant\Crypto\Jwt;

require_once __DIR__ . '/Vectors.php';

final class JwtTest extends TestCase {

	/**
	 * @dataProvider jwt_vectors
	 * @param array<string, mixed> $vector
	 */
	public function test_signs_the_shared_vectors( array $vector ): void {
		$this->assertSame( $vector['header'], Jwt::HEADER );
		$this->assertSame( $vector['expected'], Jwt::sign( $vector['claims'], $vector['key'] ) );
	}

	public function test_the_token_has_three_base64url_parts_without_padding(): void {
		$token = Jwt::sign( array( 'sub' => '1', 'note' => str_repeat( '?>', 7 ) ), 'k' );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/', $token );
	}

	public function test_the_signature_covers_header_and_claims(): void {
		[ $header, $claims, $signature ] = explode( '.', Jwt::sign( array( 'sub' => '1' ), 'secret' ) );
		$this->assertSame( Jwt::base64url( hash_hmac( 'sha256', "$header.$claims", 'secret', true ) ), $signature );
		$this->assertSame( '{"sub":"1"}', base64_decode( strtr( $claims, '-_', '+/' ) ) );
	}

	public function test_base64url_uses_the_url_safe_alphabet(): void {
		$this->assertSame( '-_8', Jwt::base64url( "\xfb\xff" ) );
	}

	/** @return array<string, array{0: array<string, mixed>}> */
	public function jwt_vectors(): array {
		return Vectors::cases( 'jwt' );
	}
}
