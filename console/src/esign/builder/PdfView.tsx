import { memo, useMemo, type ReactNode } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
// The pdf.js worker, bundled and served from our own origin (the edge's policy: workers from 'self' and
// blob: only). Set in this module, the one that renders react-pdf (react-pdf's own advice).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

// The only module that imports react-pdf: the builder's chunk carries pdf.js, the console's first
// load does not; tests replace this module (jsdom has no canvas).

/**
 * One PDF of the template; its pages render inside. react-pdf 11 suspends while it loads and throws one it
 * cannot read: wrap it in a Suspense and an error boundary (the builder's PdfLoadBoundary). `error` shows
 * only when react-pdf runs without Suspense.
 */
export const PdfDocument = ({ url, children, error = null }: { url: string; children: ReactNode; error?: ReactNode }) => {
  // A stable `file`: react-pdf loads the document again whenever the object changes.
  const file = useMemo(() => ({ url }), [url]);
  return (
    <Document file={file} loading={null} error={error}>
      {children}
    </Document>
  );
};

/** A page drawn at `width` CSS pixels; text and links stay out (the fields sit on top). */
// Memoised: the builder re-renders on every change of its fields, the drawn page does not need to.
export const PdfPageCanvas = memo(({ pageNumber, width }: { pageNumber: number; width: number }) => (
  <Page pageNumber={pageNumber} width={width} renderTextLayer={false} renderAnnotationLayer={false} loading={null} />
));
