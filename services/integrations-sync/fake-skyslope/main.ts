import { fakeSkySlopeOptionsFromEnv, startFakeSkySlope } from './fake-skyslope.server';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_CLIENT_ID,
  FAKE_SKYSLOPE_CLIENT_SECRET,
} from './fake-skyslope.data';

// The fake SkySlope alone: FAKE_SKYSLOPE_PORT (default 4010) and the other FAKE_SKYSLOPE_* variables
// (see README.md beside this file). Prints the settings the service and the admin need.
async function main(): Promise<void> {
  const options = { port: 4010, ...fakeSkySlopeOptionsFromEnv(process.env) };
  const fake = await startFakeSkySlope(options);
  process.stdout.write(
    [
      `fake SkySlope listening on ${fake.url}`,
      `  SKYSLOPE_BASE_URL=${fake.url}`,
      `  SKYSLOPE_CLIENT_ID=${FAKE_SKYSLOPE_CLIENT_ID}`,
      `  SKYSLOPE_CLIENT_SECRET=${FAKE_SKYSLOPE_CLIENT_SECRET}`,
      `  Access Key to paste:    ${FAKE_SKYSLOPE_ACCESS_KEY}`,
      `  Access Secret to paste: ${FAKE_SKYSLOPE_ACCESS_SECRET}`,
      `  behaviour: ${JSON.stringify(fake.control.behaviour())} (change it with POST ${fake.url}/_control)`,
      '',
    ].join('\n'),
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`fake SkySlope failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
