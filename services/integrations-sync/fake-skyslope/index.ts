export * from './fake-skyslope.data';
export * from './fake-skyslope.server';
