import { FAKE_DOCUSEAL_DEFAULT_PORT } from './fake-docuseal.data';
import { fakeDocusealOptionsFromEnv, startFakeDocuseal } from './fake-docuseal.server';

// The fake DocuSeal alone: FAKE_DOCUSEAL_PORT (default 4011), FAKE_DOCUSEAL_HOST and the other
// FAKE_DOCUSEAL_* variables (README.md beside this file). Prints where it listens and what a service
// needs, naming the API key's source but never printing the key.
async function main(): Promise<void> {
  const options = { port: FAKE_DOCUSEAL_DEFAULT_PORT, ...fakeDocusealOptionsFromEnv(process.env) };
  const fake = await startFakeDocuseal(options);
  process.stdout.write(
    [
      `fake DocuSeal listening on ${fake.url}`,
      `  DOCUSEAL_URL=${fake.apiUrl}`,
      `  DOCUSEAL_API_KEY: ${process.env.FAKE_DOCUSEAL_API_KEY ? 'the value of FAKE_DOCUSEAL_API_KEY' : 'FAKE_DOCUSEAL_API_KEY of services/esign/fake-docuseal/fake-docuseal.data.ts'}`,
      `  behaviour: ${JSON.stringify(fake.control.behaviour())} (change it with POST ${fake.url}/__control)`,
      `  signers: POST ${fake.url}/__control/submissions/<id>/submitters/<role|email|id>/<open|complete|decline|bounce>`,
      '',
    ].join('\n'),
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`fake DocuSeal failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
