// <movecalc-board>: a live movecalc diagram for any page (a rules wiki, a forum), loaded with one
// classic script tag from the movecalc site:
//
//   <script src="https://movecalc.example/movecalc-board.js" defer></script>
//   <movecalc-board link="1.q1ZKz..." readonly></movecalc-board>
//
// Configure it with attributes — `link` (a share link or just its code after "#p="), `readonly`,
// `height` ("auto", the default: as tall as the diagram; or a CSS length), `game` (the game's id,
// so that only its rule set loads; the page reads it from the position otherwise), `label` (the
// frame's accessible title) — or with inline JSON in a child <script type="application/json">: a
// position ({"system": ..., "units": [...], ...}) or {"request": <an engine request>}. The element
// draws nothing itself: it frames the movecalc page in embed mode from the script's own site, so the
// host page needs no WebAssembly permission and nothing the element is given runs on the host. The
// page checks the position and shows a message for anything it cannot use.
//
// height="auto": the element says hello to the framed page when it loads, and the page answers with
// its height whenever it changes (web/embed.js); messages from any other window or origin are
// ignored.
//
// A frame whose page has not answered within FALLBACK_MS of coming into view (the movecalc site
// refused to be framed here, by its frame-ancestors, or is unreachable) gives way to a link that
// opens the diagram in a tab of its own; the frame comes back if the page answers later.
//
// The script may be loaded with or without `defer`: an element met while the page is still being
// parsed reads its inline JSON once the document has been parsed.
//
// web/build-site.mjs bundles this module into public/movecalc-board.js, a classic script.
import { toBase64url } from './base64url.js';

(() => {
  const script = document.currentScript;
  const base = new URL('./', script ? script.src : location.href);
  const MAX_CODE = 64 * 1024; // the page's SHARE_MAX_CODE
  const FALLBACK_MS = 6000;

  const b64url = (text) => toBase64url(new TextEncoder().encode(text));

  class MovecalcBoard extends HTMLElement {
    static get observedAttributes() { return ['link', 'readonly', 'height', 'label', 'game']; }
    connectedCallback() {
      // without `defer` the element is connected before its children are parsed: wait for them
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => this.update(), { once: true });
      else queueMicrotask(() => this.update()); // children are parsed by then
    }
    attributeChangedCallback() { if (this.isConnected && document.readyState !== 'loading') this.update(); }

    code() {
      const link = this.getAttribute('link');
      if (link) {
        const m = /(?:#|&|^)p=([^&]*)/.exec(link);
        return m ? m[1] : link.trim();
      }
      const json = this.inline();
      if (json !== null) {
        try { JSON.parse(json); } catch { return '1j.'; } // the page reports "not valid JSON"
        return '1j.' + b64url(json);
      }
      return '';
    }

    inline() {
      const json = this.querySelector('script[type="application/json"]');
      return json ? json.textContent.trim() : null;
    }

    // The game to load first: the attribute, else an inline position's or request's own.
    game() {
      const named = this.getAttribute('game');
      if (named) return named;
      try {
        const v = JSON.parse(this.inline());
        const system = v?.system ?? v?.request?.system;
        return typeof system === 'string' ? system : '';
      } catch { return ''; }
    }

    update() {
      const code = this.code();
      const src = new URL('index.html', base);
      src.searchParams.set('embed', '1');
      const game = this.game();
      if (/^[a-z0-9-]{1,40}$/.test(game)) src.searchParams.set('g', game);
      const h = (this.getAttribute('height') || 'auto').trim();
      const auto = h === 'auto' || !/^\d+(\.\d+)?(px|em|rem|vh)?$/.test(h);
      if (auto) src.searchParams.set('size', 'auto');
      if (this.hasAttribute('readonly')) src.searchParams.set('ro', '1');
      src.hash = `p=${code.slice(0, MAX_CODE + 1)}`; // longer is refused by the page as too long
      let frame = this.shadowRoot?.querySelector('iframe');
      if (!frame) {
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        frame = document.createElement('iframe');
        frame.setAttribute('loading', 'lazy');
        frame.setAttribute('referrerpolicy', 'no-referrer');
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
        frame.style.setProperty('border', '1px solid #cfc9ba');
        frame.style.setProperty('border-radius', '10px');
        frame.style.setProperty('width', '100%');
        frame.style.setProperty('display', 'block');
        const fallback = document.createElement('a');
        fallback.className = 'fallback';
        fallback.target = '_blank';
        fallback.rel = 'noopener noreferrer';
        fallback.textContent = 'Open this movecalc diagram';
        fallback.style.cssText = 'display:none;padding:1em;border:1px solid #cfc9ba;border-radius:10px;color:#1d4e89;font:inherit';
        root.append(frame, fallback);
        this.fallback = fallback;
        let answered = false;
        const hello = () => frame.contentWindow?.postMessage({ movecalc: 'hello' }, base.origin);
        // the framed page's height, from that page only (embed.js): said hello to on every load,
        // and again each second until it answers (it may start listening after its load event)
        frame.addEventListener('load', hello);
        const again = setInterval(() => (answered ? clearInterval(again) : hello()), 1000);
        window.addEventListener('message', (e) => {
          if (e.source !== frame.contentWindow || e.origin !== base.origin || e.data?.movecalc !== 'size') return;
          answered = true;
          fallback.style.setProperty('display', 'none');
          frame.style.setProperty('display', 'block');
          const px = Number(e.data.height);
          if (this.auto && Number.isFinite(px)) frame.style.setProperty('height', `${Math.min(Math.max(Math.ceil(px), 120), 4000)}px`);
        });
        // the clock starts when the frame comes into view: a lazy frame below the fold loads then
        new IntersectionObserver((entries, seen) => {
          if (!entries.some((x) => x.isIntersecting)) return;
          seen.disconnect();
          setTimeout(() => {
            if (answered) return;
            fallback.style.setProperty('display', 'block');
            frame.style.setProperty('display', 'none');
          }, FALLBACK_MS);
        }).observe(this);
      }
      frame.title = this.getAttribute('label') || 'movecalc diagram';
      this.auto = auto;
      // before the page's first answer, an automatic height is that of a typical board (4:3)
      if (auto) { if (!frame.style.getPropertyValue('height')) frame.style.setProperty('height', '420px'); }
      else frame.style.setProperty('height', /\d$/.test(h) ? `${h}px` : h);
      this.fallback.href = src.href;
      if (frame.src !== src.href) frame.src = src.href;
    }
  }
  if (!customElements.get('movecalc-board')) customElements.define('movecalc-board', MovecalcBoard);
})();
