<?php
/**
 * Tests for the X-Service-Signature scheme.
 *
 * @package StorefrontAssistant
 */

declare( strict_types=1 );

namespace StorefrontAssistant\Tests\Unit;

use PHPUnit\Framework\TestCase;
use StorefrontAssistant\Crypto\Signature;
use StorefrontAssistant\Crypto\SignatureException;
use StorefrontAssistant\Crypto\SignatureVerifier;

require_once __DIR__ . '/Vectors.php';

final class SignatureVerifierTest extends TestCase {

	/**
	 * @dataProvider signature_vectors
	 * @param array<string, mixed> $vector
	 */
	public function test_computes_the_shared_vectors( array $vector ): void {
		$this->assertSame( $vector['expected'], Signature::compute( $vector['key'], $vector['timestamp'], $vector['body'] ) );
		$this->assertSame(
			't=' . $vector['timestamp'] . ',v1=' . $vector['expected'],
			Signature::header( $vector['key'], $vector['body'], $vector['timestamp'] )
		);
	}

	/**
	 * @dataProvider verification_vectors
	 * @param array<string, mixed> $vector
	 */
	public function test_verifies_the_shared_cases( array $vector ): void {
		$verifier = new SignatureVerifier( static fn (): int => $vector['now'] );
		try {
			$verifier->verify( $vector['header'], $vector['body'], $vector['keys'] );
			$outcome = 'valid';
		} catch ( SignatureException $e ) {
			$outcome = $e->error_code;
		}
		$this->assertSame( $vector['expected'], $outcome );
	}

	public function test_a_signature_made_now_verifies_now(): void {
		$body     = '{"code":"SPRING10"}';
		$verifier = new SignatureVerifier( static fn (): int => time() );
		$verifier->verify( Signature::header( 'sss_now', $body, time() ), $body, array( 'sss_now' ) );
		$this->addToAssertionCount( 1 );
	}

	public function test_the_tolerance_is_configurable(): void {
		$body     = '{}';
		$verifier = new SignatureVerifier( static fn (): int => 1000, 10 );
		$this->expectExceptionObject( new SignatureException( SignatureException::EXPIRED, 'The signature timestamp is more than 10 seconds from the current time.' ) );
		$verifier->verify( Signature::header( 'k', $body, 1011 ), $body, array( 'k' ) );
	}

	public function test_parse_returns_every_v1_in_lower_case(): void {
		$a = str_repeat( 'A', 64 );
		$b = str_repeat( 'b', 64 );
		$this->assertSame(
			array(
				'timestamp'  => 12,
				'signatures' => array( strtolower( $a ), $b ),
			),
			SignatureVerifier::parse( "t=12,v1=$a,v2=x,v1=$b" )
		);
	}

	public function test_an_overlong_header_is_rejected_before_parsing(): void {
		$this->expectException( SignatureException::class );
		SignatureVerifier::parse( 't=1,v1=' . str_repeat( 'a', 2100 ) );
	}

	/** @return array<string, array{0: array<string, mixed>}> */
	public function signature_vectors(): array {
		return Vectors::cases( 'signatures' );
	}

	/** @return array<string, array{0: array<string, mixed>}> */
	public function verification_vectors(): array {
		return Vectors::cases( 'verification' );
	}
}
