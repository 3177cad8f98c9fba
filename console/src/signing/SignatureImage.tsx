import type { EsignSignatureValue } from '@app/contracts';
import Box from '@mui/material/Box';

/** The script-like face of typed signatures and initials (system fonts only: nothing to download). */
export const SCRIPT_FONT = '"Segoe Script", "Snell Roundhand", "Brush Script MT", "URW Chancery L", "Apple Chancery", cursive';

/** A drawn signature as its image, a typed one in the script face; fits its box. */
export const SignatureImage = ({ value, label, fontSize }: { value: EsignSignatureValue; label: string; fontSize?: number | string }) =>
  value.kind === 'drawn' ? (
    <Box
      component="img"
      src={value.image}
      alt={label}
      sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
    />
  ) : (
    <Box
      component="span"
      sx={{
        fontFamily: SCRIPT_FONT,
        fontStyle: 'italic',
        fontSize,
        lineHeight: 1.1,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        display: 'block',
        maxWidth: '100%',
      }}
    >
      {value.text}
    </Box>
  );
