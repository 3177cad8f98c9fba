import type { EsignField, EsignRole } from '@app/contracts';
import { useDraggable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import { memo, type KeyboardEvent } from 'react';
import type { BuilderAction } from './builderState';
import { fieldDragId, resizeDragId } from './dragIds';
import { FieldTypeIcon } from './FieldTypeIcon';
import { isNudgeKey } from './geometry';
import { FIELD_TYPE_LABELS } from './messages';
import { roleColour, roleColourClass } from './roles';

export interface PageBoxSize {
  width: number;
  height: number;
}

/** The resize drag in progress (pixels), shown before it is dropped. */
export interface ResizePreview {
  uuid: string;
  dx: number;
  dy: number;
}

/**
 * A field on its page, in edit mode: drag it to move it, drag its corner to resize it, arrow keys nudge
 * it (Shift: further), Delete removes it.
 */
export const FieldBox = memo(function FieldBox({
  field,
  roles,
  selected,
  pageWidth,
  pageHeight,
  resize,
  dispatch,
}: {
  field: EsignField;
  roles: readonly EsignRole[];
  selected: boolean;
  /** The page's size on screen (pixels), for resizing. */
  pageWidth: number;
  pageHeight: number;
  /** The resize in progress when it is this field's, else null. */
  resize: ResizePreview | null;
  dispatch: (action: BuilderAction) => void;
}) {
  const area = field.areas[0];
  const page: PageBoxSize = { width: pageWidth, height: pageHeight };
  const move = useDraggable({ id: fieldDragId(field.uuid), data: { page } });
  const corner = useDraggable({ id: resizeDragId(field.uuid), data: { page } });
  const colour = roleColour(roles, field.role_uuid);
  const growX = resize?.uuid === field.uuid ? resize.dx : 0;
  const growY = resize?.uuid === field.uuid ? resize.dy : 0;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (isNudgeKey(event.key)) {
      event.preventDefault();
      dispatch({ type: 'nudge', uuid: field.uuid, key: event.key, large: event.shiftKey });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      dispatch({ type: 'delete', uuid: field.uuid });
    }
  };
  const roleName = roles.find((role) => role.uuid === field.role_uuid)?.name ?? '';
  return (
    <Box
      ref={move.setNodeRef}
      {...move.attributes}
      {...move.listeners}
      role="button"
      tabIndex={0}
      aria-label={`${field.name} (${FIELD_TYPE_LABELS[field.type]}, ${roleName})`}
      aria-pressed={selected}
      data-testid={`builder-field-${field.uuid}`}
      data-field-type={field.type}
      data-field-name={field.name}
      data-colour={roleColourClass(roles, field.role_uuid)}
      onFocus={() => dispatch({ type: 'select', uuid: field.uuid })}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        left: `${area.x * 100}%`,
        top: `${area.y * 100}%`,
        width: `calc(${area.w * 100}% + ${growX}px)`,
        height: `calc(${area.h * 100}% + ${growY}px)`,
        transform: move.transform ? `translate3d(${move.transform.x}px, ${move.transform.y}px, 0)` : undefined,
        border: 2,
        borderStyle: selected ? 'solid' : 'dashed',
        borderColor: colour,
        bgcolor: `${colour}26`,
        color: colour,
        cursor: 'move',
        touchAction: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.25,
        overflow: 'hidden',
        fontSize: 11,
        lineHeight: 1.1,
        whiteSpace: 'nowrap',
        zIndex: move.isDragging || selected ? 3 : 2,
        outline: 'none',
        '&:focus-visible': { boxShadow: `0 0 0 2px ${colour}` },
      }}
    >
      <FieldTypeIcon type={field.type} sx={{ fontSize: 12, flexShrink: 0 }} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {field.name}
      </Box>
      <Box
        ref={corner.setNodeRef}
        {...corner.listeners}
        data-testid={`builder-resize-${field.uuid}`}
        aria-hidden
        sx={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 7,
          height: 7,
          bgcolor: colour,
          cursor: 'nwse-resize',
          touchAction: 'none',
        }}
      />
    </Box>
  );
});
