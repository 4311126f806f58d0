/*
 * Sizes each <movecalc height="auto"> frame to its diagram. The framed movecalc page answers a
 * {movecalc: 'hello'} with its height, and again whenever that changes; a height is taken only from
 * the frame it belongs to and from the movecalc site's origin (data-movecalc-origin).
 * ES5: MediaWiki 1.39's ResourceLoader checks scripts as ES5 unless a module says otherwise.
 */
( function () {
	function hello( frame ) {
		if ( frame.contentWindow ) {
			frame.contentWindow.postMessage( { movecalc: 'hello' }, frame.getAttribute( 'data-movecalc-origin' ) );
		}
	}

	var tries = [], timer = 0;

	function again() {
		tries = tries.filter( function ( t ) {
			if ( t.frame.getAttribute( 'data-movecalc-answered' ) || t.left-- <= 0 ) {
				return false;
			}
			hello( t.frame );
			return true;
		} );
		if ( !tries.length ) {
			clearInterval( timer );
			timer = 0;
		}
	}

	function bind( root ) {
		var frames = root.querySelectorAll( 'iframe.movecalc-frame[data-movecalc-height="auto"]' );
		Array.prototype.forEach.call( frames, function ( frame ) {
			if ( frame.getAttribute( 'data-movecalc-bound' ) ) {
				return;
			}
			frame.setAttribute( 'data-movecalc-bound', '1' );
			frame.addEventListener( 'load', function () {
				hello( frame );
			} );
			hello( frame );
			// and again each second until it answers: the page may start listening after its load
			// event (its modules load the game first), for a minute at most
			tries[ tries.length ] = { frame: frame, left: 60 };
		} );
		if ( !timer && tries.length ) {
			timer = setInterval( again, 1000 );
		}
	}

	window.addEventListener( 'message', function ( e ) {
		var frames = document.querySelectorAll( 'iframe.movecalc-frame[data-movecalc-height="auto"]' );
		Array.prototype.forEach.call( frames, function ( frame ) {
			var px;
			if ( e.source !== frame.contentWindow || e.origin !== frame.getAttribute( 'data-movecalc-origin' ) ||
				!e.data || e.data.movecalc !== 'size' ) {
				return;
			}
			frame.setAttribute( 'data-movecalc-answered', '1' );
			px = Number( e.data.height );
			if ( isFinite( px ) ) {
				frame.style.height = Math.min( Math.max( Math.ceil( px ), 120 ), 4000 ) + 'px';
			}
		} );
	} );

	// the page's content, and content shown later (a preview, a live edit)
	mw.hook( 'wikipage.content' ).add( function ( $content ) {
		bind( $content[ 0 ] );
	} );
}() );
