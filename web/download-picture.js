// The Share panel's Download SVG and Download PNG: the board as it is on screen (the ruling drawn),
// framed whole at the board's width as movecalc-render frames it (picture.js stillView), the legend
// of the marks drawn and the share link as a caption, in one picture
// (picture.js), for pages that take only images. The SVG is recorded by an SvgContext with the
// page's own text widths; the PNG is the same picture drawn into a canvas at twice its size.
// Fetched with the drawing modules at the first download (downloads.js): most visits never make
// one. It imports nothing of the page's start (the scene's legend comes in `page`), so the page's
// own modules stay in the files they are in.
import { picture, stillView, drawnOn, drawnLegend, unitsBySide } from './picture.js';
import { SvgContext, SvgPath } from './svg-context.js';

const $ = (id) => document.getElementById(id);
const measurer = document.createElement('canvas').getContext('2d');
const measure = (text, font) => { measurer.font = font; return measurer.measureText(text).width; };

// the picture of the board on screen, framed and keyed as movecalc-render frames the same request
// at the board's width
async function build({ board, ui, doc, sys, system, link, legendMarks }) {
  board.settle();
  const query = ui.result?.request?.query ?? doc().query;
  const still = stillView(board.scene, Math.round(board.w));
  const kind = /\b(legal|illegal|error|answered)\b/.exec($('verdict').className)?.[1] ?? 'answered';
  return {
    pic: picture({
      scene: board.scene, ...still,
      // the verdict's words without its list of events, which the picture lists line by line
      title: `${sys().name}: ${query}`, verdict: { text: [...$('verdict').childNodes].filter((n) => !n.classList?.contains('sequence')).map((n) => n.textContent).join(' '), kind },
      sides: unitsBySide(doc()), legend: drawnLegend(legendMarks(system(), ui.result ? query : undefined), board.scene, drawnOn(board.scene, still.view, still.boardWidth, still.boardHeight, measure)), link: await link(), events: ui.result?.scene?.events ?? [], measure,
    }),
    name: `movecalc-${system()}-${query}`,
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

/** Makes and saves the picture: `kind` 'svg' or 'png'; `page` as downloads.js's initDownloads. */
export async function download(kind, page) {
  const { pic, name } = await build(page);
  if (kind === 'svg') {
    const ctx = new SvgContext(pic.width, pic.height, { measure });
    Object.assign(ctx, { title: pic.title, desc: pic.desc });
    pic.paint(ctx, SvgPath);
    save(new Blob([ctx.toSVG()], { type: 'image/svg+xml' }), `${name}.svg`);
    return;
  }
  const canvas = document.createElement('canvas');
  Object.assign(canvas, { width: pic.width * 2, height: pic.height * 2 });
  const ctx = canvas.getContext('2d');
  ctx.scale(2, 2);
  pic.paint(ctx);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob) save(blob, `${name}.png`);
}
