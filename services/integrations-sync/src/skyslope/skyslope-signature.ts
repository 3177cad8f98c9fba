import { createHmac } from 'node:crypto';

// SkySlope's published example client (skyslope/example-authentication, getAuth.js; read in the
// mirror cybercoinc/skyslope-example-authentication) signs the login like this:
//   const timestamp = moment().utc().format();                       // 2020-01-02T03:00:00Z
//   crypto.createHmac("sha256", accessSecret)
//     .update(clientId + ":" + clientSecret + ":" + timestamp).digest("base64");
//   const authHeader = "ss " + accessKey + ":" + hmac;
//   headers: { "Content-Type": "application/json", Authorization: authHeader, Timestamp: timestamp }
//   body: JSON.stringify({ ClientId: clientId, ClientSecret: clientSecret })
// The bostonlogic/skyslope Ruby client does the same with `SS` and strftime('%FT%TZ').
// We send `SS` (the documented scheme); the fake accepts both.

export interface SkySlopeAccessKeys {
  accessKey: string;
  accessSecret: string;
}

export interface SkySlopeIntegrator {
  clientId: string;
  clientSecret: string;
}

/** UTC ISO-8601 to the second, the form moment().utc().format() gives: 2020-01-02T03:00:00Z. */
export function skySlopeTimestamp(at: Date = new Date()): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Base64(HMAC-SHA256(key accessSecret, clientId:clientSecret:timestamp)) over the very Timestamp sent. */
export function skySlopeSignature(accessSecret: string, clientId: string, clientSecret: string, timestamp: string): string {
  return createHmac('sha256', accessSecret).update(`${clientId}:${clientSecret}:${timestamp}`).digest('base64');
}

export interface SkySlopeLoginRequest {
  headers: { 'Content-Type': 'application/json'; Timestamp: string; Authorization: string };
  body: { ClientId: string; ClientSecret: string };
}

/** Headers and body of POST {base}/auth/login, signed at `at`. */
export function skySlopeLoginRequest(
  keys: SkySlopeAccessKeys,
  integrator: SkySlopeIntegrator,
  at: Date = new Date(),
): SkySlopeLoginRequest {
  const timestamp = skySlopeTimestamp(at);
  const signature = skySlopeSignature(keys.accessSecret, integrator.clientId, integrator.clientSecret, timestamp);
  return {
    headers: { 'Content-Type': 'application/json', Timestamp: timestamp, Authorization: `SS ${keys.accessKey}:${signature}` },
    body: { ClientId: integrator.clientId, ClientSecret: integrator.clientSecret },
  };
}
