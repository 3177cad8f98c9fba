import { FORM_FIELD_MESSAGES, WEB_LINK_MAX_LENGTH } from '@app/contracts';
import { formField, type FormFieldOptions } from './form-field';

export interface WebLinkOptions {
  /** Only https:// links ('The URL must start with "https://".'). */
  httpsOnly?: boolean;
}

// After URL parsing the host is lower-case ASCII (IDN hosts come back as xn-- punycode).
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a parsed URL's host is a domain name (two or more labels, a letter TLD) or localhost. */
function isDomainHost(hostname: string): boolean {
  // localhost as the console's web link input accepts it, so that both sides agree on every link.
  if (hostname === 'localhost') return true;
  const labels = hostname.split('.');
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1]);
}

/**
 * The message for a web link (spec 001 section 5), or null when it is valid. Rule: it starts with
 * http:// or https:// (any case; https:// only with `httpsOnly`), has no spaces, parses as a URL, has
 * no user:password@ part, and its host is a domain name (example.com, sub.example.co.uk, an IDN) or
 * localhost (as the console accepts it): IP addresses and other one-label hosts are refused. At most
 * 2048 characters. The server never fetches it.
 */
export function webLinkProblem(value: unknown, options: WebLinkOptions = {}): string | null {
  if (typeof value !== 'string') return FORM_FIELD_MESSAGES.urlFormat;
  if (options.httpsOnly ? !/^https:\/\//i.test(value) : !/^https?:\/\//i.test(value)) {
    return options.httpsOnly ? FORM_FIELD_MESSAGES.urlHttpsOnly : FORM_FIELD_MESSAGES.urlScheme;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (value.length > WEB_LINK_MAX_LENGTH || /[\s\u0000-\u001f\u007f]/.test(value) || LONE_SURROGATE.test(value)) {
    return FORM_FIELD_MESSAGES.urlFormat;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return FORM_FIELD_MESSAGES.urlFormat;
  }
  if (url.username || url.password || !isDomainHost(url.hostname)) return FORM_FIELD_MESSAGES.urlFormat;
  return null;
}

/**
 * A web link (spec 001 section 5): trimmed, kept as typed. Messages: 'This field is required',
 * 'The URL must start with "http://" or "https://".' (with httpsOnly: 'The URL must start with
 * "https://".'), 'The URL format is invalid.'.
 */
export const IsWebLinkField = (options: FormFieldOptions & WebLinkOptions = {}) =>
  formField({
    name: 'isWebLinkField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.urlFormat,
    normalize: (value) => (typeof value === 'string' ? value.trim() : value),
    check: (value) => webLinkProblem(value, options),
    api: { type: String, format: 'uri', maxLength: WEB_LINK_MAX_LENGTH, example: 'https://www.example.com' },
  });
