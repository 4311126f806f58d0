// The Share panel's Download SVG and Download PNG: the board as it is on screen (the ruling drawn),
// framed whole at the board's width as movecalc-render frames it (picture.js stillView), the legend
// of the marks drawn and the share link as a caption, in one picture
// (picture.js), for pages that take only images. The SVG is recorded by an SvgContext with the
// page's own text widths; the PNG is the same picture drawn into a canvas at twice its size.
// The drawing modules are fetched at the first download: most visits never make one (5.7 KB gzip
// of the page's code; docs/performance.md "Weight, third round").
import { legendMarks } from './scene.js';

const drawing = () => Promise.all([import('./picture.js'), import('./svg-context.js')]).then(([p, s]) => ({ ...p, ...s }));

const $ = (id) => document.getElementById(id);

/**
 * Wires the buttons. `page`: the `board`, the page's `ui` state (its `result`), `doc()`, `sys()`,
 * `system()` (its id) and `link()` (a promise of the share link of the position on screen).
 */
export function initDownloads({ board, ui, doc, sys, system, link }) {
  const measurer = document.createElement('canvas').getContext('2d');
  const measure = (text, font) => { measurer.font = font; return measurer.measureText(text).width; };
  const note = $('download-note').textContent;

  // the picture, or null when its modules could not be fetched (offline before any download)
  async function build() {
    let modules;
    try { modules = await drawing(); } catch {
      $('download-note').textContent = 'The picture could not be made: its drawing code could not be loaded (offline?).';
      return null;
    }
    $('download-note').textContent = note;
    const { picture, stillView, drawnOn, drawnLegend, unitsBySide, SvgContext, SvgPath } = modules;
    board.settle();
    const query = ui.result?.request?.query ?? doc().query;
    // framed and keyed as movecalc-render frames the same request at the board's width
    const still = stillView(board.scene, Math.round(board.w));
    const kind = /\b(legal|illegal|error|answered)\b/.exec($('verdict').className)?.[1] ?? 'answered';
    return {
      pic: picture({
        scene: board.scene, ...still,
        // the verdict's words without its list of events, which the picture lists line by line
        title: `${sys().name}: ${query}`, verdict: { text: [...$('verdict').childNodes].filter((n) => !n.classList?.contains('sequence')).map((n) => n.textContent).join(' '), kind },
        sides: unitsBySide(doc()), legend: drawnLegend(legendMarks(system(), ui.result ? query : undefined), board.scene, drawnOn(board.scene, still.view, still.boardWidth, still.boardHeight, measure)), link: await link(), events: ui.result?.scene?.events ?? [], measure,
      }),
      name: `movecalc-${system()}-${query}`, SvgContext, SvgPath,
    };
  }

  function save(blob, name) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  $('download-svg').addEventListener('click', async () => {
    const built = await build();
    if (!built) return;
    const { pic, name, SvgContext, SvgPath } = built;
    const ctx = new SvgContext(pic.width, pic.height, { measure });
    Object.assign(ctx, { title: pic.title, desc: pic.desc });
    pic.paint(ctx, SvgPath);
    save(new Blob([ctx.toSVG()], { type: 'image/svg+xml' }), `${name}.svg`);
  });

  $('download-png').addEventListener('click', async () => {
    const built = await build();
    if (!built) return;
    const { pic, name } = built;
    const canvas = document.createElement('canvas');
    Object.assign(canvas, { width: pic.width * 2, height: pic.height * 2 });
    const ctx = canvas.getContext('2d');
    ctx.scale(2, 2);
    pic.paint(ctx);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) save(blob, `${name}.png`);
  });
}
