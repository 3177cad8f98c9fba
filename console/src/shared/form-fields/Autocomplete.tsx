import { AutocompleteInput, type AutocompleteInputProps } from 'react-admin';
import { rulesOf } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';

/** Characters typed before the suggestions open (spec 001 section 9). */
export const AUTOCOMPLETE_MIN_LENGTH = 1;
/** Height of the suggestion list before it scrolls (spec 001 section 9). */
export const AUTOCOMPLETE_LIST_HEIGHT = 200;

export type AutocompleteProps = Omit<AutocompleteInputProps, 'shouldRenderSuggestions' | 'noOptionsText'> & {
  required?: boolean;
  requiredMessage?: string;
};

/**
 * react-admin's AutocompleteInput with the work area's settings (spec 001 section 9): suggestions from
 * the first typed character, a 200 px scrolling list, 'No results found'. Works with `choices` or
 * inside a ReferenceInput (server-side search).
 */
export const Autocomplete = ({ required, requiredMessage = M.required, validate, slotProps, ...props }: AutocompleteProps) => (
  <AutocompleteInput
    shouldRenderSuggestions={(text: string) => text.trim().length >= AUTOCOMPLETE_MIN_LENGTH}
    noOptionsText={M.noResults}
    validate={rulesOf({ required, requiredMessage, validate })}
    slotProps={{ ...slotProps, listbox: { style: { maxHeight: AUTOCOMPLETE_LIST_HEIGHT } } }}
    {...props}
  />
);
