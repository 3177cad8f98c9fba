export * from './fake-docuseal.data';
export * from './fake-docuseal.server';
