import type { EsignSigningDocument } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// The builder's react-pdf module: the pdf.js worker is bundled and set there, once for both screens.
import { PdfLoadBoundary } from '../esign/builder/PdfLoadBoundary';
import { PdfDocument, PdfPageCanvas } from '../esign/builder/PdfView';
import { SIGNING_LABELS as L } from './messages';

/** Widest a page is drawn (desktop): a readable width, centred. */
export const MAX_PAGE_WIDTH = 860;
/** Narrowest a page is drawn (the width before the column is measured, and in tests). */
const MIN_PAGE_WIDTH = 280;
const LETTER: [number, number] = [612, 792];

export interface SigningPageInfo {
  /** Counted from 1 across the request's documents in order (the fields' areas use it). */
  page: number;
  documentIndex: number;
  /** The page's number inside its PDF. */
  pageNumber: number;
  /** [width, height] in PDF points. */
  size: [number, number];
}

export function pagesOf(documents: readonly EsignSigningDocument[]): SigningPageInfo[] {
  const pages: SigningPageInfo[] = [];
  let next = 1;
  documents.forEach((document, documentIndex) => {
    const first = Number.isInteger(document.first_page) && document.first_page > 0 ? document.first_page : next;
    for (let pageNumber = 1; pageNumber <= document.pages; pageNumber += 1) {
      pages.push({ page: first + pageNumber - 1, documentIndex, pageNumber, size: document.page_sizes?.[pageNumber - 1] ?? LETTER });
    }
    next = first + document.pages;
  });
  return pages;
}

/** What the field layer of a page needs: its number and its size on screen. */
export interface PageLayout {
  info: SigningPageInfo;
  width: number;
  height: number;
  /** CSS pixels per PDF point. */
  scale: number;
}

/**
 * The request's documents, page under page, each page scaled to the column's width (at most
 * MAX_PAGE_WIDTH) with `overlay(page)` on top. The page boxes and their fields are laid out from the
 * page sizes at once; react-pdf draws each page into its box (through a portal) as its PDF loads, so
 * the fields can be filled while a PDF loads, and even when one fails to load.
 */
export const SigningDocuments = ({
  documents,
  overlay,
}: {
  documents: readonly EsignSigningDocument[];
  overlay: (layout: PageLayout) => ReactNode;
}) => {
  const pages = useMemo(() => pagesOf(documents), [documents]);
  const column = useRef<HTMLDivElement | null>(null);
  const [columnWidth, setColumnWidth] = useState(0);
  const [slots, setSlots] = useState<Record<number, HTMLElement | null>>({});

  useLayoutEffect(() => {
    const node = column.current;
    if (!node) return;
    const measure = () => setColumnWidth(node.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const width = Math.floor(Math.max(MIN_PAGE_WIDTH, Math.min(MAX_PAGE_WIDTH, columnWidth || MAX_PAGE_WIDTH)));

  // One stable ref callback per page: the slot react-pdf draws that page into.
  const slotRef = useCallback(
    (page: number) => (element: HTMLElement | null) =>
      setSlots((current) => (current[page] === element ? current : { ...current, [page]: element })),
    [],
  );
  const slotRefs = useMemo(() => new Map(pages.map((info) => [info.page, slotRef(info.page)])), [pages, slotRef]);

  return (
    <Box
      ref={column}
      sx={{ width: '100%', maxWidth: MAX_PAGE_WIDTH, mx: 'auto', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      {/* react-pdf's documents draw into the page boxes below; here only a load failure shows. */}
      <Box sx={{ width: '100%' }}>
        {documents.map((document, documentIndex) => {
          const failed = (
            <Alert severity="warning" data-testid="signing-pdf-error" sx={{ width: '100%' }}>
              {document.name}: {L.pdfFailed}
            </Alert>
          );
          return (
            // A PDF that cannot be read says so above the pages, kept to its document (the fields stay); while
            // it loads, its pages stay blank boxes (the fields are already there).
            <PdfLoadBoundary key={`${document.id}:${document.url}`} loading={null} failed={failed}>
              <PdfDocument url={document.url} error={failed}>
                {pages
                  .filter((info) => info.documentIndex === documentIndex)
                  .map((info) => {
                    const slot = slots[info.page];
                    return slot
                      ? createPortal(
                          <Suspense fallback={null}>
                            <PdfPageCanvas pageNumber={info.pageNumber} width={width} />
                          </Suspense>,
                          slot,
                          `pdf-${info.page}`,
                        )
                      : null;
                  })}
              </PdfDocument>
            </PdfLoadBoundary>
          );
        })}
      </Box>
      {pages.map((info) => {
        const height = Math.round((width * info.size[1]) / info.size[0]);
        return (
          <Box
            key={info.page}
            role="group"
            data-page={info.page}
            data-testid={`signing-page-${info.page}`}
            aria-label={L.page(info.page)}
            sx={{ position: 'relative', width, height, flexShrink: 0, bgcolor: '#fff', boxShadow: 2 }}
          >
            <Box
              ref={slotRefs.get(info.page)}
              aria-hidden
              sx={{ position: 'absolute', inset: 0, overflow: 'hidden', '& canvas': { display: 'block' } }}
            />
            {overlay({ info, width, height, scale: width / info.size[0] })}
          </Box>
        );
      })}
    </Box>
  );
};
