// The one set of field inputs of the console (CONVENTIONS.md): see README.md in this folder.
export { Autocomplete, AUTOCOMPLETE_LIST_HEIGHT, AUTOCOMPLETE_MIN_LENGTH, type AutocompleteProps } from './Autocomplete';
export { CurrencyInput, type CurrencyInputProps } from './CurrencyInput';
export { DateInput, type DateInputProps } from './DateInput';
export { DateRangePresetInput, type DateRangePresetInputProps } from './DateRangePresetInput';
export { EmailInput, type EmailInputProps } from './EmailInput';
export { FieldMessagesAfterSubmit } from './fieldParts';
export { MultiSelect, type MultiSelectChoice, type MultiSelectProps } from './MultiSelect';
export { MultiStepTabbedForm, type FormStep, type MultiStepTabbedFormProps } from './MultiStepTabbedForm';
export { PercentInput, type PercentInputProps } from './PercentInput';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export { RichTextInput, type RichTextInputProps } from './RichTextInput';
export { WebLinkInput, type WebLinkInputProps } from './WebLinkInput';
export { WholeNumberInput, type WholeNumberInputProps } from './WholeNumberInput';
export { ESIGN_FIELD_MESSAGES, FORM_FIELD_LABELS, FORM_FIELD_MESSAGES, itemsSelectedText } from './messages';
export * from './rules';
