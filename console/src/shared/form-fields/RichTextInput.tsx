import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import {
  DefaultEditorOptions,
  RichTextInput as RaRichTextInput,
  type RichTextInputProps as RaRichTextInputProps,
} from 'ra-input-rich-text';
import { rulesOf } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';
import { EMBEDDED_IMAGE_NOTICE_MS, isEmbeddedImageTransfer, sanitizeRichText } from './rules';

export interface RichTextInputProps extends Omit<RaRichTextInputProps, 'editorOptions' | 'parse' | 'format'> {
  /** The simple editor: max height 40vh (30vh at 960 px wide or less), min 200 px, instead of 350 px. */
  simple?: boolean;
  required?: boolean;
  requiredMessage?: string;
}

// The editor schema has no image node, so an image can never enter the value, whatever the toolbar.
const extensions = (DefaultEditorOptions.extensions ?? []).filter((extension) => extension.name !== 'image');

const transferOf = (data: DataTransfer | null) => ({ files: Array.from(data?.files ?? []), html: data?.getData('text/html') ?? '' });

const heights = (simple?: boolean) =>
  simple
    ? { maxHeight: '40vh', minHeight: 200, overflowY: 'auto', '@media (max-width: 960px)': { maxHeight: '30vh' } }
    : { height: 350, overflowY: 'auto' };

/**
 * ra-input-rich-text's editor with the work area's rules (spec 001 sections 5 and 9): 350 px high (or the
 * `simple` variant), a pasted or dropped image file, or HTML with a data: or blob: image, inserts
 * nothing and shows 'Embeded images not allowed' for 3 s; scripts, styles, event handlers and
 * javascript: links never reach the value.
 */
export const RichTextInput = ({ simple, required, requiredMessage = M.required, validate, sx, ...props }: RichTextInputProps) => {
  const notify = useNotify();
  const editorOptions = useMemo(() => {
    const refuse = (data: DataTransfer | null) => {
      if (!isEmbeddedImageTransfer(transferOf(data))) return false;
      notify(M.embeddedImagesNotAllowed, { type: 'warning', autoHideDuration: EMBEDDED_IMAGE_NOTICE_MS });
      return true;
    };
    return {
      ...DefaultEditorOptions,
      extensions,
      editorProps: {
        // true: the editor treats the paste or drop as handled and inserts nothing.
        handlePaste: (_view: unknown, event: ClipboardEvent) => refuse(event.clipboardData),
        handleDrop: (_view: unknown, event: DragEvent) => refuse(event.dataTransfer),
      },
    };
  }, [notify]);

  return (
    <RaRichTextInput
      {...props}
      editorOptions={editorOptions}
      format={sanitizeRichText}
      parse={sanitizeRichText}
      validate={rulesOf({ required, requiredMessage, validate })}
      sx={{ '& .ProseMirror': heights(simple), ...sx }}
    />
  );
};
