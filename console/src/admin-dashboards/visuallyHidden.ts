import type { CSSProperties } from 'react';

// Strings, not numbers: inside an sx object MUI reads 1 as 100% and -1 as a spacing step.
/** Read by assistive tech, not shown (an input's full name where its column or row says it on screen). */
export const VISUALLY_HIDDEN: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: '0',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};
