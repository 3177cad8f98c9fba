import type { EsignFieldType, EsignTemplateDocumentFile, MappableField } from '@app/contracts';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import type { BuilderAction, BuilderState } from './builderState';
import { pageDropId, parseDragId, parsePageDropId, type DragSubject } from './dragIds';
import { FieldBox, type PageBoxSize, type ResizePreview } from './FieldBox';
import { FieldProperties } from './FieldProperties';
import { FieldTypeIcon } from './FieldTypeIcon';
import { defaultSizeOf, LETTER_PAGE } from './fieldTypes';
import { FillField } from './FillField';
import { fractionOf } from './geometry';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M, FIELD_TYPE_LABELS } from './messages';
import { Palette } from './Palette';
import { PageSkeleton, PdfLoadBoundary, PdfLoadFailed, PdfPagesLoading } from './PdfLoadBoundary';
import { PdfDocument, PdfPageCanvas } from './PdfView';
import { RolesPanel } from './RolesPanel';
import { roleColour } from './roles';

export type TemplateBuilderMode = 'edit' | 'fill';

export interface TemplateBuilderProps {
  /** 'edit': the admin builder; 'fill': the send stepper's Fill Out (values only, nothing moves). */
  mode: TemplateBuilderMode;
  /** The template's PDFs with their signed URLs and page sizes (GET /esign/templates/{id}). */
  files: readonly EsignTemplateDocumentFile[];
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  /** GET /esign/mappable-fields, or null while unknown. */
  mappableFields?: readonly MappableField[] | null;
  mappableError?: string | null;
  /** Where a PDF that cannot be read offers to go back to (the admin page: the templates list). */
  backTo?: string;
}

/** Zoom steps; 1 is the page at the width of its column (at most MAX_PAGE_WIDTH). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const MAX_PAGE_WIDTH = 900;
const THUMBNAIL_WIDTH = 84;

interface PageInfo {
  /** Counted from 1 through the documents in order (areas use it). */
  page: number;
  fileIndex: number;
  pageNumber: number;
  size: { width: number; height: number };
}

function pagesOf(files: readonly EsignTemplateDocumentFile[]): PageInfo[] {
  const pages: PageInfo[] = [];
  files.forEach((file, fileIndex) => {
    for (let pageNumber = 1; pageNumber <= file.pages; pageNumber += 1) {
      pages.push({ page: pages.length + 1, fileIndex, pageNumber, size: file.page_sizes?.[pageNumber - 1] ?? LETTER_PAGE });
    }
  });
  return pages;
}

const fileKeyOf = (file: EsignTemplateDocumentFile) => `${file.id}:${file.url}`;

// The page under the pointer; without a pointer (keyboard), the page the dragged box overlaps most.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const PageSurface = ({
  info,
  width,
  children,
  pdf,
}: {
  info: PageInfo;
  width: number;
  children: React.ReactNode;
  pdf: React.ReactNode;
}) => {
  const { setNodeRef, isOver } = useDroppable({ id: pageDropId(info.page) });
  const height = (width * info.size.height) / info.size.width;
  return (
    <Box
      ref={setNodeRef}
      data-testid={`builder-page-${info.page}`}
      data-page={info.page}
      data-over={isOver ? 'true' : undefined}
      aria-label={L.page(info.page)}
      role="group"
      sx={{
        position: 'relative',
        width,
        height,
        flexShrink: 0,
        bgcolor: '#fff',
        boxShadow: 2,
        outline: isOver ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'solid',
        '& canvas': { display: 'block' },
      }}
    >
      {pdf}
      {children}
    </Box>
  );
};

/**
 * The template builder (spec 002 sections 2.3 and 2.4): the template's pages rendered with react-pdf, the 11 field types
 * dragged onto them, fields moved, resized, copied, deleted and nudged, page thumbnails, zoom, the roles
 * panel and the field properties. In 'fill' mode (the send stepper) the same pages take the fields'
 * values instead. The state lives with the caller (a builderReducer), so the caller saves it.
 */
export const TemplateBuilder = ({
  mode,
  files,
  state,
  dispatch,
  mappableFields = null,
  mappableError = null,
  backTo,
}: TemplateBuilderProps) => {
  const editing = mode === 'edit';
  const { schema, selectedUuid } = state;
  const pages = useMemo(() => pagesOf(files), [files]);
  const scroller = useRef<HTMLDivElement | null>(null);
  const [columnWidth, setColumnWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [currentPage, setCurrentPage] = useState(1);
  const [dragging, setDragging] = useState<DragSubject | null>(null);
  const [resize, setResize] = useState<ResizePreview | null>(null);
  // Try again on a PDF that could not be read: a new key remounts its documents, and react-pdf loads it afresh.
  const [attempts, setAttempts] = useState<Record<string, number>>({});
  const pdfKey = (file: EsignTemplateDocumentFile) => `${fileKeyOf(file)}:${attempts[fileKeyOf(file)] ?? 0}`;
  const retry = (file: EsignTemplateDocumentFile) =>
    setAttempts((current) => ({ ...current, [fileKeyOf(file)]: (current[fileKeyOf(file)] ?? 0) + 1 }));
  // Between 961 and 1199 px the properties share the tools' column (there is no room for a fourth one).
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const propertiesBeside = !phone && !wide;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  // The pages fit the width of their column at 100 %.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const measure = () => setColumnWidth(node.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const fitWidth = Math.max(240, Math.min(MAX_PAGE_WIDTH, (columnWidth || 640) - 24));
  const pageWidth = Math.round(fitWidth * zoom);

  const pageBox = (page: number) => scroller.current?.querySelector<HTMLElement>(`[data-page="${page}"]`)?.getBoundingClientRect() ?? null;

  const onScroll = () => {
    const node = scroller.current;
    if (!node) return;
    const top = node.getBoundingClientRect().top + node.clientHeight / 3;
    let visible = 1;
    for (const info of pages) {
      const box = pageBox(info.page);
      if (box && box.top <= top) visible = info.page;
    }
    setCurrentPage(visible);
  };

  const showPage = (page: number) => {
    setCurrentPage(page);
    scroller.current?.querySelector<HTMLElement>(`[data-page="${page}"]`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  // A palette click (or Enter): the field goes near the top-left of the page in view. Stable (through a
  // ref), so that the memoised palette does not render again with every change.
  const latest = useRef({ pages, currentPage, fields: schema.fields });
  latest.current = { pages, currentPage, fields: schema.fields };
  const addToCurrentPage = useCallback(
    (fieldType: EsignFieldType) => {
      const { pages: all, currentPage: page, fields } = latest.current;
      const info = all.find((p) => p.page === page) ?? all[0];
      if (!info) return;
      const offset = (fields.filter((f) => f.areas[0]?.page === info.page).length % 10) * 0.04;
      dispatch({ type: 'addField', fieldType, page: info.page, x: 0.1 + offset / 2, y: 0.1 + offset, pageSize: info.size });
    },
    [dispatch],
  );

  const onDragStart = (event: DragStartEvent) => {
    setDragging(parseDragId(event.active.id));
    setResize(null);
  };
  const onDragMove = (event: DragMoveEvent) => {
    const subject = parseDragId(event.active.id);
    if (subject?.kind === 'resize') setResize({ uuid: subject.uuid, dx: event.delta.x, dy: event.delta.y });
  };
  const onDragEnd = (event: DragEndEvent) => {
    const subject = parseDragId(event.active.id);
    setDragging(null);
    setResize(null);
    if (!subject) return;
    if (subject.kind === 'resize') {
      const size = event.active.data.current?.page as PageBoxSize | undefined;
      if (size?.width && size.height)
        dispatch({ type: 'resize', uuid: subject.uuid, dw: event.delta.x / size.width, dh: event.delta.y / size.height });
      return;
    }
    const page = parsePageDropId(event.over?.id);
    const dropped = event.active.rect.current.translated;
    const box = page ? pageBox(page) : null;
    if (!page || !dropped || !box) return;
    const corner = fractionOf({ x: dropped.left, y: dropped.top }, box);
    if (subject.kind === 'palette') {
      const info = pages.find((p) => p.page === page);
      dispatch({ type: 'addField', fieldType: subject.fieldType, page, x: corner.x, y: corner.y, pageSize: info?.size });
    } else {
      dispatch({ type: 'moveTo', uuid: subject.uuid, page, x: corner.x, y: corner.y });
      dispatch({ type: 'select', uuid: subject.uuid });
    }
  };

  const selected = editing ? (schema.fields.find((field) => field.uuid === selectedUuid) ?? null) : null;
  const properties = selected ? (
    <FieldProperties
      field={selected}
      roles={schema.roles}
      mappableFields={mappableFields}
      mappableError={mappableError}
      dispatch={dispatch}
    />
  ) : (
    <Typography variant="body2" color="text.secondary">
      {M.selectField}
    </Typography>
  );
  const activeColour = roleColour(schema.roles, state.activeRoleUuid ?? '');
  const ghostPage = (pages.find((p) => p.page === currentPage) ?? pages[0])?.size ?? LETTER_PAGE;
  const ghostSize = dragging?.kind === 'palette' ? defaultSizeOf(dragging.fieldType, ghostPage) : null;

  const zoomIndex = ZOOM_LEVELS.indexOf(zoom);
  const toolbar = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <Tooltip title={L.zoomOut} describeChild>
        <span>
          <IconButton aria-label={L.zoomOut} size="small" disabled={zoomIndex <= 0} onClick={() => setZoom(ZOOM_LEVELS[zoomIndex - 1])}>
            <ZoomOutIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Button
        size="small"
        color="inherit"
        onClick={() => setZoom(1)}
        aria-label={L.zoomReset}
        data-testid="builder-zoom"
        sx={{ minWidth: 56 }}
      >
        {Math.round(zoom * 100)}%
      </Button>
      <Tooltip title={L.zoomIn} describeChild>
        <span>
          <IconButton
            aria-label={L.zoomIn}
            size="small"
            disabled={zoomIndex >= ZOOM_LEVELS.length - 1}
            onClick={() => setZoom(ZOOM_LEVELS[zoomIndex + 1])}
          >
            <ZoomInIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
        {pages.length > 0 ? `${L.page(currentPage)} / ${pages.length}` : ''}
      </Typography>
    </Box>
  );

  // Memoised: thumbnails change with the pages and the page in view, not with the fields.
  const thumbnails = useMemo(
    () => (
      <Box
        component="nav"
        aria-label={L.pages}
        data-testid="builder-thumbnails"
        sx={{ display: { xs: 'none', md: 'flex' }, flexDirection: 'column', gap: 1, overflowY: 'auto', alignItems: 'center', py: 0.5 }}
      >
        {files.map((file, fileIndex) => (
          // A PDF that cannot be read leaves no thumbnails; the pages' column says why.
          <PdfLoadBoundary
            key={pdfKey(file)}
            failed={null}
            loading={
              <PdfPagesLoading
                sizes={pages.filter((info) => info.fileIndex === fileIndex).map((info) => info.size)}
                width={THUMBNAIL_WIDTH}
                announce={false}
              />
            }
          >
            <PdfDocument url={file.url}>
              {pages
                .filter((info) => info.fileIndex === fileIndex)
                .map((info) => (
                  <Box
                    key={info.page}
                    component="button"
                    type="button"
                    aria-label={L.page(info.page)}
                    aria-current={info.page === currentPage ? 'page' : undefined}
                    onClick={() => showPage(info.page)}
                    sx={{
                      p: 0,
                      border: 2,
                      borderColor: info.page === currentPage ? 'primary.main' : 'divider',
                      bgcolor: '#fff',
                      cursor: 'pointer',
                      width: THUMBNAIL_WIDTH + 4,
                      minHeight: (THUMBNAIL_WIDTH * info.size.height) / info.size.width + 4,
                      position: 'relative',
                      '& canvas': { display: 'block' },
                    }}
                  >
                    <Suspense fallback={<PageSkeleton />}>
                      <PdfPageCanvas pageNumber={info.pageNumber} width={THUMBNAIL_WIDTH} />
                    </Suspense>
                    <Typography variant="caption" sx={{ position: 'absolute', bottom: 0, right: 2, color: 'text.secondary' }}>
                      {info.page}
                    </Typography>
                  </Box>
                ))}
            </PdfDocument>
          </PdfLoadBoundary>
        ))}
      </Box>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [files, pages, currentPage, attempts],
  );

  const pagesColumn = (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      {toolbar}
      <Box
        ref={scroller}
        onScroll={onScroll}
        data-testid="builder-pages"
        onPointerDown={(event) => {
          // A click on the page itself (not on a field) leaves the selection.
          if ((event.target as HTMLElement).closest('[data-testid^="builder-field-"]') === null) dispatch({ type: 'select', uuid: null });
        }}
        sx={{
          overflow: 'auto',
          flex: 1,
          minHeight: 0,
          bgcolor: 'action.hover',
          p: 1.5,
          display: 'flex',
          flexDirection: 'column',
          alignItems: zoom > 1 ? 'flex-start' : 'center',
          gap: 2,
        }}
      >
        {files.map((file, fileIndex) => (
          // Each PDF in its own boundary: while it loads its pages' outlines, if it cannot be read a message
          // in their place; the tools, the other PDFs and the page around keep working.
          <PdfLoadBoundary
            key={pdfKey(file)}
            loading={
              <PdfPagesLoading sizes={pages.filter((info) => info.fileIndex === fileIndex).map((info) => info.size)} width={pageWidth} />
            }
            failed={<PdfLoadFailed name={files.length > 1 ? file.name : null} onRetry={() => retry(file)} backTo={backTo} />}
          >
            <PdfDocument url={file.url}>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                {pages
                  .filter((info) => info.fileIndex === fileIndex)
                  .map((info) => (
                    <PageSurface
                      key={info.page}
                      info={info}
                      width={pageWidth}
                      pdf={
                        <Suspense fallback={<PageSkeleton />}>
                          <PdfPageCanvas pageNumber={info.pageNumber} width={pageWidth} />
                        </Suspense>
                      }
                    >
                      {schema.fields
                        .filter((field) => field.areas[0]?.page === info.page)
                        .map((field) =>
                          editing ? (
                            <FieldBox
                              key={field.uuid}
                              field={field}
                              roles={schema.roles}
                              selected={field.uuid === selectedUuid}
                              pageWidth={pageWidth}
                              pageHeight={(pageWidth * info.size.height) / info.size.width}
                              resize={resize?.uuid === field.uuid ? resize : null}
                              dispatch={dispatch}
                            />
                          ) : (
                            <FillField key={field.uuid} field={field} roles={schema.roles} dispatch={dispatch} />
                          ),
                        )}
                    </PageSurface>
                  ))}
              </Box>
            </PdfDocument>
          </PdfLoadBoundary>
        ))}
      </Box>
    </Box>
  );

  if (!editing) {
    return (
      <Box
        data-testid="template-builder"
        data-mode={mode}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${THUMBNAIL_WIDTH + 12}px minmax(0, 1fr)` },
          gap: 2,
          height: '100%',
          minHeight: 0,
        }}
      >
        {thumbnails}
        {pagesColumn}
      </Box>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => (setDragging(null), setResize(null))}
    >
      <Box
        data-testid="template-builder"
        data-mode={mode}
        sx={{
          display: 'grid',
          // Phones: one column (palette and roles, the pages, the properties). From 961 px: the tools and the
          // properties in one column beside the pages. From 1200 px: tools, thumbnails, pages, properties.
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: '240px minmax(0, 1fr)',
            md: `224px ${THUMBNAIL_WIDTH + 12}px minmax(0, 1fr) 250px`,
          },
          gap: 2,
          height: '100%',
          minHeight: 0,
          '& > *': { minHeight: 0 },
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, overflowY: { sm: 'auto' }, pr: { sm: 0.5 } }}>
          <Palette onAdd={addToCurrentPage} />
          <RolesPanel roles={schema.roles} fields={schema.fields} activeRoleUuid={state.activeRoleUuid} dispatch={dispatch} />
          {propertiesBeside && properties}
        </Box>
        {thumbnails}
        <Box sx={{ display: 'flex', flexDirection: 'column', height: { xs: '70vh', sm: 'auto' }, minHeight: 0 }}>{pagesColumn}</Box>
        {!propertiesBeside && <Box sx={{ overflowY: { md: 'auto' } }}>{properties}</Box>}
      </Box>
      <DragOverlay dropAnimation={null}>
        {dragging?.kind === 'palette' && ghostSize ? (
          <Box
            sx={{
              width: ghostSize.w * pageWidth,
              height: (ghostSize.h * pageWidth * ghostPage.height) / ghostPage.width,
              minHeight: 16,
              border: 2,
              borderStyle: 'dashed',
              borderColor: activeColour,
              bgcolor: `${activeColour}26`,
              color: activeColour,
              display: 'flex',
              alignItems: 'center',
              gap: 0.25,
              fontSize: 11,
              pointerEvents: 'none',
            }}
          >
            <FieldTypeIcon type={dragging.fieldType} sx={{ fontSize: 12 }} />
            {FIELD_TYPE_LABELS[dragging.fieldType]}
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
