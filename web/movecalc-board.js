// <movecalc-board>: a live movecalc diagram for any page (a rules wiki, a forum), loaded with one
// classic script tag from the movecalc site:
//
//   <script src="https://movecalc.example/movecalc-board.js" defer></script>
//   <movecalc-board link="1.q1ZKz..." readonly></movecalc-board>
//
// Configure it with attributes — `link` (a share link or just its code after "#p="), `readonly`,
// `height` (CSS length, default 420px), `label` (the frame's accessible title) — or with inline JSON
// in a child <script type="application/json">: a position ({"system": ..., "units": [...], ...}) or
// {"request": <an engine request>}. The element draws nothing itself: it frames the movecalc page in
// embed mode from the script's own site, so the host page needs no WebAssembly permission and
// nothing the element is given runs on the host. The page checks the position and shows a message
// for anything it cannot use.
//
// web/build-site.mjs bundles this module into public/movecalc-board.js, a classic script.
import { toBase64url } from './base64url.js';

(() => {
  const script = document.currentScript;
  const base = new URL('./', script ? script.src : location.href);
  const MAX_CODE = 64 * 1024; // the page's SHARE_MAX_CODE

  const b64url = (text) => toBase64url(new TextEncoder().encode(text));

  class MovecalcBoard extends HTMLElement {
    static get observedAttributes() { return ['link', 'readonly', 'height', 'label']; }
    connectedCallback() { queueMicrotask(() => this.update()); } // children are parsed by then
    attributeChangedCallback() { if (this.isConnected) this.update(); }

    code() {
      const link = this.getAttribute('link');
      if (link) {
        const m = /(?:#|&|^)p=([^&]*)/.exec(link);
        return m ? m[1] : link.trim();
      }
      const json = this.querySelector('script[type="application/json"]');
      if (json) {
        const text = json.textContent.trim();
        try { JSON.parse(text); } catch { return '1j.'; } // the page reports "not valid JSON"
        return '1j.' + b64url(text);
      }
      return '';
    }

    update() {
      const code = this.code();
      const src = new URL('index.html', base);
      src.searchParams.set('embed', '1');
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
        root.append(frame);
      }
      frame.title = this.getAttribute('label') || 'movecalc diagram';
      const h = this.getAttribute('height') || '420px';
      frame.style.setProperty('height', /^\d+(\.\d+)?(px|em|rem|vh)?$/.test(h) ? (/\d$/.test(h) ? `${h}px` : h) : '420px');
      if (frame.src !== src.href) frame.src = src.href;
    }
  }
  if (!customElements.get('movecalc-board')) customElements.define('movecalc-board', MovecalcBoard);
})();
