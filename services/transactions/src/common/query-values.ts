/** A query string's number: an empty parameter means the default; a value that is not a number stays raw, so the validator names it. */
export const numberOrRaw = ({ value }: { value: unknown }) => {
  if (value === '' || value === undefined) return undefined;
  // Digits as written: ' 14 ', '0xe', '14e0' and '+14' stay raw (issue 9, strict ids).
  if (typeof value !== 'string' || !/^-?[0-9]{1,10}$/.test(value)) return value;
  return Number(value);
};

/** A query string's boolean: 'true' or 'false'; anything else stays raw, so the validator names it. */
export const booleanOrRaw = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
