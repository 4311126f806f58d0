<?php
/**
 * The <movecalc> tag: a live movecalc diagram framed from the movecalc site $wgMovecalcSite names.
 *
 *   <movecalc link="https://movecalc.example/#p=1.lZGx…" readonly />
 *   <movecalc height="320" readonly>{"system": "godsgloom", "board": {…}, "units": […]}</movecalc>
 *
 * Wikitext cannot hold an iframe (MediaWiki's sanitizer removes it), but a tag hook's output is
 * not sanitized: so the frame is built here from checked parts only — the site, configured by the
 * wiki's administrator; a link code of base64url characters, or the tag's JSON encoded as one; a
 * game id and a height matched against patterns; and the label, escaped.
 */

namespace MediaWiki\Extension\Movecalc;

use Config;
use Html;
use MediaWiki\Hook\ParserFirstCallInitHook;
use Parser;
use PPFrame;

class Hooks implements ParserFirstCallInitHook {
	/** The movecalc page's SHARE_MAX_CODE: it refuses a longer link code. */
	private const MAX_CODE = 65536;

	/** @var Config */
	private $config;

	public function __construct( Config $config ) {
		$this->config = $config;
	}

	/** @param Parser $parser */
	public function onParserFirstCallInit( $parser ) {
		$parser->setHook( 'movecalc', [ $this, 'render' ] );
	}

	/**
	 * @param string|null $input the tag's content: a position or request in JSON, or nothing
	 * @param string[] $args link, height ("auto" or pixels), game, readonly, label
	 * @param Parser $parser
	 * @param PPFrame $frame
	 * @return string HTML
	 */
	public function render( $input, array $args, Parser $parser, PPFrame $frame ) {
		$site = trim( (string)$this->config->get( 'MovecalcSite' ) );
		$parts = parse_url( $site );
		if ( !preg_match( '#^https?://[^/?\#\s]+(/[^?\#\s]*)?$#', $site ) || !isset( $parts['host'] ) ) {
			return self::error( 'movecalc-error-site' );
		}
		if ( substr( $site, -1 ) !== '/' ) {
			$site .= '/';
		}
		$origin = $parts['scheme'] . '://' . $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );

		$game = '';
		$json = trim( (string)$input );
		if ( isset( $args['link'] ) ) {
			// a whole share link, or just its code (the part after "#p=")
			$link = trim( $args['link'] );
			$code = preg_match( '/(?:#|&|^)p=([^&]*)/', $link, $m ) ? $m[1] : $link;
			if ( !preg_match( '/^\d+j?\.[A-Za-z0-9_-]*$/', $code ) ) {
				return self::error( 'movecalc-error-link' );
			}
		} elseif ( $json !== '' ) {
			$value = json_decode( $json, true, 64 );
			if ( json_last_error() !== JSON_ERROR_NONE ) {
				return self::error( 'movecalc-error-json', json_last_error_msg() );
			}
			// the page's uncompressed link format: "1j." and the JSON's UTF-8 in base64url
			$code = '1j.' . rtrim( strtr( base64_encode( $json ), '+/', '-_' ), '=' );
			$named = $value['system'] ?? $value['request']['system'] ?? '';
			$game = is_string( $named ) ? $named : '';
		} else {
			return self::error( 'movecalc-error-empty' );
		}
		if ( strlen( $code ) > self::MAX_CODE ) {
			return self::error( 'movecalc-error-long', strlen( $code ), self::MAX_CODE );
		}
		if ( isset( $args['game'] ) ) {
			$game = trim( $args['game'] );
		}

		$height = strtolower( trim( $args['height'] ?? 'auto' ) );
		$auto = !preg_match( '/^(\d{2,4})(px)?$/', $height, $h );
		$query = [ 'embed' => '1' ];
		if ( preg_match( '/^[a-z0-9-]{1,40}$/', $game ) ) {
			$query['g'] = $game;
		}
		if ( $auto ) {
			$query['size'] = 'auto';
		}
		if ( isset( $args['readonly'] ) ) {
			$query['ro'] = '1';
		}
		$src = $site . 'index.html?' . http_build_query( $query ) . '#p=' . $code;
		// until the diagram says how tall it is, an automatic height is that of a typical board
		$px = $auto ? 420 : min( max( (int)$h[1], 120 ), 4000 );

		$parser->getOutput()->addModules( [ 'ext.movecalc' ] );
		$parser->getOutput()->addModuleStyles( [ 'ext.movecalc.styles' ] );
		return Html::rawElement( 'div', [ 'class' => 'movecalc-embed' ], Html::element( 'iframe', [
			'class' => 'movecalc-frame',
			'src' => $src,
			'title' => $args['label'] ?? 'movecalc diagram',
			'loading' => 'lazy',
			'referrerpolicy' => 'no-referrer',
			'sandbox' => 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
			'style' => "height: {$px}px;",
			'data-movecalc-origin' => $origin,
			'data-movecalc-height' => $auto ? 'auto' : 'fixed',
		], '' ) );
	}

	/**
	 * @param string $key a message of i18n/en.json
	 * @param mixed ...$params
	 * @return string HTML: the message, escaped, in MediaWiki's error style
	 */
	private static function error( $key, ...$params ) {
		return Html::element( 'strong', [ 'class' => 'error' ], wfMessage( $key, ...$params )->inContentLanguage()->text() );
	}
}
