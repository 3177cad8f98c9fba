import type { EsignFieldType } from '@app/contracts';
import { PALETTE_TYPES } from './fieldTypes';

// The ids of the builder's draggables and droppables (@dnd-kit): what is dragged, and onto which page.

export const paletteDragId = (type: EsignFieldType) => `palette:${type}`;
export const fieldDragId = (uuid: string) => `field:${uuid}`;
export const resizeDragId = (uuid: string) => `resize:${uuid}`;
export const pageDropId = (page: number) => `page:${page}`;

export type DragSubject =
  { kind: 'palette'; fieldType: EsignFieldType } | { kind: 'field'; uuid: string } | { kind: 'resize'; uuid: string };

export function parseDragId(id: string | number): DragSubject | null {
  const [kind, rest] = String(id).split(/:(.*)/s);
  if (kind === 'palette' && (PALETTE_TYPES as readonly string[]).includes(rest)) return { kind, fieldType: rest as EsignFieldType };
  if ((kind === 'field' || kind === 'resize') && rest) return { kind, uuid: rest };
  return null;
}

export function parsePageDropId(id: string | number | null | undefined): number | null {
  const match = /^page:(\d+)$/.exec(String(id ?? ''));
  return match ? Number(match[1]) : null;
}
