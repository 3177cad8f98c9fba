import { createHmac } from 'node:crypto';
import { skySlopeLoginRequest, skySlopeSignature, skySlopeTimestamp } from './skyslope-signature';

describe('skySlopeSignature', () => {
  const keys = { accessKey: 'AK-123', accessSecret: 'secret-of-the-team' };
  const integrator = { clientId: 'client-1', clientSecret: 'client-secret-1' };

  it('is Base64(HMAC-SHA256(accessSecret, clientId:clientSecret:timestamp))', () => {
    const timestamp = '2020-01-02T03:00:00Z';
    const expected = createHmac('sha256', 'secret-of-the-team').update('client-1:client-secret-1:2020-01-02T03:00:00Z').digest('base64');

    const sut = skySlopeSignature(keys.accessSecret, integrator.clientId, integrator.clientSecret, timestamp);

    expect(sut).toBe(expected);
    expect(sut).toBe('wxXkHhft5JT+lZ3T+dSTrmqOE8cRnSbEropn/hiZaus=');
  });

  it('formats the Timestamp in UTC to the second, as moment().utc().format() does', () => {
    expect(skySlopeTimestamp(new Date(Date.UTC(2020, 0, 2, 3, 0, 0, 789)))).toBe('2020-01-02T03:00:00Z');
  });

  it('builds the login headers and body over the very Timestamp it sends', () => {
    const sut = skySlopeLoginRequest(keys, integrator, new Date('2020-01-02T03:00:00.000Z'));

    expect(sut.headers).toEqual({
      'Content-Type': 'application/json',
      Timestamp: '2020-01-02T03:00:00Z',
      Authorization: `SS AK-123:${createHmac('sha256', 'secret-of-the-team').update('client-1:client-secret-1:2020-01-02T03:00:00Z').digest('base64')}`,
    });
    expect(sut.body).toEqual({ ClientId: 'client-1', ClientSecret: 'client-secret-1' });
  });
});
