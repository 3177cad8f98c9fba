// Reads a PDF on stdin and prints, per page, what pdfjs-dist sees on it as JSON: text items and the
// bounding boxes of images and stroked/filled paths, all in PDF user space. pdfjs-dist is ESM only,
// which jest's CommonJS runtime cannot load; a plain node process can (pdf-content.ts runs it).
// pdfjs-dist 6 expects Node 22; Node 20 lacks Promise.withResolvers and ArrayBuffer#transferToFixedLength.
if (!Promise.withResolvers) {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
if (!ArrayBuffer.prototype.transferToFixedLength) {
  ArrayBuffer.prototype.transferToFixedLength = function transferToFixedLength(length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
}
const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));

const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
function box(m, x0, y0, x1, y1) {
  const corners = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

const pdf = await getDocument({ data, verbosity: 0, isEvalSupported: false, useSystemFonts: false, disableFontFace: true }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  const text = await page.getTextContent();
  const items = text.items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => ({
      str: item.str,
      x: item.transform[4],
      y: item.transform[5],
      width: item.width,
      height: item.height,
      fontName: item.fontName,
    }));
  const operators = await page.getOperatorList();
  const images = [];
  const paths = [];
  const stack = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  operators.fnArray.forEach((fn, i) => {
    const args = operators.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) images.push(box(ctm, 0, 0, 1, 1));
    else if (fn === OPS.constructPath && args[2]) paths.push(box(ctm, args[2][0], args[2][1], args[2][2], args[2][3]));
  });
  pages.push({
    view: page.view,
    rotate: page.rotate,
    viewport: { width: viewport.width, height: viewport.height, transform: viewport.transform },
    items,
    images,
    paths,
  });
}
process.stdout.write(JSON.stringify(pages));
