import { formatPhone, type AdminUserRow } from '@app/contracts';
import { csvField, csvHeader, csvLine, csvRow } from './users-csv';

const row = (overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  agent_id: 7,
  profile_image_path: '/api/identity/files/x?sig=1',
  agent_full_name: 'Ada Owner',
  first_name: 'Ada',
  last_name: 'Owner',
  email: 'ada@x.test',
  mobile_phone: '5555550100',
  role_id: 'ADMIN',
  created_ts: '2026-01-01T03:00:00.000Z',
  last_access_ts: null,
  status: 'Active',
  excluded: false,
  download: true,
  client_count: 3,
  ...overrides,
});

describe('users CSV', () => {
  describe(csvField.name, () => {
    const sut = csvField;

    it.each([
      ['plain text', 'Ada Owner', 'Ada Owner'],
      ['a comma', 'Smith, Jr.', '"Smith, Jr."'],
      ['a quote', 'Say "hi"', '"Say ""hi"""'],
      ['a line break', 'two\nlines', '"two\nlines"'],
      ['a carriage return inside', 'a\rb', '"a\rb"'],
      ['an empty value', '', ''],
    ])('writes %s per RFC 4180', (_case, value, expected) => {
      expect(sut(value)).toBe(expected);
    });

    it.each([['=1+1'], ['+1 555'], ['-5'], ['@SUM(A1)'], ['\tcmd'], ['\rcmd']])('neutralises %p with a leading quote', (value) => {
      expect(sut(value).replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    });

    it('neutralises first, then quotes', () => {
      expect(sut('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
    });

    it('leaves a formula character in the middle alone', () => {
      expect(sut('Mary-Jane')).toBe('Mary-Jane');
    });
  });

  it('ends every record with CRLF', () => {
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('heads the columns of the table without the image', () => {
    expect(csvHeader()).toBe('Name,Mobile Phone,Created,Last Access,Status,Excluded,Download,Clients\r\n');
  });

  describe(formatPhone.name, () => {
    it.each([
      ['stored digits', '5125550123', '(512) 555-0123'],
      ['a number stored as typed', '512.555.0123', '(512) 555-0123'],
      ['a country code', '+1 512 555 0123', '(512) 555-0123'],
      ['no number', null, ''],
      ['something that is not a US number', '+44 20 7946', '+44 20 7946'],
    ])('writes %s as (999) 999-9999 when it can', (_case, value, expected) => {
      expect(formatPhone(value)).toBe(expected);
    });
  });

  describe(csvRow.name, () => {
    it('writes dates MM/DD/YYYY in the given zone, booleans Yes/No, no image', () => {
      expect(csvRow(row(), 'America/New_York')).toBe('Ada Owner,(555) 555-0100,12/31/2025,,Active,No,Yes,3\r\n');
      expect(csvRow(row(), 'UTC')).toBe('Ada Owner,(555) 555-0100,01/01/2026,,Active,No,Yes,3\r\n');
    });

    it('writes an empty phone and a last access', () => {
      const line = csvRow(
        row({ mobile_phone: null, last_access_ts: '2026-02-03T12:00:00.000Z', excluded: true, status: 'Inactive' }),
        'UTC',
      );
      expect(line).toBe('Ada Owner,,01/01/2026,02/03/2026,Inactive,Yes,Yes,3\r\n');
    });
  });
});
