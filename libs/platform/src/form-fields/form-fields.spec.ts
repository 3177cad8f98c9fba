import { ValidationPipe } from '@nestjs/common';
import { ESIGN_FIELD_MESSAGES, FORM_FIELD_MESSAGES as M, type ErrorResponse, type FieldError } from '@app/contracts';
import { FieldErrorsException, validationExceptionFactory } from '../errors';
import { IsDateField } from './dates';
import { IsEmailField, isFormEmail } from './email';
import { IsAmountField, IsPercentField, IsWholeNumberField, fractionDigits } from './numbers';
import { IsPhoneField, normalizePhone } from './phone';
import { IsRequiredField } from './required';
import { IsRichTextField } from './rich-text';
import { IsWebLinkField, webLinkProblem } from './web-link';

// The same pipe PlatformModule installs, so these tests see what a service's DTO sees.
const pipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationExceptionFactory,
});

async function submit<T extends object>(dto: new () => T, body: unknown): Promise<{ value?: T; errors?: FieldError[] }> {
  try {
    return { value: (await pipe.transform(body, { type: 'body', metatype: dto })) as T };
  } catch (error) {
    if (error instanceof FieldErrorsException) return { errors: (error.getResponse() as ErrorResponse).errors };
    throw error;
  }
}

/** The one error of `field`, or undefined when the body passes. */
async function errorOf<T extends object>(dto: new () => T, field: string, value: unknown): Promise<string | undefined> {
  const { errors } = await submit(dto, { [field]: value });
  return errors?.find((e) => e.field === field)?.error;
}

async function valueOf<T extends object>(dto: new () => T, field: keyof T & string, value: unknown): Promise<unknown> {
  const { value: result, errors } = await submit(dto, { [field]: value });
  expect(errors).toBeUndefined();
  return result![field];
}

// Every kind of JSON value, and strings that have broken validators before.
const ANY_JSON: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  {},
  { a: 1 },
  [],
  ['x'],
  [1, 2],
  '',
  '   ',
  '\ud800x',
  'x\udc00',
  'a'.repeat(300_000),
  '\u0000',
  '__proto__',
];

class EmailDto {
  @IsEmailField() email!: string;
  @IsEmailField({ required: false }) other_email?: string | null;
  @IsEmailField({ message: ESIGN_FIELD_MESSAGES.invalidEmail, requiredMessage: 'Email is required' }) signer_email!: string;
}

describe(IsEmailField.name, () => {
  it('trims a valid address', async () => {
    const { value } = await submit(EmailDto, { email: '  jane.doe+x@mail.example.com ', signer_email: 'a@b.co' });
    expect(value).toMatchObject({ email: 'jane.doe+x@mail.example.com', signer_email: 'a@b.co' });
  });

  it.each([
    'jane..doe@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'jane@example..com',
    'jane@.example.com',
    'jane@example.com.',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example.c',
    'jane@example.c0m',
    'jane@example',
    'jane@@example.com',
    'jane doe@example.com',
    'jané@example.com',
    '@example.com',
    'jane',
    `${'a'.repeat(65)}@example.com`,
    // 261 characters: over the 254 limit though every part is well formed.
    `a@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
  ])("refuses %s with 'This is an invalid email address'", async (email) => {
    expect(await errorOf(EmailDto, 'email', email)).toBe(M.invalidEmail);
  });

  it.each([undefined, null, '', '   '])("answers 'This field is required' for %p", async (email) => {
    expect(await errorOf(EmailDto, 'email', email)).toBe(M.required);
  });

  it('gives e-sign wordings when asked', async () => {
    expect(await errorOf(EmailDto, 'signer_email', 'nope')).toBe('Please enter a valid email address');
    expect(await errorOf(EmailDto, 'signer_email', '')).toBe('Email is required');
  });

  it('lets an optional address be left out, and stores an empty one as null', async () => {
    const { value } = await submit(EmailDto, { email: 'a@b.co', signer_email: 'a@b.co', other_email: ' ' });
    expect(value!.other_email).toBeNull();
    expect(await errorOf(EmailDto, 'other_email', undefined)).toBeUndefined();
    expect(await errorOf(EmailDto, 'other_email', 'bad')).toBe(M.invalidEmail);
  });

  it('never throws on a lone surrogate or a huge string', () => {
    expect(isFormEmail('\ud800x@example.com')).toBe(false);
    expect(isFormEmail(`${'a'.repeat(1_000_000)}@example.com`)).toBe(false);
  });
});

class PhoneDto {
  @IsPhoneField() phone!: string;
}

describe(IsPhoneField.name, () => {
  it.each([
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['555-123-4567', '5551234567'],
    ['+1 555 123 4567', '5551234567'],
    ['1 (555) 123-4567', '5551234567'],
    [' 5551234567 ', '5551234567'],
  ])('stores %s as %s', async (input, stored) => {
    expect(await valueOf(PhoneDto, 'phone', input)).toBe(stored);
  });

  it.each(['555123456', '555123456789', '25551234567', '555-CALL-NOW', '555 123 4567 ext 2', '++1 555 123 4567', 5551234567])(
    "refuses %p with 'Please enter a valid phone number'",
    async (phone) => {
      expect(await errorOf(PhoneDto, 'phone', phone)).toBe(M.invalidPhone);
    },
  );

  it('reads a number only from formatting characters', () => {
    expect(normalizePhone('a5551234567')).toBeNull();
    expect(normalizePhone('(555) 123-4567')).toBe('5551234567');
  });
});

class WebLinkDto {
  @IsWebLinkField() link!: string;
  @IsWebLinkField({ httpsOnly: true, required: false }) secure_link?: string | null;
}

describe(IsWebLinkField.name, () => {
  it.each([
    'https://www.example.com',
    'http://example.com/path?q=1#top',
    'HTTPS://Example.COM',
    'https://sub.example.co.uk:8443/a',
    'https://münchen.de',
    'http://localhost:3000/x',
  ])('accepts %s', async (link) => {
    expect(await valueOf(WebLinkDto, 'link', ` ${link} `)).toBe(link);
  });

  it.each(['www.example.com', 'ftp://example.com', 'javascript:alert(1)', 'mailto:a@b.co', '//example.com', 'example.com'])(
    'refuses %s: it must start with http:// or https://',
    async (link) => {
      expect(await errorOf(WebLinkDto, 'link', link)).toBe('The URL must start with "http://" or "https://".');
    },
  );

  it.each([
    'https://',
    'https://example',
    'https://exa mple.com',
    'https://example.com/a b',
    'https://192.168.0.1/',
    'https://[::1]/',
    'https://user:pw@example.com',
    'https://example.c',
    'https://-x.example.com',
    'https://ex\ud800ample.com',
    `https://example.com/${'a'.repeat(2050)}`,
  ])('refuses %s: the URL format is invalid', async (link) => {
    expect(await errorOf(WebLinkDto, 'link', link)).toBe('The URL format is invalid.');
  });

  it('has an https-only variant', async () => {
    expect(await errorOf(WebLinkDto, 'secure_link', 'http://example.com')).toBe('The URL must start with "https://".');
    expect(await errorOf(WebLinkDto, 'secure_link', 'https://example.com')).toBeUndefined();
    expect(webLinkProblem('https://example', { httpsOnly: true })).toBe(M.urlFormat);
  });
});

class NumbersDto {
  @IsWholeNumberField() count!: number;
  @IsAmountField() amount!: number;
  @IsAmountField({ allowNegative: true, required: false }) adjustment?: number | null;
  @IsPercentField() rate!: number;
  @IsPercentField({ calculator: true, required: false }) calc_rate?: number | null;
}

describe(IsWholeNumberField.name, () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 7 ', 7],
    [0, 0],
  ])('accepts %p as %p', async (input, _stored) => {
    expect(await errorOf(NumbersDto, 'count', input)).toBeUndefined();
    const { errors } = await submit(NumbersDto, { count: input, amount: 1, rate: 1 });
    expect(errors).toBeUndefined();
  });

  it.each([1.5, '1.5', '1,000', '1.0', '1e3', 'ten', true, [1], { n: 1 }])(
    "refuses %p with 'Please enter a whole number'",
    async (count) => {
      expect(await errorOf(NumbersDto, 'count', count)).toBe(M.wholeNumber);
    },
  );

  it('refuses numbers outside the range, naming it', async () => {
    expect(await errorOf(NumbersDto, 'count', -1)).toBe('Please enter a whole number from 0 to 2147483647');
    expect(await errorOf(NumbersDto, 'count', 2_147_483_648)).toBe('Please enter a whole number from 0 to 2147483647');
  });

  it('turns a string of digits into a number', async () => {
    const { value } = await submit(NumbersDto, { count: '42', amount: '$1,234.50', rate: '12.3456' });
    expect(value).toMatchObject({ count: 42, amount: 1234.5, rate: 12.3456 });
  });
});

describe(IsAmountField.name, () => {
  it.each([
    [0, 0],
    [1234.5, 1234.5],
    ['1234.56', 1234.56],
    ['$1,234.56', 1234.56],
    [999_999_999_999.99, 999_999_999_999.99],
  ])('accepts %p as %p', async (input, stored) => {
    const { value, errors } = await submit(NumbersDto, { count: 1, amount: input, rate: 1 });
    expect(errors).toBeUndefined();
    expect(value!.amount).toBe(stored);
  });

  it.each([1.234, '1.234', -1, '-5', 1_000_000_000_000, '1,23', '12,34.5', 'abc', '1e3', true, {}, 0.1 + 0.2])(
    "refuses %p with 'Please enter a valid amount'",
    async (amount) => {
      expect(await errorOf(NumbersDto, 'amount', amount)).toBe(M.amount);
    },
  );

  it('allows negative amounts when asked', async () => {
    expect(await errorOf(NumbersDto, 'adjustment', -25.5)).toBeUndefined();
    expect(await errorOf(NumbersDto, 'adjustment', '-$25.50')).toBeUndefined();
    expect(await errorOf(NumbersDto, 'adjustment', -1_000_000_000_000)).toBe(M.amount);
  });
});

describe(IsPercentField.name, () => {
  it.each([0, 100, 12.5, 3.1415, '3.1415', '0.0001'])('accepts %p', async (rate) => {
    expect(await errorOf(NumbersDto, 'rate', rate)).toBeUndefined();
  });

  it.each([3.14159, '3.14159', '1,5', 'x', true, []])("refuses %p with 'Please enter a valid percentage'", async (rate) => {
    expect(await errorOf(NumbersDto, 'rate', rate)).toBe(M.percent);
  });

  it('refuses percentages outside 0 to 100', async () => {
    expect(await errorOf(NumbersDto, 'rate', 100.0001)).toBe('Please enter a percentage from 0 to 100');
    expect(await errorOf(NumbersDto, 'rate', -1)).toBe('Please enter a percentage from 0 to 100');
  });

  it('allows 8 decimals on calculator fields, not 9', async () => {
    expect(await errorOf(NumbersDto, 'calc_rate', 3.14159265)).toBeUndefined();
    expect(await errorOf(NumbersDto, 'calc_rate', 0.00000001)).toBeUndefined();
    expect(await errorOf(NumbersDto, 'calc_rate', 3.141592653)).toBe(M.percent);
  });

  it('counts decimals in exponent notation', () => {
    expect(fractionDigits(1e-8)).toBe(8);
    expect(fractionDigits(1.5e-7)).toBe(8);
    expect(fractionDigits(1e21)).toBe(0);
  });
});

class DatesDto {
  @IsDateField() due!: string;
  @IsDateField({ toIso: true, required: false }) due_iso?: string | null;
  @IsDateField({ separators: ['-'], required: false }) filter_date?: string | null;
}

describe(IsDateField.name, () => {
  it.each(['01/31/2025', '02-29-2024', ' 12/01/2030 '])('accepts %s as typed (trimmed)', async (due) => {
    expect(await valueOf(DatesDto, 'due', due)).toBe(due.trim());
  });

  it.each(['02/30/2025', '02/29/2025', '13/01/2025', '1/31/2025', '2025-01-31', '01/31-2025', '01.31.2025', 20250131])(
    'refuses %p',
    async (due) => {
      expect(await errorOf(DatesDto, 'due', due)).toBe('Please enter a valid date (MM/DD/YYYY or MM-DD-YYYY)');
    },
  );

  it('converts to YYYY-MM-DD when asked, and does not take an ISO date as converted', async () => {
    const { value } = await submit(DatesDto, { due: '01/31/2025', due_iso: '02/29/2024' });
    expect(value!.due_iso).toBe('2024-02-29');
    expect(await errorOf(DatesDto, 'due_iso', '03-15-2025')).toBeUndefined();
    expect(await errorOf(DatesDto, 'due_iso', '2024-02-29')).toBe('Please enter a valid date (MM/DD/YYYY or MM-DD-YYYY)');
  });

  it('names the one format a field allows', async () => {
    expect(await errorOf(DatesDto, 'filter_date', '01/31/2025')).toBe('Please enter a valid date (MM-DD-YYYY)');
  });
});

class RequiredDto {
  @IsRequiredField() stage_id!: unknown;
  @IsRequiredField({ message: 'Signer name is required' }) signer_name!: unknown;
}

describe(IsRequiredField.name, () => {
  it.each([undefined, null, '', '  ', []])("answers 'This field is required' for %p", async (value) => {
    expect(await errorOf(RequiredDto, 'stage_id', value)).toBe(M.required);
  });

  it.each([0, false, 'x', [1]])('accepts %p', async (value) => {
    expect(await errorOf(RequiredDto, 'stage_id', value)).toBeUndefined();
  });

  it('takes a field-specific wording', async () => {
    expect(await errorOf(RequiredDto, 'signer_name', '')).toBe('Signer name is required');
  });
});

class RichTextDto {
  @IsRichTextField({ maxLength: 10, required: false }) description?: string | null;
  @IsRichTextField() body!: string;
}

describe(IsRichTextField.name, () => {
  it('stores the sanitised HTML', async () => {
    expect(await valueOf(RichTextDto, 'body', '<p onclick="x()">see example.com<script>alert(1)</script></p>')).toBe(
      '<p>see <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">example.com</a></p>',
    );
  });

  it('counts the limit on the text, not the markup', async () => {
    expect(await errorOf(RichTextDto, 'description', '<p><strong>0123456789</strong></p>')).toBeUndefined();
    expect(await errorOf(RichTextDto, 'description', '<p>0123456789x</p>')).toBe('Please enter at most 10 characters');
  });

  it('treats markup without text as missing', async () => {
    expect(await errorOf(RichTextDto, 'body', '<p><br></p>')).toBe(M.required);
    expect(await errorOf(RichTextDto, 'body', '<script>alert(1)</script>')).toBe(M.required);
    expect((await submit(RichTextDto, { body: 'x', description: '<p> </p>' })).value!.description).toBeNull();
  });

  it("refuses a non-string with 'Please enter a valid value'", async () => {
    expect(await errorOf(RichTextDto, 'body', { html: '<p>x</p>' })).toBe(M.invalidValue);
  });
});

describe('every form field', () => {
  const dtos: Array<[string, new () => object, string[]]> = [
    ['email', EmailDto, ['email', 'other_email', 'signer_email']],
    ['phone', PhoneDto, ['phone']],
    ['web link', WebLinkDto, ['link', 'secure_link']],
    ['numbers', NumbersDto, ['count', 'amount', 'adjustment', 'rate', 'calc_rate']],
    ['dates', DatesDto, ['due', 'due_iso', 'filter_date']],
    ['required', RequiredDto, ['stage_id']],
    ['rich text', RichTextDto, ['description', 'body']],
  ];

  it.each(dtos)('%s: any JSON value gives field errors or passes, never a throw', async (_name, dto, fields) => {
    for (const field of fields) {
      for (const value of ANY_JSON) {
        // submit rethrows anything but the pipe's field errors, which would fail the test.
        const { errors } = await submit(dto, { [field]: value });
        for (const error of errors ?? []) expect(typeof error.error).toBe('string');
      }
    }
  });
});
