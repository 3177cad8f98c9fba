import type { EsignFieldType } from '@app/contracts';
import { useDraggable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { paletteDragId } from './dragIds';
import { FieldTypeIcon } from './FieldTypeIcon';
import { PALETTE_TYPES } from './fieldTypes';
import { BUILDER_LABELS as L, FIELD_TYPE_LABELS } from './messages';

const PaletteItem = ({ type, onAdd }: { type: EsignFieldType; onAdd: (type: EsignFieldType) => void }) => {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteDragId(type) });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // Enter or a click (no drag) puts the field on the page in view.
      onClick={() => onAdd(type)}
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<FieldTypeIcon type={type} />}
      data-testid={`palette-${type}`}
      sx={{ justifyContent: 'flex-start', textTransform: 'none', opacity: isDragging ? 0.5 : 1, touchAction: 'none' }}
    >
      {FIELD_TYPE_LABELS[type]}
    </Button>
  );
};

/** The 11 field types, dragged onto a page (or clicked: onto the page in view). */
export const Palette = memo(({ onAdd }: { onAdd: (type: EsignFieldType) => void }) => (
  <Box data-testid="builder-palette" component="section" aria-label={L.palette}>
    <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
      {L.palette}
    </Typography>
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(130px, 1fr))', md: '1fr' }, gap: 0.75 }}>
      {PALETTE_TYPES.map((type) => (
        <PaletteItem key={type} type={type} onAdd={onAdd} />
      ))}
    </Box>
  </Box>
));
